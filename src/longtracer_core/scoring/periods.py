"""Decades, centuries and years referred back to.

A claim that names a period is met by any year inside it.
"In the 1990s" is what "in 1995" says, less precisely; "the late 15th century" is "the
late 1400s". A claim's decade or century is read as a period tag (``decade:1990``,
``century:15``), and a span offers the tags of every year, date, decade and century it
states. Periods before the common era ("5th century BC") are left as written. A span's
day written with "that year" is a date of the year the span named last before it ("signed
on 19 September 1893 … held on 28 November that year" states 28 November 1893).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal

import regex

from ..lexicon.dates import ERAS_BEFORE
from .numeric import Reading

__all__ = ["DECADE_S", "claim_period", "date_parts", "span_periods", "years_referred"]

# the "s" of a decade ("1990s", "1990's"): after a year it is no unit of seconds
DECADE_S = regex.compile(r"['’]?s\b")
_COUNTED = regex.compile(r"['’]?s\s+of\b")  # "1000s of fans" counts, names no decade
# a century is numbered: "15th century" (digits carry the ending), "fifteenth century";
# "2 centuries" is a duration
_CENTURY = regex.compile(r"[\s-]+centur(?:y|ies)\b", regex.IGNORECASE)
_ORDINAL_END = regex.compile(r"(?:st|nd|rd|th)", regex.IGNORECASE)
_ERA = regex.compile(
    r"\s*(?:" + "|".join(r"\.?".join(e.upper()) for e in sorted(ERAS_BEFORE)) + r")\b\.?"
)
_YEAR_READING = regex.compile(r"^(\d{4})(?:-|$)")
_THAT_YEAR = regex.compile(r",?\s+(?:of\s+)?(?:that|the\s+same|that\s+same)\s+year\b", regex.I)


def _year(n: int) -> set[str]:
    """A year's decade and century ("the 1400s" is the fifteenth century)."""
    return {f"decade:{n // 10 * 10}", f"century:{n // 100 + 1}"}


def _decade(text: str, item: Reading) -> int | None:
    """The decade a figure names ("1990s", "1400s"), if it names one."""
    n = item.number
    if item.kind != "num" or n is None or n != n.to_integral_value():
        return None
    if not 1000 <= n <= 2100 or n % 10 or DECADE_S.match(text, item.end) is None:
        return None
    if _COUNTED.match(text, item.end):
        return None
    return int(n)


def _century(text: str, item: Reading) -> int | None:
    """The century a figure names ("15th century", "fifteenth-century"), if it names one."""
    n = item.number if item.kind == "num" else None
    if item.kind == "ordinal" and item.readings[0].isdigit():
        n = Decimal(item.readings[0])
    if n is None or n != int(n) or not 1 <= n <= 21:
        return None
    end = item.end
    if item.kind == "num":
        ending = _ORDINAL_END.match(text, end)
        if ending is None:
            return None
        end = ending.end()
    after = _CENTURY.match(text, end)
    if after is None or _ERA.match(text, after.end()):
        return None
    return int(n)


def claim_period(text: str, item: Reading) -> tuple[str, ...]:
    """The period tags a claim's figure stands for (a decade: also the century of a
    "1400s"), or () when it names no period."""
    decade = _decade(text, item)
    if decade is not None and not _ERA.match(text, item.end + 1):
        tags = [f"decade:{decade}"]
        if decade % 100 == 0:
            tags.append(f"century:{decade // 100 + 1}")
        return tuple(tags)
    century = _century(text, item)
    return (f"century:{century}",) if century is not None else ()


def span_periods(text: str, items: Sequence[Reading], kinds: Iterable[str]) -> set[str]:
    """The periods a span's figures fall in: each year's and date's decade and century,
    and each century it names."""
    out: set[str] = set()
    for item, kind in zip(items, kinds, strict=True):
        if _ERA.match(text, item.end) or _ERA.match(text, item.end + 1):
            continue
        century = _century(text, item)
        if century is not None:
            out.add(f"century:{century}")
        elif (year := _year_of(text, item, kind)) is not None:
            out.update(_year(year))
    return out


def _year_of(text: str, item: Reading, kind: str) -> int | None:
    """The year a figure states: a year written in plain digits ("1850", never "1,850"),
    or a date's year."""
    if kind == "year" and item.number is not None and text[item.start : item.end].isdigit():
        return int(item.number)
    if kind == "date":
        year = _YEAR_READING.match(item.readings[0])
        return int(year.group(1)) if year is not None else None
    return None


def years_referred(text: str, items: Sequence[Reading], kinds: Sequence[str]) -> set[str]:
    """The dates a span writes as a day of "that year": the day in the year it named last."""
    out: set[str] = set()
    last: int | None = None
    for item, kind in zip(items, kinds, strict=True):
        reading = item.readings[0]
        referred = kind == "date" and reading.startswith("--") and last is not None
        if referred and _THAT_YEAR.match(text, item.end):
            out.update((f"{last}{reading[1:]}", f"{last}{reading[1:4]}"))
        last = _year_of(text, item, kind) or last
    return out


def date_parts(value: str) -> tuple[str | None, str | None, str | None]:
    """(year, month, day) of an ISO-like reading: 2019-03-14, 2019-03, --03-14, 2019."""
    if value.startswith("--"):
        month, day = value[2:].split("-")[:2]
        return None, month, day
    parts = value.split("-")
    return parts[0], (parts[1] if len(parts) > 1 else None), (parts[2] if len(parts) > 2 else None)
