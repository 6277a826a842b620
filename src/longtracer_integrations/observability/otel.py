"""``OpenTelemetrySink``: a GUARDRAIL span per case and a GenAI evaluation event (extra ``[otel]``).

Attribute names come from the installed semantic-convention packages: the
OpenTelemetry GenAI evaluation attributes (``opentelemetry-semantic-conventions``)
and the OpenInference span kind and input/output values
(``openinference-semantic-conventions``), which is what Phoenix reads.
"""

from __future__ import annotations

import time
from collections.abc import Collection
from typing import Any, Literal

from .._extras import require_extra

require_extra(
    "OpenTelemetrySink",
    "OpenTelemetry",
    "otel",
    "opentelemetry.sdk",
    "opentelemetry.semconv",
    "openinference.semconv",
)

from openinference.semconv.trace import OpenInferenceSpanKindValues, SpanAttributes
from opentelemetry import context as otel_context
from opentelemetry import trace as otel_trace
from opentelemetry._logs import (
    LoggerProvider,
    NoOpLoggerProvider,
    SeverityNumber,
    get_logger_provider,
)
from opentelemetry._logs._internal import ProxyLoggerProvider
from opentelemetry.semconv._incubating.attributes import gen_ai_attributes as gen_ai
from opentelemetry.semconv.attributes.error_attributes import ERROR_TYPE
from opentelemetry.trace import Span, SpanContext, Status, StatusCode, TracerProvider

from longtracer_core.contracts import AssessmentAvailability
from longtracer_core.pipeline.judgement import claim_judgement

from .base import GroundingEvent
from .logging_sink import case_fields, evaluation_result

__all__ = ["EVALUATION_EVENT", "SPAN_NAME", "OpenTelemetrySink"]

# The GenAI convention's event name; the Python semantic-conventions package defines
# the attribute names but (as of 0.66b2) no constant for the event itself.
EVALUATION_EVENT = "gen_ai.evaluation.result"
EVALUATION_NAME = "grounding"
SPAN_NAME = "grounding.verify"
_SCOPE = "longtracer_integrations"

EvaluationEventMode = Literal["auto", "log", "span", "both"]
SpanKind = Literal["GUARDRAIL", "EVALUATOR"]


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


def _parent_context(parent: Any) -> Any:
    """The context to start the grounding span in: the event's parent, else the current one."""
    if isinstance(parent, Span):
        return otel_trace.set_span_in_context(parent)
    if parent is not None and isinstance(parent, otel_context.Context):
        return parent
    return otel_context.get_current()


class OpenTelemetrySink:
    """Record each case as a ``grounding.verify`` span plus a GenAI evaluation event.

    The span is a child of the run that was verified (``event.parent``, which
    the LangChain integration resolves through OpenInference's tracer when it is
    installed) or of the span current when the sink is called. It carries:

    * ``openinference.span.kind`` = ``span_kind`` (``GUARDRAIL`` by default), so
      Phoenix shows it as a guardrail;
    * ``output.value`` = the policy-applied answer, and ``input.value`` = the
      draft only where the policy lets the draft through (``flag``, or observed
      only) or ``record_draft=True``: under ``redact`` the removed sentences
      never reach the tracing backend by this span;
    * status ERROR when the gate is in ``error_on`` (FAIL and INDETERMINATE by
      default), with the summary as the description;
    * ``grounding.*`` attributes (gate, counts, models, plan hash) and one
      ``grounding.claim`` span event per claim.

    The evaluation (``gen_ai.evaluation.name`` = ``grounding``, score label =
    the gate in lower case, score value = the share of assessed claims
    supported, explanation = the summary, ``gen_ai.response.id`` when the
    framework gave one) is emitted as a ``gen_ai.evaluation.result`` log event
    when a logger provider is set, else as a span event of the same name on the
    grounding span (``evaluation_event="auto"``; or ``"log"``, ``"span"``,
    ``"both"``). ``record()`` returns the span's context, for sinks that annotate it.
    """

    def __init__(
        self,
        tracer_provider: TracerProvider | None = None,
        logger_provider: LoggerProvider | None = None,
        *,
        span_kind: SpanKind = "GUARDRAIL",
        record_draft: bool = False,
        error_on: Collection[str] = ("FAIL", "INDETERMINATE"),
        evaluation_event: EvaluationEventMode = "auto",
    ) -> None:
        if span_kind not in ("GUARDRAIL", "EVALUATOR"):
            raise ValueError(f"span_kind must be GUARDRAIL or EVALUATOR, got {span_kind!r}")
        if evaluation_event not in ("auto", "log", "span", "both"):
            raise ValueError(
                f"evaluation_event must be auto, log, span or both, got {evaluation_event!r}"
            )
        unknown = set(error_on) - {"PASS", "FAIL", "INDETERMINATE"}
        if unknown:
            raise ValueError(f"error_on takes quality gates, got {sorted(unknown)}")
        tp = tracer_provider or otel_trace.get_tracer_provider()
        self._tracer = tp.get_tracer(_SCOPE)
        self._logger_provider = logger_provider
        self.span_kind = OpenInferenceSpanKindValues[span_kind].value
        self.record_draft = record_draft
        self.error_on = frozenset(error_on)
        self.evaluation_event = evaluation_event

    def emit(self, event: GroundingEvent) -> None:
        self.record(event)

    def _log_events(self) -> bool:
        if self.evaluation_event in ("log", "both"):
            return True
        if self.evaluation_event == "span":
            return False
        provider = self._logger_provider or get_logger_provider()
        return not isinstance(provider, NoOpLoggerProvider | ProxyLoggerProvider)

    def _io_attributes(self, event: GroundingEvent) -> dict[str, Any]:
        attrs: dict[str, Any] = {SpanAttributes.OPENINFERENCE_SPAN_KIND: self.span_kind}
        draft = event.trace.request.get("draft") if event.trace is not None else None
        if isinstance(draft, str) and (self.record_draft or event.policy != "redact"):
            attrs[SpanAttributes.INPUT_VALUE] = draft
            attrs[SpanAttributes.INPUT_MIME_TYPE] = "text/plain"
        if event.output_text is not None:
            attrs[SpanAttributes.OUTPUT_VALUE] = event.output_text
            attrs[SpanAttributes.OUTPUT_MIME_TYPE] = "text/plain"
        return attrs

    def record(self, event: GroundingEvent) -> SpanContext:
        """Emit the span (and evaluation) for ``event``; returns the span's context."""
        case = event.case
        end_ns = time.time_ns()
        start_ns = end_ns - int((case.latency_ms or 0.0) * 1e6)
        parent_ctx = _parent_context(event.parent)
        span = self._tracer.start_span(
            SPAN_NAME,
            context=parent_ctx,
            start_time=start_ns,
            attributes={
                **_attributes("grounding.", case_fields(event)),
                **self._io_attributes(event),
            },
        )
        try:
            for claim in case.claims:
                span.add_event(
                    "grounding.claim",
                    attributes=_attributes(
                        "grounding.claim.",
                        {
                            "id": claim.claim_id,
                            "outcome": claim.outcome.value if claim.outcome else None,
                            "p_wrong": claim.p_wrong,
                            "assessment": claim.assessment.value,
                            "availability": claim.availability.value,
                            "reason": claim.reason.value if claim.reason else None,
                            "reason_detail": (
                                claim.reason_detail.value if claim.reason_detail else None
                            ),
                            "band": claim.details.get("band"),
                            "score": claim.confidence,
                            "char_start": claim.char_start,
                            "char_end": claim.char_end,
                            **{f"judge_{k}": v for k, v in (claim_judgement(claim) or {}).items()},
                        },
                    ),
                    timestamp=end_ns,
                )
            if case.quality_gate.value in self.error_on:
                span.set_status(Status(StatusCode.ERROR, case.error_message or case.summary))
            else:
                span.set_status(Status(StatusCode.OK))
            attributes = self._evaluation_attributes(event)
            if self.evaluation_event in ("span", "both") or not self._log_events():
                span.add_event(EVALUATION_EVENT, attributes=attributes, timestamp=end_ns)
            if self._log_events():
                self._emit_log(parent_ctx, span, attributes)
        finally:
            span.end(end_time=end_ns)
        return span.get_span_context()

    def _emit_log(self, parent_ctx: Any, span: Any, attributes: dict[str, Any]) -> None:
        # parented to the evaluated operation (the run's span) when there is one
        parent_span = otel_trace.get_current_span(parent_ctx)
        event_ctx = (
            parent_ctx
            if parent_span.get_span_context().is_valid
            else otel_trace.set_span_in_context(span, parent_ctx)
        )
        provider = self._logger_provider or get_logger_provider()
        provider.get_logger(_SCOPE).emit(
            event_name=EVALUATION_EVENT,
            context=event_ctx,
            severity_number=SeverityNumber.INFO,
            attributes=attributes,
        )

    @staticmethod
    def _evaluation_attributes(event: GroundingEvent) -> dict[str, Any]:
        case = event.case
        label, score, explanation = evaluation_result(case)
        attrs: dict[str, Any] = {
            gen_ai.GEN_AI_EVALUATION_NAME: EVALUATION_NAME,
            gen_ai.GEN_AI_EVALUATION_SCORE_LABEL: label,
            gen_ai.GEN_AI_EVALUATION_EXPLANATION: explanation,
            "grounding.case_id": case.case_id,
        }
        if score is not None:
            attrs[gen_ai.GEN_AI_EVALUATION_SCORE_VALUE] = score
        if case.execution.value != "SUCCESS" or case.availability is (
            AssessmentAvailability.NOT_EVALUATED
        ):
            attrs[ERROR_TYPE] = case.reason.value if case.reason is not None else "_OTHER"
        response_id = event.attributes.get("response_id")
        if response_id:
            attrs[gen_ai.GEN_AI_RESPONSE_ID] = str(response_id)
        return attrs
