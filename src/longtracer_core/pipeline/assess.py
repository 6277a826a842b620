"""From matches to ``ClaimResult``s: the band → assessment mapping, details, confidence."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..config import VerifyConfig
from ..contracts import AssessmentAvailability, ClaimAssessment, ClaimResult, ReasonCode
from ..decompose.types import DraftClaim
from ..scoring.findings import match_finding
from ..scoring.fusion import band, fuse
from ..scoring.matching import ClaimMatch
from ..scoring.spans import Span

__all__ = ["SIMILARITY_GATE", "assess_claim", "no_evidence_claim", "refusal_claim", "span_ref"]


def span_ref(span: Span) -> dict[str, Any]:
    return {
        "span_id": span.span_id,
        "source_id": span.source_id,
        "source_index": span.source_index,
        "start": span.start,
        "end": span.end,
    }


def _base(claim_id: str, claim: DraftClaim) -> dict[str, Any]:
    return {
        "claim_id": claim_id,
        "claim_text": claim.claim_text,
        "char_start": claim.char_start,
        "char_end": claim.char_end,
    }


def refusal_claim(claim_id: str, claim: DraftClaim) -> ClaimResult:
    """An honest refusal: recorded, not assessed."""
    return ClaimResult(
        **_base(claim_id, claim),
        assessment=ClaimAssessment.INSUFFICIENT_EVIDENCE,
        availability=AssessmentAvailability.NOT_EVALUATED,
        reason=ReasonCode.HONEST_UNCERTAINTY,
        details={"kind": "refusal", "origin": claim.origin},
    )


def no_evidence_claim(claim_id: str, claim: DraftClaim, reason: ReasonCode) -> ClaimResult:
    """A claim with nothing to match against (no sources, or no usable source text)."""
    return ClaimResult(
        **_base(claim_id, claim),
        assessment=ClaimAssessment.INSUFFICIENT_EVIDENCE,
        availability=AssessmentAvailability.ASSESSED,
        reason=reason,
        confidence=0.0,
        details={
            "band": "unsupported",
            "score": 0.0,
            "cos": 0.0,
            "lex": 0.0,
            "numeric_ok": None,
            "numeric_mismatch": False,
            "best_span": None,
            "candidates": [],
            "cited_markers": list(claim.cited_markers),
            "cited_spans": [],
            "origin": claim.origin,
        },
    )


_GATE_REASONS = {
    "polarity": ReasonCode.POLARITY_MISMATCH,
    "direction": ReasonCode.DIRECTION_MISMATCH,
    "quantifier": ReasonCode.QUANTIFIER_MISMATCH,
    "entity": ReasonCode.ENTITY_MISMATCH,
    "figure_role": ReasonCode.FIGURE_ROLE_MISMATCH,
    "causal": ReasonCode.CAUSAL_MISMATCH,
}


# The seed's similarity gate: below it, LongTracer does not run its entailment
# model, and an unsupported claim reads LOW_EVIDENCE_SIMILARITY; above it the
# verification model ran and did not support the claim (NOT_ENTAILED).
SIMILARITY_GATE = 0.25


def _unsupported_reason(cos: float) -> ReasonCode:
    """The seed's code for a claim that is neither supported nor contradicted."""
    if cos < SIMILARITY_GATE:
        return ReasonCode.LOW_EVIDENCE_SIMILARITY
    return ReasonCode.NOT_ENTAILED


def _within(spans: Sequence[Span], inner: int | None, outer: int) -> bool:
    """Is span ``inner`` part of span ``outer`` (the same passage, or a stretch of it)?"""
    if inner is None:
        return False
    a, b = spans[inner], spans[outer]
    return a.source_id == b.source_id and b.start <= a.start and a.end <= b.end


def _verdict(
    match: ClaimMatch, verdict: str, config: VerifyConfig, spans: Sequence[Span]
) -> tuple[ClaimAssessment, ReasonCode, ReasonCode | None]:
    """Band → assessment, the seed's reason, and our finer cause where the seed has none.

    A claim whose best match is the span that contradicts it is CONTRADICTED even when
    the penalised score stays in the supported band, and so is one whose best match is a
    stretch of a span whose reading holds against its every stretch (``whole_span``: a
    sentence of the passage cannot support a rise the passage calls a fall when none of
    it says "rose"); the gate that contradicts it is its finer cause.
    """
    turned = any(g.whole_span for g in match.contradiction)
    if match.contradicting_index is not None and (
        verdict != "supported"
        or match.contradicting_index == match.best_index
        or (turned and _within(spans, match.best_index, match.contradicting_index))
    ):
        gates = match.contradiction
        detail = _GATE_REASONS[gates[0].name] if gates else None
        return ClaimAssessment.CONTRADICTED, ReasonCode.CONTRADICTED_BY_EVIDENCE, detail
    if verdict == "supported":
        return ClaimAssessment.SUPPORTED, ReasonCode.SUPPORTED_BY_EVIDENCE, None
    reason = _unsupported_reason(match.best.cos if match.best is not None else 0.0)
    fired = [g for g in match.gates if g.fired]
    if fired and match.raw_score is not None and band(match.raw_score, config) == "supported":
        # the claim matched well enough; a gate is what kept it out of the supported band
        return ClaimAssessment.INSUFFICIENT_EVIDENCE, reason, _GATE_REASONS[fired[0].name]
    if verdict == "partial":
        return ClaimAssessment.INSUFFICIENT_EVIDENCE, reason, ReasonCode.PARTIAL_SUPPORT
    if match.numeric_mismatch:
        return ClaimAssessment.INSUFFICIENT_EVIDENCE, reason, ReasonCode.NUMERIC_MISMATCH
    return ClaimAssessment.INSUFFICIENT_EVIDENCE, reason, None


def _sources(
    match: ClaimMatch,
    spans: Sequence[Span],
    config: VerifyConfig,
    verdict: str,
    assessment: ClaimAssessment,
) -> tuple[list[str], list[str]]:
    """The sources that support the claim (each once, best first) and the one that
    contradicts it."""
    contradicting: list[str] = []
    if assessment is ClaimAssessment.CONTRADICTED and match.contradicting_index is not None:
        contradicting.append(spans[match.contradicting_index].source_id)
    supporting: list[str] = []
    if verdict == "supported":
        ordered = sorted(match.candidates, key=lambda c: -c[1].score)
        for si, ps in ordered:
            if band(ps.score, config) == "supported" and spans[si].source_id not in supporting:
                supporting.append(spans[si].source_id)
    return supporting, contradicting


def _match_details(
    claim: DraftClaim,
    match: ClaimMatch,
    spans: Sequence[Span],
    cited_spans: Sequence[int],
    verdict: str,
    score: float,
) -> dict[str, Any]:
    """The claim's ``details``: its band and score parts, best span and candidates considered."""
    best = match.best
    best_span = spans[match.best_index] if match.best_index is not None else None
    return {
        "band": verdict,
        "score": score,
        "cos": best.cos if best is not None else 0.0,
        "lex": best.lex if best is not None else 0.0,
        "numeric_ok": best.numeric_ok if best is not None else None,
        "numeric_mismatch": match.numeric_mismatch,
        "best_span": span_ref(best_span) if best_span is not None else None,
        "candidates": [
            {
                "span_id": spans[si].span_id,
                "source_id": spans[si].source_id,
                "score": ps.score,
                "cos": ps.cos,
                "lex": ps.lex,
                "numeric_ok": ps.numeric_ok,
            }
            for si, ps in match.candidates
        ],
        "cited_markers": list(claim.cited_markers),
        "cited_spans": [spans[i].span_id for i in cited_spans],
        "origin": claim.origin,
    }


def _numeric_conflict(
    match: ClaimMatch, spans: Sequence[Span], config: VerifyConfig
) -> dict[str, Any] | None:
    """The span the claim would have matched but for its figures: what an operator checks."""
    capped = [
        (fuse(ps.cos, ps.lex, config.beta), si) for si, ps in match.candidates if not ps.numeric_ok
    ]
    if not capped:
        return None
    raw, si = max(capped, key=lambda t: (t[0], -t[1]))
    if band(raw, config) == "unsupported":
        return None
    return {**span_ref(spans[si]), "uncapped_score": raw}


def assess_claim(
    claim_id: str,
    claim: DraftClaim,
    match: ClaimMatch,
    spans: Sequence[Span],
    config: VerifyConfig,
    cited_spans: Sequence[int] = (),
) -> ClaimResult:
    """Map a claim's best match to an assessment.

    supported → SUPPORTED / SUPPORTED_BY_EVIDENCE; a strongest match that a gate
    says opposes the claim (v2) → CONTRADICTED / CONTRADICTED_BY_EVIDENCE;
    otherwise INSUFFICIENT_EVIDENCE / LOW_EVIDENCE_SIMILARITY when the best
    span's cosine is under the seed's 0.25 gate, else NOT_ENTAILED, with
    ``reason_detail`` naming a deciding gate, PARTIAL_SUPPORT or NUMERIC_MISMATCH.
    """
    best = match.best
    score = best.score if best is not None else 0.0
    verdict = band(score, config)
    assessment, reason, reason_detail = _verdict(match, verdict, config, spans)
    supporting, contradicting = _sources(match, spans, config, verdict, assessment)
    details = _match_details(claim, match, spans, cited_spans, verdict, score)
    if match.raw_score is not None:
        details["score_before_gates"] = match.raw_score
        details["gates"] = [
            {"name": g.name, "fired": g.fired, "explanation": g.explanation} for g in match.gates
        ]
        details["gates_fired"] = [g.name for g in match.gates if g.fired]
    finding = match_finding(match, spans, assessment is ClaimAssessment.SUPPORTED)
    if finding is not None:
        details["finding"] = finding.as_dict()
    if match.contradicting_index is not None:
        details["contradicting_span"] = {
            **span_ref(spans[match.contradicting_index]),
            "gates": [g.name for g in match.contradiction],
            "explanation": "; ".join(g.explanation for g in match.contradiction),
        }
    conflict = _numeric_conflict(match, spans, config) if match.numeric_mismatch else None
    if conflict is not None:
        details["numeric_conflict_span"] = conflict
    return ClaimResult(
        **_base(claim_id, claim),
        assessment=assessment,
        availability=AssessmentAvailability.ASSESSED,
        reason=reason,
        reason_detail=reason_detail,
        supporting_sources=supporting,
        contradicting_sources=contradicting,
        confidence=score,
        details=details,
    )
