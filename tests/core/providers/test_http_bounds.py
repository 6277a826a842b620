"""HTTP bounds: a whole-attempt deadline, a body size cap, settable max_wait, no secrets in
any message we create."""

from __future__ import annotations

import time

import httpx
import pytest
import respx

from longtracer_core import LLMDecomposer, OpenAICompatibleChat, OpenAICompatibleEmbedder
from longtracer_core.errors import BackendError, BackendResponseError
from longtracer_core.providers.http import JsonHttpClient
from tests.helpers import SOURCES, SUPPORTED, verifier

BASE = "http://llm.test/v1"
MESSAGES = [{"role": "user", "content": "hi"}]
SCHEMA = {"type": "object"}


class _Trickle(httpx.SyncByteStream):
    """A body sent one byte every ``pause`` seconds; counts the bytes it handed out."""

    def __init__(self, total: int, pause: float) -> None:
        self.total, self.pause, self.sent = total, pause, 0

    def __iter__(self):
        for _ in range(self.total):
            time.sleep(self.pause)
            self.sent += 1
            yield b" "


class _Huge(httpx.SyncByteStream):
    """A 50 MB body in 64 kB chunks; counts the chunks it handed out."""

    def __init__(self) -> None:
        self.chunks = 0

    def __iter__(self):
        for _ in range(800):
            self.chunks += 1
            yield b"x" * 65_536


@respx.mock
def test_timeout_is_a_deadline_for_the_whole_response():
    """A server trickling one byte per 0.2 s is cut off at the 1 s deadline: far fewer
    than its 100 bytes are read (per-read timeouts would read them all, 20 s)."""
    stream = _Trickle(100, 0.2)
    respx.post(f"{BASE}/chat/completions").mock(return_value=httpx.Response(200, stream=stream))
    client = OpenAICompatibleChat(BASE, "tiny", timeout=1.0, max_retries=0)
    with pytest.raises(BackendError, match=r"no complete response within 1\.0s"):
        client.complete_json(MESSAGES, SCHEMA)
    assert stream.sent < 20


@respx.mock
def test_bodies_past_the_size_cap_are_refused_while_streaming():
    """A 50 MB body with a 1 MB cap: refused after about 1 MB, never read whole."""
    stream = _Huge()
    respx.post(f"{BASE}/embeddings").mock(return_value=httpx.Response(200, stream=stream))
    embedder = OpenAICompatibleEmbedder(BASE, "e", max_retries=0, max_response_bytes=1_000_000)
    with pytest.raises(BackendResponseError, match="exceeds 1000000 bytes"):
        embedder.embed(["a text"])
    assert stream.chunks <= 17


def test_max_wait_is_settable_from_the_constructors():
    chat = OpenAICompatibleChat(BASE, "tiny", max_wait=2.5)
    emb = OpenAICompatibleEmbedder(BASE, "e", max_wait=1.5)
    assert chat._http.max_wait == 2.5 and emb._http.max_wait == 1.5


SECRET_KEY = "sk-supersecret-123456"
SECRET_PASS = "s3cr3t-userpass"


@respx.mock
@pytest.mark.parametrize("status", [401, 500])
def test_credentials_never_reach_error_messages(status):
    """A key in the URL's userinfo, the API key and a custom header, echoed back by a
    failing server, appear nowhere in the BackendError."""
    echo = (
        f"bad request from http://bob:{SECRET_PASS}@llm.test/v1 with "
        f"authorization: Bearer {SECRET_KEY}, x-team-token: team-token-9876"
    )
    respx.post("http://llm.test/v1/chat/completions").mock(
        return_value=httpx.Response(status, text=echo)
    )
    client = JsonHttpClient(
        f"http://bob:{SECRET_PASS}@llm.test/v1",
        api_key=SECRET_KEY,
        max_retries=0,
        backoff=0.0,
        headers={"x-team-token": "team-token-9876"},
    )
    with pytest.raises(BackendError) as info:
        client.post("/chat/completions", {"a": 1})
    message = str(info.value)
    for secret in (SECRET_KEY, SECRET_PASS, "team-token-9876"):
        assert secret not in message
    assert "***" in message


@respx.mock
def test_credentials_never_reach_the_case_or_the_trace():
    """Through the verifier (an LLM decomposer whose server fails): neither the case's
    error message nor the trace holds the key or the URL password."""
    respx.post("http://llm.test/v1/chat/completions").mock(
        return_value=httpx.Response(400, text=f"echo: Bearer {SECRET_KEY} {SECRET_PASS}")
    )
    chat = OpenAICompatibleChat(
        f"http://bob:{SECRET_PASS}@llm.test/v1", "tiny", api_key=SECRET_KEY, max_retries=0
    )
    guarded = verifier(decomposer=LLMDecomposer(chat)).guard(SUPPORTED, SOURCES)
    dumped = guarded.case.model_dump_json() + guarded.trace.model_dump_json()
    assert guarded.case.error_message
    assert SECRET_KEY not in dumped and SECRET_PASS not in dumped
