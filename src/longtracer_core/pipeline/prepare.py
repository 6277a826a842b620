"""Preparation: validate a request, check size limits, decompose, split the sources.

Every limit is checked before the work it bounds (the source count before the
sources are normalised, the claims a response needs before it is decomposed).
``prepare`` never raises: a problem becomes a finished ``Done`` with its reason.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence
from typing import Any

import numpy as np
import regex

from ..contracts import ExecutionStatus, ReasonCode
from ..deadline import DeadlineExceeded, WorkCancelled, checkpoint
from ..decompose.classify import is_refusal, too_short
from ..decompose.coverage import claims_needed, enforce_coverage
from ..decompose.llm import locate_span
from ..decompose.rules import RuleBasedDecomposer
from ..decompose.types import Decomposition, DraftClaim
from ..errors import DecompositionError, EmbeddingModelMismatchError
from ..scoring.matching import build_plan
from ..scoring.spans import Span, split_source
from .engine import Done, Engine, Prepared
from .guarded import CANCELLATIONS, FAILURES, failure_reason
from .memo import text_key
from .request import VerifyRequest, check_request
from .sources import SourceDoc, normalize_sources

__all__ = ["decompose", "prepare", "resolve_markers", "spans_of"]

_NUMBERED_MARKER = regex.compile(r"[A-Za-z]{0,3}(\d+)")


def prepare(engine: Engine, request: VerifyRequest) -> Prepared | Done:
    """The request ready to embed and score, or its outcome if it ends here."""
    started = time.perf_counter()
    cid = request.resolved_id()
    try:
        return _prepare(engine, request, cid, started)
    except FAILURES as err:  # never crash deep inside: every failure is a reason
        return engine.error(cid, request.text(), started, *failure_reason(err))


def _prepare(engine: Engine, request: VerifyRequest, cid: str, started: float) -> Prepared | Done:
    check_request(request)
    response: str = request.response
    limits = engine.config.limits
    sources = request.sources
    if isinstance(sources, (list, tuple)) and len(sources) > limits.max_sources:
        message = f"{len(sources)} sources; the limit is {limits.max_sources}"
        return engine.skipped(cid, response, started, message)
    docs = normalize_sources(sources, request.source_metadata)
    ended = _limits_or_inputs(engine, request, docs, cid, started)
    if ended is not None:
        return ended
    conflicts = request.detect_conflicts
    if not response.strip():
        reason = ReasonCode.EMPTY_RESPONSE
        return engine.no_claims(cid, response, started, reason, None, [], conflicts)
    if (
        isinstance(engine.decomposer, RuleBasedDecomposer)
        and too_short(response)
        and not is_refusal(response)
    ):
        reason = ReasonCode.NO_EXTRACTABLE_CLAIMS
        return engine.no_claims(cid, response, started, reason, None, [], conflicts)
    needed = claims_needed(response)  # known before the (costly) decomposition
    if needed > limits.max_claims:
        message = f"{needed} sentences need a claim each; the limit is {limits.max_claims} claims"
        return engine.skipped(cid, response, started, message)
    decomposition = enforce_coverage(response, decompose(engine, response))
    checkpoint()
    ordered = list(decomposition.claims)
    if len(ordered) > limits.max_claims:
        message = f"{len(ordered)} claims; the limit is {limits.max_claims}"
        return engine.skipped(cid, response, started, message)
    if not decomposition.factual:
        reason = (
            ReasonCode.HONEST_UNCERTAINTY_ONLY
            if decomposition.refusals
            else ReasonCode.NO_EXTRACTABLE_CLAIMS
        )
        return engine.no_claims(cid, response, started, reason, decomposition, ordered, conflicts)
    return _prepared(engine, request, cid, started, docs, decomposition)


def _limits_or_inputs(
    engine: Engine, request: VerifyRequest, docs: Sequence[SourceDoc], cid: str, started: float
) -> Done | None:
    """The outcome of a case past a size limit or with inputs that cannot be used."""
    limits = engine.config.limits
    response: str = request.response
    if len(response) > limits.max_response_chars:
        message = (
            f"response has {len(response)} characters; the limit is "
            f"{limits.max_response_chars} (VerifyConfig.limits)"
        )
        return engine.skipped(cid, response, started, message)
    if len(docs) > limits.max_sources:
        message = f"{len(docs)} sources; the limit is {limits.max_sources}"
        return engine.skipped(cid, response, started, message)
    total_chars = sum(len(d.text) for d in docs)
    if total_chars > limits.max_source_chars:
        message = f"sources hold {total_chars} characters; the limit is {limits.max_source_chars}"
        return engine.skipped(cid, response, started, message)
    model_id = engine.embedder.model_id
    for doc in docs:
        if doc.embedding_model is not None and doc.embedding_model != model_id:
            err = EmbeddingModelMismatchError(model_id, doc.embedding_model)
            return engine.error(
                cid,
                response,
                started,
                ExecutionStatus.ERROR,
                ReasonCode.EMBEDDING_MODEL_MISMATCH,
                str(err),
            )
    return None


def _prepared(
    engine: Engine,
    request: VerifyRequest,
    cid: str,
    started: float,
    docs: list[SourceDoc],
    decomposition: Decomposition,
) -> Prepared:
    spans = spans_of(engine, docs)
    model = engine.config.score_model
    ordered = list(decomposition.claims)
    prep = Prepared(
        case_id=cid,
        response=request.response,
        started=started,
        docs=docs,
        decomposition=decomposition,
        ordered=ordered,
        spans=spans,
        plan=build_plan(spans, engine.features, model)
        if any(s.span_class == "truth" for s in spans)
        else None,
        detect_conflicts=request.detect_conflicts,
        question=request.question,
    )
    prep.cited = {
        i: resolve_markers(c.cited_markers, docs) for i, c in enumerate(ordered) if c.cited_markers
    }
    for doc in docs:  # caller-supplied vectors: this case only, never the shared cache
        if doc.embedding is not None and doc.embedding_model is not None:
            vec = np.asarray(doc.embedding, dtype=np.float32)
            norm = float(np.linalg.norm(vec))
            prep.known[doc.text.strip()] = vec / (norm or 1.0)
    return prep


def decompose(engine: Engine, response: str) -> Decomposition:
    """Run the decomposer; accept a ``Decomposition`` or a list of claims (texts located in
    the response); anything else is a ``DecompositionError``."""
    try:
        raw = engine.decomposer.decompose(response)
    except (DecompositionError, DeadlineExceeded, WorkCancelled, *CANCELLATIONS):
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
        decomposer=type(engine.decomposer).__name__,
        prompt_hash=getattr(engine.decomposer, "prompt_hash", None),
    )


def spans_of(engine: Engine, docs: Sequence[SourceDoc]) -> list[Span]:
    """Every source split into spans (split sources are cached by digest)."""
    spans: list[Span] = []
    for doc in docs:
        checkpoint()
        args = (doc.source_id, doc.text, doc.span_class, doc.index)
        split = functools.partial(_split_source, engine, *args)
        spans.extend(engine.splits.get_or_compute(text_key(*args), split))
    return spans


def _split_source(
    engine: Engine, source_id: str, text: str, span_class: Any, index: int
) -> tuple[Span, ...]:
    return tuple(
        split_source(
            source_id,
            text,
            granularity=engine.config.span_granularity,
            window=engine.config.span_window,
            span_class=span_class,
            source_index=index,
        )
    )


def resolve_markers(markers: Sequence[str], docs: Sequence[SourceDoc]) -> tuple[int, ...]:
    """Map markers ("S3", "1", "^2", a source id) to source indices; unknown ones: ignored."""
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
    return tuple(sorted(wanted))
