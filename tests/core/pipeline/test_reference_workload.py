"""The reference workload (8 claims × 5 sources) through check_case with the real model."""

from __future__ import annotations

import json

import pytest

from longtracer_core import CitationVerifier, VerifyConfig, check_case
from longtracer_core.contracts import ClaimAssessment, ClaimOutcome, ReasonCode
from tests.conftest import shared_file
from tests.helpers import bare_text

pytestmark = pytest.mark.model  # loads the packaged embedding model


@pytest.fixture(scope="module")
def workload() -> dict:
    return json.loads(shared_file("bench", "reference_workload.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def case(workload):
    return check_case(workload["answer"], workload["sources"], case_id="jwst-8x5")


def test_claims_line_up_with_the_workload(case, workload):
    """The rule-based decomposer finds the workload's 8 claims at their exact offsets."""
    assert [(c.char_start, c.char_end) for c in case.claims] == [
        (c["char_start"], c["char_end"]) for c in workload["claims"]
    ]


def test_swapped_numbers_are_contradicted_by_their_source(case, workload):
    """c4 and c6 (a figure swapped on a near-verbatim span) are CONTRADICTED by the span
    that gives the real figure, with the figure-role gate's explanation."""
    by_id = {c.claim_id: c for c in case.claims}
    for expected in workload["claims"]:
        if expected["expected"] != "CONTRADICTED":
            continue
        claim = by_id[expected["claim_id"]]
        assert claim.assessment is ClaimAssessment.CONTRADICTED
        assert claim.reason is ReasonCode.CONTRADICTED_BY_EVIDENCE
        assert claim.contradicting_sources == expected["evidence_source_ids"]
        assert "figure_role" in claim.details["contradicting_span"]["gates"]


def test_seed_model_reads_swapped_numbers_as_numeric_mismatch(workload):
    """Under the seed's score model the swaps stay INSUFFICIENT_EVIDENCE, NUMERIC_MISMATCH the finer cause."""
    seed = CitationVerifier(config=VerifyConfig(score_model="seed-v1"))
    case = seed.verify_case(workload["answer"], workload["sources"])
    by_id = {c.claim_id: c for c in case.claims}
    for expected in workload["claims"]:
        if expected["expected"] != "CONTRADICTED":
            continue
        claim = by_id[expected["claim_id"]]
        assert claim.assessment is ClaimAssessment.INSUFFICIENT_EVIDENCE
        assert claim.reason is ReasonCode.NOT_ENTAILED
        assert claim.reason_detail is ReasonCode.NUMERIC_MISMATCH
        assert (
            claim.details["numeric_conflict_span"]["source_id"] in expected["evidence_source_ids"]
        )


def test_fabricated_claim_is_not_supported(case):
    """The on-topic claim that no source states is not supported."""
    c8 = case.claims[7]
    assert c8.assessment is ClaimAssessment.INSUFFICIENT_EVIDENCE
    assert c8.details["band"] == "unsupported"


def test_pronoun_claim_is_supported(case):
    """c2 ("It was built by NASA …") is read with its antecedent and supported."""
    c2 = case.claims[1]
    assert c2.claim_text.startswith("The James Webb Space Telescope was built")
    assert c2.assessment is ClaimAssessment.SUPPORTED


def test_gate_fails_and_supported_claims_hold(case, workload):
    """Gate FAIL as expected; supported claims found (ratchet: 4 of 5 today)."""
    assert case.quality_gate.value == workload["expected_case_outcome"]["gate"]
    supported = [c["claim_id"] for c in workload["claims"] if c["expected"] == "SUPPORTED"]
    hits = [
        c.claim_id
        for c in case.claims
        if c.claim_id in supported and c.assessment is ClaimAssessment.SUPPORTED
    ]
    assert len(hits) >= 4, hits
    for c in case.claims:
        if c.assessment is ClaimAssessment.SUPPORTED:
            assert c.claim_id in supported  # no false support


def test_redaction_removes_exactly_the_unsupported_sentences(workload):
    """redact: a refuted claim's sentence is gone, an uncertain one is kept and marked
    [unverified]; supported sentences remain; nothing unsupported is delivered bare."""
    guarded = CitationVerifier().guard(workload["answer"], workload["sources"], policy="redact")
    bare = bare_text(guarded, workload["answer"])
    for claim in guarded.case.claims:
        sentence = workload["answer"][claim.char_start : claim.char_end]
        if claim.assessment is ClaimAssessment.SUPPORTED:
            assert sentence in guarded.text
        elif claim.outcome is ClaimOutcome.REFUTED:
            assert sentence not in guarded.text
        else:
            assert f"{sentence} [unverified]" in guarded.text
            assert sentence not in bare
    for claim in guarded.trace.claims:
        assert guarded.trace.resolve(claim.claim_id)
