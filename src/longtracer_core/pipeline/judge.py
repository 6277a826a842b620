"""Deprecated: this module moved to ``longtracer_core.pipeline.escalation``.

Importing it warns; the name will be removed in a later release.
"""

import warnings

from .escalation import *  # noqa: F403
from .escalation import __all__  # noqa: F401

warnings.warn(
    "longtracer_core.pipeline.judge moved to longtracer_core.pipeline.escalation; "
    "the old name will be removed in a later release",
    DeprecationWarning,
    stacklevel=2,
)
