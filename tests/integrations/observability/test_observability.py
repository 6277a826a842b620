"""Sinks: structured logging, JSONL under concurrent writers, OpenTelemetry span and event."""

from __future__ import annotations

import json
import logging
import multiprocessing
import threading
from pathlib import Path

import pytest
from opentelemetry import trace
from opentelemetry.sdk._logs import LoggerProvider
from opentelemetry.sdk._logs.export import InMemoryLogRecordExporter, SimpleLogRecordProcessor
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from longtracer_integrations.observability import (
    GroundingEvent,
    JsonlSink,
    LoggingSink,
    OpenTelemetrySink,
    dispatch,
)
from tests.helpers import FABRICATED, SOURCES, SUPPORTED, verifier


def _event(draft: str = f"{SUPPORTED} {FABRICATED}", **kw) -> GroundingEvent:
    g = verifier().guard(draft, SOURCES, policy="redact", case_id=kw.pop("case_id", "c-1"))
    return GroundingEvent(
        case=g.case,
        trace=g.trace,
        origin="test",
        policy="redact",
        run_id="r1",
        root_run_id="root",
        **kw,
    )


def test_logging_sink_levels_and_fields(caplog):
    """INFO for PASS, WARNING for FAIL/INDETERMINATE; fields attached as record.grounding."""
    sink = LoggingSink("test.grounding")
    with caplog.at_level(logging.INFO, logger="test.grounding"):
        sink.emit(_event(SUPPORTED))
        sink.emit(_event())
    passed, failed = caplog.records
    assert passed.levelno == logging.INFO and failed.levelno == logging.WARNING
    assert "quality_gate=PASS" in passed.getMessage()
    assert failed.grounding["quality_gate"] == "FAIL"
    assert failed.grounding["supported"] == 1 and failed.grounding["insufficient_evidence"] == 1
    # the outcomes lead: the fabricated claim is refuted (a name no source holds)
    assert "refuted=1 uncertain=0" in failed.getMessage()
    assert failed.grounding["run_id"] == "r1" and failed.grounding["plan_hash"]


def test_dispatch_isolates_failing_sinks(caplog):
    """One failing sink is logged and skipped; the others still receive the case."""

    class Broken:
        def emit(self, event):
            raise RuntimeError("boom")

    got = []

    class Good:
        def emit(self, event):
            got.append(event)

    dispatch([Broken(), Good()], _event())
    assert len(got) == 1
    with pytest.raises(RuntimeError):
        dispatch([Broken()], _event(), raise_error=True)


def test_jsonl_line_holds_case_and_trace(tmp_path):
    """One JSON line per case, with the case, the trace and the run ids."""
    path = tmp_path / "cases.jsonl"
    JsonlSink(path).emit(_event())
    (line,) = path.read_text().splitlines()
    record = json.loads(line)
    assert record["case"]["quality_gate"] == "FAIL"
    assert record["trace"]["claims"][0]["claim_id"] == "c1"
    assert record["run_id"] == "r1" and record["root_run_id"] == "root"


def test_jsonl_eight_threads_two_hundred_cases_each(tmp_path):
    """8 threads × 200 cases: every line parses and the count is exact."""
    path = tmp_path / "threads.jsonl"
    sink = JsonlSink(path)
    base = _event()

    def work(t: int) -> None:
        for i in range(200):
            case = base.case.model_copy(update={"case_id": f"t{t}-{i}"})
            sink.emit(GroundingEvent(case=case, trace=base.trace, origin="test"))

    threads = [threading.Thread(target=work, args=(t,)) for t in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    ids = [json.loads(line)["case"]["case_id"] for line in path.read_text().splitlines()]
    assert len(ids) == 1600 and len(set(ids)) == 1600


def _process_writer(path: str, proc: int, payload: str) -> None:
    from longtracer_core.contracts import CaseResult
    from longtracer_integrations.observability import GroundingEvent, JsonlSink

    case = CaseResult.model_validate_json(payload)
    sink = JsonlSink(path)
    for i in range(100):
        sink.emit(
            GroundingEvent(
                case=case.model_copy(update={"case_id": f"p{proc}-{i}"}),
                attributes={"pad": "x" * 20_000},
            )
        )


def test_jsonl_four_processes_one_hundred_cases_each(tmp_path):
    """4 processes × 100 cases (lines of ~25 kB): no torn or lost line."""
    path = tmp_path / "procs.jsonl"
    payload = _event().case.model_dump_json()
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_process_writer, args=(str(path), p, payload)) for p in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    lines = Path(path).read_text().splitlines()
    ids = [json.loads(line)["case"]["case_id"] for line in lines]
    assert len(ids) == 400 and len(set(ids)) == 400


@pytest.fixture
def otel():
    spans = InMemorySpanExporter()
    tp = TracerProvider()
    tp.add_span_processor(SimpleSpanProcessor(spans))
    logs = InMemoryLogRecordExporter()
    lp = LoggerProvider()
    lp.add_log_record_processor(SimpleLogRecordProcessor(logs))
    return tp, lp, spans, logs


def test_otel_span_attributes_and_claim_events(otel):
    """grounding.verify span: gate, availability, counts per assessment, score model, plan hash."""
    tp, lp, spans, _ = otel
    event = _event()
    OpenTelemetrySink(tracer_provider=tp, logger_provider=lp).emit(event)
    (span,) = spans.get_finished_spans()
    assert span.name == "grounding.verify"
    a = span.attributes
    assert a["grounding.quality_gate"] == "FAIL"
    assert a["grounding.availability"] == "ASSESSED"
    assert a["grounding.execution"] == "SUCCESS"
    assert (a["grounding.supported"], a["grounding.insufficient_evidence"]) == (1, 1)
    assert (a["grounding.contradicted"], a["grounding.conflicting_sources"]) == (0, 0)
    assert a["grounding.score_model"] == "v2"
    assert a["grounding.plan_hash"] == event.case.metadata["plan_hash"]
    assert [e.name for e in span.events] == ["grounding.claim", "grounding.claim"]
    assert span.events[1].attributes["grounding.claim.assessment"] == "INSUFFICIENT_EVIDENCE"
    assert span.end_time >= span.start_time


def test_otel_claim_events_carry_the_seed_reason_and_the_finer_cause(otel):
    tp, lp, spans, _ = otel
    negated = "The James Webb Space Telescope did not launch aboard an Ariane 5 rocket."
    OpenTelemetrySink(tracer_provider=tp, logger_provider=lp).emit(_event(f"{SUPPORTED} {negated}"))
    (span,) = spans.get_finished_spans()
    supported, negated_claim = (e.attributes for e in span.events)
    assert "grounding.claim.reason_detail" not in supported  # None is left out
    assert negated_claim["grounding.claim.reason"] == "CONTRADICTED_BY_EVIDENCE"
    assert negated_claim["grounding.claim.reason_detail"] == "POLARITY_MISMATCH"


def test_otel_evaluation_event_follows_genai_conventions(otel):
    """A gen_ai.evaluation.result event with name, score value/label and explanation."""
    tp, lp, spans, logs = otel
    tracer = tp.get_tracer("app")
    with tracer.start_as_current_span("llm.generate") as parent:
        OpenTelemetrySink(tracer_provider=tp, logger_provider=lp).emit(_event())
    (record,) = [r.log_record for r in logs.get_finished_logs()]
    assert record.event_name == "gen_ai.evaluation.result"
    a = record.attributes
    assert a["gen_ai.evaluation.name"] == "grounding"
    assert a["gen_ai.evaluation.score.value"] == pytest.approx(0.5)
    assert a["gen_ai.evaluation.score.label"] == "fail"
    assert "1 of 2 claims supported" in a["gen_ai.evaluation.explanation"]
    # parented to the span current at emit time (the operation being evaluated)
    assert record.span_id == parent.get_span_context().span_id
    assert record.trace_id == parent.get_span_context().trace_id
    grounding = next(s for s in spans.get_finished_spans() if s.name == "grounding.verify")
    assert grounding.parent.span_id == parent.get_span_context().span_id


def test_otel_event_without_current_span_is_parented_to_grounding_span(otel):
    """With no span current, the evaluation event hangs off the grounding.verify span."""
    tp, lp, spans, logs = otel
    assert not trace.get_current_span().get_span_context().is_valid
    OpenTelemetrySink(tracer_provider=tp, logger_provider=lp).emit(_event())
    (span,) = spans.get_finished_spans()
    (record,) = [r.log_record for r in logs.get_finished_logs()]
    assert record.span_id == span.get_span_context().span_id


def test_otel_failed_case_sets_error_status_and_type(otel):
    """An unverified case: span status ERROR, event carries error.type = the reason."""
    tp, lp, spans, logs = otel
    from longtracer_core.testing import FunctionEmbedder

    def broken(texts):
        raise RuntimeError("down")

    g = verifier(embedder=FunctionEmbedder(broken)).guard(SUPPORTED, SOURCES)
    OpenTelemetrySink(tracer_provider=tp, logger_provider=lp).emit(GroundingEvent(case=g.case))
    (span,) = spans.get_finished_spans()
    assert span.status.status_code.name == "ERROR"
    (record,) = [r.log_record for r in logs.get_finished_logs()]
    assert record.attributes["error.type"] == "EVALUATION_FAILED"
    assert "gen_ai.evaluation.score.value" not in record.attributes


def test_jsonl_after_a_write_cut_short_the_next_record_is_whole(tmp_path, monkeypatch):
    """A full disk cuts one line short (ENOSPC mid-write); the next record still gets a
    line of its own: only the cut record is lost, every other line parses."""
    import errno
    import os as os_module

    path = tmp_path / "cases.jsonl"
    sink = JsonlSink(path)
    sink.emit(_event(case_id="first"))
    real_write = os_module.write

    def full_disk(fd, data):
        real_write(fd, bytes(data[: len(data) // 2]))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os_module, "write", full_disk)
    with pytest.raises(OSError):
        sink.emit(_event(case_id="cut"))
    monkeypatch.setattr(os_module, "write", real_write)
    sink.emit(_event(case_id="after"))
    lines = path.read_text().splitlines()
    assert len(lines) == 3
    assert json.loads(lines[0])["case"]["case_id"] == "first"
    with pytest.raises(json.JSONDecodeError):
        json.loads(lines[1])
    assert json.loads(lines[2])["case"]["case_id"] == "after"


def test_jsonl_keeps_a_record_with_a_lone_surrogate(tmp_path):
    """A lone surrogate in the answer is written as its JSON escape, not dropped."""
    path = tmp_path / "cases.jsonl"
    JsonlSink(path).emit(_event(draft=f"{SUPPORTED} The \ud800 telescope launched."))
    (line,) = path.read_text(encoding="utf-8").splitlines()
    assert "\ud800" in json.loads(line)["trace"]["request"]["draft"]
