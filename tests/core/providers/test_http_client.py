"""The HTTP boundary keeps its connections: one sync client and one async client per event
loop, reused across calls; httpx's errors become ours in one place, the same sync and async."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from longtracer_core import OpenAICompatibleEmbedder
from longtracer_core.errors import BackendError
from longtracer_core.providers.http import JsonHttpClient


class _Server(ThreadingHTTPServer):
    """A keep-alive JSON server on 127.0.0.1 that counts the TCP connections it accepts."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.connections = 0

    def get_request(self):  # type: ignore[no-untyped-def]
        self.connections += 1
        return super().get_request()


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers["content-length"]))
        body = json.dumps({"data": [{"index": 0, "embedding": [1.0, 0.0]}]}).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[_Server]:
    srv = _Server()
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()
    thread.join()


def _url(srv: _Server) -> str:
    return f"http://127.0.0.1:{srv.server_address[1]}/v1"


def test_sync_calls_share_one_connection(server):
    """Three embed calls open one TCP connection, not three."""
    embedder = OpenAICompatibleEmbedder(_url(server), "e", max_retries=0)
    for _ in range(3):
        embedder.embed(["a text"])
    embedder.close()
    assert server.connections == 1


def test_async_calls_in_one_loop_share_one_connection(server):
    """Three aembed calls in one event loop open one TCP connection."""
    embedder = OpenAICompatibleEmbedder(_url(server), "e", max_retries=0)

    async def run() -> None:
        for _ in range(3):
            await embedder.aembed(["a text"])
        await embedder.aclose()

    asyncio.run(run())
    assert server.connections == 1


def test_each_event_loop_gets_its_own_async_client(server):
    """A backend used from two asyncio.run calls works in both (a client is never reused
    on a loop other than its own, which would fail with 'Event loop is closed')."""
    embedder = OpenAICompatibleEmbedder(_url(server), "e", max_retries=0)
    for _ in range(2):
        vectors = asyncio.run(embedder.aembed(["a text"]))
        assert vectors.shape == (1, 2)
    assert server.connections == 2


def _refused_url() -> str:
    """A loopback URL nothing listens on, with credentials in its userinfo."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://user:hunter2-password@127.0.0.1:{port}/v1"


def test_a_refused_connection_is_the_same_backend_error_sync_and_async():
    """Connection refused: BackendError naming a transport error after the retries, with no
    credentials in it, whether the call was sync or async."""
    client = JsonHttpClient(_refused_url(), api_key="sk-key-0123456789", max_retries=1, backoff=0)
    with pytest.raises(BackendError) as sync_err:
        client.post("/embeddings", {})
    with pytest.raises(BackendError) as async_err:
        asyncio.run(client.apost("/embeddings", {}))
    for err in (sync_err.value, async_err.value):
        message = str(err)
        assert message.startswith("giving up after 2 attempts: transport error")
        assert "hunter2" not in message and "sk-key" not in message
        assert err.status_code is None
