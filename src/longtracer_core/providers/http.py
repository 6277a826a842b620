"""One small HTTP boundary for OpenAI-compatible servers: JSON POST with retries.

Retried: connection errors and timeouts, 429 (honouring ``Retry-After``) and
5xx. Not retried: other 4xx. Failures surface as ``BackendError`` (with the
status code) and unparsable bodies as ``BackendResponseError``; httpx's own
errors are translated in one place (``JsonHttpClient._translated``). The sync
client and, per event loop, the async client live as long as the
``JsonHttpClient``, so connections are reused across calls.
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import os
import threading
import time
import weakref
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC
from typing import Any

import httpx
import regex
from tenacity import (
    AsyncRetrying,
    RetryCallState,
    Retrying,
    retry_if_exception,
    stop_after_attempt,
)

from ..errors import BackendError, BackendResponseError

__all__ = ["HttpOptions", "JsonHttpClient"]

_USERINFO = regex.compile(r"([a-z][a-z0-9+.-]*://)[^/@\s]+@", flags=regex.IGNORECASE)
_PUBLIC_HEADERS = frozenset({"content-type", "accept", "user-agent"})


def _secrets(base_url: str, api_key: str | None, headers: Mapping[str, str]) -> tuple[str, ...]:
    """Strings that must never appear in a message: the key, header values, URL userinfo."""
    found: set[str] = set()
    if api_key:
        found.add(api_key)
    for name, value in headers.items():
        if name.lower() not in _PUBLIC_HEADERS and len(value) >= 4:
            found.add(value)
            found.update(part for part in value.split() if len(part) >= 8)
    userinfo = httpx.URL(base_url).userinfo
    if userinfo:
        info = userinfo.decode("utf-8", "replace")
        found.update(p for p in (info, *info.split(":", 1)) if len(p) >= 4)
    return tuple(sorted(found, key=len, reverse=True))


class _Retryable(BackendError):
    def __init__(self, message: str, *, status_code: int | None, retry_after: float | None):
        super().__init__(message, status_code=status_code)
        self.retry_after = retry_after


def _retry_after(response: httpx.Response) -> float | None:
    value = response.headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        parsed = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None  # unreadable: fall back to exponential backoff
    if parsed.tzinfo is None:  # an HTTP-date is GMT
        parsed = parsed.replace(tzinfo=UTC)
    return max(0.0, parsed.timestamp() - time.time())


class JsonHttpClient:
    """POST JSON to ``base_url + path`` and return the decoded JSON body.

    ``timeout`` bounds each attempt as a whole (connecting, sending and reading
    the body), not each read: a server trickling bytes is cut off at the
    deadline. Bodies past ``max_response_bytes`` are refused while they stream
    in. ``max_wait`` caps one back-off pause (also a ``Retry-After``). Every
    message we raise has credentials removed: userinfo in URLs, the API key and
    the values of the headers we send.
    """

    def __init__(
        self,
        base_url: str,
        *,
        api_key: str | None = None,
        timeout: float = 30.0,
        max_retries: int = 3,
        backoff: float = 0.5,
        max_wait: float = 30.0,
        max_response_bytes: int = 16_000_000,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff = backoff
        self.max_wait = max_wait
        self.max_response_bytes = max_response_bytes
        self._headers = {"content-type": "application/json", **(headers or {})}
        if api_key:
            self._headers["authorization"] = f"Bearer {api_key}"
        self._secrets = _secrets(self.base_url, api_key, self._headers)
        self._client: httpx.Client | None = None
        # an AsyncClient's connections belong to the event loop that opened them
        self._aclients: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, httpx.AsyncClient]
        self._aclients = weakref.WeakKeyDictionary()
        self._client_lock = threading.Lock()

    # -- sync ------------------------------------------------------------------
    def post(self, path: str, payload: Mapping[str, Any]) -> Any:
        for attempt in Retrying(**self._retry_args()):
            with attempt:
                return self._once(path, payload)
        raise AssertionError("unreachable")  # pragma: no cover

    def _once(self, path: str, payload: Mapping[str, Any]) -> Any:
        with self._client_lock:
            if self._client is None:
                self._client = httpx.Client(timeout=self.timeout, headers=self._headers)
            client = self._client
        deadline = time.monotonic() + self.timeout
        body = bytearray()
        with (
            self._translated(),
            client.stream("POST", self.base_url + path, json=payload) as response,
        ):
            for chunk in response.iter_bytes():
                self._take(body, chunk, deadline)
        return self._decode(response, bytes(body))

    # -- async -----------------------------------------------------------------
    async def apost(self, path: str, payload: Mapping[str, Any]) -> Any:
        client = self._async_client()
        async for attempt in AsyncRetrying(**self._retry_args()):
            with attempt:
                return await self._aonce(client, path, payload)
        raise AssertionError("unreachable")  # pragma: no cover

    async def _aonce(self, client: httpx.AsyncClient, path: str, payload: Mapping[str, Any]) -> Any:
        deadline = time.monotonic() + self.timeout
        body = bytearray()
        with self._translated():
            async with client.stream("POST", self.base_url + path, json=payload) as response:
                async for chunk in response.aiter_bytes():
                    self._take(body, chunk, deadline)
        return self._decode(response, bytes(body))

    def _async_client(self) -> httpx.AsyncClient:
        """The running event loop's client, opened on its first call and kept."""
        loop = asyncio.get_running_loop()
        with self._client_lock:
            client = self._aclients.get(loop)
            if client is None or client.is_closed:
                client = httpx.AsyncClient(timeout=self.timeout, headers=self._headers)
                self._aclients[loop] = client
        return client

    # -- shared ----------------------------------------------------------------
    @contextmanager
    def _translated(self) -> Iterator[None]:
        """The one place httpx's errors become ours: retryable, with credentials removed."""
        try:
            yield
        except httpx.TimeoutException as err:
            raise self._retryable(f"timed out after {self.timeout}s") from err
        except httpx.TransportError as err:
            raise self._retryable(f"transport error: {err}") from err

    def _take(self, body: bytearray, chunk: bytes, deadline: float) -> None:
        """Add a chunk of the body; stop past the deadline or the size cap."""
        body += chunk
        if len(body) > self.max_response_bytes:
            raise BackendResponseError(
                f"response body exceeds {self.max_response_bytes} bytes; not read further"
            )
        if time.monotonic() > deadline:
            raise self._retryable(f"no complete response within {self.timeout}s")

    def _retryable(self, message: str) -> _Retryable:
        return _Retryable(self.redact(message), status_code=None, retry_after=None)

    def redact(self, text: str) -> str:
        """``text`` with URL userinfo, the API key and sent header values replaced by ***."""
        text = _USERINFO.sub(r"\1***@", text)
        for secret in self._secrets:
            text = text.replace(secret, "***")
        return text

    def _decode(self, response: httpx.Response, body: bytes) -> Any:
        status = response.status_code
        excerpt = self.redact(body[:200].decode("utf-8", "replace"))
        where = self.redact(str(response.request.url))
        if status == 429 or status >= 500:
            raise _Retryable(
                f"HTTP {status} from {where}: {excerpt}",
                status_code=status,
                retry_after=_retry_after(response),
            )
        if status >= 400:
            raise BackendError(f"HTTP {status} from {where}: {excerpt}", status_code=status)
        try:
            return json.loads(body)
        except ValueError as err:
            raise BackendResponseError(
                f"response body is not JSON: {excerpt!r}", status_code=status
            ) from err

    def _wait(self, state: RetryCallState) -> float:
        exc = state.outcome.exception() if state.outcome else None
        if isinstance(exc, _Retryable) and exc.retry_after is not None:
            return min(exc.retry_after, self.max_wait)
        return float(min(self.backoff * (2 ** (state.attempt_number - 1)), self.max_wait))

    def _retry_args(self) -> dict[str, Any]:
        def give_up(state: RetryCallState) -> Any:
            exc = state.outcome.exception() if state.outcome else None
            assert exc is not None
            status = getattr(exc, "status_code", None)
            raise BackendError(
                self.redact(f"giving up after {state.attempt_number} attempts: {exc}"),
                status_code=status,
            ) from exc

        return {
            "stop": stop_after_attempt(self.max_retries + 1),
            "wait": self._wait,
            "retry": retry_if_exception(lambda e: isinstance(e, _Retryable)),
            "retry_error_callback": give_up,
            "reraise": False,
        }

    def close(self) -> None:
        """Close the sync client and forget the async ones (``aclose`` closes this loop's)."""
        with self._client_lock:
            client, self._client = self._client, None
            self._aclients.clear()
        if client is not None:
            client.close()

    async def aclose(self) -> None:
        """Close the running event loop's async client (the next call opens a new one)."""
        with self._client_lock:
            client = self._aclients.pop(asyncio.get_running_loop(), None)
        if client is not None:
            await client.aclose()


@dataclass(frozen=True)
class HttpOptions:
    """How an OpenAI-compatible backend talks to its server: one object, checked in one place.

    The key is ``api_key``, else the ``api_key_env`` environment variable (read when
    ``client`` is called, that is when the backend is built). The rest are
    ``JsonHttpClient``'s limits: a whole-attempt ``timeout``, ``max_retries`` with
    ``backoff`` (each pause capped by ``max_wait``) and ``max_response_bytes``.
    """

    api_key: str | None = field(default=None, repr=False)  # never in a log line
    api_key_env: str = "OPENAI_API_KEY"
    timeout: float = 30.0
    max_retries: int = 3
    backoff: float = 0.5
    max_wait: float = 30.0
    max_response_bytes: int = 16_000_000

    def client(self, base_url: str) -> JsonHttpClient:
        """A client for the server at ``base_url`` (the version prefix included)."""
        return JsonHttpClient(
            base_url,
            api_key=self.api_key if self.api_key is not None else os.environ.get(self.api_key_env),
            timeout=self.timeout,
            max_retries=self.max_retries,
            backoff=self.backoff,
            max_wait=self.max_wait,
            max_response_bytes=self.max_response_bytes,
        )
