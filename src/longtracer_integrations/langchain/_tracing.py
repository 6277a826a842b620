"""What tracers see of a grounding: the verdict as plain data, and the run's OpenInference span."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from longtracer_core import ClaimResult, GuardedResponse
from longtracer_core.contracts import claim_outcome
from longtracer_core.pipeline.judgement import claim_judgement

__all__ = ["claim_verdict", "run_span", "verdict_summary"]


def claim_verdict(c: ClaimResult, *, with_text: bool) -> dict[str, Any]:
    """One claim's verdict as plain JSON data: the outcome first (the claim's words and the
    finding in words only when asked: a finding may quote the claim), then the seed's codes."""
    item: dict[str, Any] = {"claim_id": c.claim_id}
    if with_text:
        item["text"] = c.claim_text
    outcome = claim_outcome(c)
    item["outcome"] = outcome.value if outcome is not None else None
    if with_text:
        item["finding"] = c.outcome_text
    item.update(
        p_wrong=c.p_wrong,
        assessment=c.assessment.value,
        reason=c.reason.value if c.reason else None,
        reason_detail=c.reason_detail.value if c.reason_detail else None,
        band=c.details.get("band"),
        score=c.confidence,
    )
    judged = claim_judgement(c)
    if judged is not None:
        item["judge"] = judged
    return item


def verdict_summary(g: GuardedResponse, policy: str) -> dict[str, Any]:
    """The verdict as the outputs of the ``grounding_verdict`` child run.

    Plain JSON data that any tracer (LangSmith, OpenInference, a console
    tracer) records. Under ``redact`` the claim texts are left out: they are
    the draft's words, and a redacted sentence must not reach the tracing
    backend through the verdict.
    """
    claims = [claim_verdict(c, with_text=policy != "redact") for c in g.case.claims]
    counts = g.case.assessment_counts
    return {
        "case_id": g.case.case_id,
        "quality_gate": g.case.quality_gate.value,
        "reading": g.case.reading.value,
        "summary": g.case.summary,
        "policy": policy,
        "changed": g.changed,
        "outcomes": g.case.outcome_counts,
        "counts": dict(counts),
        "claims": claims,
    }


def run_span(run_id: UUID, handlers: Sequence[Any] = ()) -> Any:
    """The OpenTelemetry span OpenInference's LangChain tracer opened for ``run_id``, or None.

    That tracer keeps its spans per run but does not make them current, so a
    sink that parents on the current context would start a separate trace.
    The tracer is found among the run's callback handlers, else through the
    (singleton) ``LangChainInstrumentor`` when it is instrumented.
    """
    for handler in handlers:
        get_span = getattr(handler, "get_span", None)
        if type(handler).__name__ == "OpenInferenceTracer" and callable(get_span):
            span = get_span(run_id)
            if span is not None:
                return span
    try:
        from openinference.instrumentation.langchain import LangChainInstrumentor
    except ImportError:
        return None
    instrumentor = LangChainInstrumentor()
    if not instrumentor.is_instrumented_by_opentelemetry:
        return None
    return instrumentor.get_span(run_id)
