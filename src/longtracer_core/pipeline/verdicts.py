"""Three outcomes: the one place a claim becomes SUPPORTED, UNCERTAIN or REFUTED.

The seed's assessment and reason stay as the matcher (or a judge) set them;
the outcome says what the guard does with the claim. A claim is REFUTED only by
a *decisive* finding — a check whose findings were measured right at least 9
times in 10 on faithful text (docs/reference/matcher.md, "Decisive findings") —
recorded in ``details["finding"]`` with the evidence that proves it. Every
other claim below supported is UNCERTAIN, with the finding (if any) in words and
a calibrated probability of being wrong (``p_wrong``).

``settle`` runs after every stage that may change an assessment (the matcher,
conflict detection, NLI, the judge), so the outcome never disagrees with them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..contracts import AssessmentAvailability, ClaimAssessment, ClaimOutcome, ClaimResult
from ..scoring.calibration import Calibration, default_calibration
from ..scoring.findings import DECISIVE_KINDS

__all__ = ["answer_contexts", "may_pass_on_probability", "settle", "settle_all"]


def _judge_finding(claim: ClaimResult) -> dict[str, Any] | None:
    """A judge's CONTRADICTED verdict with a quote verified in its span, as a finding."""
    record = claim.details.get("judge")
    if claim.assessment is not ClaimAssessment.CONTRADICTED or not isinstance(record, dict):
        return None
    if record.get("outcome") not in ("applied", "agreed"):
        return None
    for f in record.get("findings") or ():
        if isinstance(f, dict) and f.get("verified") and f.get("label") == "CONTRADICTED":
            quote = " ".join(str(f.get("quote", "")).split())[:160]
            return {
                "kind": "judge_quote",
                "code": "CONTRADICTED_BY_EVIDENCE",
                "text": f'the judge quotes source {f.get("source_id")}: "{quote}"',
                "source_id": f.get("source_id"),
            }
    return None


def _finding(claim: ClaimResult) -> dict[str, Any] | None:
    judged = _judge_finding(claim)
    if judged is not None:
        return judged
    found = claim.details.get("finding")
    return found if isinstance(found, dict) else None


def _decisive(found: dict[str, Any] | None) -> bool:
    return found is not None and found.get("kind") in DECISIVE_KINDS


# A claim passes on probability only after this many assessed claims of its answer: the
# calibration reads a claim against what the answer said before it, and a first claim
# has nothing to be read against.
MIN_NEIGHBOURS = 1


def _judge_found_no_support(claim: ClaimResult) -> bool:
    """A judge read the claim against its passages and answered NOT_ENOUGH_INFO."""
    record = claim.details.get("judge")
    return (
        isinstance(record, dict)
        and record.get("label") == "NOT_ENOUGH_INFO"
        and record.get("outcome") in ("applied", "agreed", "not_applied")
    )


def may_pass_on_probability(claim: ClaimResult, neighbours: int) -> bool:
    """May a claim below the supported band pass as likely supported on a low ``p_wrong``?
    Only from the matcher's partial band (a claim the evidence barely touches is always
    marked), only after ``MIN_NEIGHBOURS`` assessed claims of its answer (a first
    claim has no style to be read against), and never when a judge read the claim
    and found no support (its reading is not overruled by a probability)."""
    return (
        claim.assessment is ClaimAssessment.INSUFFICIENT_EVIDENCE
        and claim.details.get("band") == "partial"
        and neighbours >= MIN_NEIGHBOURS
        and not _judge_found_no_support(claim)
    )


def _outcome(
    claim: ClaimResult, found: dict[str, Any] | None, p_wrong: float, line: float, neighbours: int
) -> ClaimOutcome:
    """SUPPORTED by the band; REFUTED by a decisive finding; below the band, UNCERTAIN when
    the calibrated ``p_wrong`` reaches the ``uncertain`` operating point ``line`` or the
    claim may not pass on probability; else SUPPORTED (a paraphrase the evidence holds:
    likely right, never deleted, not flagged)."""
    if claim.assessment is ClaimAssessment.SUPPORTED:
        return ClaimOutcome.SUPPORTED
    if claim.assessment is ClaimAssessment.CONFLICTING_SOURCES:
        # one source supports it and another speaks against it: nothing to delete on
        return ClaimOutcome.UNCERTAIN
    if _decisive(found):
        return ClaimOutcome.REFUTED
    if claim.assessment is ClaimAssessment.CONTRADICTED or p_wrong >= line:
        return ClaimOutcome.UNCERTAIN
    passes = may_pass_on_probability(claim, neighbours)
    return ClaimOutcome.SUPPORTED if passes else ClaimOutcome.UNCERTAIN


def _closest(claim: ClaimResult) -> str | None:
    best = claim.details.get("best_span") or {}
    return str(best["source_id"]) if isinstance(best, dict) and best.get("source_id") else None


def _words(claim: ClaimResult, outcome: ClaimOutcome, found: dict[str, Any] | None) -> str:
    if outcome is ClaimOutcome.SUPPORTED:
        if claim.assessment is ClaimAssessment.SUPPORTED:
            return f"supported by {', '.join(claim.supporting_sources) or 'the sources'}"
        return f"likely supported: source {_closest(claim) or '?'} says it in other words"
    if found is not None and found.get("text"):
        return str(found["text"])
    if claim.assessment is ClaimAssessment.CONFLICTING_SOURCES:
        return "the sources disagree about this claim"
    source = _closest(claim)
    if not source:
        return "no source speaks to this claim"
    return f"no passage states this claim; the closest is in source {source}"


def settle(
    claim: ClaimResult,
    *,
    context: Sequence[float] = (),
    calibration: Calibration | None = None,
) -> ClaimResult:
    """``claim`` with its outcome, finding in words and ``p_wrong`` set.

    ``context`` holds the scores of the assessed claims before it in its answer (the
    calibration reads the claim's score relative to them). Claims that were
    not assessed keep no outcome.
    """
    if claim.availability is not AssessmentAvailability.ASSESSED:
        return claim
    found = _finding(claim)
    model = calibration or default_calibration()
    tentative = ClaimOutcome.REFUTED if _decisive(found) else None
    p_wrong = model.p_wrong(claim.details, tentative, context)
    line = model.operating_points.get("uncertain", 0.0)
    outcome = _outcome(claim, found, p_wrong, line, len(context))
    return claim.model_copy(
        update={"outcome": outcome, "finding": _words(claim, outcome, found), "p_wrong": p_wrong}
    )


def answer_contexts(claims: Sequence[ClaimResult]) -> list[list[float]]:
    """For each claim, the scores of the assessed claims before it in its answer.

    Only earlier claims: a sentence's outcome never depends on the text after it, so
    a streamed answer releases each sentence with the outcome the whole answer gives it.
    """
    out: list[list[float]] = []
    seen: list[float] = []
    for claim in claims:
        out.append(list(seen))
        if claim.availability is AssessmentAvailability.ASSESSED:
            seen.append(float(claim.details.get("score", 0.0)))
    return out


def settle_all(
    claims: Sequence[ClaimResult], calibration: Calibration | None = None
) -> list[ClaimResult]:
    """``settle`` every claim of one answer, each read after the claims before it."""
    contexts = answer_contexts(claims)
    return [
        settle(claim, context=ctx, calibration=calibration)
        for claim, ctx in zip(claims, contexts, strict=True)
    ]
