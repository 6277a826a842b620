"""Geometric fusion of cosine and lexical coverage, the numeric cap, and the bands.

match = clamp01(cos)^β · lex^(1−β). Geometric, not arithmetic: a topical
fabrication (cos 0.8, lex 0.2) reads 0.49 (unsupported) instead of the
arithmetic 0.59 (partial); a genuine paraphrase (cos 0.9, lex 0.6) still reads
0.78 (supported). Both signals must be present; neither outvotes the other's
absence.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from ..text.words import lex_tokens
from .lexical import lexical_coverage
from .numeric import claim_numeric_requirements, gate_passes, span_numeric_set

__all__ = ["Band", "PairScore", "band", "clamp01", "fuse", "pair_score", "score_features"]

Band = Literal["supported", "partial", "unsupported"]


class _Bands(Protocol):
    @property
    def supported(self) -> float: ...
    @property
    def partial(self) -> float: ...


class _ScoringConfig(Protocol):
    @property
    def beta(self) -> float: ...
    @property
    def numeric_cap(self) -> float: ...
    @property
    def bands(self) -> _Bands: ...


@dataclass(frozen=True, slots=True)
class PairScore:
    """The score of one (claim, span) pair and its parts."""

    score: float
    cos: float
    lex: float
    numeric_ok: bool


def clamp01(x: float) -> float:
    """Clamp to [0, 1]; NaN reads as 0 (no evidence, never support)."""
    if not x > 0.0:  # also catches NaN
        return 0.0
    return 1.0 if x > 1.0 else float(x)


def fuse(cos: float, lex: float, beta: float) -> float:
    """clamp01(cos)^β · lex^(1−β), with β = 0 and β = 1 as fast paths (no 0^0)."""
    c = clamp01(cos)
    lx = clamp01(lex)
    if beta == 1.0:
        return c
    if beta == 0.0:
        return lx
    if c == 0.0 or lx == 0.0:
        return 0.0
    return float(c**beta * lx ** (1.0 - beta))


def pair_score(
    cos: float,
    claim_text: str,
    span_text: str,
    idf: Mapping[str, float],
    config: _ScoringConfig,
) -> PairScore:
    """Score one pair: fused score, capped at ``config.numeric_cap`` when the numeric gate fails.

    The cap applies to the WHOLE pair score: capping only the lexical term would
    still let a wrong figure on a near-verbatim span read partial.
    """
    return score_features(
        cos,
        Counter(lex_tokens(claim_text)),
        claim_numeric_requirements(claim_text),
        Counter(lex_tokens(span_text)),
        span_numeric_set(span_text),
        idf,
        config,
    )[0]


def score_features(
    cos: float,
    claim_tokens: Counter[str],
    claim_needs: Sequence[Any],
    span_tokens: Counter[str],
    span_numerics: Any,
    idf: Mapping[str, float],
    config: _ScoringConfig,
    gate: Callable[[Any, Any], bool] | None = None,
    optional: AbstractSet[str] = frozenset(),
) -> tuple[PairScore, float]:
    """``pair_score`` on preprocessed texts; also returns the uncapped fused score.

    ``gate`` replaces the seed's numeric gate (the v2 figure gate passes here);
    ``optional`` tokens only count where the span has them (``lexical_coverage``).
    """
    c = clamp01(cos)
    lex = lexical_coverage(claim_tokens, span_tokens, idf, optional)
    if not claim_needs:
        ok = True
    elif gate is not None:
        ok = gate(claim_needs, span_numerics)
    else:
        ok = gate_passes(claim_needs, span_numerics)
    raw = fuse(c, lex, config.beta)
    score = raw if ok else min(raw, config.numeric_cap)
    return PairScore(score=score, cos=c, lex=lex, numeric_ok=ok), raw


def band(score: float, config: _ScoringConfig) -> Band:
    """supported ≥ bands.supported; partial ≥ bands.partial; otherwise unsupported."""
    if score >= config.bands.supported:
        return "supported"
    if score >= config.bands.partial:
        return "partial"
    return "unsupported"
