"""The judge stage: after assessment, the claims the offline engine left uncertain go to a judge.

``apply_judge(claims, spans, judge, config)`` picks claims by their outcome
(default: UNCERTAIN, and REFUTED under ``role="decide"``), or by band and
details (``JudgeConfig.escalate``), shows the judge each claim's top candidate
spans, asks it (``escalation_calls``: all claims in one call by default) and
applies what comes back within the role's limits (``escalation_findings``); the
caller settles the outcomes again afterwards (``verdicts.settle_all``). A SUPPORTED or
CONTRADICTED finding counts only when its quote is found in the span it cites;
otherwise the claim keeps the matcher's verdict and the record says
``quote_unverified``. A judge that fails never makes a claim SUPPORTED: the
claim keeps the matcher's verdict (``on_failure="fallback"``), or ``JudgeError``
fails the case (``"indeterminate"``). When no request of a case got an answer,
the case says so (``unavailable``, ``cause``) and ``JudgeHealth`` warns once.
Past the per-case budget the remaining claims keep the matcher's verdict with
``over_budget``. Every escalated claim carries its record in
``details["judge"]``, which the trace copies.
"""

from __future__ import annotations

import threading
import time
import warnings
from collections.abc import Callable, Sequence
from typing import Any

from ..config import JudgeConfig
from ..contracts import AssessmentAvailability, ClaimAssessment, ClaimOutcome, ClaimResult
from ..errors import JudgeUnavailableWarning
from ..judge.cache import JudgeCache
from ..judge.types import Judge, JudgeRequest, JudgeSpan, JudgeVerdict
from ..providers.chat import usage_total
from ..scoring.spans import Span
from .escalation_calls import Asked, Budget, ask_judge
from .escalation_findings import OUTCOMES, Outcome, decide

__all__ = [
    "OUTCOMES",
    "JudgeHealth",
    "apply_judge",
    "escalates",
    "gates_fired",
    "judge_request",
]


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
        spans=tuple(JudgeSpan(s.span_id, s.source_id, s.text, s.start, s.end) for s in chosen),
    )


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


class JudgeHealth:
    """Says once, loudly, that a verifier's judge cannot be used.

    The first case whose judge requests all failed issues a
    ``JudgeUnavailableWarning`` naming the cause; later ones stay quiet until
    the judge has answered a request again.
    """

    def __init__(self) -> None:
        self._warned = False
        self._lock = threading.Lock()

    def report(self, model_id: str, cause: str | None, answered: bool) -> None:
        """Note one case: ``cause`` when no request got an answer, ``answered`` when one did."""
        with self._lock:
            if answered:
                self._warned = False
                return
            if cause is None or self._warned:
                return
            self._warned = True
        warnings.warn(
            f"judge {model_id} could not be used, so the matcher's verdicts stand: {cause}",
            JudgeUnavailableWarning,
            stacklevel=2,
        )


def _meta(
    judge: Judge,
    config: JudgeConfig,
    jobs: Sequence[tuple[int, JudgeRequest]],
    asked: Asked,
    counts: dict[str, int],
) -> dict[str, Any]:
    """The case's judge summary: counts, model requests and tokens, and availability."""
    fresh = [v for v, cached in asked.verdicts.values() if not cached]
    errors = [v.error for v in fresh if v.error is not None]
    meta: dict[str, Any] = {
        "model": judge.model_id,
        "prompt_hash": judge.prompt_hash,
        "escalate": config.escalate,
        "role": config.role,
        "requests_mode": config.requests,
        "escalated": len(jobs),
        "calls": sum(not cached for _, cached in asked.verdicts.values()),
        "judge_calls": asked.judge_calls,
        "model_requests": len(asked.usage),
        "tokens": usage_total(asked.usage),
        "cached": sum(cached for _, cached in asked.verdicts.values()),
        **counts,
        "unavailable": bool(fresh) and len(errors) == len(fresh),
    }
    if meta["unavailable"]:
        meta["cause"] = errors[0]
    return meta


def apply_judge(
    claims: Sequence[ClaimResult],
    spans: Sequence[Span],
    judge: Judge,
    config: JudgeConfig,
    *,
    cache: JudgeCache | None = None,
    clock: Callable[[], float] = time.perf_counter,
    health: JudgeHealth | None = None,
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
    budget = Budget(config, clock, clock())
    asked = ask_judge(jobs, judge, config, cache, budget)
    counts: dict[str, int] = dict.fromkeys(OUTCOMES, 0)
    for i, request in jobs:
        claim = out[i]
        if i in asked.verdicts:
            verdict, cached = asked.verdicts[i]
            new, outcome, findings = decide(claim, verdict, asked.shown[i], spans_by_id, config)
            record = _record(judge, claim, outcome, request, verdict, findings, cached)
        else:
            new, outcome = claim, "over_budget"
            record = _record(judge, claim, outcome, request, None, [], False)
        counts[outcome] += 1
        out[i] = new.model_copy(update={"details": {**claim.details, "judge": record}})
    meta = _meta(judge, config, jobs, asked, counts)
    meta["elapsed_ms"] = (clock() - budget.started) * 1e3
    if health is not None:
        answered = any(v.error is None for v, cached in asked.verdicts.values() if not cached)
        health.report(judge.model_id, meta.get("cause"), answered)
    return out, meta
