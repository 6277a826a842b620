"""Quickstart (placeholder until the engine lands): print a CaseResult built by hand."""

from longtracer_core.contracts import (
    AssessmentAvailability,
    ClaimAssessment,
    ClaimResult,
    ExecutionStatus,
    ReasonCode,
    build_case,
)

claims = [
    ClaimResult(
        claim_id="c1",
        claim_text="Webb launched on 25 December 2021.",
        assessment=ClaimAssessment.SUPPORTED,
        availability=AssessmentAvailability.ASSESSED,
        reason=ReasonCode.SUPPORTED_BY_EVIDENCE,
        supporting_sources=["jwst-overview"],
        confidence=0.91,
    ),
    ClaimResult(
        claim_id="c2",
        claim_text="L2 is 3.5 million kilometres from Earth.",
        assessment=ClaimAssessment.INSUFFICIENT_EVIDENCE,
        availability=AssessmentAvailability.ASSESSED,
        reason=ReasonCode.NUMERIC_MISMATCH,
        confidence=0.2,
    ),
]
case = build_case(
    case_id="demo",
    execution=ExecutionStatus.SUCCESS,
    availability=AssessmentAvailability.ASSESSED,
    claims=claims,
)
print(case.model_dump_json(indent=2))
print("gate:", case.quality_gate, "-", case.summary)
