"""``LegacyVerificationAdapter``: a LongTracer ``VerificationResult`` as a ``CaseResult``.

LongTracer's legacy result (``verify``/``verify_parallel``) carries a verdict,
a mean-similarity ``trust_score`` and per-claim signal dicts. The adapter maps
those signals by the seed's table (docs/reference/contract.md, "From a legacy result"):
the legacy numbers are read, never re-thresholded, and nothing is reported as
supported or contradicted that the signals do not say.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import InvalidInputError
from ._enums import AssessmentAvailability, ClaimAssessment, ExecutionStatus, ReasonCode
from ._models import CaseResult, ClaimResult, build_case

__all__ = ["LegacyVerificationAdapter"]

_FIELDS = (
    "trust_score",
    "claims",
    "flagged_claims",
    "hallucinations",
    "verdict",
    "latency_stats",
)
# LongTracer's NLI contradiction threshold, unchanged.
_CONTRADICTION = 0.5


def _as_mapping(legacy: Any) -> dict[str, Any]:
    """A ``VerificationResult`` object, its dict, or its JSON text, as a plain dict."""
    if isinstance(legacy, (str, bytes)):
        try:
            legacy = json.loads(legacy)
        except ValueError as err:
            raise InvalidInputError(f"legacy result is not valid JSON: {err}") from err
    if isinstance(legacy, Mapping):
        data = dict(legacy)
    else:
        data = {name: getattr(legacy, name) for name in _FIELDS if hasattr(legacy, name)}
    if not isinstance(data.get("claims"), list):
        raise InvalidInputError(
            "expected a LongTracer VerificationResult (object, dict or JSON) with a 'claims' list"
        )
    return data


def _float(value: Any, default: float = 0.0) -> float:
    try:
        out = float(value)
    except (TypeError, ValueError):
        return default
    return default if math.isnan(out) else out


def _source_id(index: Any, metadata: Any) -> str | None:
    if isinstance(metadata, Mapping):
        for key in ("source_id", "id"):
            if metadata.get(key) is not None:
                return str(metadata[key])
    if isinstance(index, int) and not isinstance(index, bool) and index >= 0:
        return f"source_{index}"
    return None


def _text(item: Any) -> str:
    if isinstance(item, Mapping):
        return str(item.get("claim", item.get("text", "")))
    return str(item)


def _no_match_reason(sources: Sequence[Any] | None) -> ReasonCode:
    """Why no source sentence was scored: no sources, no text in them, or low similarity.

    The legacy result marks all three alike (no best source, NLI not run); the
    sources, when the caller passes them, tell them apart. Without them this is
    LongTracer's own reading, NO_SOURCE_TEXT.
    """
    if sources is None:
        return ReasonCode.NO_SOURCE_TEXT
    if len(sources) == 0:
        return ReasonCode.NO_SOURCES_SUPPLIED
    if any(isinstance(s, str) and s.strip() for s in sources) or any(
        not isinstance(s, str) for s in sources
    ):
        return ReasonCode.LOW_EVIDENCE_SIMILARITY
    return ReasonCode.NO_SOURCE_TEXT


def _signal_claim(
    claim_id: str, item: Mapping[str, Any], sources: Sequence[Any] | None
) -> ClaimResult:
    """One verifier claim dict (``supported``, ``nli_ran``, ... keys) by the seed's table."""
    supported = bool(item.get("supported", False))
    nli_ran = bool(item.get("nli_ran", False))
    score = _float(item.get("score"))
    contradiction = _float(item.get("contradiction_score"))
    index = item.get("best_source_index", -1)
    source = _source_id(index, item.get("best_source_metadata"))
    details: dict[str, Any] = {
        "sts_similarity": score,
        "nli_ran": nli_ran,
        "contradiction": contradiction,
        "legacy_entailment_field": _float(item.get("entailment_score")),
        "legacy_supported": supported,
        "legacy_is_hallucination": bool(item.get("is_hallucination", False)),
        "has_hallucination_pattern": bool(item.get("has_hallucination_pattern", False)),
        "best_source_index": index,
    }
    fields: dict[str, Any] = {"claim_id": claim_id, "claim_text": _text(item), "details": details}
    if bool(item.get("is_meta_statement", False)) and not supported:
        return ClaimResult(
            **fields,
            assessment=ClaimAssessment.INSUFFICIENT_EVIDENCE,
            availability=AssessmentAvailability.NOT_EVALUATED,
            reason=ReasonCode.HONEST_UNCERTAINTY,
            confidence=1.0,
        )
    if supported:
        return ClaimResult(
            **fields,
            assessment=ClaimAssessment.SUPPORTED,
            reason=ReasonCode.SUPPORTED_BY_EVIDENCE,
            supporting_sources=[source] if source else [],
            confidence=min(1.0, max(0.0, score)),
        )
    if nli_ran and contradiction > _CONTRADICTION:
        return ClaimResult(
            **fields,
            assessment=ClaimAssessment.CONTRADICTED,
            reason=ReasonCode.CONTRADICTED_BY_EVIDENCE,
            contradicting_sources=[source] if source else [],
            confidence=min(1.0, contradiction),
        )
    if not nli_ran and source is None and not item.get("best_source"):
        # the legacy engine scored no source sentence against this claim
        return ClaimResult(
            **fields,
            assessment=ClaimAssessment.INSUFFICIENT_EVIDENCE,
            reason=_no_match_reason(sources),
            confidence=0.0,
        )
    # not supported, not contradicted: a pattern-based "hallucination" lands here
    return ClaimResult(
        **fields,
        assessment=ClaimAssessment.INSUFFICIENT_EVIDENCE,
        reason=ReasonCode.NOT_ENTAILED if nli_ran else ReasonCode.LOW_EVIDENCE_SIMILARITY,
        confidence=min(1.0, max(0.0, score)),
    )


def _text_claim(claim_id: str, item: Any, flagged: set[str]) -> ClaimResult:
    """A claim without the verifier's signals: only the flagged list is known."""
    text = _text(item)
    details: dict[str, Any] = {"legacy_flagged": text in flagged}
    if text in flagged:
        # a legacy hallucination without signals is not shown to be a contradiction
        return ClaimResult(
            claim_id=claim_id,
            claim_text=text,
            assessment=ClaimAssessment.INSUFFICIENT_EVIDENCE,
            reason=ReasonCode.LOW_EVIDENCE_SIMILARITY,
            confidence=0.0,
            details=details,
        )
    return ClaimResult(
        claim_id=claim_id,
        claim_text=text,
        assessment=ClaimAssessment.SUPPORTED,
        reason=ReasonCode.SUPPORTED_BY_EVIDENCE,
        details=details,
    )


def _locate(claims: list[ClaimResult], response: str) -> list[ClaimResult]:
    """Offsets for claims whose text appears verbatim in the response, in order."""
    out, cursor = [], 0
    for claim in claims:
        pos = response.find(claim.claim_text, cursor) if claim.claim_text else -1
        if pos < 0:
            out.append(claim)
            continue
        end = pos + len(claim.claim_text)
        out.append(claim.model_copy(update={"char_start": pos, "char_end": end}))
        cursor = end
    return out


class LegacyVerificationAdapter:
    """Convert LongTracer's legacy ``VerificationResult`` into a ``CaseResult``."""

    @staticmethod
    def from_legacy(
        legacy: Any,
        case_id: str | None = None,
        *,
        response: str | None = None,
        sources: Sequence[Any] | None = None,
        case_reason: ReasonCode | None = None,
    ) -> CaseResult:
        """Map a ``VerificationResult`` (object, dict or JSON text) by the seed's table.

        ``trust_score`` is mirrored and never gated on; ``metadata["legacy_verdict"]``
        keeps the legacy verdict. The legacy result cannot tell an empty answer
        from a too-short one, nor ``sources=[]``, sources without text and a
        claim too far from every source from each other: pass ``response`` /
        ``sources`` when you have them (or ``case_reason``). Without them no
        claims reads NO_EXTRACTABLE_CLAIMS and an unmatched claim NO_SOURCE_TEXT.
        """
        data = _as_mapping(legacy)
        flagged = {_text(f) for f in data.get("flagged_claims") or []}
        claims = [
            _signal_claim(f"claim_{i}", item, sources)
            if isinstance(item, Mapping) and ("supported" in item or "nli_ran" in item)
            else _text_claim(f"claim_{i}", item, flagged)
            for i, item in enumerate(data["claims"], start=1)
        ]
        if response is not None:
            claims = _locate(claims, response)
        reason = case_reason
        if not claims:
            availability = AssessmentAvailability.NO_ASSESSABLE_CLAIMS
            if reason is None:
                empty = response is not None and not response.strip()
                reason = ReasonCode.EMPTY_RESPONSE if empty else ReasonCode.NO_EXTRACTABLE_CLAIMS
        elif all(c.availability is AssessmentAvailability.NOT_EVALUATED for c in claims):
            availability = AssessmentAvailability.NO_ASSESSABLE_CLAIMS
            reason = reason or ReasonCode.HONEST_UNCERTAINTY_ONLY
        else:
            availability = AssessmentAvailability.ASSESSED
            if reason is None and sources is not None and len(sources) == 0:
                reason = ReasonCode.NO_SOURCES_SUPPLIED
        latency = data.get("latency_stats")
        latency_ms = latency.get("total_ms") if isinstance(latency, Mapping) else None
        return build_case(
            case_id=case_id,
            execution=ExecutionStatus.SUCCESS,
            availability=availability,
            reason=reason,
            claims=claims,
            trust_score=_float(data.get("trust_score")),
            latency_ms=_float(latency_ms) if latency_ms is not None else None,
            metadata={
                "legacy_verdict": str(data.get("verdict", "")) or None,
                "conflict_detection": "disabled",
            },
        )
