"""``SentenceStream``: verify an answer while it is being written, and release settled sentences.

The evidence is fixed for the whole stream. Each time the text so far gains a
settled sentence (``text.settled.settled_end``), the settled prefix is verified
with the verifier's own batch path and the part of its policy-applied text not
released yet is handed out. This is sound because nothing about a sentence
depends on the text after it: claims are decontextualised from earlier
sentences only, each claim is scored against the same evidence plan, and the
policy's output for a prefix is a prefix of its output for the whole (adjacent
redactions merge into one notice, which a later prefix simply extends). The
final ``CaseResult`` is the batch path's on the whole text, so it equals what
``guard`` gives.

Work per stream: sources are split, their features, IDF table and span
embeddings computed once, in a background thread as soon as the stream opens
(``CitationVerifier.warm``), so the evidence is ready while the first sentence
is still being written; span vectors go to the verifier's shared
``EmbeddingCache``. Each claim is embedded once, in one batch per released
sentence (a per-stream memo in front of the embedder). Each release re-runs
the cheap parts (rule-based decomposition, matching) over the prefix.

Sentence mode needs the rule-based decomposer: an LLM decomposer may split a
prefix differently from the whole. A judge works: each release asks it about
the new sentences' escalated claims only (one request for them by default),
and every verdict it gave — a failure too — is kept for the rest of the stream,
so the final check asks nothing again and a released sentence is never judged
differently at the end. (Claims left over the per-case budget when their
sentence was released are asked at the end; keep ``max_calls`` above the
claims one sentence escalates.)
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..config import Policy, resolve_policy
from ..contracts import ClaimResult, ExecutionStatus
from ..decompose.rules import RuleBasedDecomposer
from ..errors import InvalidInputError
from ..judge.types import Judge, JudgeRequest, JudgeVerdict
from ..providers.embeddings import Embedder
from ..text.settled import settled_end
from .guarded import GuardedResponse
from .sources import as_source_list
from .verifier import CitationVerifier

__all__ = ["SentenceStream", "StreamStep"]

_log = logging.getLogger("longtracer_core.stream")


@dataclass(frozen=True)
class StreamStep:
    """What one call released: ``text`` to hand out, and the claims verified in it."""

    text: str
    claims: tuple[ClaimResult, ...] = ()
    upto: int = 0  # draft characters verified and released so far


class _MemoEmbedder:
    """The verifier's embedder with a per-stream memo: each text is embedded once."""

    def __init__(self, inner: Embedder) -> None:
        self._inner = inner
        self._rows: dict[str, NDArray[np.float32]] = {}
        self._lock = threading.Lock()

    @property
    def model_id(self) -> str:
        return self._inner.model_id

    def embed(self, texts: Sequence[str]) -> NDArray[np.float32]:
        with self._lock:
            missing = [t for t in dict.fromkeys(texts) if t not in self._rows]
        if missing:
            vecs = np.asarray(self._inner.embed(missing), dtype=np.float32)
            with self._lock:
                self._rows.update(zip(missing, vecs, strict=True))
        with self._lock:
            return np.stack([self._rows[t] for t in texts])

    async def aembed(self, texts: Sequence[str]) -> NDArray[np.float32]:
        return self.embed(texts)


class _StreamJudge:
    """The verifier's judge with a memo for one stream: each request is asked once.

    Failed verdicts are kept too (the verifier's cache drops them), so a claim
    is never asked again at the end and judged differently from what was released.
    """

    def __init__(self, inner: Judge) -> None:
        self._inner = inner
        self._seen: dict[tuple[str, tuple[str, ...]], JudgeVerdict] = {}
        self._lock = threading.Lock()

    @property
    def model_id(self) -> str:
        return self._inner.model_id

    @property
    def prompt_hash(self) -> str | None:
        return self._inner.prompt_hash

    @staticmethod
    def _key(request: JudgeRequest) -> tuple[str, tuple[str, ...]]:
        return request.claim, tuple(s.span_id for s in request.spans)

    def judge(self, requests: Sequence[JudgeRequest]) -> list[JudgeVerdict]:
        with self._lock:
            new = [r for r in requests if self._key(r) not in self._seen]
        if new:
            answers = self._inner.judge(new)
            with self._lock:
                for request, verdict in zip(new, answers, strict=True):
                    self._seen[self._key(request)] = verdict
        with self._lock:
            return [
                dataclasses.replace(self._seen[self._key(r)], claim_id=r.claim_id) for r in requests
            ]

    async def ajudge(self, requests: Sequence[JudgeRequest]) -> list[JudgeVerdict]:
        return await asyncio.to_thread(self.judge, requests)


def _streamable(verifier: CitationVerifier) -> bool:
    return isinstance(verifier.decomposer, RuleBasedDecomposer)


def _check_streamable(verifier: CitationVerifier) -> None:
    if not isinstance(verifier.decomposer, RuleBasedDecomposer):
        raise InvalidInputError(
            "sentence streaming needs the rule-based decomposer: an LLM decomposer may split a "
            "prefix differently from the whole answer (use the buffered stream mode)"
        )


class SentenceStream:
    """Feed an answer chunk by chunk; get back the policy-applied text as sentences settle.

    ``feed(chunk)`` returns a ``StreamStep`` whose ``text`` may be handed out
    at once; ``finish()`` returns the rest and the ``GuardedResponse`` of the
    whole answer (the batch path's result on the same text). The text handed
    out over the whole stream equals ``guard(answer).text`` whenever the answer
    could be verified. When a prefix cannot be verified (a model failure, a
    limit), nothing more is released; ``finish`` then delivers the rest as
    the verifier's ``on_unverified`` rule says (withheld under redact,
    annotated under flag), and sentences released before stay released.
    ``afeed``/``afinish`` verify in the verifier's worker pool.
    """

    def __init__(
        self,
        verifier: CitationVerifier,
        sources: Any,
        *,
        policy: Policy | None = None,
        case_id: str | None = None,
        timeout: float | None = None,
    ) -> None:
        _check_streamable(verifier)
        self.policy: Policy = resolve_policy(policy, verifier.config.policy)
        self.verifier = CitationVerifier(
            embedder=_MemoEmbedder(verifier.embedder),
            decomposer=verifier.decomposer,
            config=verifier.config,
            nli=verifier.nli,
            judge=_StreamJudge(verifier.judge) if verifier.judge is not None else None,
            cache=verifier.cache,
            generation_model=verifier.generation_model,
        )
        # one warning per verifier, not per stream, when its judge cannot be used
        self.verifier._engine = dataclasses.replace(
            self.verifier._engine, judge_health=verifier._engine.judge_health
        )
        self.sources = as_source_list(sources) if sources is not None else []
        self.case_id = case_id
        self.timeout = timeout
        self._buffer = ""
        self._released = ""
        self._upto = 0
        self._halted = False
        self._finished = False
        self._warmed = threading.Event()
        threading.Thread(target=self._warm, name="longtracer-stream-warm", daemon=True).start()

    def _warm(self) -> None:
        try:
            self.verifier.warm(self.sources)
        except Exception:  # the first check embeds (and reports) whatever failed here
            _log.debug("warming the stream's evidence failed", exc_info=True)
        finally:
            self._warmed.set()

    @property
    def text(self) -> str:
        """The draft received so far."""
        return self._buffer

    @property
    def released(self) -> str:
        """Everything handed out so far."""
        return self._released

    @staticmethod
    def supports(verifier: CitationVerifier) -> bool:
        """Whether ``verifier`` can stream by sentence (the rule-based decomposer)."""
        return _streamable(verifier)

    # ------------------------------------------------------------------ sync
    def feed(self, chunk: str) -> StreamStep:
        """Add ``chunk``; verify and release the sentences that settled with it."""
        end = self._take(chunk)
        if end is None:
            return StreamStep("", upto=self._upto)
        self._warmed.wait()  # never embed the same spans twice
        guarded = self.verifier.guard(
            self._buffer[:end], self.sources, policy=self.policy, timeout=self.timeout
        )
        return self._release(guarded, end)

    def finish(self) -> tuple[StreamStep, GuardedResponse]:
        """Verify the whole answer; return the rest to hand out and the final result."""
        self._close()
        self._warmed.wait()
        guarded = self.verifier.guard(
            self._buffer,
            self.sources,
            policy=self.policy,
            timeout=self.timeout,
            case_id=self.case_id,
        )
        return self._tail(guarded), guarded

    # ------------------------------------------------------------------ async
    async def afeed(self, chunk: str) -> StreamStep:
        """``feed`` for asyncio."""
        end = self._take(chunk)
        if end is None:
            return StreamStep("", upto=self._upto)
        if not self._warmed.is_set():
            await asyncio.to_thread(self._warmed.wait)
        guarded = await self.verifier.aguard(
            self._buffer[:end], self.sources, policy=self.policy, timeout=self.timeout
        )
        return self._release(guarded, end)

    async def afinish(self) -> tuple[StreamStep, GuardedResponse]:
        """``finish`` for asyncio."""
        self._close()
        if not self._warmed.is_set():
            await asyncio.to_thread(self._warmed.wait)
        guarded = await self.verifier.aguard(
            self._buffer,
            self.sources,
            policy=self.policy,
            timeout=self.timeout,
            case_id=self.case_id,
        )
        return self._tail(guarded), guarded

    # ------------------------------------------------------------------ steps
    def _take(self, chunk: str) -> int | None:
        """Append ``chunk``; the settled end to verify now, or None if nothing new settled."""
        if self._finished:
            raise InvalidInputError("the stream is finished")
        if not isinstance(chunk, str):
            raise InvalidInputError(f"chunks must be strings, got {type(chunk).__name__}")
        self._buffer += chunk
        if self._halted or not chunk:
            return None
        end = settled_end(self._buffer)
        return end if end > self._upto else None

    def _close(self) -> None:
        if self._finished:
            raise InvalidInputError("the stream is finished")
        self._finished = True

    def _release(self, guarded: GuardedResponse, end: int) -> StreamStep:
        if guarded.case.execution is not ExecutionStatus.SUCCESS:
            self._halted = True  # a failure: the final check decides the rest
            return StreamStep("", upto=self._upto)
        if guarded.trace.policy.get("unverified"):
            return StreamStep("", upto=self._upto)  # nothing checkable yet (e.g. a greeting)
        if not guarded.text.startswith(self._released):
            _log.error("sentence stream: a prefix's text does not extend what was released")
            self._halted = True
            return StreamStep("", upto=self._upto)
        # trailing whitespace waits: a redaction of the next sentence may merge across it
        text = guarded.text.rstrip()
        delta = text[len(self._released) :]
        start = self._upto
        claims = tuple(
            c
            for c in guarded.case.claims
            if c.char_end is not None and c.char_start is not None and c.char_start >= start
        )
        self._released, self._upto = text, end
        return StreamStep(delta, claims, end)

    def _tail(self, guarded: GuardedResponse) -> StreamStep:
        final = guarded.text
        start = self._upto
        claims = tuple(
            c for c in guarded.case.claims if c.char_start is None or c.char_start >= start
        )
        if final.startswith(self._released):
            rest = final[len(self._released) :]
        else:  # the whole answer came out unverified after some sentences were released
            rest = self._unverified_rest()
        self._released += rest
        self._upto = len(self._buffer)
        return StreamStep(rest, claims, self._upto)

    def _unverified_rest(self) -> str:
        config = self.verifier.config
        mode = config.on_unverified or ("withhold" if self.policy == "redact" else "annotate")
        if mode == "withhold":
            return ("\n\n" if self._released else "") + config.unverified_notice
        return f"{self._buffer[self._upto :]} {config.unverified_marker}"
