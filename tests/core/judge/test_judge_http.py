"""LLMJudge over HTTP: every failure mode of the server leaves the matcher's verdict (respx)."""

from __future__ import annotations

import json

import httpx
import pytest
import respx

from longtracer_core import JudgeConfig, LLMJudge, OpenAICompatibleChat, VerifyConfig
from tests.core.judge.test_judge import PARTIAL
from tests.helpers import SOURCES, layers, verifier

BASE = "http://judge.test/v1"
URL = f"{BASE}/chat/completions"


def completion(content: str, usage: dict | None = None) -> dict:
    body: dict = {"choices": [{"message": {"role": "assistant", "content": content}}]}
    if usage is not None:
        body["usage"] = usage
    return body


def supported_answer(request: httpx.Request) -> httpx.Response:
    """A well-formed SUPPORTED verdict for every claim asked, quoting the first passage shown."""
    body = json.loads(request.content)
    user = body["messages"][1]["content"]
    first = user.split("[P1] ", 1)[1].split("\n", 1)[0].split(") ", 1)[1]
    quote = " ".join(first.split()[:8])
    schema = body["response_format"]["json_schema"]["schema"]
    reply = {
        cid: {"label": "SUPPORTED", "passage": "P1", "quote": quote} for cid in schema["required"]
    }
    usage = {"prompt_tokens": 90, "completion_tokens": 20}
    return httpx.Response(200, json=completion(json.dumps(reply), usage))


def guard(judge_config: dict | None = None, **chat_kw):
    chat_kw.setdefault("backoff", 0.0)
    chat_kw.setdefault("max_retries", 1)
    # the quote reply: its schema has the most for a server to refuse or get wrong
    chat = OpenAICompatibleChat(BASE, "judge-model", **chat_kw)
    judge = LLMJudge(chat, max_retries=2, reply="quote")
    config = VerifyConfig(judge=JudgeConfig(**(judge_config or {})))
    return verifier(judge=judge, config=config).guard(PARTIAL, SOURCES, policy="redact")


def judged(g):
    (claim,) = g.case.claims
    return claim, claim.details["judge"]


@respx.mock
def test_a_good_answer_is_applied_with_tokens_and_request_shape():
    """Baseline: a verified SUPPORTED verdict lifts the claim; tokens and schema reach the record."""
    route = respx.post(URL).mock(side_effect=supported_answer)
    claim, record = judged(guard())
    assert claim.assessment.value == "SUPPORTED" and record["outcome"] == "applied"
    assert record["tokens"] == {"prompt_tokens": 90, "completion_tokens": 20}
    schema = json.loads(route.calls.last.request.content)["response_format"]["json_schema"]
    assert schema["schema"]["properties"]["C1"] == {"$ref": "#/$defs/verdict"}
    finding, nei = schema["schema"]["$defs"]["verdict"]["anyOf"]
    assert finding["properties"]["label"]["enum"] == ["SUPPORTED", "CONTRADICTED"]
    assert finding["properties"]["passage"]["enum"] == ["P1", "P2", "P3"]
    assert nei["properties"]["passage"]["enum"] == ["none"] and schema["strict"] is True


@respx.mock
def test_http_500_on_every_attempt_keeps_the_matcher_verdict():
    """HTTP 500 after the HTTP layer's retries: outcome failed, claim not SUPPORTED."""
    route = respx.post(URL).mock(return_value=httpx.Response(500, text="boom"))
    claim, record = judged(guard())
    assert claim.assessment.value == "INSUFFICIENT_EVIDENCE"
    assert claim.reason_text == "NOT_ENTAILED (PARTIAL_SUPPORT)"
    assert record["outcome"] == "failed" and "500" in record["error"]
    # each structured-output form: one try and one HTTP retry; no re-ask on a failed call
    assert route.call_count == 6
    assert all(form in record["error"] for form in ("json_schema", "json_object", "json_mode"))


@respx.mock
def test_timeout_keeps_the_matcher_verdict():
    """A server that never answers in time: outcome failed, never SUPPORTED."""
    respx.post(URL).mock(side_effect=httpx.ReadTimeout("slow"))
    claim, record = judged(guard())
    assert claim.assessment.value != "SUPPORTED" and record["outcome"] == "failed"
    assert "timed out" in record["error"]


@respx.mock
def test_garbage_json_after_every_retry_keeps_the_matcher_verdict():
    """Not JSON, then JSON of the wrong shape, then a bad span id: re-asked, then failed."""
    respx.post(URL).mock(
        side_effect=[
            httpx.Response(200, json=completion("Sure! The claim is SUPPORTED.")),
            httpx.Response(200, json=completion('{"verdict": "SUPPORTED"}')),
            httpx.Response(
                200,
                json=completion('{"C1": {"label": "SUPPORTED", "passage": "P9", "quote": "x"}}'),
            ),
        ]
    )
    claim, record = judged(guard())
    assert claim.assessment.value != "SUPPORTED"
    assert record["outcome"] == "failed" and record["attempts"] == 3


@respx.mock
def test_server_gone_keeps_the_matcher_verdict():
    """Connection refused: outcome failed, claim not SUPPORTED, the case still SUCCESS."""
    respx.post(URL).mock(side_effect=httpx.ConnectError("connection refused"))
    g = guard()
    claim, record = judged(g)
    assert claim.assessment.value != "SUPPORTED" and record["outcome"] == "failed"
    assert layers(g.case)[0] == "SUCCESS"
    assert g.case.metadata["judge"]["failed"] == 1


@respx.mock
def test_server_gone_with_on_failure_indeterminate_fails_the_case():
    """on_failure='indeterminate': ERROR / NOT_EVALUATED / JUDGE_FAILED, the answer withheld."""
    respx.post(URL).mock(side_effect=httpx.ConnectError("connection refused"))
    g = guard({"on_failure": "indeterminate"})
    assert layers(g.case) == ("ERROR", "NOT_EVALUATED", "JUDGE_FAILED", "INDETERMINATE")
    assert g.text != PARTIAL and PARTIAL not in g.text


@respx.mock
async def test_async_judge_over_http():
    """ajudge runs the same request and accepts the same verdict."""
    from longtracer_core.judge import JudgeRequest, JudgeSpan

    respx.post(URL).mock(side_effect=supported_answer)
    judge = LLMJudge(OpenAICompatibleChat(BASE, "judge-model", backoff=0.0), reply="quote")
    request = JudgeRequest("c1", PARTIAL, (JudgeSpan("s0", "source_0", SOURCES[0]),))
    (verdict,) = await judge.ajudge([request])
    assert verdict.label == "SUPPORTED" and verdict.error is None
    assert verdict.tokens == {"prompt_tokens": 90, "completion_tokens": 20}


@pytest.mark.parametrize(("status", "calls"), [(400, 3), (401, 1), (404, 1)])
@respx.mock
def test_client_errors_fail_at_once(status, calls):
    """4xx is not retried: a 400 (a refused form) tries the other two forms, 401 and 404 fail
    at once; outcome failed."""
    route = respx.post(URL).mock(return_value=httpx.Response(status, text="no"))
    claim, record = judged(guard())
    assert route.call_count == calls and record["outcome"] == "failed"
    assert claim.assessment.value != "SUPPORTED"


@respx.mock
def test_json_object_schema_format_and_max_tokens():
    """schema_format='json_object' sends the schema inside json_object (llama-cpp-python's form)."""
    route = respx.post(URL).mock(side_effect=supported_answer)
    chat = OpenAICompatibleChat(BASE, "m", schema_format="json_object", max_tokens=64)
    messages = [
        {"role": "system", "content": "s"},
        {"role": "user", "content": "[P1] (source S1) a b c d\n"},
    ]
    schema = {"type": "object", "required": ["C1"]}
    route.side_effect = lambda request: httpx.Response(
        200, json=completion('{"C1": {"label": "NOT_ENOUGH_INFO", "passage": "none", "quote": ""}}')
    )
    assert chat.complete_json(messages, schema)["C1"]["passage"] == "none"
    body = json.loads(route.calls.last.request.content)
    assert body["response_format"] == {"type": "json_object", "schema": schema}
    assert body["max_tokens"] == 64
