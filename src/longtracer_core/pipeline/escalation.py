"""The judge stage: after assessment, the claims the matcher is unsure of go to a judge.

``apply_judge(claims, spans, judge, config)`` picks claims by their band and
details (``JudgeConfig.escalate``), shows the judge each claim's top candidate
spans, and applies what comes back within the role's limits
(``JudgeConfig.role``). A SUPPORTED or CONTRADICTED finding counts only when
its quote is found in the span it cites (``judge.quotes``); otherwise the claim
keeps the matcher's verdict and the record says ``quote_unverified``. A judge
that fails never makes a claim SUPPORTED: the claim keeps the matcher's
verdict (``on_failure="fallback"``), or ``JudgeError`` fails the case
(``"indeterminate"``). Past the per-case budget the remaining claims keep the
matcher's verdict with ``over_budget``. Every escalated claim carries its
record in ``details["judge"]``, which the trace copies.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..config import JudgeConfig
from ..contracts import (
    AssessmentAvailability,
    ClaimAssessment,
    ClaimOutcome,
    ClaimResult,
    ReasonCode,
)
from ..errors import JudgeError
from ..judge.cache import JudgeCache
from ..judge.quotes import verify_quote
from ..judge.types import Judge, JudgeRequest, JudgeSpan, JudgeVerdict
from ..scoring.spans import Span

__all__ = ["OUTCOMES", "apply_judge", "escalates", "gates_fired", "judge_request"]

Outcome = Literal[
    "applied",
    "agreed",
    "not_applied",
    "quote_unverified",
    "no_decision",
    "failed",
    "over_budget",
]
OUTCOMES: tuple[Outcome, ...] = (
    "applied",
    "agreed",
    "not_applied",
    "quote_unverified",
    "no_decision",
    "failed",
    "over_budget",
)
_Target = Literal["SUPPORTED", "CONTRADICTED", "CONFLICTING", "NOT_ENTAILED"]


def gates_fired(details: dict[str, Any]) -> list[str]:
    """Names of the gates that held a claim down, as its details list them."""
    names: list[str] = []
    fired = details.get("gates_fired")
    if isinstance(fired, dict):
        names.extend(str(k) for k, v in fired.items() if v)
    elif isinstance(fired, (list, tuple)):
        names.extend(str(g) for g in fired)
    for gate in details.get("gates") or ():
        # v2 lists every gate it checked: {"name", "fired", "explanation"}
        if isinstance(gate, dict) and gate.get("fired") and gate.get("name") not in names:
            names.append(str(gate["name"]))
    if details.get("numeric_mismatch") and "numeric" not in names:
        names.append("numeric")
    return names


def escalates(claim: ClaimResult, config: JudgeConfig) -> bool:
    """Does ``config.escalate`` send this claim to the judge?

    Only assessed claims with candidate evidence go; under ``role="confirm"``
    claims already SUPPORTED do not (the judge could not change them).
    """
    if config.escalate == "none" or claim.availability is not AssessmentAvailability.ASSESSED:
        return False
    if not claim.details.get("candidates"):
        return False
    if config.role == "confirm" and claim.assessment is ClaimAssessment.SUPPORTED:
        return False
    if config.escalate == "uncertain":
        if claim.outcome is ClaimOutcome.UNCERTAIN:
            return True
        return config.role == "decide" and claim.outcome is ClaimOutcome.REFUTED
    band = claim.details.get("band")
    if config.escalate == "partial":
        return bool(band == "partial")
    if config.escalate == "gated":
        return band == "partial" or bool(gates_fired(claim.details))
    return True


def judge_request(
    claim: ClaimResult, spans_by_id: dict[str, Span], top_k: int
) -> JudgeRequest | None:
    """The claim and its ``top_k`` best candidate spans, skipping spans inside one already taken."""
    ranked = sorted(claim.details.get("candidates", []), key=lambda c: -float(c.get("score", 0.0)))
    chosen: list[Span] = []
    for cand in ranked:
        span = spans_by_id.get(str(cand.get("span_id")))
        if span is None or span.span_class != "truth":
            continue
        if any(
            span.source_id == c.source_id and c.start <= span.start and span.end <= c.end
            for c in chosen
        ):
            continue
        chosen.append(span)
        if len(chosen) == top_k:
            break
    if not chosen:
        return None
    return JudgeRequest(
        claim_id=claim.claim_id,
        claim=claim.claim_text,
        spans=tuple(JudgeSpan(s.span_id, s.source_id, s.text) for s in chosen),
    )


@dataclass
class _Budget:
    config: JudgeConfig
    clock: Callable[[], float]
    started: float
    calls: int = 0

    def allowance(self, wanted: int) -> int:
        if self.clock() - self.started >= self.config.max_seconds:
            return 0
        return max(0, min(wanted, self.config.max_calls - self.calls))


def _findings(
    verdict: JudgeVerdict, request: JudgeRequest, spans_by_id: dict[str, Span], config: JudgeConfig
) -> list[dict[str, Any]]:
    shown = {s.span_id for s in request.spans}
    out = []
    for f in verdict.findings:
        span = spans_by_id.get(f.span_id) if f.span_id in shown else None
        record: dict[str, Any] = {
            "span_id": f.span_id,
            "label": f.label,
            "quote": f.quote[:500],
            "score": f.score,
            "verified": False,
        }
        if span is not None:
            check = verify_quote(
                f.quote,
                span.text,
                mode=config.quote_match,
                min_overlap=config.quote_min_overlap,
                min_tokens=config.quote_min_tokens,
            )
            record.update(source_id=span.source_id, verified=check.verified, match=check.match)
            record["overlap"] = round(check.overlap, 6)
            if check.verified and check.start is not None and check.end is not None:
                record["quote_span"] = {
                    "span_id": span.span_id,
                    "source_id": span.source_id,
                    "source_index": span.source_index,
                    "start": span.start + check.start,
                    "end": span.start + check.end,
                }
        out.append(record)
    return out


def _sources(findings: list[dict[str, Any]], label: str) -> list[str]:
    out: list[str] = []
    for f in findings:
        if f["verified"] and f["label"] == label and f["source_id"] not in out:
            out.append(f["source_id"])
    return out


def _target(verdict: JudgeVerdict, findings: list[dict[str, Any]]) -> _Target | None:
    supports, contras = _sources(findings, "SUPPORTED"), _sources(findings, "CONTRADICTED")
    if supports and contras:
        return "CONFLICTING" if set(supports) != set(contras) else None
    if supports:
        return "SUPPORTED"
    if contras:
        return "CONTRADICTED"
    if verdict.label == "NOT_ENOUGH_INFO" and not verdict.findings:
        return "NOT_ENTAILED"
    return None


def _update(target: _Target, findings: list[dict[str, Any]]) -> dict[str, Any]:
    supports, contras = _sources(findings, "SUPPORTED"), _sources(findings, "CONTRADICTED")
    if target == "SUPPORTED":
        return {
            "assessment": ClaimAssessment.SUPPORTED,
            "reason": ReasonCode.SUPPORTED_BY_EVIDENCE,
            "reason_detail": None,
            "supporting_sources": supports,
            "contradicting_sources": [],
        }
    if target == "CONTRADICTED":
        scores = [f["score"] for f in findings if f["verified"] and f["score"] is not None]
        update: dict[str, Any] = {
            "assessment": ClaimAssessment.CONTRADICTED,
            "reason": ReasonCode.CONTRADICTED_BY_EVIDENCE,
            "reason_detail": None,
            "supporting_sources": [],
            "contradicting_sources": contras,
        }
        if scores:
            update["confidence"] = max(scores)
        return update
    if target == "CONFLICTING":
        return {
            "assessment": ClaimAssessment.CONFLICTING_SOURCES,
            "reason": ReasonCode.CONFLICTING_EVIDENCE,
            "reason_detail": None,
            "supporting_sources": supports,
            "contradicting_sources": contras,
        }
    return {
        "assessment": ClaimAssessment.INSUFFICIENT_EVIDENCE,
        "reason": ReasonCode.NOT_ENTAILED,
        "reason_detail": None,
        "supporting_sources": [],
        "contradicting_sources": [],
    }


def _same(claim: ClaimResult, update: dict[str, Any]) -> bool:
    return bool(
        claim.assessment is update["assessment"]
        and claim.reason is update["reason"]
        and claim.reason_detail is update["reason_detail"]
    )


def _decide(
    claim: ClaimResult,
    request: JudgeRequest,
    verdict: JudgeVerdict,
    spans_by_id: dict[str, Span],
    config: JudgeConfig,
) -> tuple[ClaimResult, Outcome, list[dict[str, Any]]]:
    if verdict.error is not None:
        return claim, "failed", []
    findings = _findings(verdict, request, spans_by_id, config)
    target = _target(verdict, findings)
    if target is None:
        unverified = any(not f["verified"] for f in findings)
        return claim, "quote_unverified" if unverified else "no_decision", findings
    update = _update(target, findings)
    if _same(claim, update):
        return claim, "agreed", findings
    if config.role == "confirm" and target != "SUPPORTED":
        return claim, "not_applied", findings
    return claim.model_copy(update=update), "applied", findings


def _record(
    judge: Judge,
    claim: ClaimResult,
    outcome: Outcome,
    request: JudgeRequest | None,
    verdict: JudgeVerdict | None,
    findings: list[dict[str, Any]],
    cached: bool,
) -> dict[str, Any]:
    record: dict[str, Any] = {
        "outcome": outcome,
        "model": judge.model_id,
        "prompt_hash": judge.prompt_hash,
        "matcher": {
            "assessment": claim.assessment.value,
            "reason": claim.reason.value if claim.reason is not None else None,
            "reason_detail": claim.reason_detail.value if claim.reason_detail else None,
        },
        "spans": [s.span_id for s in request.spans] if request is not None else [],
    }
    if verdict is not None:
        record.update(
            label=verdict.label,
            findings=findings,
            attempts=verdict.attempts,
            cached=cached,
            latency_ms=None if cached or verdict.latency_ms is None else verdict.latency_ms,
            tokens=None if cached else verdict.tokens,
        )
        if verdict.error is not None:
            record["error"] = verdict.error
    return record


def _call(judge: Judge, batch: Sequence[JudgeRequest]) -> list[JudgeVerdict]:
    """The judge's verdicts for ``batch``; a raising or misbehaving judge fails every request."""
    try:
        verdicts = list(judge.judge(batch))
    except Exception as err:  # a judge failure is the batch's error, handled by the caller
        message = f"{type(err).__name__}: {err}"[:500]
        return [JudgeVerdict(r.claim_id, "NOT_ENOUGH_INFO", error=message) for r in batch]
    if [v.claim_id for v in verdicts] != [r.claim_id for r in batch]:
        message = f"the judge returned {len(verdicts)} verdicts out of order for {len(batch)}"
        return [JudgeVerdict(r.claim_id, "NOT_ENOUGH_INFO", error=message) for r in batch]
    return verdicts


def _verdicts(
    jobs: Sequence[tuple[int, JudgeRequest]],
    judge: Judge,
    config: JudgeConfig,
    cache: JudgeCache | None,
    budget: _Budget,
) -> dict[int, tuple[JudgeVerdict, bool]]:
    """Cached verdicts, then the judge in batches while the budget lasts; (verdict, cached)."""
    verdicts: dict[int, tuple[JudgeVerdict, bool]] = {}
    pending: list[tuple[int, JudgeRequest]] = []
    for i, request in jobs:
        hit = cache.get(judge.model_id, judge.prompt_hash, request) if cache else None
        if hit is not None:
            verdicts[i] = (hit, True)
        else:
            pending.append((i, request))
    while pending:
        allowed = budget.allowance(min(config.batch_size, len(pending)))
        if allowed == 0:
            break  # the rest stay unjudged: over budget
        batch, pending = pending[:allowed], pending[allowed:]
        budget.calls += len(batch)
        for (i, request), verdict in zip(batch, _call(judge, [r for _, r in batch]), strict=True):
            if verdict.error is not None and config.on_failure == "indeterminate":
                raise JudgeError(
                    f"judge {judge.model_id} failed on claim {request.claim_id}: {verdict.error}"
                )
            if cache is not None:
                cache.put(judge.model_id, judge.prompt_hash, request, verdict)
            verdicts[i] = (verdict, False)
    return verdicts


def apply_judge(
    claims: Sequence[ClaimResult],
    spans: Sequence[Span],
    judge: Judge,
    config: JudgeConfig,
    *,
    cache: JudgeCache | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[list[ClaimResult], dict[str, Any]]:
    """Judge the escalated claims; return the new claims and a summary for the case metadata.

    Raises ``JudgeError`` when a request fails and ``config.on_failure`` is
    ``"indeterminate"``.
    """
    out = list(claims)
    spans_by_id = {s.span_id: s for s in spans}
    jobs: list[tuple[int, JudgeRequest]] = []
    for i, claim in enumerate(out):
        if escalates(claim, config):
            request = judge_request(claim, spans_by_id, config.top_k)
            if request is not None:
                jobs.append((i, request))
    budget = _Budget(config, clock, clock())
    verdicts = _verdicts(jobs, judge, config, cache, budget)
    counts: dict[str, int] = dict.fromkeys(OUTCOMES, 0)
    for i, request in jobs:
        claim = out[i]
        if i in verdicts:
            verdict, cached = verdicts[i]
            new, outcome, findings = _decide(claim, request, verdict, spans_by_id, config)
            record = _record(judge, claim, outcome, request, verdict, findings, cached)
        else:
            new, outcome = claim, "over_budget"
            record = _record(judge, claim, outcome, request, None, [], False)
        counts[outcome] += 1
        out[i] = new.model_copy(update={"details": {**claim.details, "judge": record}})
    meta = {
        "model": judge.model_id,
        "prompt_hash": judge.prompt_hash,
        "escalate": config.escalate,
        "role": config.role,
        "escalated": len(jobs),
        "calls": budget.calls,
        "cached": sum(cached for _, cached in verdicts.values()),
        **counts,
        "elapsed_ms": (clock() - budget.started) * 1e3,
    }
    return out, meta
