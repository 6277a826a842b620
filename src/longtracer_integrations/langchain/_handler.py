"""``GroundingCallbackHandler``: remember what retrievers returned, per run; ship cases to sinks."""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any
from uuid import UUID

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.documents import Document
from langchain_core.messages import BaseMessage

from longtracer_core import CitationVerifier
from longtracer_core.contracts import CaseResult
from longtracer_core.pipeline import LazyVerifier, TraceRecord, VerifierSpec

from ..observability import GroundingEvent, Sink, dispatch
from ._tracing import run_span

__all__ = ["VERIFICATION_EVENT", "GroundingCallbackHandler"]

VERIFICATION_EVENT = "grounding.verification"
_log = logging.getLogger("longtracer_integrations.langchain")


class _RootState:
    __slots__ = ("retrievals", "runs", "verified")

    def __init__(self) -> None:
        self.runs: set[UUID] = set()
        # retriever run id -> its documents, in the order retrievers finished
        self.retrievals: dict[UUID, list[Document]] = {}
        self.verified = False

    @property
    def retrieved(self) -> bool:
        return bool(self.retrievals)

    @property
    def documents(self) -> list[Document]:
        return [d for docs in self.retrievals.values() for d in docs]


class GroundingCallbackHandler(BaseCallbackHandler):
    """Track retriever documents per root run, and hand verified cases to sinks.

    Put it in ``config["callbacks"]``: a ``GroundingGuard`` later in the same run
    finds the documents the chain's retrievers returned (keyed through the run
    tree, so concurrent runs never mix), and every ``CaseResult`` the guard
    produces is handed to ``sinks`` with its trace and run ids. Memory is bounded
    (``max_roots`` runs tracked) and a run's records are dropped when its root
    run ends or fails.

    ``verify_outputs=True`` verifies the root chain's final string output against
    the run's retrieved documents when no guard did (observe-only: the output is
    untouched). Handler errors are logged and never break the chain unless
    ``raise_error=True``.
    """

    def __init__(
        self,
        sinks: Sequence[Sink] = (),
        *,
        verify_outputs: bool = False,
        verifier: CitationVerifier | None = None,
        max_roots: int = 1024,
        raise_error: bool = False,
    ) -> None:
        super().__init__()
        self.sinks = list(sinks)
        self.verify_outputs = verify_outputs
        self.raise_error = raise_error
        self.max_roots = max_roots
        # the verifier recipe: built on first use, fail-closed when the model is missing
        self._recipe = LazyVerifier(VerifierSpec(verifier=verifier))
        self._lock = threading.RLock()
        self._parent: dict[UUID, UUID | None] = {}
        self._roots: OrderedDict[UUID, _RootState] = OrderedDict()

    # -- the run tree ---------------------------------------------------------------
    def _root_of(self, run_id: UUID) -> UUID:
        seen = 0
        while seen < 10_000:
            parent = self._parent.get(run_id)
            if parent is None or parent not in self._parent:
                return run_id
            run_id = parent
            seen += 1
        return run_id

    def _register(self, run_id: UUID, parent_run_id: UUID | None) -> None:
        with self._lock:
            self._parent[run_id] = parent_run_id
            root = self._root_of(run_id)
            state = self._roots.get(root)
            if state is None:
                state = self._roots[root] = _RootState()
                while len(self._roots) > self.max_roots:
                    _, old = self._roots.popitem(last=False)
                    for rid in old.runs:
                        self._parent.pop(rid, None)
            state.runs.add(run_id)

    def _ancestors(self, run_id: UUID) -> list[UUID]:
        chain: list[UUID] = []
        current: UUID | None = self._parent.get(run_id)
        while current is not None and current in self._parent and len(chain) < 10_000:
            chain.append(current)
            current = self._parent.get(current)
        return chain

    def documents_for(self, run_id: UUID) -> list[Document] | None:
        """Documents retrieved earlier in the same run as ``run_id``; None if no retriever ran.

        The nearest enclosing run that holds a retrieval decides: in a chain mapped
        over many inputs (``.map()``, a nested ``.batch()``), each item's guard sees
        only the documents retrieved for that item.
        """
        with self._lock:
            state = self._roots.get(self._root_of(run_id))
            if state is None or not state.retrieved:
                return None
            lineage = {r: set(self._ancestors(r)) for r in state.retrievals}
            for ancestor in self._ancestors(run_id):
                found = [r for r, above in lineage.items() if ancestor in above]
                if found:
                    return [d for r in found for d in state.retrievals[r]]
            return list(state.documents)

    def _finish_root(self, run_id: UUID, parent_run_id: UUID | None) -> _RootState | None:
        with self._lock:
            if parent_run_id is not None and parent_run_id in self._parent:
                return None  # not a root
            state = self._roots.pop(run_id, None)
            if state is not None:
                for rid in state.runs:
                    self._parent.pop(rid, None)
            self._parent.pop(run_id, None)
            return state

    @property
    def tracked_runs(self) -> int:
        """How many runs are remembered right now (0 once every root has ended)."""
        with self._lock:
            return len(self._parent)

    # -- callbacks ------------------------------------------------------------------
    def on_chain_start(
        self,
        serialized: dict[str, Any] | None,
        inputs: Any,
        *,
        run_id: UUID,
        parent_run_id: UUID | None = None,
        **kwargs: Any,
    ) -> None:
        self._register(run_id, parent_run_id)

    def on_retriever_start(
        self,
        serialized: dict[str, Any] | None,
        query: str,
        *,
        run_id: UUID,
        parent_run_id: UUID | None = None,
        **kwargs: Any,
    ) -> None:
        self._register(run_id, parent_run_id)

    def on_retriever_end(
        self,
        documents: Sequence[Document],
        *,
        run_id: UUID,
        parent_run_id: UUID | None = None,
        **kwargs: Any,
    ) -> None:
        with self._lock:
            if run_id not in self._parent:
                self._register(run_id, parent_run_id)
            state = self._roots.get(self._root_of(run_id))
            if state is not None:
                state.retrievals.setdefault(run_id, []).extend(documents)

    def on_custom_event(
        self,
        name: str,
        data: Any,
        *,
        run_id: UUID,
        tags: list[str] | None = None,
        metadata: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        if name != VERIFICATION_EVENT or not isinstance(data, dict):
            return
        case = data.get("case")
        if not isinstance(case, CaseResult):
            return
        with self._lock:
            root = self._root_of(run_id)
            state = self._roots.get(root)
            if state is not None:
                state.verified = True
            parent = self._parent.get(run_id)
        text = data.get("text")
        self._emit(
            case,
            data.get("trace"),
            run_id,
            parent,
            root,
            data.get("policy"),
            output_text=text if isinstance(text, str) else None,
        )

    def on_chain_end(
        self, outputs: Any, *, run_id: UUID, parent_run_id: UUID | None = None, **kwargs: Any
    ) -> None:
        state = self._finish_root(run_id, parent_run_id)
        if state is None or not self.verify_outputs or state.verified:
            return
        try:
            self._observe(outputs, state, run_id)
        except Exception:
            if self.raise_error:
                raise
            _log.exception("verify_outputs failed for run %s", run_id)

    def on_chain_error(
        self,
        error: BaseException,
        *,
        run_id: UUID,
        parent_run_id: UUID | None = None,
        **kwargs: Any,
    ) -> None:
        self._finish_root(run_id, parent_run_id)

    # -- observe-only verification ---------------------------------------------------
    def _observe(self, outputs: Any, state: _RootState, run_id: UUID) -> None:
        text = _output_text(outputs)
        if text is None:
            return
        if not state.retrieved:
            _log.debug("verify_outputs: run %s retrieved no documents; nothing to verify", run_id)
            return
        recipe = self._recipe
        guarded = recipe.guard(text, list(state.documents), policy=recipe.config.policy)
        self._emit(guarded.case, guarded.trace, run_id, None, run_id, None)

    def _emit(
        self,
        case: CaseResult,
        trace: Any,
        run_id: UUID,
        parent: UUID | None,
        root: UUID,
        policy: str | None,
        *,
        output_text: str | None = None,
    ) -> None:
        event = GroundingEvent(
            case=case,
            trace=trace if isinstance(trace, TraceRecord) else None,
            origin="langchain",
            run_id=str(run_id),
            parent_run_id=str(parent) if parent is not None else None,
            root_run_id=str(root),
            policy=policy,
            output_text=output_text,
            parent=run_span(run_id),
        )
        dispatch(self.sinks, event, raise_error=self.raise_error)


def _output_text(outputs: Any) -> str | None:
    if isinstance(outputs, str):
        return outputs
    if isinstance(outputs, BaseMessage):
        return outputs.text
    if isinstance(outputs, dict):
        for key in ("answer", "output", "result", "text"):
            value = outputs.get(key)
            if isinstance(value, str):
                return value
            if isinstance(value, BaseMessage):
                return value.text
    return None
