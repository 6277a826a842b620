"""OpenAI-compatible chat and embeddings over httpx, faults simulated with respx."""

from __future__ import annotations

import json

import httpx
import numpy as np
import pytest
import respx

from longtracer_core import LLMDecomposer, OpenAICompatibleChat, OpenAICompatibleEmbedder
from longtracer_core.errors import BackendError, BackendResponseError
from tests.helpers import SOURCES, SUPPORTED, layers, verifier

BASE = "http://llm.test/v1"
SCHEMA = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}
MESSAGES = [{"role": "user", "content": "hi"}]


def completion(content: str) -> dict:
    return {"choices": [{"message": {"role": "assistant", "content": content}}]}


def chat(**kw) -> OpenAICompatibleChat:
    kw.setdefault("backoff", 0.0)
    return OpenAICompatibleChat(BASE, "tiny", **kw)


@respx.mock
def test_request_shape_and_success(monkeypatch):
    """POST /chat/completions with model, messages, json_schema response_format and the env key."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    route = respx.post(f"{BASE}/chat/completions").mock(
        return_value=httpx.Response(200, json=completion('{"a": 1}'))
    )
    assert chat().complete_json(MESSAGES, SCHEMA) == {"a": 1}
    request = route.calls.last.request
    body = json.loads(request.content)
    assert body["model"] == "tiny" and body["messages"] == MESSAGES
    assert body["response_format"]["type"] == "json_schema"
    assert body["response_format"]["json_schema"]["schema"] == SCHEMA
    assert request.headers["authorization"] == "Bearer sk-test"


@respx.mock
def test_explicit_key_and_json_mode():
    """An explicit api_key wins; json_schema=False asks for JSON mode."""
    route = respx.post(f"{BASE}/chat/completions").mock(
        return_value=httpx.Response(200, json=completion('```json\n{"a": 2}\n```'))
    )
    assert chat(api_key="k2", json_schema=False).complete_json(MESSAGES, SCHEMA) == {"a": 2}
    body = json.loads(route.calls.last.request.content)
    assert body["response_format"] == {"type": "json_object"}
    assert route.calls.last.request.headers["authorization"] == "Bearer k2"


@respx.mock
@pytest.mark.parametrize(
    "response",
    [
        httpx.Response(200, text="<html>gateway</html>"),
        httpx.Response(200, json={"unexpected": True}),
        httpx.Response(200, json=completion('{"a": 1')),  # truncated JSON
        httpx.Response(200, json={"choices": [{"message": {"content": None, "refusal": "no"}}]}),
    ],
)
def test_garbage_bodies_are_response_errors(response):
    """Non-JSON bodies, unexpected shapes, truncated JSON and refusals → BackendResponseError."""
    respx.post(f"{BASE}/chat/completions").mock(return_value=response)
    with pytest.raises(BackendResponseError):
        chat().complete_json(MESSAGES, SCHEMA)


@respx.mock
def test_5xx_is_retried_then_succeeds():
    """500 then 200: retried, succeeds."""
    route = respx.post(f"{BASE}/chat/completions").mock(
        side_effect=[
            httpx.Response(500, text="boom"),
            httpx.Response(502),
            httpx.Response(200, json=completion('{"a": 3}')),
        ]
    )
    assert chat().complete_json(MESSAGES, SCHEMA) == {"a": 3}
    assert route.call_count == 3


@respx.mock
def test_429_honours_retry_after(monkeypatch):
    """429 with Retry-After: the wait is the header's value (capped), then retried."""
    waits: list[float] = []
    import tenacity.nap

    monkeypatch.setattr(tenacity.nap.time, "sleep", lambda s: waits.append(s))
    route = respx.post(f"{BASE}/chat/completions").mock(
        side_effect=[
            httpx.Response(429, headers={"retry-after": "7"}),
            httpx.Response(200, json=completion('{"a": 4}')),
        ]
    )
    assert chat().complete_json(MESSAGES, SCHEMA) == {"a": 4}
    assert route.call_count == 2
    assert waits == [7.0]


@respx.mock
def test_4xx_is_not_retried():
    """400/401/404 fail at once with the status code."""
    route = respx.post(f"{BASE}/chat/completions").mock(
        return_value=httpx.Response(401, text="bad key")
    )
    with pytest.raises(BackendError) as info:
        chat().complete_json(MESSAGES, SCHEMA)
    assert info.value.status_code == 401 and route.call_count == 1


@respx.mock
def test_persistent_5xx_gives_up_with_status():
    """5xx on every attempt: BackendError after max_retries + 1 calls."""
    route = respx.post(f"{BASE}/chat/completions").mock(return_value=httpx.Response(503))
    with pytest.raises(BackendError) as info:
        chat(max_retries=2).complete_json(MESSAGES, SCHEMA)
    assert route.call_count == 3 and info.value.status_code == 503


@respx.mock
def test_timeouts_are_retried_then_reported():
    """Timeouts are retried; persistent ones end in BackendError."""
    route = respx.post(f"{BASE}/chat/completions").mock(side_effect=httpx.ReadTimeout("slow"))
    with pytest.raises(BackendError, match="timed out"):
        chat(max_retries=1).complete_json(MESSAGES, SCHEMA)
    assert route.call_count == 2


@respx.mock
async def test_async_chat_paths():
    """The async client retries and decodes the same way."""
    respx.post(f"{BASE}/chat/completions").mock(
        side_effect=[
            httpx.Response(500),
            httpx.Response(200, json=completion('{"a": 5}')),
        ]
    )
    assert await chat().acomplete_json(MESSAGES, SCHEMA) == {"a": 5}
    respx.post(f"{BASE}/chat/completions").mock(return_value=httpx.Response(200, text="nope"))
    with pytest.raises(BackendResponseError):
        await chat().acomplete_json(MESSAGES, SCHEMA)


@respx.mock
def test_decomposition_over_http_garbage_fails_loudly():
    """An LLM server answering garbage: the case is DECOMPOSITION_FAILED, never verified."""
    respx.post(f"{BASE}/chat/completions").mock(
        return_value=httpx.Response(200, json=completion("I think the claims are..."))
    )
    case = verifier(decomposer=LLMDecomposer(chat())).verify_case(SUPPORTED, SOURCES)
    assert layers(case) == ("ERROR", "NOT_EVALUATED", "DECOMPOSITION_FAILED", "INDETERMINATE")


@respx.mock
def test_decomposition_over_http_outage_fails_loudly():
    """An LLM server down (500s): DECOMPOSITION_FAILED with the HTTP status in the message."""
    respx.post(f"{BASE}/chat/completions").mock(return_value=httpx.Response(500))
    case = verifier(decomposer=LLMDecomposer(chat(max_retries=1))).verify_case(SUPPORTED, SOURCES)
    assert layers(case) == ("ERROR", "NOT_EVALUATED", "DECOMPOSITION_FAILED", "INDETERMINATE")
    assert "500" in case.error_message


@respx.mock
def test_decomposition_over_http_end_to_end():
    """A well-behaved server: claims come from the model and are verified."""
    body = {
        "claims": [
            {"claim_text": SUPPORTED, "draft_span": [0, len(SUPPORTED)], "cited_markers": []}
        ],
        "non_claims": [],
    }
    respx.post(f"{BASE}/chat/completions").mock(
        return_value=httpx.Response(200, json=completion(json.dumps(body)))
    )
    case = verifier(decomposer=LLMDecomposer(chat())).verify_case(SUPPORTED, SOURCES)
    assert layers(case) == ("SUCCESS", "ASSESSED", None, "PASS")
    assert case.metadata["decomposer"] == "llm"


# --- embeddings ---------------------------------------------------------------------------


def _embedding_body(n: int, start: int = 0) -> dict:
    rows = [{"index": i, "embedding": [float(start + i + 1), 0.0, 2.0]} for i in range(n)]
    return {"data": list(reversed(rows)), "model": "emb"}


@respx.mock
def test_embeddings_batched_ordered_and_normalised():
    """Texts go in batches; rows are ordered by index and unit length."""
    calls = []

    def handler(request):
        payload = json.loads(request.content)
        calls.append(payload)
        return httpx.Response(200, json=_embedding_body(len(payload["input"]), len(calls) * 10))

    respx.post(f"{BASE}/embeddings").mock(side_effect=handler)
    emb = OpenAICompatibleEmbedder(BASE, "emb", batch_size=2, backoff=0.0)
    vecs = emb.embed(["a", "b", "c"])
    assert [len(c["input"]) for c in calls] == [2, 1]
    assert calls[0]["model"] == "emb" and emb.model_id == "emb"
    assert vecs.shape == (3, 3)
    assert np.allclose(np.linalg.norm(vecs, axis=1), 1.0)
    assert vecs[0, 0] < vecs[1, 0]  # index order kept despite reversed rows


@respx.mock
@pytest.mark.parametrize(
    "response",
    [
        httpx.Response(200, text="oops"),
        httpx.Response(200, json={"data": [{"index": 0}]}),
        httpx.Response(200, json={"data": []}),
    ],
)
def test_embedding_garbage_is_a_response_error(response):
    """Bad embedding bodies raise BackendResponseError (and a case becomes EVALUATION_FAILED)."""
    respx.post(f"{BASE}/embeddings").mock(return_value=response)
    emb = OpenAICompatibleEmbedder(BASE, "emb", backoff=0.0)
    with pytest.raises(BackendResponseError):
        emb.embed(["a"])
    case = verifier(embedder=emb).verify_case(SUPPORTED, SOURCES)
    assert layers(case) == ("ERROR", "NOT_EVALUATED", "EVALUATION_FAILED", "INDETERMINATE")


@respx.mock
async def test_async_embeddings_retry():
    """aembed retries a 429 and returns unit vectors."""
    respx.post(f"{BASE}/embeddings").mock(
        side_effect=[
            httpx.Response(429, headers={"retry-after": "0"}),
            httpx.Response(200, json=_embedding_body(2)),
        ]
    )
    emb = OpenAICompatibleEmbedder(BASE, "emb", backoff=0.0)
    vecs = await emb.aembed(["a", "b"])
    assert vecs.shape == (2, 3)


@respx.mock
@pytest.mark.parametrize("header", ["soon", "Wed, 99 Foo 2026 99:99:99 GMT", ""])
def test_unreadable_retry_after_falls_back_to_backoff(header):
    """A malformed Retry-After never escapes as a bare ValueError; the call is retried."""
    route = respx.post(f"{BASE}/chat/completions").mock(
        side_effect=[
            httpx.Response(429, headers={"retry-after": header}),
            httpx.Response(200, json=completion('{"a": 6}')),
        ]
    )
    assert chat().complete_json(MESSAGES, SCHEMA) == {"a": 6}
    assert route.call_count == 2
