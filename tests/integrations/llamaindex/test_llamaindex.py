"""GroundingPostprocessor with real llama-index-core objects: sync, async, concurrency, streaming.

The stand-ins here are shared by the other test_llamaindex_*.py files:
``KeywordEmbedding`` (a bag-of-keywords BaseEmbedding, so retrieval is
deterministic), ``FactLLM`` (a CustomLLM that repeats every ``FACT:`` line of its
prompt and adds one fabricated sentence) and ``CollectSink``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import json
import re
import threading
from collections.abc import Sequence
from typing import Any

import pytest
from llama_index.core import Document, VectorStoreIndex
from llama_index.core.base.embeddings.base import BaseEmbedding
from llama_index.core.llms import CompletionResponse, CompletionResponseGen, CustomLLM, LLMMetadata
from llama_index.core.llms.callbacks import llm_completion_callback
from llama_index.core.postprocessor import SimilarityPostprocessor
from llama_index.core.postprocessor.types import BaseNodePostprocessor
from llama_index.core.query_engine import CustomQueryEngine, RetrieverQueryEngine
from llama_index.core.retrievers import BaseRetriever
from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode
from pydantic import BaseModel, ValidationError

from longtracer_core import CaseResult, CitationVerifier, VerifyConfig
from longtracer_core.contracts import ClaimAssessment, QualityGate, ReasonCode
from longtracer_core.providers import DEFAULT_EMBEDDING_MODEL
from longtracer_core.testing import HashEmbedder
from longtracer_integrations.llamaindex import GroundingPostprocessor, GroundingSetupError
from longtracer_integrations.llamaindex._spans import install, uninstall
from longtracer_integrations.observability import GroundingEvent, JsonlSink

WORDS = [
    "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
    "juliet", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo",
    "sierra", "tango", "uniform", "victor", "whiskey", "yankee",
]  # fmt: skip
FABRICATED = "Astronauts from Mars inspected it in 1850."
FABRICATED_WORDS = {"Astronauts", "Mars", "inspected", "1850"}  # none occurs in any fact
NOTICE = VerifyConfig().redaction_notice


def fact(i: int) -> str:
    """The one fact document ``i`` holds."""
    return f"The {WORDS[i]} depot stores {10 + i} crates of copper."


class KeywordEmbedding(BaseEmbedding):
    """Deterministic bag-of-keywords vectors over WORDS: a query retrieves the depot it names."""

    model_name: str = "keyword-embed"

    def _vec(self, text: str) -> list[float]:
        found = set(re.findall(r"[a-z]+", text.lower()))
        return [1.0 if w in found else 0.0 for w in WORDS] + [0.01]

    def _get_query_embedding(self, query: str) -> list[float]:
        return self._vec(query)

    async def _aget_query_embedding(self, query: str) -> list[float]:
        await shuffle(query)
        return self._vec(query)

    def _get_text_embedding(self, text: str) -> list[float]:
        return self._vec(text)


class FactLLM(CustomLLM):
    """Answers with every 'FACT:' line of its prompt plus one fabricated sentence.

    ``acomplete`` yields to the loop a prompt-dependent number of times, so
    concurrent queries interleave in the LLM call.
    """

    fabricated: str = FABRICATED
    fail: bool = False

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(context_window=8192, num_output=256, model_name="fact-llm")

    def answer(self, prompt: str) -> str:
        if self.fail:
            raise RuntimeError("the LLM is down")
        facts = list(dict.fromkeys(re.findall(r"FACT: ([^\n]+)", prompt)))
        return " ".join([*facts, self.fabricated] if self.fabricated else facts)

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        return CompletionResponse(text=self.answer(prompt))

    @llm_completion_callback()
    async def acomplete(
        self, prompt: str, formatted: bool = False, **kwargs: Any
    ) -> CompletionResponse:
        await shuffle(prompt)
        return CompletionResponse(text=self.answer(prompt))

    @llm_completion_callback()
    def stream_complete(
        self, prompt: str, formatted: bool = False, **kwargs: Any
    ) -> CompletionResponseGen:
        text = self.answer(prompt)

        def gen() -> CompletionResponseGen:
            acc = ""
            for token in text.split(" "):
                acc += token + " "
                yield CompletionResponse(text=acc, delta=token + " ")

        return gen()


async def shuffle(text: str) -> None:
    """Yield to the event loop a text-dependent number of times, so gathered tasks interleave."""
    for _ in range(int(hashlib.sha256(text.encode()).hexdigest(), 16) % 7):
        await asyncio.sleep(0)


class YieldingPostprocessor(BaseNodePostprocessor):
    """Passes nodes through, yielding to the loop first (interleaves concurrent queries)."""

    def _postprocess_nodes(
        self, nodes: list[NodeWithScore], query_bundle: QueryBundle | None = None
    ) -> list[NodeWithScore]:
        return nodes

    async def _apostprocess_nodes(
        self, nodes: list[NodeWithScore], query_bundle: QueryBundle | None = None
    ) -> list[NodeWithScore]:
        await shuffle(query_bundle.query_str if query_bundle else "")
        return nodes


class CollectSink:
    """A sink that keeps every event (thread-safe)."""

    def __init__(self) -> None:
        self.events: list[GroundingEvent] = []
        self._lock = threading.Lock()

    def emit(self, event: GroundingEvent) -> None:
        with self._lock:
            self.events.append(event)


class FixedRetriever(BaseRetriever):
    """Returns the caller's own NodeWithScore objects, unchanged, on every call."""

    def __init__(self, nodes: Sequence[NodeWithScore]) -> None:
        super().__init__()
        self.nodes = list(nodes)

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        return list(self.nodes)


def documents(n: int = len(WORDS)) -> list[Document]:
    return [Document(text=f"FACT: {fact(i)}") for i in range(n)]


def build_index(n: int = len(WORDS)) -> VectorStoreIndex:
    return VectorStoreIndex.from_documents(documents(n), embed_model=KeywordEmbedding())


def verifier() -> CitationVerifier:
    return CitationVerifier(embedder=HashEmbedder())


def postprocessor(**kwargs: Any) -> GroundingPostprocessor:
    kwargs.setdefault("verifier", verifier())
    return GroundingPostprocessor(**kwargs)


def case_of(response: Any, key: str = "grounding") -> CaseResult:
    case = response.metadata[key]
    assert isinstance(case, CaseResult)
    return case


def evidence_ids(response: Any, key: str = "grounding") -> list[str]:
    return [s["source_id"] for s in response.metadata[f"{key}_trace"].sources]


def assert_grounded_on_own_node(response: Any, i: int) -> None:
    """Redacted to the supported fact, checked against exactly the query's own node."""
    assert response.response == f"{fact(i)} {NOTICE}"
    (node,) = response.source_nodes
    assert WORDS[i] in node.node.get_content()
    assert evidence_ids(response) == [node.node.node_id]
    supported, fabricated = case_of(response).claims
    assert supported.assessment is ClaimAssessment.SUPPORTED
    assert supported.supporting_sources == [node.node.node_id]
    assert fabricated.assessment is ClaimAssessment.INSUFFICIENT_EVIDENCE


@pytest.fixture(scope="module")
def index() -> VectorStoreIndex:
    return build_index()


def engine(index: VectorStoreIndex, pp: GroundingPostprocessor, **kwargs: Any) -> Any:
    kwargs.setdefault("similarity_top_k", 1)
    return index.as_query_engine(llm=FactLLM(), node_postprocessors=[pp], **kwargs)


# ---------------------------------------------------------------------- basic paths
def test_sync_query_redacts_the_fabricated_sentence(index):
    """A sync query returns the policy-applied text and the CaseResult in metadata."""
    response = engine(index, postprocessor(policy="redact")).query("What does alpha store?")
    assert_grounded_on_own_node(response, 0)
    assert case_of(response).quality_gate is QualityGate.FAIL
    assert FABRICATED not in response.response


def test_flag_policy_annotates_and_keeps_the_text(index):
    """policy='flag' keeps every original character and marks the unsupported sentence."""
    response = engine(index, postprocessor(policy="flag")).query("bravo?")
    assert response.response == f"{fact(1)} {FABRICATED} [refuted: no source names 'Mars']"


async def test_async_aquery_is_grounded(index):
    """aquery is grounded against its own node, like query."""
    response = await engine(index, postprocessor(policy="redact")).aquery("charlie?")
    assert_grounded_on_own_node(response, 2)


async def test_twenty_concurrent_aqueries_each_grounded_on_their_own_nodes(index):
    """20 gathered aqueries on ONE engine with disjoint evidence never mix evidence."""
    # Retrieval, a postprocessor placed after ours and the LLM all yield to the loop,
    # so the queries interleave between registration, synthesis and grounding.
    qe = index.as_query_engine(
        llm=FactLLM(),
        similarity_top_k=1,
        node_postprocessors=[postprocessor(policy="redact"), YieldingPostprocessor()],
    )
    responses = await asyncio.gather(*(qe.aquery(f"{WORDS[i]} depot?") for i in range(20)))
    for i, response in enumerate(responses):
        assert_grounded_on_own_node(response, i)
    assert len({evidence_ids(r)[0] for r in responses}) == 20
    assert install().pending() == (0, 0)


def test_threads_each_grounded_on_their_own_nodes(index):
    """24 queries on 8 threads sharing one engine are each grounded on their own node."""
    qe = engine(index, postprocessor(policy="redact"))
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        responses = list(pool.map(lambda i: qe.query(f"{WORDS[i]}?"), range(len(WORDS))))
    for i, response in enumerate(responses):
        assert_grounded_on_own_node(response, i)
    assert install().pending() == (0, 0)


def test_sync_query_inside_a_running_loop(index):
    """A sync query made from inside a running event loop is still grounded."""
    qe = engine(index, postprocessor(policy="redact"))

    async def main() -> Any:
        return qe.query("delta?")

    assert_grounded_on_own_node(asyncio.run(main()), 3)


@pytest.mark.parametrize(
    "mode", ["compact", "refine", "tree_summarize", "simple_summarize", "accumulate"]
)
def test_response_modes_are_grounded(index, mode):
    """Each built-in response mode's answer is grounded (one synthesizer span per query)."""
    response = engine(index, postprocessor(policy="redact"), response_mode=mode).query("echo?")
    assert FABRICATED not in response.response
    if mode != "accumulate":  # its "Response 1:" label adds a number the evidence lacks
        assert fact(4) in response.response
    assert evidence_ids(response) == [response.source_nodes[0].node.node_id]


# ---------------------------------------------------------------------- node sets
def test_after_similarity_cutoff_grounds_against_the_final_node_set(index):
    """Placed after SimilarityPostprocessor, grounding uses only the nodes that survived it."""
    retrieved = index.as_retriever(similarity_top_k=3).retrieve("foxtrot?")
    assert len(retrieved) == 3
    qe = index.as_query_engine(
        llm=FactLLM(),
        similarity_top_k=3,
        node_postprocessors=[
            SimilarityPostprocessor(similarity_cutoff=0.5),
            postprocessor(policy="redact"),
        ],
    )
    response = qe.query("foxtrot?")
    assert_grounded_on_own_node(response, 5)


def test_before_similarity_cutoff_still_grounds_against_what_the_synthesizer_saw(index):
    """Placed first, grounding still uses the synthesizer's nodes, not the larger retrieved set."""
    qe = index.as_query_engine(
        llm=FactLLM(),
        similarity_top_k=3,
        node_postprocessors=[
            postprocessor(policy="redact"),
            SimilarityPostprocessor(similarity_cutoff=0.5),
        ],
    )
    assert_grounded_on_own_node(qe.query("golf?"), 6)


def test_everything_filtered_out_gives_one_empty_case(index):
    """When a cutoff drops every node, the 'Empty Response' is recorded, not crashed on."""
    sink = CollectSink()
    qe = index.as_query_engine(
        llm=FactLLM(),
        similarity_top_k=2,
        node_postprocessors=[
            SimilarityPostprocessor(similarity_cutoff=2.0),
            postprocessor(policy="redact", sinks=[sink]),
        ],
    )
    response = qe.query("hotel?")
    assert response.source_nodes == []
    assert case_of(response).reason is ReasonCode.NO_EXTRACTABLE_CLAIMS
    assert len(sink.events) == 1


def test_callers_nodes_are_unchanged_after_a_query():
    """The caller's NodeWithScore objects are not mutated (model_dump equal before and after)."""
    nodes = [
        NodeWithScore(node=TextNode(text=f"FACT: {fact(i)}", id_=f"n{i}", metadata={"k": i}),
                      score=0.9 - i / 10)
        for i in range(3)
    ]  # fmt: skip
    before = [n.model_dump() for n in nodes]
    qe = RetrieverQueryEngine.from_args(
        FixedRetriever(nodes),
        llm=FactLLM(),
        node_postprocessors=[
            SimilarityPostprocessor(similarity_cutoff=0.75),
            postprocessor(policy="redact"),
        ],
    )
    response = qe.query("anything")
    assert [n.model_dump() for n in nodes] == before
    assert evidence_ids(response) == ["n0", "n1"]
    assert response.source_nodes[0] is nodes[0]
    assert response.response == f"{fact(0)} {fact(1)} {NOTICE}"


def test_metadata_source_id_names_the_evidence():
    """A node whose metadata has source_id is cited by that id; a stray 'class' is ignored."""
    nodes = [
        NodeWithScore(
            node=TextNode(text=f"FACT: {fact(0)}", metadata={"source_id": "kb-1", "class": "x"}),
            score=1.0,
        )
    ]
    qe = RetrieverQueryEngine.from_args(
        FixedRetriever(nodes), llm=FactLLM(), node_postprocessors=[postprocessor()]
    )
    response = qe.query("q")
    assert evidence_ids(response) == ["kb-1"]
    assert case_of(response).claims[0].supporting_sources == ["kb-1"]


class HandRolledEngine(CustomQueryEngine):
    """A custom engine with no synthesizer: retrieve, postprocess, call the LLM, return a str."""

    retriever: Any
    postprocessors: list[Any]
    llm: Any

    def custom_query(self, query_str: str) -> str:
        nodes = self.retriever.retrieve(query_str)
        for pp in self.postprocessors:
            nodes = pp.postprocess_nodes(nodes, query_str=query_str)
        prompt = "\n".join(n.node.get_content() for n in nodes)
        return self.llm.complete(prompt).text


def test_engine_without_a_synthesizer_is_grounded_when_it_returns(index):
    """With no synthesizer span, the engine's own answer is grounded (str results one level up)."""
    qe = HandRolledEngine(
        retriever=index.as_retriever(similarity_top_k=1),
        postprocessors=[postprocessor(policy="redact")],
        llm=FactLLM(),
    )
    response = qe.query("kilo?")
    assert response.response == f"{fact(10)} {NOTICE}"
    assert install().pending() == (0, 0)


def test_condense_question_chat_grounds_the_inner_query(index):
    """chat_mode='condense_question' answers with the inner engine's grounded text."""
    chat = index.as_chat_engine(
        chat_mode="condense_question",
        llm=FactLLM(),
        similarity_top_k=1,
        node_postprocessors=[postprocessor(policy="redact")],
    )
    answer = chat.chat("lima?")
    assert answer.response == f"{fact(11)} {NOTICE}"
    assert chat.chat_history[-1].content == answer.response


# ---------------------------------------------------------------------- streaming
def test_sync_stream_in_redact_mode_never_emits_a_redacted_character(index):
    """Every emitted chunk of a redacted stream is free of the fabricated sentence's text."""
    qe = engine(index, postprocessor(policy="redact"), streaming=True)
    response = qe.query("india?")
    assert "grounding" not in (response.metadata or {})
    chunks = list(response.response_gen)
    for chunk in chunks:
        assert not FABRICATED_WORDS & set(re.findall(r"\w+", chunk)), chunk
    assert "".join(chunks).strip() == f"{fact(8)} {NOTICE}"
    assert case_of(response).quality_gate is QualityGate.FAIL
    assert evidence_ids(response) == [response.source_nodes[0].node.node_id]


async def test_async_stream_in_redact_mode_never_emits_a_redacted_character(index):
    """aquery on a streaming engine yields only grounded text, chunk by chunk."""
    qe = engine(index, postprocessor(policy="redact"), streaming=True)
    response = await qe.aquery("juliet?")
    chunks = [c async for c in response.async_response_gen()]
    for chunk in chunks:
        assert not FABRICATED_WORDS & set(re.findall(r"\w+", chunk)), chunk
    assert "".join(chunks).strip() == f"{fact(9)} {NOTICE}"
    assert case_of(response).claims[0].supporting_sources == evidence_ids(response)


def test_stream_event_is_sent_once_when_the_stream_is_consumed(index):
    """A streamed answer reaches the sinks exactly once, after it has been consumed."""
    sink = CollectSink()
    response = engine(index, postprocessor(sinks=[sink]), streaming=True).query("kilo?")
    assert sink.events == []
    str(response)
    assert len(sink.events) == 1


# ---------------------------------------------------------------------- chat engines
def test_context_chat_engine_memory_holds_the_grounded_text(index):
    """In a context chat engine the answer, its metadata and the chat memory are grounded."""
    chat = index.as_chat_engine(
        chat_mode="context",
        llm=FactLLM(),
        similarity_top_k=1,
        node_postprocessors=[postprocessor(policy="redact")],
    )
    answer = chat.chat("lima?")
    assert answer.response == f"{fact(11)} {NOTICE}"
    assert case_of(answer).quality_gate is QualityGate.FAIL
    assert chat.chat_history[-1].content == answer.response


async def test_context_chat_engine_async_stream_is_grounded(index):
    """astream_chat on a context chat engine streams grounded text and stores it in memory."""
    chat = index.as_chat_engine(
        chat_mode="condense_plus_context",
        llm=FactLLM(),
        similarity_top_k=1,
        node_postprocessors=[postprocessor(policy="redact")],
    )
    stream = await chat.astream_chat("mike?")
    chunks = [c async for c in stream.async_response_gen()]
    assert not any(FABRICATED_WORDS & set(re.findall(r"\w+", c)) for c in chunks)
    assert "".join(chunks).strip() == f"{fact(12)} {NOTICE}"
    assert chat.chat_history[-1].content.strip() == f"{fact(12)} {NOTICE}"


# ---------------------------------------------------------------------- sinks
def test_sinks_receive_exactly_one_case_per_query(index, tmp_path):
    """Each query (sync, async, gathered) gives exactly one event to every sink."""
    sink, path = CollectSink(), tmp_path / "cases.jsonl"
    qe = engine(index, postprocessor(policy="redact", sinks=[sink, JsonlSink(path)]))
    qe.query("november?")
    qe.query("oscar?")

    async def more() -> list[Any]:
        return await asyncio.gather(qe.aquery("papa?"), qe.aquery("quebec?"))

    asyncio.run(more())
    assert len(sink.events) == 4
    assert len({e.case.case_id for e in sink.events}) == 4
    assert len({e.run_id for e in sink.events}) == 4
    assert all(e.origin == "llamaindex" and e.policy == "redact" for e in sink.events)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(lines) == 4
    assert {line["case"]["case_id"] for line in lines} == {e.case.case_id for e in sink.events}


# ---------------------------------------------------------------------- structured output
class Answer(BaseModel):
    answer: str


class JsonFactLLM(FactLLM):
    """FactLLM answering as the JSON of ``Answer`` (for output_cls engines)."""

    def answer(self, prompt: str) -> str:
        return json.dumps({"answer": super().answer(prompt)})


@pytest.mark.parametrize(("policy", "withheld"), [("redact", True), ("flag", False)])
def test_structured_output_is_withheld_whole_under_redact(index, policy, withheld):
    """A PydanticResponse with an unsupported claim is withheld under redact, kept under flag."""
    qe = index.as_query_engine(
        llm=JsonFactLLM(),
        similarity_top_k=1,
        output_cls=Answer,
        node_postprocessors=[postprocessor(policy=policy)],
    )
    response = qe.query("romeo?")
    assert (response.response is None) is withheld
    assert case_of(response).quality_gate is QualityGate.FAIL


# ---------------------------------------------------------------------- failing closed
class ExplodingVerifier:
    """A verifier whose every call raises (a bug or an outage)."""

    def guard(self, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("verifier exploded")

    async def aguard(self, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("verifier exploded")


def test_a_verifier_failure_withholds_the_answer_in_redact_mode(index):
    """If grounding itself fails, redact withholds the answer and records why."""
    sink = CollectSink()
    pp = GroundingPostprocessor(policy="redact", verifier=ExplodingVerifier(), sinks=[sink])
    response = engine(index, pp).query("sierra?")
    assert response.response == VerifyConfig().unverified_notice
    case = case_of(response)
    assert case.reason is ReasonCode.EVALUATION_FAILED
    assert case.quality_gate is QualityGate.INDETERMINATE
    assert len(sink.events) == 1


def test_a_verifier_failure_annotates_in_flag_mode(index):
    """If grounding fails under flag, the answer is kept and marked unverified."""
    response = engine(index, GroundingPostprocessor(verifier=ExplodingVerifier())).query("tango?")
    assert response.response.endswith(VerifyConfig().unverified_marker)


def test_llm_failure_leaves_no_registration_behind(index):
    """An exception inside the query propagates and the handler keeps no state for it."""
    qe = index.as_query_engine(
        llm=FactLLM(fail=True), similarity_top_k=1, node_postprocessors=[postprocessor()]
    )
    with pytest.raises(RuntimeError, match="the LLM is down"):
        qe.query("uniform?")
    assert install().pending() == (0, 0)


def test_removed_handler_is_reinstalled_and_redact_fails_closed(index):
    """With the span handler removed mid-run, redact raises rather than pass an ungrounded answer."""
    qe = engine(index, postprocessor(policy="redact"))
    uninstall()
    try:
        with pytest.raises(GroundingSetupError):
            qe.query("victor?")  # its spans started unseen: no engine to tie the answer to
    finally:
        install()
    assert_grounded_on_own_node(qe.query("victor?"), 21)


def test_outside_an_engine_redact_raises_and_flag_warns(caplog):
    """Called directly, the postprocessor cannot ground anything: strict raises, lax warns."""
    nodes = [NodeWithScore(node=TextNode(text="x"), score=1.0)]
    with pytest.raises(GroundingSetupError, match="outside a query or chat engine"):
        postprocessor(policy="redact").postprocess_nodes(nodes, query_str="q")
    out = postprocessor(policy="flag").postprocess_nodes(nodes, query_str="q")
    assert out == nodes and out is not nodes
    assert "outside a query or chat engine" in caplog.text


# ---------------------------------------------------------------------- construction
def test_unknown_arguments_fail():
    """Typos are errors (extra='forbid'), not silently ignored settings."""
    with pytest.raises(ValidationError):
        GroundingPostprocessor(polcy="redact")
    with pytest.raises(ValidationError):
        GroundingPostprocessor(policy="delete")


def test_verifier_and_the_parts_it_holds_are_exclusive():
    """verifier= with embed_model= or config= is refused with a reason (the verifier has its
    own); decomposer= with llm= is refused."""
    with pytest.raises(ValueError, match="not both"):
        GroundingPostprocessor(verifier=verifier(), embed_model=KeywordEmbedding())
    with pytest.raises(ValueError, match="not both"):
        GroundingPostprocessor(verifier=verifier(), config=VerifyConfig())
    with pytest.raises(ValueError, match="decomposer= or llm="):
        GroundingPostprocessor(decomposer=object(), llm=FactLLM())


def test_construction_builds_no_verifier_and_serialises():
    """Construction loads nothing (the verifier is built on first use) and round-trips to_dict."""
    pp = GroundingPostprocessor(policy="redact", metadata_key="checked")
    assert pp._grounder.recipe.built is None
    data = pp.to_dict()
    assert data["class_name"] == "GroundingPostprocessor"
    again = GroundingPostprocessor.from_dict(data)
    assert (again.policy, again.metadata_key) == ("redact", "checked")


def test_changing_the_policy_after_construction_takes_effect(index):
    """Setting pp.policy = 'redact' later redacts (never silently keeps the old policy)."""
    pp = postprocessor(policy="flag")
    qe = engine(index, pp)
    assert FABRICATED in qe.query("alpha?").response
    pp.policy = "redact"
    assert_grounded_on_own_node(qe.query("alpha?"), 0)
    with pytest.raises(ValidationError):
        pp.policy = "delete"


def test_metadata_key_and_include_trace(index):
    """metadata_key names where the case goes; include_trace=False leaves the trace out."""
    pp = postprocessor(metadata_key="checked", include_trace=False)
    response = engine(index, pp).query("whiskey?")
    assert isinstance(response.metadata["checked"], CaseResult)
    assert "checked_trace" not in response.metadata and "grounding" not in response.metadata


def test_embed_model_is_used_by_the_matcher(index):
    """embed_model= makes the verifier embed with the LlamaIndex model (named in the trace)."""
    pp = GroundingPostprocessor(policy="redact", embed_model=KeywordEmbedding())
    response = engine(index, pp).query("yankee?")
    assert response.metadata["grounding_trace"].models["embed"] == "keyword-embed"
    assert response.response == f"{fact(23)} {NOTICE}"


def test_default_local_model_grounds_a_query(index):
    """With verifier=None the default local model (all-MiniLM-L6-v2, offline) does the matching."""
    response = engine(index, GroundingPostprocessor(policy="redact")).query("alpha?")
    trace = response.metadata["grounding_trace"]
    assert trace.models["embed"] == DEFAULT_EMBEDDING_MODEL
    assert response.response == f"{fact(0)} {NOTICE}"
