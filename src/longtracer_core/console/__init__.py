"""Building blocks of the ``longtracer-guard`` command line: exit codes, input files, output.

Kept apart from ``longtracer_core.cli`` (the parser and one module per command) so each
piece can be tested on its own.
"""

from .exits import CliError, ExitCode

__all__ = ["CliError", "ExitCode"]
