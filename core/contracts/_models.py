"""``ClaimResult`` and ``CaseResult``: the typed, versioned record of one verification."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ._enums import (
    AssessmentAvailability,
    ClaimAssessment,
    ExecutionStatus,
    QualityGate,
    ReasonCode,
)

__all__ = ["SCHEMA_VERSION", "CaseResult", "ClaimResult"]

SCHEMA_VERSION: Literal["1"] = "1"

# Records written by a newer minor schema may carry fields this version does not
# know. They are kept (``extra="allow"``) so reading and re-writing a record never
# loses data, and they never make parsing fail.
_RECORD_CONFIG = ConfigDict(extra="allow", frozen=True, use_enum_values=False)


class ClaimResult(BaseModel):
    """One claim of the response and how it relates to the evidence."""

    model_config = _RECORD_CONFIG

    claim_id: str = Field(description="Stable id of the claim within its case, e.g. 'c1'.")
    claim_text: str = Field(description="The atomic statement that was checked.")
    assessment: ClaimAssessment
    availability: AssessmentAvailability = Field(
        description="ASSESSED, or NOT_EVALUATED for an honest refusal."
    )
    reason: ReasonCode
    supporting_sources: list[str] = Field(default_factory=list)
    contradicting_sources: list[str] = Field(default_factory=list)
    confidence: float | None = Field(
        default=None,
        description="Match score for supported/insufficient claims; "
        "contradiction probability for contradicted ones.",
    )
    details: dict[str, Any] = Field(
        default_factory=dict, description="Raw scores: band, score, cos, lex, numeric_ok, ..."
    )
    char_start: int | None = Field(default=None, description="Start offset in the response.")
    char_end: int | None = Field(default=None, description="End offset in the response.")


class CaseResult(BaseModel):
    """The outcome of verifying one response against its sources, in four layers.

    Layers 1-3 (``execution``, ``availability``, ``claims[].assessment``) are
    measurement; ``quality_gate`` is policy, computed by ``compute_quality_gate``.
    """

    model_config = _RECORD_CONFIG

    schema_version: Literal["1"] = SCHEMA_VERSION
    case_id: str
    execution: ExecutionStatus
    availability: AssessmentAvailability
    quality_gate: QualityGate
    reason: ReasonCode | None = Field(
        default=None, description="Why the case ended as it did; None for an ordinary assessment."
    )
    claims: list[ClaimResult] = Field(default_factory=list)
    trust_score: float | None = Field(
        default=None,
        description="Mean best-span cosine of the claims (legacy meaning). Do not gate on it.",
    )
    summary: str = Field(default="", description="The outcome in words.")
    error_message: str | None = None
    latency_ms: float | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)

    def claims_with(self, assessment: ClaimAssessment) -> list[ClaimResult]:
        """The claims that received ``assessment``, in response order."""
        return [c for c in self.claims if c.assessment == assessment]

    @property
    def assessment_counts(self) -> dict[str, int]:
        """How many claims received each assessment (every assessment listed, zeros kept)."""
        counts = {a.value: 0 for a in ClaimAssessment}
        for claim in self.claims:
            counts[claim.assessment.value] += 1
        return counts
