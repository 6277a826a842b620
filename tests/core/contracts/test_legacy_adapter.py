"""LegacyVerificationAdapter.from_legacy on real LongTracer 0.3.1 VerificationResults (fixtures)."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from longtracer_core import InvalidInputError, LegacyVerificationAdapter
from longtracer_core.contracts import AssessmentAvailability as A
from longtracer_core.contracts import ClaimAssessment as C
from longtracer_core.contracts import QualityGate as G
from longtracer_core.contracts import ReasonCode as R

LEGACY = Path(__file__).resolve().parents[2] / "fixtures" / "longtracer031" / "legacy"


def fixture(name: str) -> dict[str, Any]:
    return json.loads((LEGACY / f"{name}.json").read_text(encoding="utf-8"))


def convert(name: str, **kwargs: Any):
    fx = fixture(name)
    kwargs.setdefault("response", fx["response"])
    kwargs.setdefault("sources", fx["sources"])
    return LegacyVerificationAdapter.from_legacy(fx["verification_result"], **kwargs)


@dataclasses.dataclass
class VerificationResult:
    """The fields of LongTracer's legacy dataclass (longtracer.guard.verifier)."""

    trust_score: float
    claims: list[dict]
    flagged_claims: list[dict]
    hallucinations: list[dict]
    all_supported: bool
    hallucination_count: int
    verdict: str = "PASS"
    summary: str = ""
    latency_stats: dict | None = None


# Where we read the seed's table more closely than LongTracer's own verify_case:
# a claim too far from every (non-empty) source is LOW_EVIDENCE_SIMILARITY, not
# NO_SOURCE_TEXT (the sources had text).
DELIBERATE = {"knowledge_pattern": {0: ("NO_SOURCE_TEXT", "LOW_EVIDENCE_SIMILARITY")}}


@pytest.mark.parametrize("name", sorted(p.stem for p in LEGACY.glob("*.json")))
def test_agrees_with_longtracers_own_case_for_the_same_input(name):
    """Layers, claims and reasons equal what LongTracer's verify_case gave for the same input."""
    fx = fixture(name)
    ours = convert(name)
    theirs = copy.deepcopy(fx["longtracer_case"])
    for index, (was, now) in DELIBERATE.get(name, {}).items():
        assert theirs["claims"][index]["reason"] == was
        theirs["claims"][index]["reason"] = now
    assert (ours.execution, ours.availability, ours.quality_gate) == (
        theirs["execution"],
        theirs["availability"],
        theirs["quality_gate"],
    )
    assert (ours.reason.value if ours.reason else None) == theirs["reason"]
    assert ours.trust_score == pytest.approx(theirs["trust_score"])
    assert ours.metadata["legacy_verdict"] == fx["verification_result"]["verdict"]
    got = [(c.assessment.value, c.reason.value, c.availability.value) for c in ours.claims]
    want = [(c["assessment"], c["reason"], c["availability"]) for c in theirs["claims"]]
    assert got == want
    assert [c.supporting_sources for c in ours.claims] == [
        c["supporting_sources"] for c in theirs["claims"]
    ]
    assert [(c.char_start, c.char_end) for c in ours.claims] == [
        (c["char_start"], c["char_end"]) for c in theirs["claims"]
    ]


def test_supported_mirrors_trust_score_and_keeps_the_verdict():
    case = convert("supported")
    assert case.quality_gate is G.PASS and all(c.assessment is C.SUPPORTED for c in case.claims)
    legacy = fixture("supported")["verification_result"]
    assert case.trust_score == legacy["trust_score"]
    assert case.metadata["legacy_verdict"] == "PASS"
    assert case.claims[0].details["sts_similarity"] == legacy["claims"][0]["score"]


def test_figure_swapped_keeps_the_legacy_signal():
    """LongTracer 0.3.1 called the swapped figures supported; the adapter maps, never re-scores."""
    case = convert("figure_swapped")
    assert [c.assessment for c in case.claims] == [C.SUPPORTED, C.SUPPORTED]


def test_empty_answer_fails_though_the_legacy_verdict_passes():
    """Empty: NO_ASSESSABLE_CLAIMS / EMPTY_RESPONSE / FAIL; trust_score 1.0 is mirrored, not gated on."""
    case = convert("empty")
    assert case.metadata["legacy_verdict"] == "PASS" and case.trust_score == 1.0
    assert case.availability is A.NO_ASSESSABLE_CLAIMS and case.reason is R.EMPTY_RESPONSE
    assert case.quality_gate is G.FAIL and case.claims == []


def test_no_claims_without_the_response_reads_no_extractable_claims():
    """Without the response, no claims cannot be told apart: NO_EXTRACTABLE_CLAIMS, still FAIL."""
    case = LegacyVerificationAdapter.from_legacy(fixture("empty")["verification_result"])
    assert case.reason is R.NO_EXTRACTABLE_CLAIMS and case.quality_gate is G.FAIL


def test_honest_refusal_can_pass():
    case = convert("refusal")
    assert case.metadata["legacy_verdict"] == "FAIL"
    assert (case.availability, case.reason, case.quality_gate) == (
        A.NO_ASSESSABLE_CLAIMS,
        R.HONEST_UNCERTAINTY_ONLY,
        G.PASS,
    )
    assert case.claims[0].availability is A.NOT_EVALUATED
    assert case.claims[0].reason is R.HONEST_UNCERTAINTY


def test_no_sources():
    case = convert("no_sources")
    assert case.reason is R.NO_SOURCES_SUPPLIED and case.quality_gate is G.FAIL
    assert all(c.reason is R.NO_SOURCES_SUPPLIED for c in case.claims)
    assert all(c.assessment is C.INSUFFICIENT_EVIDENCE for c in case.claims)


def test_pattern_hallucination_with_low_similarity_is_insufficient_evidence():
    """A legacy 'hallucination' found by phrase pattern: nothing contradicted it."""
    fx = fixture("knowledge_pattern")
    assert fx["verification_result"]["hallucination_count"] == 1
    claim = convert("knowledge_pattern").claims[0]
    assert claim.assessment is C.INSUFFICIENT_EVIDENCE
    assert claim.reason is R.LOW_EVIDENCE_SIMILARITY and claim.contradicting_sources == []


def test_nli_contradiction_is_contradicted():
    """NLI ran with contradiction > 0.5 → CONTRADICTED, confidence the contradiction probability.

    LongTracer 0.3.1 reads its NLI labels in the wrong order, so its contradiction
    stays near 1/3 on these inputs; the signal is set on a real claim dict.
    """
    legacy = copy.deepcopy(fixture("negated")["verification_result"])
    item = legacy["claims"][0]
    item.update(supported=False, contradiction_score=0.91, is_hallucination=True)
    legacy.update(flagged_claims=[item], hallucinations=[item], hallucination_count=1)
    case = LegacyVerificationAdapter.from_legacy(legacy)
    claim = case.claims[0]
    assert claim.assessment is C.CONTRADICTED and claim.reason is R.CONTRADICTED_BY_EVIDENCE
    assert claim.contradicting_sources == ["source_0"] and claim.confidence == 0.91
    assert case.quality_gate is G.FAIL


def test_object_dict_and_json_give_the_same_case():
    """A VerificationResult object, its dict, or its JSON text convert alike."""
    legacy = fixture("refusal_plus_claim")["verification_result"]
    as_object = LegacyVerificationAdapter.from_legacy(VerificationResult(**legacy), "x")
    as_dict = LegacyVerificationAdapter.from_legacy(legacy, "x")
    as_json = LegacyVerificationAdapter.from_legacy(json.dumps(legacy), "x")
    assert as_object == as_dict == as_json
    assert as_dict.case_id == "x"


def test_claims_without_signals_never_become_contradictions():
    """Text-only claims: flagged → INSUFFICIENT_EVIDENCE (even if listed as hallucinations)."""
    legacy = VerificationResult(
        trust_score=0.5,
        claims=[{"claim": "A."}, {"claim": "B."}],
        flagged_claims=[{"claim": "B."}],
        hallucinations=[{"claim": "B."}],
        all_supported=False,
        hallucination_count=1,
    )
    case = LegacyVerificationAdapter.from_legacy(legacy)
    assert [c.assessment for c in case.claims] == [C.SUPPORTED, C.INSUFFICIENT_EVIDENCE]
    assert case.quality_gate is G.FAIL


@pytest.mark.parametrize("bad", [None, 3, "not json", {"verdict": "PASS"}, "[1, 2]"])
def test_not_a_verification_result_is_invalid_input(bad):
    with pytest.raises(InvalidInputError):
        LegacyVerificationAdapter.from_legacy(bad)


def test_converted_record_is_a_valid_longtracer_v1_record():
    """The adapter's output interchanges like every other record."""
    from jsonschema import Draft202012Validator

    schema = json.loads((LEGACY.parent / "case_result.v1.schema.json").read_text())
    for path in LEGACY.glob("*.json"):
        record = json.loads(convert(path.stem).model_dump_json())
        assert list(Draft202012Validator(schema).iter_errors(record)) == [], path.stem
