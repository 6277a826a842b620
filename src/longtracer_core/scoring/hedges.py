"""How a figure is asserted: exactly, approximately, or as a bound.

The words before a figure ("about", "more than", "up to") and, given its end, after it
("3,000+", "3,400 or so", "11 or more", "4 and under") (``hedge_at``); and for a bound,
whether it holds its own figure ("4 and under") or not ("under 5"; ``bound_at``). Pure
functions over text.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Literal

import regex

__all__ = ["LOOKBEHIND", "LOOSE_AFTER", "Hedge", "bound_at", "hedge_at", "loose_range"]

Hedge = Literal["exact", "approx", "min", "max"]

LOOKBEHIND = 28  # characters before a figure read for its hedge
_APPROX = regex.compile(
    r"(?:about|around|roughly|approximately|approx\.?|nearly|almost|some|close\s+to|"
    r"an\s+estimated|estimated|circa|c\.|ca\.|~|≈|just\s+(?:over|under))\s*[$€£¥₹]?$",
    flags=regex.IGNORECASE,
)
_ABOUT = r"(?:\s+(?:about|around|roughly|approximately|approx\.?|some))?"
# "no more than" is at most and "no less than" at least: a "more than" or "less than" after
# "no" or "not" is the other bound
_NOT = r"(?<!\bno\s)(?<!\bnot\s)"
_AT_LEAST = regex.compile(
    r"(?:" + _NOT + r"more\s+than|over|above|at\s+least|upwards\s+of|in\s+excess\s+of|"
    r"exceeding|greater\s+than|beyond|not?\s+(?:less|fewer)\s+than)" + _ABOUT + r"\s*[$€£¥₹]?$",
    flags=regex.IGNORECASE,
)
_AT_MOST = regex.compile(
    r"(?:" + _NOT + r"(?:less|fewer)\s+than|under|below|at\s+most|up\s+to|no\s+more\s+than|"
    r"not\s+more\s+than|within)" + _ABOUT + r"\s*[$€£¥₹]?$",
    flags=regex.IGNORECASE,
)
# the same, written after the figure
_AT_LEAST_AFTER = regex.compile(
    # "3,000+ staff", not "£150+VAT" (a sum, "+ VAT", "+ tax")
    r"\+(?!\s*(?:vat|tax|taxes|fees?|postage|p&p|delivery|shipping|tips?|\d))"
    r"|\s+(?:or|and)\s+(?:more|over|above|older|higher|longer|greater)\b",
    regex.IGNORECASE,
)
_AT_MOST_AFTER = regex.compile(
    r"\s+(?:or|and)\s+(?:less|fewer|under|below|younger|lower|shorter)\b", regex.IGNORECASE
)
_APPROX_AFTER = regex.compile(r"\s*(?:or\s+so|or\s+thereabouts|-?ish)\b", regex.IGNORECASE)


# a figure put so loosely that another value near it proves nothing: "in the region of
# 18,000", "the best part of £400", "410-odd seats", "400-plus bedrooms"
_LOOSE_BEFORE = regex.compile(
    r"(?:in\s+the\s+(?:region|neighbou?rhood)\s+of|(?:in|on)\s+the\s+order\s+of|"
    r"the\s+best\s+part\s+of)\s*[$€£¥₹]?$",
    flags=regex.IGNORECASE,
)
# "-odd", "–odd", "‑plus"; not "3-plus-1"
LOOSE_AFTER = regex.compile(r"[-‐‑–](?:odd|plus)\b(?![-‐‑–]\d)", regex.IGNORECASE)


def loose_range(
    text: str, start: int, end: int, number: Decimal, last: int
) -> Callable[[Decimal], bool] | None:
    """Which values a loosely put figure (``text[start:end]``, ``number``, its last written
    digit at exponent ``last``) allows, else None: "400-plus" 400 or more; "8,000-odd"
    from 8,000 to below the next unit of its last digit (9,000); "in the region of 1,300"
    within half that unit either way (1,250 to 1,350)."""
    unit = Decimal(1).scaleb(last)
    after = LOOSE_AFTER.match(text, end)
    if after is not None:
        if after.group(0).lower().endswith("plus"):
            return lambda v: v >= number
        return lambda v: number <= v < number + unit
    if _LOOSE_BEFORE.search(text[max(0, start - LOOKBEHIND) : start]):
        return lambda v: abs(v - number) <= unit / 2
    return None


def hedge_at(text: str, start: int, end: int | None = None) -> Hedge:
    """How a figure is asserted, from the words before it and, given its ``end``, after
    it ("3,000+", "3,400 or so", "11 or more", "4 and under")."""
    before = text[max(0, start - LOOKBEHIND) : start]
    after = text[end : end + LOOKBEHIND] if end is not None else ""
    if _AT_LEAST.search(before) or _AT_LEAST_AFTER.match(after):
        return "min"
    if _AT_MOST.search(before) or _AT_MOST_AFTER.match(after):
        return "max"
    if _APPROX.search(before) or _APPROX_AFTER.match(after):
        return "approx"
    return "exact"


# whole-number bounds: (way, inclusive) of the words before or after the figure
_BOUND_BEFORE = (
    (regex.compile(r"(?:under|below|" + _NOT + r"(?:less|fewer)\s+than|younger\s+than)\s*$",
                   regex.I),
     ("max", False)),
    (regex.compile(r"(?:at\s+most|up\s+to|no\s+more\s+than|not\s+more\s+than)\s*$", regex.I),
     ("max", True)),
    (regex.compile(r"(?:over|above|" + _NOT + r"more\s+than|older\s+than|greater\s+than)\s*$",
                   regex.I),
     ("min", False)),
    (regex.compile(r"(?:at\s+least|not?\s+fewer\s+than|not?\s+less\s+than)\s*$", regex.I),
     ("min", True)),
)  # fmt: skip
_BOUND_AFTER = (
    (regex.compile(r"^\s*(?:and|or)\s+(?:under|below|less|fewer|younger)\b", regex.I),
     ("max", True)),
    (regex.compile(r"^\s*(?:and|or)\s+(?:over|above|more|older)\b", regex.I), ("min", True)),
)  # fmt: skip


def bound_at(text: str, start: int, end: int) -> tuple[str, bool] | None:
    """(way, inclusive) of a figure written as a bound ("under 5": max, not inclusive; "4
    and under": max, inclusive), else None."""
    before, after = text[max(0, start - 24) : start], text[end : end + 24]
    for pattern, bound in _BOUND_AFTER:
        if pattern.search(after):
            return bound
    return next((bound for pattern, bound in _BOUND_BEFORE if pattern.search(before)), None)
