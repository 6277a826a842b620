"""A multiple a claim states between two of its own figures, checked by its arithmetic.

"Your £60 contract costs twice as much as the £20 plan" gives 3, not 2; "membership roughly
doubled, from 8,400 to 11,900" gives 1.42. A claim says such a multiple in two shapes: the
multiple before the figure it multiplies, with the other figure earlier in the claim ("£45
is three times the £15 rate": an earlier one over the later, and any earlier one of its
kind may be the one compared), or before both figures, joined by "versus", "against" or
"to" ("twice as fast, at 145 Mbps versus 36 Mbps": read either way round). Only figures of
one kind are compared (years, dates and times never), and a multiple of how often ("twice
a day") is none. A multiple no more than a quarter away from what the figures give
agrees; a bound is kept to its side ("more than twice", "less than a third"; "nearly
doubled" is near 2 and under it). One that does not is a mark (``multiple_mismatch``),
never a deletion: the figures may not be the two the multiple compares. Pure functions of
the claim's text.
"""

from __future__ import annotations

import math
from decimal import Decimal

import regex

from ..contracts import ReasonCode
from ..lexicon.numbers import (
    HALF_BEFORE,
    MULTIPLE_BOUNDS,
    MULTIPLE_JOINS,
    MULTIPLE_NOT_BEFORE,
    MULTIPLE_WORDS,
    NUMBER_WORDS,
)
from .figures import claim_needs_at, figure_kind
from .findings import Finding

__all__ = ["multiple_finding"]

# how far a stated multiple may be from what its figures give (either way, as a ratio), and
# past its bound, by the rounding of its figures ("more than twice" is no 1.84)
SLACK = 1.25
BOUND_SLACK = 1.02
_HOW_OFTEN = frozenset({"twice", "thrice"})  # "twice a day"; "three times a day" by its number
_NOT_COMPARED = frozenset({"year", "date", "time", "unit:times"})
_NUMBER = r"\d+(?:\.\d+)?|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
_MULTIPLE = regex.compile(
    rf"\b(?:(?P<n>{_NUMBER})(?P<half>\s+and\s+a\s+half)?[\s-]+times|"
    + "|".join(sorted(MULTIPLE_WORDS, key=len, reverse=True))
    + r")\b",
    regex.IGNORECASE,
)
_NEXT_WORD = regex.compile(r"\s*([\p{L}.]+)")
_BREAK = regex.compile(r"[,;:.!?()]|\b(?:and|but|which|while|whereas)\b", regex.IGNORECASE)
# the join between two figures, after the first one's unit word ("145 Mbps versus 36")
_JOIN = regex.compile(
    r"^\s*(?:[\p{L}/%]+\s*)?(?:" + "|".join(regex.escape(j) for j in MULTIPLE_JOINS) + r")\s*$",
    regex.IGNORECASE,
)
_WINDOW = 40  # characters between a multiple and the figure it multiplies


def _value(m: regex.Match[str]) -> Decimal:
    if m.group("n") is None:
        return Decimal(MULTIPLE_WORDS[m.group(0).lower()])
    n = m.group("n").lower()
    value = Decimal(NUMBER_WORDS[n]) if n in NUMBER_WORDS else Decimal(n)
    return value + Decimal("0.5") if m.group("half") else value


def _of_how_often(claim: str, m: regex.Match[str]) -> bool:
    """Is the multiple one of how often ("twice a day"), or a "half" of no figure ("half an
    hour")?"""
    after = _NEXT_WORD.match(claim, m.end())
    word = after.group(1).lower() if after else ""
    said = m.group(0).lower()
    if said == "half":
        return word not in HALF_BEFORE
    # a verb of change is never how often ("doubled over the year", "halved since 2015")
    return word in MULTIPLE_NOT_BEFORE and (m.group("n") is not None or said in _HOW_OFTEN)


def _bound(claim: str, start: int) -> str | None:
    before = " ".join(claim[max(0, start - 24) : start].lower().split())
    for side, words in MULTIPLE_BOUNDS.items():
        if any(before.endswith(w) for w in words):
            return side
    return None


def _agrees(ratio: float, stated: float, bound: str | None) -> bool:
    if ratio <= 0 or stated <= 0:
        return True
    if bound == "above":
        return ratio >= stated / BOUND_SLACK
    below = ratio <= stated * BOUND_SLACK
    if bound == "below":
        return below
    near = abs(math.log(ratio / stated)) <= math.log(SLACK)
    return near and below if bound == "near" else near


def _ratios(
    claim: str, m: regex.Match[str], figures: list[tuple[int, int, str, Decimal]]
) -> list[float]:
    """What the figures the multiple at ``m`` may compare give: each earlier figure of its
    kind over the figure it multiplies, or the two figures after it either way round."""
    after = [f for f in figures if f[0] >= m.end()]
    if (
        after
        and after[0][0] - m.end() <= _WINDOW
        and not _BREAK.search(claim, m.end(), after[0][0])
    ):
        later = after[0]
        earlier = [f for f in figures if f[1] <= m.start() and f[2] == later[2]]
        if earlier:
            return [float(f[3] / later[3]) for f in reversed(earlier)]
    if (
        len(after) >= 2
        and after[0][2] == after[1][2]
        and _JOIN.match(claim[after[0][1] : after[1][0]])
    ):
        first, second = after[0][3], after[1][3]
        return sorted([float(first / second), float(second / first)], reverse=True)
    return []


def multiple_finding(claim: str) -> Finding | None:
    """A mark on the claim when a multiple it states between two of its own figures is not
    what they give."""
    if _MULTIPLE.search(claim) is None:
        return None
    figures = []
    for item, need in claim_needs_at(claim):
        kind = figure_kind(claim, item.start, item.end, item.kind, need.number)
        if need.number is not None and need.number > 0 and kind not in _NOT_COMPARED:
            figures.append((item.start, item.end, kind, need.number))
    for m in _MULTIPLE.finditer(claim):
        if _of_how_often(claim, m):
            continue
        ratios = _ratios(claim, m, [f for f in figures if not m.start() <= f[0] < m.end()])
        stated, bound = float(_value(m)), _bound(claim, m.start())
        if ratios and not any(_agrees(r, stated, bound) for r in ratios):
            return Finding(
                "multiple_mismatch",
                ReasonCode.NUMERIC_MISMATCH,
                f"the claim's figures give {ratios[0]:.2f} times, not {m.group(0)!r}",
                {"claimed": m.group(0)},
            )
    return None
