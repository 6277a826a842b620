"""The numeric gate: figures require figure evidence.

``numeric_values(text)`` finds the numerics of a text, normalised:

* digit-group separators (``1,000``, ``1 000``, ``1_000``), currency symbols
  and ``%`` are stripped; numbers are canonical decimals, so ``500``, ``500.0``
  and ``0500`` are the same value;
* scale words multiply: ``3.5 million`` is ``3500000`` (equal to
  ``3,500,000``, different from a bare ``3.5``);
* number words from two to twenty and the tens (``five``, ``forty``) are
  numbers; ``one`` is not (it is far more often a pronoun); ordinals from
  ``third`` to ``twentieth`` are numbers (``first`` and ``second`` are not:
  too often not a rank);
* clock times read ``T07:00``: ``7 am``, ``07:00``, ``7:00 a.m.`` and ``7.00am`` agree
  (a dot between hour and minutes only before "am" or "pm": "2.30" alone is a number);
* dates become ISO values: ``12 July 2022``, ``July 12, 2022``, ``12th of
  July 2022``, ``2022-07-12``, ``2022/07/12`` and ``12.07.2022`` all read
  ``2022-07-12``; partial dates read ``2022-07`` or ``--07-12``. A slashed date
  whose day and month could be swapped (``03/04/2022``) yields both readings
  and matches either;
* digits inside names count (``L2``, ``Ariane 5``, ``COVID-19``).

``numeric_gate_passes(claim, span)`` is ∀-coverage: every value of the claim
must be among the span's values. A span's full date also offers its year,
its year-month, its month-day and its day, so ``in 2022`` or ``July 2022`` is
covered by ``12 July 2022``. Matching is exact after normalisation: tolerance
("about 5 million" vs 4.9 million) is a recorded limitation.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

import regex

from longtracer_core.lexicon.dates import MONTH_ABBREVIATIONS, MONTHS
from longtracer_core.lexicon.numbers import (
    NUMBER_WORDS,
    ORDINAL_WORDS,
    SCALE_EXPONENTS,
    SCALE_SUFFIXES,
    SCALE_WORDS,
    VIDEO_LINES,
    VULGAR_FRACTIONS,
)
from longtracer_core.text.memo import short_text_cache

__all__ = ["numeric_gate_passes", "numeric_values", "shown", "span_numeric_set"]

_MONTHS = {**MONTHS, **MONTH_ABBREVIATIONS}
_FULL_MONTHS = frozenset(m for m in _MONTHS if len(m) > 4 or m in ("june", "july", "may"))
_MONTH = r"(?:" + "|".join(sorted((m.capitalize() for m in _MONTHS), key=len, reverse=True)) + r")"
_MONTH_RE = _MONTH + r"\.?"
_ORD = r"(?:st|nd|rd|th)?"

_SCALES = {word: Decimal(10) ** exponent for word, exponent in SCALE_EXPONENTS.items()}
_SUFFIXES = SCALE_SUFFIXES
_WORDS = NUMBER_WORDS
_ORDINALS = ORDINAL_WORDS

_NUMBER = r"(?:\d{1,3}(?:(?:,|[ \u00a0\u202f\u2009_])\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"

_PATTERN = regex.compile(
    rf"""
      (?P<iso>(?<![\d.])(?P<iy>\d{{4}})[-/](?P<im>\d{{1,2}})[-/](?P<id>\d{{1,2}})(?![\d])(?!\.\d))
    | (?P<dmy_num>(?<![\d.])(?P<na>\d{{1,2}})[/.](?P<nb>\d{{1,2}})[/.](?P<ny>\d{{4}})(?!\d))
    | (?P<dmy>(?<!\d)(?P<d1>\d{{1,2}}){_ORD}(?:\s+of)?\s+
        (?P<m1>{_MONTH_RE}),?\s+(?P<y1>\d{{4}})(?!\d))
    | (?P<mdy>(?P<m2>{_MONTH_RE})\s+(?P<d2>\d{{1,2}}){_ORD},?\s+(?P<y2>\d{{4}})(?!\d))
    | (?P<my>(?P<m3>{_MONTH_RE}),?\s+(?P<y3>\d{{4}})(?!\d))
    | (?P<dm>(?<!\d)(?P<d4>\d{{1,2}}){_ORD}(?:\s+of)?\s+(?P<m4>{_MONTH_RE})\b)
    | (?P<md>(?P<m5>{_MONTH_RE})\s+(?P<d5>\d{{1,2}}){_ORD}(?!\d)(?!\s*,?\s*\d))
    | (?P<time>(?<![\d:.])(?P<hh>\d{{1,2}})(?::(?P<mm>\d{{2}})(?::(?P<ss>\d{{2}}))?(?![\d:])
        (?:\s*(?P<ampm1>[ap])\.?m\b\.?)?|(?<=(?<!\d)(?:1[0-2]|0?[1-9]))\.(?P<mm_dot>[0-5]\d)\s*(?P<ampm_dot>[ap])\.?m\b\.?))
    | (?P<ampm>(?<![\d.:])(?P<h12>\d{{1,2}})\s*(?P<ampm2>[ap])\.?m\b\.?)
    | (?P<num>(?P<sign>(?:(?<![\w.])[-−])?)(?P<currency>[$€£¥₹])?(?P<digits>{_NUMBER})(?!\d)
        (?:\s*(?P<scale>thousand|million|billion|trillion|bn)\b
          |(?P<suffix>[kmb])(?![\p{{L}}\p{{N}}])|(?P<pence>(?-i:p))(?![\p{{L}}\p{{N}}]))?)
    | (?P<oneh>\bone(?=-\p{{L}}))
    | (?P<word>\b(?:{"|".join(_WORDS)})\b)
    | (?P<ordinal>\b(?:{"|".join(_ORDINALS)})\b)
    """,
    flags=regex.VERBOSE | regex.IGNORECASE,
)


_SEPARATORS = regex.compile(r"[,\s_\u00a0\u202f\u2009]")

# Every alternative of _PATTERN starts at one of these: a digit, a sign, a currency
# symbol, a decimal point, or a month, number or ordinal word. Trying _PATTERN only
# there gives the same matches as scanning every position, an order of magnitude faster.
_ANCHOR = regex.compile(
    rf"""[0-9$€£¥₹.−-]|{_MONTH}|\b(?:{"|".join(_WORDS)}|{"|".join(_ORDINALS)})\b|\bone-""",
    flags=regex.IGNORECASE,
)


def _matches(text: str) -> list[regex.Match[str]]:
    """The leftmost non-overlapping matches of _PATTERN, as ``finditer`` would give them."""
    out: list[regex.Match[str]] = []
    pos = 0
    while True:
        anchor = _ANCHOR.search(text, pos)
        if anchor is None:
            return out
        m = _PATTERN.match(text, anchor.start())
        if m is not None and m.end() > m.start():
            out.append(m)
            pos = m.end()
        else:
            pos = anchor.start() + 1


def _canon(value: Decimal) -> str:
    text = format(value.normalize(), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _number(digits: str, scale: str | None = None, negative: bool = False) -> str | None:
    cleaned = _SEPARATORS.sub("", digits)
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        return None
    if scale:
        value *= _SCALES[scale.casefold()]
    if negative:
        value = -value
    return _canon(value)


def _month(name: str) -> int | None:
    return _MONTHS.get(name.rstrip(".").casefold())


def _valid(year: int | None, month: int, day: int | None) -> bool:
    if not 1 <= month <= 12:
        return False
    return day is None or 1 <= day <= 31


def _date(year: int | None, month: int, day: int | None) -> str:
    if year is None:
        return f"--{month:02d}-{day:02d}"
    if day is None:
        return f"{year:04d}-{month:02d}"
    return f"{year:04d}-{month:02d}-{day:02d}"


_CLOCK_READING = regex.compile(r"T(\d\d:\d\d(?::\d\d)?)")


def shown(reading: str) -> str:
    """A reading as a person writes it: a clock time without its "T" (``T14:30`` is 14:30);
    any other reading as it is."""
    clock = _CLOCK_READING.fullmatch(reading)
    return clock.group(1) if clock else reading


def _time(g: dict[str, str | None]) -> str:
    """Clock times read ``T07:00`` (24-hour), so ``7 am``, ``07:00``, ``7:00 a.m.`` and
    ``7.00am`` agree."""
    if g["time"]:
        hour, minute = int(g["hh"] or 0), int(g["mm"] or g["mm_dot"] or 0)
        second = g["ss"]
        marker = g["ampm1"] or g["ampm_dot"]
    else:
        hour, minute, second, marker = int(g["h12"] or 0), 0, None, g["ampm2"]
    if marker:
        hour = hour % 12 + (12 if marker.casefold() == "p" else 0)
    value = f"T{hour:02d}:{minute:02d}"
    return value + (f":{second}" if second else "")


def _month_is_word(name: str, lenient: bool = False, year: int | None = None) -> bool:
    # month names must be capitalised ("May 5"), so "may 5 people" stays a number;
    # leniently, lowercase full names count too ("on july 11"), and "may" before a year
    # ("in may 2020": no verb follows a modal with a year)
    if name[:1].isupper():
        return True
    folded = name.casefold()
    if folded == "may":
        return lenient and year is not None and 1800 <= year <= 2100
    return lenient and folded in _FULL_MONTHS


@dataclass(frozen=True, slots=True)
class Reading:
    """One numeric of a text: its alternative canonical readings and how it was written."""

    readings: tuple[str, ...]
    kind: str  # date | time | num | word | ordinal
    start: int
    end: int
    number: Decimal | None = None  # plain numbers only: the value, for tolerance
    decimals: int = 0  # decimals as written ("4.35" → 2)


def _plain(m: regex.Match[str], kind: str, value: str, decimals: int = 0) -> Reading:
    return Reading((value,), kind, m.start(), m.end(), Decimal(value), decimals)


@short_text_cache(maxsize=8192)
def _scan_items(text: str, lenient: bool = False) -> tuple[Reading, ...]:
    """Each numeric of ``text`` with its readings; ``lenient`` adds the v2 readings
    (lowercase month names, ``$146k``/``$612m`` suffixes, ``one-`` compounds)."""
    return tuple(_scan_text(text, lenient))


def _scan_text(text: str, lenient: bool) -> list[Reading]:
    found: list[Reading] = []
    for m in _matches(text):
        g = m.groupdict()
        if g["iso"]:
            found.extend(_iso_date(m))
        elif g["dmy_num"]:
            found.extend(_numeric_date(m))
        elif g["dmy"] or g["mdy"] or g["my"] or g["dm"] or g["md"]:
            found.extend(_named_date(m, lenient))
        elif g["time"] or g["ampm"]:
            found.append(Reading((_time(g),), "time", m.start(), m.end()))
        elif g["num"]:
            found.extend(_figure(m, lenient))
        elif g["oneh"]:
            if lenient:
                found.append(_plain(m, "word", "1"))
        elif g["word"]:
            found.append(_plain(m, "word", str(_WORDS[g["word"].casefold()])))
        elif g["ordinal"]:
            found.append(_plain(m, "ordinal", str(_ORDINALS[g["ordinal"].casefold()])))
    return _short_years(text, _merge_words(text, found)) if lenient else found


def _digits(m: regex.Match[str], *parts: str | None) -> list[Reading]:
    """The digit groups of a match that is not a date after all, read as plain numbers."""
    return [_plain(m, "num", _canon(Decimal(x))) for x in parts if x]


def _iso_date(m: regex.Match[str]) -> list[Reading]:
    """``2024-03-05``: a date when valid, else three numbers."""
    g = m.groupdict()
    y, mo, d = int(g["iy"]), int(g["im"]), int(g["id"])
    if _valid(y, mo, d):
        return [Reading((_date(y, mo, d),), "date", m.start(), m.end())]
    return _digits(m, g["iy"], g["im"], g["id"])


def _numeric_date(m: regex.Match[str]) -> list[Reading]:
    """``05/03/2024``: both day/month/year and month/day/year where each is valid."""
    g = m.groupdict()
    a, b, y = int(g["na"]), int(g["nb"]), int(g["ny"])
    readings = []
    if _valid(y, b, a):
        readings.append(_date(y, b, a))  # day/month/year
    if _valid(y, a, b) and a != b:
        readings.append(_date(y, a, b))  # month/day/year
    if readings:
        return [Reading(tuple(readings), "date", m.start(), m.end())]
    return _digits(m, g["na"], g["nb"], g["ny"])


_NAMED_DATE_GROUPS = (
    ("dmy", "m1", "d1", "y1"),
    ("mdy", "m2", "d2", "y2"),
    ("my", "m3", None, "y3"),
    ("dm", "m4", "d4", None),
    ("md", "m5", "d5", None),
)


def _named_date(m: regex.Match[str], lenient: bool) -> list[Reading]:
    """A date with a month name; when it is no valid date its digits are plain numbers."""
    g = m.groupdict()
    form = next(f for f in _NAMED_DATE_GROUPS if g[f[0]])
    name = g[form[1]]
    d_s = g[form[2]] if form[2] else None
    y_s = g[form[3]] if form[3] else None
    month_no = _month(name)
    day = int(d_s) if d_s else None
    year = int(y_s) if y_s else None
    if (
        month_no is None
        or not _month_is_word(name, lenient, year)
        or not _valid(year, month_no, day)
    ):
        return _digits(m, d_s, y_s)
    return [Reading((_date(year, month_no, day),), "date", m.start(), m.end())]


def _figure(m: regex.Match[str], lenient: bool) -> list[Reading]:
    """A written figure, with its scale word and (lenient) its ``k``/``m`` suffix."""
    g = m.groupdict()
    value = _number(g["digits"], g["scale"], negative=bool(g["sign"]))
    if value is None:
        return []
    if g["pence"]:
        return [_pence(m, value, _places(g["digits"], None), lenient and not g["currency"])]
    suffix = g["suffix"] if lenient else None
    if suffix:
        scaled = _number(g["digits"], _SUFFIXES[suffix.casefold()], bool(g["sign"]))
        if g["currency"] is not None and scaled:  # "£2.5m": only the sum of money
            decimals = _places(g["digits"], _SUFFIXES[suffix.casefold()])
            return [Reading((scaled,), "num", m.start(), m.end(), Decimal(scaled), decimals)]
        options = [value, scaled]
        return [Reading(tuple(r for r in options if r), "num", m.start(), m.end())]
    glyph = VULGAR_FRACTIONS.get(m.string[m.end() : m.end() + 1]) if lenient else None
    if glyph is not None and "." not in g["digits"] and not g["scale"]:
        part = Decimal(glyph)
        whole = Decimal(value) + (-part if g["sign"] else part)  # "25½", "-25½"
        return [Reading((_canon(whole),), "num", m.start(), m.end() + 1, whole, len(glyph) - 2)]
    return [_plain(m, "num", value, _places(g["digits"], g["scale"]))]


def _pence(m: regex.Match[str], value: str, places: int, lenient: bool) -> Reading:
    """A sum in pence ("53p", a lower-case "p"), read (lenient) as the pounds it is, or as
    the same pence written out ("53 pence"); strictly, or for a video mode ("1080p"), the
    number without its "p"."""
    if not lenient or value in VIDEO_LINES:  # "1080p" is a video mode
        return Reading((value,), "num", m.start(), m.end() - 1, Decimal(value), places)
    pounds = Decimal(value) / 100
    return Reading((_canon(pounds), value), "num", m.start(), m.end(), pounds, places + 2)


def _places(digits: str, scale: str | None) -> int:
    """The decimal places of a written figure's value: negative for a scale word's figure,
    whose last digit counts hundred thousands in "8.3 million" (-5) and hundred millions
    in "$1.0 billion" (-8); "2.0" keeps its one place."""
    written = len(digits.partition(".")[2])
    return written - SCALE_EXPONENTS.get(scale.casefold(), 0) if scale else written


# after a number word: a scale word ("fifty thousand"), or the units of a tens word
_WORD_SCALE = regex.compile(rf"[ \t]+({'|'.join(sorted(SCALE_WORDS))})\b", regex.IGNORECASE)


def _joins(text: str, prev: Reading | None, item: Reading) -> Decimal | None:
    """The value of ``prev`` and ``item`` read as one number: "three hundred" (300),
    "twenty-five" (25); None when they are two."""
    if prev is None or item.kind != "word" or prev.kind != "word" or prev.number is None:
        return None
    between = text[prev.end : item.start]
    if item.number == 100 and not between.strip():
        return prev.number * 100
    tens = prev.number >= 20 and prev.number % 10 == 0 and prev.number < 100
    if tens and item.number is not None and item.number < 10 and between in ("-", " "):
        return prev.number + item.number
    return None


def _merge_words(text: str, items: list[Reading]) -> list[Reading]:
    """Join number words that make one number ("three hundred" is 300, "twenty-five" 25)
    and apply a scale word after them ("fifty thousand" is 50,000), for the lenient
    reading."""
    out: list[Reading] = []
    for item in items:
        prev = out[-1] if out else None
        value = _joins(text, prev, item)
        if value is not None and prev is not None:
            out[-1] = Reading((_canon(value),), "word", prev.start, item.end, value)
        else:
            out.append(item)
    scaled: list[Reading] = []
    for item in out:
        scale = _WORD_SCALE.match(text, item.end) if item.kind == "word" else None
        if scale is not None and item.number is not None:
            value = item.number * _SCALES[scale.group(1).casefold()]
            item = Reading((_canon(value),), "word", item.start, scale.end(), value)
        scaled.append(item)
    return scaled


def _short_years(text: str, items: list[Reading]) -> list[Reading]:
    """The second year of a range written short ("2010–15", "1998-02", "2023/24") also
    reads as the whole year, for the lenient reading."""
    out = list(items)
    for i in range(1, len(out)):
        prev, item = out[i - 1], out[i]
        n, y = item.number, prev.number
        if n is None or y is None or item.kind != "num" or item.end - item.start != 2:
            continue
        if text[prev.end : item.start] not in ("–", "-", "/") or not 1000 <= y <= 2100:
            continue
        year = int(y) // 100 * 100 + int(n)
        year += 100 if year <= y else 0
        if year - y <= 20:
            out[i] = Reading((*item.readings, str(year)), "num", item.start, item.end, n)
    return out


def _scan(text: str) -> list[tuple[str, ...]]:
    """Each numeric of ``text`` as a tuple of alternative readings (the seed's rules)."""
    return [item.readings for item in _scan_items(text)]


def numeric_values(text: str) -> list[str]:
    """The numerics of ``text``, normalised, in order of appearance.

    A value with two readings (an ambiguous slashed date) appears as both,
    joined by ``|`` (``2022-04-03|2022-03-04``).
    """
    return ["|".join(readings) for readings in _scan(text)]


def _expand(value: str) -> Iterable[str]:
    """What a span's value also offers: a full date offers its parts."""
    yield value
    if len(value) == 10 and value[4] == "-" and value[7] == "-":  # YYYY-MM-DD
        yield value[:7]
        yield value[:4].lstrip("0") or "0"
        yield "--" + value[5:]
        yield value[8:].lstrip("0")
    elif len(value) == 7 and value[4] == "-":  # YYYY-MM
        yield value[:4].lstrip("0") or "0"


def span_numeric_set(text: str) -> frozenset[str]:
    """Every value a span can match: its numerics plus the parts of its full dates (the
    seed's reading; ``figures.span_figures`` also reads durations as clock times)."""
    values: set[str] = set()
    for readings in _scan(text):
        for reading in readings:
            values.update(_expand(reading))
    return frozenset(values)


def claim_numeric_requirements(text: str) -> tuple[tuple[str, ...], ...]:
    """What a claim needs: for each numeric, its alternative readings (any one suffices)."""
    return tuple(_scan(text))


def gate_passes(requirements: Iterable[tuple[str, ...]], span_values: frozenset[str]) -> bool:
    """∀-coverage over precomputed parts (see ``numeric_gate_passes``)."""
    return all(any(r in span_values for r in readings) for readings in requirements)


def numeric_gate_passes(claim_text: str, span_text: str) -> bool:
    """True when every numeric of the claim appears among the span's (no numerics: True)."""
    requirements = claim_numeric_requirements(claim_text)
    if not requirements:
        return True
    return gate_passes(requirements, span_numeric_set(span_text))
