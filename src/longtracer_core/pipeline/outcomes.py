"""Deprecated: this module moved to ``longtracer_core.pipeline.guarded``.

Importing it warns; the name will be removed in a later release.
"""

import warnings

from .guarded import *  # noqa: F403
from .guarded import __all__  # noqa: F401

warnings.warn(
    "longtracer_core.pipeline.outcomes moved to longtracer_core.pipeline.guarded; "
    "the old name will be removed in a later release",
    DeprecationWarning,
    stacklevel=2,
)
