"""The hybrid matcher: pure functions over plain data (no I/O, no models, no globals).

Per (claim, span): ``clamp01(cos)^β · lex^(1−β)``, with ``lex`` the plan-local
IDF-weighted token coverage, capped at ``numeric_cap`` for the whole pair when
the numeric gate fails; a claim's score is the max over its candidates (cited
spans ∪ top-m by cosine), and the score falls in a band.
"""

from ..text.words import lex_tokens, word_segments
from .fusion import Band, PairScore, band, clamp01, fuse, pair_score
from .lexical import IdfTable, idf_table, lexical_coverage
from .matching import ClaimMatch, Plan, best_match, build_plan, match_claims, select_candidates
from .numeric import numeric_gate_passes, numeric_values, span_numeric_set
from .spans import Span, SpanClass, SpanGranularity, split_source

__all__ = [
    "Band",
    "ClaimMatch",
    "IdfTable",
    "PairScore",
    "Plan",
    "Span",
    "SpanClass",
    "SpanGranularity",
    "band",
    "best_match",
    "build_plan",
    "clamp01",
    "fuse",
    "idf_table",
    "lex_tokens",
    "lexical_coverage",
    "match_claims",
    "numeric_gate_passes",
    "numeric_values",
    "pair_score",
    "select_candidates",
    "span_numeric_set",
    "split_source",
    "word_segments",
]
