"""What ``GroundingGuard`` reads and writes: the answer's shape, its evidence, the verdict as data.

An answer comes as a string, a message or a dict (``Keys.answer``); the output has the same
shape with the policy applied and the ``CaseResult`` (and trace) attached. Evidence comes
from the input, from ``config["configurable"]``, or from a ``GroundingCallbackHandler`` that
saw a retriever earlier in the run. The verification event and the sinks' event are built
here too, so the guard only wires these functions to LangChain's run machinery.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from langchain_core.messages import BaseMessage
from langchain_core.runnables import RunnableConfig

from longtracer_core import GuardedResponse, Policy
from longtracer_core.config import resolve_policy
from longtracer_core.errors import InvalidInputError
from longtracer_core.pipeline import as_source_list

from ..observability import GroundingEvent
from ._handler import GroundingCallbackHandler
from ._tracing import claim_verdict, run_span

__all__ = [
    "GroundingEvidenceError",
    "Keys",
    "Rebuild",
    "answer_of",
    "evidence_of",
    "policy_of",
    "sink_event",
    "verification_payload",
]

# Turns the verified answer back into the input's shape.
Rebuild = Callable[[GuardedResponse], Any]


class GroundingEvidenceError(InvalidInputError):
    """No evidence could be found to check the answer against."""


@dataclass(frozen=True)
class Keys:
    """Where the guard finds the answer and evidence, and where it puts the verdict."""

    answer: str = "answer"
    context: str = "context"
    output: str = "grounding"
    sources: str = "grounding_sources"
    include_trace: bool | None = None

    def with_trace(self, guarded: GuardedResponse) -> bool:
        """Attach the trace? It holds the original draft, so not by default under redact."""
        if self.include_trace is not None:
            return self.include_trace
        return guarded.trace.policy.get("policy") != "redact"

    def verdict(self, guarded: GuardedResponse) -> dict[str, Any]:
        """The case (and trace) under the output keys."""
        out: dict[str, Any] = {self.output: guarded.case}
        if self.with_trace(guarded):
            out[f"{self.output}_trace"] = guarded.trace
        return out


def answer_of(value: Any, keys: Keys) -> tuple[str, Rebuild]:
    """The answer's text, and how to rebuild the input's shape around the verified text."""
    if isinstance(value, str):
        return value, lambda g: g.text
    if isinstance(value, BaseMessage):
        return value.text, lambda g: _rebuilt_message(value, g, keys)
    if isinstance(value, Mapping):
        if keys.answer not in value:
            raise InvalidInputError(
                f"GroundingGuard: the input dict has no {keys.answer!r} key "
                f"(keys: {sorted(map(str, value))}); set answer_key=..."
            )
        inner, rebuild_inner = answer_of(value[keys.answer], keys)

        def rebuild(g: GuardedResponse) -> Any:
            return {**value, keys.answer: rebuild_inner(g), **keys.verdict(g)}

        return inner, rebuild
    raise InvalidInputError(
        f"GroundingGuard accepts a str, a message or a dict, got {type(value).__name__}"
    )


def _rebuilt_message(message: BaseMessage, g: GuardedResponse, keys: Keys) -> BaseMessage:
    if isinstance(message.content, str) or not g.changed:
        content: Any = g.text if isinstance(message.content, str) else message.content
    else:
        others = [
            b
            for b in message.content
            if not (isinstance(b, dict) and b.get("type") == "text") and not isinstance(b, str)
        ]
        content = [{"type": "text", "text": g.text}, *others]
    metadata = {**message.response_metadata, **keys.verdict(g)}
    return message.model_copy(update={"content": content, "response_metadata": metadata})


def evidence_of(value: Any, config: RunnableConfig, run_manager: Any, keys: Keys) -> list[Any]:
    """The evidence: the input's context, the configured sources, or the run's retrievals.

    One source alone (a string, a Document) is a list of one, as in every entry point
    (``longtracer_core.pipeline.as_source_list``).
    """
    if isinstance(value, Mapping) and value.get(keys.context) is not None:
        return as_source_list(value[keys.context])
    configurable = config.get("configurable") or {}
    if configurable.get(keys.sources) is not None:
        return as_source_list(configurable[keys.sources])
    for handler in getattr(run_manager, "handlers", []):
        if isinstance(handler, GroundingCallbackHandler):
            docs = handler.documents_for(run_manager.run_id)
            if docs is not None:
                return list(docs)
    raise _no_evidence(value, keys)


def _no_evidence(value: Any, keys: Keys) -> GroundingEvidenceError:
    """The missing-evidence error: the three ways in, and the keys a dict input holds."""
    seen = ""
    if isinstance(value, Mapping):
        seen = (
            f"The input dict has no {keys.context!r} key (keys: {sorted(map(str, value))}); "
            "if one of them holds the documents, set context_key=<that key>. "
        )
    return GroundingEvidenceError(
        f"GroundingGuard found no evidence to check the answer against. {seen}Supply it in one "
        f"of three ways: (1) a dict input holding the documents under {keys.context!r} (the "
        "context_key), as create_retrieval_chain or RunnablePassthrough.assign produce; "
        f"(2) config={{'configurable': {{{keys.sources!r}: [...]}}}}; (3) a "
        "GroundingCallbackHandler in config['callbacks'], so the documents a retriever "
        "returned earlier in the same run are used. An explicitly empty list is accepted "
        "and verifies to NO_SOURCES_SUPPLIED."
    )


def policy_of(config: RunnableConfig, default: Policy) -> Policy:
    """``config["configurable"]["grounding_policy"]`` when set, else the guard's policy."""
    chosen = (config.get("configurable") or {}).get("grounding_policy")
    return resolve_policy(chosen, default, name="grounding_policy")


def verification_payload(g: GuardedResponse, policy: str) -> dict[str, Any]:
    """The ``grounding.verification`` custom event: the case, trace and per-claim verdicts."""
    return {
        "case": g.case,
        "trace": g.trace,
        "text": g.text,
        "policy": policy,
        "case_id": g.case.case_id,
        "quality_gate": g.case.quality_gate.value,
        "reading": g.case.reading.value,
        "changed": g.changed,
        "claims": [claim_verdict(c, with_text=True) for c in g.case.claims],
    }


def sink_event(
    g: GuardedResponse, policy: str, run_manager: Any, value: Any, answer_key: str
) -> GroundingEvent:
    """The event the guard's sinks receive for one verified answer."""
    response_id = _response_id(value, answer_key)
    return GroundingEvent(
        case=g.case,
        trace=g.trace,
        origin="langchain",
        policy=policy,
        run_id=str(run_manager.run_id),
        parent_run_id=str(run_manager.parent_run_id) if run_manager.parent_run_id else None,
        output_text=g.text,
        parent=run_span(run_manager.run_id, getattr(run_manager, "handlers", ())),
        attributes={"response_id": response_id} if response_id else {},
    )


def _response_id(value: Any, answer_key: str) -> str | None:
    """The id the framework gave the verified message (``AIMessage.id``), if any."""
    if isinstance(value, Mapping):
        value = value.get(answer_key)
    if isinstance(value, BaseMessage):
        return value.id or value.response_metadata.get("id") or None
    return None
