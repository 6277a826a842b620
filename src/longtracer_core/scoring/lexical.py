"""IDF-weighted lexical coverage with plan-local IDF."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from functools import partial

__all__ = ["IdfTable", "idf_table", "lexical_coverage"]


class IdfTable(Mapping[str, float]):
    """idf(t) = ln(1 + N / df(t)) over the plan's N spans.

    A token no span contains (df = 0) weighs ln(1 + N), as if seen once: the
    heaviest weight, because a word the evidence never uses is the strongest
    sign of fabrication (as-built decision; ``docs/design/decisions.md``).
    """

    __slots__ = ("_idf", "n_spans", "unseen")

    def __init__(
        self, doc_freq: Mapping[str, int], n_spans: int, unseen_scale: float = 1.0
    ) -> None:
        self.n_spans = n_spans
        self.unseen = unseen_scale * (math.log1p(n_spans) if n_spans > 0 else 1.0)
        self._idf = {t: math.log1p(n_spans / df) for t, df in doc_freq.items() if df > 0}

    def __getitem__(self, token: str) -> float:
        return self._idf.get(token, self.unseen)

    def __contains__(self, token: object) -> bool:
        return token in self._idf

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._idf)

    def __len__(self) -> int:
        return len(self._idf)


def idf_table(
    span_token_lists: Sequence[Iterable[str]] | Sequence[Counter[str]],
    unseen_scale: float = 1.0,
) -> IdfTable:
    """Build the plan-local IDF table from each span's tokens (df counts spans, not uses).

    A token no span holds weighs ``unseen_scale`` × ln(1 + N) (the seed: 1).
    """
    df: Counter[str] = Counter()
    n = 0
    for tokens in span_token_lists:
        df.update(tokens.keys() if isinstance(tokens, Counter) else set(tokens))
        n += 1
    return IdfTable(df, n, unseen_scale)


def lexical_coverage(
    claim_tokens: Sequence[str] | Counter[str],
    span_tokens: Sequence[str] | Counter[str],
    idf: Mapping[str, float],
    optional: AbstractSet[str] = frozenset(),
) -> float:
    """Σ idf over the multiset intersection / Σ idf over the claim's tokens.

    Coverage, not F1: a long span that contains the claim verbatim scores 1.0.
    Returns 0.0 for a claim without tokens. ``optional`` tokens (words the claim
    took from its context) are left out: the span may name the subject or not,
    and naming it says nothing about the rest of the claim.
    """
    claim = claim_tokens if isinstance(claim_tokens, Counter) else Counter(claim_tokens)
    span = span_tokens if isinstance(span_tokens, Counter) else Counter(span_tokens)
    # an IdfTable answers every token itself (unseen ones with its unseen weight)
    weight = idf.__getitem__ if isinstance(idf, IdfTable) else partial(_lookup, idf)
    total = 0.0
    shared = 0.0
    for token, count in claim.items():
        if token in optional:
            continue
        hit = span.get(token, 0)
        w = weight(token)
        total += w * count
        if hit:
            shared += w * min(count, hit)
    if total <= 0.0:
        return 0.0
    return min(1.0, shared / total)


def _lookup(idf: Mapping[str, float], token: str) -> float:
    value = idf.get(token)
    if value is not None:
        return value
    unseen = getattr(idf, "unseen", None)
    if unseen is not None:
        return float(unseen)
    # a plain dict: treat unseen tokens as the heaviest weight it holds
    return max(idf.values(), default=1.0)
