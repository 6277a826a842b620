"""The trace record: every judgment of a case, reproducible and resolvable.

Deterministic for fixed inputs: ``to_json()`` gives identical bytes for the same
draft, sources, configuration and embeddings, apart from ``ts`` and
``query_id``. ``resolve(claim_id)`` returns the exact source text slice of the
claim's best span.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..contracts import CaseResult
from ..scoring.spans import Span

__all__ = [
    "PLAN_MODEL",
    "SCORE_MODEL",
    "TraceClaim",
    "TraceRecord",
    "bare_trace",
    "outcome_of",
    "plan_hash",
]

SCORE_MODEL = "v1"
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
    return hashlib.sha256(canon.encode()).hexdigest()[:16]


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
    text: str
    kind: str
    origin: str
    draft_span: tuple[int, int] | None
    verdict: str = Field(
        description="supported | partial | unsupported | contradicted | conflicting | refusal "
        "| no_evidence"
    )
    assessment: str
    reason: str
    score: float | None
    best_span_ref: SpanRef | None
    numeric_conflict_span_ref: SpanRef | None = Field(
        default=None, description="For a numeric mismatch: the span that states other figures."
    )
    candidates_considered: list[Candidate]
    cited_markers: list[str]


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
