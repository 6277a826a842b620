"""GroundingEvaluator under BatchEvalRunner, and the warning for engines that skip postprocessors."""

from __future__ import annotations

import warnings

import pytest
from llama_index.core import Document, VectorStoreIndex
from llama_index.core.evaluation import BatchEvalRunner

from longtracer_core import CaseResult
from longtracer_core.testing import FunctionEmbedder, HashEmbedder
from longtracer_integrations.llamaindex import (
    GroundingEvaluationResult,
    GroundingEvaluator,
    GroundingNotAppliedWarning,
    GroundingPostprocessor,
)
from tests.helpers import FABRICATED, SOURCES, SUPPORTED, verifier
from tests.integrations.llamaindex.test_llamaindex import FactLLM, KeywordEmbedding, fact


def _index() -> VectorStoreIndex:
    docs = [Document(text=f"FACT: {fact(i)}", doc_id=f"d{i}") for i in range(6)]
    return VectorStoreIndex.from_documents(docs, embed_model=KeywordEmbedding())


def test_evaluate_with_contexts():
    """passing = gate PASS; score = share supported; feedback lists the claims; case attached."""
    evaluator = GroundingEvaluator(verifier=verifier())
    good = evaluator.evaluate(query="q", response=SUPPORTED, contexts=SOURCES)
    bad = evaluator.evaluate(query="q", response=f"{SUPPORTED} {FABRICATED}", contexts=SOURCES)
    assert isinstance(good, GroundingEvaluationResult)
    assert (good.passing, good.score) == (True, 1.0)
    assert (bad.passing, bad.score) == (False, 0.5)
    assert isinstance(bad.case, CaseResult) and bad.case.quality_gate.value == "FAIL"
    assert "INSUFFICIENT_EVIDENCE" in bad.feedback and "Atlantis" in bad.feedback
    assert bad.contexts == SOURCES and not bad.invalid_result


def test_evaluator_feedback_names_the_finer_cause():
    negated = "The James Webb Space Telescope did not launch aboard an Ariane 5 rocket."
    result = GroundingEvaluator(verifier=verifier()).evaluate(
        query="q", response=negated, contexts=SOURCES
    )
    assert "(CONTRADICTED_BY_EVIDENCE, POLARITY_MISMATCH)" in result.feedback


def test_evaluate_without_contexts_never_passes():
    """No contexts: NO_SOURCES_SUPPLIED, not passing."""
    result = GroundingEvaluator(verifier=verifier()).evaluate(query="q", response=SUPPORTED)
    assert result.passing is False
    assert result.case.reason.value == "NO_SOURCES_SUPPLIED"


def test_failed_verification_is_invalid_not_passing():
    """A model failure is an invalid result with the reason, never a pass."""

    def broken(texts):
        raise RuntimeError("embedder down")

    evaluator = GroundingEvaluator(verifier=verifier(embedder=FunctionEmbedder(broken)))
    result = evaluator.evaluate(query="q", response=SUPPORTED, contexts=SOURCES)
    assert (result.passing, result.invalid_result) == (False, True)
    assert "embedder down" in result.invalid_reason


def test_batch_eval_runner_over_query_engine_responses():
    """BatchEvalRunner evaluates real engine responses against their own source nodes."""
    index = _index()
    honest = index.as_query_engine(llm=FactLLM(fabricated=""), similarity_top_k=2)
    inventive = index.as_query_engine(llm=FactLLM(), similarity_top_k=2)
    queries = ["alpha depot?", "bravo depot?"]
    responses = [honest.query(queries[0]), inventive.query(queries[1])]
    runner = BatchEvalRunner(
        {"grounding": GroundingEvaluator(verifier=verifier(embedder=HashEmbedder()))}, workers=2
    )
    results = runner.evaluate_responses(queries=queries, responses=responses)["grounding"]
    assert [r.passing for r in results] == [True, False]
    assert results[1].case.assessment_counts["SUPPORTED"] >= 1
    # evidence carries the nodes' ids, so each claim names the node that supports it
    node_ids = {n.node.node_id for n in responses[0].source_nodes}
    assert results[0].case.claims[0].details["best_span"]["source_id"] in node_ids


def test_simple_chat_mode_warns_that_grounding_never_runs():
    """chat_mode='simple' drops node_postprocessors: a GroundingNotAppliedWarning says so."""
    index = _index()
    pp = GroundingPostprocessor(policy="redact", verifier=verifier())
    with pytest.warns(GroundingNotAppliedWarning, match="NOT grounded"):
        index.as_chat_engine(chat_mode="simple", llm=FactLLM(), node_postprocessors=[pp])
    with warnings.catch_warnings():
        warnings.simplefilter("error", GroundingNotAppliedWarning)
        index.as_chat_engine(chat_mode="context", llm=FactLLM(), node_postprocessors=[pp])
        index.as_chat_engine(chat_mode="simple", llm=FactLLM())  # no grounding asked for
