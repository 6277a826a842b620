"""``python -m longtracer_core.cli``: the same program as the ``longtracer-guard`` script."""

from .app import main

raise SystemExit(main())
