"""``grounding_node``: verify the graph's answer and return only the keys it changes.

The node wraps a ``GroundingGuard`` (so evidence lookup, the policy, the
``grounding_verdict`` child run, sinks and ``on_fail="raise"`` behave exactly
as in a chain) and translates LangGraph state in and partial updates out. The
verdict goes into state as ``CaseResult.model_dump(mode="json")`` — plain
data, which every checkpointer stores without a custom serialiser.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict, get_type_hints

from langchain_core.callbacks import BaseCallbackManager
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.runnables import RunnableConfig, RunnableLambda

from longtracer_core import CaseResult, InvalidInputError, Policy

from ..langchain import GroundingCallbackHandler, GroundingEvidenceError, GroundingGuard

__all__ = ["GroundingState", "check_state_schema", "grounding_node"]

_ANSWER, _CONTEXT, _OUT = "answer", "context", "grounding"
# ``documents`` (our examples, most custom graphs), then ``context`` (the LangChain RAG
# tutorial's State: question, context, answer)
DOCUMENTS_KEYS = ("documents", "context")


class GroundingState(TypedDict, total=False):
    """Mix into a graph's state so the node's verdict has a channel to land in."""

    grounding: dict[str, Any]


def check_state_schema(schema: type, *, output_key: str = "grounding") -> None:
    """Raise if ``schema`` has no ``output_key`` channel (LangGraph drops unknown keys silently).

    A ``MessagesState`` graph does not need one: the verdict also rides in the
    grounded message's ``response_metadata``.
    """
    hints = get_type_hints(schema)
    if output_key not in hints and "messages" not in hints:
        raise InvalidInputError(
            f"the state schema {schema.__name__} has no {output_key!r} key, so LangGraph would "
            f"drop the verdict: add `{output_key}: dict` (or inherit GroundingState)"
        )


def _run_tree_documents(config: RunnableConfig) -> list[Any] | None:
    """Documents a retriever returned earlier in this graph run (needs GroundingCallbackHandler)."""
    manager = config.get("callbacks")
    if not isinstance(manager, BaseCallbackManager) or manager.parent_run_id is None:
        return None
    for handler in manager.handlers:
        if isinstance(handler, GroundingCallbackHandler):
            docs = handler.documents_for(manager.parent_run_id)
            if docs is not None:
                return list(docs)
    return None


def _tool_evidence(messages: Sequence[BaseMessage]) -> list[str]:
    """Tool results since the last human turn: what an agent retrieved for this answer."""
    found: list[str] = []
    for message in reversed(messages):
        if isinstance(message, HumanMessage):
            break
        if isinstance(message, ToolMessage) and message.text:
            found.append(message.text)
    return list(reversed(found))


class _Node:
    """The node's state translation; the guard does the verifying."""

    def __init__(
        self,
        guard: GroundingGuard,
        *,
        answer_key: str,
        documents_keys: tuple[str, ...],
        messages_key: str,
        output_key: str,
        include_trace: bool,
    ) -> None:
        self.guard = guard
        self.answer_key = answer_key
        self.documents_keys = documents_keys
        self.messages_key = messages_key
        self.output_key = output_key
        self.include_trace = include_trace

    def _evidence(
        self, state: Mapping[str, Any], config: RunnableConfig
    ) -> tuple[Any, dict[str, str] | None]:
        """The evidence and where it came from; ``(None, None)`` when nothing was found."""
        for key in self.documents_keys:
            if state.get(key) is not None:
                return state[key], {"from": "state", "key": key}
        configurable = config.get("configurable") or {}
        if configurable.get(self.guard.sources_key) is not None:
            # the guard reads it from the config itself
            return None, {"from": "config", "key": self.guard.sources_key}
        docs = _run_tree_documents(config)
        if docs is not None:
            return docs, {"from": "run", "key": "retriever documents"}
        return None, None

    def _no_evidence(self, state: Mapping[str, Any], messages_mode: bool) -> GroundingEvidenceError:
        """The error that lists every place the node looked, and what it found there."""
        looked = [
            f"state[{key!r}] ({'None' if key in state else 'absent'})"
            for key in self.documents_keys
        ]
        looked.append(f"config['configurable'][{self.guard.sources_key!r}] (absent)")
        looked.append(
            "documents a retriever returned earlier in this run (needs a "
            "GroundingCallbackHandler in config['callbacks'])"
        )
        if messages_mode:
            looked.append(
                f"tool messages since the last human message in state[{self.messages_key!r}]"
            )
        return GroundingEvidenceError(
            "grounding_node found no evidence to check the answer against. It looked at: "
            + "; ".join(looked)
            + f". The state holds: {', '.join(sorted(map(str, state))) or 'nothing'}. Put the "
            "documents under one of these keys, or name your key with "
            "grounding_node(documents_key=...). An explicitly empty list is accepted and "
            "verifies to NO_SOURCES_SUPPLIED."
        )

    def prepare(
        self, state: Any, config: RunnableConfig
    ) -> tuple[dict[str, Any], BaseMessage | None, dict[str, str]]:
        """The guard's input, the AI message grounded (messages mode), where the evidence was."""
        if not isinstance(state, Mapping):
            raise InvalidInputError(
                f"grounding_node needs a dict-like state, got {type(state).__name__}"
            )
        evidence, origin = self._evidence(state, config)
        if self.answer_key in state:
            payload: dict[str, Any] = {_ANSWER: state[self.answer_key]}
            message = None
        elif isinstance(state.get(self.messages_key), Sequence):
            messages = list(state[self.messages_key])
            message = next((m for m in reversed(messages) if isinstance(m, AIMessage)), None)
            if message is None:
                raise InvalidInputError("grounding_node: the state's messages hold no AI message")
            payload = {_ANSWER: message}
            if origin is None:
                evidence = _tool_evidence(messages) or None
                if evidence is not None:
                    origin = {"from": "messages", "key": self.messages_key}
        else:
            raise InvalidInputError(
                f"grounding_node: the state has neither {self.answer_key!r} nor "
                f"{self.messages_key!r} (keys: {sorted(map(str, state))})"
            )
        if origin is None:
            raise self._no_evidence(state, message is not None)
        if evidence is not None:
            payload[_CONTEXT] = evidence
        return payload, message, origin

    def run(self, state: Any, config: RunnableConfig) -> dict[str, Any]:
        """Ground the state's answer: the guard's input in, the node's updates out."""
        payload, message, origin = self.prepare(state, config)
        return self.updates(self.guard.invoke(payload, config), message, origin)

    async def arun(self, state: Any, config: RunnableConfig) -> dict[str, Any]:
        """``run``, awaiting the guard."""
        payload, message, origin = self.prepare(state, config)
        return self.updates(await self.guard.ainvoke(payload, config), message, origin)

    def updates(
        self, out: Mapping[str, Any], message: BaseMessage | None, origin: dict[str, str]
    ) -> dict[str, Any]:
        """Only the keys the node changes, as plain data; the verdict names its evidence."""
        case: CaseResult = out[_OUT]
        case = case.model_copy(update={"metadata": {**case.metadata, "evidence": origin}})
        verdict = case.model_dump(mode="json")
        updates: dict[str, Any] = {self.output_key: verdict}
        answer = out[_ANSWER]
        if message is None:
            if isinstance(answer, BaseMessage):
                answer = self._plain_message(answer, verdict, out)
            updates[self.answer_key] = answer
        else:
            updates[self.messages_key] = [self._plain_message(answer, verdict, out)]
        return updates

    def _plain_message(
        self, message: BaseMessage, verdict: dict[str, Any], out: Mapping[str, Any]
    ) -> BaseMessage:
        """The grounded message (same id, so add_messages replaces it) with plain metadata."""
        metadata = {
            k: v for k, v in message.response_metadata.items() if k not in (_OUT, f"{_OUT}_trace")
        }
        metadata[self.output_key] = verdict
        trace = out.get(f"{_OUT}_trace")
        if self.include_trace and trace is not None:
            metadata[f"{self.output_key}_trace"] = trace.model_dump(mode="json")
        return message.model_copy(update={"response_metadata": metadata})


def grounding_node(
    guard: GroundingGuard | None = None,
    *,
    policy: Policy = "flag",
    answer_key: str = "answer",
    documents_key: str | Sequence[str] = DOCUMENTS_KEYS,
    messages_key: str = "messages",
    output_key: str = "grounding",
    include_trace: bool = False,
    name: str = "grounding",
    **guard_options: Any,
) -> RunnableLambda[Any, dict[str, Any]]:
    """A LangGraph node that grounds the graph's answer and returns only what it changes.

    Dict state: the answer under ``answer_key`` (a string or a message) is
    checked; the node returns ``{answer_key: <policy-applied answer>,
    output_key: <CaseResult as a dict>}``. ``MessagesState``: the last AI
    message is checked and returned with the same id (``add_messages``
    replaces it), the verdict in its ``response_metadata[output_key]``.

    Evidence, in order: the first of ``state[documents_key]`` that is not None
    (one key or several; by default ``"documents"``, then ``"context"``, the
    LangChain RAG tutorial's key); ``config["configurable"]["grounding_sources"]``;
    documents retrievers returned earlier in the run (with a
    ``GroundingCallbackHandler``); in messages mode, the tool results since the
    last human message. The verdict's ``metadata["evidence"]`` names the one
    used; with none, ``GroundingEvidenceError`` lists every place looked at.
    ``guard`` (or ``guard_options``: ``verifier=``, ``config=``, ``judge=``,
    ``on_fail="raise"``, ``sinks=``) sets how it verifies. LangGraph drops
    updates to keys the state does not declare: see ``check_state_schema``.
    """
    if guard is None:
        guard = GroundingGuard(policy=policy, include_trace=include_trace, **guard_options)
    elif guard_options:
        raise InvalidInputError("pass guard= or guard options, not both")
    guard = guard.model_copy(
        update={"answer_key": _ANSWER, "context_key": _CONTEXT, "output_key": _OUT}
    )
    keys = (documents_key,) if isinstance(documents_key, str) else tuple(documents_key)
    if not keys or not all(isinstance(k, str) and k for k in keys):
        raise InvalidInputError(f"documents_key must name at least one key, got {documents_key!r}")
    node = _Node(
        guard,
        answer_key=answer_key,
        documents_keys=keys,
        messages_key=messages_key,
        output_key=output_key,
        include_trace=include_trace,
    )

    return RunnableLambda(node.run, afunc=node.arun, name=name)
