"""LangChain integration: ``chain | GroundingGuard()`` and ``GroundingCallbackHandler``.

Needs the ``[langchain]`` extra (langchain-core 1.x)::

    pip install "longtracer-integrations[langchain]"
"""

from . import _compat  # noqa: F401  (raises ImportError naming the extra)
from ._backend import LangChainChatBackend, LangChainEmbedder, LocalEmbeddings
from ._guard import GroundingEvidenceError, GroundingGuard
from ._handler import VERIFICATION_EVENT, GroundingCallbackHandler

__all__ = [
    "GroundingCallbackHandler",
    "GroundingEvidenceError",
    "GroundingGuard",
    "LangChainChatBackend",
    "LangChainEmbedder",
    "LocalEmbeddings",
    "VERIFICATION_EVENT",
]
