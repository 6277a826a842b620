"""A multiple a claim states between two of its own figures, checked by its arithmetic.

"Your £60 contract costs twice as much as the £20 plan" gives 3, not 2; "membership
doubled, from 8,400 to 11,900" gives 1.42. Three shapes are read, each tied to its
figures by position, and each read either way round (which figure is the base is not
read):

* a multiple word or "N times" just before what it multiplies (``MULTIPLE_BEFORE``: "twice
  the", "double your", "three times as", a possessive), whose figure follows within four
  words, in the same clause (not after a comma: "double that, 800" gives the result) and
  with no word that makes it another thing's or the result ("twice the battery life *of*
  the £800 model", "double your money *to* £100"), against the nearest earlier figure of
  its kind, within six words and in the same clause (a comma right after that figure sets
  the multiple beside it: "£36, four times the £12");
* the same multiple before two figures of one kind joined by "versus", "against" or
  "compared with" ("twice as fast, at 145 Mbps versus 36 Mbps"), when the figure after it
  is too far or another thing's for the first shape;
* a word of change by a multiple with "from A to B" or "to B from A" ("doubled from 8,400
  to 11,900", "rose threefold, from …", "cut in half, from …").

Years, dates, times, the numbers of names ("Core 7") and sums in two currencies are never
compared; "three times a day", "won it three times, in 2015 …", "two to three times", "a
double room", "the last half of the year" and "doubled to £50" (no base given) are read as
no multiple of a figure. An unhedged multiple agrees within SLACK of what its figures give,
a hedged one ("about") within LOOSE_SLACK; a bound keeps it to its side, to the figures'
rounding ("more than twice", "not more than twice", "less than a third"; "nearly doubled"
is near 2 and under it). One that does not agree is a mark (``multiple_mismatch``), never a
deletion: the figures may not be the two the multiple compares. Pure functions of the
claim's text.
"""

from __future__ import annotations

import math
from decimal import Decimal

import regex

from ..contracts import ReasonCode
from ..lexicon.multiples import (
    CHANGE_MULTIPLES,
    HALF_NOT_AFTER,
    MULTIPLE_BEFORE,
    MULTIPLE_BOUNDS,
    MULTIPLE_JOINS,
    MULTIPLE_NOT_BEFORE,
    MULTIPLE_OF_ANOTHER,
    MULTIPLE_WORDS,
)
from ..lexicon.numbers import CURRENCY_SIGNS, NUMBER_WORDS
from ..text.patterns import alternation
from .claim_figures import gated
from .figures import claim_needs_at, figure_kind
from .findings import Finding
from .numeric import Reading

__all__ = ["multiple_finding"]

# how far a stated multiple may be from what its figures give (as a ratio, either way):
# unhedged, a multiple rounds to its nearest whole or half; hedged ("about"), looser; past
# a bound, only by the figures' rounding
SLACK = 1.15
LOOSE_SLACK = 1.3
BOUND_SLACK = 1.02
_NOT_COMPARED = frozenset({"year", "date", "time", "unit:times"})
_NUMBER = r"\d+(?:\.\d+)?|" + alternation(NUMBER_WORDS)


_MULTIPLE = regex.compile(
    rf"(?<!(?:{_NUMBER})\s*(?:to|or|and|-|–)\s*)\b(?:(?P<n>{_NUMBER}|one(?=\s+and\s+a\s+half))"
    rf"(?P<half>\s+and\s+a\s+half)?[\s-]+times|(?P<word>{alternation(MULTIPLE_WORDS)})|"
    rf"(?P<change>{alternation(CHANGE_MULTIPLES)}))\b",
    regex.IGNORECASE,
)
_WORDS = regex.compile(r"[\p{L}'’]+")
# what ends the clause a multiple speaks in
_CLAUSE = r"[;:.!?()]|\b(?:and|but|which|while|whereas|when|because|if)\b"
_BREAK = regex.compile(_CLAUSE, regex.IGNORECASE)
# ... and between a multiple and the figure it multiplies, a comma too ("double that, 800"
# gives the result, not the base)
_APART = regex.compile(r",|" + _CLAUSE, regex.IGNORECASE)
# the comma that sets a multiple beside the figure it describes ("£36, four times the £12";
# "at £1,100, are more than twice"): the figure's unit word at most before it
_OPENING = regex.compile(r"^\s*(?:[\p{L}/%]+\s*)?,")
# a stretch between two figures is no clause ("doubled between 2020 and 2024, from …")
_BETWEEN = regex.compile(r"\bbetween\s+\S+\s+and\s+\S+", regex.IGNORECASE)
_JOIN = regex.compile(rf"^\s*(?:[\p{{L}}/%]+\s*)?(?:{alternation(MULTIPLE_JOINS)})\s*$", regex.I)
# the word that joins the two figures of a change, after the word before the first ("from
# 8,400 to 16,800", "to 12,000 from 8,000"), a unit and a year of the first between them
_CHANGE_JOINS = {
    opening: regex.compile(
        rf"^\s*(?:[\p{{L}}/%]+\s*)?(?:(?:in|by)\s+\d{{4}}\s*)?{join}\s*\p{{Sc}}?$",
        regex.IGNORECASE,
    )
    for opening, join in (("from", "to"), ("to", "from"))
}
_FROM = regex.compile(r"\bfrom\s+\p{Sc}?$", regex.IGNORECASE)
_OPENING_WORD = regex.compile(r"\b(?:from|to)\b", regex.IGNORECASE)
_WINDOW = 60  # characters from a multiple to the first of the figures it compares

Figure = tuple[int, int, str, Decimal]  # start, end, kind, value


def _compared(claim: str, item: Reading) -> bool:
    """A figure a multiple may compare: one the figure gate asks for (no number of a name:
    "Core 7"), or the first end of a change ("from £1.2 million to £1.7 million"), which the
    gate reads as a range's."""
    return gated(claim, item) or bool(_FROM.search(claim, max(0, item.start - 8), item.start))


def _kind(claim: str, start: int, kind: str) -> str:
    """A figure's kind, money by its currency sign ("¥7,900" is no multiple of "€98")."""
    if kind != "money":
        return kind
    signs = [c for c in claim[max(0, start - 2) : start + 1] if c in CURRENCY_SIGNS]
    return f"money:{signs[-1] if signs else ''}"


def _value(m: regex.Match[str]) -> float:
    if m.group("n") is not None:
        n = m.group("n").lower()
        value = float(NUMBER_WORDS.get(n, 1 if n == "one" else 0)) or float(n)
        return value + 0.5 if m.group("half") else value
    word = m.group(0).lower()
    return float(MULTIPLE_WORDS.get(word) or CHANGE_MULTIPLES[word])


def _of_a_figure(claim: str, m: regex.Match[str]) -> bool:
    """Is the multiple at ``m`` one of what follows it, not of how often ("three times a
    day") or of a stretch ("the first half of the year")?"""
    after = _WORDS.findall(claim, m.end(), m.end() + 30)
    word = after[0].lower() if after and claim[m.end() : m.end() + 1] not in ",;" else ""
    if m.group("n") is not None:  # "won it three times, in 2015 …": occasions
        return bool(word) and word not in MULTIPLE_NOT_BEFORE
    before = _WORDS.findall(claim, max(0, m.start() - 20), m.start())
    if m.group(0).lower() == "half" and before and before[-1].lower() in HALF_NOT_AFTER:
        return False
    # a possessive is a determiner too ("twice Manchester's £1,250")
    return word in MULTIPLE_BEFORE or word.endswith(("'s", "’s"))


_BOUNDS = sorted(
    ((w, side) for side, words in MULTIPLE_BOUNDS.items() for w in words),
    key=lambda b: len(b[0]),
    reverse=True,
)  # the longest first: "not more than" is below, "more than" above


def _bound(claim: str, start: int) -> str | None:
    before = " ".join(claim[max(0, start - 24) : start].lower().split())
    return next((side for w, side in _BOUNDS if before.endswith(w)), None)


def _agrees(ratio: float, stated: float, bound: str | None) -> bool:
    if ratio <= 0 or stated <= 0:
        return True
    off = abs(math.log(ratio / stated))
    if bound == "above":
        return ratio >= stated / BOUND_SLACK
    if bound == "below":
        return ratio <= stated * BOUND_SLACK
    if bound == "near":
        return off <= math.log(LOOSE_SLACK) and ratio <= stated * BOUND_SLACK
    return off <= math.log(LOOSE_SLACK if bound == "about" else SLACK)


def _joined(claim: str, after: list[Figure], join: regex.Pattern[str]) -> list[float]:
    """The two figures after a multiple, joined by ``join``: their ratio either way."""
    if len(after) < 2 or after[0][2] != after[1][2]:
        return []
    if not join.match(claim[after[0][1] : after[1][0]]):
        return []
    first, second = after[0][3], after[1][3]
    return sorted([float(first / second), float(second / first)], reverse=True)


def _broken(claim: str, start: int, end: int) -> bool:
    """Does a clause end between ``start`` and ``end`` (a stretch "between A and B" is none)?"""
    return bool(_BREAK.search(_BETWEEN.sub(lambda b: " " * len(b.group(0)), claim[start:end])))


def _changed(claim: str, m: regex.Match[str], figures: list[Figure]) -> list[float]:
    """The two figures a word of change compares: after the first "from" or "to" that
    follows it in its clause ("doubled over five years, from £1.2 million to …")."""
    if _WORDS.findall(claim, m.end(), m.end() + 4)[:1] in (["a"], ["an"]):
        return []  # "in half an hour"
    for opening in _OPENING_WORD.finditer(claim, m.end(), m.end() + _WINDOW):
        if _broken(claim, m.end(), opening.start()):
            return []
        after = [f for f in figures if f[0] >= opening.end()]
        if after and not _WORDS.search(claim, opening.end(), after[0][0]):
            # the figure right after the word ("to March" is no figure)
            return _joined(claim, after, _CHANGE_JOINS[opening.group(0).lower()])
    return []


def _ratios(claim: str, m: regex.Match[str], figures: list[Figure]) -> list[float]:
    """What the figures the multiple at ``m`` may compare give (none: not read)."""
    if m.group("change") is not None:
        return _changed(claim, m, figures)
    after = [f for f in figures if f[0] >= m.end()]
    if not after or after[0][0] - m.end() > _WINDOW or _broken(claim, m.end(), after[0][0]):
        return []
    between = [w.lower() for w in _WORDS.findall(claim, m.end(), after[0][0])]
    if len(between) <= 4 and MULTIPLE_OF_ANOTHER.isdisjoint(between[1:]):
        later = after[0]
        if _APART.search(claim, m.end(), later[0]):
            return []
        earlier = [f for f in figures if f[1] <= m.start() and f[2] == later[2]]
        gap = claim[earlier[-1][1] : m.start()] if earlier else ""
        if not earlier or _APART.search(_OPENING.sub("", gap)) or len(_WORDS.findall(gap)) > 6:
            return []
        first = earlier[-1][3]
        return sorted([float(first / later[3]), float(later[3] / first)], reverse=True)
    return _joined(claim, after, _JOIN)


def multiple_finding(claim: str) -> Finding | None:
    """A mark on the claim when a multiple it states between two of its own figures is not
    what they give."""
    if _MULTIPLE.search(claim) is None:
        return None
    figures: list[Figure] = []
    for item, need in claim_needs_at(claim, _compared):
        kind = _kind(
            claim, item.start, figure_kind(claim, item.start, item.end, item.kind, need.number)
        )
        if need.number is not None and need.number > 0 and kind not in _NOT_COMPARED:
            figures.append((item.start, item.end, kind, need.number))
    for m in _MULTIPLE.finditer(claim):
        if m.group("change") is None and not _of_a_figure(claim, m):
            continue
        ratios = _ratios(claim, m, [f for f in figures if not m.start() <= f[0] < m.end()])
        stated, bound = _value(m), _bound(claim, m.start())
        if ratios and not any(_agrees(r, stated, bound) for r in ratios):
            return Finding(
                "multiple_mismatch",
                ReasonCode.NUMERIC_MISMATCH,
                f"the claim's figures give {ratios[0]:.2f} times, not {m.group(0)!r}",
                {"claimed": m.group(0)},
            )
    return None
