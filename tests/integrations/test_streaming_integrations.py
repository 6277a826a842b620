"""Sentence-mode streams in LangChain and LlamaIndex: the concatenated output equals the
non-streaming output under any chunking, for flag and redact."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from langchain_core.messages import AIMessageChunk
from langchain_core.runnables import RunnableGenerator
from llama_index.core import Document, VectorStoreIndex
from llama_index.core.llms import CompletionResponse, CompletionResponseGen, CustomLLM, LLMMetadata
from llama_index.core.llms.callbacks import llm_completion_callback
from pydantic import Field

from longtracer_integrations.langchain import GroundingGuard
from longtracer_integrations.llamaindex import GroundedQueryEngine, GroundingPostprocessor
from tests.core.pipeline.test_streaming import SHARED, chunked
from tests.helpers import FABRICATED, SOURCES, SUPPORTED, SWAPPED, verifier
from tests.integrations.llamaindex.test_llamaindex import KeywordEmbedding

SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CONFIG = {"configurable": {"grounding_sources": SOURCES}}
ANSWER = f"Sure! {SUPPORTED} {FABRICATED} It has 18 beryllium segments. {SWAPPED}"


def _generator(chunks: list[Any]) -> RunnableGenerator:
    def gen(_: Any):
        yield from chunks

    async def agen(_: Any):
        for chunk in chunks:
            yield chunk

    return RunnableGenerator(gen, agen)


def _guards() -> dict[str, GroundingGuard]:
    return {
        p: GroundingGuard(verifier=SHARED, policy=p, stream_mode="sentence")
        for p in ("flag", "redact")
    }


GUARDS = _guards()


# -- LangChain ----------------------------------------------------------------------------
@pytest.mark.fuzz
@SETTINGS
@given(chunked(), st.sampled_from(["flag", "redact"]))
def test_langchain_stream_equals_invoke(example, policy):
    """stream(): the string chunks concatenate to invoke()'s output."""
    text, chunks = example
    guard = GUARDS[policy]
    out = list((_generator(chunks) | guard).stream(None, CONFIG))
    assert "".join(out) == guard.invoke(text, CONFIG)


@pytest.mark.fuzz
@SETTINGS
@given(chunked(), st.sampled_from(["flag", "redact"]))
def test_langchain_astream_equals_invoke(example, policy):
    """astream() with AIMessageChunks: the merged message content equals invoke()'s."""
    text, chunks = example
    guard = GUARDS[policy]
    messages = [AIMessageChunk(content=c, id="m1") for c in chunks]

    async def collect() -> list[Any]:
        return [o async for o in (_generator(messages) | guard).astream(None, CONFIG)]

    out = asyncio.run(collect())
    merged = out[0]
    for piece in out[1:]:
        merged = merged + piece
    assert merged.content == guard.invoke(text, CONFIG)
    assert merged.id == "m1"
    assert merged.response_metadata["grounding"].quality_gate == (
        guard.invoke(AIMessageChunk(content=text), CONFIG)
        .response_metadata["grounding"]
        .quality_gate
    )


def test_langchain_first_sentence_before_the_answer_ends():
    """The supported first sentence is emitted while the model is still writing."""
    guard = GUARDS["redact"]
    words = [w + " " for w in ANSWER.split(" ")]
    seen: list[int] = []

    def gen(_: Any):
        for i, word in enumerate(words):
            seen.append(i)
            yield word

    chunks = []
    for out in (RunnableGenerator(gen) | guard).stream(None, CONFIG):
        chunks.append((len(seen), out))
    first_at, first = chunks[0]
    assert first.startswith("Sure! The James Webb")
    assert first_at < len(words)  # released before the last word was written
    assert "Atlantis" not in "".join(c for _, c in chunks)


def test_langchain_dict_stream_and_events():
    """Dict streams: the context arrives first, answer deltas follow, the case comes last;
    one grounding.sentence event per release and one grounding.verification at the end."""
    guard = GUARDS["redact"]
    chunks = [{"context": SOURCES}] + [{"answer": w + " "} for w in ANSWER.split(" ")]

    async def events() -> list[dict[str, Any]]:
        return [e async for e in (_generator(chunks) | guard).astream_events(None, version="v2")]

    got = asyncio.run(events())
    custom = [e for e in got if e["event"] == "on_custom_event"]
    names = [e["name"] for e in custom]
    assert names[-1] == "grounding.verification"
    assert names.count("grounding.sentence") >= 2
    sentence_claims = [c for e in custom[:-1] for c in e["data"]["claims"]]
    assert [c["claim_id"] for c in sentence_claims] == [
        c["claim_id"] for c in custom[-1]["data"]["claims"]
    ]
    merged: dict[str, Any] = {}
    for out in (_generator(chunks) | guard).stream(None):
        for key, value in out.items():
            merged[key] = merged[key] + value if key in merged and isinstance(value, str) else value
    assert merged["answer"] == guard.invoke({"answer": ANSWER + " ", "context": SOURCES})["answer"]
    assert merged["grounding"].quality_gate.value == "FAIL"
    assert merged["context"] == SOURCES


def test_langchain_sentence_mode_refuses_a_judge_clearly():
    """A guard with an LLM decomposer cannot stream by sentence: a clear error, nothing leaks."""
    from langchain_core.language_models import FakeListChatModel

    guard = GroundingGuard(llm=FakeListChatModel(responses=["{}"]), stream_mode="sentence")
    with pytest.raises(ValueError, match="rule-based decomposer"):
        list((_generator([ANSWER]) | guard).stream(None, CONFIG))


# -- LlamaIndex ---------------------------------------------------------------------------
class ChunkLLM(CustomLLM):
    """Streams ``chunks`` (set per test) as its completion; complete() returns them joined."""

    chunks: list[str] = Field(default_factory=list)

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(context_window=8192, num_output=512, model_name="chunk-llm")

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        return CompletionResponse(text="".join(self.chunks))

    @llm_completion_callback()
    def stream_complete(
        self, prompt: str, formatted: bool = False, **kwargs: Any
    ) -> CompletionResponseGen:
        chunks = list(self.chunks)

        def gen() -> CompletionResponseGen:
            acc = ""
            for chunk in chunks:
                acc += chunk
                yield CompletionResponse(text=acc, delta=chunk)

        return gen()


LLM = ChunkLLM()
INDEX = VectorStoreIndex.from_documents(
    [Document(text=s, doc_id=f"d{i}") for i, s in enumerate(SOURCES)],
    embed_model=KeywordEmbedding(),
)


def _engines(policy: str) -> tuple[Any, Any, Any, Any]:
    def pp(mode: str) -> GroundingPostprocessor:
        return GroundingPostprocessor(policy=policy, verifier=SHARED, stream_mode=mode)

    top = len(SOURCES)
    return (
        INDEX.as_query_engine(llm=LLM, similarity_top_k=top, node_postprocessors=[pp("buffered")]),
        INDEX.as_query_engine(
            llm=LLM, similarity_top_k=top, streaming=True, node_postprocessors=[pp("sentence")]
        ),
        INDEX.as_chat_engine(
            chat_mode="context", llm=LLM, similarity_top_k=top, node_postprocessors=[pp("buffered")]
        ),
        INDEX.as_chat_engine(
            chat_mode="context", llm=LLM, similarity_top_k=top, node_postprocessors=[pp("sentence")]
        ),
    )


ENGINES = {p: _engines(p) for p in ("flag", "redact")}


@pytest.mark.fuzz
@SETTINGS
@given(chunked(), st.sampled_from(["flag", "redact"]))
def test_llamaindex_streaming_query_equals_query(example, policy):
    """A streaming query engine in sentence mode yields the non-streaming answer, chunk by chunk."""
    _, chunks = example
    plain, streaming, _, _ = ENGINES[policy]
    LLM.chunks = chunks
    expected = plain.query("webb")
    response = streaming.query("webb")
    assert "".join(response.response_gen) == expected.response
    assert (
        response.metadata["grounding"].quality_gate == expected.metadata["grounding"].quality_gate
    )


@pytest.mark.fuzz
@SETTINGS
@given(chunked(), st.sampled_from(["flag", "redact"]))
def test_llamaindex_stream_chat_equals_chat(example, policy):
    """stream_chat on a context chat engine in sentence mode equals chat()."""
    _, chunks = example
    _, _, chat, streaming_chat = ENGINES[policy]
    LLM.chunks = chunks
    chat.reset()
    streaming_chat.reset()
    expected = chat.chat("webb").response
    response = streaming_chat.stream_chat("webb")
    assert "".join(response.response_gen) == expected


async def test_llamaindex_async_streams_match():
    """aquery(streaming) and GroundedQueryEngine.astream_chat in sentence mode match their batch."""
    LLM.chunks = [w + " " for w in ANSWER.split(" ")]
    plain, streaming, chat, _ = ENGINES["redact"]
    expected = plain.query("webb").response
    response = await streaming.aquery("webb")
    assert "".join([t async for t in response.async_response_gen()]) == expected
    wrapped = GroundedQueryEngine(chat, policy="redact", verifier=SHARED, stream_mode="sentence")
    wrapped.reset()
    stream = await wrapped.astream_chat("webb")
    text = "".join([r.delta async for r in stream.achat_stream])
    assert text == expected
    assert stream.metadata["grounding"].quality_gate.value == "FAIL"


def test_llamaindex_sentence_events_and_fallback(caplog):
    """GroundingSentenceEvent per release; an LLM-decomposing verifier falls back to buffering."""
    import llama_index.core.instrumentation as instrument
    from llama_index.core.instrumentation.event_handlers import BaseEventHandler

    from longtracer_core import LLMDecomposer
    from longtracer_core.testing import FunctionChat
    from longtracer_integrations.llamaindex import GroundingSentenceEvent

    seen: list[Any] = []

    class Collect(BaseEventHandler):
        def handle(self, event, **kwargs):
            if isinstance(event, GroundingSentenceEvent):
                seen.append(event)

    handler = Collect()
    root = instrument.get_dispatcher()
    root.add_event_handler(handler)
    try:
        LLM.chunks = [w + " " for w in ANSWER.split(" ")]
        _, streaming, _, _ = ENGINES["redact"]
        "".join(streaming.query("webb").response_gen)
    finally:
        root.event_handlers.remove(handler)
    assert len(seen) >= 2
    assert seen[0].claims[0].assessment.value == "SUPPORTED"
    decomposing = verifier(decomposer=LLMDecomposer(FunctionChat(lambda m, s: {})))
    pp = GroundingPostprocessor(policy="redact", verifier=decomposing, stream_mode="sentence")
    engine = INDEX.as_query_engine(
        llm=LLM, similarity_top_k=len(SOURCES), streaming=True, node_postprocessors=[pp]
    )
    chunks = list(engine.query("webb").response_gen)
    assert len(chunks) == 1  # buffered: one grounded chunk
    assert "buffering instead" in caplog.text
