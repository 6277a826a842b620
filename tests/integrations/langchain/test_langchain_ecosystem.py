"""GroundingGuard in the LangChain ecosystem: serialisation, schemas, config specs, raise mode,
the verdict in tracers, and the OpenTelemetry span under OpenInference's tracer."""

from __future__ import annotations

import pytest
from langchain_core.load import dumpd, dumps, load, loads
from langchain_core.messages import AIMessage
from langchain_core.runnables import RunnableLambda
from langchain_core.tracers.base import BaseTracer
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from longtracer_core import Bands, CaseResult, VerifyConfig
from longtracer_integrations.langchain import (
    GroundingFailedError,
    GroundingGuard,
    LangSmithFeedbackSink,
)
from longtracer_integrations.observability import OpenTelemetrySink
from tests.helpers import FABRICATED, SOURCES, SUPPORTED, verifier

ANSWER = f"{SUPPORTED} {FABRICATED}"
NOTICE = "[removed: not supported by the sources]"
LOAD = {"valid_namespaces": ["longtracer_integrations"], "allowed_objects": [GroundingGuard]}


# -- serialisation ---------------------------------------------------------------------
def test_dumpd_loads_round_trip_keeps_settings():
    """dumpd/loads rebuild a guard with the same policy, keys, raise mode and VerifyConfig."""
    guard = GroundingGuard(
        policy="redact",
        answer_key="output",
        on_fail="raise",
        config=VerifyConfig(bands=Bands(supported=0.70), redaction_notice="[gone]"),
    )
    data = dumpd(guard)
    assert data["type"] == "constructor"
    assert data["id"] == ["longtracer_integrations", "langchain", "GroundingGuard"]
    again = loads(dumps(guard), **LOAD)
    assert isinstance(again, GroundingGuard)
    assert (again.policy, again.answer_key, again.on_fail) == ("redact", "output", "raise")
    assert again.config == guard.config
    assert load(data, **LOAD).config.redaction_notice == "[gone]"


def test_loaded_guard_verifies_like_the_original():
    """The rebuilt guard applies the same policy to the same input."""
    guard = GroundingGuard(policy="redact", config=VerifyConfig())
    again = loads(dumps(guard), **LOAD)
    payload = {"answer": SUPPORTED, "context": SOURCES}
    assert again.invoke(payload)["answer"] == SUPPORTED


def test_guard_with_live_objects_is_not_serialisable():
    """A guard holding a verifier or sinks serialises as not_implemented; loads refuses it."""
    guard = GroundingGuard(verifier=verifier())
    assert dumpd(guard)["type"] == "not_implemented"
    with pytest.raises(NotImplementedError, match="serialization"):
        loads(dumps(guard), **LOAD)


def test_config_and_verifier_together_are_refused():
    """config= builds the verifier; passing a verifier too is ambiguous."""
    with pytest.raises(ValueError, match="verifier= or config="):
        GroundingGuard(verifier=verifier(), config=VerifyConfig())


# -- schemas and configurable keys ------------------------------------------------------
def test_input_and_output_schemas_are_typed():
    """The JSON schemas name the configured keys, the CaseResult and the message type."""
    guard = GroundingGuard(answer_key="output", context_key="docs", output_key="verdict")
    inp = guard.get_input_schema().model_json_schema()
    record = inp["$defs"]["GroundingGuardInputDict"]
    assert record["required"] == ["output"]
    assert "docs" in record["properties"]
    assert {"type": "string"} in inp["anyOf"]
    out = guard.get_output_schema().model_json_schema()
    out_record = out["$defs"]["GroundingGuardOutputDict"]
    assert set(out_record["required"]) == {"output", "verdict"}
    assert "CaseResult" in out["$defs"]
    # the schema validates what the guard really returns
    result = GroundingGuard(verifier=verifier()).invoke({"answer": SUPPORTED, "context": SOURCES})
    GroundingGuard().get_output_schema().model_validate(result)


def test_config_specs_name_the_keys_the_guard_reads():
    """config_specs lists the sources key and grounding_policy, so configurable chains expose them."""
    guard = GroundingGuard(sources_key="my_sources")
    assert [s.id for s in guard.config_specs] == ["my_sources", "grounding_policy"]
    chain = RunnableLambda(lambda x: x) | guard
    assert {"my_sources", "grounding_policy"} <= {s.id for s in chain.config_specs}


# -- raise mode and fallbacks -----------------------------------------------------------
def test_on_fail_raise_carries_case_text_and_output():
    """on_fail='raise': GroundingFailedError with the CaseResult, redacted text and output dict."""
    guard = GroundingGuard(policy="redact", verifier=verifier(), on_fail="raise")
    with pytest.raises(GroundingFailedError) as info:
        guard.invoke({"answer": ANSWER, "context": SOURCES})
    err = info.value
    assert isinstance(err.case, CaseResult) and err.case.quality_gate.value == "FAIL"
    assert err.text == f"{SUPPORTED} {NOTICE}"
    assert err.output["answer"] == err.text
    assert FABRICATED not in str(err)


def test_on_fail_raise_passes_supported_answers():
    """A PASS answer goes through unchanged in raise mode."""
    guard = GroundingGuard(policy="redact", verifier=verifier(), on_fail="raise")
    assert guard.invoke({"answer": SUPPORTED, "context": SOURCES})["answer"] == SUPPORTED


def test_with_fallbacks_routes_failed_answers_to_a_safer_chain():
    """guard.with_fallbacks([...], exceptions_to_handle=(GroundingFailedError,)) takes over on FAIL."""
    guard = GroundingGuard(policy="redact", verifier=verifier(), on_fail="raise", output_key="g")
    safe = RunnableLambda(lambda x: {**x, "answer": "I could not verify an answer."})
    chain = guard.with_fallbacks([safe], exceptions_to_handle=(GroundingFailedError,))
    assert chain.invoke({"answer": ANSWER, "context": SOURCES})["answer"] == (
        "I could not verify an answer."
    )
    assert chain.invoke({"answer": SUPPORTED, "context": SOURCES})["answer"] == SUPPORTED


async def test_on_fail_raise_async_and_stream():
    """ainvoke raises; a buffered stream raises before emitting anything; a sentence stream
    raises at the end, having emitted only verified sentences."""
    config = {"configurable": {"grounding_sources": SOURCES}}
    guard = GroundingGuard(policy="redact", verifier=verifier(), on_fail="raise")
    with pytest.raises(GroundingFailedError):
        await guard.ainvoke(ANSWER, config)
    buffered = guard.model_copy(update={"stream_mode": "buffered"})
    emitted = []
    with pytest.raises(GroundingFailedError):
        for chunk in buffered.stream(ANSWER, config):
            emitted.append(chunk)
    assert emitted == []
    by_sentence = guard.model_copy(update={"stream_mode": "sentence"})
    emitted = []
    with pytest.raises(GroundingFailedError) as info:
        for chunk in by_sentence.stream(ANSWER + " More.", config):
            emitted.append(chunk)
    assert "".join(emitted) == SUPPORTED
    assert info.value.text.startswith(SUPPORTED) and "Atlantis" not in info.value.text


# -- the verdict in tracers --------------------------------------------------------------
class RecordingTracer(BaseTracer):
    """A tracer like LangSmith's: keeps every finished run."""

    def __init__(self) -> None:
        super().__init__()
        self.runs = []

    def _persist_run(self, run) -> None:
        pass

    def _on_run_update(self, run) -> None:
        self.runs.append(run)


def _verdict_run(tracer: RecordingTracer):
    (run,) = [r for r in tracer.runs if r.name == "grounding_verdict"]
    return run


def test_string_chain_verdict_reaches_tracers():
    """A string chain: tracers see a grounding_verdict child run whose outputs are the verdict."""
    tracer = RecordingTracer()
    guard = GroundingGuard(policy="flag", verifier=verifier())
    guard.invoke(ANSWER, {"callbacks": [tracer], "configurable": {"grounding_sources": SOURCES}})
    run = _verdict_run(tracer)
    guard_run = next(r for r in tracer.runs if r.name == "GroundingGuard")
    assert run.parent_run_id == guard_run.id
    assert run.outputs["quality_gate"] == "FAIL"
    assert [c["assessment"] for c in run.outputs["claims"]] == [
        "SUPPORTED",
        "INSUFFICIENT_EVIDENCE",
    ]
    assert "Atlantis" in run.outputs["claims"][1]["text"]  # flag: the text is shown anyway
    # the outcome and its finding in words, as the CLI and the report print them
    assert [c["outcome"] for c in run.outputs["claims"]] == ["SUPPORTED", "REFUTED"]
    assert run.outputs["claims"][1]["finding"].startswith("refuted: ")
    assert run.outputs["outcomes"] == {"SUPPORTED": 1, "UNCERTAIN": 0, "REFUTED": 1}


def test_redact_verdict_run_leaves_claim_texts_out():
    """Under redact the verdict run carries no words of the removed sentence."""
    tracer = RecordingTracer()
    guard = GroundingGuard(policy="redact", verifier=verifier())
    guard.invoke(ANSWER, {"callbacks": [tracer], "configurable": {"grounding_sources": SOURCES}})
    run = _verdict_run(tracer)
    assert "Atlantis" not in str(run.outputs) and "Atlantis" not in str(run.inputs)
    assert [c["outcome"] for c in run.outputs["claims"]] == ["SUPPORTED", "REFUTED"]
    assert "finding" not in run.outputs["claims"][1]  # a finding may quote the claim


class FakeFeedbackClient:
    """Stands in for langsmith.Client: records create_feedback calls."""

    def __init__(self) -> None:
        self.calls = []

    def create_feedback(self, run_id, key, **kwargs):
        self.calls.append({"run_id": run_id, "key": key, **kwargs})


def test_langsmith_feedback_sink_scores_the_guard_run():
    """LangSmithFeedbackSink posts key 'grounding', score, gate and summary on the guard's run."""
    client = FakeFeedbackClient()
    tracer = RecordingTracer()
    guard = GroundingGuard(verifier=verifier(), sinks=[LangSmithFeedbackSink(client=client)])
    guard.invoke(ANSWER, {"callbacks": [tracer], "configurable": {"grounding_sources": SOURCES}})
    (call,) = client.calls
    guard_run = next(r for r in tracer.runs if r.name == "GroundingGuard")
    assert str(call["run_id"]) == str(guard_run.id)
    assert call["key"] == "grounding"
    assert call["score"] == pytest.approx(0.5)
    assert call["value"] == "fail"
    assert "1 of 2 claims supported" in call["comment"]


# -- OpenTelemetry under OpenInference's LangChain tracer ---------------------------------
@pytest.fixture
def instrumented():
    from openinference.instrumentation.langchain import LangChainInstrumentor

    spans = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(spans))
    instrumentor = LangChainInstrumentor()
    instrumentor.instrument(tracer_provider=provider)
    try:
        yield provider, spans
    finally:
        instrumentor.uninstrument()


def test_grounding_span_is_child_of_the_guard_run_span(instrumented):
    """Under LangChainInstrumentor the GUARDRAIL span hangs under the guard's own span."""
    provider, spans = instrumented
    sink = OpenTelemetrySink(tracer_provider=provider)
    chain = RunnableLambda(lambda q: ANSWER, name="generate") | GroundingGuard(
        policy="redact", verifier=verifier(), sinks=[sink]
    )
    assert chain.invoke("q", {"configurable": {"grounding_sources": SOURCES}}) == (
        f"{SUPPORTED} {NOTICE}"
    )
    finished = spans.get_finished_spans()
    grounding = next(s for s in finished if s.name == "grounding.verify")
    guard_span = next(s for s in finished if s.name == "GroundingGuard")
    assert grounding.parent is not None
    assert grounding.parent.span_id == guard_span.context.span_id
    assert grounding.context.trace_id == guard_span.context.trace_id
    a = grounding.attributes
    assert a["openinference.span.kind"] == "GUARDRAIL"
    assert a["output.value"] == f"{SUPPORTED} {NOTICE}"
    assert "input.value" not in a  # redact: the draft is not recorded by our span
    assert grounding.status.status_code.name == "ERROR"


def test_response_id_comes_from_the_message():
    """gen_ai.response.id is the AIMessage id; absent for plain strings."""
    spans = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(spans))
    guard = GroundingGuard(verifier=verifier(), sinks=[OpenTelemetrySink(tracer_provider=provider)])
    config = {"configurable": {"grounding_sources": SOURCES}}
    guard.invoke(AIMessage(SUPPORTED, id="chatcmpl-42"), config)
    guard.invoke(SUPPORTED, config)
    first, second = spans.get_finished_spans()
    (ev1,) = [e for e in first.events if e.name == "gen_ai.evaluation.result"]
    (ev2,) = [e for e in second.events if e.name == "gen_ai.evaluation.result"]
    assert ev1.attributes["gen_ai.response.id"] == "chatcmpl-42"
    assert "gen_ai.response.id" not in ev2.attributes
    assert first.status.status_code.name == "OK"
    assert first.attributes["input.value"] == SUPPORTED  # flag: the draft is the output anyway
