"""``ClaimResult`` and ``CaseResult``: the typed, versioned record of one verification.

The JSON form is LongTracer's schema v1, so records interchange both ways: every
field LongTracer may omit has a default, ``details`` travels as a string (the
raw scores in words) and the structured raw scores travel beside it under the
optional ``details_data``. In Python, ``claim.details`` is the structured dict.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializationInfo,
    SerializerFunctionWrapHandler,
    WithJsonSchema,
    model_serializer,
    model_validator,
)

from ._enums import (
    AssessmentAvailability,
    CaseReading,
    ClaimAssessment,
    ClaimOutcome,
    ExecutionStatus,
    QualityGate,
    ReasonCode,
)
from ._gate import (
    case_reading,
    claim_outcome,
    compute_quality_gate,
    gate_of,
    legacy_verdict,
    outcome_words,
    summarize,
)

__all__ = ["SCHEMA_VERSION", "CaseResult", "ClaimResult", "build_case", "details_text"]

SCHEMA_VERSION = "1"

# Records written by a newer minor schema may carry fields this version does not
# know. They are kept (``extra="allow"``) so reading and re-writing a record never
# loses data, and they never make parsing fail.
_RECORD_CONFIG = ConfigDict(extra="allow", frozen=True, use_enum_values=False)

# A LongTracer record's ``details`` is free text; it is kept under this key.
DETAILS_TEXT_KEY = "text"


def _word(value: Any) -> str:
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def details_text(details: dict[str, Any]) -> str | None:
    """The raw scores in words, the string form of ``details`` in LongTracer's v1 records.

    Scalars are written as ``key=value`` in insertion order, lists of scalars
    comma-joined; nested records live only in ``details_data``.
    """
    if not details:
        return None
    if set(details) == {DETAILS_TEXT_KEY}:
        return str(details[DETAILS_TEXT_KEY])
    parts = []
    for key, value in details.items():
        if isinstance(value, (dict, tuple)) or value is None:
            continue
        if isinstance(value, list):
            if value and all(isinstance(v, (str, int, float)) for v in value):
                parts.append(f"{key}={','.join(_word(v) for v in value)}")
            continue
        parts.append(f"{key}={_word(value)}")
    return "; ".join(parts) if parts else None


def _details_in(data: dict[str, Any]) -> dict[str, Any]:
    """Accept ``details`` as LongTracer's string, our structured dict, or ``details_data``."""
    out = dict(data)
    structured = out.pop("details_data", None)
    raw = out.get("details")
    if isinstance(structured, dict):
        out["details"] = structured
    elif isinstance(raw, str):
        out["details"] = {DETAILS_TEXT_KEY: raw}
    elif raw is None:
        out["details"] = {}
    return out


def _number(value: Any, default: float) -> Any:
    return default if value is None else value


class ClaimResult(BaseModel):
    """One claim of the response and how it relates to the evidence."""

    model_config = _RECORD_CONFIG

    claim_id: str = Field(description="Stable id of the claim within its case, e.g. 'c1'.")
    claim_text: str = Field(description="The atomic statement that was checked.")
    assessment: ClaimAssessment
    availability: AssessmentAvailability = Field(
        default=AssessmentAvailability.ASSESSED,
        description="ASSESSED, or NOT_EVALUATED for an honest refusal.",
    )
    reason: ReasonCode | None = Field(
        default=None,
        description="The seed's reason code (docs/reference/contract.md, reason table).",
    )
    reason_detail: ReasonCode | None = Field(
        default=None,
        description="The finer cause where the seed's code is coarser: PARTIAL_SUPPORT, "
        "NUMERIC_MISMATCH or the v2 gate that kept the claim down.",
    )
    supporting_sources: list[str] = Field(default_factory=list)
    contradicting_sources: list[str] = Field(default_factory=list)
    confidence: float = Field(
        default=1.0,
        description="Match score for supported/insufficient claims; "
        "contradiction probability for contradicted ones.",
    )
    details: Annotated[
        dict[str, Any],
        WithJsonSchema(
            {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "The raw scores in words; structured in details_data.",
                "title": "Details",
            }
        ),
    ] = Field(default_factory=dict)
    details_data: Annotated[
        dict[str, Any] | None,
        WithJsonSchema(
            {
                "anyOf": [{"type": "object"}, {"type": "null"}],
                "default": None,
                "description": "Raw scores: band, score, cos, lex, numeric_ok, best_span, ...",
                "title": "Details Data",
            }
        ),
    ] = Field(default=None, exclude=True)
    char_start: int | None = Field(default=None, description="Start offset in the response.")
    char_end: int | None = Field(default=None, description="End offset in the response.")
    outcome: ClaimOutcome | None = Field(
        default=None,
        description="SUPPORTED, UNCERTAIN or REFUTED (a decisive finding); None when the claim "
        "was not assessed. What flag and redact act on.",
    )
    finding: str | None = Field(
        default=None,
        description="The verdict in words: the decisive finding of a REFUTED claim, or why an "
        "UNCERTAIN claim stays uncertain.",
    )
    p_wrong: float | None = Field(
        default=None,
        ge=0.0,
        le=1.0,
        description="Calibrated probability that the claim is wrong (docs/reference/matcher.md).",
    )

    @property
    def outcome_text(self) -> str:
        """The verdict for people: the outcome and its finding, e.g. ``"refuted: the claim
        gives 1951; source bridge.txt gives 1937 (...)"`` or ``"uncertain: no passage states
        this claim; ..."`` (the words the CLI, the HTML report and the callbacks show)."""
        return outcome_words(self)

    @property
    def reason_text(self) -> str:
        """The reason for people: the seed's code, then the finer cause when there is one."""
        text = self.reason.value if self.reason is not None else "-"
        if self.reason_detail is not None:
            text += f" ({self.reason_detail.value})"
        return text

    @model_validator(mode="before")
    @classmethod
    def _wire_in(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        out = _details_in(data)
        out["confidence"] = _number(out.get("confidence"), 1.0)
        return out

    @model_serializer(mode="wrap")
    def _wire_out(self, handler: SerializerFunctionWrapHandler, info: SerializationInfo) -> Any:
        data = handler(self)
        if info.mode_is_json() and isinstance(data, dict) and "details" in data:
            structured = data["details"]
            data["details"] = details_text(self.details)
            if structured and set(self.details) != {DETAILS_TEXT_KEY}:
                data["details_data"] = structured
        return data


class CaseResult(BaseModel):
    """The outcome of verifying one response against its sources, in four layers.

    Layers 1-3 (``execution``, ``availability``, ``claims[].assessment``) are
    measurement; ``quality_gate`` is policy, computed by ``compute_quality_gate``
    (and computed on reading when a record omits it).
    """

    model_config = _RECORD_CONFIG

    schema_version: str = Field(default=SCHEMA_VERSION, description='Always "1" here.')
    case_id: str | None = None
    execution: ExecutionStatus = ExecutionStatus.SUCCESS
    availability: AssessmentAvailability = AssessmentAvailability.ASSESSED
    quality_gate: QualityGate = Field(
        default=QualityGate.INDETERMINATE,
        description="Policy outcome; a record without one gets compute_quality_gate's.",
    )
    reason: ReasonCode | None = Field(
        default=None, description="Why the case ended as it did; None for an ordinary assessment."
    )
    claims: list[ClaimResult] = Field(default_factory=list)
    trust_score: float = Field(
        default=0.0,
        description="Mean best-span cosine of the claims (legacy meaning). Do not gate on it.",
    )
    summary: str = Field(default="", description="The outcome in words.")
    error_message: str | None = None
    latency_ms: float | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _wire_in(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        version = data.get("schema_version", SCHEMA_VERSION)
        if version != SCHEMA_VERSION:
            raise ValueError(
                f"schema_version {version!r} is not readable here (this version reads "
                f"{SCHEMA_VERSION!r})"
            )
        out = dict(data)
        score = out.get("trust_score")
        out["trust_score"] = (
            0.0 if score is None or (isinstance(score, float) and math.isnan(score)) else score
        )
        return out

    @model_validator(mode="after")
    def _gate_when_missing(self) -> CaseResult:
        if "quality_gate" not in self.model_fields_set:
            object.__setattr__(self, "quality_gate", compute_quality_gate(self))
        return self

    def claims_with(self, assessment: ClaimAssessment) -> list[ClaimResult]:
        """The claims that received ``assessment``, in response order."""
        return [c for c in self.claims if c.assessment == assessment]

    @property
    def reading(self) -> CaseReading:
        """The operators' reading beside the seed's gate: PASS, REVIEW (uncertain claims,
        none refuted), FAIL (a refuted claim) or INDETERMINATE (``case_reading``)."""
        return case_reading(self)

    @property
    def outcome_counts(self) -> dict[str, int]:
        """How many assessed claims ended with each outcome (every outcome listed, zeros kept)."""
        counts = {o.value: 0 for o in ClaimOutcome}
        for claim in self.claims:
            outcome = claim_outcome(claim)
            if outcome is not None:
                counts[outcome.value] += 1
        return counts

    @property
    def assessment_counts(self) -> dict[str, int]:
        """How many claims received each assessment (every assessment listed, zeros kept)."""
        counts = {a.value: 0 for a in ClaimAssessment}
        for claim in self.claims:
            counts[claim.assessment.value] += 1
        return counts


def build_case(
    *,
    case_id: str | None,
    execution: ExecutionStatus,
    availability: AssessmentAvailability,
    reason: ReasonCode | None = None,
    claims: Sequence[ClaimResult] = (),
    trust_score: float | None = None,
    error_message: str | None = None,
    latency_ms: float | None = None,
    metadata: dict[str, Any] | None = None,
) -> CaseResult:
    """Build a ``CaseResult`` whose gate and summary follow from its layers."""
    claim_list = list(claims)
    meta = dict(metadata or {})
    if availability is AssessmentAvailability.NOT_EVALUATED:
        # Partial results are never reported.
        claim_list = []
    else:
        meta.setdefault("legacy_verdict", legacy_verdict(claim_list))
    return CaseResult(
        case_id=case_id,
        execution=execution,
        availability=availability,
        quality_gate=gate_of(execution, availability, reason, claim_list),
        reason=reason,
        claims=claim_list,
        trust_score=trust_score if trust_score is not None else 0.0,
        summary=summarize(execution, availability, reason, claim_list, error_message),
        error_message=error_message,
        latency_ms=latency_ms,
        metadata=meta,
    )
