"""End to end against a real OpenAI-compatible server: llama-cpp-python on 127.0.0.1.

``make test-llm-server`` installs the server in its own venv (.venv-llm) and the
Gemma 3 270M GGUF, then runs this module with ``LONGTRACER_LLM_PYTHON`` and
``LONGTRACER_LLM_MODEL`` set. Each fixture starts a server on a free loopback
port, waits until it answers, and stops it by its pid. The model is tiny and
often wrong: these tests assert the plumbing (constrained JSON through our
payload, schema-valid verdicts, invented quotes rejected, budgets, trace
records, fallback when the server dies mid-case), never the model's accuracy.
"""

from __future__ import annotations

import copy
import os
import re
import signal
import socket
import subprocess
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from longtracer_core import (
    CitationVerifier,
    JudgeConfig,
    LLMDecomposer,
    LLMJudge,
    OpenAICompatibleChat,
    VerifyConfig,
)
from longtracer_core.judge import ClaimVerdict, JudgeRequest, JudgeSpan, verify_quote
from longtracer_core.judge.prompt import item_schema
from longtracer_core.testing import HashEmbedder
from tests.helpers import FABRICATED, SOURCES, SUPPORTED, bare_text, layers

pytestmark = pytest.mark.llm_server

PARTIAL = "In 2021 an Ariane launcher carried the Webb observatory into space."
MIRROR = "The mirror has 18 segments made of beryllium."
READY_SECONDS = 180.0


@dataclass
class Server:
    base_url: str
    process: subprocess.Popen[bytes]
    log: Path

    def stop(self) -> None:
        """Stop the server by its own pid; kill it if it does not exit."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=15)


def _needed() -> tuple[str, str]:
    python = os.environ.get("LONGTRACER_LLM_PYTHON", "")
    model = os.environ.get("LONGTRACER_LLM_MODEL", "")
    if not (python and Path(python).exists() and model and Path(model).exists()):
        message = (
            "the llm_server suite needs LONGTRACER_LLM_PYTHON and LONGTRACER_LLM_MODEL; "
            "run it with `make test-llm-server`"
        )
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return python, model


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(tmp: Path) -> Server:
    """Start llama-cpp-python's server on a free loopback port and wait until it answers."""
    python, model = _needed()
    port = _free_port()
    log = tmp / f"llama-server-{port}.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [
                python,
                "-m",
                "llama_cpp.server",
                "--model",
                model,
                "--model_alias",
                "gemma-3-270m",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--n_ctx",
                "4096",
                # one thread: ggml's thread sync collapses when the cores are shared
                "--n_threads",
                os.environ.get("LONGTRACER_LLM_THREADS", "1"),
                "--n_threads_batch",
                os.environ.get("LONGTRACER_LLM_THREADS", "1"),
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    server = Server(f"http://127.0.0.1:{port}/v1", process, log)
    deadline = time.monotonic() + READY_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the server exited with {process.returncode}:\n{log.read_text()[-2000:]}")
        try:
            if httpx.get(f"{server.base_url}/models", timeout=2.0).status_code == 200:
                return server
        except httpx.TransportError:
            pass
        time.sleep(0.5)
    server.stop()
    pytest.fail(f"the server was not ready in {READY_SECONDS}s:\n{log.read_text()[-2000:]}")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start_server(tmp_path_factory.mktemp("llm"))
    yield running
    running.stop()


def chat(server: Server, **kw: Any) -> OpenAICompatibleChat:
    kw.setdefault("max_tokens", 160)
    kw.setdefault("max_retries", 1)
    kw.setdefault("backoff", 0.2)
    kw.setdefault("timeout", 300.0)
    # no schema_format: the backend finds the form the server takes (json_object with a schema)
    return OpenAICompatibleChat(server.base_url, "gemma-3-270m", **kw)


def verifier_with(
    judge: Any = None, decomposer: Any = None, strictness: str = "precise", **judge_config: Any
):
    # calls are slow on a shared CPU: the time budget must not be what a test measures
    judge_config.setdefault("max_seconds", 3600.0)
    config = VerifyConfig(strictness=strictness, judge=JudgeConfig(**judge_config))
    return CitationVerifier(
        embedder=HashEmbedder(), decomposer=decomposer, judge=judge, config=config
    )


def request_for(claim: str, claim_id: str = "c1") -> JudgeRequest:
    spans = tuple(JudgeSpan(f"s{i}", f"source_{i}", text) for i, text in enumerate(SOURCES))
    return JudgeRequest(claim_id, claim, spans)


# ---------------------------------------------------------------------- constrained JSON
def test_the_server_honours_our_schema_payload(server):
    """complete_json through our payload returns JSON that validates against the schema."""
    schema = {
        "type": "object",
        "properties": {"C1": {"$ref": "#/$defs/verdict"}},
        "required": ["C1"],
        "additionalProperties": False,
        "$defs": {"verdict": item_schema(["P1"])},
    }
    messages = [
        {"role": "system", "content": "Answer with JSON."},
        {"role": "user", "content": f"Passages:\n[P1] {SOURCES[0]}\n\nClaims:\n[C1] {SUPPORTED}"},
    ]
    out = chat(server).complete_json(messages, schema)
    parsed = ClaimVerdict.model_validate(out["C1"])
    assert parsed.passage in ("P1", "none")


def test_a_default_backend_negotiates_the_form_and_gets_verdicts(server):
    """OpenAICompatibleChat with no schema setting: the server refuses json_schema, the backend
    keeps json_object with the schema, and the judge gets schema-valid verdicts."""
    backend = chat(server, max_tokens=400)
    verdicts = LLMJudge(backend).judge([request_for(PARTIAL), request_for(MIRROR, "c2")])
    assert backend.negotiated == "json_object", backend.refusals
    assert backend.refusals and backend.refusals[0].startswith("json_schema")
    assert [v.claim_id for v in verdicts] == ["c1", "c2"]
    assert all(v.error is None for v in verdicts)


def test_one_request_per_answer_against_the_server(server):
    """Three escalated claims: one model request answers all of them (or a claim left out is
    asked alone); every finding is checked against its passage."""
    judge = LLMJudge(chat(server, max_tokens=400))
    text = f"{PARTIAL} The primary mirror of the telescope is 6.5 metres wide. {MIRROR}"
    guarded = verifier_with(judge=judge, escalate="all", role="decide").guard(text, SOURCES)
    meta = guarded.case.metadata["judge"]
    assert meta["escalated"] == 3 and meta["judge_calls"] == 1
    assert 1 <= meta["model_requests"] <= 1 + 3 * (judge.max_retries + 1)
    assert meta["tokens"]["prompt_tokens"] > 0 and meta["tokens"]["completion_tokens"] > 0
    assert guarded.trace.stats["judge"]["tokens"] == meta["tokens"]
    spans = {ref.span_id: ref for ref in guarded.trace.plan}
    for claim in guarded.case.claims:
        for finding in claim.details["judge"]["findings"]:
            ref = spans[finding["span_id"]]
            text_of = guarded.trace.sources[ref.source_index]["text"][ref.start : ref.end]
            found = verify_quote(finding["quote"], text_of).verified
            assert finding["verified"] == (found and not finding.get("unanchored"))


@pytest.mark.parametrize("reply", ["sentence", "compact"])
def test_sentence_reply_per_answer_against_the_server(server, reply):
    """reply="sentence" or "compact": one request for three claims; every finding is a
    sentence the prompt showed, found in the span it cites (and counted only where that
    span anchors the claim)."""
    judge = LLMJudge(chat(server, max_tokens=300), reply=reply)
    text = f"{PARTIAL} The primary mirror of the telescope is 6.5 metres wide. {MIRROR}"
    guarded = verifier_with(judge=judge, escalate="all", role="decide").guard(text, SOURCES)
    meta = guarded.case.metadata["judge"]
    assert meta["escalated"] == 3 and meta["judge_calls"] == 1 and meta["model_requests"] >= 1
    assert guarded.case.claims[0].details["judge"]["prompt_hash"] == judge.prompt_hash
    for claim in guarded.case.claims:
        for finding in claim.details["judge"]["findings"]:
            assert finding["verified"] or finding["unanchored"]
            assert any(finding["quote"] in src for src in SOURCES)


def test_llm_decomposition_against_the_server(server):
    """The LLM decomposer's constrained call validates; coverage keeps every sentence checked."""
    draft = f"{SUPPORTED} {FABRICATED}"
    decomposer = LLMDecomposer(chat(server, max_tokens=400))
    verifier = verifier_with(decomposer=decomposer, escalate="none")
    guarded = verifier.guard(draft, SOURCES, policy="redact")
    case = guarded.case
    if case.reason is not None and case.reason.value == "DECOMPOSITION_FAILED":
        pytest.fail(f"constrained decoding gave invalid output: {case.error_message}")
    assert layers(case)[:2] == ("SUCCESS", "ASSESSED")
    assert case.metadata["decomposer"] == "llm"
    assert guarded.trace.models["decompose_model"] == "gemma-3-270m"
    # whatever the model returned, the fabricated sentence is checked and never passes:
    # removed when refuted, marked [unverified] when uncertain, never delivered bare
    assert FABRICATED not in bare_text(guarded, draft)
    assert case.quality_gate.value == "FAIL"


# ---------------------------------------------------------------------- the judge
def test_judge_verdicts_are_schema_valid_and_quotes_are_checked(server):
    """Each verdict is a valid label on a shown span; a finding counts only if its quote verifies."""
    judge = LLMJudge(chat(server))
    requests = [request_for(PARTIAL), request_for(FABRICATED)]
    verdicts = judge.judge(requests)
    assert [v.claim_id for v in verdicts] == ["c1", "c1"]
    for request, verdict in zip(requests, verdicts, strict=True):
        if verdict.error is not None:
            # a tiny model can run out of tokens; then it is an error, never a label that counts
            assert verdict.findings == () and verdict.attempts >= 1
            continue
        assert verdict.label in ("SUPPORTED", "CONTRADICTED", "NOT_ENOUGH_INFO")
        assert verdict.tokens is not None and verdict.tokens["completion_tokens"] > 0
        shown = {s.span_id for s in request.spans}
        assert all(f.span_id in shown for f in verdict.findings)


class ForcedQuote:
    """A backend that makes the real server answer SUPPORTED with an invented quote.

    It narrows the schema the server decodes with (label fixed to SUPPORTED,
    quote fixed to a sentence that is in no source), so the invented quote
    really comes from the server's constrained decoding.
    """

    def __init__(self, inner: OpenAICompatibleChat, quote: str) -> None:
        self.inner = inner
        self.quote = quote
        self.model_id = inner.model_id

    def _narrow(self, schema: Mapping[str, Any]) -> dict[str, Any]:
        narrowed = copy.deepcopy(dict(schema))
        finding = narrowed["$defs"]["verdict"]["anyOf"][0]
        finding["properties"]["label"] = {"enum": ["SUPPORTED"], "type": "string"}
        finding["properties"]["quote"] = {"enum": [self.quote], "type": "string"}
        finding["properties"]["passage"]["enum"] = ["P1"]
        narrowed["$defs"]["verdict"] = finding
        return narrowed

    def complete_json(self, messages: Sequence[Mapping[str, str]], schema: Mapping[str, Any]):
        return self.inner.complete_json(messages, self._narrow(schema))

    async def acomplete_json(self, messages, schema):
        return await self.inner.acomplete_json(messages, self._narrow(schema))


def test_an_invented_quote_from_the_server_is_rejected(server):
    """SUPPORTED with a quote found in no span: quote_unverified, the claim stays uncertain
    (kept and marked, never passed)."""
    invented = "The telescope was launched in 2021 on an Ariane rocket by NASA"
    judge = LLMJudge(ForcedQuote(chat(server), invented), reply="quote")
    guarded = verifier_with(judge=judge).guard(PARTIAL, SOURCES, policy="redact")
    (claim,) = guarded.case.claims
    record = claim.details["judge"]
    assert record["label"] == "SUPPORTED" and record["findings"][0]["quote"] == invented
    assert record["outcome"] == "quote_unverified"
    assert claim.assessment.value == "INSUFFICIENT_EVIDENCE"
    assert claim.outcome.value == "UNCERTAIN" and f"{PARTIAL} [unverified]" in guarded.text
    (trace_claim,) = guarded.trace.claims
    assert trace_claim.judge["findings"][0]["verified"] is False
    assert trace_claim.judge["model"] == "gemma-3-270m"


class ForcedCitation:
    """A backend that makes the real server answer "supported" naming the mirror sentence,
    whatever the claim: the compact reply's schema narrowed to that one string."""

    def __init__(self, inner: OpenAICompatibleChat) -> None:
        self.inner = inner
        self.model_id = inner.model_id

    def complete_json(self, messages: Sequence[Mapping[str, str]], schema: Mapping[str, Any]):
        (sid,) = re.findall(r"\[(S\d+)\] Its primary mirror", messages[-1]["content"])
        narrowed = copy.deepcopy(dict(schema))
        narrowed["$defs"]["verdict"] = {"type": "string", "enum": [f"supported {sid}"]}
        return self.inner.complete_json(messages, narrowed)


def test_a_citation_that_does_not_state_the_claim_is_rejected(server):
    """The compact reply names a real sentence, about the mirror, for the launch claim: it
    holds neither the claim's year nor its words, so the claim stays uncertain."""
    judge = LLMJudge(ForcedCitation(chat(server)))
    guarded = verifier_with(judge=judge).guard(PARTIAL, SOURCES, policy="redact")
    (claim,) = guarded.case.claims
    record = claim.details["judge"]
    (finding,) = record["findings"]
    assert record["label"] == "SUPPORTED" and "Its primary mirror" in finding["quote"]
    assert finding["verified"] is False and finding["unanchored"]
    assert record["outcome"] == "quote_unverified"
    assert claim.outcome.value == "UNCERTAIN" and f"{PARTIAL} [unverified]" in guarded.text


def test_pipeline_records_follow_the_real_model_output(server):
    """Whatever the model says, a SUPPORTED result carries a quote that verifies in its span."""
    judge = LLMJudge(chat(server))
    text = f"{PARTIAL} {MIRROR}"
    guarded = verifier_with(judge=judge, escalate="all", role="decide").guard(text, SOURCES)
    assert guarded.case.execution.value == "SUCCESS"
    spans = {ref.span_id: ref for ref in guarded.trace.plan}
    for claim, trace_claim in zip(guarded.case.claims, guarded.trace.claims, strict=True):
        record = claim.details["judge"]
        assert trace_claim.judge == record
        assert record["prompt_hash"] == judge.prompt_hash and record["attempts"] >= 1
        for finding in record["findings"]:
            ref = spans[finding["span_id"]]
            span_text = guarded.trace.sources[ref.source_index]["text"][ref.start : ref.end]
            found = verify_quote(finding["quote"], span_text).verified
            assert finding["verified"] == (found and not finding.get("unanchored"))
        if record["outcome"] == "applied" and claim.assessment.value == "SUPPORTED":
            assert any(f["verified"] and f["label"] == "SUPPORTED" for f in record["findings"])


def test_the_budget_holds_against_the_server(server):
    """max_calls=1: one claim goes to the server, the others keep the matcher's verdict."""
    judge = LLMJudge(chat(server))
    text = f"{PARTIAL} The primary mirror of the telescope is 6.5 metres wide. {MIRROR}"
    case = verifier_with(judge=judge, max_calls=1, escalate="partial").verify_case(text, SOURCES)
    outcomes = [c.details["judge"]["outcome"] for c in case.claims]
    assert outcomes.count("over_budget") == 2 and case.metadata["judge"]["calls"] == 1
    assert all(c.reason_detail.value == "PARTIAL_SUPPORT" for c in case.claims[1:])


# ---------------------------------------------------------------------- the server dies
class KillsServer:
    """A backend that kills the server (by its pid) before call number ``after + 1``."""

    def __init__(self, inner: OpenAICompatibleChat, server: Server, after: int) -> None:
        self.inner = inner
        self.server = server
        self.after = after
        self.model_id = inner.model_id
        self.calls = 0

    def complete_json(self, messages: Sequence[Mapping[str, str]], schema: Mapping[str, Any]):
        self.calls += 1
        if self.calls == self.after + 1:
            self.server.process.kill()
            self.server.process.wait(timeout=15)
        return self.inner.complete_json(messages, schema)

    async def acomplete_json(self, messages, schema):
        return self.complete_json(messages, schema)


@pytest.fixture
def doomed_server(tmp_path: Path) -> Iterator[Server]:
    running = start_server(tmp_path)
    yield running
    running.stop()


@pytest.mark.parametrize("on_failure", ["fallback", "indeterminate"])
def test_server_killed_mid_case(doomed_server, on_failure):
    """Killed mid-case (after the matcher; fallback: after the first judge call): fallback keeps
    the matcher's verdicts for the rest (never SUPPORTED by the judge); indeterminate fails the
    case with JUDGE_FAILED."""
    after = 1 if on_failure == "fallback" else 0
    backend = KillsServer(chat(doomed_server, max_retries=0), doomed_server, after)
    judge = LLMJudge(backend, max_retries=0)
    text = f"{PARTIAL} The primary mirror of the telescope is 6.5 metres wide. {MIRROR}"
    v = verifier_with(
        judge=judge,
        on_failure=on_failure,
        requests="per_claim",
        batch_size=1,
        escalate="partial",  # all three partial claims go to the judge
        strictness="strict",  # so a claim not lifted is removed
    )
    guarded = v.guard(text, SOURCES, policy="redact")
    case = guarded.case
    assert doomed_server.process.poll() is not None
    if on_failure == "indeterminate":
        assert layers(case) == ("ERROR", "NOT_EVALUATED", "JUDGE_FAILED", "INDETERMINATE")
        assert "transport" in case.error_message
        assert guarded.text == VerifyConfig().unverified_notice
        return
    records = [c.details["judge"] for c in case.claims]
    assert [r["outcome"] for r in records[1:]] == ["failed", "failed"]
    assert all("transport" in r["error"] or "giving up" in r["error"] for r in records[1:])
    for claim in case.claims[1:]:
        assert claim.assessment.value == "INSUFFICIENT_EVIDENCE"
        assert claim.claim_text not in guarded.text
    assert case.metadata["judge"]["failed"] >= 2  # the first may fail too: a tiny model
    assert layers(case)[0] == "SUCCESS"


def test_decomposer_with_the_server_gone_is_decomposition_failed(doomed_server):
    """The decomposer against a server that was stopped: DECOMPOSITION_FAILED, nothing verified."""
    backend = chat(doomed_server, max_retries=0)
    doomed_server.stop()
    case = verifier_with(decomposer=LLMDecomposer(backend)).verify_case(SUPPORTED, SOURCES)
    assert layers(case) == ("ERROR", "NOT_EVALUATED", "DECOMPOSITION_FAILED", "INDETERMINATE")
    assert "transport" in case.error_message
