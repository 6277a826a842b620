"""Model providers behind small protocols: chat (for decomposition) and embeddings."""

from .chat import ChatBackend, OpenAICompatibleChat, parse_json_text
from .embeddings import (
    DEFAULT_EMBEDDING_MODEL,
    PACKAGED_MODEL_SHA256,
    Embedder,
    EmbeddingCache,
    OpenAICompatibleEmbedder,
    SentenceTransformerEmbedder,
    normalize_rows,
)
from .http import JsonHttpClient
from .nli import TransformersNli

__all__ = [
    "DEFAULT_EMBEDDING_MODEL",
    "PACKAGED_MODEL_SHA256",
    "ChatBackend",
    "EmbeddingCache",
    "Embedder",
    "JsonHttpClient",
    "OpenAICompatibleChat",
    "OpenAICompatibleEmbedder",
    "SentenceTransformerEmbedder",
    "TransformersNli",
    "normalize_rows",
    "parse_json_text",
]
