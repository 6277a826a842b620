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

import contextlib
from collections.abc import Iterable, Sequence
from datetime import date

import regex

from ..contracts import ReasonCode
from ..lexicon.dates import (
    AMBIGUOUS_CALENDAR_WORDS,
    CALENDAR_LEADS,
    MONTH_ABBREVIATIONS,
    MONTHS,
    WEEKDAY_ABBREVIATIONS,
    WEEKDAYS,
)
from ..text.memo import short_text_cache
from ..text.patterns import alternation
from .findings import Finding
from .periods import date_parts

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


# a day or a month name, capitalised, plural allowed ("Mondays"), an abbreviation with or
# without its full stop
_NAME = rf"(?:{alternation(w.capitalize() for w in [*_DAYS, *_MONTHS])})"
_WORD = regex.compile(rf"\b(?P<w>{_NAME})s?\.?(?![\p{{L}}])")
# the cue that dates an ambiguous calendar word (``AMBIGUOUS_CALENDAR_WORDS``: "in May",
# "on Sat"; a number after it dates it too: "March 2025")
_CUE = regex.compile(
    r"\b(?:in|on|by|from|until|till|since|of|to|and|through|early|late|mid|last|next|this"
    r"|each|every|between|before|after)\s+$",
    regex.I,
)
_NEXT_WORD = regex.compile(r"\s+(\p{Lu}\p{L}+)")
_LAST_WORD = regex.compile(r"(\p{Lu}\p{L}+)\s+$")
# the range joining two names: "to", "through", "until", "till", "into", a dash, or "and"
# after "between" ("Monday and Friday" names two days)
_RANGE = regex.compile(
    rf"(?:\bbetween\s+(?P<a>{_NAME})s?\.?\s+and\s+(?P<b>{_NAME})"
    rf"|(?P<a>{_NAME})s?\.?\s*(?:–|—|-|to|through(?:\s+to)?|thru|until|till|into)\s*"
    rf"(?P<b>{_NAME}))s?\b",
    regex.I,
)
_ALL_DAYS = regex.compile(
    r"\b(?:daily|every\s+day|seven\s+days\s+a\s+week|7\s+days\s+a\s+week|all\s+week)\b", regex.I
)
_WEEKDAYS = regex.compile(r"\bweekdays?\b|\b(?:working|business)\s+days?\b", regex.I)
_ALL_MONTHS = regex.compile(
    r"\b(?:year[-\s]round|all\s+year|every\s+month|each\s+month|monthly|throughout\s+the\s+year)\b",
    regex.I,
)
_WEEKEND = regex.compile(r"\bweekends?\b", regex.I)
_DATE_DIGIT = regex.compile(r"\d\s*(?:st|nd|rd|th)?\s*$|^\s*\d")


def _read(name: str) -> tuple[str, int]:
    folded = name.lower().rstrip(".")
    if folded in _DAYS:
        return "day", _DAYS[folded]
    return "month", _MONTHS[folded]


def _named(text: str, dates: bool = False) -> set[tuple[str, int]]:
    """The days and months ``text`` names alone (with ``dates``, in a date too); not one of
    a name ("Easter Sunday", "Brian May", "the October Revolution", "Dr June Smith") nor
    an ambiguous word no cue dates."""
    out: set[tuple[str, int]] = set()
    for m in _WORD.finditer(text):
        word, before = m["w"], text[: m.start()]
        after = _DATE_DIGIT.match(text[m.end() : m.end() + 6])
        if word.lower().rstrip(".") in AMBIGUOUS_CALENDAR_WORDS and not (
            _CUE.search(before) or after
        ):
            continue
        if _in_a_name(text, m.start(), m.end()):
            continue
        kind, value = _read(word)
        dated = _DATE_DIGIT.search(text[max(0, m.start() - 6) : m.start()]) or after
        if kind == "month" and dated and not dates:
            continue  # "3 June", "June 3", "June 2024": the figure checks read a date
        out.add((kind, value))
    return out


def _in_a_name(text: str, start: int, end: int) -> bool:
    """Is the word at ``text[start:end]`` part of a name: a capitalised word beside it that
    is no calendar word and no word that leads one (``CALENDAR_LEADS``: "On", "Open")?"""
    for found in (_LAST_WORD.search(text[:start]), _NEXT_WORD.match(text, end)):
        if found is None:
            continue
        word = found[1]
        if _WORD.fullmatch(word) is None and word.lower() not in CALENDAR_LEADS:
            return True
    return False


@short_text_cache(maxsize=4096)
def _covered(text: str) -> frozenset[tuple[str, int]]:
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
    if _ALL_MONTHS.search(text):
        out.update(("month", i) for i in range(12))
    return frozenset(out)


def _dated(readings: Sequence[str]) -> set[tuple[str, int]]:
    """The weekday of each full date and the month of each date among one sentence's date
    readings ("2025-03-08": a Saturday in March; "--03-31"; "2025-03"), and the months
    between its first and last ("between 1 November and 31 March")."""
    out: set[tuple[str, int]] = set()
    months: list[int] = []
    for reading in readings:
        year, number, day = date_parts(reading)
        if not (number and number.isdigit()):
            continue
        month = int(number) - 1
        months.append(month)
        out.add(("month", month))
        if year and day:
            with contextlib.suppress(ValueError):
                out.add(("day", date(int(year), month + 1, int(day)).weekday()))
    if len(months) > 1:
        first, last = months[0], months[-1]
        out.update(("month", (first + i) % 12) for i in range((last - first) % 12 + 1))
    return out


def calendar_finding(
    claim: str,
    evidence: Iterable[str],
    dates: Iterable[Sequence[str]] = (),
    days: Iterable[int] = (),
) -> Finding | None:
    """The finding on the days and months of ``claim`` nothing in ``evidence`` (texts) or
    ``dates`` (each sentence's date readings) covers, nor ``days`` (weekdays, 0: Monday,
    the claim's own arithmetic bears out): a figure no source states (marked)."""
    missing = uncovered_calendar_words(claim, evidence, dates, days)
    if not missing:
        return None
    written = ", ".join(dict.fromkeys(missing))
    return Finding(
        "figure_absent", ReasonCode.NUMERIC_MISMATCH, f"no source states {written}",
        {"claimed": written},
    )  # fmt: skip


def uncovered_calendar_words(
    claim: str,
    evidence: Iterable[str],
    dates: Iterable[Sequence[str]] = (),
    days: Iterable[int] = (),
) -> list[str]:
    """The days and months ``claim`` names alone that no text of ``evidence`` (the
    sources' sentences, the user's question, the claim's context) names or covers, as
    the claim writes them."""
    mine = _named(claim)
    if not mine:
        return []
    covered: set[tuple[str, int]] = {("day", d) for d in days}
    for text in evidence:
        covered |= _covered(text)
    for readings in dates:
        covered |= _dated(readings)
    missing = mine - covered
    if not missing:
        return []
    return [m["w"] for m in _WORD.finditer(claim) if _read(m["w"]) in missing]
