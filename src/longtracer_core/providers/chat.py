"""Chat backends for LLM decomposition and judging: a one-method protocol, an OpenAI-compatible
client, and token metering."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Literal, Protocol, runtime_checkable

from ..errors import BackendError, BackendResponseError
from .formats import FORMATS, SchemaFormat, format_messages, refused_format, response_format
from .http import HttpOptions

__all__ = [
    "ChatBackend",
    "Message",
    "OpenAICompatibleChat",
    "metered",
    "parse_json_text",
    "record_usage",
    "usage_total",
]

Message = Mapping[str, str]

_USAGE: ContextVar[list[dict[str, int]] | None] = ContextVar("longtracer_usage", default=None)


@contextmanager
def metered() -> Iterator[list[dict[str, int]]]:
    """Collect one record per model call answered inside the block: its token usage.

    Each answered call appends ``{"prompt_tokens", "completion_tokens", ...}``
    (``{}`` when the server reports no usage), so ``len`` counts the calls.
    Blocks nest: an inner block's records also reach the outer one. Calls in
    other threads or tasks are seen only when they run in a copy of this
    context (``judge.parallel.map_in_threads``, ``asyncio.to_thread``).
    """
    bucket: list[dict[str, int]] = []
    outer = _USAGE.get()
    token = _USAGE.set(bucket)
    try:
        yield bucket
    finally:
        _USAGE.reset(token)
        if outer is not None:
            outer.extend(bucket)


def record_usage(body: Any) -> None:
    """Record one answered call (and the usage its body reports) in the open ``metered`` block."""
    bucket = _USAGE.get()
    if bucket is None:
        return
    usage = body.get("usage") if isinstance(body, dict) else None
    found = usage if isinstance(usage, dict) else {}
    bucket.append({k: v for k, v in found.items() if isinstance(v, int)})


def usage_total(usage: Sequence[Mapping[str, int]]) -> dict[str, int] | None:
    """The token counts of several calls added up; None when none reported any."""
    total: dict[str, int] = {}
    for item in usage:
        for key, value in item.items():
            total[key] = total.get(key, 0) + value
    return total or None


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
    (read when the object is built). Output is constrained through
    ``response_format``; ``schema_format="auto"`` (default) tries the forms
    servers accept, best first (``json_schema``, then ``json_object`` with the
    schema, then plain JSON mode with the schema in the prompt; see
    ``providers.formats``), and keeps the first one the server takes
    (``negotiated``). Name a form to send only that one; ``json_schema=False``
    is JSON mode. ``max_tokens`` caps each answer.
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
        schema_format: Literal["auto", "json_schema", "json_object", "json_mode"] = "auto",
        max_tokens: int | None = None,
        max_wait: float = 30.0,
        max_response_bytes: int = 16_000_000,
    ) -> None:
        self.model = model
        self.model_id = model
        self.temperature = temperature
        self.schema_format = "json_mode" if not json_schema else schema_format
        self.max_tokens = max_tokens
        self.negotiated: SchemaFormat | None = (
            None if self.schema_format == "auto" else self.schema_format
        )
        self.refusals: list[str] = []  # what the server answered to each form it refused
        self._http = HttpOptions(
            api_key=api_key,
            api_key_env=api_key_env,
            timeout=timeout,
            max_retries=max_retries,
            backoff=backoff,
            max_wait=max_wait,
            max_response_bytes=max_response_bytes,
        ).client(base_url)

    def _payload(
        self, form: SchemaFormat, messages: Sequence[Message], schema: Mapping[str, Any]
    ) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "model": self.model,
            "messages": format_messages(form, messages, schema),
            "temperature": self.temperature,
            "response_format": response_format(form, schema),
        }
        if self.max_tokens is not None:
            payload["max_tokens"] = self.max_tokens
        return payload

    def _forms(self) -> tuple[SchemaFormat, ...]:
        """The forms to try now: the one that worked, or all of them, best first."""
        return (self.negotiated,) if self.negotiated is not None else FORMATS

    def _refused(self, form: SchemaFormat, err: BaseException, last: bool) -> None:
        """Note a form the server refused; past the last form, raise naming every refusal."""
        self.refusals.append(f"{form}: {err}"[:300])
        if last:
            tried = "; ".join(self.refusals[-len(FORMATS) :])
            raise BackendError(
                f"the server took no structured-output form ({tried})",
                status_code=getattr(err, "status_code", None),
            ) from err

    def _accepted(self, form: SchemaFormat) -> None:
        if self.negotiated is None:
            self.negotiated = form

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
        forms = self._forms()
        for n, form in enumerate(forms):
            try:
                body = self._http.post("/chat/completions", self._payload(form, messages, schema))
            except BackendError as err:
                if len(forms) == 1 or not refused_format(err):
                    raise
                self._refused(form, err, last=n == len(forms) - 1)
                continue
            self._accepted(form)
            record_usage(body)
            return self._content(body)
        raise AssertionError("unreachable")  # pragma: no cover

    async def acomplete_json(self, messages: Sequence[Message], schema: Mapping[str, Any]) -> Any:
        forms = self._forms()
        for n, form in enumerate(forms):
            payload = self._payload(form, messages, schema)
            try:
                body = await self._http.apost("/chat/completions", payload)
            except BackendError as err:
                if len(forms) == 1 or not refused_format(err):
                    raise
                self._refused(form, err, last=n == len(forms) - 1)
                continue
            self._accepted(form)
            record_usage(body)
            return self._content(body)
        raise AssertionError("unreachable")  # pragma: no cover

    def close(self) -> None:
        """Close the HTTP connections this backend keeps open."""
        self._http.close()

    async def aclose(self) -> None:
        """Close the running event loop's HTTP connections."""
        await self._http.aclose()
