"""``GroundedQueryEngine``: the explicit wrapper for engines a user cannot rebuild.

Wraps any query engine or chat engine and grounds each answer against the
``source_nodes`` the engine returns. ``query``/``aquery`` work on both kinds (a
chat engine is asked through ``chat``/``achat``); chat engines also get
``chat``, ``achat``, ``stream_chat`` and ``astream_chat``. Streams emit each
sentence once it is verified (``stream_mode="auto"``/``"sentence"``) or, with
``"buffered"`` or a verifier that cannot stream, the whole grounded answer at
the end. Unlike the
postprocessor, the async paths verify without blocking the event loop. A
wrapped chat engine has already written the raw answer to its memory when the
wrapper sees it; use ``GroundingPostprocessor`` on context chat engines to keep
memory grounded.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, Generator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from llama_index.core.base.base_query_engine import BaseQueryEngine
from llama_index.core.base.embeddings.base import BaseEmbedding
from llama_index.core.base.llms.types import ChatMessage, ChatResponse, MessageRole
from llama_index.core.base.response.schema import RESPONSE_TYPE, Response
from llama_index.core.chat_engine.types import (
    AgentChatResponse,
    BaseChatEngine,
    StreamingAgentChatResponse,
)
from llama_index.core.instrumentation.span import active_span_id
from llama_index.core.llms import LLM
from llama_index.core.prompts.mixin import PromptMixin, PromptMixinType
from llama_index.core.schema import NodeWithScore, QueryBundle

from longtracer_core import CitationVerifier, Decomposer, InvalidInputError, Judge, VerifyConfig
from longtracer_integrations.observability import Sink

from ._grounder import Grounder, Policy, RunIds, evidence_from_nodes, llamaindex_spec
from ._responses import aground_result, async_sentences, ground_result, sync_sentences

__all__ = ["GroundedChatStream", "GroundedQueryEngine"]


@dataclass
class GroundedChatStream(StreamingAgentChatResponse):
    """A buffered, grounded chat stream; ``metadata`` holds the case once it has been consumed."""

    metadata: dict[str, Any] | None = None


def _message(text: str) -> ChatResponse:
    return ChatResponse(message=ChatMessage(role=MessageRole.ASSISTANT, content=text), delta=text)


class GroundedQueryEngine(BaseQueryEngine):
    """Ground the answers of ``query_engine`` (a query or chat engine) against their source nodes.

    Arguments are those of ``GroundingPostprocessor``. The case lands in
    ``response.metadata[metadata_key]`` (for streams, once consumed) and goes to
    ``sinks``; under ``redact`` no unsupported sentence reaches the caller.
    """

    def __init__(
        self,
        query_engine: BaseQueryEngine | BaseChatEngine,
        *,
        policy: Policy = "flag",
        verifier: CitationVerifier | None = None,
        decomposer: Decomposer | None = None,
        llm: LLM | None = None,
        judge: Judge | LLM | None = None,
        embed_model: BaseEmbedding | None = None,
        config: VerifyConfig | None = None,
        sinks: Sequence[Sink] = (),
        metadata_key: str = "grounding",
        include_trace: bool = True,
        timeout: float | None = None,
        stream_mode: Literal["auto", "buffered", "sentence"] = "auto",
    ) -> None:
        if not isinstance(query_engine, BaseQueryEngine | BaseChatEngine):
            raise InvalidInputError(
                "GroundedQueryEngine wraps a LlamaIndex query engine or chat engine, got "
                f"{type(query_engine).__name__}"
            )
        self._engine = query_engine
        spec = llamaindex_spec(
            verifier=verifier,
            decomposer=decomposer,
            llm=llm,
            judge=judge,
            embed_model=embed_model,
            config=config,
        )
        self._grounder = Grounder(
            spec,
            policy=policy,
            sinks=sinks,
            metadata_key=metadata_key,
            include_trace=include_trace,
            timeout=timeout,
            stream_mode=stream_mode,
        )
        super().__init__(callback_manager=getattr(query_engine, "callback_manager", None))

    @property
    def engine(self) -> BaseQueryEngine | BaseChatEngine:
        """The wrapped engine."""
        return self._engine

    @property
    def policy(self) -> Policy:
        return self._grounder.policy

    def _get_prompt_modules(self) -> PromptMixinType:
        return {"engine": self._engine} if isinstance(self._engine, PromptMixin) else {}

    @staticmethod
    def _ids() -> RunIds:
        return RunIds(run_id=active_span_id.get())

    @staticmethod
    def _unsupported(result: Any) -> TypeError:
        return TypeError(f"GroundedQueryEngine cannot ground a {type(result).__name__}")

    # ------------------------------------------------------------------ query engine face
    def retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        return self._engine.retrieve(query_bundle)  # type: ignore[union-attr]

    def _query(self, query_bundle: QueryBundle) -> RESPONSE_TYPE:
        if isinstance(self._engine, BaseChatEngine):
            return self._as_response(self.chat(query_bundle.query_str))
        response = self._engine.query(query_bundle)
        evidence = evidence_from_nodes(response.source_nodes)
        if not ground_result(response, evidence, self._grounder, self._ids()):
            raise self._unsupported(response)
        return response

    async def _aquery(self, query_bundle: QueryBundle) -> RESPONSE_TYPE:
        if isinstance(self._engine, BaseChatEngine):
            return self._as_response(await self.achat(query_bundle.query_str))
        response = await self._engine.aquery(query_bundle)
        evidence = evidence_from_nodes(response.source_nodes)
        if not await aground_result(response, evidence, self._grounder, self._ids()):
            raise self._unsupported(response)
        return response

    @staticmethod
    def _as_response(chat: AgentChatResponse) -> Response:
        return Response(chat.response, source_nodes=list(chat.source_nodes), metadata=chat.metadata)

    # ------------------------------------------------------------------ chat engine face
    def _chat_engine(self) -> BaseChatEngine:
        if not isinstance(self._engine, BaseChatEngine):
            raise TypeError(
                "chat methods need a wrapped chat engine; this wraps a "
                f"{type(self._engine).__name__}"
            )
        return self._engine

    def reset(self) -> None:
        """Reset the wrapped chat engine's conversation."""
        self._chat_engine().reset()

    @property
    def chat_history(self) -> list[ChatMessage]:
        return self._chat_engine().chat_history

    def chat(
        self, message: str, chat_history: list[ChatMessage] | None = None
    ) -> AgentChatResponse:
        """Chat through the wrapped engine; the answer comes back grounded."""
        answer = self._chat_engine().chat(message, chat_history)
        if isinstance(answer, StreamingAgentChatResponse):
            answer = AgentChatResponse(
                response="".join(answer.response_gen),
                sources=answer.sources,
                source_nodes=answer.source_nodes,
            )
        ground_result(answer, evidence_from_nodes(answer.source_nodes), self._grounder, self._ids())
        return answer

    async def achat(
        self, message: str, chat_history: list[ChatMessage] | None = None
    ) -> AgentChatResponse:
        """``chat`` for asyncio."""
        answer = await self._chat_engine().achat(message, chat_history)
        if isinstance(answer, StreamingAgentChatResponse):
            answer = AgentChatResponse(
                response="".join([t async for t in answer.async_response_gen()]),
                sources=answer.sources,
                source_nodes=answer.source_nodes,
            )
        evidence = evidence_from_nodes(answer.source_nodes)
        await aground_result(answer, evidence, self._grounder, self._ids())
        return answer

    def stream_chat(
        self, message: str, chat_history: list[ChatMessage] | None = None
    ) -> GroundedChatStream:
        """A buffered stream: the wrapped stream is drained and grounded before the first chunk."""
        inner = self._chat_engine().stream_chat(message, chat_history)
        evidence, ids = evidence_from_nodes(inner.source_nodes), self._ids()
        out = GroundedChatStream(
            sources=inner.sources, source_nodes=inner.source_nodes, is_writing_to_memory=False
        )

        def stream() -> Generator[ChatResponse, None, None]:
            sentences = self._grounder.open_stream(evidence)
            if sentences is not None:
                for piece in sync_sentences(
                    out, inner.response_gen, sentences, self._grounder, ids, None
                ):
                    yield _message(piece)
                return
            guarded = self._grounder.guard("".join(inner.response_gen), evidence, ids)
            out.metadata = self._grounder.attach(out.metadata, guarded)
            yield _message(guarded.text)

        out.chat_stream = stream()
        return out

    async def astream_chat(
        self, message: str, chat_history: list[ChatMessage] | None = None
    ) -> GroundedChatStream:
        """``stream_chat`` for asyncio."""
        inner = await self._chat_engine().astream_chat(message, chat_history)
        evidence, ids = evidence_from_nodes(inner.source_nodes), self._ids()
        out = GroundedChatStream(
            sources=inner.sources, source_nodes=inner.source_nodes, is_writing_to_memory=False
        )

        async def stream() -> AsyncGenerator[ChatResponse, None]:
            sentences = self._grounder.open_stream(evidence)
            if sentences is not None:
                async for piece in async_sentences(
                    out, inner.async_response_gen(), sentences, self._grounder, ids, None
                ):
                    yield _message(piece)
                return
            text = "".join([t async for t in inner.async_response_gen()])
            guarded = await self._grounder.aguard(text, evidence, ids)
            out.metadata = self._grounder.attach(out.metadata, guarded)
            yield _message(guarded.text)

        out.achat_stream = stream()
        return out
