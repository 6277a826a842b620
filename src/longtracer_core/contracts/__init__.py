"""The typed, versioned result of a verification: ``CaseResult`` and its parts.

Four layers: execution, availability, claim assessment (measurement) and the
quality gate (policy, ``compute_quality_gate``). See ``docs/reference/contract.md``.
"""

from ._enums import (
    AssessmentAvailability,
    CaseReading,
    ClaimAssessment,
    ClaimOutcome,
    ExecutionStatus,
    QualityGate,
    ReasonCode,
)
from ._gate import case_reading, claim_outcome, compute_quality_gate, summarize
from ._models import SCHEMA_VERSION, CaseResult, ClaimResult, build_case
from .legacy import LegacyVerificationAdapter

__all__ = [
    "AssessmentAvailability",
    "CaseReading",
    "CaseResult",
    "ClaimAssessment",
    "ClaimOutcome",
    "ClaimResult",
    "ExecutionStatus",
    "LegacyVerificationAdapter",
    "QualityGate",
    "ReasonCode",
    "SCHEMA_VERSION",
    "build_case",
    "case_reading",
    "claim_outcome",
    "compute_quality_gate",
    "summarize",
]
