"""Sentence mode for ``GroundingGuard`` streams: a state machine fed explicitly.

``SentenceRun`` knows nothing of the guard: it is given the keys, the policy, the
verifier, how to find the evidence, the case id and the deadline. Chunks go in (``add``),
merged as LangChain merges them; as soon as the evidence is known a core
``SentenceStream`` is opened, and ``add`` returns the answer's new text for the driver to
verify (``stream.feed`` or ``afeed``: the only step that differs between the sync and
async drivers). Each release becomes an output chunk of the input's shape (a string, an
``AIMessageChunk`` with the same id, or ``{answer_key: ...}``) and a ``grounding.sentence``
event carrying the verdicts of the claims it released. The last chunk carries the rest
of the text and the ``CaseResult`` (and trace).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from langchain_core.messages import AIMessageChunk, BaseMessage

from longtracer_core import CitationVerifier, GuardedResponse, Policy, SentenceStream
from longtracer_core.pipeline import StreamStep

from ._shapes import Keys
from ._tracing import claim_verdict

__all__ = ["MISSING", "SENTENCE_EVENT", "Release", "SentenceRun", "merge"]

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


@dataclass(frozen=True)
class Release:
    """What one verified step gives out: an output chunk, a sentence event (either may be
    absent)."""

    chunk: Any = MISSING
    event: dict[str, Any] | None = None


@dataclass
class SentenceRun:
    """The state of one sentence-mode stream: what arrived, what was fed and released."""

    keys: Keys
    policy: Policy
    verifier: Callable[[], CitationVerifier]
    evidence: Callable[[Any], list[Any]]
    case_id: str
    timeout: float | None = None
    acc: Any = MISSING
    stream: SentenceStream | None = None
    _fed: int = 0
    _sent_keys: set[str] = field(default_factory=set)

    # ------------------------------------------------------------------ input
    def add(self, chunk: Any) -> str | None:
        """Take ``chunk``; the answer's new text to verify, or None while the stream waits
        for its evidence."""
        self.acc = merge(self.acc, chunk)
        if self.stream is None and not self._open():
            return None
        return self.pending()

    def _open(self) -> bool:
        """Open the core stream once the evidence is known; False while it is not yet."""
        waiting = isinstance(self.acc, Mapping) and self.acc.get(self.keys.context) is None
        try:
            sources = self.evidence(self.acc)
        except Exception:
            if waiting:
                return False  # the context may still arrive in a later chunk
            raise
        self.stream = SentenceStream(
            self.verifier(), sources, policy=self.policy, case_id=self.case_id, timeout=self.timeout
        )
        return True

    def pending(self) -> str:
        """The answer text not fed to the stream yet (and mark it fed)."""
        acc = self.acc.get(self.keys.answer) if isinstance(self.acc, Mapping) else self.acc
        text = _text(acc)
        new, self._fed = text[self._fed :], len(text)
        return new

    # ------------------------------------------------------------------ output
    def released(self, step: StreamStep) -> Release:
        """The output chunk and sentence event of one verified step."""
        return Release(
            chunk=self.chunk(step.text) if step.text else MISSING,
            event=self.sentence_event(step),
        )

    def chunk(self, text: str, *, final: GuardedResponse | None = None) -> Any:
        """An output chunk of the input's shape holding ``text`` (and the case when final)."""
        acc = self.acc
        if not isinstance(acc, Mapping):
            return self._inner_chunk(acc, text, final)
        out: dict[str, Any] = {}
        for key, value in acc.items():
            if key != self.keys.answer and key not in self._sent_keys:
                out[key] = value
                self._sent_keys.add(key)
        out[self.keys.answer] = self._inner_chunk(acc.get(self.keys.answer), text, final)
        if final is not None:
            out.update(self.keys.verdict(final))
        return out

    def _inner_chunk(self, value: Any, text: str, final: GuardedResponse | None) -> Any:
        if isinstance(value, BaseMessage):
            metadata = self.keys.verdict(final) if final is not None else {}
            return AIMessageChunk(content=text, id=value.id, response_metadata=metadata)
        return text

    def sentence_event(self, step: StreamStep) -> dict[str, Any] | None:
        """The ``grounding.sentence`` event (released text and its claims' verdicts); None
        when the step released no claim."""
        if not step.claims:
            return None
        return {
            "policy": self.policy,
            "upto": step.upto,
            "text": step.text,
            "claims": [claim_verdict(c, with_text=False) for c in step.claims],
        }
