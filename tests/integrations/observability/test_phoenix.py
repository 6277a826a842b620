"""End to end with a real Phoenix server on 127.0.0.1 (marker ``phoenix``, ``make test-phoenix``).

A LangChain RAG chain runs under OpenInference's LangChain instrumentor and a
LlamaIndex query engine under its LlamaIndex instrumentor, both exporting
OTLP to Phoenix, with ``PhoenixAnnotationSink`` on the grounding. The test
then reads Phoenix's REST API back and checks that the grounding span is a
GUARDRAIL child of the guard's run (LangChain) or of the query's spans
(LlamaIndex), with status ERROR on FAIL, and that it carries a ``grounding``
annotation with the verdict. It prints the span tree and the annotations.

Phoenix is installed in its own venv by ``.ci/setup_phoenix.sh``; the test
starts it (``LONGTRACER_PHOENIX_PYTHON``) and stops it by its pid.
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.phoenix

NOTICE = "[removed: not supported by the sources]"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def phoenix(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Start Phoenix on loopback ports in a temporary working dir; stop it by its pid."""
    python = os.environ.get("LONGTRACER_PHOENIX_PYTHON")
    if not python or not Path(python).exists():
        if os.environ.get("CI") == "true":
            pytest.fail("LONGTRACER_PHOENIX_PYTHON is not set: run `make test-phoenix`")
        pytest.skip("Phoenix is not installed: run `make test-phoenix`")
    workdir = tmp_path_factory.mktemp("phoenix")
    port, grpc_port = _free_port(), _free_port()
    env = {
        **os.environ,
        "PHOENIX_HOST": "127.0.0.1",
        "PHOENIX_PORT": str(port),
        "PHOENIX_GRPC_PORT": str(grpc_port),
        "PHOENIX_WORKING_DIR": str(workdir),
        "PHOENIX_TELEMETRY_ENABLED": "false",
        "PHOENIX_ALLOW_EXTERNAL_RESOURCES": "false",
    }
    log = (workdir / "phoenix.log").open("wb")
    proc = subprocess.Popen(
        [python, "-m", "phoenix.server.main", "serve"],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180
        while True:
            if proc.poll() is not None:
                pytest.fail(f"Phoenix exited: {(workdir / 'phoenix.log').read_text()[-3000:]}")
            try:
                if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("Phoenix did not come up within 180 s")
            time.sleep(0.5)
        print(f"\nPhoenix pid {proc.pid} on {base}")
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=30)
        log.close()


@pytest.fixture
def provider(phoenix: str) -> Iterator[tuple[Any, str]]:
    """A tracer provider exporting OTLP/HTTP to Phoenix, into a fresh project."""
    from openinference.semconv.resource import ResourceAttributes
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    project = f"grounding-{uuid.uuid4().hex[:8]}"
    tp = TracerProvider(resource=Resource({ResourceAttributes.PROJECT_NAME: project}))
    tp.add_span_processor(BatchSpanProcessor(OTLPSpanExporter(endpoint=f"{phoenix}/v1/traces")))
    yield tp, project
    tp.shutdown()


def _poll(fetch: Any, ready: Any, what: str, timeout: float = 90) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        found = fetch()
        if ready(found):
            return found
        if time.monotonic() > deadline:
            pytest.fail(f"Phoenix never showed {what}; last answer: {found!r:.2000}")
        time.sleep(1)


def _spans(base: str, project: str) -> list[dict[str, Any]]:
    r = httpx.get(f"{base}/v1/projects/{project}/spans", params={"limit": 1000}, timeout=10)
    return r.json().get("data", []) if r.status_code == 200 else []


def _annotations(base: str, project: str, span_id: str) -> list[dict[str, Any]]:
    r = httpx.get(
        f"{base}/v1/projects/{project}/span_annotations",
        params={"span_ids": [span_id]},
        timeout=10,
    )
    return r.json().get("data", []) if r.status_code == 200 else []


def _print_tree(spans: list[dict[str, Any]]) -> None:
    by_parent: dict[str | None, list[dict[str, Any]]] = {}
    ids = {s["context"]["span_id"] for s in spans}
    for s in spans:
        parent = s.get("parent_id") if s.get("parent_id") in ids else None
        by_parent.setdefault(parent, []).append(s)

    def show(parent: str | None, depth: int) -> None:
        for s in sorted(by_parent.get(parent, []), key=lambda x: x["start_time"]):
            kind = s.get("span_kind")
            print(f"{'  ' * depth}- {s['name']} [{kind}] status={s['status_code']}")
            show(s["context"]["span_id"], depth + 1)

    show(None, 0)


def _check_grounding(base: str, project: str, span: dict[str, Any], gate: str) -> None:
    assert span["span_kind"] == "GUARDRAIL"  # Phoenix read openinference.span.kind
    assert span["status_code"] == ("ERROR" if gate != "PASS" else "OK")
    notes = _poll(
        lambda: _annotations(base, project, span["context"]["span_id"]),
        lambda found: any(a["name"] == "grounding" for a in found),
        "the grounding annotation",
    )
    (note,) = [a for a in notes if a["name"] == "grounding"]
    print(
        f"annotation on {span['context']['span_id']}: {note['result']} ({note['annotator_kind']})"
    )
    assert note["result"]["label"] == gate.lower()
    assert note["annotator_kind"] == "CODE"
    assert note["metadata"]["quality_gate"] == gate


def test_langchain_chain_grounding_span_and_annotation(phoenix: str, provider: Any) -> None:
    """LangChain: GUARDRAIL span under the guard's run span, ERROR on FAIL, annotation = fail."""
    from langchain_core.documents import Document
    from langchain_core.language_models import FakeListChatModel
    from langchain_core.output_parsers import StrOutputParser
    from langchain_core.prompts import ChatPromptTemplate
    from langchain_core.runnables import RunnableLambda, RunnablePassthrough
    from openinference.instrumentation.langchain import LangChainInstrumentor

    from longtracer_integrations.langchain import GroundingGuard
    from longtracer_integrations.observability import OpenTelemetrySink, PhoenixAnnotationSink
    from tests.helpers import FABRICATED, SOURCES, SUPPORTED, verifier

    tp, project = provider
    docs = [
        Document(page_content=s, metadata={"source_id": f"s{i}"}) for i, s in enumerate(SOURCES)
    ]
    retriever = RunnableLambda(lambda q: docs, name="retriever")
    prompt = ChatPromptTemplate.from_template("Context: {context}\nQuestion: {question}")
    llm = FakeListChatModel(responses=[f"{SUPPORTED} {FABRICATED}"])
    sink = PhoenixAnnotationSink(phoenix, otel_sink=OpenTelemetrySink(tracer_provider=tp))
    chain = (
        {"context": retriever, "question": RunnablePassthrough()}
        | RunnablePassthrough.assign(answer=prompt | llm | StrOutputParser())
        | GroundingGuard(policy="redact", verifier=verifier(), sinks=[sink])
    )
    instrumentor = LangChainInstrumentor()
    instrumentor.instrument(tracer_provider=tp)
    try:
        out = chain.invoke("When did Webb launch?")
    finally:
        instrumentor.uninstrument()
    assert out["answer"] == f"{SUPPORTED} {NOTICE}"
    tp.force_flush()

    spans = _poll(
        lambda: _spans(phoenix, project),
        lambda found: {"grounding.verify", "GroundingGuard"} <= {s["name"] for s in found},
        "the LangChain spans",
    )
    print(f"\nLangChain span tree in Phoenix project {project}:")
    _print_tree(spans)
    grounding = next(s for s in spans if s["name"] == "grounding.verify")
    guard = next(s for s in spans if s["name"] == "GroundingGuard")
    assert grounding["parent_id"] == guard["context"]["span_id"]
    assert grounding["context"]["trace_id"] == guard["context"]["trace_id"]
    assert grounding["attributes"]["output.value"] == out["answer"]
    assert "input.value" not in grounding["attributes"]  # redact: the draft stays out
    _check_grounding(phoenix, project, grounding, "FAIL")


def test_llamaindex_engine_grounding_span_and_annotation(phoenix: str, provider: Any) -> None:
    """LlamaIndex: GUARDRAIL span inside the query's trace, under its spans, annotated."""
    from llama_index.core import Document, VectorStoreIndex
    from openinference.instrumentation.llama_index import LlamaIndexInstrumentor

    from longtracer_integrations.llamaindex import GroundingPostprocessor
    from longtracer_integrations.observability import OpenTelemetrySink, PhoenixAnnotationSink
    from tests.helpers import verifier
    from tests.integrations.llamaindex.test_llamaindex import FactLLM, KeywordEmbedding, fact

    tp, project = provider
    docs = [Document(text=f"FACT: {fact(i)}", doc_id=f"d{i}") for i in range(4)]
    index = VectorStoreIndex.from_documents(docs, embed_model=KeywordEmbedding())
    sink = PhoenixAnnotationSink(phoenix, otel_sink=OpenTelemetrySink(tracer_provider=tp))
    pp = GroundingPostprocessor(policy="redact", verifier=verifier(), sinks=[sink])
    engine = index.as_query_engine(llm=FactLLM(), similarity_top_k=1, node_postprocessors=[pp])
    instrumentor = LlamaIndexInstrumentor()
    instrumentor.instrument(tracer_provider=tp)
    try:
        response = engine.query("What does the alpha depot store?")
    finally:
        instrumentor.uninstrument()
    assert response.metadata["grounding"].quality_gate.value == "FAIL"
    assert "Mars" not in response.response
    tp.force_flush()

    spans = _poll(
        lambda: _spans(phoenix, project),
        lambda found: (
            "grounding.verify" in {s["name"] for s in found}
            and any(s["name"].endswith("query") for s in found)
        ),
        "the LlamaIndex spans",
    )
    print(f"\nLlamaIndex span tree in Phoenix project {project}:")
    _print_tree(spans)
    grounding = next(s for s in spans if s["name"] == "grounding.verify")
    others = {s["context"]["span_id"]: s for s in spans if s is not grounding}
    assert grounding["parent_id"] in others, "the grounding span has no parent in the query's trace"
    assert others[grounding["parent_id"]]["name"].endswith(".synthesize")  # the grounded step
    assert grounding["context"]["trace_id"] == others[grounding["parent_id"]]["context"]["trace_id"]
    _check_grounding(phoenix, project, grounding, "FAIL")
