"""The NLI pass (opt-in): contradiction and conflict detection over an ``NliScorer``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..config import VerifyConfig
from ..contracts import AssessmentAvailability, ClaimAssessment, ClaimResult, ReasonCode
from ..providers.nli_scorer import NliScorer, label_index, nli_probabilities
from ..scoring.spans import Span

__all__ = ["NliScorer", "apply_nli", "label_index"]


def apply_nli(
    claims: list[ClaimResult],
    spans: Sequence[Span],
    cos: NDArray[np.floating],
    row_of: dict[str, int],
    nli: NliScorer,
    config: VerifyConfig,
    *,
    detect_conflicts: bool,
) -> tuple[list[ClaimResult], dict[str, Any]]:
    """Run NLI on each assessed claim's best span (contradiction) and, when asked, across sources.

    CONTRADICTED when the best span contradicts the claim (> ``nli_threshold``).
    With ``detect_conflicts``, the best span of up to 3 distinct sources with
    cosine ≥ ``conflict_similarity`` are scored: one entailing and another
    contradicting makes the claim CONFLICTING_SOURCES. Scorer failures raise
    ``EvaluationFailedError`` (never a silent skip).
    """
    threshold = config.nli_threshold
    out = list(claims)
    best_pairs: list[tuple[int, tuple[str, str]]] = []
    for i, claim in enumerate(out):
        if claim.availability is not AssessmentAvailability.ASSESSED:
            continue
        ref = claim.details.get("best_span")
        if not ref:
            continue
        span = next(s for s in spans if s.span_id == ref["span_id"])
        best_pairs.append((i, (span.text, claim.claim_text)))
    if best_pairs:
        probs, ent, con = nli_probabilities(nli, [p for _, p in best_pairs])
        for (i, _), row in zip(best_pairs, probs, strict=True):
            details = {
                **out[i].details,
                "nli": {"entailment": float(row[ent]), "contradiction": float(row[con])},
            }
            update: dict[str, Any] = {"details": details}
            if row[con] > threshold:
                source = out[i].details["best_span"]["source_id"]
                update.update(
                    assessment=ClaimAssessment.CONTRADICTED,
                    reason=ReasonCode.CONTRADICTED_BY_EVIDENCE,
                    confidence=float(row[con]),
                    supporting_sources=[],
                    contradicting_sources=[source],
                )
            out[i] = out[i].model_copy(update=update)
    meta: dict[str, Any] = {}
    if detect_conflicts:
        meta = _conflicts(out, spans, cos, row_of, nli, config)
    return out, meta


def _conflicts(
    claims: list[ClaimResult],
    spans: Sequence[Span],
    cos: NDArray[np.floating],
    row_of: dict[str, int],
    nli: NliScorer,
    config: VerifyConfig,
) -> dict[str, Any]:
    jobs: list[tuple[int, str, tuple[str, str]]] = []
    for i, claim in enumerate(claims):
        if claim.availability is not AssessmentAvailability.ASSESSED:
            continue
        row = row_of.get(claim.claim_id)
        if row is None:
            continue
        per_source: dict[str, tuple[float, int]] = {}
        for si, span in enumerate(spans):
            if span.span_class != "truth":
                continue
            c = float(cos[row, si])
            if c < config.conflict_similarity:
                continue
            if span.source_id not in per_source or c > per_source[span.source_id][0]:
                per_source[span.source_id] = (c, si)
        ranked = sorted(per_source.items(), key=lambda kv: -kv[1][0])[:3]
        if len(ranked) < 2:
            continue
        for source_id, (_, si) in ranked:
            jobs.append((i, source_id, (spans[si].text, claim.claim_text)))
    conflicts = 0
    if jobs:
        probs, ent, con = nli_probabilities(nli, [p for _, _, p in jobs])
        by_claim: dict[int, list[tuple[str, float, float]]] = {}
        for (i, source_id, _), row in zip(jobs, probs, strict=True):
            by_claim.setdefault(i, []).append((source_id, float(row[ent]), float(row[con])))
        for i, results in by_claim.items():
            entailing = [s for s, e, _ in results if e > config.nli_threshold]
            contradicting = [s for s, _, c in results if c > config.nli_threshold]
            if entailing and contradicting and set(entailing) != set(contradicting):
                conflicts += 1
                claims[i] = claims[i].model_copy(
                    update={
                        "assessment": ClaimAssessment.CONFLICTING_SOURCES,
                        "reason": ReasonCode.CONFLICTING_EVIDENCE,
                        "supporting_sources": entailing,
                        "contradicting_sources": contradicting,
                        "details": {**claims[i].details, "conflict_nli": results},
                    }
                )
    return {"checked_pairs": len(jobs), "conflicting_claims": conflicts}
