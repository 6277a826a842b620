"""Embedding adapters both ways: LlamaIndex models for the matcher, the local model for an index.

``LlamaIndexEmbedder`` lets the verifier embed with the index's own
``BaseEmbedding`` (one embedding space for retrieval and grounding).
``LocalEmbedding`` is the reverse: the core's default offline model
(the bundled float16 all-MiniLM-L6-v2) as a LlamaIndex ``BaseEmbedding``,
loaded on first use, so an index and the verifier can share one local model.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import numpy as np
from llama_index.core.base.embeddings.base import BaseEmbedding
from llama_index.core.bridge.pydantic import Field, PrivateAttr
from numpy.typing import NDArray

from longtracer_core import SentenceTransformerEmbedder
from longtracer_core.errors import EvaluationFailedError, LongTracerError
from longtracer_core.providers import DEFAULT_EMBEDDING_MODEL, normalize_rows

__all__ = ["LlamaIndexEmbedder", "LocalEmbedding"]


class LlamaIndexEmbedder:
    """The core's ``Embedder`` over any LlamaIndex ``BaseEmbedding``.

    ``model_id`` is ``embed_model.model_name`` (its class name when the name is
    unset), so the trace names the space and the span cache never mixes spaces.
    Claims and spans are both embedded as texts (``get_text_embedding_batch``).
    """

    def __init__(self, embed_model: BaseEmbedding, *, model_id: str | None = None) -> None:
        if not isinstance(embed_model, BaseEmbedding):
            raise TypeError(
                f"embed_model must be a LlamaIndex BaseEmbedding, got {type(embed_model).__name__}"
            )
        self.embed_model = embed_model
        name = model_id or getattr(embed_model, "model_name", None)
        self._model_id = (
            name
            if isinstance(name, str) and name and name != "unknown"
            else type(embed_model).__name__
        )

    @property
    def model_id(self) -> str:
        return self._model_id

    def embed(self, texts: Sequence[str]) -> NDArray[np.float32]:
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        try:
            vectors = self.embed_model.get_text_embedding_batch(list(texts))
        except LongTracerError:
            raise
        except Exception as err:
            raise EvaluationFailedError(f"{self.model_id} embedding failed: {err}") from err
        return normalize_rows(vectors)

    async def aembed(self, texts: Sequence[str]) -> NDArray[np.float32]:
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        try:
            vectors = await self.embed_model.aget_text_embedding_batch(list(texts))
        except LongTracerError:
            raise
        except Exception as err:
            raise EvaluationFailedError(f"{self.model_id} embedding failed: {err}") from err
        return normalize_rows(vectors)


class LocalEmbedding(BaseEmbedding):
    """The core's default local model as a LlamaIndex embed model (offline, CPU, lazy).

    Same ``model_name`` as ``SentenceTransformerEmbedder``, so a verifier on the
    default embedder and an index on ``LocalEmbedding`` live in one space and
    share the loaded weights.
    """

    model_name: str = Field(default=DEFAULT_EMBEDDING_MODEL)
    device: str = Field(default="cpu")
    _embedder: SentenceTransformerEmbedder | None = PrivateAttr(default=None)

    @classmethod
    def class_name(cls) -> str:
        return "LocalEmbedding"

    def _local(self) -> SentenceTransformerEmbedder:
        if self._embedder is None:
            self._embedder = SentenceTransformerEmbedder(self.model_name, device=self.device)
        return self._embedder

    def _vectors(self, texts: list[str]) -> list[list[float]]:
        rows: list[list[float]] = self._local().embed(texts).tolist()
        return rows

    def _get_query_embedding(self, query: str) -> list[float]:
        return self._vectors([query])[0]

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return await asyncio.to_thread(self._get_query_embedding, query)

    def _get_text_embedding(self, text: str) -> list[float]:
        return self._vectors([text])[0]

    async def _aget_text_embedding(self, text: str) -> list[float]:
        return await asyncio.to_thread(self._get_text_embedding, text)

    def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
        return self._vectors(texts) if texts else []

    async def _aget_text_embeddings(self, texts: list[str]) -> list[list[float]]:
        return await asyncio.to_thread(self._get_text_embeddings, texts)
