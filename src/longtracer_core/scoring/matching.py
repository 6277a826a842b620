"""Candidate selection and best match, vectorised over claims × spans.

Cosine is one matrix product over all claims × spans (done by the caller);
top-m selection is a partition per row; lexical coverage and the numeric gate
run only on each claim's candidates, so the scoring cost grows linearly in
claims × candidates.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray

from ..deadline import checkpoint
from ..text.words import lex_tokens, stem_tokens
from .claim_figures import gate_needs
from .figures import context_figures, needs_met, span_figures
from .fusion import PairScore, _ScoringConfig, band, score_features
from .gates import GateResult
from .lexical import IdfTable, idf_table
from .numeric import claim_numeric_requirements, gate_passes, span_numeric_set
from .spans import Span
from .v2 import UNSEEN_SCALE, gate_candidates

ScoreModelName = Literal["seed-v1", "v2"]

__all__ = [
    "MAX_CITED_SPANS",
    "ClaimMatch",
    "Plan",
    "ScoreModelName",
    "best_match",
    "build_plan",
    "claim_context",
    "cited_candidates",
    "claim_features",
    "figures_pass",
    "match_claims",
    "select_candidates",
    "span_features",
    "spans_by_source",
]

# Spans of the cited sources considered per claim: those closest by cosine, at most this
# many, so a claim citing a very long source costs a bounded number of pair scores.
MAX_CITED_SPANS = 64


@dataclass(frozen=True)
class Plan:
    """The evidence plan of one case, preprocessed once: tokens, numerics, IDF."""

    spans: tuple[Span, ...]
    tokens: tuple[Counter[str], ...]
    numerics: tuple[Any, ...]
    idf: IdfTable
    truth: NDArray[np.bool_]


# (token multiset, figures): the seed reads figures as a set of normalised values,
# v2 as ``SpanFigures``
SpanFeatures = tuple[Counter[str], Any]


def span_features(text: str, model: ScoreModelName = "seed-v1") -> SpanFeatures:
    """A span's token multiset and figures: everything the matcher needs of its text.

    ``seed-v1`` reads tokens and figures as the seed pins them; ``v2`` stems the
    tokens and reads figures with rounding, hedges and lenient forms (figures.py).
    """
    if model == "v2":
        return Counter(stem_tokens(text)), span_figures(text)
    return Counter(lex_tokens(text)), span_numeric_set(text)


def claim_features(text: str, model: ScoreModelName = "seed-v1") -> tuple[Counter[str], Any]:
    """A claim's token multiset and the figures it asserts, under ``model``."""
    if model == "v2":
        return Counter(stem_tokens(text)), gate_needs(text)
    return Counter(lex_tokens(text)), claim_numeric_requirements(text)


def figures_pass(needs: Any, span_figures: Any, model: ScoreModelName = "seed-v1") -> bool:
    """The numeric gate under ``model`` (no figures asserted: passes)."""
    if not needs:
        return True
    if model == "v2":
        return needs_met(needs, span_figures)
    return gate_passes(needs, span_figures)


def build_plan(
    spans: Sequence[Span],
    features: Callable[[str], SpanFeatures] = span_features,
    model: ScoreModelName = "seed-v1",
) -> Plan:
    """Tokenise every span once and build the plan-local IDF table.

    ``features`` may be a memoised ``span_features`` (the verifier caches it per
    text); the result is the same. Under ``v2`` a token no span holds weighs
    ``UNSEEN_SCALE`` times the heaviest weight.
    """
    feats = []
    for i, s in enumerate(spans):
        if not i % 64:
            checkpoint()
        feats.append(features(s.text))
    return Plan(
        spans=tuple(spans),
        tokens=tuple(f[0] for f in feats),
        numerics=tuple(f[1] for f in feats),
        idf=idf_table([f[0] for f in feats], unseen_scale=UNSEEN_SCALE if model == "v2" else 1.0),
        truth=np.array([s.span_class == "truth" for s in spans], dtype=bool),
    )


@dataclass(frozen=True)
class ClaimMatch:
    """How one claim matched: its candidates (plan order), the best one, and why."""

    candidates: tuple[tuple[int, PairScore], ...]
    best_index: int | None
    best: PairScore | None
    numeric_mismatch: bool
    # v2 only: the gates checked on the best candidate, its score before them, and
    # the span (with the opposing gates) that contradicts the claim, if one does
    gates: tuple[GateResult, ...] = ()
    raw_score: float | None = None
    contradicting_index: int | None = None
    contradiction: tuple[GateResult, ...] = ()


def spans_by_source(spans: Sequence[Span]) -> dict[int, NDArray[np.intp]]:
    """Each source's span indices, in plan order."""
    groups: dict[int, list[int]] = {}
    for i, span in enumerate(spans):
        groups.setdefault(span.source_index, []).append(i)
    return {k: np.asarray(v, dtype=np.intp) for k, v in groups.items()}


def cited_candidates(
    cos_row: NDArray[np.floating],
    by_source: Mapping[int, NDArray[np.intp]],
    sources: Collection[int],
    limit: int = MAX_CITED_SPANS,
) -> list[int]:
    """The spans of the cited ``sources`` a claim is matched against, in plan order.

    Every span of the cited sources when they hold at most ``limit``; otherwise the
    ``limit`` spans with the highest cosine (ties: the earlier span).
    """
    parts = [by_source[k] for k in sorted(sources) if k in by_source]
    if not parts:
        return []
    idx = np.sort(np.concatenate(parts))
    if idx.size > limit:
        vals = np.nan_to_num(np.asarray(cos_row, dtype=np.float64)[idx], nan=-np.inf)
        idx = np.sort(idx[np.lexsort((idx, -vals))[:limit]])
    chosen: list[int] = idx.tolist()
    return chosen


def select_candidates(
    cos_row: NDArray[np.floating] | Sequence[float],
    spans: Sequence[Span],
    cited: Collection[int],
    m: int,
) -> list[int]:
    """Cited spans ∪ the top-``m`` spans by cosine, in canonical plan order.

    Cache-class spans are never candidates. Out-of-range cited indices are
    ignored (a marker is a hint; it never rescues a claim). Ties in cosine at
    the cut keep the earlier span in plan order.
    """
    truth = np.fromiter((s.span_class == "truth" for s in spans), dtype=bool, count=len(spans))
    return _select(np.asarray(cos_row, dtype=np.float64), truth, cited, m)


def _top_m(row: NDArray[np.float64], truth: NDArray[np.bool_], m: int) -> list[int]:
    idx = np.flatnonzero(truth)
    if idx.size == 0 or m <= 0:
        return []
    vals = np.nan_to_num(row[idx], nan=-np.inf)
    if idx.size <= m:
        return idx.tolist()
    # threshold = m-th largest; take everything above it, then ties in plan order
    kth = np.partition(vals, idx.size - m)[idx.size - m]
    above = idx[vals > kth]
    ties = idx[vals == kth][: m - above.size]
    chosen: list[int] = np.concatenate([above, ties]).tolist()
    return chosen


def best_match(scored: Sequence[tuple[int, PairScore]]) -> tuple[int, PairScore] | None:
    """The highest-scoring candidate; ties keep the first in plan order (strictly greater)."""
    best: tuple[int, PairScore] | None = None
    for index, ps in scored:
        if best is None or ps.score > best[1].score:
            best = (index, ps)
    return best


def match_claims(
    claim_texts: Sequence[str],
    cos: NDArray[np.floating],
    plan: Plan,
    cited: Sequence[Collection[int]],
    config: _ScoringConfig,
    *,
    candidates_m: int,
    model: ScoreModelName = "seed-v1",
    contexts: Sequence[Sequence[str]] = (),
    question: str | None = None,
    derived: Callable[[str, Sequence[str]], frozenset[str]] | None = None,
) -> list[ClaimMatch]:
    """Match every claim against its candidates in ``plan``.

    ``cos`` is the claims × spans cosine matrix. ``contexts`` (v2) gives each
    claim's phrases taken from its context (``DraftClaim.context``): their words
    count only where a span has them, and the gates do not hold them against
    the claim. The figures of the user's ``question`` (v2) are theirs: no span
    need state them (as in the evidence-wide checks). A claim's match records
    ``numeric_mismatch`` when the numeric gate is what kept it down: the best
    candidate was capped, or a capped candidate would otherwise have scored
    above the best and at least partial (v2: only while the best does not state the
    claim's figures). ``derived`` (v2) gives the figures a claim works
    out from the case's figures (``derived_figures``): no span need state them either.
    """
    n_spans = len(plan.spans)
    if cos.shape != (len(claim_texts), n_spans):
        raise ValueError(f"cos has shape {cos.shape}, expected {(len(claim_texts), n_spans)}")
    results: list[ClaimMatch] = []
    for ci, text in enumerate(claim_texts):
        checkpoint()
        if n_spans == 0:
            results.append(ClaimMatch((), None, None, False))
            continue
        cands = _select(cos[ci], plan.truth, cited[ci] if ci < len(cited) else (), candidates_m)
        context = contexts[ci] if ci < len(contexts) else ()
        optional, given = claim_context(context, model, question)
        if derived is not None and model == "v2":
            given = given | derived(text, [*context, *([question] if question else [])])
        scored, uncapped, blocked = _score_candidates(
            text, cos[ci], cands, plan, config, model, optional, given
        )
        if model == "v2":
            results.append(
                _v2_match(text, scored, uncapped, blocked, plan, config, (optional, given))
            )
        else:
            results.append(_seed_match(scored, blocked, config))
    return results


def _score_candidates(
    text: str,
    cos_row: NDArray[np.floating],
    cands: Sequence[int],
    plan: Plan,
    config: _ScoringConfig,
    model: ScoreModelName,
    optional: frozenset[str],
    given: frozenset[str] = frozenset(),
) -> tuple[list[tuple[int, PairScore]], list[float], float]:
    """Score one claim against its candidates: the scores, the scores before the numeric
    cap, and the best score the cap held down (0 when none was). A figure of ``given``
    (the claim's context) is no figure the spans must hold."""
    claim_tokens, needs = claim_features(text, model)
    if given:
        needs = tuple(n for n in needs if given.isdisjoint(n.readings))
    scored: list[tuple[int, PairScore]] = []
    uncapped: list[float] = []
    numeric_blocked = 0.0
    for si in cands:
        ps, raw = score_features(
            float(cos_row[si]),
            claim_tokens,
            needs,
            plan.tokens[si],
            plan.numerics[si],
            plan.idf,
            config,
            gate=lambda n, f: figures_pass(n, f, model),
            optional=optional,
        )
        if not ps.numeric_ok:
            numeric_blocked = max(numeric_blocked, raw)
        scored.append((si, ps))
        uncapped.append(raw)
    return scored, uncapped, numeric_blocked


def _seed_match(
    scored: list[tuple[int, PairScore]], numeric_blocked: float, config: _ScoringConfig
) -> ClaimMatch:
    """The seed's match: the best candidate, and whether the figures kept the claim down."""
    top = best_match(scored)
    if top is None:
        return ClaimMatch(tuple(scored), None, None, False)
    bi, bp = top
    # the figures are what kept the claim down: without the cap some candidate
    # would have scored above the best, in at least the partial band
    mismatch = numeric_blocked > bp.score and band(numeric_blocked, config) != "unsupported"
    return ClaimMatch(tuple(scored), bi, bp, mismatch)


def _v2_match(
    text: str,
    scored: list[tuple[int, PairScore]],
    uncapped: list[float],
    numeric_blocked: float,
    plan: Plan,
    config: _ScoringConfig,
    context: tuple[frozenset[str], frozenset[str]],
) -> ClaimMatch:
    """The v2 match; ``context``: the claim's words and figures taken from its context
    and the user's question (``claim_context``)."""
    gated = gate_candidates(
        text,
        [(si, ps, raw) for (si, ps), raw in zip(scored, uncapped, strict=True)],
        lambda si: plan.spans[si].text,
        config.bands.supported,
        *context,
    )
    if gated is None:
        return ClaimMatch(tuple(scored), None, None, False)
    best = gated.pair
    # a best match that states the claim's figures is no figure mismatch, whatever a
    # capped span scored: the claim's figures are those of a passage that speaks of it
    mismatch = (
        not best.numeric_ok
        and numeric_blocked > best.score
        and band(numeric_blocked, config) != "unsupported"
    )
    return ClaimMatch(
        tuple(scored),
        gated.index,
        best,
        mismatch,
        gates=gated.gates,
        raw_score=gated.raw,
        contradicting_index=gated.contradicting,
        contradiction=gated.contradiction,
    )


def claim_context(
    context: Sequence[str], model: ScoreModelName, question: str | None = None
) -> tuple[frozenset[str], frozenset[str]]:
    """What a claim took from its context (v2 only): the stems of the phrases' words
    (``optional``) and the figures of the phrases and the user's question (``given``: a
    table's column header "Voyagers 1 and 2" frames its cells, the user's "5 kWh battery"
    is theirs); the claim need not find either in the evidence."""
    if model != "v2":
        return frozenset(), frozenset()
    optional = frozenset(t for phrase in context for t in stem_tokens(phrase))
    phrases = [*context, question] if question else context
    return optional, context_figures(phrases)


def _select(
    row: NDArray[np.floating], truth: NDArray[np.bool_], cited: Collection[int], m: int
) -> list[int]:
    chosen = set(_top_m(np.asarray(row, dtype=np.float64), truth, m))
    n = truth.size
    chosen.update(i for i in cited if 0 <= i < n and truth[i])
    return sorted(chosen)
