"""The four layers' vocabularies and the reason codes; string values equal names."""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "AssessmentAvailability",
    "CaseReading",
    "ClaimAssessment",
    "ClaimOutcome",
    "ExecutionStatus",
    "QualityGate",
    "ReasonCode",
]


class _StrEnum(StrEnum):
    """A ``str`` enum whose ``str()`` is its value, so logs read ``PASS``."""

    def __str__(self) -> str:
        return str(self.value)


class ExecutionStatus(_StrEnum):
    """Layer 1: did the evaluator run to completion?"""

    SUCCESS = "SUCCESS"
    ERROR = "ERROR"
    TIMEOUT = "TIMEOUT"
    CANCELLED = "CANCELLED"
    SKIPPED = "SKIPPED"


class AssessmentAvailability(_StrEnum):
    """Layer 2: was there anything to assess?"""

    ASSESSED = "ASSESSED"
    NO_ASSESSABLE_CLAIMS = "NO_ASSESSABLE_CLAIMS"
    NOT_EVALUATED = "NOT_EVALUATED"


class ClaimAssessment(_StrEnum):
    """Layer 3: how one claim relates to the supplied evidence."""

    SUPPORTED = "SUPPORTED"
    CONTRADICTED = "CONTRADICTED"
    INSUFFICIENT_EVIDENCE = "INSUFFICIENT_EVIDENCE"
    CONFLICTING_SOURCES = "CONFLICTING_SOURCES"


class ClaimOutcome(_StrEnum):
    """What the guard does with an assessed claim (beside the seed's assessment).

    ``SUPPORTED`` passes. ``REFUTED`` carries a decisive finding the evidence
    proves (a name it lacks, a figure it gives otherwise, the opposite polarity or
    direction, a judge's quote): ``redact`` removes it. ``UNCERTAIN``
    is everything else below supported: marked, never deleted on a guess
    (unless ``strictness`` asks for it).
    """

    SUPPORTED = "SUPPORTED"
    UNCERTAIN = "UNCERTAIN"
    REFUTED = "REFUTED"


class QualityGate(_StrEnum):
    """Layer 4: does the case pass policy? Computed by ``compute_quality_gate``."""

    PASS = "PASS"
    FAIL = "FAIL"
    INDETERMINATE = "INDETERMINATE"


class CaseReading(_StrEnum):
    """The operators' reading of a case, beside the seed's gate (``case_reading``).

    ``FAIL``: the evidence refutes at least one claim (a decisive finding). ``REVIEW``:
    nothing refuted, something uncertain. ``PASS``: every assessed claim passes (or the
    answer is an honest refusal). ``INDETERMINATE``: nothing was checked.
    """

    PASS = "PASS"
    REVIEW = "REVIEW"
    FAIL = "FAIL"
    INDETERMINATE = "INDETERMINATE"


class ReasonCode(_StrEnum):
    """Why a case or a claim ended where it did.

    Case reasons and claim reasons share one vocabulary; the docs table says
    which apply where. New members may be added without a schema version bump.
    """

    # claim reasons
    SUPPORTED_BY_EVIDENCE = "SUPPORTED_BY_EVIDENCE"
    CONTRADICTED_BY_EVIDENCE = "CONTRADICTED_BY_EVIDENCE"
    NOT_ENTAILED = "NOT_ENTAILED"
    LOW_EVIDENCE_SIMILARITY = "LOW_EVIDENCE_SIMILARITY"
    PARTIAL_SUPPORT = "PARTIAL_SUPPORT"
    NUMERIC_MISMATCH = "NUMERIC_MISMATCH"
    NO_SOURCE_TEXT = "NO_SOURCE_TEXT"
    HONEST_UNCERTAINTY = "HONEST_UNCERTAINTY"
    CONFLICTING_EVIDENCE = "CONFLICTING_EVIDENCE"
    # v2 gates (scoring/gates.py): the gate that kept a strongly matching claim down
    POLARITY_MISMATCH = "POLARITY_MISMATCH"
    DIRECTION_MISMATCH = "DIRECTION_MISMATCH"
    QUANTIFIER_MISMATCH = "QUANTIFIER_MISMATCH"
    ENTITY_MISMATCH = "ENTITY_MISMATCH"
    FIGURE_ROLE_MISMATCH = "FIGURE_ROLE_MISMATCH"
    CAUSAL_MISMATCH = "CAUSAL_MISMATCH"
    # case reasons (NO_SOURCES_SUPPLIED is also a claim reason)
    NO_SOURCES_SUPPLIED = "NO_SOURCES_SUPPLIED"
    EMPTY_RESPONSE = "EMPTY_RESPONSE"
    NO_EXTRACTABLE_CLAIMS = "NO_EXTRACTABLE_CLAIMS"
    HONEST_UNCERTAINTY_ONLY = "HONEST_UNCERTAINTY_ONLY"
    MODEL_UNAVAILABLE = "MODEL_UNAVAILABLE"
    EVALUATION_FAILED = "EVALUATION_FAILED"
    EVALUATION_TIMEOUT = "EVALUATION_TIMEOUT"
    EXECUTION_CANCELLED = "EXECUTION_CANCELLED"
    EXECUTION_SKIPPED = "EXECUTION_SKIPPED"
    INVALID_INPUT = "INVALID_INPUT"
    INPUT_TOO_LARGE = "INPUT_TOO_LARGE"
    DECOMPOSITION_FAILED = "DECOMPOSITION_FAILED"
    EMBEDDING_MODEL_MISMATCH = "EMBEDDING_MODEL_MISMATCH"
    JUDGE_FAILED = "JUDGE_FAILED"
