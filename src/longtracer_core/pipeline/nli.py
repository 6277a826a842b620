"""Deprecated: this module moved to ``longtracer_core.pipeline.contradiction``.

Importing it warns; the name will be removed in a later release.
"""

import warnings

from .contradiction import *  # noqa: F403
from .contradiction import __all__  # noqa: F401

warnings.warn(
    "longtracer_core.pipeline.nli moved to longtracer_core.pipeline.contradiction; "
    "the old name will be removed in a later release",
    DeprecationWarning,
    stacklevel=2,
)
