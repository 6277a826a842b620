"""What every stage of a verification reads, the records stages pass on, and early outcomes.

``Engine`` holds the parts a run shares (configuration, embedder, decomposer,
scorers, caches). ``Prepared`` is a case after validation, decomposition and
source splitting; ``Done`` a finished case with its trace. The ``Engine``
methods build the ``CaseResult`` and trace of a case that ends before scoring
(an error, a size limit, nothing to assess) and the trace of an assessed one.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..config import VerifyConfig
from ..contracts import (
    AssessmentAvailability,
    CaseResult,
    ExecutionStatus,
    ReasonCode,
    build_case,
)
from ..decompose.types import Decomposer, Decomposition, DraftClaim
from ..judge.cache import JudgeCache
from ..judge.types import Judge
from ..providers.embeddings import Embedder, EmbeddingCache
from ..scoring.evidence import SourceEvidence, read_source
from ..scoring.matching import Plan, SpanFeatures
from ..scoring.spans import Span
from .assess import refusal_claim
from .conflicts import conflict_state
from .contradiction import NliScorer
from .escalation import JudgeHealth
from .memo import CharBoundedCache, text_key
from .sources import SourceDoc
from .trace import PLAN_MODEL, TraceRecord, bare_trace, build_trace, plan_hash

__all__ = ["Done", "Engine", "Prepared"]


@dataclass
class Prepared:
    """A case ready to embed and score."""

    case_id: str
    response: str
    started: float
    docs: list[SourceDoc]
    decomposition: Decomposition
    ordered: list[DraftClaim]
    spans: list[Span]
    plan: Plan | None
    cited: dict[int, tuple[int, ...]] = field(default_factory=dict)  # source indices
    detect_conflicts: bool = False
    question: str | None = None
    # span vectors this case already has: caller-supplied ones and cache hits,
    # snapshotted so a concurrent eviction cannot take them away mid-case
    known: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Done:
    """A finished case: its result and its trace."""

    case: CaseResult
    trace: TraceRecord


@dataclass(frozen=True)
class Engine:
    """The shared parts of a verifier, read by every stage."""

    config: VerifyConfig
    embedder: Embedder
    decomposer: Decomposer
    nli: NliScorer | None
    judge: Judge | None
    judge_cache: JudgeCache
    judge_health: JudgeHealth
    cache: EmbeddingCache
    generation_model: str | None
    features: Callable[[str], SpanFeatures]
    splits: CharBoundedCache[tuple[Span, ...]]
    sources_read: CharBoundedCache[SourceEvidence]

    def read_source(self, source_id: str, text: str) -> SourceEvidence:
        """A source's evidence sentences and names, read once per (id, text)."""
        key = text_key(source_id, text)
        return self.sources_read.get_or_compute(key, lambda: read_source(source_id, text))

    # ------------------------------------------------------------------ outcomes
    def case_meta(self, prep: Prepared | None) -> dict[str, Any]:
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

    def error(
        self,
        cid: str,
        response: Any,
        started: float,
        execution: ExecutionStatus,
        reason: ReasonCode,
        message: str,
    ) -> Done:
        """A case that was not evaluated, with its reason and message."""
        case = build_case(
            case_id=cid,
            execution=execution,
            availability=AssessmentAvailability.NOT_EVALUATED,
            reason=reason,
            error_message=message,
            latency_ms=(time.perf_counter() - started) * 1e3,
            metadata=self.case_meta(None),
        )
        text = response if isinstance(response, str) else ""
        return Done(case, self.bare_trace(cid, text, case))

    def skipped(self, cid: str, response: str, started: float, message: str) -> Done:
        """A case past a size limit."""
        return self.error(
            cid, response, started, ExecutionStatus.SKIPPED, ReasonCode.INPUT_TOO_LARGE, message
        )

    def no_claims(
        self,
        cid: str,
        response: str,
        started: float,
        reason: ReasonCode,
        decomposition: Decomposition | None,
        ordered: Sequence[DraftClaim],
        conflicts: bool = False,
    ) -> Done:
        """A case with nothing to assess (empty, only refusals, only non-claims)."""
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
            metadata={**self.case_meta(None), "conflict_detection": conflict_state(conflicts, 0)},
        )
        trace = (
            self.bare_trace(cid, response, case)
            if decomposition is None
            else self.trace(None, case, decomposition, cid=cid, response=response)
        )
        return Done(case, trace)

    # ------------------------------------------------------------------ trace
    def models(self, decomposition: Decomposition | None) -> dict[str, str | None]:
        return {
            "gen": self.generation_model,
            "embed": self.embedder.model_id,
            "score_model": self.config.score_model,
            "plan_model": PLAN_MODEL,
            "decompose_model": decomposition.model if decomposition is not None else None,
            "judge_model": self.judge.model_id if self.judge is not None else None,
        }

    def bare_trace(self, cid: str, response: str, case: CaseResult) -> TraceRecord:
        return bare_trace(cid, response, case, self.models(None))

    def trace(
        self,
        prep: Prepared | None,
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
            models=self.models(decomposition),
            with_plan=prep is not None,
        )
