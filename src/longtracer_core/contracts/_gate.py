"""The quality gate (layer 4) and the summary in words: pure functions of a case.

Reads the records' fields only; ``_models`` builds cases with these functions
(``build_case``, the gate of a record read without one), so nothing here imports it at run time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ._enums import (
    AssessmentAvailability,
    CaseReading,
    ClaimAssessment,
    ClaimOutcome,
    ExecutionStatus,
    QualityGate,
    ReasonCode,
)

if TYPE_CHECKING:
    from ._models import CaseResult, ClaimResult

__all__ = [
    "case_reading",
    "claim_outcome",
    "compute_quality_gate",
    "gate_of",
    "legacy_verdict",
    "outcome_words",
    "summarize",
]


def gate_of(
    execution: ExecutionStatus,
    availability: AssessmentAvailability,
    reason: ReasonCode | None,
    claims: Sequence[ClaimResult],
) -> QualityGate:
    """The gate of a case with these layers (``compute_quality_gate`` for a whole case)."""
    if execution is not ExecutionStatus.SUCCESS:
        return QualityGate.INDETERMINATE
    if availability is AssessmentAvailability.NOT_EVALUATED:
        return QualityGate.INDETERMINATE
    if availability is AssessmentAvailability.NO_ASSESSABLE_CLAIMS:
        if reason is ReasonCode.HONEST_UNCERTAINTY_ONLY:
            return QualityGate.PASS
        return QualityGate.FAIL
    assessed = [c for c in claims if c.availability is AssessmentAvailability.ASSESSED]
    if not assessed:
        # ASSESSED with nothing assessed is a malformed record: never a PASS.
        return QualityGate.INDETERMINATE
    if all(c.assessment is ClaimAssessment.SUPPORTED for c in assessed):
        return QualityGate.PASS
    return QualityGate.FAIL


def compute_quality_gate(case: CaseResult) -> QualityGate:
    """Apply the gate policy to a case; never changes the case or its claims.

    ===========================================================  =============
    situation                                                    gate
    ===========================================================  =============
    execution is not SUCCESS                                     INDETERMINATE
    availability is NOT_EVALUATED                                INDETERMINATE
    NO_ASSESSABLE_CLAIMS with reason HONEST_UNCERTAINTY_ONLY     PASS
    NO_ASSESSABLE_CLAIMS for any other reason                    FAIL
    ASSESSED, every assessed claim SUPPORTED                     PASS
    ASSESSED, any assessed claim not SUPPORTED                   FAIL
    ===========================================================  =============

    Claims whose own availability is NOT_EVALUATED (honest refusals) do not
    count as assessed. A record that says ASSESSED but holds no assessed claim
    is INDETERMINATE: nothing was checked, so it cannot pass.
    """
    return gate_of(case.execution, case.availability, case.reason, case.claims)


def case_reading(case: CaseResult) -> CaseReading:
    """The operators' reading of ``case``: FAIL only when the evidence refutes a claim.

    The seed's gate fails a case for any claim below supported, so it fails most correct
    chat answers (one uncertain sentence is enough); this reading keeps its INDETERMINATE
    and PASS (a claim that passes only on its probability, "likely supported", is no PASS)
    and splits its FAIL into FAIL (a claim REFUTED by a decisive finding) and REVIEW (none
    refuted: claims uncertain or likely supported, or no assessable claim that is no
    honest refusal). A pure function of the record, like the gate; never stored.
    """
    gate = case.quality_gate
    if gate is not QualityGate.FAIL:
        return CaseReading(gate.value)
    if any(claim_outcome(c) is ClaimOutcome.REFUTED for c in case.claims):
        return CaseReading.FAIL
    return CaseReading.REVIEW


_CASE_SUMMARIES: dict[ReasonCode, str] = {
    ReasonCode.EMPTY_RESPONSE: "The response is empty, so there is nothing to verify.",
    ReasonCode.NO_EXTRACTABLE_CLAIMS: (
        "The response is too short or has no factual statement to verify."
    ),
    ReasonCode.HONEST_UNCERTAINTY_ONLY: (
        "The response only says the answer is not known or not in the sources; "
        "an honest refusal may pass."
    ),
    ReasonCode.NO_SOURCES_SUPPLIED: (
        "No sources were supplied, so no claim can be supported by evidence."
    ),
    ReasonCode.NO_SOURCE_TEXT: (
        "Every source is empty (no text), so no claim can be supported by evidence: "
        "check what the retriever or loader returned."
    ),
    ReasonCode.MODEL_UNAVAILABLE: "A model needed for verification could not be loaded.",
    ReasonCode.EVALUATION_FAILED: "Verification failed while scoring; nothing was assessed.",
    ReasonCode.EVALUATION_TIMEOUT: "Verification did not finish within the time limit.",
    ReasonCode.EXECUTION_CANCELLED: "Verification was cancelled before it finished.",
    ReasonCode.EXECUTION_SKIPPED: "Verification was skipped; nothing was assessed.",
    ReasonCode.INVALID_INPUT: "The input could not be verified.",
    ReasonCode.INPUT_TOO_LARGE: "The input exceeds a configured size limit and was not verified.",
    ReasonCode.DECOMPOSITION_FAILED: (
        "The response could not be split into claims; it was not verified."
    ),
    ReasonCode.EMBEDDING_MODEL_MISMATCH: (
        "Claims and sources were embedded by different models; cosine across them "
        "is meaningless, so nothing was assessed."
    ),
    ReasonCode.JUDGE_FAILED: (
        "The judge failed and the configuration allows no fallback to the matcher's "
        "verdicts; nothing was assessed."
    ),
}


# case reasons that come with assessed claims: their words lead the claim counts
_EVIDENCE_REASONS = (ReasonCode.NO_SOURCES_SUPPLIED, ReasonCode.NO_SOURCE_TEXT)


def summarize(
    execution: ExecutionStatus,
    availability: AssessmentAvailability,
    reason: ReasonCode | None,
    claims: Sequence[ClaimResult],
    error_message: str | None = None,
) -> str:
    """State the outcome of a case in one or two sentences.

    A case that was not evaluated ends with its cause (``error_message``), so
    the summary alone says what to fix.
    """
    text = _summary(execution, availability, reason, claims)
    if error_message and (
        execution is not ExecutionStatus.SUCCESS
        or availability is AssessmentAvailability.NOT_EVALUATED
    ):
        text += f" Cause: {error_message.rstrip('.')}."
    return text


def _summary(
    execution: ExecutionStatus,
    availability: AssessmentAvailability,
    reason: ReasonCode | None,
    claims: Sequence[ClaimResult],
) -> str:
    if reason is not None and reason in _CASE_SUMMARIES and reason not in _EVIDENCE_REASONS:
        return _CASE_SUMMARIES[reason]
    if execution is not ExecutionStatus.SUCCESS:
        return f"Verification ended with {execution.value}; nothing was assessed."
    assessed = [c for c in claims if c.availability is AssessmentAvailability.ASSESSED]
    refusals = len(claims) - len(assessed)
    supported = sum(c.assessment is ClaimAssessment.SUPPORTED for c in assessed)
    parts = [f"{supported} of {len(assessed)} claims supported by the sources"]
    others = {
        ClaimAssessment.CONTRADICTED: "contradicted",
        ClaimAssessment.INSUFFICIENT_EVIDENCE: "without sufficient evidence",
        ClaimAssessment.CONFLICTING_SOURCES: "with conflicting sources",
    }
    for assessment, words in others.items():
        n = sum(c.assessment is assessment for c in assessed)
        if n:
            parts.append(f"{n} {words}")
    text = "; ".join(parts) + "."
    if assessed and all(c.outcome is not None for c in assessed):
        text += " " + _outcome_counts(assessed)
    if reason in _EVIDENCE_REASONS:
        text = _CASE_SUMMARIES[reason] + " " + text
    if refusals:
        text += f" {refusals} honest refusal{'s' if refusals != 1 else ''} not evaluated."
    return text


def _outcome_counts(assessed: Sequence[ClaimResult]) -> str:
    """The assessed claims by outcome, in words: "Outcomes: 1 supported, 1 refuted."."""
    counts = [(o, sum(c.outcome is o for c in assessed)) for o in ClaimOutcome]
    return "Outcomes: " + ", ".join(f"{n} {o.value.lower()}" for o, n in counts if n) + "."


def claim_outcome(claim: ClaimResult) -> ClaimOutcome | None:
    """What the guard does with ``claim``: its outcome, None when it was not assessed.

    A record written without outcomes (an older or foreign producer) is never
    trusted more than its assessment says: SUPPORTED stays SUPPORTED, anything
    else is UNCERTAIN (never REFUTED: no finding proves it).
    """
    if claim.availability is not AssessmentAvailability.ASSESSED:
        return None
    if claim.outcome is not None:
        return claim.outcome
    if claim.assessment is ClaimAssessment.SUPPORTED:
        return ClaimOutcome.SUPPORTED
    return ClaimOutcome.UNCERTAIN


def outcome_words(claim: ClaimResult) -> str:
    """A claim's verdict for people, the words every surface shows.

    ``"refuted: <finding>"``, ``"uncertain: <finding>"``, ``"supported by <sources>"``
    (a finding that already starts with its outcome stands alone), or ``"not
    assessed"`` for an honest refusal.
    """
    outcome = claim_outcome(claim)
    if outcome is None:
        refusal = claim.details.get("kind") == "refusal"
        return "not assessed: an honest refusal" if refusal else "not assessed"
    label = outcome.value.lower()
    found = (claim.finding or "").strip()
    if not found:
        return label
    if found.startswith((label, f"likely {label}")):
        return found
    return f"{label}: {found}"


def legacy_verdict(claims: Sequence[ClaimResult]) -> str:
    """The verdict LongTracer's legacy result gives: PASS unless a claim is not SUPPORTED.

    An honest refusal counts against it and no claims at all is a PASS, which
    is exactly where it and the quality gate part ways (docs/reference/contract.md).
    """
    return "PASS" if all(c.assessment is ClaimAssessment.SUPPORTED for c in claims) else "FAIL"
