"""LlamaIndex model adapters, the instrumentation event handler, the public face and the extra."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import llama_index.core.instrumentation as instrument
import numpy as np
import pytest
from llama_index.core import MockEmbedding
from llama_index.core.llms import CompletionResponse, CompletionResponseGen, CustomLLM, LLMMetadata
from llama_index.core.llms.callbacks import llm_completion_callback
from pydantic import Field

import longtracer_integrations.llamaindex as li
from longtracer_core import CitationVerifier, LLMDecomposer, VerifyConfig
from longtracer_core.contracts import (
    AssessmentAvailability,
    ClaimAssessment,
    ExecutionStatus,
    ReasonCode,
)
from longtracer_core.errors import BackendError, BackendResponseError
from longtracer_core.providers import DEFAULT_EMBEDDING_MODEL
from longtracer_core.testing import HashEmbedder
from longtracer_integrations.llamaindex import (
    GroundingEventHandler,
    GroundingPostprocessor,
    GroundingResultEvent,
    LlamaIndexEmbedder,
    LlamaIndexLLMBackend,
)
from tests.fresh_env import make_core_only_env, run_in
from tests.integrations.llamaindex.test_llamaindex import (
    FABRICATED,
    CollectSink,
    FactLLM,
    KeywordEmbedding,
    build_index,
    fact,
)

DRAFT = f"{fact(0)} {FABRICATED}"
SOURCES = [{"text": f"FACT: {fact(0)}", "source_id": "alpha"}]


class DecomposerLLM(CustomLLM):
    """Answers a decomposition prompt with JSON (one claim per sentence of the draft), or garbage."""

    mode: str = "json"  # "json" | "fenced" | "prose" | "garbage" | "raise"
    prompts: list[str] = Field(default_factory=list)

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(model_name="decomposer-llm")

    def _answer(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.mode == "raise":
            raise ConnectionError("no route to the model")
        if self.mode == "garbage":
            return "Sorry, I can only answer in haiku today."
        draft = re.search(r"<<<\n(.*?)\n>>>", prompt, re.S).group(1)
        claims = [
            {"claim_text": s, "draft_span": None, "cited_markers": []}
            for s in re.split(r"(?<=\.)\s+", draft)
            if s
        ]
        body = json.dumps({"claims": claims, "non_claims": []})
        if self.mode == "fenced":
            return f"```json\n{body}\n```"
        if self.mode == "prose":
            return f"Here is the JSON you asked for: {body} Hope it helps."
        return body

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        return CompletionResponse(text=self._answer(prompt))

    @llm_completion_callback()
    def stream_complete(
        self, prompt: str, formatted: bool = False, **kwargs: Any
    ) -> CompletionResponseGen:
        raise NotImplementedError


def llm_verifier(llm: DecomposerLLM) -> CitationVerifier:
    return CitationVerifier(
        embedder=HashEmbedder(), decomposer=LLMDecomposer(LlamaIndexLLMBackend(llm))
    )


# ---------------------------------------------------------------------- LLM backend
@pytest.mark.parametrize("mode", ["json", "fenced", "prose"])
def test_llm_backend_decomposes_through_a_llamaindex_llm(mode):
    """LLMDecomposer over LlamaIndexLLMBackend uses the LLM's claims; the schema is in the prompt."""
    llm = DecomposerLLM(mode=mode)
    guarded = llm_verifier(llm).guard(DRAFT, SOURCES, policy="redact")
    case = guarded.case
    assert case.metadata["decomposer"] == "llm"
    assert guarded.trace.models["decompose_model"] == "decomposer-llm"
    assert [c.claim_text for c in case.claims] == [fact(0), FABRICATED]
    assert [c.assessment for c in case.claims] == [
        ClaimAssessment.SUPPORTED,
        ClaimAssessment.INSUFFICIENT_EVIDENCE,
    ]
    assert len(llm.prompts) == 1 and "JSON Schema" in llm.prompts[0]
    assert '"claims"' in llm.prompts[0]


def test_llm_backend_garbage_is_decomposition_failed_after_retries():
    """Non-JSON answers are re-asked, then the case is ERROR / DECOMPOSITION_FAILED."""
    llm = DecomposerLLM(mode="garbage")
    guarded = llm_verifier(llm).guard(DRAFT, SOURCES, policy="redact")
    case = guarded.case
    assert (case.execution, case.availability, case.reason) == (
        ExecutionStatus.ERROR,
        AssessmentAvailability.NOT_EVALUATED,
        ReasonCode.DECOMPOSITION_FAILED,
    )
    assert len(llm.prompts) == 3  # the first ask and two re-asks
    assert guarded.text == VerifyConfig().unverified_notice


def test_llm_backend_errors_by_whose_fault():
    """Garbage is BackendResponseError; a failing call is BackendError (sync and async)."""
    schema = {"type": "object"}
    messages = [{"role": "user", "content": "x"}]
    with pytest.raises(BackendResponseError):
        LlamaIndexLLMBackend(DecomposerLLM(mode="garbage")).complete_json(messages, schema)
    with pytest.raises(BackendError, match="no route"):
        LlamaIndexLLMBackend(DecomposerLLM(mode="raise")).complete_json(messages, schema)


async def test_llm_backend_async_returns_the_decoded_json():
    """acomplete_json goes through achat and decodes the same JSON."""
    backend = LlamaIndexLLMBackend(DecomposerLLM())
    messages = [
        {"role": "system", "content": "split"},
        {"role": "user", "content": "<<<\nA b.\n>>>"},
    ]
    out = await backend.acomplete_json(messages, {"type": "object"})
    assert out == {
        "claims": [{"claim_text": "A b.", "draft_span": None, "cited_markers": []}],
        "non_claims": [],
    }
    assert backend.model_id == "decomposer-llm"


def test_postprocessor_with_llm_withholds_when_decomposition_fails():
    """llm= on the postprocessor decomposes with that LLM; its failure withholds under redact."""
    pp = GroundingPostprocessor(
        policy="redact",
        llm=DecomposerLLM(mode="garbage"),
        embed_model=KeywordEmbedding(),
    )
    qe = build_index(3).as_query_engine(llm=FactLLM(), similarity_top_k=1, node_postprocessors=[pp])
    response = qe.query("alpha?")
    assert response.response == VerifyConfig().unverified_notice
    assert response.metadata["grounding"].reason is ReasonCode.DECOMPOSITION_FAILED


# ---------------------------------------------------------------------- embedder
def test_embedder_model_id_comes_from_the_embed_model():
    """model_id is the embed model's name, or its class name when the name is unset."""
    assert LlamaIndexEmbedder(KeywordEmbedding()).model_id == "keyword-embed"
    assert LlamaIndexEmbedder(MockEmbedding(embed_dim=8)).model_id == "MockEmbedding"
    assert LlamaIndexEmbedder(KeywordEmbedding(), model_id="kw-v2").model_id == "kw-v2"


async def test_embedder_rows_are_unit_and_consistent():
    """Rows are float32 unit vectors; sync, async and repeated calls agree."""
    embedder = LlamaIndexEmbedder(KeywordEmbedding())
    texts = ["alpha bravo", "charlie", "nothing known"]
    first = embedder.embed(texts)
    assert first.dtype == np.float32 and first.shape == (3, 25)
    assert np.allclose(np.linalg.norm(first, axis=1), 1.0)
    assert np.array_equal(first, embedder.embed(texts))
    assert np.array_equal(first, await embedder.aembed(texts))
    assert embedder.embed([]).shape == (0, 0)


def test_embedder_consistency_rule_applies():
    """The verifier records the adapter's model id; vectors from another model are refused."""
    v = CitationVerifier(embedder=LlamaIndexEmbedder(KeywordEmbedding()))
    ok = v.guard("The alpha depot.", [{"text": "The alpha depot.", "source_id": "a"}])
    assert ok.trace.models["embed"] == "keyword-embed"
    foreign = [{"text": "x", "embedding": [1.0] * 25, "embedding_model": "other-model"}]
    assert v.verify_case("The alpha depot.", foreign).reason is ReasonCode.EMBEDDING_MODEL_MISMATCH


def test_local_embedding_is_a_llamaindex_embed_model_on_the_default_model():
    """LocalEmbedding embeds with the core's default model under the same model id."""
    local = li.LocalEmbedding()
    assert LlamaIndexEmbedder(local).model_id == DEFAULT_EMBEDDING_MODEL
    vector = local.get_text_embedding("The alpha depot stores copper.")
    assert len(vector) == 384 and abs(float(np.linalg.norm(vector)) - 1.0) < 1e-5


# ---------------------------------------------------------------------- instrumentation
def test_event_handler_forwards_each_case_to_sinks():
    """A GroundingEventHandler on the root dispatcher sees one GroundingResultEvent per query."""
    sink = CollectSink()
    handler = GroundingEventHandler(sinks=[sink])
    root = instrument.get_dispatcher()
    root.add_event_handler(handler)
    try:
        pp = GroundingPostprocessor(verifier=CitationVerifier(embedder=HashEmbedder()))
        qe = build_index(3).as_query_engine(
            llm=FactLLM(), similarity_top_k=1, node_postprocessors=[pp]
        )
        first, second = qe.query("alpha?"), qe.query("bravo?")
    finally:
        root.event_handlers = [h for h in root.event_handlers if h is not handler]
    assert [e.case for e in sink.events] == [
        first.metadata["grounding"],
        second.metadata["grounding"],
    ]
    assert all(e.origin == "llamaindex" and e.run_id for e in sink.events)
    assert GroundingResultEvent.class_name() == "GroundingResultEvent"


# ---------------------------------------------------------------------- public face and extra
def test_public_names_are_sorted_and_pinned():
    """The package's __all__ is sorted and exports exactly these names."""
    assert li.__all__ == sorted(li.__all__)
    assert li.__all__ == [
        "GroundedQueryEngine",
        "GroundingEvaluationResult",
        "GroundingEvaluator",
        "GroundingEventHandler",
        "GroundingNotAppliedWarning",
        "GroundingPostprocessor",
        "GroundingResultEvent",
        "GroundingSentenceEvent",
        "GroundingSetupError",
        "LlamaIndexEmbedder",
        "LlamaIndexLLMBackend",
        "LocalEmbedding",
    ]
    for name in li.__all__:
        assert hasattr(li, name)
    assert issubclass(li.GroundingSetupError, RuntimeError)


@pytest.mark.slow
def test_import_without_llama_index_names_the_extra(tmp_path):
    """In a venv without llama-index, importing the module says which extra to install."""
    python = make_core_only_env(tmp_path)
    assert run_in(python, "import longtracer_core").returncode == 0
    out = run_in(python, "import longtracer_integrations.llamaindex")
    assert out.returncode != 0
    assert "ImportError" in out.stderr
    assert 'pip install "longtracer-integrations[llamaindex]"' in out.stderr


@pytest.mark.e2e
@pytest.mark.model
def test_example_redacts_only_the_fabricated_sentence(tmp_path):
    """examples/llamaindex_query.py runs offline and removes just the fabricated sentence."""
    pytest.importorskip("sentence_transformers")
    example = Path(__file__).resolve().parents[3] / "examples" / "llamaindex_query.py"
    env = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "PATH": "/usr/bin:/bin"}
    out = subprocess.run(
        [sys.executable, str(example)], cwd=tmp_path, capture_output=True, text=True, env=env,
        timeout=300,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr[-2000:]
    before = out.stdout.split("before:")[1].split("\n")[0]
    after = out.stdout.split("after:")[1].split("\n")[0]
    assert "astronauts visited" in before
    # refuted sentences are removed; one nothing proves wrong offline is kept and marked
    assert "astronauts visited" not in after or "[unverified]" in after
    assert "25 December 2021" in after and "6.5 metres" in after
    assert "gate: FAIL" in out.stdout
