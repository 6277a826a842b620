"""Chat backends for LLM decomposition: a one-method protocol and an OpenAI-compatible client."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Literal, Protocol, runtime_checkable

from ..errors import BackendResponseError
from .http import HttpOptions

__all__ = ["ChatBackend", "Message", "OpenAICompatibleChat", "metered", "parse_json_text"]

Message = Mapping[str, str]

_USAGE: ContextVar[list[dict[str, int]] | None] = ContextVar("longtracer_usage", default=None)


@contextmanager
def metered() -> Iterator[list[dict[str, int]]]:
    """Collect the token usage that backends report for calls made inside the block.

    Each call that reports usage appends ``{"prompt_tokens", "completion_tokens",
    ...}`` to the yielded list; calls in other threads or tasks are not seen.
    """
    bucket: list[dict[str, int]] = []
    token = _USAGE.set(bucket)
    try:
        yield bucket
    finally:
        _USAGE.reset(token)


def _record_usage(body: Any) -> None:
    bucket = _USAGE.get()
    usage = body.get("usage") if isinstance(body, dict) else None
    if bucket is not None and isinstance(usage, dict):
        bucket.append({k: v for k, v in usage.items() if isinstance(v, int)})


@runtime_checkable
class ChatBackend(Protocol):
    """Complete a chat as JSON that should follow ``schema``; return the decoded JSON.

    Raise ``BackendResponseError`` when the model's output is not JSON (the
    decomposer then re-asks), ``BackendError`` when the call itself failed.
    """

    def complete_json(self, messages: Sequence[Message], schema: Mapping[str, Any]) -> Any: ...

    async def acomplete_json(
        self, messages: Sequence[Message], schema: Mapping[str, Any]
    ) -> Any: ...


def parse_json_text(text: str) -> Any:
    """Decode a model's JSON answer, tolerating a markdown code fence around it."""
    stripped = text.strip()
    if stripped.startswith("```"):
        stripped = stripped.split("\n", 1)[1] if "\n" in stripped else ""
        stripped = stripped.rsplit("```", 1)[0]
    try:
        return json.loads(stripped)
    except ValueError as err:
        raise BackendResponseError(f"model output is not valid JSON: {text[:200]!r}") from err


class OpenAICompatibleChat:
    """A ``ChatBackend`` for any server speaking the OpenAI chat completions API.

    ``base_url`` includes the version prefix (``http://localhost:8000/v1``). The
    API key comes from ``api_key`` or the ``api_key_env`` environment variable
    (read when the object is built). Output is constrained with
    ``response_format`` JSON Schema (``json_schema=False`` falls back to JSON mode
    for servers without it). ``schema_format="json_object"`` sends the schema as
    ``{"type": "json_object", "schema": ...}``, the form llama-cpp-python's
    server constrains decoding with. ``max_tokens`` caps each answer.
    """

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api_key: str | None = None,
        api_key_env: str = "OPENAI_API_KEY",
        timeout: float = 60.0,
        max_retries: int = 3,
        temperature: float = 0.0,
        json_schema: bool = True,
        backoff: float = 0.5,
        schema_format: Literal["json_schema", "json_object"] = "json_schema",
        max_tokens: int | None = None,
        max_wait: float = 30.0,
        max_response_bytes: int = 16_000_000,
    ) -> None:
        self.model = model
        self.model_id = model
        self.temperature = temperature
        self.json_schema = json_schema
        self.schema_format = schema_format
        self.max_tokens = max_tokens
        self._http = HttpOptions(
            api_key=api_key,
            api_key_env=api_key_env,
            timeout=timeout,
            max_retries=max_retries,
            backoff=backoff,
            max_wait=max_wait,
            max_response_bytes=max_response_bytes,
        ).client(base_url)

    def _payload(self, messages: Sequence[Message], schema: Mapping[str, Any]) -> dict[str, Any]:
        if not self.json_schema:
            fmt: dict[str, Any] = {"type": "json_object"}
        elif self.schema_format == "json_object":
            fmt = {"type": "json_object", "schema": dict(schema)}
        else:
            fmt = {
                "type": "json_schema",
                "json_schema": {"name": "output", "schema": dict(schema), "strict": True},
            }
        payload: dict[str, Any] = {
            "model": self.model,
            "messages": [dict(m) for m in messages],
            "temperature": self.temperature,
            "response_format": fmt,
        }
        if self.max_tokens is not None:
            payload["max_tokens"] = self.max_tokens
        return payload

    @staticmethod
    def _content(body: Any) -> Any:
        try:
            message = body["choices"][0]["message"]
        except (KeyError, IndexError, TypeError) as err:
            raise BackendResponseError(f"unexpected completion body: {str(body)[:200]}") from err
        if message.get("refusal"):
            raise BackendResponseError(f"model refused: {message['refusal']}")
        content = message.get("content")
        if not isinstance(content, str):
            raise BackendResponseError("completion has no text content")
        return parse_json_text(content)

    def complete_json(self, messages: Sequence[Message], schema: Mapping[str, Any]) -> Any:
        body = self._http.post("/chat/completions", self._payload(messages, schema))
        _record_usage(body)
        return self._content(body)

    async def acomplete_json(self, messages: Sequence[Message], schema: Mapping[str, Any]) -> Any:
        body = await self._http.apost("/chat/completions", self._payload(messages, schema))
        _record_usage(body)
        return self._content(body)

    def close(self) -> None:
        """Close the HTTP connections this backend keeps open."""
        self._http.close()

    async def aclose(self) -> None:
        """Close the running event loop's HTTP connections."""
        await self._http.aclose()
