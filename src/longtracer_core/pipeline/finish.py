"""Scoring and assessment of a prepared, embedded case, and its ``CaseResult``.

Cosines of every claim against every truth span, the matcher's candidates and
scores, one assessment per claim, then the optional second opinions (NLI, the
judge), and the case with its trace. ``finish`` never raises: a failure becomes
an unevaluated case with its reason.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

import numpy as np

from ..contracts import (
    AssessmentAvailability,
    CaseResult,
    ClaimAssessment,
    ClaimResult,
    ExecutionStatus,
    ReasonCode,
    build_case,
)
from ..decompose.types import DraftClaim
from ..errors import EmbeddingModelMismatchError, EmptySourcesWarning, EvaluationFailedError
from ..scoring.derived_figures import derived_figures
from ..scoring.evidence import evidence_index
from ..scoring.matching import ClaimMatch, cited_candidates, match_claims, spans_by_source
from ..scoring.subjects import claims_before
from .assess import assess_claim, no_evidence_claim, refusal_claim
from .conflicts import conflict_state, detect_conflicts
from .contradiction import apply_nli
from .engine import Done, Engine, Prepared
from .escalation import apply_judge
from .evidence_checks import join_findings
from .guarded import FAILURES, failure_reason
from .verdicts import settle_all

__all__ = ["finish"]

Factual = list[tuple[int, DraftClaim]]


def finish(engine: Engine, prep: Prepared, vectors: Mapping[str, Any]) -> Done:
    """The finished case; a failure is an unevaluated case with its reason."""
    try:
        return _finish(engine, prep, vectors)
    except FAILURES as err:
        return engine.error(prep.case_id, prep.response, prep.started, *failure_reason(err))


def _finish(engine: Engine, prep: Prepared, vectors: Mapping[str, Any]) -> Done:
    factual = [(i, c) for i, c in enumerate(prep.ordered) if c.kind == "claim"]
    ids = {i: f"c{i + 1}" for i in range(len(prep.ordered))}
    results: dict[int, ClaimResult] = {
        i: refusal_claim(ids[i], c) for i, c in enumerate(prep.ordered) if c.kind == "refusal"
    }
    cos = np.zeros((0, 0))
    matches: dict[str, ClaimMatch] = {}
    if not prep.docs or prep.plan is None:
        reason = ReasonCode.NO_SOURCES_SUPPLIED if not prep.docs else ReasonCode.NO_SOURCE_TEXT
        for i, c in factual:
            results[i] = no_evidence_claim(ids[i], c, reason)
    else:
        cos = _score(engine, prep, vectors, factual, ids, results, matches)
    claims = settle_all([results[i] for i in range(len(prep.ordered))])
    claims, meta = _second_opinions(engine, prep, claims, cos, factual, ids, matches)
    claims = settle_all(claims)
    conflicting = sum(c.assessment is ClaimAssessment.CONFLICTING_SOURCES for c in claims)
    meta["conflict_detection"] = conflict_state(prep.detect_conflicts, conflicting)
    assessed = [c for c in claims if c.availability is AssessmentAvailability.ASSESSED]
    if not prep.docs or prep.plan is None:
        trust = 0.0
    else:
        trust = float(np.mean([c.details.get("cos", 0.0) for c in assessed]))
    empty = [d.source_id for d in prep.docs if not d.text.strip()]
    if empty:
        meta["empty_sources"] = empty
    case = build_case(
        case_id=prep.case_id,
        execution=ExecutionStatus.SUCCESS,
        availability=AssessmentAvailability.ASSESSED,
        reason=_evidence_reason(len(prep.docs), len(empty)),
        claims=claims,
        trust_score=trust,
        latency_ms=(time.perf_counter() - prep.started) * 1e3,
        metadata={**engine.case_meta(prep), **meta},
    )
    if empty:
        case = _warn_empty(case, len(prep.docs), empty)
    return Done(case, engine.trace(prep, case, prep.decomposition))


def _evidence_reason(sources: int, empty: int) -> ReasonCode | None:
    """The case's own reason when the evidence itself is missing: none, or all empty."""
    if sources == 0:
        return ReasonCode.NO_SOURCES_SUPPLIED
    if empty == sources:
        return ReasonCode.NO_SOURCE_TEXT
    return None


def _warn_empty(case: CaseResult, sources: int, empty: Sequence[str]) -> CaseResult:
    """Say that some evidence was blank, in the summary and as an ``EmptySourcesWarning``.

    Blank documents usually mean a retriever or loader problem, not a model that
    made things up; the summary names them so the two read differently.
    """
    if len(empty) == sources:
        warnings.warn(
            "every source is empty, so no claim can be supported (reason NO_SOURCE_TEXT): "
            "check what the retriever returned",
            EmptySourcesWarning,
            stacklevel=2,
        )
        return case
    warnings.warn(
        "some sources are empty (case.metadata['empty_sources'] lists them): "
        "check what the retriever returned",
        EmptySourcesWarning,
        stacklevel=2,
    )
    names = ", ".join(empty[:5]) + (", ..." if len(empty) > 5 else "")
    note = f" {len(empty)} of {sources} sources are empty ({names})."
    return case.model_copy(update={"summary": case.summary + note})


def _score(
    engine: Engine,
    prep: Prepared,
    vectors: Mapping[str, Any],
    factual: Factual,
    ids: Mapping[int, str],
    results: dict[int, ClaimResult],
    matches: dict[str, ClaimMatch],
) -> Any:
    """Assess every factual claim into ``results`` (its match into ``matches``); return the
    claim × span cosines."""
    config = engine.config
    assert prep.plan is not None
    for span in prep.spans:
        if span.span_class == "truth" and span.text in vectors:
            engine.cache.put(engine.embedder.model_id, span.text, vectors[span.text])
    claim_m = np.stack([vectors[c.claim_text] for _, c in factual])
    span_m = _span_matrix(engine, prep, vectors, claim_m.shape[1])
    cos = claim_m @ span_m.T
    cos = np.where(prep.plan.truth[None, :], cos, -1.0)
    by_source = spans_by_source(prep.spans)
    cited = [
        cited_candidates(cos[r], by_source, prep.cited.get(i, ()))
        for r, (i, _) in enumerate(factual)
    ]
    index = None
    if config.score_model != "seed-v1":
        docs = [d for d in prep.docs if d.span_class == "truth"]
        titles = [t for d in docs if isinstance(t := d.metadata.get("title"), str)]
        index = evidence_index([(d.source_id, d.text) for d in docs], engine.read_source, titles)
    found = match_claims(
        [c.claim_text for _, c in factual],
        cos,
        prep.plan,
        cited,
        config,
        candidates_m=config.candidates_m,
        model=config.score_model,
        contexts=[c.context for _, c in factual],
        question=prep.question,
        derived=None if index is None else partial(derived_figures, index=index),
    )
    texts = [c.claim_text for _, c in factual]
    for k, ((i, c), match, cited_spans) in enumerate(zip(factual, found, cited, strict=True)):
        matches[ids[i]] = match
        results[i] = assess_claim(ids[i], c, match, prep.spans, config, cited_spans)
        if index is not None:
            before = claims_before(texts, k)
            results[i] = join_findings(results[i], c, index, prep.question, before)
    return cos


def _span_matrix(engine: Engine, prep: Prepared, vectors: Mapping[str, Any], dim: int) -> Any:
    """One row per span: its vector (truth spans) or zeros (cache spans)."""
    model_id = engine.embedder.model_id
    for vec in prep.known.values():
        if vec.shape != (dim,):
            raise EmbeddingModelMismatchError(
                model_id, f"vectors of dimension {vec.shape[0]}, not {dim}"
            )
    rows = []
    for span in prep.spans:
        if span.span_class != "truth":
            rows.append(np.zeros(dim, dtype=np.float32))
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
        rows.append(vec)
    return np.stack(rows)


def _second_opinions(
    engine: Engine,
    prep: Prepared,
    claims: Sequence[ClaimResult],
    cos: Any,
    factual: Factual,
    ids: Mapping[int, str],
    matches: Mapping[str, ClaimMatch],
) -> tuple[list[ClaimResult], dict[str, Any]]:
    """Conflicts from the gates (when asked), NLI and the judge (when configured)."""
    out = list(claims)
    meta: dict[str, Any] = {}
    checks: dict[str, Any] = {}
    if prep.detect_conflicts and prep.plan is not None:
        contexts = {ids[i]: c.context for i, c in factual}
        out, checks["gates"] = detect_conflicts(
            out, matches, contexts, prep.spans, engine.config, prep.question
        )
    if engine.nli is not None and prep.plan is not None:
        row_of = {ids[i]: r for r, (i, _) in enumerate(factual)}
        out, conflict_meta = apply_nli(
            out,
            prep.spans,
            cos,
            row_of,
            engine.nli,
            engine.config,
            detect_conflicts=prep.detect_conflicts,
        )
        if prep.detect_conflicts:
            checks["nli"] = conflict_meta
    if prep.detect_conflicts:
        meta["conflict_checks"] = checks
    if engine.judge is not None and prep.plan is not None:
        out, meta["judge"] = apply_judge(
            out,
            prep.spans,
            engine.judge,
            engine.config.judge,
            cache=engine.judge_cache,
            health=engine.judge_health,
        )
    return out, meta
