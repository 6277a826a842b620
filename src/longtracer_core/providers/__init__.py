"""Model providers behind small protocols: chat (for decomposition) and embeddings."""

from .chat import ChatBackend, OpenAICompatibleChat, parse_json_text
from .embeddings import (
    BUNDLED_MODEL_SHA256,
    DEFAULT_EMBEDDING_MODEL,
    PACKAGED_MODEL_SHA256,
    REFERENCE_EMBEDDING_MODEL,
    Embedder,
    EmbeddingCache,
    OpenAICompatibleEmbedder,
    SentenceTransformerEmbedder,
    normalize_rows,
)
from .http import HttpOptions, JsonHttpClient
from .nli_scorer import TransformersNli

__all__ = [
    "BUNDLED_MODEL_SHA256",
    "DEFAULT_EMBEDDING_MODEL",
    "PACKAGED_MODEL_SHA256",
    "REFERENCE_EMBEDDING_MODEL",
    "ChatBackend",
    "EmbeddingCache",
    "Embedder",
    "HttpOptions",
    "JsonHttpClient",
    "OpenAICompatibleChat",
    "OpenAICompatibleEmbedder",
    "SentenceTransformerEmbedder",
    "TransformersNli",
    "normalize_rows",
    "parse_json_text",
]
