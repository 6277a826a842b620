"""``OpenTelemetrySink``: a span per case and a GenAI evaluation event (extra ``[otel]``)."""

from __future__ import annotations

import time
from typing import Any

try:
    from opentelemetry import context as otel_context
    from opentelemetry import trace as otel_trace
    from opentelemetry._logs import LoggerProvider, SeverityNumber, get_logger_provider
    from opentelemetry.trace import Status, StatusCode, TracerProvider
except ImportError as err:  # pragma: no cover - exercised in a fresh environment
    raise ImportError(
        'OpenTelemetrySink needs OpenTelemetry: pip install "longtracer-integrations[otel]"'
    ) from err

from longtracer_core.contracts import AssessmentAvailability, ClaimAssessment, QualityGate

from .base import GroundingEvent
from .logging_sink import case_fields

__all__ = ["EVALUATION_EVENT", "OpenTelemetrySink"]

EVALUATION_EVENT = "gen_ai.evaluation.result"
EVALUATION_NAME = "grounding"
_SCOPE = "longtracer_integrations"


def _attributes(prefix: str, fields: dict[str, Any]) -> dict[str, Any]:
    """Flatten to OpenTelemetry's portable attribute types (no None, primitives only)."""
    out: dict[str, Any] = {}
    for key, value in fields.items():
        if value is None:
            continue
        if isinstance(value, (str, bool, int, float)):
            out[f"{prefix}{key}"] = value
        else:
            out[f"{prefix}{key}"] = str(value)
    return out


class OpenTelemetrySink:
    """Record each case as a ``grounding.verify`` span plus a ``gen_ai.evaluation.result`` event.

    The span (child of the span current when the sink is called) carries the
    gate, availability, execution, claim counts per assessment, score model and
    plan hash as ``grounding.*`` attributes, and one ``grounding.claim`` span
    event per claim. The evaluation event follows the OpenTelemetry GenAI
    conventions (``gen_ai.evaluation.name`` = ``grounding``, ``score.value`` =
    the share of assessed claims supported, ``score.label`` = the gate in lower
    case, ``explanation`` = the summary) and is parented to the span current at
    emit time (the operation being evaluated), or to the grounding span when
    none is current. Providers default to the global ones.
    """

    def __init__(
        self,
        tracer_provider: TracerProvider | None = None,
        logger_provider: LoggerProvider | None = None,
    ) -> None:
        tp = tracer_provider or otel_trace.get_tracer_provider()
        lp = logger_provider or get_logger_provider()
        self._tracer = tp.get_tracer(_SCOPE)
        self._logger = lp.get_logger(_SCOPE)

    def emit(self, event: GroundingEvent) -> None:
        case = event.case
        fields = case_fields(event)
        end_ns = time.time_ns()
        start_ns = end_ns - int((case.latency_ms or 0.0) * 1e6)
        parent_ctx = otel_context.get_current()
        parent_span = otel_trace.get_current_span(parent_ctx)
        span = self._tracer.start_span(
            "grounding.verify",
            context=parent_ctx,
            start_time=start_ns,
            attributes=_attributes("grounding.", fields),
        )
        try:
            for claim in case.claims:
                details = claim.details
                span.add_event(
                    "grounding.claim",
                    attributes=_attributes(
                        "grounding.claim.",
                        {
                            "id": claim.claim_id,
                            "assessment": claim.assessment.value,
                            "availability": claim.availability.value,
                            "reason": claim.reason.value,
                            "band": details.get("band"),
                            "score": claim.confidence,
                            "char_start": claim.char_start,
                            "char_end": claim.char_end,
                        },
                    ),
                    timestamp=end_ns,
                )
            if case.quality_gate is QualityGate.INDETERMINATE:
                span.set_status(Status(StatusCode.ERROR, case.error_message or case.summary))
            event_ctx = (
                parent_ctx
                if parent_span.get_span_context().is_valid
                else otel_trace.set_span_in_context(span, parent_ctx)
            )
            self._logger.emit(
                event_name=EVALUATION_EVENT,
                context=event_ctx,
                severity_number=SeverityNumber.INFO,
                attributes=self._evaluation_attributes(event),
            )
        finally:
            span.end(end_time=end_ns)

    @staticmethod
    def _evaluation_attributes(event: GroundingEvent) -> dict[str, Any]:
        case = event.case
        attrs: dict[str, Any] = {
            "gen_ai.evaluation.name": EVALUATION_NAME,
            "gen_ai.evaluation.score.label": case.quality_gate.value.lower(),
            "gen_ai.evaluation.explanation": case.summary,
            "grounding.case_id": case.case_id,
        }
        assessed = [c for c in case.claims if c.availability is AssessmentAvailability.ASSESSED]
        if assessed:
            supported = sum(c.assessment is ClaimAssessment.SUPPORTED for c in assessed)
            attrs["gen_ai.evaluation.score.value"] = supported / len(assessed)
        if case.execution.value != "SUCCESS" or case.availability is (
            AssessmentAvailability.NOT_EVALUATED
        ):
            attrs["error.type"] = case.reason.value if case.reason is not None else "_OTHER"
        if event.attributes.get("response_id"):
            attrs["gen_ai.response.id"] = str(event.attributes["response_id"])
        return attrs
