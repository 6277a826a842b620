"""``CitationVerifier``: the engine users call.

One case, one call::

    response, sources ─► validate ─► decompose (+ coverage check) ─► spans
      ─► embed claims + uncached spans (one batch) ─► candidates ─► scores
      ─► bands ─► ClaimResults ─► CaseResult (+ gate) ─► policy ─► trace

The stages live in their own modules: ``request`` (the arguments of a case,
batch items), ``prepare`` (validation, limits, decomposition, source spans),
``embedding``, ``finish`` (scoring, assessment, the case and its trace) and
``executor`` (the worker pool, timeouts that stop the work). This class wires
them together and applies the policy.

``verify_case`` never raises for evaluation problems: they become a
``CaseResult`` with a reason. Only an invalid ``timeout`` raises
(``InvalidInputError``); constructing the verifier with the default model raises
``ModelUnavailableError`` when the model's runtime is not installed.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ..config import Policy, VerifyConfig, resolve_policy
from ..contracts import AssessmentAvailability, CaseResult, ExecutionStatus, QualityGate, ReasonCode
from ..deadline import checkpoint
from ..decompose.rules import RuleBasedDecomposer
from ..decompose.types import Decomposer
from ..errors import InvalidInputError
from ..judge.cache import JudgeCache
from ..judge.types import Judge
from ..providers.embeddings import Embedder, EmbeddingCache, SentenceTransformerEmbedder
from ..scoring.evidence import SourceEvidence
from ..scoring.matching import build_plan, span_features
from ..scoring.spans import Span
from .contradiction import NliScorer
from .embedding import embed_batch, embed_texts, needed_texts
from .engine import Done, Engine, Prepared
from .escalation import JudgeHealth
from .executor import CaseExecutor, Stopped, check_timeout
from .finish import finish
from .guarded import FAILURES, GuardedResponse, failure_reason
from .memo import CharBoundedCache, spans_chars
from .policy import apply_policy, unverified_text
from .prepare import prepare, spans_of
from .request import VerifyRequest, batch_request, check_response
from .sources import normalize_sources

__all__ = ["CitationVerifier", "GuardedResponse"]

_SPLIT_CACHE_CHARS = 20_000_000


def _evidence_chars(read: SourceEvidence) -> int:
    return sum(len(s.text) for s in read.sentences)


class CitationVerifier:
    """Verify answers against their sources, claim by claim.

    ``embedder`` defaults to the local all-MiniLM-L6-v2 model (offline, float16
    weights bundled in the package), ``decomposer`` to the rule-based one.
    ``nli`` (optional) enables CONTRADICTED and ``detect_conflicts``. ``judge``
    (optional, an ``LLMJudge`` or ``NliJudge``) re-decides the claims the matcher
    is unsure of, as ``config.judge`` says (docs/guides/judge.md). Span embeddings and
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
        self._executor = CaseExecutor(max_workers)
        self._max_workers = max_workers
        # split sources, bounded by the characters they hold (a source may be 2 MB)
        self._splits: CharBoundedCache[tuple[Span, ...]] = CharBoundedCache(
            _SPLIT_CACHE_CHARS, spans_chars
        )
        self._engine = Engine(
            config=self.config,
            embedder=self.embedder,
            decomposer=self.decomposer,
            nli=self.nli,
            judge=self.judge,
            judge_cache=self.judge_cache,
            judge_health=JudgeHealth(),
            cache=self.cache,
            generation_model=self.generation_model,
            # per-text preprocessing is pure, so it is memoised like the span embeddings
            features=functools.lru_cache(maxsize=50_000)(
                functools.partial(span_features, model=self.config.score_model)
            ),
            splits=self._splits,
            sources_read=CharBoundedCache(_SPLIT_CACHE_CHARS, _evidence_chars),
        )

    # ------------------------------------------------------------------ public API
    def with_decomposer(self, decomposer: Decomposer) -> CitationVerifier:
        """A verifier that decomposes with ``decomposer`` and shares everything else.

        Embedder, configuration, NLI scorer and the span-embedding cache are
        shared, so span embeddings computed by either are reused by both.
        """
        return self._sibling(decomposer=decomposer, judge=self.judge)

    def with_judge(self, judge: Judge | None) -> CitationVerifier:
        """A verifier that escalates to ``judge`` and shares everything else (caches included)."""
        return self._sibling(decomposer=self.decomposer, judge=judge)

    def verify_case(
        self,
        response: Any,
        sources: Any,
        source_metadata: Any = None,
        case_id: str | None = None,
        timeout: float | None = None,
        detect_conflicts: bool = False,
        *,
        question: str | None = None,
    ) -> CaseResult:
        """Verify one response; evaluation problems come back as a ``CaseResult``.

        ``timeout`` (seconds, from the start of the work; ``float("inf")``: no
        limit) stops the work when it passes; a case waiting longer than that for
        a free worker is a TIMEOUT too. ``question`` (optional) is the user's
        question: the names it uses are the user's words, never held against the
        answer by the name check.
        """
        request = VerifyRequest(
            response, sources, source_metadata, case_id, detect_conflicts, question
        )
        return self._timed(request, timeout).case

    async def verify_case_async(
        self,
        response: Any,
        sources: Any,
        source_metadata: Any = None,
        case_id: str | None = None,
        timeout: float | None = None,
        detect_conflicts: bool = False,
        *,
        question: str | None = None,
    ) -> CaseResult:
        """``verify_case`` for asyncio: the work runs in the verifier's thread pool.

        Cancelling the awaiting task propagates ``CancelledError``; the evaluation
        future being cancelled (e.g. by ``close(cancel_pending=True)``) gives
        ``CANCELLED``; passing ``timeout`` gives ``TIMEOUT`` when it expires.
        """
        request = VerifyRequest(
            response, sources, source_metadata, case_id, detect_conflicts, question
        )
        return (await self._atimed(request, timeout)).case

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
        question: str | None = None,
    ) -> GuardedResponse:
        """Verify and apply the policy; the entry point every integration uses.

        Raises ``InvalidInputError`` when ``response`` is not a string (the
        integrations convert first).
        """
        check_response(response)
        request = VerifyRequest(
            response, sources, source_metadata, case_id, detect_conflicts, question
        )
        return self._apply(response, self._timed(request, timeout), policy)

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
        question: str | None = None,
    ) -> GuardedResponse:
        """``guard`` for asyncio."""
        check_response(response)
        request = VerifyRequest(
            response, sources, source_metadata, case_id, detect_conflicts, question
        )
        return self._apply(response, await self._atimed(request, timeout), policy)

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
        ``source_metadata``, ``case_id``, ``detect_conflicts``, ``question``, or
        ``(response, sources)`` pairs; an item with any other key is an
        INVALID_INPUT case naming it. Each result is what ``verify_case`` gives
        for that item; one item failing (even in the shared embedding pass) fails
        only itself. ``progress(done, total)`` is called after each case.
        Returns ``CaseResult``s, or ``GuardedResponse``s (``policy``, default the
        configured one, applied) with ``with_traces=True``.
        """
        chosen = resolve_policy(policy, self.config.policy)  # a bad policy fails before any work
        requests = [batch_request(item, i) for i, item in enumerate(items)]
        results = self._run_batch(requests, progress)
        if not with_traces:
            return [r.case for r in results]
        return [self._apply(q.text(), r, chosen) for q, r in zip(requests, results, strict=True)]

    def warm(self, sources: Any, source_metadata: Any = None) -> int:
        """Embed and cache the spans of ``sources`` now; returns how many were embedded.

        For callers that know the evidence before the answer (a stream): later
        checks against the same sources embed only their claims. Errors of the
        embedder propagate; a later check reports them as usual.
        """
        engine = self._engine
        docs = normalize_sources(sources, source_metadata)
        spans = [s for s in spans_of(engine, docs) if s.span_class == "truth"]
        if spans:
            build_plan(spans, engine.features, self.config.score_model)  # memoises features
        model_id = self.embedder.model_id
        todo = list(
            dict.fromkeys(s.text for s in spans if self.cache.get(model_id, s.text) is None)
        )
        for text, vector in embed_texts(self.embedder, todo).items():
            self.cache.put(model_id, text, vector)
        return len(todo)

    def close(self, cancel_pending: bool = False) -> None:
        """Shut the worker pool down; ``cancel_pending`` cancels queued evaluations."""
        self._executor.close(cancel_pending)

    def __enter__(self) -> CitationVerifier:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ running
    def _sibling(self, *, decomposer: Decomposer, judge: Judge | None) -> CitationVerifier:
        return CitationVerifier(
            embedder=self.embedder,
            decomposer=decomposer,
            config=self.config,
            nli=self.nli,
            judge=judge,
            cache=self.cache,
            max_workers=self._max_workers,
            generation_model=self.generation_model,
        )

    def _timed(self, request: VerifyRequest, timeout: Any) -> Done:
        seconds = check_timeout(timeout)
        if seconds is None:
            return self._run(request)
        cid, started = request.resolved_id(), time.perf_counter()
        outcome = self._executor.run(functools.partial(self._run, request), seconds)
        return self._stopped(cid, request.response, started, outcome)

    async def _atimed(self, request: VerifyRequest, timeout: Any) -> Done:
        seconds = check_timeout(timeout)
        cid, started = request.resolved_id(), time.perf_counter()
        # without a timeout the case still runs in a worker, so the event loop is not blocked
        outcome = await self._executor.arun(functools.partial(self._run, request), seconds)
        return self._stopped(cid, request.response, started, outcome)

    def _stopped(self, cid: str, response: Any, started: float, outcome: Done | Stopped) -> Done:
        if isinstance(outcome, Done):
            return outcome
        if outcome.kind == "cancelled":
            status, reason = ExecutionStatus.CANCELLED, ReasonCode.EXECUTION_CANCELLED
        else:
            status, reason = ExecutionStatus.TIMEOUT, ReasonCode.EVALUATION_TIMEOUT
        return self._engine.error(cid, response, started, status, reason, outcome.message)

    def _run(self, request: VerifyRequest) -> Done:
        engine = self._engine
        outcome = prepare(engine, request)
        if isinstance(outcome, Done):
            return outcome
        try:
            checkpoint()
            vectors = embed_texts(engine.embedder, needed_texts(engine, [outcome]))
            checkpoint()
        except FAILURES as err:
            return engine.error(
                outcome.case_id, outcome.response, outcome.started, *failure_reason(err)
            )
        return finish(engine, outcome, vectors)

    def _run_batch(
        self, requests: Sequence[VerifyRequest], progress: Callable[[int, int], None] | None
    ) -> list[Done]:
        total = len(requests)
        results: list[Done | None] = [None] * total
        prepared: list[tuple[int, Prepared]] = []
        for i, request in enumerate(requests):
            outcome = prepare(self._engine, request)
            if isinstance(outcome, Done):
                results[i] = outcome
            else:
                prepared.append((i, outcome))
        vectors, failures = embed_batch(self._engine, prepared)
        done_count = sum(r is not None for r in results)
        if progress is not None and done_count:
            progress(done_count, total)
        for i, prep in prepared:
            failure = failures.get(i)
            if failure is not None:
                results[i] = self._engine.error(prep.case_id, prep.response, prep.started, *failure)
            else:
                results[i] = finish(self._engine, prep, vectors)
            done_count += 1
            if progress is not None:
                progress(done_count, total)
        return [r for r in results if r is not None]

    # ------------------------------------------------------------------ policy
    def _apply(self, response: str, done: Done, policy: Policy | None) -> GuardedResponse:
        chosen = resolve_policy(policy, self.config.policy)
        case = done.case
        nothing_checked = (
            case.availability is AssessmentAvailability.NOT_EVALUATED
            or case.reason is ReasonCode.NO_SOURCES_SUPPLIED  # no evidence: nothing was checked
            or (
                case.availability is AssessmentAvailability.NO_ASSESSABLE_CLAIMS
                and case.quality_gate is QualityGate.FAIL
                and bool(response.strip())
            )
        )
        if nothing_checked:
            text, mode = unverified_text(response, policy=chosen, config=self.config)
            policy_record: dict[str, Any] = {"policy": chosen, "unverified": mode, "actions": []}
        else:
            text, actions = apply_policy(response, case.claims, policy=chosen, config=self.config)
            policy_record = {
                "policy": chosen,
                "strictness": self.config.strictness,
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
