"""One small HTTP boundary for OpenAI-compatible servers: JSON POST with retries.

Retried: connection errors and timeouts, 429 (honouring ``Retry-After``) and
5xx. Not retried: other 4xx. Failures surface as ``BackendError`` (with the
status code) and unparsable bodies as ``BackendResponseError``.
"""

from __future__ import annotations

import email.utils
import os
import threading
import time
from collections.abc import Mapping
from datetime import UTC
from typing import Any

import httpx
from tenacity import (
    AsyncRetrying,
    RetryCallState,
    Retrying,
    retry_if_exception,
    stop_after_attempt,
)

from ..errors import BackendError, BackendResponseError

__all__ = ["JsonHttpClient"]


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
    """POST JSON to ``base_url + path`` and return the decoded JSON body."""

    def __init__(
        self,
        base_url: str,
        *,
        api_key: str | None = None,
        timeout: float = 30.0,
        max_retries: int = 3,
        backoff: float = 0.5,
        max_wait: float = 30.0,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff = backoff
        self.max_wait = max_wait
        self._headers = {"content-type": "application/json", **(headers or {})}
        if api_key:
            self._headers["authorization"] = f"Bearer {api_key}"
        self._client: httpx.Client | None = None
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
        try:
            response = client.post(self.base_url + path, json=payload)
        except httpx.TimeoutException as err:
            raise _Retryable(
                f"timed out after {self.timeout}s", status_code=None, retry_after=None
            ) from err
        except httpx.TransportError as err:
            raise _Retryable(f"transport error: {err}", status_code=None, retry_after=None) from err
        return self._decode(response)

    # -- async -----------------------------------------------------------------
    async def apost(self, path: str, payload: Mapping[str, Any]) -> Any:
        async with httpx.AsyncClient(timeout=self.timeout, headers=self._headers) as client:
            async for attempt in AsyncRetrying(**self._retry_args()):
                with attempt:
                    try:
                        response = await client.post(self.base_url + path, json=payload)
                    except httpx.TimeoutException as err:
                        raise _Retryable(
                            f"timed out after {self.timeout}s", status_code=None, retry_after=None
                        ) from err
                    except httpx.TransportError as err:
                        raise _Retryable(
                            f"transport error: {err}", status_code=None, retry_after=None
                        ) from err
                    return self._decode(response)
        raise AssertionError("unreachable")  # pragma: no cover

    # -- shared ----------------------------------------------------------------
    def _decode(self, response: httpx.Response) -> Any:
        status = response.status_code
        if status == 429 or status >= 500:
            raise _Retryable(
                f"HTTP {status} from {response.request.url}: {response.text[:200]}",
                status_code=status,
                retry_after=_retry_after(response),
            )
        if status >= 400:
            raise BackendError(
                f"HTTP {status} from {response.request.url}: {response.text[:200]}",
                status_code=status,
            )
        try:
            return response.json()
        except ValueError as err:
            raise BackendResponseError(
                f"response body is not JSON: {response.text[:200]!r}", status_code=status
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
                f"giving up after {state.attempt_number} attempts: {exc}", status_code=status
            ) from exc

        return {
            "stop": stop_after_attempt(self.max_retries + 1),
            "wait": self._wait,
            "retry": retry_if_exception(lambda e: isinstance(e, _Retryable)),
            "retry_error_callback": give_up,
            "reraise": False,
        }

    @classmethod
    def openai_compatible(
        cls,
        base_url: str,
        *,
        api_key: str | None,
        api_key_env: str,
        timeout: float,
        max_retries: int,
        backoff: float,
    ) -> JsonHttpClient:
        """A client for an OpenAI-compatible server; the key from ``api_key`` or the environment."""
        return cls(
            base_url,
            api_key=api_key if api_key is not None else os.environ.get(api_key_env),
            timeout=timeout,
            max_retries=max_retries,
            backoff=backoff,
        )

    def close(self) -> None:
        with self._client_lock:
            client, self._client = self._client, None
        if client is not None:
            client.close()
