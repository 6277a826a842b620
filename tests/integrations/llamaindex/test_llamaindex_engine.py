"""GroundedQueryEngine: the explicit wrapper over query engines and chat engines."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
from llama_index.core.query_engine import RetrieverQueryEngine

from longtracer_core import InvalidInputError
from longtracer_core.contracts import ClaimAssessment, QualityGate
from longtracer_integrations.llamaindex import GroundedQueryEngine, GroundingPostprocessor
from longtracer_integrations.llamaindex._engine import GroundedChatStream
from tests.integrations.llamaindex.test_llamaindex import (
    FABRICATED,
    FABRICATED_WORDS,
    NOTICE,
    WORDS,
    CollectSink,
    FactLLM,
    build_index,
    case_of,
    evidence_ids,
    fact,
    verifier,
)


@pytest.fixture(scope="module")
def index() -> Any:
    return build_index()


def wrap(inner: Any, **kwargs: Any) -> GroundedQueryEngine:
    kwargs.setdefault("verifier", verifier())
    kwargs.setdefault("policy", "redact")
    return GroundedQueryEngine(inner, **kwargs)


def chat_engine(index: Any) -> Any:
    return index.as_chat_engine(chat_mode="context", llm=FactLLM(), similarity_top_k=1)


def no_fabrication(chunks: list[str]) -> bool:
    return not any(FABRICATED_WORDS & set(re.findall(r"\w+", c)) for c in chunks)


def test_wraps_a_retriever_query_engine(index):
    """query() on a wrapped RetrieverQueryEngine is grounded against response.source_nodes."""
    inner = RetrieverQueryEngine.from_args(index.as_retriever(similarity_top_k=1), llm=FactLLM())
    sink = CollectSink()
    response = wrap(inner, sinks=[sink]).query("alpha?")
    assert response.response == f"{fact(0)} {NOTICE}"
    assert evidence_ids(response) == [response.source_nodes[0].node.node_id]
    assert len(sink.events) == 1


async def test_concurrent_aqueries_through_the_wrapper(index):
    """Gathered aqueries through one wrapper are each grounded on their own nodes."""
    qe = wrap(index.as_query_engine(llm=FactLLM(), similarity_top_k=1))
    responses = await asyncio.gather(*(qe.aquery(f"{w}?") for w in WORDS[:20]))
    for i, response in enumerate(responses):
        assert response.response == f"{fact(i)} {NOTICE}"
        (node,) = response.source_nodes
        assert evidence_ids(response) == [node.node.node_id]
        assert case_of(response).claims[0].supporting_sources == [node.node.node_id]


def test_streaming_query_engine_gets_a_buffered_grounded_stream(index):
    """A streaming=True engine's stream is drained and grounded before the first chunk."""
    qe = wrap(index.as_query_engine(llm=FactLLM(), similarity_top_k=1, streaming=True))
    response = qe.query("bravo?")
    chunks = list(response.response_gen)
    assert no_fabrication(chunks)
    assert "".join(chunks).strip() == f"{fact(1)} {NOTICE}"
    assert case_of(response).quality_gate is QualityGate.FAIL


async def test_async_streaming_query_engine(index):
    """aquery on a streaming engine yields only grounded text."""
    qe = wrap(index.as_query_engine(llm=FactLLM(), similarity_top_k=1, streaming=True))
    response = await qe.aquery("charlie?")
    chunks = [c async for c in response.async_response_gen()]
    assert no_fabrication(chunks)
    assert "".join(chunks).strip() == f"{fact(2)} {NOTICE}"


def test_chat_engine_chat_is_grounded(index):
    """chat() on a wrapped chat engine returns the grounded answer with its case."""
    answer = wrap(chat_engine(index)).chat("delta?")
    assert answer.response == f"{fact(3)} {NOTICE}"
    supported, fabricated = case_of(answer).claims
    assert supported.assessment is ClaimAssessment.SUPPORTED
    assert fabricated.assessment is ClaimAssessment.INSUFFICIENT_EVIDENCE


async def test_chat_engine_achat_and_query(index):
    """achat() and query() on a wrapped chat engine are grounded too."""
    qe = wrap(chat_engine(index), policy="flag")
    answer = await qe.achat("echo?")
    assert answer.response == f"{fact(4)} {FABRICATED} [refuted: no source names 'Mars']"
    response = qe.query("foxtrot?")
    assert response.response == f"{fact(5)} {FABRICATED} [refuted: no source names 'Mars']"
    assert evidence_ids(response) == [response.source_nodes[0].node.node_id]


def test_chat_engine_stream_chat_is_buffered(index):
    """stream_chat() emits only grounded chunks and keeps the case on the stream object."""
    stream = wrap(chat_engine(index)).stream_chat("golf?")
    assert isinstance(stream, GroundedChatStream)
    chunks = list(stream.response_gen)
    assert no_fabrication(chunks)
    assert "".join(chunks).strip() == f"{fact(6)} {NOTICE}"
    assert case_of(stream).quality_gate is QualityGate.FAIL


async def test_chat_engine_astream_chat_is_buffered(index):
    """astream_chat() emits only grounded chunks."""
    stream = await wrap(chat_engine(index)).astream_chat("hotel?")
    chunks = [c async for c in stream.async_response_gen()]
    assert no_fabrication(chunks)
    assert "".join(chunks).strip() == f"{fact(7)} {NOTICE}"


def test_chat_methods_need_a_chat_engine(index):
    """chat() on a wrapped query engine is a TypeError that says why."""
    qe = wrap(index.as_query_engine(llm=FactLLM()))
    with pytest.raises(TypeError, match="chat engine"):
        qe.chat("hi")


def test_rejects_what_is_not_an_engine():
    """Wrapping something that is not a LlamaIndex engine fails at construction."""
    with pytest.raises(InvalidInputError, match="query engine or chat engine"):
        GroundedQueryEngine(object())
    with pytest.raises(InvalidInputError, match="policy"):
        GroundedQueryEngine(build_index(2).as_query_engine(llm=FactLLM()), policy="delete")


@pytest.mark.parametrize("streaming", [False, True])
def test_an_answer_grounded_inside_is_not_grounded_again(index, streaming):
    """Wrapping an engine that has the postprocessor grounds each answer once, not twice."""
    sink = CollectSink()
    inner = index.as_query_engine(
        llm=FactLLM(),
        similarity_top_k=1,
        streaming=streaming,
        node_postprocessors=[GroundingPostprocessor(verifier=verifier(), sinks=[sink])],
    )
    response = wrap(inner, policy="flag", sinks=[sink]).query("india?")
    text = "".join(response.response_gen) if streaming else response.response
    assert text.strip() == f"{fact(8)} {FABRICATED} [refuted: no source names 'Mars']"
    assert len(sink.events) == 1
