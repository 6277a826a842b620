"""Deprecated: this module moved to ``longtracer_core.judge.nli_judge``.

Importing it warns; the name will be removed in a later release.
"""

import warnings

from .nli_judge import *  # noqa: F403
from .nli_judge import __all__  # noqa: F401

warnings.warn(
    "longtracer_core.judge.nli moved to longtracer_core.judge.nli_judge; "
    "the old name will be removed in a later release",
    DeprecationWarning,
    stacklevel=2,
)
