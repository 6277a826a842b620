"""LangChain integration: ``chain | GroundingGuard()`` and ``GroundingCallbackHandler``.

Needs the ``[langchain]`` extra (langchain-core 1.x)::

    pip install "longtracer-integrations[langchain]"
"""

import importlib
import warnings
from typing import Any

from .._extras import require_extra

require_extra("longtracer_integrations.langchain", "langchain-core", "langchain", "langchain_core")

from longtracer_core.errors import GroundingFailedError

from ._backend import LangChainChatBackend, LangChainEmbedder, LocalEmbeddings
from ._feedback import LangSmithFeedbackSink
from ._guard import VERDICT_RUN, GroundingEvidenceError, GroundingGuard
from ._handler import VERIFICATION_EVENT, GroundingCallbackHandler

__all__ = [
    "GroundingCallbackHandler",
    "GroundingEvidenceError",
    "GroundingFailedError",
    "GroundingGuard",
    "LangChainChatBackend",
    "LangChainEmbedder",
    "LangSmithFeedbackSink",
    "LocalEmbeddings",
    "VERDICT_RUN",
    "VERIFICATION_EVENT",
]


def __getattr__(name: str) -> Any:
    """Deprecated: ``GroundingMiddleware`` moved to ``longtracer_integrations.agents``."""
    if name == "GroundingMiddleware":
        warnings.warn(
            "longtracer_integrations.langchain.GroundingMiddleware moved to "
            "longtracer_integrations.agents.GroundingMiddleware; the old name will be "
            "removed in a later release",
            DeprecationWarning,
            stacklevel=2,
        )
        # by name: the agents package builds on this one, so this one never imports it
        return importlib.import_module("longtracer_integrations.agents").GroundingMiddleware
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
