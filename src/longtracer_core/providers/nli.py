"""Deprecated: this module moved to ``longtracer_core.providers.nli_scorer``.

Importing it warns; the name will be removed in a later release.
"""

import warnings

from .nli_scorer import *  # noqa: F403
from .nli_scorer import __all__  # noqa: F401

warnings.warn(
    "longtracer_core.providers.nli moved to longtracer_core.providers.nli_scorer; "
    "the old name will be removed in a later release",
    DeprecationWarning,
    stacklevel=2,
)
