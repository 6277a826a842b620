"""The CaseResult contract: enums, the quality gate table, summaries, parsing."""

from __future__ import annotations

import json

import pytest

from longtracer_core.contracts import (
    AssessmentAvailability as A,
)
from longtracer_core.contracts import (
    CaseResult,
    ClaimOutcome,
    ClaimResult,
    QualityGate,
    ReasonCode,
    build_case,
    compute_quality_gate,
    summarize,
)
from longtracer_core.contracts import (
    ClaimAssessment as C,
)
from longtracer_core.contracts import (
    ExecutionStatus as E,
)
from longtracer_core.contracts import (
    ReasonCode as R,
)


def claim(
    assessment: C = C.SUPPORTED,
    availability: A = A.ASSESSED,
    reason: R = R.SUPPORTED_BY_EVIDENCE,
    cid: str = "c1",
) -> ClaimResult:
    return ClaimResult(
        claim_id=cid,
        claim_text="Water boils at 100 °C.",
        assessment=assessment,
        availability=availability,
        reason=reason,
    )


def case(execution: E, availability: A, reason: R | None, claims: list[ClaimResult]) -> CaseResult:
    return CaseResult(
        case_id="t",
        execution=execution,
        availability=availability,
        quality_gate=QualityGate.INDETERMINATE,  # what is stored does not matter to the gate
        reason=reason,
        claims=claims,
    )


REFUSAL = claim(C.INSUFFICIENT_EVIDENCE, A.NOT_EVALUATED, R.HONEST_UNCERTAINTY, "c0")
UNSUPPORTED = claim(C.INSUFFICIENT_EVIDENCE, A.ASSESSED, R.LOW_EVIDENCE_SIMILARITY, "c2")

GATE_TABLE = [
    # execution is not SUCCESS -> INDETERMINATE, whatever else the record says
    pytest.param(
        E.ERROR, A.NOT_EVALUATED, R.MODEL_UNAVAILABLE, [], QualityGate.INDETERMINATE, id="error"
    ),
    pytest.param(
        E.TIMEOUT,
        A.NOT_EVALUATED,
        R.EVALUATION_TIMEOUT,
        [],
        QualityGate.INDETERMINATE,
        id="timeout",
    ),
    pytest.param(
        E.CANCELLED,
        A.NOT_EVALUATED,
        R.EXECUTION_CANCELLED,
        [],
        QualityGate.INDETERMINATE,
        id="cancelled",
    ),
    pytest.param(
        E.SKIPPED, A.NOT_EVALUATED, R.EXECUTION_SKIPPED, [], QualityGate.INDETERMINATE, id="skipped"
    ),
    pytest.param(
        E.ERROR,
        A.ASSESSED,
        None,
        [claim()],
        QualityGate.INDETERMINATE,
        id="error-even-with-supported-claims",
    ),
    # availability NOT_EVALUATED -> INDETERMINATE
    pytest.param(
        E.SUCCESS, A.NOT_EVALUATED, None, [], QualityGate.INDETERMINATE, id="not-evaluated"
    ),
    # NO_ASSESSABLE_CLAIMS: refusal passes, anything else fails
    pytest.param(
        E.SUCCESS,
        A.NO_ASSESSABLE_CLAIMS,
        R.HONEST_UNCERTAINTY_ONLY,
        [REFUSAL],
        QualityGate.PASS,
        id="refusal-only",
    ),
    pytest.param(
        E.SUCCESS, A.NO_ASSESSABLE_CLAIMS, R.EMPTY_RESPONSE, [], QualityGate.FAIL, id="empty"
    ),
    pytest.param(
        E.SUCCESS,
        A.NO_ASSESSABLE_CLAIMS,
        R.NO_EXTRACTABLE_CLAIMS,
        [],
        QualityGate.FAIL,
        id="too-short",
    ),
    pytest.param(
        E.SUCCESS, A.NO_ASSESSABLE_CLAIMS, None, [], QualityGate.FAIL, id="no-claims-no-reason"
    ),
    # ASSESSED
    pytest.param(E.SUCCESS, A.ASSESSED, None, [claim()], QualityGate.PASS, id="all-supported"),
    pytest.param(
        E.SUCCESS, A.ASSESSED, None, [claim(), UNSUPPORTED], QualityGate.FAIL, id="one-insufficient"
    ),
    pytest.param(
        E.SUCCESS,
        A.ASSESSED,
        None,
        [claim(C.CONTRADICTED, reason=R.CONTRADICTED_BY_EVIDENCE)],
        QualityGate.FAIL,
        id="contradicted",
    ),
    pytest.param(
        E.SUCCESS,
        A.ASSESSED,
        None,
        [claim(C.CONFLICTING_SOURCES, reason=R.CONFLICTING_EVIDENCE)],
        QualityGate.FAIL,
        id="conflicting",
    ),
    pytest.param(
        E.SUCCESS,
        A.ASSESSED,
        R.NO_SOURCES_SUPPLIED,
        [claim(C.INSUFFICIENT_EVIDENCE, reason=R.NO_SOURCES_SUPPLIED)],
        QualityGate.FAIL,
        id="no-sources",
    ),
    # refusal plus factual claims: the gate follows the assessed claims only
    pytest.param(
        E.SUCCESS,
        A.ASSESSED,
        None,
        [REFUSAL, claim()],
        QualityGate.PASS,
        id="refusal-plus-supported",
    ),
    pytest.param(
        E.SUCCESS,
        A.ASSESSED,
        None,
        [REFUSAL, UNSUPPORTED],
        QualityGate.FAIL,
        id="refusal-plus-unsupported",
    ),
    # ASSESSED but nothing assessed: never a pass
    pytest.param(
        E.SUCCESS, A.ASSESSED, None, [REFUSAL], QualityGate.INDETERMINATE, id="assessed-nothing"
    ),
    pytest.param(E.SUCCESS, A.ASSESSED, None, [], QualityGate.INDETERMINATE, id="assessed-empty"),
]


@pytest.mark.parametrize(("execution", "availability", "reason", "claims", "expected"), GATE_TABLE)
def test_quality_gate_table(execution, availability, reason, claims, expected):
    """Every row of the gate policy table maps to its gate."""
    c = case(execution, availability, reason, claims)
    assert compute_quality_gate(c) is expected
    # the gate is policy: it never touches the claims
    assert c.claims == claims


def test_enum_values_equal_names():
    """Every enum's string values equal the member names (stable on the wire)."""
    from longtracer_core import contracts

    for enum in (
        contracts.ExecutionStatus,
        contracts.AssessmentAvailability,
        contracts.ClaimAssessment,
        contracts.QualityGate,
        contracts.ReasonCode,
    ):
        for member in enum:
            assert member.value == member.name
            assert str(member) == member.name


def test_reason_codes_cover_the_specification():
    """The reason vocabulary holds every seed reason plus the matcher's additions."""
    required = {
        "SUPPORTED_BY_EVIDENCE",
        "CONTRADICTED_BY_EVIDENCE",
        "NOT_ENTAILED",
        "LOW_EVIDENCE_SIMILARITY",
        "NO_SOURCES_SUPPLIED",
        "NO_SOURCE_TEXT",
        "HONEST_UNCERTAINTY",
        "CONFLICTING_EVIDENCE",
        "EMPTY_RESPONSE",
        "NO_EXTRACTABLE_CLAIMS",
        "HONEST_UNCERTAINTY_ONLY",
        "MODEL_UNAVAILABLE",
        "EVALUATION_FAILED",
        "EVALUATION_TIMEOUT",
        "EXECUTION_CANCELLED",
        "INVALID_INPUT",
        "EXECUTION_SKIPPED",
        "PARTIAL_SUPPORT",
        "NUMERIC_MISMATCH",
        "DECOMPOSITION_FAILED",
        "EMBEDDING_MODEL_MISMATCH",
    }
    assert required <= {r.value for r in ReasonCode}


def test_summary_differs_per_reason():
    """Each no-assessment reason has its own summary in words."""
    texts = {
        reason: summarize(E.SUCCESS, A.NO_ASSESSABLE_CLAIMS, reason, [])
        for reason in (R.EMPTY_RESPONSE, R.NO_EXTRACTABLE_CLAIMS, R.HONEST_UNCERTAINTY_ONLY)
    }
    assert len(set(texts.values())) == 3
    assert "empty" in texts[R.EMPTY_RESPONSE].lower()
    assert "short" in texts[R.NO_EXTRACTABLE_CLAIMS].lower()
    errors = {
        summarize(E.ERROR, A.NOT_EVALUATED, r, [])
        for r in (R.MODEL_UNAVAILABLE, R.EVALUATION_FAILED, R.INVALID_INPUT, R.DECOMPOSITION_FAILED)
    }
    assert len(errors) == 4


def test_summary_counts_assessed_claims():
    """An assessed case's summary counts claims by assessment and mentions refusals."""
    text = summarize(E.SUCCESS, A.ASSESSED, None, [claim(), UNSUPPORTED, REFUSAL])
    assert "1 of 2 claims supported" in text
    assert "1 without sufficient evidence" in text
    assert "1 honest refusal" in text


def test_an_unevaluated_case_summary_ends_with_its_cause():
    """INDETERMINATE cases: the summary people print carries the error message, so the cause
    is visible without reading case.error_message; assessed cases never get one."""
    cause = "sources must be a list of sources or one source, got int"
    c = build_case(
        case_id="x",
        execution=E.ERROR,
        availability=A.NOT_EVALUATED,
        reason=R.INVALID_INPUT,
        error_message=cause,
    )
    assert c.quality_gate is QualityGate.INDETERMINATE
    assert c.summary == f"The input could not be verified. Cause: {cause}."
    timed_out = summarize(E.TIMEOUT, A.NOT_EVALUATED, R.EVALUATION_TIMEOUT, [], "after 5.0 s.")
    assert timed_out.endswith("Cause: after 5.0 s.")
    assessed = summarize(E.SUCCESS, A.ASSESSED, None, [claim()], "ignored")
    assert "Cause" not in assessed


def test_empty_sources_summary_leads_the_counts():
    """NO_SOURCE_TEXT, like NO_SOURCES_SUPPLIED, says so before the claim counts."""
    text = summarize(E.SUCCESS, A.ASSESSED, R.NO_SOURCE_TEXT, [UNSUPPORTED])
    assert text.startswith("Every source is empty") and text.endswith(
        "0 of 1 claims supported by the sources; 1 without sufficient evidence."
    )


def test_build_case_never_reports_partial_results():
    """A NOT_EVALUATED case drops any claims handed to it and gets its gate computed."""
    c = build_case(
        case_id="x",
        execution=E.TIMEOUT,
        availability=A.NOT_EVALUATED,
        reason=R.EVALUATION_TIMEOUT,
        claims=[claim()],
    )
    assert c.claims == []
    assert c.quality_gate is QualityGate.INDETERMINATE
    assert c.summary


def test_parsing_a_newer_minor_record_keeps_unknown_fields():
    """A record with fields from a newer minor schema parses, and round-trips them."""
    record = json.loads(
        build_case(
            case_id="x", execution=E.SUCCESS, availability=A.ASSESSED, claims=[claim()]
        ).model_dump_json()
    )
    record["added_in_1_3"] = {"nested": True}
    record["claims"][0]["added_claim_field"] = 0.5
    parsed = CaseResult.model_validate(record)
    assert parsed.quality_gate is QualityGate.PASS
    again = json.loads(parsed.model_dump_json())
    assert again["added_in_1_3"] == {"nested": True}
    assert again["claims"][0]["added_claim_field"] == 0.5


def test_schema_version_is_one_and_round_trips():
    """Every record carries schema_version "1" and survives JSON."""
    c = build_case(case_id="x", execution=E.SUCCESS, availability=A.ASSESSED, claims=[claim()])
    assert c.schema_version == "1"
    assert CaseResult.model_validate_json(c.model_dump_json()) == c


def test_assessment_counts_lists_every_assessment():
    """``assessment_counts`` lists all four assessments, zeros included."""
    c = build_case(
        case_id="x", execution=E.SUCCESS, availability=A.ASSESSED, claims=[claim(), UNSUPPORTED]
    )
    assert c.assessment_counts == {
        "SUPPORTED": 1,
        "CONTRADICTED": 0,
        "INSUFFICIENT_EVIDENCE": 1,
        "CONFLICTING_SOURCES": 0,
    }


def _settled(base: ClaimResult, outcome: ClaimOutcome, finding: str) -> ClaimResult:
    return base.model_copy(update={"outcome": outcome, "finding": finding, "p_wrong": 0.5})


def test_outcome_text_is_the_outcome_and_its_finding_in_words():
    """Every surface prints ``outcome_text``: the outcome, then the finding; a finding that
    already starts with its outcome ("supported by ...") stands alone."""
    figure = "the claim gives 1951; source bridge.txt gives 1937"
    refuted = _settled(claim(C.CONTRADICTED), ClaimOutcome.REFUTED, figure)
    assert refuted.outcome_text == f"refuted: {figure}"
    uncertain = _settled(UNSUPPORTED, ClaimOutcome.UNCERTAIN, "no source speaks to this claim")
    assert uncertain.outcome_text == "uncertain: no source speaks to this claim"
    supported = _settled(claim(), ClaimOutcome.SUPPORTED, "supported by bridge.txt")
    assert supported.outcome_text == "supported by bridge.txt"
    assert REFUSAL.outcome_text == "not assessed"


def test_a_record_without_outcomes_is_never_read_as_refuted():
    """An older record (no outcome field): supported stays supported, the rest is uncertain,
    as flag and redact read it; nothing is refuted without a finding."""
    old = [claim(), claim(C.CONTRADICTED, reason=R.CONTRADICTED_BY_EVIDENCE), REFUSAL]
    assert [c.outcome_text for c in old] == ["supported", "uncertain", "not assessed"]
    c = build_case(case_id="x", execution=E.SUCCESS, availability=A.ASSESSED, claims=old)
    assert c.outcome_counts == {"SUPPORTED": 1, "UNCERTAIN": 1, "REFUTED": 0}
    assert "Outcomes" not in c.summary  # the summary counts outcomes only when they were set


def test_summary_counts_outcomes_after_the_seeds_assessments():
    """The summary keeps the seed's counts (they decide the gate), then the outcomes."""
    claims = [
        _settled(claim(), ClaimOutcome.SUPPORTED, "supported by a"),
        _settled(claim(C.CONTRADICTED, cid="c2"), ClaimOutcome.REFUTED, "figure"),
        _settled(UNSUPPORTED, ClaimOutcome.UNCERTAIN, "no passage states this claim"),
    ]
    c = build_case(case_id="x", execution=E.SUCCESS, availability=A.ASSESSED, claims=claims)
    assert c.summary == (
        "1 of 3 claims supported by the sources; 1 contradicted; 1 without sufficient "
        "evidence. Outcomes: 1 supported, 1 uncertain, 1 refuted."
    )
    assert c.outcome_counts == {"SUPPORTED": 1, "UNCERTAIN": 1, "REFUTED": 1}
