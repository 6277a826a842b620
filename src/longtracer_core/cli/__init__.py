"""``longtracer-guard``: the command line.

One module per command (``check``, ``report``, ``evaluate``, ``adversarial``, ``audit``,
``schema``), each adding its own arguments and holding its one ``run``; ``app`` builds the
parser and turns errors into exit codes; ``common`` holds what several commands share. The
building blocks (exit codes, input files, rendering) are in ``longtracer_core.console``.
"""

from .app import main

__all__ = ["main"]
