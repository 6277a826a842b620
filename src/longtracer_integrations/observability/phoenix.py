"""``PhoenixAnnotationSink``: the verdict as a Phoenix span annotation (extra ``[otel]``).

Phoenix shows span annotations as evaluations in its UI. This sink records the
grounding span through an ``OpenTelemetrySink`` (GUARDRAIL kind, parented on
the verified run) and posts one annotation for that span to Phoenix's REST API
(``POST /v1/span_annotations``): name ``grounding``, annotator kind ``CODE``,
label ``pass``/``fail``/``indeterminate``, score = share of assessed claims
supported, explanation = the case summary, and the case id, reason and counts
(the outcomes refuted and uncertain, then the seed's assessments) as metadata.
The annotation is keyed by the case id (``identifier``), so posting a case again
updates it instead of adding a second one.

Phoenix queues annotations whose span has not arrived yet (a batching span
processor exports later), so the post does not wait for the span export.
"""

from __future__ import annotations

from typing import Any

import httpx

from longtracer_core.pipeline.judgement import claim_judgement

from .base import GroundingEvent
from .logging_sink import case_fields, evaluation_result
from .otel import EVALUATION_NAME, OpenTelemetrySink

__all__ = ["PhoenixAnnotationSink"]


class PhoenixAnnotationSink:
    """Record each case as a GUARDRAIL span and annotate that span in Phoenix.

    ``endpoint`` is Phoenix's base URL (``http://127.0.0.1:6006``); ``api_key``
    is sent as a bearer token when Phoenix has authentication on. Pass
    ``otel_sink=`` to reuse an ``OpenTelemetrySink`` (its provider, span kind
    and draft rule); otherwise one is built on ``tracer_provider`` (default:
    the global provider, which is where Phoenix's OTLP exporter usually sits).
    Use this sink *instead of* an ``OpenTelemetrySink``, not beside it, or each
    case is recorded twice. A failed post raises, which ``dispatch`` logs
    without breaking the chain.
    """

    def __init__(
        self,
        endpoint: str = "http://127.0.0.1:6006",
        *,
        otel_sink: OpenTelemetrySink | None = None,
        tracer_provider: Any = None,
        name: str = EVALUATION_NAME,
        api_key: str | None = None,
        timeout: float = 5.0,
        client: httpx.Client | None = None,
    ) -> None:
        self.endpoint = endpoint.rstrip("/")
        self.name = name
        self.otel_sink = otel_sink or OpenTelemetrySink(tracer_provider=tracer_provider)
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._client = client or httpx.Client(timeout=timeout, headers=headers)

    def annotation(self, event: GroundingEvent, span_id: int) -> dict[str, Any]:
        """The span-annotation record posted for ``event`` on span ``span_id``."""
        label, score, explanation = evaluation_result(event.case)
        fields = case_fields(event)
        metadata = {
            k: fields[k]
            for k in (
                "case_id",
                "quality_gate",
                "reason",
                "claims",
                "refuted",
                "uncertain",
                "supported",
                "contradicted",
                "insufficient_evidence",
                "conflicting_sources",
                "score_model",
                "policy",
                "judge_model",
                "judge_applied",
                "judge_requests",
                "judge_unavailable",
                "judge_cause",
            )
            if fields.get(k) is not None
        }
        judged = {c.claim_id: claim_judgement(c) for c in event.case.claims}
        if any(judged.values()):
            metadata["judge_verdicts"] = {k: v for k, v in judged.items() if v}
        result: dict[str, Any] = {"label": label, "explanation": explanation}
        if score is not None:
            result["score"] = score
        return {
            "span_id": format(span_id, "016x"),
            "name": self.name,
            "annotator_kind": "CODE",
            "result": result,
            "metadata": metadata,
            "identifier": event.case.case_id,
        }

    def emit(self, event: GroundingEvent) -> None:
        span = self.otel_sink.record(event)
        response = self._client.post(
            f"{self.endpoint}/v1/span_annotations",
            json={"data": [self.annotation(event, span.span_id)]},
        )
        response.raise_for_status()

    def close(self) -> None:
        """Close the HTTP client."""
        self._client.close()
