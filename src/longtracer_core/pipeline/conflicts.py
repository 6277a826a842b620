"""Conflict detection in the default engine: one source supports a claim, another contradicts it.

The explainable contradiction checks of the v2 score model (docs/reference/matcher.md)
take the place of the seed's NLI model, so ``detect_conflicts=True`` needs no
extra model. For each assessed claim, the best-matching span of each distinct
source (cosine ≥ ``conflict_similarity``, at most three sources) is read:

* it **contradicts** when the pair matches strongly (uncapped score ≥ the
  supported edge and ≥ 0.75) and a contradicting gate fires (a direction word
  reversed, a different figure in the same role, opposite polarity). Alone on
  the strongest span, polarity makes a claim CONTRADICTED only when the claim is
  the span's clause with its negation turned (``v2.opposes``): a negation is too
  often a faithful rewording; beside another source that supports the claim with
  no gate fired, any polarity fire is the seed's conflict;
* it **supports** when no gate fires and its score is in the supported band.

One source supporting and a different one contradicting makes the claim
CONFLICTING_SOURCES / CONFLICTING_EVIDENCE. An NLI scorer, when configured,
adds its own pass (src/longtracer_core/pipeline/contradiction.py); a judge with
``role="decide"`` may still decide afterwards (docs/guides/judge.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..config import VerifyConfig
from ..contracts import AssessmentAvailability, ClaimAssessment, ClaimResult, ReasonCode
from ..scoring.fusion import PairScore, band, fuse
from ..scoring.gates import check_gates
from ..scoring.matching import ClaimMatch, claim_context
from ..scoring.spans import Span
from ..scoring.v2 import CONTRADICTING_GATES, CONTRADICTION_MIN

__all__ = ["CONFLICT_GATES", "MAX_SOURCES", "conflict_state", "detect_conflicts"]

MAX_SOURCES = 3
CONFLICT_GATES = CONTRADICTING_GATES


def conflict_state(requested: bool, conflicting: int) -> str:
    """``metadata["conflict_detection"]`` in LongTracer's words."""
    return f"enabled: {conflicting} conflicting claim(s)" if requested else "disabled"


def _per_source(
    candidates: Sequence[tuple[int, PairScore]], spans: Sequence[Span], config: VerifyConfig
) -> list[tuple[str, int, PairScore]]:
    """The best candidate span of each source with cosine ≥ ``conflict_similarity``, top 3."""
    best: dict[str, tuple[float, int, PairScore]] = {}
    for si, ps in candidates:
        span = spans[si]
        if span.span_class != "truth" or ps.cos < config.conflict_similarity:
            continue
        raw = fuse(ps.cos, ps.lex, config.beta)
        if span.source_id not in best or raw > best[span.source_id][0]:
            best[span.source_id] = (raw, si, ps)
    ranked = sorted(best.items(), key=lambda kv: (-kv[1][0], kv[0]))[:MAX_SOURCES]
    return [(source, si, ps) for source, (_, si, ps) in ranked]


def _read(
    claim: str,
    span: Span,
    ps: PairScore,
    context: tuple[frozenset[str], frozenset[str]],
    config: VerifyConfig,
) -> dict[str, Any]:
    gates = check_gates(claim, span.text, *context)
    fired = [g.name for g in gates if g.fired]
    raw = fuse(ps.cos, ps.lex, config.beta)
    strong = raw >= max(config.bands.supported, CONTRADICTION_MIN)
    opposing = [g for g in fired if g in CONFLICT_GATES]
    return {
        "source_id": span.source_id,
        "span_id": span.span_id,
        "score": ps.score,
        "uncapped_score": raw,
        "gates_fired": fired,
        "supports": not fired and band(ps.score, config) == "supported",
        "contradicts": bool(opposing) and strong,
    }


def detect_conflicts(
    claims: list[ClaimResult],
    matches: Mapping[str, ClaimMatch],
    contexts: Mapping[str, Sequence[str]],
    spans: Sequence[Span],
    config: VerifyConfig,
    question: str | None = None,
) -> tuple[list[ClaimResult], dict[str, Any]]:
    """Mark claims whose sources disagree CONFLICTING_SOURCES; return them and the counts.
    ``question``: the user's question, whose figures are never held against a claim."""
    out = list(claims)
    checked = conflicting = 0
    for i, claim in enumerate(out):
        match = matches.get(claim.claim_id)
        if match is None or claim.availability is not AssessmentAvailability.ASSESSED:
            continue
        sources = _per_source(match.candidates, spans, config)
        if len(sources) < 2:
            continue
        checked += 1
        # the claim's own context and the user's figures, read as the matcher read them
        taken = claim_context(contexts.get(claim.claim_id, ()), "v2", question)
        reads = [_read(claim.claim_text, spans[si], ps, taken, config) for _, si, ps in sources]
        supporting = [r["source_id"] for r in reads if r["supports"]]
        contradicting = [r["source_id"] for r in reads if r["contradicts"]]
        if not supporting or not contradicting or set(supporting) == set(contradicting):
            continue
        conflicting += 1
        out[i] = claim.model_copy(
            update={
                "assessment": ClaimAssessment.CONFLICTING_SOURCES,
                "reason": ReasonCode.CONFLICTING_EVIDENCE,
                "reason_detail": None,
                "supporting_sources": supporting,
                "contradicting_sources": contradicting,
                "details": {**claim.details, "conflict": reads},
            }
        )
    return out, {"method": "gates", "checked_claims": checked, "conflicting_claims": conflicting}
