"""LangChain integration: ``chain | GroundingGuard()`` and ``GroundingCallbackHandler``.

Needs the ``[langchain]`` extra (langchain-core 1.x)::

    pip install "longtracer-integrations[langchain]"
"""

from typing import TYPE_CHECKING, Any

from longtracer_core.errors import GroundingFailedError

from . import _compat  # noqa: F401  (raises ImportError naming the extra)
from ._backend import LangChainChatBackend, LangChainEmbedder, LocalEmbeddings
from ._feedback import LangSmithFeedbackSink
from ._guard import VERDICT_RUN, GroundingEvidenceError, GroundingGuard
from ._handler import VERIFICATION_EVENT, GroundingCallbackHandler

if TYPE_CHECKING:
    from ._middleware import GroundingMiddleware

__all__ = [
    "GroundingCallbackHandler",
    "GroundingEvidenceError",
    "GroundingFailedError",
    "GroundingGuard",
    "GroundingMiddleware",
    "LangChainChatBackend",
    "LangChainEmbedder",
    "LangSmithFeedbackSink",
    "LocalEmbeddings",
    "VERDICT_RUN",
    "VERIFICATION_EVENT",
]


def __getattr__(name: str) -> Any:
    if name == "GroundingMiddleware":  # needs the `langchain` package ([agents] extra)
        from ._middleware import GroundingMiddleware

        return GroundingMiddleware
    raise AttributeError(name)
