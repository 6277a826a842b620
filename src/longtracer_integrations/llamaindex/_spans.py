"""The span handler that ties a postprocessor's nodes to the answer of the same query.

A node postprocessor runs before synthesis and never learns its engine. The
LlamaIndex instrumentation span tree links the two: one ``GroundingSpanHandler``
sits on the root dispatcher and records every span's parent and kind
(``owner`` = a query or chat engine method, ``synth`` = a synthesizer's
``synthesize``/``asynthesize``). ``register`` (called by the postprocessor)
walks from the active span up to the nearest owner and files the grounding
there. When a synthesizer span starts under that owner, it is bound to the
registration with the nodes the synthesizer actually received; when it exits,
its result — the very object the caller gets — is grounded in place, before
chat engines copy the text into memory. State is keyed by span id, so
concurrent queries (tasks or threads) never share it.

The dispatcher swallows handler exceptions, so every hook here catches its own
and fails closed. If no synthesizer span matched (engines with their own
``synthesize``), the owner's result is grounded at owner exit instead.
"""

from __future__ import annotations

import inspect
import logging
import threading
from dataclasses import dataclass
from typing import Any, Literal

import llama_index.core.instrumentation as instrument
from llama_index.core.base.base_query_engine import BaseQueryEngine
from llama_index.core.bridge.pydantic import PrivateAttr
from llama_index.core.chat_engine.types import AgentChatResponse, BaseChatEngine
from llama_index.core.instrumentation.span import BaseSpan
from llama_index.core.instrumentation.span_handlers import BaseSpanHandler
from llama_index.core.response_synthesizers.base import BaseSynthesizer

from longtracer_core import GuardedResponse

from ._grounder import Grounder, RunIds, evidence_from_nodes
from ._responses import ground_result

__all__ = ["GroundingSpanHandler", "Registration", "install", "installed", "uninstall"]

_log = logging.getLogger("longtracer_integrations.llamaindex")
_SYNTH_METHODS = frozenset({"synthesize", "asynthesize"})
_UUID_SUFFIX = 37  # "-" + str(uuid4()), appended by Dispatcher.span to "Class.method"

Kind = Literal["owner", "synth", "other"]


class _Span(BaseSpan):
    """A span as the handler needs it: id, parent and kind."""

    kind: Kind = "other"


@dataclass
class Registration:
    """One grounding filed under an owner span by the postprocessor."""

    grounder: Grounder
    evidence: list[dict[str, Any]] | BaseException
    bound: int = 0
    last: GuardedResponse | None = None

    def done(self, guarded: GuardedResponse) -> None:
        self.last = guarded


@dataclass(frozen=True)
class _Binding:
    registration: Registration
    evidence: list[dict[str, Any]] | BaseException
    ids: RunIds


def _method_of(id_: str) -> str:
    head = id_[:-_UUID_SUFFIX] if len(id_) > _UUID_SUFFIX else id_
    return head.rsplit(".", 1)[-1]


def _kind_of(id_: str, instance: Any) -> Kind:
    if isinstance(instance, BaseQueryEngine | BaseChatEngine):
        return "owner"
    if isinstance(instance, BaseSynthesizer) and _method_of(id_) in _SYNTH_METHODS:
        return "synth"
    return "other"


class GroundingSpanHandler(BaseSpanHandler[_Span]):
    """Root span handler: binds registrations to synthesizer spans and grounds their results."""

    _owners: dict[str, Registration] = PrivateAttr(default_factory=dict)
    _synths: dict[str, _Binding] = PrivateAttr(default_factory=dict)

    @classmethod
    def class_name(cls) -> str:
        return "GroundingSpanHandler"

    # ------------------------------------------------------------------ lookups (lock held)
    def _owner_locked(self, span_id: str | None, *, stop_at_synth: bool = False) -> str | None:
        while span_id is not None:
            span = self.open_spans.get(span_id)
            if span is None:
                return None
            if span.kind == "owner":
                return span_id
            if stop_at_synth and span.kind == "synth":
                return None  # nested inside a synthesizer already being grounded
            span_id = span.parent_id
        return None

    def _ids_locked(self, owner: str) -> RunIds:
        parent = self.open_spans[owner].parent_id if owner in self.open_spans else None
        root, current = owner, parent
        while current is not None and current in self.open_spans:
            root, current = current, self.open_spans[current].parent_id
        return RunIds(run_id=owner, parent_run_id=parent, root_run_id=root)

    def owner_of(self, span_id: str | None) -> str | None:
        """The nearest query/chat engine span at or above ``span_id`` (None outside an engine)."""
        with self.lock:
            return self._owner_locked(span_id)

    def register(self, owner: str, registration: Registration) -> None:
        """File a grounding under ``owner``; a later call for the same owner replaces it."""
        with self.lock:
            self._owners[owner] = registration

    def pending(self) -> tuple[int, int]:
        """How many registrations and synthesizer bindings are open (0, 0 between queries)."""
        with self.lock:
            return len(self._owners), len(self._synths)

    # ------------------------------------------------------------------ span hooks
    def new_span(
        self,
        id_: str,
        bound_args: inspect.BoundArguments,
        instance: Any | None = None,
        parent_span_id: str | None = None,
        tags: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> _Span | None:
        kind = _kind_of(id_, instance)
        span = _Span(id_=id_, parent_id=parent_span_id, kind=kind)
        if kind == "synth":
            try:
                self._bind(id_, span, bound_args)
            except Exception:  # never break the query; the owner-exit fallback still grounds
                _log.exception("could not bind a synthesizer span to its grounding")
        return span

    def _bind(self, id_: str, span: _Span, bound_args: inspect.BoundArguments) -> None:
        with self.lock:
            owner = self._owner_locked(span.parent_id, stop_at_synth=True)
            registration = self._owners.get(owner) if owner is not None else None
            if owner is None or registration is None:
                return
            ids = self._ids_locked(owner)
        nodes = bound_args.arguments.get("nodes")
        evidence: list[dict[str, Any]] | BaseException
        if nodes is None:
            evidence = registration.evidence
        else:
            try:
                evidence = evidence_from_nodes(nodes)
            except Exception as err:
                evidence = err
        with self.lock:  # counted only once bound: a failed bind leaves the owner-exit fallback
            self._synths[id_] = _Binding(registration, evidence, ids)
            registration.bound += 1

    def prepare_to_exit_span(
        self,
        id_: str,
        bound_args: inspect.BoundArguments,
        instance: Any | None = None,
        result: Any | None = None,
        **kwargs: Any,
    ) -> _Span | None:
        with self.lock:
            binding = self._synths.pop(id_, None)
            registration = self._owners.pop(id_, None)
            span = self.open_spans.get(id_)
            ids = self._ids_locked(id_) if registration is not None else None
        if binding is not None and not _ground_safely(
            result, binding.evidence, binding.registration, binding.ids
        ):
            _log.error("cannot ground a %s; the answer is not grounded", type(result).__name__)
        if registration is not None and ids is not None:
            if registration.bound == 0:
                # No synthesizer span ran under this engine: ground what the engine returns,
                # or, if that is no answer object (a str from custom_query), the caller's.
                if not _ground_safely(result, registration.evidence, registration, ids):
                    self._hand_up(id_, registration, result)
            elif isinstance(result, AgentChatResponse) and registration.last is not None:
                try:
                    result.metadata = registration.grounder.attach(
                        result.metadata, registration.last
                    )
                except Exception:
                    _log.exception("could not attach the grounding to the chat response")
        return span

    def _hand_up(self, id_: str, registration: Registration, result: Any) -> None:
        with self.lock:
            span = self.open_spans.get(id_)
            outer = self._owner_locked(span.parent_id) if span is not None else None
            if outer is not None:
                self._owners.setdefault(outer, registration)
        if outer is None:
            _log.error(
                "GroundingPostprocessor cannot apply its policy to a %s returned outside any "
                "other engine span; the answer is not grounded",
                type(result).__name__,
            )

    def prepare_to_drop_span(
        self,
        id_: str,
        bound_args: inspect.BoundArguments,
        instance: Any | None = None,
        err: BaseException | None = None,
        **kwargs: Any,
    ) -> _Span | None:
        with self.lock:
            self._synths.pop(id_, None)
            self._owners.pop(id_, None)
            return self.open_spans.get(id_)


def _ground_safely(
    result: Any,
    evidence: list[dict[str, Any]] | BaseException,
    registration: Registration,
    ids: RunIds,
) -> bool:
    """Ground ``result``; on any failure give it the fail-closed outcome instead.

    Returns False when ``result`` is not an answer object this module can change.
    """
    grounder = registration.grounder
    try:
        if isinstance(evidence, BaseException):
            raise evidence
        handled = ground_result(result, evidence, grounder, ids, on_done=registration.done)
    except Exception as err:
        try:
            handled = ground_result(result, [], grounder, ids, on_done=registration.done, error=err)
        except Exception:
            _log.exception("grounding failed and the answer could not be withheld here")
            return False
    return handled


# ---------------------------------------------------------------------- installation
_HANDLER: GroundingSpanHandler | None = None
_INSTALL_LOCK = threading.Lock()


def install() -> GroundingSpanHandler:
    """Put the shared handler on the root dispatcher (idempotent, cheap, thread-safe)."""
    global _HANDLER
    root = instrument.get_dispatcher()
    handler = _HANDLER
    if handler is not None and any(h is handler for h in root.span_handlers):
        return handler
    with _INSTALL_LOCK:
        if _HANDLER is None:
            _HANDLER = GroundingSpanHandler()
        if not any(h is _HANDLER for h in root.span_handlers):
            root.span_handlers = [*root.span_handlers, _HANDLER]  # copy-on-write for readers
        return _HANDLER


def installed() -> bool:
    """Whether the shared handler is on the root dispatcher."""
    root = instrument.get_dispatcher()
    return _HANDLER is not None and any(h is _HANDLER for h in root.span_handlers)


def uninstall() -> None:
    """Take the shared handler off the root dispatcher (postprocessors put it back on use)."""
    with _INSTALL_LOCK:
        root = instrument.get_dispatcher()
        root.span_handlers = [h for h in root.span_handlers if h is not _HANDLER]
