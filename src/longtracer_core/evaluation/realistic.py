"""Deprecated: this module moved to ``longtracer_core.evaluation.realistic_corpus``.

Importing it warns; the name will be removed in a later release.
"""

import warnings

from .realistic_corpus import *  # noqa: F403
from .realistic_corpus import __all__  # noqa: F401

warnings.warn(
    "longtracer_core.evaluation.realistic moved to longtracer_core.evaluation.realistic_corpus; "
    "the old name will be removed in a later release",
    DeprecationWarning,
    stacklevel=2,
)
