"""GroundingGuard and GroundingCallbackHandler with real langchain-core pieces."""

from __future__ import annotations

import asyncio
import json
import threading

import numpy as np
import pytest
from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.documents import Document
from langchain_core.language_models import (
    FakeListChatModel,
    FakeMessagesListChatModel,
    ParrotFakeChatModel,
)
from langchain_core.messages import AIMessage
from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.runnables import RunnableLambda, RunnablePassthrough
from langchain_core.vectorstores import InMemoryVectorStore
from pydantic import ValidationError

from longtracer_core import CitationVerifier, InvalidInputError, LLMDecomposer
from longtracer_core.contracts import CaseResult
from longtracer_core.testing import HashEmbedder
from longtracer_integrations.langchain import (
    VERIFICATION_EVENT,
    GroundingCallbackHandler,
    GroundingEvidenceError,
    GroundingGuard,
    LangChainChatBackend,
    LangChainEmbedder,
    LocalEmbeddings,
)
from longtracer_integrations.observability import GroundingEvent
from tests.helpers import FABRICATED, SOURCES, SUPPORTED, SWAPPED

ANSWER = f"{SUPPORTED} {SWAPPED}"
REDACTED = f"{SUPPORTED} [removed: not supported by the sources]"
DOCS = [Document(page_content=t, metadata={"source_id": f"doc{i}"}) for i, t in enumerate(SOURCES)]


def guard(**kw) -> GroundingGuard:
    kw.setdefault("verifier", CitationVerifier(embedder=HashEmbedder()))
    return GroundingGuard(**kw)


def rag_chain(answer: str, g: GroundingGuard):
    store = InMemoryVectorStore(LocalEmbeddings(HashEmbedder()))
    store.add_documents(DOCS)
    retriever = store.as_retriever(search_kwargs={"k": 3})
    prompt = ChatPromptTemplate.from_messages([("human", "{context}\n\nQ: {question}")])
    llm = FakeListChatModel(responses=[answer])
    fmt = RunnableLambda(lambda docs: "\n".join(d.page_content for d in docs))
    return (
        {"context": retriever | fmt, "question": RunnablePassthrough()}
        | prompt
        | llm
        | StrOutputParser()
        | g
    )


class ListSink:
    def __init__(self) -> None:
        self.events: list[GroundingEvent] = []
        self.lock = threading.Lock()

    def emit(self, event: GroundingEvent) -> None:
        with self.lock:
            self.events.append(event)


# --- input shapes -------------------------------------------------------------------------


def test_string_in_string_out():
    """A string answer with evidence in config comes back as the policy-applied string."""
    out = guard(policy="redact").invoke(
        ANSWER, config={"configurable": {"grounding_sources": SOURCES}}
    )
    assert out == REDACTED


def test_dict_in_dict_out_with_documents():
    """create_retrieval_chain-shaped dict: answer redacted, CaseResult under 'grounding', keys kept."""
    value = {"input": "q", "context": DOCS, "answer": ANSWER}
    out = guard(policy="redact").invoke(value)
    assert out["answer"] == REDACTED and out["input"] == "q" and out["context"] is DOCS
    assert isinstance(out["grounding"], CaseResult)
    assert out["grounding"].quality_gate.value == "FAIL"
    assert out["grounding"].claims[0].supporting_sources == ["doc0"]
    assert "grounding_trace" not in out  # the trace holds the draft: not shipped under redact
    assert value["answer"] == ANSWER  # the caller's dict is not mutated
    with_trace = guard(policy="redact", include_trace=True).invoke(value)
    assert with_trace["grounding_trace"].resolve("c1") == SOURCES[0]


@pytest.mark.parametrize("context", [SOURCES, "\n".join(SOURCES), [{"text": s} for s in SOURCES]])
def test_dict_context_as_strings_or_one_string(context):
    """Context may be Documents, strings or one string."""
    out = guard(policy="flag").invoke({"context": context, "answer": ANSWER})
    assert (
        "3.5 million kilometres from Earth. [refuted: the claim gives 3.5 million" in out["answer"]
    )
    assert out["grounding"].claims[0].assessment.value == "SUPPORTED"


def test_custom_keys():
    """answer_key / context_key / output_key are configurable."""
    g = guard(policy="redact", answer_key="output", context_key="docs", output_key="check")
    out = g.invoke({"docs": DOCS, "output": ANSWER})
    assert out["output"] == REDACTED and "check" in out


def test_ai_message_in_ai_message_out_keeps_fields():
    """An AIMessage comes back as an AIMessage: content policy-applied, CaseResult in metadata."""
    msg = AIMessage(
        content=ANSWER,
        id="m1",
        tool_calls=[{"name": "lookup", "args": {"q": "x"}, "id": "t1", "type": "tool_call"}],
        response_metadata={"model_name": "fake"},
        usage_metadata={"input_tokens": 3, "output_tokens": 5, "total_tokens": 8},
    )
    out = guard(policy="redact").invoke(msg, config={"configurable": {"grounding_sources": DOCS}})
    assert isinstance(out, AIMessage)
    assert out.content == REDACTED
    assert out.id == "m1" and out.tool_calls == msg.tool_calls
    assert out.usage_metadata == msg.usage_metadata
    assert out.response_metadata["model_name"] == "fake"
    assert isinstance(out.response_metadata["grounding"], CaseResult)
    assert msg.content == ANSWER


def test_message_chain_output():
    """A chain ending in a chat model (no parser) guards its AIMessage."""
    llm = FakeMessagesListChatModel(responses=[AIMessage(content=ANSWER)])
    chain = RunnableLambda(lambda x: x) | llm | guard(policy="redact")
    out = chain.invoke("hi", config={"configurable": {"grounding_sources": SOURCES}})
    assert isinstance(out, AIMessage) and out.content == REDACTED


def test_bad_input_type_is_a_clear_error():
    """An input that is neither str, message nor dict raises a ValueError naming the shapes."""
    with pytest.raises(ValueError, match="accepts a str, a message or a dict"):
        guard().invoke(42, config={"configurable": {"grounding_sources": SOURCES}})
    with pytest.raises(ValueError, match="no 'answer' key"):
        guard().invoke({"text": ANSWER, "context": SOURCES})


# --- evidence routes ------------------------------------------------------------------------


def test_evidence_from_the_run_tree_via_handler():
    """Retriever docs from earlier in the same run are found through GroundingCallbackHandler."""
    handler = GroundingCallbackHandler()
    out = rag_chain(ANSWER, guard(policy="redact")).invoke("when?", config={"callbacks": [handler]})
    assert out == REDACTED
    assert handler.tracked_runs == 0  # cleaned at root end


def test_input_context_wins_over_config_and_run_tree():
    """Evidence order: input context, then configurable, then the run tree."""
    out = guard(policy="redact").invoke(
        {"context": [SWAPPED], "answer": ANSWER},
        config={"configurable": {"grounding_sources": SOURCES}},
    )
    # against [SWAPPED] only, the true sentence is unsupported and the swapped one supported
    assert out["grounding"].claims[1].assessment.value == "SUPPORTED"
    assert out["grounding"].claims[0].assessment.value != "SUPPORTED"


def test_explicitly_empty_evidence_is_no_sources_supplied():
    """An explicitly empty list verifies to NO_SOURCES_SUPPLIED (and redacts everything)."""
    out = guard(policy="redact").invoke({"context": [], "answer": ANSWER})
    assert out["grounding"].reason.value == "NO_SOURCES_SUPPLIED"
    assert SUPPORTED not in out["answer"]


def test_retriever_returning_nothing_is_no_sources_supplied():
    """A retriever that ran and found nothing counts as explicitly empty evidence."""
    store = InMemoryVectorStore(LocalEmbeddings(HashEmbedder()))
    chain = (
        {"context": store.as_retriever(), "q": RunnablePassthrough()}
        | RunnableLambda(lambda x: ANSWER)
        | guard()
    )
    out = chain.invoke("q", config={"callbacks": [GroundingCallbackHandler()]})
    assert out.startswith(ANSWER) and "unverified" in out


def test_no_evidence_anywhere_fails_loudly_naming_the_three_ways():
    """No evidence in input, config or run: GroundingEvidenceError naming how to supply it."""
    with pytest.raises(GroundingEvidenceError) as info:
        rag_chain(ANSWER, guard()).invoke("when?")
    message = str(info.value)
    assert "'context'" in message and "grounding_sources" in message
    assert "GroundingCallbackHandler" in message


def test_policy_can_be_set_per_call():
    """config['configurable']['grounding_policy'] overrides the guard's policy."""
    out = guard(policy="flag").invoke(
        ANSWER,
        config={"configurable": {"grounding_sources": SOURCES, "grounding_policy": "redact"}},
    )
    assert out == REDACTED


@pytest.mark.parametrize("bad", ["delete", "Redact", 1])
def test_an_unknown_policy_is_refused_at_construction_and_per_call(bad):
    """policy= and grounding_policy= accept only 'flag' or 'redact'; nothing is guarded otherwise."""
    with pytest.raises(ValidationError):
        guard(policy=bad)
    with pytest.raises(InvalidInputError, match="grounding_policy must be 'flag' or 'redact'"):
        guard(policy="redact").invoke(
            ANSWER,
            config={"configurable": {"grounding_sources": SOURCES, "grounding_policy": bad}},
        )


def test_a_grounding_policy_of_none_keeps_the_guards_policy():
    """grounding_policy=None (its declared default) is no override: the guard's policy applies."""
    out = guard(policy="redact").invoke(
        ANSWER, config={"configurable": {"grounding_sources": SOURCES, "grounding_policy": None}}
    )
    assert out == REDACTED


# --- modes of delivery ------------------------------------------------------------------------


async def test_every_mode_gives_the_same_final_text():
    """invoke, ainvoke, batch, abatch, stream and astream deliver the same guarded text."""
    chain = rag_chain(ANSWER, guard(policy="redact"))
    cfg = {"callbacks": [GroundingCallbackHandler()]}
    results = {
        "invoke": chain.invoke("q", config=cfg),
        "ainvoke": await chain.ainvoke("q", config=cfg),
        "batch": chain.batch(["q", "q"], config=cfg)[1],
        "abatch": (await chain.abatch(["q", "q"], config=cfg))[0],
        "stream": "".join(chain.stream("q", config=cfg)),
        "astream": "".join([c async for c in chain.astream("q", config=cfg)]),
    }
    assert set(results.values()) == {REDACTED}, results


def test_streaming_redact_never_emits_a_redacted_character():
    """Every chunk the stream emits is inspected: no text of the redacted sentence appears."""
    chain = rag_chain(ANSWER, guard(policy="redact"))
    chunks = list(chain.stream("q", config={"callbacks": [GroundingCallbackHandler()]}))
    for chunk in chunks:
        assert "3.5" not in chunk and "million kilometres" not in chunk
    assert "".join(chunks) == REDACTED


@pytest.mark.parametrize("mode", ["buffered", "sentence"])
async def test_async_streaming_redact_with_dict_chunks(mode):
    """RunnablePassthrough.assign streams dict chunks; the guard redacts them in either mode."""
    llm = FakeListChatModel(responses=[ANSWER])
    chain = RunnablePassthrough.assign(
        answer=RunnableLambda(lambda x: "go") | llm | StrOutputParser()
    ) | guard(policy="redact", stream_mode=mode)
    chunks = [c async for c in chain.astream({"context": DOCS, "question": "q"})]
    for chunk in chunks:
        assert "3.5" not in json.dumps(chunk.get("answer", ""))
    assert "".join(c.get("answer", "") for c in chunks) == REDACTED
    if mode == "buffered":
        assert chunks[-1]["answer"] == REDACTED  # one chunk holds the whole answer


async def test_astream_events_carry_the_per_claim_verification_event():
    """astream_events shows one on_custom_event named grounding.verification with the verdicts."""
    chain = rag_chain(ANSWER, guard(policy="redact"))
    events = [
        e
        async for e in chain.astream_events("q", config={"callbacks": [GroundingCallbackHandler()]})
    ]
    custom = [e for e in events if e["event"] == "on_custom_event"]
    # sentence streaming (the default) adds one grounding.sentence event per release first
    assert [e["name"] for e in custom if e["name"] != "grounding.sentence"] == [VERIFICATION_EVENT]
    assert custom[-1]["name"] == VERIFICATION_EVENT
    data = custom[-1]["data"]
    assert [c["assessment"] for c in data["claims"]] == ["SUPPORTED", "CONTRADICTED"]
    assert data["claims"][1]["reason"] == "CONTRADICTED_BY_EVIDENCE"
    assert isinstance(data["case"], CaseResult)
    names = {e["name"] for e in events if e["event"] == "on_chain_start"}
    assert "GroundingGuard" in names  # the guard appears in traces


async def test_verification_event_names_the_finer_cause():
    """The seed's reason (CONTRADICTED_BY_EVIDENCE) comes with the cause a user can act on."""
    negated = "The James Webb Space Telescope did not launch aboard an Ariane 5 rocket."
    chain = rag_chain(f"{SUPPORTED} {negated}", guard(policy="redact"))
    events = [
        e
        async for e in chain.astream_events("q", config={"callbacks": [GroundingCallbackHandler()]})
    ]
    (data,) = [e["data"] for e in events if e.get("name") == VERIFICATION_EVENT]
    assert [(c["reason"], c["reason_detail"]) for c in data["claims"]] == [
        ("SUPPORTED_BY_EVIDENCE", None),
        ("CONTRADICTED_BY_EVIDENCE", "POLARITY_MISMATCH"),
    ]
    assert (data["quality_gate"], data["reading"]) == ("FAIL", "FAIL")  # refuted, not unsure


def test_case_result_reaches_callback_handlers():
    """A plain callback handler receives the verification event with the CaseResult."""
    seen = []

    class Spy(BaseCallbackHandler):
        def on_custom_event(self, name, data, *, run_id, **kwargs):
            seen.append((name, data["case"]))

    guard().invoke(
        ANSWER, config={"callbacks": [Spy()], "configurable": {"grounding_sources": SOURCES}}
    )
    assert [n for n, _ in seen] == [VERIFICATION_EVENT]
    assert isinstance(seen[0][1], CaseResult)


def test_with_config_with_retry_and_composition():
    """with_config renames the run; with_retry wraps the guard; it composes on either side of |."""
    g = guard(policy="redact")
    renamed = g.with_config(run_name="MyGuard")
    names = []

    class Names(BaseCallbackHandler):
        def on_chain_start(self, serialized, inputs, *, run_id, **kwargs):
            names.append(kwargs.get("name"))

    cfg = {"callbacks": [Names()], "configurable": {"grounding_sources": SOURCES}}
    assert renamed.invoke(ANSWER, config=cfg) == REDACTED
    assert "MyGuard" in names
    assert g.with_retry(stop_after_attempt=2).invoke(ANSWER, config=cfg) == REDACTED
    chain = RunnableLambda(str.strip) | g | RunnableLambda(str.upper)
    assert chain.invoke(f"  {ANSWER}  ", config=cfg) == REDACTED.upper()


async def test_twenty_concurrent_abatch_inputs_use_their_own_evidence():
    """20 concurrent abatch inputs, each with its own retrieved evidence, never mix."""
    topics = [
        f"Station {i} recorded {10 + i} millimetres of rain in zone{i} during the storm."
        for i in range(20)
    ]
    store = InMemoryVectorStore(LocalEmbeddings(HashEmbedder()))
    store.add_documents(
        [Document(page_content=t, metadata={"source_id": f"t{i}"}) for i, t in enumerate(topics)]
    )
    retriever = store.as_retriever(search_kwargs={"k": 1})
    prompt = ChatPromptTemplate.from_messages([("human", "{context}")])
    fmt = RunnableLambda(lambda docs: "\n".join(d.page_content for d in docs))
    sink = ListSink()
    handler = GroundingCallbackHandler(sinks=[sink])
    chain = (
        {"context": retriever | fmt, "question": RunnablePassthrough()}
        | prompt
        | ParrotFakeChatModel()
        | StrOutputParser()
        | guard(policy="redact")
    )
    questions = [f"zone{i} Station {i} rain" for i in range(20)]
    outs = await chain.abatch(questions, config={"callbacks": [handler]})
    assert outs == topics  # each answer (the parroted own context) verified against its own doc
    assert len(sink.events) == 20
    for event in sink.events:
        (claim,) = event.case.claims
        assert claim.assessment.value == "SUPPORTED"
        i = int(claim.supporting_sources[0][1:])
        assert claim.claim_text == topics[i]
    assert handler.tracked_runs == 0


def test_threads_never_mix_evidence():
    """Eight threads invoking one chain with different evidence each get their own verdicts."""
    g = guard(policy="redact")
    results: dict[int, str] = {}

    def work(i: int) -> None:
        sources = [SOURCES[i % 3]]
        answer = SOURCES[i % 3]
        results[i] = g.invoke(answer, config={"configurable": {"grounding_sources": sources}})

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == {i: SOURCES[i % 3] for i in range(8)}


# --- the handler ------------------------------------------------------------------------------


def test_handler_hands_each_case_to_sinks_with_run_ids():
    """The handler passes (case, trace, run ids) of every guard verification to its sinks."""
    sink = ListSink()
    rag_chain(ANSWER, guard(policy="redact")).invoke(
        "q", config={"callbacks": [GroundingCallbackHandler(sinks=[sink])]}
    )
    (event,) = sink.events
    assert event.origin == "langchain" and event.policy == "redact"
    assert event.run_id and event.root_run_id and event.run_id != event.root_run_id
    assert event.trace is not None and event.trace.query_id == event.case.case_id


def test_verify_outputs_observes_a_chain_without_guard():
    """verify_outputs=True verifies the final string against retrieved docs, output untouched."""
    sink = ListSink()
    handler = GroundingCallbackHandler(
        sinks=[sink], verify_outputs=True, verifier=CitationVerifier(embedder=HashEmbedder())
    )
    chain = rag_chain(ANSWER, RunnableLambda(lambda x: x))
    out = chain.invoke("q", config={"callbacks": [handler]})
    assert out == ANSWER
    (event,) = sink.events
    assert event.case.quality_gate.value == "FAIL" and event.policy is None


async def test_verify_outputs_async_chain():
    """verify_outputs works for async invocations too."""
    sink = ListSink()
    handler = GroundingCallbackHandler(
        sinks=[sink], verify_outputs=True, verifier=CitationVerifier(embedder=HashEmbedder())
    )
    out = await rag_chain(SUPPORTED, RunnableLambda(lambda x: x)).ainvoke(
        "q", config={"callbacks": [handler]}
    )
    assert out == SUPPORTED
    assert [e.case.quality_gate.value for e in sink.events] == ["PASS"]


def test_verify_outputs_skips_runs_a_guard_verified():
    """With a guard in the chain, verify_outputs does not verify the same answer twice."""
    sink = ListSink()
    handler = GroundingCallbackHandler(sinks=[sink], verify_outputs=True)
    rag_chain(ANSWER, guard()).invoke("q", config={"callbacks": [handler]})
    assert len(sink.events) == 1


def test_sink_errors_do_not_break_the_chain_unless_asked():
    """A failing sink is logged; the chain still returns. raise_error=True surfaces it."""

    class Broken:
        def emit(self, event):
            raise RuntimeError("sink down")

    out = rag_chain(ANSWER, guard(policy="redact")).invoke(
        "q", config={"callbacks": [GroundingCallbackHandler(sinks=[Broken()])]}
    )
    assert out == REDACTED
    with pytest.raises(RuntimeError, match="sink down"):
        rag_chain(ANSWER, guard(policy="redact")).invoke(
            "q",
            config={"callbacks": [GroundingCallbackHandler(sinks=[Broken()], raise_error=True)]},
        )


def test_handler_memory_is_bounded():
    """At most max_roots runs are remembered even if roots never end."""
    from uuid import uuid4

    handler = GroundingCallbackHandler(max_roots=5)
    for _ in range(50):
        handler.on_chain_start({}, {}, run_id=uuid4(), parent_run_id=None)
    assert handler.tracked_runs <= 5


# --- LLM decomposition and embeddings ---------------------------------------------------------


def test_llm_decomposition_through_a_chat_model():
    """llm=<chat model> decomposes with that model (JSON mode fallback for fakes)."""
    body = {
        "claims": [
            {"claim_text": SUPPORTED, "draft_span": [0, len(SUPPORTED)], "cited_markers": []},
            {"claim_text": FABRICATED, "draft_span": None, "cited_markers": []},
        ],
        "non_claims": [],
    }
    llm = FakeListChatModel(responses=[json.dumps(body)])
    g = GroundingGuard(policy="flag", llm=llm, verifier=CitationVerifier(embedder=HashEmbedder()))
    out = g.invoke({"context": SOURCES, "answer": SUPPORTED})
    case = out["grounding"]
    assert case.metadata["decomposer"] == "llm"
    assert [c.claim_text for c in case.claims] == [SUPPORTED, FABRICATED]
    assert case.quality_gate.value == "FAIL"


def test_llm_decomposition_garbage_is_decomposition_failed():
    """A chat model that never returns JSON: DECOMPOSITION_FAILED, the answer withheld in redact."""
    llm = FakeListChatModel(responses=["Sure! Here are the claims: ..."])
    g = GroundingGuard(policy="redact", llm=llm, verifier=CitationVerifier(embedder=HashEmbedder()))
    out = g.invoke({"context": SOURCES, "answer": ANSWER})
    assert out["grounding"].reason.value == "DECOMPOSITION_FAILED"
    assert SUPPORTED not in out["answer"]


def test_chat_backend_uses_structured_output_when_supported():
    """Models that implement with_structured_output get a JSON Schema request."""
    calls = []

    class Structured(FakeListChatModel):
        def with_structured_output(self, schema, **kwargs):
            calls.append((schema, kwargs))
            return RunnableLambda(lambda messages: {"claims": [], "non_claims": []})

    backend = LangChainChatBackend(Structured(responses=["unused"]))
    out = backend.complete_json([{"role": "user", "content": "x"}], {"type": "object"})
    assert out == {"claims": [], "non_claims": []}
    assert calls[0][1]["method"] == "json_schema"
    decomposer = LLMDecomposer(backend)
    assert decomposer.decompose(SUPPORTED).claims == ()


def test_embeddings_adapters_round_trip():
    """LocalEmbeddings (core → LangChain) and LangChainEmbedder (LangChain → core) agree."""
    hash_embedder = HashEmbedder()
    lc = LocalEmbeddings(hash_embedder)
    back = LangChainEmbedder(lc)
    assert back.model_id == hash_embedder.model_id
    assert np.allclose(back.embed([SUPPORTED]), hash_embedder.embed([SUPPORTED]))
    assert len(lc.embed_query("x")) == hash_embedder.dim
    assert asyncio.run(lc.aembed_query("x")) == lc.embed_query("x")


def test_mapped_chain_items_see_only_their_own_retrievals():
    """Inside one root run (a chain mapped over inputs), each guard uses its item's documents."""
    topics = [f"Station {i} recorded {10 + i} millimetres of rain in zone{i}." for i in range(4)]
    store = InMemoryVectorStore(LocalEmbeddings(HashEmbedder()))
    store.add_documents([Document(page_content=t) for t in topics])
    retriever = store.as_retriever(search_kwargs={"k": 1})
    prompt = ChatPromptTemplate.from_messages([("human", "{context}")])
    fmt = RunnableLambda(lambda docs: "\n".join(d.page_content for d in docs))
    per_item = (
        {"context": retriever | fmt, "question": RunnablePassthrough()}
        | prompt
        | ParrotFakeChatModel()
        | StrOutputParser()
        | guard(policy="redact")
    )
    sink = ListSink()
    outs = per_item.map().invoke(
        [f"zone{i} Station {i} rain" for i in range(4)],
        config={"callbacks": [GroundingCallbackHandler(sinks=[sink])]},
    )
    assert outs == topics
    for event in sink.events:
        assert event.case.quality_gate.value == "PASS"
        assert len(event.trace.sources) == 1  # its own retrieval only, not all four


@pytest.mark.parametrize("policy", ["redact", "flag"])
def test_a_missing_model_fails_closed_instead_of_escaping_invoke(monkeypatch, policy):
    """When the default model cannot be loaded, invoke, ainvoke and stream deliver the
    unverified result (withheld under redact, marked under flag), never the exception."""
    import asyncio

    from longtracer_core.errors import ModelUnavailableError
    from longtracer_core.pipeline import recipe

    def missing(*args, **kwargs):
        raise ModelUnavailableError("the embedding runtime is not installed")

    monkeypatch.setattr(recipe, "CitationVerifier", missing)
    answer = "The tower is made of solid gold."
    value = {"answer": answer, "context": ["The Eiffel Tower is in Paris."]}
    for run in (
        lambda: GroundingGuard(policy=policy).invoke(value),
        lambda: asyncio.run(GroundingGuard(policy=policy).ainvoke(value)),
    ):
        out = run()
        text = out["answer"] if isinstance(out, dict) else str(out)
        assert text != answer
        if policy == "redact":
            assert "gold" not in text
            assert "could not be verified" in text
        else:
            assert "grounding check unavailable" in text
