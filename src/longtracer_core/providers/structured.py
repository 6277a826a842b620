"""Constrained JSON with re-asking: the loop the LLM decomposer and the LLM judge share.

The recipe: ask a ``ChatBackend`` for JSON that follows a JSON Schema, hand the
answer to ``accept`` (which validates it and builds the result), and when the
answer is not JSON or ``accept`` rejects it, re-ask with the error appended,
under a bounded tenacity loop (``max_retries`` re-asks). A backend failure
(already retried at the HTTP layer) is not re-asked. ``Exchange`` keeps the
conversation, the attempt count and the last raw output, so a caller can name
them in its own typed error when the loop gives up.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from tenacity import AsyncRetrying, Retrying, retry_if_exception_type, stop_after_attempt

from ..errors import BackendResponseError
from .chat import ChatBackend, Message

__all__ = ["Exchange", "InvalidOutput", "ask_structured", "aask_structured"]

T = TypeVar("T")


class InvalidOutput(BackendResponseError):
    """The model answered, but not with output ``accept`` takes; ``output`` is what it said."""

    def __init__(self, message: str, output: Any) -> None:
        super().__init__(message)
        self.output = output


@dataclass
class Exchange:
    """One structured request: the conversation so far, attempts made, the last raw output."""

    messages: list[Message]
    attempts: int = 0
    last: Any = None


def _reask(exchange: Exchange, err: InvalidOutput) -> None:
    shown = err.output if isinstance(err.output, str) else json.dumps(err.output)[:4000]
    exchange.messages.append({"role": "assistant", "content": str(shown)})
    exchange.messages.append(
        {
            "role": "user",
            "content": "That output is invalid:\n"
            f"{err}\nReturn corrected JSON that follows the schema exactly.",
        }
    )


def _retry_args(max_retries: int) -> dict[str, Any]:
    return {
        "stop": stop_after_attempt(max_retries + 1),
        "retry": retry_if_exception_type(InvalidOutput),
        "reraise": True,
    }


def _not_json(exchange: Exchange, err: BackendResponseError) -> InvalidOutput:
    invalid = InvalidOutput(f"not JSON: {err}", str(err))
    exchange.last = str(err)
    _reask(exchange, invalid)
    return invalid


def _received(exchange: Exchange, raw: Any, accept: Callable[[Any], T]) -> T:
    exchange.last = raw
    try:
        return accept(raw)
    except InvalidOutput as err:
        _reask(exchange, err)
        raise


def ask_structured(
    backend: ChatBackend,
    exchange: Exchange,
    schema: Mapping[str, Any],
    accept: Callable[[Any], T],
    *,
    max_retries: int,
) -> T:
    """Ask until ``accept(raw)`` returns; raises ``InvalidOutput`` or ``BackendError``.

    ``accept`` raises ``InvalidOutput`` for output the model should correct.
    """
    for attempt in Retrying(**_retry_args(max_retries)):
        with attempt:
            exchange.attempts += 1
            try:
                raw = backend.complete_json(exchange.messages, schema)
            except BackendResponseError as err:
                raise _not_json(exchange, err) from err
            return _received(exchange, raw, accept)
    raise AssertionError("unreachable")  # pragma: no cover


async def aask_structured(
    backend: ChatBackend,
    exchange: Exchange,
    schema: Mapping[str, Any],
    accept: Callable[[Any], T],
    *,
    max_retries: int,
) -> T:
    """``ask_structured`` for asyncio (``backend.acomplete_json``)."""
    async for attempt in AsyncRetrying(**_retry_args(max_retries)):
        with attempt:
            exchange.attempts += 1
            try:
                raw = await backend.acomplete_json(exchange.messages, schema)
            except BackendResponseError as err:
                raise _not_json(exchange, err) from err
            return _received(exchange, raw, accept)
    raise AssertionError("unreachable")  # pragma: no cover
