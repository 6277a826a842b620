"""How ``GroundingGuard`` describes itself: typed input and output schemas (built per guard,
its keys vary), its configurable keys, and its LangChain JSON form."""

from __future__ import annotations

from typing import Any

from langchain_core.documents import Document
from langchain_core.load.serializable import SerializedConstructor, SerializedNotImplemented
from langchain_core.messages import BaseMessage
from langchain_core.runnables import ConfigurableFieldSpec
from langchain_core.utils.pydantic import create_model_v2
from pydantic import BaseModel, ConfigDict, Field, create_model

from longtracer_core import CaseResult, Policy, TraceRecord, VerifyConfig

__all__ = ["LIVE_FIELDS", "config_specs", "input_schema", "output_schema", "with_plain_config"]

# fields that hold live objects: a guard that sets one cannot be rebuilt from JSON
LIVE_FIELDS = ("verifier", "decomposer", "llm", "judge", "sinks")

Evidence = list[Document] | list[str] | list[dict[str, Any]] | Document | str

_CONFIG = ConfigDict(extra="allow", arbitrary_types_allowed=True)


def input_schema(name: str, answer_key: str, context_key: str) -> type[BaseModel]:
    """A string, a message, or a dict with the answer and (optionally) its evidence."""
    fields: dict[str, Any] = {
        answer_key: (str | BaseMessage, Field(description="The answer to verify.")),
        context_key: (
            Evidence | None,
            Field(default=None, description="The evidence: Documents, strings or one string."),
        ),
    }
    record = create_model(f"{name}InputDict", __config__=_CONFIG, **fields)
    return create_model_v2(f"{name}Input", root=str | BaseMessage | record)


def output_schema(name: str, answer_key: str, output_key: str) -> type[BaseModel]:
    """The input's shape with the policy applied; dicts also carry the CaseResult (and trace)."""
    fields: dict[str, Any] = {
        answer_key: (str | BaseMessage, Field(description="The policy-applied answer.")),
        output_key: (CaseResult, Field(description="The verdict.")),
        f"{output_key}_trace": (
            TraceRecord | None,
            Field(default=None, description="The trace (holds the draft)."),
        ),
    }
    record = create_model(f"{name}OutputDict", __config__=_CONFIG, **fields)
    return create_model_v2(f"{name}Output", root=str | BaseMessage | record)


def config_specs(sources_key: str) -> list[ConfigurableFieldSpec]:
    """The ``config["configurable"]`` keys the guard reads."""
    return [
        ConfigurableFieldSpec(
            id=sources_key,
            annotation=Evidence | None,
            name="Grounding sources",
            description="Evidence to check the answer against when the input carries none.",
            default=None,
        ),
        ConfigurableFieldSpec(
            id="grounding_policy",
            annotation=Policy | None,
            name="Grounding policy",
            description="Overrides the guard's policy for this call: 'flag' or 'redact'.",
            default=None,
        ),
    ]


def with_plain_config(
    serialized: SerializedConstructor | SerializedNotImplemented,
) -> SerializedConstructor | SerializedNotImplemented:
    """The guard's JSON form with its ``VerifyConfig`` as plain JSON (``loads`` rebuilds it)."""
    kwargs = serialized.get("kwargs")
    if isinstance(kwargs, dict) and isinstance(kwargs.get("config"), VerifyConfig):
        kwargs["config"] = kwargs["config"].model_dump(mode="json")
    return serialized
