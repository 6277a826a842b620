"""What a judge is asked and what it answers: requests, findings, verdicts, the protocol.

A judge reads one claim and a few candidate spans of evidence and says whether
the spans support it, contradict it, or neither. Every SUPPORTED or
CONTRADICTED finding names a span and quotes it; the pipeline accepts a finding
only when the quote is found in that span (``judge.quotes``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

__all__ = [
    "Finding",
    "Judge",
    "JudgeRequest",
    "JudgeSpan",
    "JudgeVerdict",
    "Label",
]

Label = Literal["SUPPORTED", "CONTRADICTED", "NOT_ENOUGH_INFO"]


@dataclass(frozen=True)
class JudgeSpan:
    """One candidate span shown to the judge; ``start``/``end`` are its offsets in its source
    when known (spans of one source that overlap are then shown as one passage)."""

    span_id: str
    source_id: str
    text: str
    start: int | None = None
    end: int | None = None


@dataclass(frozen=True)
class JudgeRequest:
    """One claim and its candidate spans (best first)."""

    claim_id: str
    claim: str
    spans: tuple[JudgeSpan, ...]


@dataclass(frozen=True)
class Finding:
    """A judge's statement about one span: it supports or contradicts the claim, with a quote.

    ``score`` is the judge's probability when it has one (NLI), else ``None``.
    """

    span_id: str
    label: Literal["SUPPORTED", "CONTRADICTED"]
    quote: str
    score: float | None = None


@dataclass(frozen=True)
class JudgeVerdict:
    """A judge's answer for one request.

    ``label`` is the judge's overall label; ``findings`` hold the span-level
    statements behind a SUPPORTED or CONTRADICTED label. ``error`` is set when
    the judge could not answer this request (the label is then
    NOT_ENOUGH_INFO and carries no weight). ``raw`` is the model's output,
    ``tokens`` its token usage when the backend reports it.
    """

    claim_id: str
    label: Label
    findings: tuple[Finding, ...] = ()
    error: str | None = None
    attempts: int = 1
    latency_ms: float | None = None
    tokens: dict[str, int] | None = None
    raw: Any = field(default=None, compare=False)


@runtime_checkable
class Judge(Protocol):
    """Judge a batch of (claim, candidate spans) requests; one verdict per request, in order.

    A failure for one request is a verdict with ``error`` set; raising fails
    the whole batch. ``model_id`` and ``prompt_hash`` key the verdict cache and
    are recorded in the trace.
    """

    @property
    def model_id(self) -> str: ...

    @property
    def prompt_hash(self) -> str | None: ...

    def judge(self, requests: Sequence[JudgeRequest]) -> list[JudgeVerdict]: ...

    async def ajudge(self, requests: Sequence[JudgeRequest]) -> list[JudgeVerdict]: ...
