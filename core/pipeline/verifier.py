"""``CitationVerifier``: the engine users call.

One case, one call::

    response, sources ─► validate ─► decompose (+ coverage check) ─► spans
      ─► embed claims + uncached spans (one batch) ─► candidates ─► scores
      ─► bands ─► ClaimResults ─► CaseResult (+ gate) ─► policy ─► trace

``verify_case`` never raises for evaluation problems: they become a
``CaseResult`` with a reason. Only a non-positive ``timeout`` raises
(``InvalidInputError``); constructing the verifier with the default model raises
``ModelUnavailableError`` when the model's runtime is not installed.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import threading
import time
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
import regex

from ..config import VerifyConfig
from ..contracts import (
    AssessmentAvailability,
    CaseResult,
    ClaimAssessment,
    ClaimResult,
    ExecutionStatus,
    QualityGate,
    ReasonCode,
    build_case,
)
from ..decompose.coverage import enforce_coverage
from ..decompose.llm import locate_span
from ..decompose.rules import RuleBasedDecomposer, is_refusal, too_short
from ..decompose.types import Decomposer, Decomposition, DraftClaim
from ..errors import (
    DecompositionError,
    EmbeddingModelMismatchError,
    EvaluationFailedError,
    InvalidInputError,
)
from ..judge.cache import JudgeCache
from ..judge.types import Judge
from ..providers.embeddings import Embedder, EmbeddingCache, SentenceTransformerEmbedder
from ..scoring.matching import Plan, build_plan, match_claims, span_features
from ..scoring.spans import Span, split_source
from .assess import assess_claim, no_evidence_claim, refusal_claim
from .conflicts import conflict_state, detect_conflicts
from .judge import apply_judge
from .nli import NliScorer, apply_nli
from .outcomes import CANCELLATIONS, FAILURES, GuardedResponse, failure_reason
from .policy import apply_policy, unverified_text
from .sources import SourceDoc, normalize_sources
from .trace import (
    PLAN_MODEL,
    TraceRecord,
    bare_trace,
    build_trace,
    plan_hash,
)

__all__ = ["CitationVerifier", "GuardedResponse"]

Policy = Literal["flag", "redact"]
_NUMBERED_MARKER = regex.compile(r"[A-Za-z]{0,3}(\d+)")
_EMBED_CHUNK = 256


@dataclass
class _Prepared:
    case_id: str
    response: str
    started: float
    docs: list[SourceDoc]
    decomposition: Decomposition
    ordered: list[DraftClaim]
    spans: list[Span]
    plan: Plan | None
    cited: dict[int, list[int]] = field(default_factory=dict)
    detect_conflicts: bool = False
    # span vectors this case already has: caller-supplied ones and cache hits,
    # snapshotted so a concurrent eviction cannot take them away mid-case
    known: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class _Done:
    case: CaseResult
    trace: TraceRecord


class CitationVerifier:
    """Verify answers against their sources, claim by claim.

    ``embedder`` defaults to the local all-MiniLM-L6-v2 model (offline, float16
    weights bundled in the package), ``decomposer`` to the rule-based one.
    ``nli`` (optional) enables CONTRADICTED and ``detect_conflicts``. ``judge``
    (optional, an ``LLMJudge`` or ``NliJudge``) re-decides the claims the matcher
    is unsure of, as ``config.judge`` says (docs/judge.md). Span embeddings and
    judge verdicts are cached across calls.
    """

    def __init__(
        self,
        embedder: Embedder | None = None,
        decomposer: Decomposer | None = None,
        config: VerifyConfig | None = None,
        *,
        nli: NliScorer | None = None,
        judge: Judge | None = None,
        cache: EmbeddingCache | None = None,
        max_workers: int = 4,
        generation_model: str | None = None,
    ) -> None:
        self.config = config if config is not None else VerifyConfig()
        if not isinstance(self.config, VerifyConfig):
            raise InvalidInputError("config must be a VerifyConfig")
        self.embedder: Embedder = (
            embedder if embedder is not None else SentenceTransformerEmbedder()
        )
        if not callable(getattr(self.embedder, "embed", None)) or not isinstance(
            getattr(self.embedder, "model_id", None), str
        ):
            raise InvalidInputError("embedder needs a str model_id and an embed(texts) method")
        self.decomposer: Decomposer = (
            decomposer if decomposer is not None else (RuleBasedDecomposer())
        )
        if not callable(getattr(self.decomposer, "decompose", None)):
            raise InvalidInputError("decomposer needs a decompose(draft) method")
        self.nli = nli
        if judge is not None and not isinstance(judge, Judge):
            raise InvalidInputError(
                "judge needs model_id, prompt_hash, judge(requests) and ajudge(requests)"
            )
        self.judge = judge
        self.judge_cache = JudgeCache(self.config.judge.cache_size)
        self.cache = cache if cache is not None else EmbeddingCache()
        self.generation_model = generation_model
        if not isinstance(max_workers, int) or max_workers < 1:
            raise InvalidInputError(f"max_workers must be a positive int, got {max_workers!r}")
        self._max_workers = max_workers
        self._executor: concurrent.futures.ThreadPoolExecutor | None = None
        self._lock = threading.Lock()
        # per-text preprocessing is pure, so it is memoised like the span embeddings
        self._features = functools.lru_cache(maxsize=50_000)(
            functools.partial(span_features, model=self.config.score_model)
        )
        self._split = functools.lru_cache(maxsize=8_192)(self._split_source)

    # ------------------------------------------------------------------ public API
    def with_decomposer(self, decomposer: Decomposer) -> CitationVerifier:
        """A verifier that decomposes with ``decomposer`` and shares everything else.

        Embedder, configuration, NLI scorer and the span-embedding cache are
        shared, so span embeddings computed by either are reused by both.
        """
        return CitationVerifier(
            embedder=self.embedder,
            decomposer=decomposer,
            config=self.config,
            nli=self.nli,
            judge=self.judge,
            cache=self.cache,
            max_workers=self._max_workers,
            generation_model=self.generation_model,
        )

    def with_judge(self, judge: Judge | None) -> CitationVerifier:
        """A verifier that escalates to ``judge`` and shares everything else (caches included)."""
        return CitationVerifier(
            embedder=self.embedder,
            decomposer=self.decomposer,
            config=self.config,
            nli=self.nli,
            judge=judge,
            cache=self.cache,
            max_workers=self._max_workers,
            generation_model=self.generation_model,
        )

    def verify_case(
        self,
        response: Any,
        sources: Any,
        source_metadata: Any = None,
        case_id: str | None = None,
        timeout: float | None = None,
        detect_conflicts: bool = False,
    ) -> CaseResult:
        """Verify one response; evaluation problems come back as a ``CaseResult``."""
        return self._timed(
            response, sources, source_metadata, case_id, timeout, detect_conflicts
        ).case

    async def verify_case_async(
        self,
        response: Any,
        sources: Any,
        source_metadata: Any = None,
        case_id: str | None = None,
        timeout: float | None = None,
        detect_conflicts: bool = False,
    ) -> CaseResult:
        """``verify_case`` for asyncio: the work runs in the verifier's thread pool.

        Cancelling the awaiting task propagates ``CancelledError``; the evaluation
        future being cancelled (e.g. by ``close(cancel_pending=True)``) gives
        ``CANCELLED``; passing ``timeout`` gives ``TIMEOUT`` when it expires.
        """
        done = await self._atimed(
            response, sources, source_metadata, case_id, timeout, detect_conflicts
        )
        return done.case

    def guard(
        self,
        response: str,
        sources: Any,
        *,
        policy: Policy | None = None,
        source_metadata: Any = None,
        case_id: str | None = None,
        timeout: float | None = None,
        detect_conflicts: bool = False,
    ) -> GuardedResponse:
        """Verify and apply the policy; the entry point every integration uses.

        Raises ``InvalidInputError`` when ``response`` is not a string (the
        integrations convert first).
        """
        self._check_response_type(response)
        done = self._timed(response, sources, source_metadata, case_id, timeout, detect_conflicts)
        return self._apply(response, done, policy)

    async def aguard(
        self,
        response: str,
        sources: Any,
        *,
        policy: Policy | None = None,
        source_metadata: Any = None,
        case_id: str | None = None,
        timeout: float | None = None,
        detect_conflicts: bool = False,
    ) -> GuardedResponse:
        """``guard`` for asyncio."""
        self._check_response_type(response)
        done = await self._atimed(
            response, sources, source_metadata, case_id, timeout, detect_conflicts
        )
        return self._apply(response, done, policy)

    def verify_batch(
        self,
        items: Iterable[Mapping[str, Any] | Sequence[Any]],
        *,
        progress: Callable[[int, int], None] | None = None,
        with_traces: bool = False,
        policy: Policy | None = None,
    ) -> list[Any]:
        """Verify many cases with one embedding pass shared across them.

        ``items`` are mappings with ``response``, ``sources`` and optional
        ``source_metadata``, ``case_id``, ``detect_conflicts``, or
        ``(response, sources)`` pairs. Each result is what ``verify_case`` gives
        for that item. ``progress(done, total)`` is called after each case.
        Returns ``CaseResult``s, or ``GuardedResponse``s (``policy``, default the
        configured one, applied) with ``with_traces=True``.
        """
        args = [self._item_args(item, i) for i, item in enumerate(items)]
        total = len(args)
        results: list[_Done | None] = [None] * total
        prepared: list[tuple[int, _Prepared]] = []
        for i, a in enumerate(args):
            outcome = self._prepare_safely(**a)
            if isinstance(outcome, _Done):
                results[i] = outcome
            else:
                prepared.append((i, outcome))
        vectors: dict[str, Any] = {}
        failure: tuple[ExecutionStatus, ReasonCode, str] | None = None
        if prepared:
            try:
                vectors = self._embed_texts(self._needed([p for _, p in prepared]))
            except FAILURES as err:
                failure = failure_reason(err)
        done_count = sum(r is not None for r in results)
        if progress is not None and done_count:
            progress(done_count, total)
        for i, prep in prepared:
            if failure is not None:
                results[i] = self._error(prep.case_id, prep.response, prep.started, *failure)
            else:
                results[i] = self._finish_safely(prep, vectors)
            done_count += 1
            if progress is not None:
                progress(done_count, total)
        out: list[Any] = []
        for a, r in zip(args, results, strict=True):
            assert r is not None
            if with_traces:
                text = a["response"] if isinstance(a["response"], str) else ""
                out.append(self._apply(text, r, policy))
            else:
                out.append(r.case)
        return out

    def warm(self, sources: Any, source_metadata: Any = None) -> int:
        """Embed and cache the spans of ``sources`` now; returns how many were embedded.

        For callers that know the evidence before the answer (a stream): later
        checks against the same sources embed only their claims. Errors of the
        embedder propagate; a later check reports them as usual.
        """
        docs = normalize_sources(sources, source_metadata)
        spans = [s for s in self._spans(docs) if s.span_class == "truth"]
        if spans:
            build_plan(spans, self._features, self.config.score_model)  # memoises span features
        model_id = self.embedder.model_id
        todo = list(
            dict.fromkeys(s.text for s in spans if self.cache.get(model_id, s.text) is None)
        )
        for text, vector in self._embed_texts(todo).items():
            self.cache.put(model_id, text, vector)
        return len(todo)

    def close(self, cancel_pending: bool = False) -> None:
        """Shut the worker pool down; ``cancel_pending`` cancels queued evaluations."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=cancel_pending)

    def __enter__(self) -> CitationVerifier:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ timing
    @staticmethod
    def _check_timeout(timeout: Any) -> None:
        if timeout is None:
            return
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
            raise InvalidInputError(f"timeout must be a number of seconds, got {timeout!r}")
        if not timeout > 0:
            raise InvalidInputError(f"timeout must be positive, got {timeout!r}")

    @staticmethod
    def _check_response_type(response: Any) -> None:
        if not isinstance(response, str):
            raise InvalidInputError(f"response must be a string, got {type(response).__name__}")

    def _pool(self) -> concurrent.futures.ThreadPoolExecutor:
        with self._lock:
            if self._executor is None:
                self._executor = concurrent.futures.ThreadPoolExecutor(
                    max_workers=self._max_workers, thread_name_prefix="longtracer-verify"
                )
            return self._executor

    def _timed(
        self,
        response: Any,
        sources: Any,
        source_metadata: Any,
        case_id: Any,
        timeout: Any,
        detect_conflicts: Any,
    ) -> _Done:
        self._check_timeout(timeout)
        args = (response, sources, source_metadata, case_id, detect_conflicts)
        if timeout is None:
            return self._run(*args)
        cid, started = self._case_id(case_id), time.perf_counter()
        future = self._submit(args)
        if future is None:
            return self._cancelled(cid, response, started, "the verifier was closed")
        try:
            return future.result(timeout=timeout)
        except concurrent.futures.TimeoutError:
            future.cancel()  # drops it if it has not started; a running one is discarded
            return self._timed_out(cid, response, started, timeout)
        except concurrent.futures.CancelledError:
            return self._cancelled(cid, response, started, "the evaluation was cancelled")

    async def _atimed(
        self,
        response: Any,
        sources: Any,
        source_metadata: Any,
        case_id: Any,
        timeout: Any,
        detect_conflicts: Any,
    ) -> _Done:
        self._check_timeout(timeout)
        args = (response, sources, source_metadata, case_id, detect_conflicts)
        cid, started = self._case_id(case_id), time.perf_counter()
        cf_future = self._submit(args)
        if cf_future is None:
            return self._cancelled(cid, response, started, "the verifier was closed")
        future = asyncio.wrap_future(cf_future, loop=asyncio.get_running_loop())
        try:
            finished, _ = await asyncio.wait({future}, timeout=timeout)
        except asyncio.CancelledError:
            cf_future.cancel()  # frees the slot if it has not started; the task stays cancelled
            raise
        if not finished:
            cf_future.cancel()  # drops it if it has not started; a running one is discarded
            future.add_done_callback(_discard)
            return self._timed_out(cid, response, started, timeout)
        if future.cancelled():
            return self._cancelled(cid, response, started, "the evaluation was cancelled")
        return future.result()

    @staticmethod
    def _case_id(case_id: Any) -> str:
        return case_id if isinstance(case_id, str) and case_id else uuid.uuid4().hex[:16]

    def _submit(self, args: tuple[Any, ...]) -> concurrent.futures.Future[_Done] | None:
        """Run the evaluation in the pool; None when the pool was shut down."""
        try:
            return self._pool().submit(self._run, *args)
        except RuntimeError:
            return None

    def _cancelled(self, cid: str, response: Any, started: float, why: str) -> _Done:
        return self._error(
            cid, response, started, ExecutionStatus.CANCELLED, ReasonCode.EXECUTION_CANCELLED, why
        )

    def _timed_out(self, cid: str, response: Any, started: float, timeout: float) -> _Done:
        return self._error(
            cid,
            response,
            started,
            ExecutionStatus.TIMEOUT,
            ReasonCode.EVALUATION_TIMEOUT,
            f"no result within {timeout}s",
        )

    # ------------------------------------------------------------------ stages
    def _run(
        self,
        response: Any,
        sources: Any,
        source_metadata: Any,
        case_id: Any,
        detect_conflicts: Any,
    ) -> _Done:
        outcome = self._prepare_safely(
            response, sources, source_metadata, case_id, detect_conflicts
        )
        if isinstance(outcome, _Done):
            return outcome
        try:
            vectors = self._embed_texts(self._needed([outcome]))
        except FAILURES as err:
            return self._error(
                outcome.case_id, outcome.response, outcome.started, *failure_reason(err)
            )
        return self._finish_safely(outcome, vectors)

    def _prepare_safely(
        self,
        response: Any,
        sources: Any,
        source_metadata: Any = None,
        case_id: Any = None,
        detect_conflicts: Any = False,
    ) -> _Prepared | _Done:
        started = time.perf_counter()
        cid = self._case_id(case_id)
        text = response if isinstance(response, str) else ""
        try:
            return self._prepare(
                cid, response, sources, source_metadata, case_id, detect_conflicts, started
            )
        except FAILURES as err:  # never crash deep inside: every failure is a reason
            return self._error(cid, text, started, *failure_reason(err))

    def _prepare(
        self,
        cid: str,
        response: Any,
        sources: Any,
        source_metadata: Any,
        case_id: Any,
        detect_conflicts: Any,
        started: float,
    ) -> _Prepared | _Done:
        self._check_response_type(response)
        if case_id is not None and not isinstance(case_id, str):
            raise InvalidInputError(f"case_id must be a string, got {type(case_id).__name__}")
        if not isinstance(detect_conflicts, bool):
            raise InvalidInputError("detect_conflicts must be a bool")
        docs = normalize_sources(sources, source_metadata)
        limits = self.config.limits
        if len(response) > limits.max_response_chars:
            return self._skipped(
                cid,
                response,
                started,
                f"response has {len(response)} characters; the limit is "
                f"{limits.max_response_chars} (VerifyConfig.limits)",
            )
        if len(docs) > limits.max_sources:
            return self._skipped(
                cid, response, started, f"{len(docs)} sources; the limit is {limits.max_sources}"
            )
        total_chars = sum(len(d.text) for d in docs)
        if total_chars > limits.max_source_chars:
            return self._skipped(
                cid,
                response,
                started,
                f"sources hold {total_chars} characters; the limit is {limits.max_source_chars}",
            )
        for doc in docs:
            if doc.embedding_model is not None and doc.embedding_model != self.embedder.model_id:
                err = EmbeddingModelMismatchError(self.embedder.model_id, doc.embedding_model)
                return self._error(
                    cid,
                    response,
                    started,
                    ExecutionStatus.ERROR,
                    ReasonCode.EMBEDDING_MODEL_MISMATCH,
                    str(err),
                )
        if not response.strip():
            return self._no_claims(
                cid, response, started, ReasonCode.EMPTY_RESPONSE, None, [], detect_conflicts
            )
        if (
            isinstance(self.decomposer, RuleBasedDecomposer)
            and too_short(response)
            and not is_refusal(response)
        ):
            reason = ReasonCode.NO_EXTRACTABLE_CLAIMS
            return self._no_claims(cid, response, started, reason, None, [], detect_conflicts)
        decomposition = enforce_coverage(response, self._decompose(response))
        ordered = list(decomposition.claims)
        if len(ordered) > limits.max_claims:
            return self._skipped(
                cid, response, started, f"{len(ordered)} claims; the limit is {limits.max_claims}"
            )
        if not decomposition.factual:
            reason = (
                ReasonCode.HONEST_UNCERTAINTY_ONLY
                if decomposition.refusals
                else ReasonCode.NO_EXTRACTABLE_CLAIMS
            )
            return self._no_claims(
                cid, response, started, reason, decomposition, ordered, detect_conflicts
            )
        spans = self._spans(docs)
        prep = _Prepared(
            case_id=cid,
            response=response,
            started=started,
            docs=docs,
            decomposition=decomposition,
            ordered=ordered,
            spans=spans,
            plan=build_plan(spans, self._features, self.config.score_model)
            if any(s.span_class == "truth" for s in spans)
            else None,
            detect_conflicts=detect_conflicts,
        )
        prep.cited = {
            i: self._resolve_markers(c.cited_markers, docs, spans)
            for i, c in enumerate(ordered)
            if c.cited_markers
        }
        for doc in docs:  # caller-supplied vectors: this case only, never the shared cache
            if doc.embedding is not None and doc.embedding_model is not None:
                vec = np.asarray(doc.embedding, dtype=np.float32)
                norm = float(np.linalg.norm(vec))
                prep.known[doc.text.strip()] = vec / (norm or 1.0)
        return prep

    def _decompose(self, response: str) -> Decomposition:
        try:
            raw = self.decomposer.decompose(response)
        except (DecompositionError, *CANCELLATIONS):
            raise
        except Exception as err:
            raise DecompositionError(f"decomposer raised {type(err).__name__}: {err}") from err
        if isinstance(raw, Decomposition):
            return raw
        if isinstance(raw, (str, bytes)) or not isinstance(raw, Sequence):
            raise DecompositionError(
                f"decomposer returned {type(raw).__name__}; expected a Decomposition or a list"
            )
        claims: list[DraftClaim] = []
        for item in raw:
            if isinstance(item, DraftClaim):
                claims.append(item)
            elif isinstance(item, str) and item.strip():
                located = locate_span(response, item, None)
                start, end = located if located is not None else (None, None)
                claims.append(DraftClaim(item.strip(), start, end))
            else:
                raise DecompositionError(f"decomposer returned an item of type {type(item)}")
        return Decomposition(
            claims=tuple(claims),
            decomposer=type(self.decomposer).__name__,
            prompt_hash=getattr(self.decomposer, "prompt_hash", None),
        )

    def _spans(self, docs: Sequence[SourceDoc]) -> list[Span]:
        spans: list[Span] = []
        for doc in docs:
            spans.extend(self._split(doc.source_id, doc.text, doc.span_class, doc.index))
        return spans

    def _split_source(
        self, source_id: str, text: str, span_class: Any, index: int
    ) -> tuple[Span, ...]:
        return tuple(
            split_source(
                source_id,
                text,
                granularity=self.config.span_granularity,
                window=self.config.span_window,
                span_class=span_class,
                source_index=index,
            )
        )

    @staticmethod
    def _resolve_markers(
        markers: Sequence[str], docs: Sequence[SourceDoc], spans: Sequence[Span]
    ) -> list[int]:
        """Map markers ("S3", "1", "^2", a source id) to span indices; unknown ones are ignored."""
        wanted: set[int] = set()
        by_id = {d.source_id: d.index for d in docs}
        for marker in markers:
            key = marker.strip().lstrip("^")
            if key in by_id:
                wanted.add(by_id[key])
                continue
            m = _NUMBERED_MARKER.fullmatch(key)
            if m is not None:
                n = int(m.group(1))
                if 1 <= n <= len(docs):
                    wanted.add(n - 1)
        return [i for i, s in enumerate(spans) if s.source_index in wanted]

    def _needed(self, preps: Sequence[_Prepared]) -> list[str]:
        model_id = self.embedder.model_id
        needed: dict[str, None] = {}
        for prep in preps:
            if prep.plan is None:
                continue
            for claim in prep.ordered:
                if claim.kind == "claim":
                    needed[claim.claim_text] = None
            for span in prep.spans:
                if span.span_class != "truth" or span.text in prep.known:
                    continue
                hit = self.cache.get(model_id, span.text)
                if hit is None:
                    needed[span.text] = None
                else:
                    prep.known[span.text] = hit
        return list(needed)

    def _embed_texts(self, texts: Sequence[str]) -> dict[str, Any]:
        if not texts:
            return {}
        chunks = []
        for i in range(0, len(texts), _EMBED_CHUNK):
            batch = list(texts[i : i + _EMBED_CHUNK])
            vecs = np.asarray(self.embedder.embed(batch), dtype=np.float32)
            if vecs.ndim != 2 or vecs.shape[0] != len(batch):
                raise EvaluationFailedError(
                    f"embedder returned shape {vecs.shape} for {len(batch)} texts"
                )
            chunks.append(vecs)
        matrix = np.concatenate(chunks)
        return {t: matrix[i] for i, t in enumerate(texts)}

    def _finish_safely(self, prep: _Prepared, vectors: Mapping[str, Any]) -> _Done:
        try:
            return self._finish(prep, vectors)
        except FAILURES as err:
            return self._error(prep.case_id, prep.response, prep.started, *failure_reason(err))

    def _finish(self, prep: _Prepared, vectors: Mapping[str, Any]) -> _Done:
        config = self.config
        model_id = self.embedder.model_id
        factual = [(i, c) for i, c in enumerate(prep.ordered) if c.kind == "claim"]
        ids = {i: f"c{i + 1}" for i in range(len(prep.ordered))}
        results: dict[int, ClaimResult] = {
            i: refusal_claim(ids[i], c) for i, c in enumerate(prep.ordered) if c.kind == "refusal"
        }
        matches: dict[int, Any] = {}
        cos = np.zeros((0, 0))
        meta: dict[str, Any] = {}
        if not prep.docs or prep.plan is None:
            reason = ReasonCode.NO_SOURCES_SUPPLIED if not prep.docs else ReasonCode.NO_SOURCE_TEXT
            for i, c in factual:
                results[i] = no_evidence_claim(ids[i], c, reason)
        else:
            for span in prep.spans:
                if span.span_class == "truth" and span.text in vectors:
                    self.cache.put(model_id, span.text, vectors[span.text])
            claim_m = np.stack([vectors[c.claim_text] for _, c in factual])
            dim = claim_m.shape[1]
            for vec in prep.known.values():
                if vec.shape != (dim,):
                    raise EmbeddingModelMismatchError(
                        model_id, f"vectors of dimension {vec.shape[0]}, not {dim}"
                    )
            span_rows = []
            for span in prep.spans:
                if span.span_class != "truth":
                    span_rows.append(np.zeros(dim, dtype=np.float32))
                    continue
                vec = vectors.get(span.text)
                if vec is None:
                    vec = prep.known.get(span.text)
                if vec is None:
                    raise EvaluationFailedError(f"no embedding for span {span.span_id}")
                if vec.shape != (dim,):
                    raise EmbeddingModelMismatchError(
                        model_id, f"vectors of dimension {vec.shape[0]}, not {dim}"
                    )
                span_rows.append(vec)
            span_m = np.stack(span_rows)
            cos = claim_m @ span_m.T
            truth = prep.plan.truth
            cos = np.where(truth[None, :], cos, -1.0)
            texts = [c.claim_text for _, c in factual]
            cited = [prep.cited.get(i, []) for i, _ in factual]
            found = match_claims(
                texts,
                cos,
                prep.plan,
                cited,
                config,
                candidates_m=config.candidates_m,
                model=config.score_model,
                contexts=[c.context for _, c in factual],
            )
            for (i, c), match, cited_spans in zip(factual, found, cited, strict=True):
                matches[i] = match
                results[i] = assess_claim(ids[i], c, match, prep.spans, config, cited_spans)
        claims = [results[i] for i in range(len(prep.ordered))]
        checks: dict[str, Any] = {}
        if prep.detect_conflicts and prep.plan is not None:
            claims, checks["gates"] = detect_conflicts(
                claims,
                {ids[i]: m for i, m in matches.items()},
                {ids[i]: c.context for i, c in factual},
                prep.spans,
                config,
            )
        if self.nli is not None and prep.plan is not None:
            row_of = {ids[i]: r for r, (i, _) in enumerate(factual)}
            claims, conflict_meta = apply_nli(
                claims,
                prep.spans,
                cos,
                row_of,
                self.nli,
                config,
                detect_conflicts=prep.detect_conflicts,
            )
            if prep.detect_conflicts:
                checks["nli"] = conflict_meta
        if self.judge is not None and prep.plan is not None:
            claims, meta["judge"] = apply_judge(
                claims, prep.spans, self.judge, config.judge, cache=self.judge_cache
            )
        conflicting = sum(c.assessment is ClaimAssessment.CONFLICTING_SOURCES for c in claims)
        meta["conflict_detection"] = conflict_state(prep.detect_conflicts, conflicting)
        if prep.detect_conflicts:
            meta["conflict_checks"] = checks
        assessed = [c for c in claims if c.availability is AssessmentAvailability.ASSESSED]
        if not prep.docs or prep.plan is None:
            trust = 0.0
        else:
            trust = float(np.mean([c.details.get("cos", 0.0) for c in assessed]))
        case = build_case(
            case_id=prep.case_id,
            execution=ExecutionStatus.SUCCESS,
            availability=AssessmentAvailability.ASSESSED,
            reason=ReasonCode.NO_SOURCES_SUPPLIED if not prep.docs else None,
            claims=claims,
            trust_score=trust,
            latency_ms=(time.perf_counter() - prep.started) * 1e3,
            metadata={**self._case_meta(prep), **meta},
        )
        return _Done(case, self._trace(prep, case, prep.decomposition))

    # ------------------------------------------------------------------ outcomes
    def _case_meta(self, prep: _Prepared | None) -> dict[str, Any]:
        meta: dict[str, Any] = {
            "score_model": self.config.score_model,
            "embed_model": self.embedder.model_id,
            "span_granularity": self.config.span_granularity,
        }
        if prep is not None:
            meta["decomposer"] = prep.decomposition.decomposer
            meta["coverage_repairs"] = len(prep.decomposition.coverage_repairs)
            meta["plan_hash"] = plan_hash(prep.spans, self.config.span_granularity)
        return meta

    def _error(
        self,
        cid: str,
        response: Any,
        started: float,
        execution: ExecutionStatus,
        reason: ReasonCode,
        message: str,
    ) -> _Done:
        case = build_case(
            case_id=cid,
            execution=execution,
            availability=AssessmentAvailability.NOT_EVALUATED,
            reason=reason,
            error_message=message,
            latency_ms=(time.perf_counter() - started) * 1e3,
            metadata=self._case_meta(None),
        )
        text = response if isinstance(response, str) else ""
        return _Done(case, self._bare_trace(cid, text, case))

    def _skipped(self, cid: str, response: str, started: float, message: str) -> _Done:
        return self._error(
            cid, response, started, ExecutionStatus.SKIPPED, ReasonCode.INPUT_TOO_LARGE, message
        )

    def _no_claims(
        self,
        cid: str,
        response: str,
        started: float,
        reason: ReasonCode,
        decomposition: Decomposition | None,
        ordered: Sequence[DraftClaim],
        conflicts: bool = False,
    ) -> _Done:
        claims = [
            refusal_claim(f"c{i + 1}", c) for i, c in enumerate(ordered) if c.kind == "refusal"
        ]
        case = build_case(
            case_id=cid,
            execution=ExecutionStatus.SUCCESS,
            availability=AssessmentAvailability.NO_ASSESSABLE_CLAIMS,
            reason=reason,
            claims=claims,
            trust_score=1.0,
            latency_ms=(time.perf_counter() - started) * 1e3,
            metadata={
                **self._case_meta(None),
                "conflict_detection": conflict_state(conflicts, 0),
            },
        )
        trace = (
            self._bare_trace(cid, response, case)
            if decomposition is None
            else self._trace(None, case, decomposition, cid=cid, response=response)
        )
        return _Done(case, trace)

    # ------------------------------------------------------------------ trace
    def _models(self, decomposition: Decomposition | None) -> dict[str, str | None]:
        return {
            "gen": self.generation_model,
            "embed": self.embedder.model_id,
            "score_model": self.config.score_model,
            "plan_model": PLAN_MODEL,
            "decompose_model": decomposition.model if decomposition is not None else None,
            "judge_model": self.judge.model_id if self.judge is not None else None,
        }

    def _bare_trace(self, cid: str, response: str, case: CaseResult) -> TraceRecord:
        return bare_trace(cid, response, case, self._models(None))

    def _trace(
        self,
        prep: _Prepared | None,
        case: CaseResult,
        decomposition: Decomposition,
        *,
        cid: str | None = None,
        response: str | None = None,
    ) -> TraceRecord:
        return build_trace(
            query_id=prep.case_id if prep is not None else (cid or case.case_id or ""),
            draft=prep.response if prep is not None else (response or ""),
            case=case,
            decomposition=decomposition,
            ordered=prep.ordered if prep is not None else list(decomposition.claims),
            spans=prep.spans if prep is not None else [],
            docs=prep.docs if prep is not None else [],
            config=self.config,
            models=self._models(decomposition),
            with_plan=prep is not None,
        )

    # ------------------------------------------------------------------ policy
    def _apply(self, response: str, done: _Done, policy: Policy | None) -> GuardedResponse:
        chosen: Policy = policy if policy is not None else self.config.policy
        if chosen not in ("flag", "redact"):
            raise InvalidInputError(f"policy must be 'flag' or 'redact', got {chosen!r}")
        case = done.case
        nothing_checked = case.availability is AssessmentAvailability.NOT_EVALUATED or (
            case.availability is AssessmentAvailability.NO_ASSESSABLE_CLAIMS
            and case.quality_gate is QualityGate.FAIL
            and bool(response.strip())
        )
        if nothing_checked:
            text, mode = unverified_text(response, policy=chosen, config=self.config)
            policy_record: dict[str, Any] = {"policy": chosen, "unverified": mode, "actions": []}
        else:
            text, actions = apply_policy(response, case.claims, policy=chosen, config=self.config)
            policy_record = {
                "policy": chosen,
                "actions": [
                    {
                        "action": a.action,
                        "draft_span": [a.start, a.end],
                        "claim_ids": list(a.claim_ids),
                    }
                    for a in actions
                ],
            }
        trace = done.trace.model_copy(update={"policy": policy_record})
        return GuardedResponse(text=text, original_text=response, case=case, trace=trace)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _item_args(item: Any, index: int) -> dict[str, Any]:
        if isinstance(item, Mapping):
            unknown = set(item) - {
                "response",
                "sources",
                "source_metadata",
                "case_id",
                "detect_conflicts",
            }
            if unknown or "response" not in item:
                # malformed items still get a case (INVALID_INPUT), never an exception
                return {
                    "response": item.get("response", object()),
                    "sources": item.get("sources", object()),
                    "source_metadata": None,
                    "case_id": item.get("case_id"),
                    "detect_conflicts": False,
                }
            return {
                "response": item["response"],
                "sources": item.get("sources", []),
                "source_metadata": item.get("source_metadata"),
                "case_id": item.get("case_id"),
                "detect_conflicts": item.get("detect_conflicts", False),
            }
        if isinstance(item, Sequence) and not isinstance(item, (str, bytes)) and len(item) == 2:
            return {
                "response": item[0],
                "sources": item[1],
                "source_metadata": None,
                "case_id": None,
                "detect_conflicts": False,
            }
        return {
            "response": object(),
            "sources": object(),
            "source_metadata": None,
            "case_id": f"item_{index}",
            "detect_conflicts": False,
        }


def _discard(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()
