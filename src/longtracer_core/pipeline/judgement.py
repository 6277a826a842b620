"""What the judge did, as flat plain data for callbacks, logs, spans and annotations.

The full record is ``ClaimResult.details["judge"]`` (and the trace); these are
the few fields an integration shows: per claim the judge's label, what it did
(``outcome``), the claim's outcome after it (``claim_outcome``: SUPPORTED,
UNCERTAIN or REFUTED), and its first quote with whether it was found in its passage;
per case the model, the counts, the model requests and tokens, and whether the
judge could be used at all.
"""

from __future__ import annotations

from typing import Any

from ..contracts import CaseResult, ClaimResult

__all__ = ["case_judgement", "claim_judgement"]


def claim_judgement(claim: ClaimResult) -> dict[str, Any] | None:
    """``{label, outcome, claim_outcome, quote, quote_verified, quote_source}`` for a judged
    claim (and ``citation_lacks`` when its cited span does not anchor it), else None."""
    record = claim.details.get("judge")
    if not isinstance(record, dict):
        return None
    out: dict[str, Any] = {
        "label": record.get("label"),
        "outcome": record.get("outcome"),
        "claim_outcome": claim.outcome.value if claim.outcome is not None else None,
    }
    findings = [f for f in record.get("findings") or () if isinstance(f, dict)]
    if findings:
        first = next((f for f in findings if f.get("verified")), findings[0])
        out.update(
            quote=first.get("quote"),
            quote_verified=bool(first.get("verified")),
            quote_source=first.get("source_id"),
        )
        if first.get("unanchored"):  # found, but it does not state the claim: what it lacks
            out["citation_lacks"] = "; ".join(map(str, first["unanchored"]))
    return out


def case_judgement(case: CaseResult) -> dict[str, Any]:
    """Flat ``judge_*`` fields for a case the judge saw (``{}`` when no judge ran)."""
    meta = case.metadata.get("judge")
    if not isinstance(meta, dict):
        return {}
    tokens = meta.get("tokens") or {}
    fields: dict[str, Any] = {
        "judge_model": meta.get("model"),
        "judge_escalated": meta.get("escalated"),
        "judge_applied": meta.get("applied"),
        "judge_failed": meta.get("failed"),
        "judge_requests": meta.get("model_requests"),
        "judge_prompt_tokens": tokens.get("prompt_tokens"),
        "judge_completion_tokens": tokens.get("completion_tokens"),
        "judge_unavailable": meta.get("unavailable"),
    }
    if meta.get("unavailable"):
        fields["judge_cause"] = meta.get("cause")
    return fields
