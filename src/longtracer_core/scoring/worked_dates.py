"""Dates an answer works out for the user: a stated date, a stated duration later.

"With spots from Monday 3 March she'd typically be ready around Saturday 8 March", where
the source says the spots crust over "around 5 days after the first spots came out"; "for
a race on 12 October you'd want to begin by 22 June" for "16 to 18 weeks of training". No
source states 8 March or 22 June. Each is a stated date plus or minus a stated duration,
to the day, and is checked by that arithmetic:

* the date counted from is one the claim writes that the evidence or the user states, one
  of the user's (their question, the claim's context), or one of the evidence sentences
  closest to the claim (those that hold most of its words, four at most);
* the duration is the claim's, the user's or such a sentence's, counted forwards where the
  sentence says "after", "later" or "from" and none of "before", "earlier", "prior",
  "ahead" (``lexicon.dates``), backwards the other way round, else either way;
* two unstated dates of one claim never explain each other, and a date with no year is
  counted in a common year (no 29 February);
* a weekday the claim writes before such a date is borne out when it is the date's own
  (a date with its year), or follows from the weekday the claim writes before the date
  counted from, which the sources or the user write too ("Monday 3 March", five days on:
  "Saturday 8 March").

A date no such step gives is still a figure to find. Pure functions over figure readings.
"""

from __future__ import annotations

import calendar
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

import regex

from ..lexicon.dates import COUNTED_BACK, COUNTED_FORWARD, WEEKDAYS
from .claim_figures import claim_figures
from .clause_checks import content_words
from .derivation import number
from .evidence_index import EvidenceIndex, EvidenceSentence, closest_sentence, figure_kinds
from .figures import Need, needs_met
from .periods import date_parts

__all__ = ["WorkedDates", "worked_dates"]

# a day and month without a year are counted in a common year (no 29 February)
_COMMON_YEAR = 2001
# the closest sentences read at most, in document order, where several tie
_TIES = 4
# the longest stretch counted, per unit: durations beyond it are no step a reader counts
_LONGEST = {"day": 366, "week": 104, "month": 120, "year": 50}


def _day(reading: str, year: int) -> date | None:
    y, m, d = date_parts(reading)
    if not (m and d):
        return None
    try:
        return date(int(y) if y else year, int(m), int(d))
    except ValueError:
        return None


def _shift(day: date, n: int, unit: str) -> date | None:
    """``day`` moved by ``n`` units (a month or a year later: the same day of the month,
    or that month's last day); None beyond the calendar."""
    try:
        if unit in ("day", "week"):
            return day + timedelta(days=n * (7 if unit == "week" else 1))
        months = day.month - 1 + n * (12 if unit == "year" else 1)
        year, month = day.year + months // 12, months % 12 + 1
        return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))
    except (OverflowError, ValueError):
        return None


_AFTER = regex.compile(rf"\b(?:{'|'.join(COUNTED_FORWARD)})\b", regex.I)
_BEFORE = regex.compile(rf"\b(?:{'|'.join(COUNTED_BACK)})\b", regex.I)


def _ways(text: str) -> tuple[int, ...]:
    """The ways a sentence counts its durations: forwards, backwards or either."""
    after, before = _AFTER.search(text) is not None, _BEFORE.search(text) is not None
    if after != before:
        return (1,) if after else (-1,)
    return (1, -1)


def _steps(kinds: Iterable[tuple[str, str]], ways: tuple[int, ...]) -> set[tuple[int, str]]:
    """(signed count, unit) of each whole duration among figure ``kinds``."""
    out: set[tuple[int, str]] = set()
    for kind, value in kinds:
        unit = kind[5:] if kind.startswith("unit:") else ""
        n = number(value)
        whole = n is not None and n == n.to_integral_value()
        if unit in _LONGEST and whole and n is not None and 0 < n <= _LONGEST[unit]:
            out.update((way * int(n), unit) for way in ways)
    return out


def _counted(
    reading: str, stated: Iterable[str], steps: Iterable[tuple[int, str]]
) -> tuple[str, int] | None:
    """(the stated date, the days from it) of the step that gives ``reading``."""
    steps = list(steps)
    year = date_parts(reading)[0]
    for anchor in stated:
        both = bool(year and date_parts(anchor)[0])
        target = _day(reading, _COMMON_YEAR if not both else int(year or 0))
        start = _day(anchor, _COMMON_YEAR)
        if target is None or start is None or anchor == reading:
            continue
        for n, unit in steps:
            end = _shift(start, n, unit)
            if end is not None and (
                end == target if both else (end.month, end.day) == (target.month, target.day)
            ):
                return anchor, (end - start).days
    return None


def _dates(claim: str) -> list[tuple[int, Need]]:
    """Where each of the claim's dates starts, with its reading."""
    return [(item[0], need) for item, need in claim_figures(claim) if item[2] == "date"]


_Case = tuple[list[tuple[int, Need]], list[str], set[tuple[int, str]]]


def _case(claim: str, index: EvidenceIndex, user: Sequence[tuple[str, str]]) -> _Case | None:
    """The claim's dates no source states (where each starts), the dates to count from
    and the steps to count by; None when there is nothing to count."""
    dates = _dates(claim)
    unstated = [(at, need) for at, need in dates if not needs_met([need], index.figures)]
    if not unstated:
        return None
    closest = _closest(frozenset(content_words(claim)), index)
    stated = [need.readings[0] for at, need in dates if (at, need) not in unstated]
    stated += [value for kind, value in user if kind == "date"]
    stated += [value for s in closest for kind, value in s.kinds if kind == "date"]
    steps = _steps([*figure_kinds(claim), *user], (1, -1))
    for s in closest:
        steps |= _steps(s.kinds, _ways(s.text))
    return (unstated, stated, steps) if stated and steps else None


def _closest(words: frozenset[str], index: EvidenceIndex) -> list[EvidenceSentence]:
    """The evidence sentences that hold most of the claim's content words (all of them
    when several hold as many)."""
    best, share = closest_sentence(words, index)
    if best is None or not share:
        return []
    most = len(words & best.content)
    return [s for s in index.sentences if len(words & s.content) == most][:_TIES]


@dataclass(frozen=True)
class WorkedDates:
    """A claim's dates no source states that a stated date moved by a stated duration
    gives, read once: each date's need, the date counted from and the days counted."""

    claim: str
    counted: tuple[tuple[Need, str, int], ...] = ()

    @property
    def readings(self) -> frozenset[str]:
        """The readings of the worked dates."""
        return frozenset(r for need, _, _ in self.counted for r in need.readings)

    def weekdays(self, texts: Sequence[str]) -> frozenset[int]:
        """The weekdays (0: Monday) of the worked dates: a date with its year, its own; one
        without, the weekday the claim writes before the date counted from, moved on by
        the days counted, where ``texts`` (the sources, the user's question) write that
        weekday too ("from Monday 3 March ... around Saturday 8 March": five days on from
        a Monday the user names)."""
        named = {w.casefold() for t in texts for w in _WORD.findall(t)}
        days = {
            need.readings[0]: w
            for at, need in _dates(self.claim)
            if (w := _weekday_before(self.claim, at)) is not None and WEEKDAYS[w] in named
        }
        out: set[int] = set()
        for need, anchor, moved in self.counted:
            day = _day(need.readings[0], _COMMON_YEAR)
            if date_parts(need.readings[0])[0] and day is not None:
                out.add(day.weekday())  # a date with its year: its own weekday
            elif anchor in days:
                out.add((days[anchor] + moved) % 7)
        return frozenset(out)


def worked_dates(claim: str, index: EvidenceIndex, user: Sequence[tuple[str, str]]) -> WorkedDates:
    """The claim's dates that no source states and that a stated date moved by a stated
    duration gives, to the day, with the year only when both dates have one (else both
    are counted in a common year); ``user`` holds the (kind, value) figures of the
    question and the claim's context."""
    case = _case(claim, index, user)
    if case is None:
        return WorkedDates(claim)
    unstated, stated, steps = case
    counted = []
    for _, need in unstated:
        found = _counted(need.readings[0], stated, steps)
        if found is not None:
            counted.append((need, *found))
    return WorkedDates(claim, tuple(counted))


_WORD = regex.compile(r"\p{L}+")
_WEEKDAY = regex.compile(rf"\b({'|'.join(WEEKDAYS)}),?\s+$", regex.I)


def _weekday_before(claim: str, at: int) -> int | None:
    m = _WEEKDAY.search(claim[max(0, at - 12) : at])
    return WEEKDAYS.index(m[1].lower()) if m else None
