"""The judge's verdict and quote reach the callbacks, the logs, the spans and the annotation."""

from __future__ import annotations

import logging

import httpx
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from longtracer_core.judge import Finding, JudgeVerdict
from longtracer_core.testing import FunctionJudge
from longtracer_integrations.langchain._tracing import verdict_summary
from longtracer_integrations.observability import (
    GroundingEvent,
    LoggingSink,
    OpenTelemetrySink,
    PhoenixAnnotationSink,
)
from tests.core.judge.test_judge import PARTIAL, QUOTE
from tests.helpers import SOURCES, verifier


def cites(request):
    span = request.spans[0]
    return JudgeVerdict(request.claim_id, "SUPPORTED", (Finding(span.span_id, "SUPPORTED", QUOTE),))


def guarded():
    return verifier(judge=FunctionJudge(cites)).guard(PARTIAL, SOURCES, policy="redact")


def event() -> GroundingEvent:
    g = guarded()
    return GroundingEvent(case=g.case, trace=g.trace, origin="test", policy="redact")


JUDGED = {
    "label": "SUPPORTED",
    "outcome": "applied",
    "claim_outcome": "SUPPORTED",
    "quote": QUOTE,
    "quote_verified": True,
    "quote_source": "source_0",
}


def test_the_langchain_verdict_run_names_the_judges_verdict_and_quote():
    """The grounding_verdict outputs carry each judged claim's label, outcome and quote."""
    (claim,) = verdict_summary(guarded(), "redact")["claims"]
    assert claim["judge"] == JUDGED and claim["outcome"] == "SUPPORTED"


def test_otel_claim_events_carry_the_judges_verdict():
    """grounding.claim events: judge label, outcome, quote and whether it was found."""
    spans = InMemorySpanExporter()
    tp = TracerProvider()
    tp.add_span_processor(SimpleSpanProcessor(spans))
    OpenTelemetrySink(tracer_provider=tp).emit(event())
    (span,) = spans.get_finished_spans()
    (claim,) = [e.attributes for e in span.events if e.name == "grounding.claim"]
    assert claim["grounding.claim.judge_label"] == "SUPPORTED"
    assert claim["grounding.claim.judge_quote"] == QUOTE
    assert claim["grounding.claim.judge_quote_verified"] is True
    assert claim["grounding.claim.outcome"] == claim["grounding.claim.judge_claim_outcome"]
    assert span.attributes["grounding.judge_model"] == "function-judge"


def test_a_citation_that_does_not_state_the_claim_says_what_it_lacks():
    """A real sentence about something else: not verified, and the event says what it lacks."""

    def cites_the_mirror(request):
        span = next(s for s in request.spans if "mirror" in s.text)
        finding = Finding(span.span_id, "SUPPORTED", SOURCES[1])
        return JudgeVerdict(request.claim_id, "SUPPORTED", (finding,))

    g = verifier(judge=FunctionJudge(cites_the_mirror)).guard(PARTIAL, SOURCES, policy="redact")
    (claim,) = verdict_summary(g, "redact")["claims"]
    assert claim["judge"]["quote_verified"] is False
    assert claim["judge"]["outcome"] == "quote_unverified"
    assert "2021" in claim["judge"]["citation_lacks"]


def test_the_phoenix_annotation_holds_the_judges_verdicts():
    """The annotation's metadata: the judge model, counts and each judged claim's verdict."""
    sink = PhoenixAnnotationSink(otel_sink=OpenTelemetrySink(), client=httpx.Client())
    record = sink.annotation(event(), span_id=1)
    assert record["metadata"]["judge_model"] == "function-judge"
    assert record["metadata"]["judge_applied"] == 1
    assert record["metadata"]["judge_verdicts"] == {"c1": JUDGED}


def test_the_log_record_holds_the_judge_fields(caplog):
    """The structured log record names the judge, what it changed and whether it was usable."""
    with caplog.at_level(logging.INFO, logger="longtracer.grounding"):
        LoggingSink().emit(event())
    fields = caplog.records[-1].grounding
    assert fields["judge_model"] == "function-judge" and fields["judge_applied"] == 1
    assert fields["judge_unavailable"] is False


def test_a_judge_quote_that_refutes_shows_as_the_claims_finding_everywhere():
    """role='decide', a verified CONTRADICTED quote: the claim is REFUTED by the judge's quote,
    and the trace, the report and the verdict run all show the quote as the finding."""
    from longtracer_core import JudgeConfig, VerifyConfig
    from longtracer_core.report import case_view, render_html

    quote = "launched on 25 December 2021 aboard an Ariane 5 rocket"

    def contradicts(request):
        span = request.spans[0]
        return JudgeVerdict(
            request.claim_id, "CONTRADICTED", (Finding(span.span_id, "CONTRADICTED", quote),)
        )

    config = VerifyConfig(judge=JudgeConfig(role="decide"))
    g = verifier(judge=FunctionJudge(contradicts), config=config).guard(
        PARTIAL, SOURCES, policy="redact"
    )
    (claim,) = g.case.claims
    assert claim.outcome.value == "REFUTED" and quote in claim.finding
    (traced,) = g.trace.claims
    assert traced.outcome == "REFUTED" and traced.judge["findings"][0]["verified"]
    assert quote in traced.finding
    (run,) = verdict_summary(g, "redact")["claims"]
    assert run["outcome"] == "REFUTED" and run["judge"]["quote"] == quote
    record = {"case": g.case.model_dump(mode="json"), "trace": g.trace.model_dump(mode="json")}
    html = render_html([case_view(record)], generator="test")
    assert "CONTRADICTED (applied)" in html and quote in html
