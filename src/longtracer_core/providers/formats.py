"""Structured output over the OpenAI chat API: the three forms servers accept, best first.

``json_schema``: ``{"type": "json_schema", "json_schema": {"name", "schema",
"strict": true}}`` — OpenAI and the hosted APIs that copy it, vLLM, Ollama
(0.5 and later), llama.cpp's ``llama-server``. ``json_object``:
``{"type": "json_object", "schema": ...}`` — llama-cpp-python's server (the only
form it constrains decoding with; it refuses ``json_schema``) and
``llama-server``. ``json_mode``: ``{"type": "json_object"}`` with the schema
written into the prompt — any server with JSON mode; the output is checked
afterwards like any other. ``OpenAICompatibleChat(schema_format="auto")``
tries them in this order and keeps the first one a server accepts
(docs/guides/judge.md, "Servers").
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from ..errors import BackendError

__all__ = [
    "FORMATS",
    "SchemaFormat",
    "format_messages",
    "refused_format",
    "response_format",
]

SchemaFormat = Literal["json_schema", "json_object", "json_mode"]
FORMATS: tuple[SchemaFormat, ...] = ("json_schema", "json_object", "json_mode")

# a server that refuses a form answers with one of these; 401, 403, 404 and 429 say
# something else is wrong (the key, the URL or model name, the rate) and are not tried around
_REFUSALS = frozenset({400, 415, 422, 500, 501})


def response_format(form: SchemaFormat, schema: Mapping[str, Any]) -> dict[str, Any]:
    """The ``response_format`` value of ``form`` for ``schema``."""
    if form == "json_schema":
        return {
            "type": "json_schema",
            "json_schema": {"name": "output", "schema": dict(schema), "strict": True},
        }
    if form == "json_object":
        return {"type": "json_object", "schema": dict(schema)}
    return {"type": "json_object"}


def format_messages(
    form: SchemaFormat, messages: Sequence[Mapping[str, str]], schema: Mapping[str, Any]
) -> list[dict[str, str]]:
    """The messages to send: in JSON mode the schema is appended to the last message.

    Appending (rather than adding a message) keeps the prompt's prefix the
    same bytes and the roles alternating, which some chat templates require.
    """
    out = [dict(m) for m in messages]
    if form == "json_mode" and out:
        text = json.dumps(dict(schema), separators=(",", ":"))
        out[-1]["content"] = (
            f"{out[-1].get('content', '')}\n\nReply with one JSON object that follows this "
            f"JSON Schema:\n{text}"
        )
    return out


def refused_format(err: BaseException) -> bool:
    """Did the server refuse the request's form (worth trying the next), not fail otherwise?"""
    return isinstance(err, BackendError) and getattr(err, "status_code", None) in _REFUSALS
