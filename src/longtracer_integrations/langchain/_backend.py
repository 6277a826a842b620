"""LangChain adapters: a chat model as a ``ChatBackend``; embeddings both ways."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from langchain_core.embeddings import Embeddings
from langchain_core.exceptions import OutputParserException
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from numpy.typing import NDArray

from longtracer_core import Embedder, LLMDecomposer, LLMJudge, SentenceTransformerEmbedder
from longtracer_core.errors import BackendError, BackendResponseError
from longtracer_core.pipeline import IntegrationModels
from longtracer_core.providers import normalize_rows, parse_json_text

__all__ = ["CHAT_MODELS", "LangChainChatBackend", "LangChainEmbedder", "LocalEmbeddings"]


def _to_messages(messages: Sequence[Mapping[str, str]]) -> list[BaseMessage]:
    out: list[BaseMessage] = []
    for m in messages:
        role, content = m.get("role", "user"), m.get("content", "")
        if role == "system":
            out.append(SystemMessage(content=content))
        elif role == "assistant":
            out.append(AIMessage(content=content))
        else:
            out.append(HumanMessage(content=content))
    return out


class LangChainChatBackend:
    """Any LangChain chat model as a ``ChatBackend`` for ``LLMDecomposer``.

    Uses ``with_structured_output(schema, method="json_schema")`` where the model
    supports it, and otherwise asks for JSON (``response_format`` JSON mode) and
    parses the text. Retries on invalid output are the decomposer's job.
    """

    def __init__(self, llm: BaseChatModel, *, structured: bool | None = None) -> None:
        self.llm = llm
        self.model_id = str(
            getattr(llm, "model_name", None) or getattr(llm, "model", None) or type(llm).__name__
        )
        self._structured: dict[str, Any] = {}
        self._use_structured = structured

    def _runnable(self, schema: Mapping[str, Any]) -> tuple[Any, bool]:
        key = str(sorted(schema.items()))[:2000]
        if self._use_structured is not False:
            if key not in self._structured:
                try:
                    self._structured[key] = self.llm.with_structured_output(
                        dict(schema), method="json_schema"
                    )
                except (NotImplementedError, ValueError, TypeError):
                    self._structured[key] = None
            runnable = self._structured[key]
            if runnable is not None:
                return runnable, True
        return self.llm.bind(response_format={"type": "json_object"}), False

    @staticmethod
    def _decode(result: Any, structured: bool) -> Any:
        if structured:
            if not isinstance(result, dict):
                raise BackendResponseError(f"structured output is not an object: {result!r:.200}")
            return result
        text = result.text if isinstance(result, BaseMessage) else str(result)
        return parse_json_text(text)

    def complete_json(
        self, messages: Sequence[Mapping[str, str]], schema: Mapping[str, Any]
    ) -> Any:
        runnable, structured = self._runnable(schema)
        try:
            result = runnable.invoke(_to_messages(messages))
        except (OutputParserException, ValueError) as err:  # malformed output: re-ask
            raise BackendResponseError(f"{self.model_id} returned unusable output: {err}") from err
        except Exception as err:
            raise BackendError(f"{self.model_id} failed: {type(err).__name__}: {err}") from err
        return self._decode(result, structured)

    async def acomplete_json(
        self, messages: Sequence[Mapping[str, str]], schema: Mapping[str, Any]
    ) -> Any:
        runnable, structured = self._runnable(schema)
        try:
            result = await runnable.ainvoke(_to_messages(messages))
        except (OutputParserException, ValueError) as err:  # malformed output: re-ask
            raise BackendResponseError(f"{self.model_id} returned unusable output: {err}") from err
        except Exception as err:
            raise BackendError(f"{self.model_id} failed: {type(err).__name__}: {err}") from err
        return self._decode(result, structured)


class LangChainEmbedder:
    """A LangChain ``Embeddings`` as the matcher's ``Embedder`` (model id from the model's name)."""

    def __init__(self, embeddings: Embeddings, model_id: str | None = None) -> None:
        self.embeddings = embeddings
        self._model_id = model_id or str(
            getattr(embeddings, "model", None)
            or getattr(embeddings, "model_name", None)
            or type(embeddings).__name__
        )

    @property
    def model_id(self) -> str:
        return self._model_id

    def embed(self, texts: Sequence[str]) -> NDArray[np.float32]:
        return normalize_rows(self.embeddings.embed_documents(list(texts)))

    async def aembed(self, texts: Sequence[str]) -> NDArray[np.float32]:
        return normalize_rows(await self.embeddings.aembed_documents(list(texts)))


class LocalEmbeddings(Embeddings):
    """The default local model (or any ``Embedder``) as a LangChain ``Embeddings``.

    Lets a vector store and the grounding check share one offline model.
    """

    def __init__(self, embedder: Embedder | None = None) -> None:
        self.embedder = embedder if embedder is not None else SentenceTransformerEmbedder()

    @property
    def model(self) -> str:
        return self.embedder.model_id

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [list(map(float, row)) for row in self.embedder.embed(texts)]

    def embed_query(self, text: str) -> list[float]:
        return self.embed_documents([text])[0]

    async def aembed_documents(self, texts: list[str]) -> list[list[float]]:
        return await asyncio.to_thread(self.embed_documents, texts)

    async def aembed_query(self, text: str) -> list[float]:
        return (await self.aembed_documents([text]))[0]


# A LangChain chat model given as llm= decomposes, given as judge= judges (the verifier recipe).
CHAT_MODELS = IntegrationModels(
    name="a LangChain chat model",
    is_model=lambda value: isinstance(value, BaseChatModel),
    decomposer=lambda model: LLMDecomposer(LangChainChatBackend(model)),
    judge=lambda model: LLMJudge(LangChainChatBackend(model)),
)
