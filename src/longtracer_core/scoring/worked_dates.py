"""Dates an answer works out for the user: a stated date, a stated duration later.

"With spots from Monday 3 March she'd typically be ready around Saturday 8 March", where
the source says the spots crust over "around 5 days after the first spots came out"; "for
a race on 12 October you'd want to begin by 22 June" for "16 to 18 weeks of training". No
source states 8 March or 22 June. Each is a date that is stated (by the evidence, or by the
user: their question and the claim's context) plus or minus a duration that the evidence or
the claim states, to the day. Such a date is checked by its arithmetic. A date no such step
gives is still a figure to find, and two unstated dates of one claim never explain each
other (the date counted from must be stated). Pure functions over figure readings.
"""

from __future__ import annotations

import calendar
from collections.abc import Iterable, Sequence
from datetime import date, timedelta

from .claim_figures import claim_figures
from .derivation import number
from .evidence_index import EvidenceIndex, figure_kinds
from .figures import needs_met
from .periods import date_parts

__all__ = ["worked_date", "worked_dates"]

# a day and month without a year are counted in a common year (no 29 February)
_COMMON_YEAR = 2001
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


def _shift(day: date, n: int, unit: str) -> date:
    """``day`` moved by ``n`` units (a month or a year later: the same day of the month,
    or that month's last day)."""
    if unit in ("day", "week"):
        return day + timedelta(days=n * (7 if unit == "week" else 1))
    months = day.month - 1 + n * (12 if unit == "year" else 1)
    year, month = day.year + months // 12, months % 12 + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def _steps(kinds: Iterable[tuple[str, str]]) -> set[tuple[int, str]]:
    """(count, unit) of each whole duration among figure ``kinds``, both ways."""
    out: set[tuple[int, str]] = set()
    for kind, value in kinds:
        unit = kind[5:] if kind.startswith("unit:") else ""
        n = number(value)
        whole = n is not None and n == n.to_integral_value()
        if unit in _LONGEST and whole and n is not None and 0 < n <= _LONGEST[unit]:
            out.update({(int(n), unit), (-int(n), unit)})
    return out


def worked_date(reading: str, stated: Iterable[str], durations: Iterable[tuple[str, str]]) -> bool:
    """Is ``reading`` (a day of a month, with its year or without) one of the ``stated``
    dates plus or minus one of the ``durations`` ((kind, value) figure readings: days,
    weeks, months, years)? Compared to the day, with the year only when both dates have
    one."""
    year = date_parts(reading)[0]
    target = _day(reading, int(year) if year else _COMMON_YEAR)
    if target is None:
        return False
    steps = _steps(durations)
    for anchor in stated:
        start = _day(anchor, target.year)
        if start is None or anchor == reading:
            continue
        both = bool(year and date_parts(anchor)[0])
        for n, unit in steps:
            end = _shift(start, n, unit)
            if (end == target) if both else (end.month, end.day) == (target.month, target.day):
                return True
    return False


def worked_dates(
    claim: str, index: EvidenceIndex, user: Sequence[tuple[str, str]]
) -> frozenset[str]:
    """The readings of the claim's dates that no source states and that a date the
    evidence or the user states (the claim's own, or the user's: ``user`` holds the (kind,
    value) figures of the question and the claim's context) plus or minus a duration of
    the evidence, the claim or the user gives (``worked_date``)."""
    dates = [need for item, need in claim_figures(claim) if item[2] == "date"]
    unstated = [need for need in dates if not needs_met([need], index.figures)]
    if not unstated:
        return frozenset()
    stated = [n.readings[0] for n in dates if n not in unstated]
    stated += [value for kind, value in user if kind == "date"]
    if not stated:
        return frozenset()
    durations = [*figure_kinds(claim), *user, *(f for s in index.sentences for f in s.kinds)]
    return frozenset(
        r
        for need in unstated
        if worked_date(need.readings[0], stated, durations)
        for r in need.readings
    )
