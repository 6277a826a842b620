"""The trace record: every judgment of a case, reproducible and resolvable.

Deterministic for fixed inputs: ``to_json()`` gives identical bytes for the same
draft, sources, configuration and embeddings, apart from ``ts`` and
``query_id``. ``resolve(claim_id)`` returns the exact source text slice of the
claim's best span.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..config import VerifyConfig
from ..contracts import CaseResult, ClaimAssessment
from ..decompose.types import Decomposition, DraftClaim
from ..hashing import short_hash
from ..scoring.spans import Span
from .sources import SourceDoc

__all__ = [
    "PLAN_MODEL",
    "TraceClaim",
    "TraceRecord",
    "bare_trace",
    "build_trace",
    "outcome_of",
    "plan_hash",
]

PLAN_MODEL = "v1"


def plan_hash(spans: Sequence[Span], granularity: str) -> str:
    """A short sha256 of the evidence plan: span ids, offsets, classes and texts."""
    canon = json.dumps(
        [
            granularity,
            [[s.span_id, s.source_id, s.start, s.end, s.span_class, s.text] for s in spans],
        ],
        ensure_ascii=False,
        separators=(",", ":"),
    )
    return short_hash(canon)


class SpanRef(BaseModel):
    """Where a span lives: its source and its character range in that source."""

    model_config = ConfigDict(frozen=True)

    span_id: str
    source_id: str
    source_index: int
    start: int
    end: int


class Candidate(BaseModel):
    model_config = ConfigDict(frozen=True)

    span_id: str
    score: float
    cos: float
    lex: float
    numeric_ok: bool


class TraceClaim(BaseModel):
    """One claim's judgment."""

    model_config = ConfigDict(frozen=True)

    claim_id: str
    text: str = Field(description="The claim as scored (decontextualised).")
    draft_text: str | None = Field(
        default=None, description="The draft's own text at draft_span (what the policy acts on)."
    )
    context: list[str] = Field(
        default_factory=list,
        description="Phrases the claim took from its context (antecedents, headings, labels).",
    )
    gates: list[dict[str, Any]] = Field(
        default_factory=list, description="v2: the gates that fired, with their explanations."
    )
    kind: str
    origin: str
    draft_span: tuple[int, int] | None
    verdict: str = Field(
        description="supported | partial | unsupported | contradicted | conflicting | refusal "
        "| no_evidence"
    )
    assessment: str
    reason: str
    outcome: str | None = Field(
        default=None, description="SUPPORTED | UNCERTAIN | REFUTED: what the policy acts on."
    )
    finding: str | None = Field(default=None, description="The verdict in words.")
    p_wrong: float | None = Field(
        default=None, description="Calibrated probability that the claim is wrong."
    )
    score: float | None
    best_span_ref: SpanRef | None
    numeric_conflict_span_ref: SpanRef | None = Field(
        default=None, description="For a numeric mismatch: the span that states other figures."
    )
    candidates_considered: list[Candidate]
    cited_markers: list[str]
    judge: dict[str, Any] | None = Field(
        default=None,
        description="The judge's record for an escalated claim: model, prompt hash, outcome, "
        "raw label, findings with verified quote offsets, latency, tokens.",
    )


class TraceRecord(BaseModel):
    """The full, JSON-serialisable record of one verification."""

    model_config = ConfigDict(frozen=True)

    query_id: str
    request: dict[str, Any]
    plan_hash: str | None
    prompt_hash: str | None
    models: dict[str, str | None]
    claims: list[TraceClaim]
    non_claims: list[dict[str, Any]]
    coverage_repairs: list[str]
    plan: list[SpanRef]
    sources: list[dict[str, Any]]
    policy: dict[str, Any] = Field(default_factory=dict)
    stats: dict[str, Any]
    outcome: dict[str, Any]
    ts: str

    def to_json(self) -> str:
        """Canonical JSON: sorted keys, no whitespace, floats as Python writes them."""
        return json.dumps(
            self.model_dump(mode="json"), sort_keys=True, separators=(",", ":"), ensure_ascii=False
        )

    def resolve(self, claim_id: str) -> str | None:
        """The exact source text of the claim's best span, or ``None`` if it has none."""
        for claim in self.claims:
            if claim.claim_id == claim_id:
                ref = claim.best_span_ref
                if ref is None:
                    return None
                text = self.sources[ref.source_index]["text"]
                return str(text[ref.start : ref.end])
        raise KeyError(claim_id)


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def outcome_of(case: CaseResult) -> dict[str, Any]:
    """The case's layers as the trace records them."""
    return {
        "execution": case.execution.value,
        "availability": case.availability.value,
        "quality_gate": case.quality_gate.value,
        "reason": case.reason.value if case.reason is not None else None,
        "error_message": case.error_message,
    }


def bare_trace(
    query_id: str, draft: str, case: CaseResult, models: dict[str, str | None] | None = None
) -> TraceRecord:
    """The trace of a case that assessed nothing: the draft, the models and the outcome."""
    return TraceRecord(
        query_id=query_id,
        request={"draft": draft},
        plan_hash=None,
        prompt_hash=None,
        models=dict(models or {}),
        claims=[],
        non_claims=[],
        coverage_repairs=[],
        plan=[],
        sources=[],
        stats={"claims": 0},
        outcome=outcome_of(case),
        ts=now_iso(),
    )


def _r(x: float) -> float:
    return round(float(x), 6)


def _span_ref(ref: dict[str, Any]) -> SpanRef:
    return SpanRef(**{k: v for k, v in ref.items() if k in SpanRef.model_fields})


def _verdict(
    draft: DraftClaim, assessment: ClaimAssessment, details: dict[str, Any], has_spans: bool
) -> str:
    if draft.kind == "refusal":
        return "refusal"
    if assessment is ClaimAssessment.CONTRADICTED:
        return "contradicted"
    if assessment is ClaimAssessment.CONFLICTING_SOURCES:
        return "conflicting"
    judged = details.get("judge", {}).get("outcome") == "applied"
    if judged:  # the judge's decision, not the matcher's band
        return "supported" if assessment is ClaimAssessment.SUPPORTED else "unsupported"
    if details.get("best_span") is not None or has_spans:
        return str(details.get("band", "unsupported"))
    return "no_evidence"


def _judge_stats(case: CaseResult) -> dict[str, Any]:
    """The judge stage's counts (a trace note for claims left over budget); no timings."""
    meta = case.metadata.get("judge")
    if not isinstance(meta, dict):
        return {}
    return {"judge": {k: v for k, v in meta.items() if k != "elapsed_ms"}}


def _trace_claims(
    draft: str, case: CaseResult, ordered: Sequence[DraftClaim], spans: Sequence[Span]
) -> tuple[list[TraceClaim], list[str]]:
    """One trace claim per assessed claim, and the ids of the claims coverage added."""
    claims: list[TraceClaim] = []
    by_id = {c.claim_id: c for c in case.claims}
    repairs = []
    for i, claim in enumerate(ordered):
        claim_id = f"c{i + 1}"
        result = by_id.get(claim_id)
        if claim.origin == "coverage":
            repairs.append(claim_id)
        if result is None:
            continue
        d = result.details
        best = d.get("best_span")
        conflict = d.get("numeric_conflict_span")
        claims.append(
            TraceClaim(
                claim_id=claim_id,
                text=claim.claim_text,
                draft_text=draft[claim.char_start : claim.char_end]
                if claim.char_start is not None and claim.char_end is not None
                else None,
                context=list(claim.context),
                gates=[g for g in d.get("gates", []) if isinstance(g, dict) and g.get("fired")],
                kind=claim.kind,
                origin=claim.origin,
                draft_span=(claim.char_start, claim.char_end)
                if claim.char_start is not None and claim.char_end is not None
                else None,
                verdict=_verdict(claim, result.assessment, d, bool(spans)),
                assessment=result.assessment.value,
                reason=result.reason_text,
                outcome=result.outcome.value if result.outcome is not None else None,
                finding=result.finding,
                p_wrong=result.p_wrong,
                score=_r(d["score"]) if "score" in d else None,
                best_span_ref=_span_ref(best) if best else None,
                numeric_conflict_span_ref=_span_ref(conflict) if conflict else None,
                candidates_considered=_candidates(d),
                cited_markers=list(claim.cited_markers),
                judge=d.get("judge"),
            )
        )
    return claims, repairs


def _candidates(details: dict[str, Any]) -> list[Candidate]:
    return [
        Candidate(
            span_id=c["span_id"],
            score=_r(c["score"]),
            cos=_r(c["cos"]),
            lex=_r(c["lex"]),
            numeric_ok=c["numeric_ok"],
        )
        for c in details.get("candidates", [])
    ]


def _stats(
    claims: Sequence[TraceClaim],
    case: CaseResult,
    decomposition: Decomposition,
    docs: Sequence[SourceDoc],
    spans: Sequence[Span],
    config: VerifyConfig,
) -> dict[str, Any]:
    """The trace's counts and the settings that shaped them."""
    counts = dict.fromkeys(
        ("supported", "partial", "unsupported", "contradicted", "conflicting"), 0
    )
    for c in claims:
        if c.verdict in counts:
            counts[c.verdict] += 1
    return {
        "claims": len(claims),
        **counts,
        "refusals": sum(c.kind == "refusal" for c in claims),
        "non_claims": len(decomposition.non_claims),
        "sources": len(docs),
        "spans": len(spans),
        "candidates_m": config.candidates_m,
        "beta": config.beta,
        "bands": config.bands.model_dump(),
        "decomposer": decomposition.decomposer,
        "decompose_attempts": decomposition.attempts,
        **_judge_stats(case),
    }


def build_trace(
    *,
    query_id: str,
    draft: str,
    case: CaseResult,
    decomposition: Decomposition,
    ordered: Sequence[DraftClaim],
    spans: Sequence[Span],
    docs: Sequence[SourceDoc],
    config: VerifyConfig,
    models: dict[str, str | None],
    with_plan: bool,
) -> TraceRecord:
    """The trace of an assessed (or claim-less) case: every judgment, resolvable to sources."""
    claims, repairs = _trace_claims(draft, case, ordered, spans)
    return TraceRecord(
        query_id=query_id,
        request={"draft": draft},
        plan_hash=plan_hash(spans, config.span_granularity) if with_plan else None,
        prompt_hash=decomposition.prompt_hash,
        models=models,
        claims=claims,
        non_claims=[
            {"text": n.text, "draft_span": [n.char_start, n.char_end], "rule": n.rule}
            for n in decomposition.non_claims
        ],
        coverage_repairs=repairs,
        plan=[
            SpanRef(
                span_id=s.span_id,
                source_id=s.source_id,
                source_index=s.source_index,
                start=s.start,
                end=s.end,
            )
            for s in spans
        ],
        sources=[{"source_id": d.source_id, "class": d.span_class, "text": d.text} for d in docs],
        stats=_stats(claims, case, decomposition, docs, spans, config),
        outcome=outcome_of(case),
        ts=now_iso(),
    )
