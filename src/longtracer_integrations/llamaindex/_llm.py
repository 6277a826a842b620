"""``LlamaIndexLLMBackend``: the core's ``ChatBackend`` over any LlamaIndex ``LLM``.

LLM decomposition asks for JSON that follows a JSON Schema. LlamaIndex LLMs have
no portable constrained-output switch, so the schema goes into the system
message and the answer is parsed as JSON text. Non-JSON output raises
``BackendResponseError`` (the ``LLMDecomposer`` re-asks with the error, under its
bounded retries); a failing call raises ``BackendError``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from llama_index.core.base.llms.types import ChatMessage, ChatResponse, MessageRole
from llama_index.core.llms import LLM

from longtracer_core import LLMDecomposer, LLMJudge
from longtracer_core.errors import BackendError, BackendResponseError
from longtracer_core.pipeline import IntegrationModels
from longtracer_core.providers import parse_json_text

__all__ = ["LLMS", "SCHEMA_INSTRUCTION", "LlamaIndexLLMBackend"]

SCHEMA_INSTRUCTION = (
    "Reply with one JSON object and nothing else. It must validate against this JSON Schema:\n"
)
_ROLES = {
    "system": MessageRole.SYSTEM,
    "user": MessageRole.USER,
    "assistant": MessageRole.ASSISTANT,
}


class LlamaIndexLLMBackend:
    """Complete chats as JSON through a LlamaIndex ``LLM`` (sync ``chat``, async ``achat``).

    ``chat_kwargs`` are passed to every call, e.g. a provider's JSON mode
    (``{"response_format": {"type": "json_object"}}`` for OpenAI).
    """

    def __init__(self, llm: LLM, *, chat_kwargs: Mapping[str, Any] | None = None) -> None:
        if not isinstance(llm, LLM):
            raise TypeError(f"llm must be a LlamaIndex LLM, got {type(llm).__name__}")
        self.llm = llm
        self.chat_kwargs = dict(chat_kwargs or {})

    @property
    def model_id(self) -> str:
        """The LLM's model name (``llm.metadata.model_name``), else its class name."""
        try:
            name = self.llm.metadata.model_name
        except Exception:
            name = None
        return (
            name
            if isinstance(name, str) and name and name != "unknown"
            else type(self.llm).__name__
        )

    @staticmethod
    def to_messages(
        messages: Sequence[Mapping[str, str]], schema: Mapping[str, Any]
    ) -> list[ChatMessage]:
        """LlamaIndex chat messages, with the schema instruction in the system message."""
        instruction = SCHEMA_INSTRUCTION + json.dumps(schema, sort_keys=True)
        out: list[ChatMessage] = []
        for message in messages:
            role = _ROLES.get(message.get("role", "user"), MessageRole.USER)
            out.append(ChatMessage(role=role, content=message.get("content", "")))
        if out and out[0].role == MessageRole.SYSTEM:
            out[0] = ChatMessage(
                role=MessageRole.SYSTEM, content=f"{out[0].content}\n\n{instruction}"
            )
        else:
            out.insert(0, ChatMessage(role=MessageRole.SYSTEM, content=instruction))
        return out

    @staticmethod
    def parse(response: ChatResponse) -> Any:
        """Decode the answer's JSON; a JSON object inside surrounding prose is accepted too."""
        text = response.message.content
        if not isinstance(text, str) or not text.strip():
            raise BackendResponseError("the LLM answered with no text")
        try:
            return parse_json_text(text)
        except BackendResponseError:
            start, end = text.find("{"), text.rfind("}")
            if 0 <= start < end:
                try:
                    return json.loads(text[start : end + 1])
                except ValueError:
                    pass
            raise

    def complete_json(
        self, messages: Sequence[Mapping[str, str]], schema: Mapping[str, Any]
    ) -> Any:
        try:
            response = self.llm.chat(self.to_messages(messages, schema), **self.chat_kwargs)
        except Exception as err:
            raise BackendError(f"{self.model_id} failed: {type(err).__name__}: {err}") from err
        return self.parse(response)

    async def acomplete_json(
        self, messages: Sequence[Mapping[str, str]], schema: Mapping[str, Any]
    ) -> Any:
        try:
            response = await self.llm.achat(self.to_messages(messages, schema), **self.chat_kwargs)
        except Exception as err:
            raise BackendError(f"{self.model_id} failed: {type(err).__name__}: {err}") from err
        return self.parse(response)


# A LlamaIndex LLM given as llm= decomposes, given as judge= judges (the verifier recipe).
LLMS = IntegrationModels(
    name="a LlamaIndex LLM",
    is_model=lambda value: isinstance(value, LLM),
    decomposer=lambda llm: LLMDecomposer(LlamaIndexLLMBackend(llm)),
    judge=lambda llm: LLMJudge(LlamaIndexLLMBackend(llm)),
)
