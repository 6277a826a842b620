"""v1 records interchange with LongTracer 0.3.1 both ways (fixtures in tests/fixtures/longtracer031).

LongTracer's records load into our models unchanged and are written back valid
under LongTracer's own v1 JSON Schema; our records validate under that schema;
our schema breaks nothing LongTracer's v1 promised (the compatibility rule).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from longtracer_core.contracts import CaseResult, ClaimResult, QualityGate
from longtracer_core.contracts import ClaimAssessment as C
from longtracer_core.contracts import ReasonCode as R
from longtracer_core.contracts.compat import check_compatibility
from longtracer_core.contracts.schema import case_result_schema
from tests.helpers import FABRICATED, SOURCES, SUPPORTED, SWAPPED, verifier

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "longtracer031"
CASES = sorted((FIXTURES / "cases").glob("*.json"))


@pytest.fixture(scope="module")
def lt_validator() -> Draft202012Validator:
    schema = json.loads((FIXTURES / "case_result.v1.schema.json").read_text(encoding="utf-8"))
    return Draft202012Validator(schema)


def _errors(validator: Draft202012Validator, record: dict) -> list[str]:
    return [f"{list(e.path)}: {e.message}" for e in validator.iter_errors(record)]


def test_fixtures_come_from_longtracer_031():
    """The fixtures were written by LongTracer 0.3.1 and cover the seed's edge cases."""
    assert json.loads((FIXTURES / "VERSION").read_text())["longtracer"] == "0.3.1"
    names = {p.stem for p in CASES}
    assert {"supported", "empty", "too_short", "refusal", "no_sources", "no_source_text"} <= names


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_longtracer_record_loads_and_writes_back_valid(path, lt_validator):
    """A LongTracer v1 record → our CaseResult → JSON that LongTracer's schema accepts, same layers."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert _errors(lt_validator, raw) == []  # the fixture itself is a valid v1 record
    case = CaseResult.model_validate_json(path.read_text(encoding="utf-8"))
    out = json.loads(case.model_dump_json())
    assert _errors(lt_validator, out) == []
    for key in ("schema_version", "case_id", "execution", "availability", "quality_gate"):
        assert out[key] == raw[key], key
    assert out["reason"] == raw["reason"] and out["trust_score"] == raw["trust_score"]
    assert out["metadata"] == raw["metadata"]
    for ours, theirs in zip(out["claims"], raw["claims"], strict=True):
        for key in ("assessment", "reason", "availability", "confidence", "details"):
            assert ours[key] == theirs[key], key
        assert "details_data" not in ours  # a string details stays a string


def test_longtracer_string_details_is_kept_under_text():
    """In Python, LongTracer's free-text details is a dict with the text under 'text'."""
    case = CaseResult.model_validate_json((FIXTURES / "cases" / "supported.json").read_text())
    assert case.claims[0].details["text"].startswith("sts_similarity=")


def test_minimal_longtracer_record_gets_defaults():
    """LongTracer's v1 requires only claim_id/claim_text/assessment; the rest defaults."""
    case = CaseResult.model_validate(
        {"claims": [{"claim_id": "c1", "claim_text": "x", "assessment": "SUPPORTED"}]}
    )
    assert case.case_id is None and case.execution.value == "SUCCESS"
    assert case.availability.value == "ASSESSED" and case.trust_score == 0.0
    claim = case.claims[0]
    assert claim.availability.value == "ASSESSED" and claim.reason is None
    assert claim.confidence == 1.0 and claim.details == {}
    assert case.quality_gate is QualityGate.PASS  # computed, since the record has none


def test_record_without_gate_never_passes_when_a_claim_is_not_supported():
    """An omitted gate is computed from the claims, not defaulted to PASS."""
    case = CaseResult.model_validate(
        {"claims": [{"claim_id": "c1", "claim_text": "x", "assessment": "CONTRADICTED"}]}
    )
    assert case.quality_gate is QualityGate.FAIL


def test_other_schema_versions_are_refused():
    """A record of another major version is an error, not a silent misread."""
    with pytest.raises(ValueError, match="schema_version"):
        CaseResult.model_validate({"schema_version": "2"})


def _our_cases() -> list[CaseResult]:
    v = verifier()
    return [
        v.verify_case(f"{SUPPORTED} {SWAPPED} {FABRICATED}", SOURCES, case_id="mixed"),
        v.verify_case(SUPPORTED, [], case_id="nosources"),
        v.verify_case("", SOURCES, case_id="empty"),
        v.verify_case("Yes.", SOURCES, case_id="short"),
        v.verify_case("The provided documents do not contain that.", SOURCES, case_id="refusal"),
        v.verify_case(SUPPORTED, [""], case_id="notext"),
    ]


def test_our_records_validate_under_longtracers_schema(lt_validator):
    """What we write is a valid LongTracer v1 record, and LongTracer's reader fields mean the same."""
    for case in _our_cases():
        out = json.loads(case.model_dump_json())
        assert _errors(lt_validator, out) == [], case.case_id
        for claim in out["claims"]:
            assert claim["details"] is None or isinstance(claim["details"], str)


def test_our_records_round_trip_with_structured_details():
    """JSON → model → JSON is stable, and claim.details comes back as the structured dict."""
    for case in _our_cases():
        text = case.model_dump_json()
        again = CaseResult.model_validate_json(text)
        assert again == case, case.case_id
        assert again.model_dump_json() == text
    mixed = _our_cases()[0]
    assert isinstance(mixed.claims[0].details["score"], float)
    wire = json.loads(mixed.model_dump_json())["claims"][0]
    assert wire["details_data"]["score"] == mixed.claims[0].details["score"]
    assert wire["details"].startswith("band=supported; score=")


def test_python_dump_keeps_details_a_dict():
    """model_dump() (Python mode) is unchanged: details is the dict, no details_data key."""
    dumped = _our_cases()[0].model_dump()["claims"][0]
    assert isinstance(dumped["details"], dict) and "details_data" not in dumped


def test_records_in_our_earlier_v1_form_still_load():
    """Records written before the interchange (details an object, nulls) still read."""
    claim = ClaimResult.model_validate(
        {
            "claim_id": "c1",
            "claim_text": "x",
            "assessment": "INSUFFICIENT_EVIDENCE",
            "availability": "ASSESSED",
            "reason": "LOW_EVIDENCE_SIMILARITY",
            "confidence": None,
            "details": {"score": 0.1, "band": "unsupported"},
        }
    )
    assert claim.details["score"] == 0.1 and claim.confidence == 1.0
    case = CaseResult.model_validate(
        {
            "case_id": "a",
            "execution": "SUCCESS",
            "availability": "ASSESSED",
            "quality_gate": "FAIL",
            "trust_score": None,
            "claims": [claim.model_dump(mode="json")],
        }
    )
    assert case.trust_score == 0.0 and case.claims[0].assessment is C.INSUFFICIENT_EVIDENCE


def test_our_schema_breaks_nothing_longtracers_v1_promised():
    """Compatibility rule, LongTracer's v1 as the old schema: no removal, re-typing, new requirement."""
    theirs = json.loads((FIXTURES / "case_result.v1.schema.json").read_text(encoding="utf-8"))
    problems = check_compatibility(theirs, case_result_schema())
    assert problems == [], "\n".join(map(str, problems))


def test_longtracers_reason_codes_are_all_ours():
    """Every LongTracer reason code reads into ours (enum members are only ever added)."""
    theirs = json.loads((FIXTURES / "case_result.v1.schema.json").read_text(encoding="utf-8"))
    assert set(theirs["$defs"]["ReasonCode"]["enum"]) <= {r.value for r in R}
