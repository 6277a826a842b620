"""Weekdays and months named without a date: figures of their own.

"The museum is open Monday to Sunday" where the sources say "Tuesday to Sunday" names a
day no source states. A full date ("3 June 2024", "on 3 June") is a figure the figure
checks read; a weekday or a month named alone is read here. The evidence *covers* a day
or a month when it names it, or a range holds it ("Tuesday to Sunday", "Tue–Sun",
"between October and March", which wraps the year), or a word that spans days does
("weekdays", "weekends", "daily", "every day", "seven days a week"). A claim's day or
month that neither the evidence, the user's question nor the claim's context covers is
unverified: a mark, never a deletion (an answer may infer "closed on Mondays" from "open
Tuesday to Sunday"). Pure functions of text.
"""

from __future__ import annotations

from collections.abc import Iterable

import regex

from ..contracts import ReasonCode
from ..lexicon.dates import MONTH_ABBREVIATIONS, MONTHS, WEEKDAY_ABBREVIATIONS, WEEKDAYS
from .findings import Finding

__all__ = ["calendar_finding", "uncovered_calendar_words"]

_DAYS = {name: i for i, name in enumerate(WEEKDAYS)}
_DAYS.update(
    {
        short: _DAYS[next(d for d in WEEKDAYS if d.startswith(short[:3]))]
        for short in WEEKDAY_ABBREVIATIONS
    }
)
_MONTHS = {
    **{name: n - 1 for name, n in MONTHS.items()},
    **{k: n - 1 for k, n in MONTH_ABBREVIATIONS.items()},
}


def _alternatives(words: Iterable[str]) -> str:
    return "|".join(sorted(words, key=len, reverse=True))


# a day or a month name, capitalised, plural allowed ("Mondays"), an abbreviation with or
# without its full stop; "May" only where it dates (after a word that takes a month, or
# before a year or a day), never the modal ("May drain …")
_NAME = rf"(?:{_alternatives(w.capitalize() for w in [*_DAYS, *_MONTHS])})"
_WORD = regex.compile(rf"\b(?P<w>{_NAME})s?\.?(?![\p{{L}}])")
_MODAL_MAY = regex.compile(r"May(?!\s+(?:\d|and|to|or|through|until|–|-))")
_DATED_MAY = regex.compile(
    r"\b(?:in|by|from|until|till|since|of|to|and|through|early|late|mid|last|next|each|every|between)\s+$",
    regex.I,
)
# the range joining two names: "to", "through", "until", "till", "into", a dash, or "and"
# after "between" ("Monday and Friday" names two days)
_RANGE = regex.compile(
    rf"(?:\bbetween\s+(?P<a>{_NAME})s?\.?\s+and\s+(?P<b>{_NAME})"
    rf"|(?P<a>{_NAME})s?\.?\s*(?:–|—|-|to|through|thru|until|till|into)\s*(?P<b>{_NAME}))s?\b",
    regex.I,
)
_ALL_DAYS = regex.compile(
    r"\b(?:daily|every\s+day|seven\s+days\s+a\s+week|7\s+days\s+a\s+week|all\s+week)\b", regex.I
)
_WEEKDAYS = regex.compile(r"\bweekdays?\b|\bworking\s+days?\b|\bMonday[-–\s]+Friday\b", regex.I)
_WEEKEND = regex.compile(r"\bweekends?\b", regex.I)
_DATE_DIGIT = regex.compile(r"\d\s*(?:st|nd|rd|th)?\s*$|^\s*\d")


def _read(name: str) -> tuple[str, int]:
    folded = name.lower().rstrip(".")
    if folded in _DAYS:
        return "day", _DAYS[folded]
    return "month", _MONTHS[folded]


def _named(text: str, dates: bool = False) -> set[tuple[str, int]]:
    """The days and months ``text`` names alone (with ``dates``, in a date too)."""
    out: set[tuple[str, int]] = set()
    for m in _WORD.finditer(text):
        word = m["w"]
        if word == "May" and (
            _MODAL_MAY.match(text, m.start()) and not _DATED_MAY.search(text[: m.start()])
        ):
            continue
        kind, value = _read(word)
        dated = _DATE_DIGIT.search(text[max(0, m.start() - 6) : m.start()]) or _DATE_DIGIT.match(
            text[m.end() : m.end() + 6]
        )
        if kind == "month" and dated and not dates:
            continue  # "3 June", "June 3", "June 2024": the figure checks read a date
        out.add((kind, value))
    return out


def _covered(text: str) -> set[tuple[str, int]]:
    """Every day and month ``text`` names or covers (ranges wrap: "October to March")."""
    out = _named(text, dates=True)
    for m in _RANGE.finditer(text):
        (ka, a), (kb, b) = _read(m["a"]), _read(m["b"])
        if ka != kb:
            continue
        size = 7 if ka == "day" else 12
        out.update((ka, (a + i) % size) for i in range((b - a) % size + 1))
    if _ALL_DAYS.search(text):
        out.update(("day", i) for i in range(7))
    if _WEEKDAYS.search(text):
        out.update(("day", i) for i in range(5))
    if _WEEKEND.search(text):
        out.update({("day", 5), ("day", 6)})
    return out


def calendar_finding(claim: str, evidence: Iterable[str]) -> Finding | None:
    """The finding on the days and months of ``claim`` nothing in ``evidence`` covers: a
    figure no source states (marked)."""
    missing = uncovered_calendar_words(claim, evidence)
    if not missing:
        return None
    written = ", ".join(dict.fromkeys(missing))
    return Finding(
        "figure_absent", ReasonCode.NUMERIC_MISMATCH, f"no source states {written}",
        {"claimed": written},
    )  # fmt: skip


def uncovered_calendar_words(claim: str, evidence: Iterable[str]) -> list[str]:
    """The days and months ``claim`` names alone that no text of ``evidence`` (the
    sources' sentences, the user's question, the claim's context) names or covers, as
    the claim writes them."""
    mine = _named(claim)
    if not mine:
        return []
    covered: set[tuple[str, int]] = set()
    for text in evidence:
        covered |= _covered(text)
    missing = mine - covered
    if not missing:
        return []
    return [m["w"] for m in _WORD.finditer(claim) if _read(m["w"]) in missing]
