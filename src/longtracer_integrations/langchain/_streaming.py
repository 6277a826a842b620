"""Sentence mode for ``GroundingGuard`` streams: release each settled sentence once verified.

The guard's input stream is merged chunk by chunk as LangChain merges it; as
soon as the evidence is known (the dict's context key, the config, or the
run's retrieved documents) a core ``SentenceStream`` is opened and fed the
answer's new text. Each release becomes an output chunk of the input's shape
(a string, an ``AIMessageChunk`` with the same id, or ``{answer_key: ...}``),
and a ``grounding.sentence`` custom event carries the verdicts of the claims
it released. The last chunk carries the rest of the text and the
``CaseResult`` (and trace), and the usual ``grounding.verification`` event and
sinks follow, exactly as in buffered mode.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from langchain_core.messages import AIMessageChunk, BaseMessage

from longtracer_core import GuardedResponse, SentenceStream
from longtracer_core.pipeline import StreamStep

from ._tracing import claim_verdict

if TYPE_CHECKING:
    from ._guard import GroundingGuard

__all__ = ["MISSING", "SENTENCE_EVENT", "SentenceRun", "merge"]

SENTENCE_EVENT = "grounding.sentence"
MISSING: Any = object()


def merge(acc: Any, chunk: Any) -> Any:
    """Combine streamed chunks the way LangChain does, merging plain dicts key by key."""
    if acc is MISSING:
        return chunk
    try:
        return acc + chunk
    except TypeError:
        if isinstance(acc, Mapping) and isinstance(chunk, Mapping):
            merged = dict(acc)
            for key, value in chunk.items():
                merged[key] = merge(merged[key], value) if key in merged else value
            return merged
        return chunk


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, BaseMessage):
        return value.text
    return ""


class SentenceRun:
    """The state of one sentence-mode stream: what arrived, what was released."""

    def __init__(self, guard: GroundingGuard, run_manager: Any, config: Any) -> None:
        self.guard = guard
        self.run_manager = run_manager
        self.config = config
        self.acc: Any = MISSING
        self.stream: SentenceStream | None = None
        self.policy = guard._policy(config)
        self.fed = 0
        self.sent_keys: set[str] = set()

    # ------------------------------------------------------------------ input
    def add(self, chunk: Any) -> None:
        self.acc = merge(self.acc, chunk)

    def answer_text(self) -> str:
        if isinstance(self.acc, Mapping):
            return _text(self.acc.get(self.guard.answer_key))
        return _text(self.acc)

    def open(self) -> bool:
        """Open the core stream once the evidence is known; False while it is not yet."""
        if self.stream is not None:
            return True
        if self.acc is MISSING:
            return False
        waiting = isinstance(self.acc, Mapping) and self.acc.get(self.guard.context_key) is None
        try:
            sources = self.guard._evidence(self.acc, self.config, self.run_manager)
        except Exception:
            if waiting:
                return False  # the context may still arrive in a later chunk
            raise
        self.stream = SentenceStream(
            self.guard._get_verifier(),
            sources,
            policy=self.policy,
            case_id=str(self.run_manager.run_id),
            timeout=self.guard.timeout,
        )
        return True

    def pending(self) -> str:
        """The answer text not fed to the stream yet (and mark it fed)."""
        text = self.answer_text()
        new, self.fed = text[self.fed :], len(text)
        return new

    # ------------------------------------------------------------------ output
    def chunk(self, text: str, *, final: GuardedResponse | None = None) -> Any:
        """An output chunk of the input's shape holding ``text`` (and the case when final)."""
        acc = self.acc
        if isinstance(acc, Mapping):
            out: dict[str, Any] = {}
            for key, value in acc.items():
                if key != self.guard.answer_key and key not in self.sent_keys:
                    out[key] = value
                    self.sent_keys.add(key)
            inner = acc.get(self.guard.answer_key)
            out[self.guard.answer_key] = self._inner_chunk(inner, text, final)
            if final is not None:
                out[self.guard.output_key] = final.case
                if self.guard._with_trace(final):
                    out[f"{self.guard.output_key}_trace"] = final.trace
            return out
        return self._inner_chunk(acc, text, final)

    def _inner_chunk(self, value: Any, text: str, final: GuardedResponse | None) -> Any:
        if isinstance(value, BaseMessage):
            metadata: dict[str, Any] = {}
            if final is not None:
                metadata[self.guard.output_key] = final.case
                if self.guard._with_trace(final):
                    metadata[f"{self.guard.output_key}_trace"] = final.trace
            return AIMessageChunk(content=text, id=value.id, response_metadata=metadata)
        return text

    def sentence_payload(self, step: StreamStep) -> dict[str, Any]:
        """The ``grounding.sentence`` event: released text and its claims' verdicts."""
        return {
            "policy": self.policy,
            "upto": step.upto,
            "text": step.text,
            "claims": [claim_verdict(c, with_text=False) for c in step.claims],
        }
