"""The v2 figure gate: the seed's numeric gate, read the way people write figures.

The seed's gate (``numeric.py``) demands every figure of the claim, exactly,
in the span. Chat answers round, hedge and reformat figures, and mention
their sources by number. The v2 gate keeps "figures require figure evidence"
and its exactness for changed values, and reads:

* the lenient forms of ``numeric._scan_items``: lowercase month names
  ("on july 11"), ``$146k`` / ``$612m`` / ``$1.2B``, ``one-year``;
* rounding: a claim figure written with fewer decimals than the span's is met
  when the span's value rounds to it (``12 percent`` for ``12.2%``); after a
  hedge ("about", "roughly", "nearly", …) the span's value may round to the
  claim's last significant digit (``roughly 10,000`` for ``10,300``);
* bounds: after "more than", "over", "at least" (resp. "less than", "under",
  "up to") any span value at or above (resp. at or below) the figure meets it;
* number words as determiners ("the two companies") are needed only when the
  span states numbers itself: a span without any plain number cannot
  contradict them;
* figures naming a source ("Source 2", "Document 1") are not claims;
* a quantity may be restated in another unit of the unit table ("1,200 MW" for "1.2
  GW", "two decades" for "twenty years"; only a figure of that unit meets it);
* a percentage restates a fraction in words: "about 20 percent" is met by "one fifth",
  "25%" by "one in four" (only a claim's percentage, never "20 years", meets "a fifth").

Dates and clock times stay exact (a date's parts still cover a partial date).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_DOWN, ROUND_HALF_UP, Decimal, InvalidOperation
from fractions import Fraction

import regex

from ..lexicon.numbers import (
    CURRENCY_CODES,
    CURRENCY_SIGNS,
    INLINE_SPACES,
    SHARE_FOLLOWERS,
    SHARE_LEADERS,
)
from .codes import code_number
from .derivation import converted_values, share_readings, share_spans, shares
from .figure_units import unit_after
from .hedges import LOOKBEHIND, Hedge, hedge_at
from .numeric import Reading, _expand, _scan_items
from .period_idioms import period_readings
from .periods import DECADE_S, claim_period, span_periods, years_referred

__all__ = [
    "last_significant",
    "Need",
    "SpanFigures",
    "claim_needs",
    "claim_needs_at",
    "context_figures",
    "figure_kind",
    "is_percent",
    "needs_met",
    "rounding_exponent",
    "rounds_from",
    "span_figures",
    "states_value",
]


_SOURCE_REF = regex.compile(
    r"\b(?:sources?|documents?|docs?|passages?|references?|refs?\.?|context|excerpts?)\s*$",
    flags=regex.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Need:
    """One figure a claim asserts and how strictly the span must state it."""

    readings: tuple[str, ...]
    number: Decimal | None
    decimals: int
    hedge: Hedge
    soft: bool
    percent: bool = False  # a percentage: a share the span writes in words meets it
    unit: str | None = None  # a quantity's unit: the span may state it in another unit
    share: bool = False  # a share in words ("a third"): met by a percentage written as it
    kind: str = ""  # what it counts (``figure_kind``): a bound is met by a value of its kind
    # pairs of the claim's other figures that work this one out ("118 GWh, 34 GWh short of
    # the 152 GWh forecast": 152 and 118 give 34): a span stating both meets it
    worked_from: tuple[tuple[Need, Need], ...] = ()


@dataclass(frozen=True, slots=True)
class SpanFigures:
    """What a span can offer: every reading (with a full date's parts) and its plain numbers."""

    values: frozenset[str]
    numbers: tuple[Decimal, ...]
    # the numbers not written as bounds ("under 7"), with what each counts
    stated: tuple[tuple[str, Decimal], ...] = ()


_PERCENT = regex.compile(rf"[ {INLINE_SPACES}]?(?:%|percent\b|per cent\b)", regex.IGNORECASE)


def is_percent(text: str, end: int) -> bool:
    """Is the figure ending at ``text[end]`` a percentage ("12%", "12 percent")?"""
    return _PERCENT.match(text, end) is not None


# a digit group separator between digits ("1,200", "1 200")
_GROUPED = regex.compile(rf"\d[,{INLINE_SPACES} ]\d")


_SIGNS = "".join(sign for sign in CURRENCY_SIGNS if len(sign) == 1)  # "$", "€", "£" …
_CODE_BEFORE = regex.compile(
    r"\b(?:" + "|".join(sorted(CURRENCY_CODES)) + r")\s?$", regex.IGNORECASE
)


def figure_kind(text: str, start: int, end: int, kind: str, number: Decimal | None) -> str:
    """What a figure counts: date, time, year, percent, money, a unit, or a plain count."""
    if kind in ("date", "time"):
        return kind
    before = text[max(0, start - 2) : start + 1]  # a scanned figure may hold its symbol
    if is_percent(text, end):
        return "percent"
    if any(sym in before for sym in _SIGNS) or _CODE_BEFORE.search(text, max(0, start - 5), start):
        return "money"  # "$500", "USD 500"
    if text[end - 1 : end] == "p" and text[end - 2 : end - 1].isdigit():
        return "money"  # "53p", as the lenient scan reads it with its "p"
    year = (
        number is not None
        and number == number.to_integral_value()
        and 1000 <= number <= 2100
        and not _GROUPED.search(text, start, end)  # "1,200 species" is no year
    )
    if year and number is not None and number % 10 == 0 and DECADE_S.match(text, end):
        return "year"  # "the 1990s": a decade, not 1,990 seconds
    return unit_after(text, start, end, in_range=not year) or ("year" if year else "count")


_NEXT_WORD = regex.compile(r"\s*(\p{L}+)")
_LAST_WORD = regex.compile(r"(\p{L}+)\s*$")


def _claim_shares(text: str) -> tuple[tuple[int, int, Decimal], ...]:
    """The shares a claim writes in words, ordinals left out: a fraction word followed by
    another word than "of", "more", … is a rank ("a third consecutive month"), unless a
    word before it makes it a share ("rose by a third in 2023")."""
    out = []
    for start, end, value in share_spans(text):
        after = _NEXT_WORD.match(text, end)
        before = _LAST_WORD.search(text[max(0, start - 20) : start])
        if (
            " in " in text[start:end]  # "one in nine"
            or after is None
            or after.group(1).casefold() in SHARE_FOLLOWERS
            or (before is not None and before.group(1).casefold() in SHARE_LEADERS)
        ):
            out.append((start, end, value))
    return tuple(out)


def _share_need(value: Decimal, hedge: Hedge) -> Need:
    """A share the claim writes in words ("about a third"): a percentage."""
    readings = tuple(sorted(share_readings(value)))
    return Need(readings, value, 1, hedge, soft=False, percent=True, share=True)


def _fraction(percent: Decimal) -> Fraction:
    """The fraction a reader writes for a percentage: the nearest with a denominator up
    to ten (34 % is "a third", 11 % "one in nine")."""
    return Fraction(percent / 100).limit_denominator(10)


def _share_met(need: Need, span: SpanFigures) -> bool:
    """A share in words is met by the same share in words, or by a percentage whose
    nearest simple fraction it is ("about a third" of "34%")."""
    if any(f"{r}%" in span.values for r in need.readings):
        return True
    x = need.number
    percents = [v[:-1] for v in span.values if v.endswith("%")]
    return x is not None and any(_fraction(Decimal(p)) == _fraction(x) for p in percents)


def claim_needs_at(
    text: str, keep: Callable[[str, Reading], bool] | None = None
) -> list[tuple[Reading, Need]]:
    """Each figure a claim asserts with what it needs, in order; source references left
    out, and the figures ``keep`` rejects (``claim_figures.gate_needs``: names and codes).
    Each figure of a duration in hours and minutes (and seconds) is also met by the whole
    duration, as a clock reads it or in its smallest unit ("2 hours 19 minutes 44
    seconds" by "2:19:44", "1 hour 30 minutes" by "90 minutes"); a share in words ("about
    a third") is a percentage."""
    items = _scan_items(text, lenient=True)
    kinds = [figure_kind(text, i.start, i.end, i.kind, i.number) for i in items]
    clocks = clock_runs(text, items, kinds)
    shares_at = _claim_shares(text)
    out: list[tuple[Reading, Need]] = []
    for item, kind in zip(items, kinds, strict=True):
        before = text[max(0, item.start - LOOKBEHIND) : item.start]
        if _SOURCE_REF.search(before) or (keep is not None and not keep(text, item)):
            continue
        hedge = hedge_at(text, item.start, item.end)
        share = next((v for a, b, v in shares_at if a <= item.start and item.end <= b), None)
        if share is not None:
            out.append((item, _share_need(share, hedge)))
            continue
        period = claim_period(text, item)
        if period:  # "the 1990s", "the 15th century": met by any year inside
            out.append((item, Need(period, None, 0, hedge, soft=False)))
            continue
        need = Need(
            readings=(*item.readings, *clocks.get(item.start, ())),
            number=item.number if item.kind in ("num", "word") else None,
            decimals=item.decimals,
            hedge=hedge,
            soft=item.kind == "word",
            percent=kind == "percent",
            unit=kind[5:] if kind.startswith("unit:") else None,
            kind=kind,
        )
        out.append((item, need))
    return out


def claim_needs(text: str, keep: Callable[[str, Reading], bool] | None = None) -> tuple[Need, ...]:
    """The figures a claim asserts, with their hedges (``claim_needs_at`` without the
    figures)."""
    return tuple(need for _, need in claim_needs_at(text, keep))


def _in_units(item: Reading, kind: str) -> set[str]:
    """A quantity in every unit one conversion away, tagged with it ("1200@mw" for
    "1.2 GW"): met only by a claim figure of that unit."""
    if item.number is None or not kind.startswith("unit:"):
        return set()
    return {f"{v}@{u}" for v, u in converted_values(item.number, kind[5:])}


# what lies between "2 hours" and "4 minutes": the unit word and a comma or an "and"
_CLOCK_JOIN = regex.compile(r"\s*\p{L}+,?\s*(?:and\s+)?")
_CLOCK_UNITS = ("unit:h", "unit:min", "unit:s")


def _runs(
    text: str, items: Sequence[Reading], kinds: Sequence[str]
) -> Iterator[tuple[list[Reading], str]]:
    """Each duration written in hours and minutes (and seconds), with its clock form:
    "2 hours, 4 minutes and 51 seconds" gives ``T02:04`` and then ``T02:04:51``."""
    for i in range(len(items) - 1):
        run: list[Reading] = []
        end = items[i].start
        for item, kind in zip(items[i : i + 3], kinds[i : i + 3], strict=False):
            n = item.number
            if item.kind != "num" or n is None or n != n.to_integral_value() or n > 99:
                break
            joined = not run or _CLOCK_JOIN.fullmatch(text[end : item.start])
            if kind != _CLOCK_UNITS[len(run)] or not joined or (run and n > 59):
                break
            end = item.end
            run.append(item)
            if len(run) >= 2:
                yield list(run), "T" + ":".join(f"{int(r.number or 0):02d}" for r in run)


def _total(run: Sequence[Reading]) -> str:
    """A run's duration in its smallest unit, tagged with it ("1 hour 50 minutes": 110@min)."""
    total = sum(int(r.number or 0) * 60 ** (len(run) - 1 - i) for i, r in enumerate(run))
    return f"{total}@{_CLOCK_UNITS[len(run) - 1][5:]}"


def clock_runs(
    text: str, items: Sequence[Reading], kinds: Sequence[str]
) -> dict[int, tuple[str, ...]]:
    """The start of each figure of a duration written as hours and minutes (and seconds),
    mapped to the readings of its whole run: its clock form and its total in its smallest
    unit ("2 hours 19 minutes 44 seconds": ``T02:19:44`` and 8,384 seconds; "1 hour 30
    minutes": ``T01:30`` and 90 minutes)."""
    out: dict[int, tuple[str, ...]] = {}
    for run, form in _runs(text, items, kinds):
        out.update((item.start, (form, _total(run))) for item in run)
    return out


def _clock_forms(text: str, items: Sequence[Reading], kinds: Sequence[str]) -> set[str]:
    """The clock forms and totals a span's durations offer, so a claim that writes the race
    time "2:04:51" finds "2 hours, 4 minutes and 51 seconds" stated, and "110 minutes"
    finds "1 hour 50 minutes"."""
    return {v for run, form in _runs(text, items, kinds) for v in (form, _total(run))}


def span_figures(text: str) -> SpanFigures:
    """Every value a span states (full dates offer their parts) and its plain numbers."""
    values: set[str] = set()
    numbers: list[Decimal] = []
    stated: list[tuple[str, Decimal]] = []
    items: Sequence[Reading] = (*_scan_items(text, lenient=True), *period_readings(text))
    kinds = [
        figure_kind(text, item.start, item.end, item.kind, item.number)
        if item.number is not None and item.kind in ("num", "word")
        else item.kind
        for item in items
    ]
    for item, kind in zip(items, kinds, strict=True):
        for reading in item.readings:
            values.update(_expand(reading))
            if kind == "percent":
                values.add(f"{reading}%")  # a share in words may be met by it
        values.update(_in_units(item, kind))
        found: list[Decimal] = []
        if item.kind == "num" and code_number(text, item.start, kind):
            continue  # the number of a code ("/v2/", "PS5"): a value, no quantity
        if item.number is not None and item.kind in ("num", "word"):
            found.append(item.number)
        elif item.kind == "num":
            found.extend(Decimal(r) for r in item.readings)
        numbers.extend(found)
        if hedge_at(text, item.start, item.end) not in ("min", "max"):
            stated.extend((kind, n) for n in found)
    percents = {f"{v}%" for v in shares(text)}
    values.update(_clock_forms(text, items, kinds))
    values.update(span_periods(text, items, kinds) | years_referred(text, items, kinds))
    return SpanFigures(frozenset(values | percents), tuple(numbers), tuple(stated))


def last_significant(value: Decimal, decimals: int) -> int:
    """Exponent of the last significant digit as written: 10,000 → 4; 140 → 1; 12.5 → -1;
    2.0 → -1; a scale word's figure by its digits (``numeric._places``: "8.3 million" → 5,
    so 8,336,817 is 8.3 million)."""
    if decimals:
        return -decimals
    digits = str(abs(int(value)))
    return len(digits) - len(digits.rstrip("0")) if digits != "0" else 0


def rounds_from(need: Need, value: Decimal) -> bool:
    """Does ``value`` round to a figure the claim gives as approximate, at its last
    significant digit, half-way either way ("roughly 6,600 km" for 6,650 km)?"""
    if need.hedge != "approx" or need.number is None:
        return False
    return _rounds_to(value, last_significant(need.number, need.decimals), need.number, True)


def rounding_exponent(need: Need) -> int | None:
    """The last digit a computed value need only round to, for a figure the claim gives as
    approximate (its last written digit, two significant figures at most: "about $600": 1);
    None for any other figure."""
    if need.hedge != "approx" or need.number is None or not need.number:
        return None
    # two significant figures at most: "about $600" from $599.40, never "about $100" from $144
    magnitude = need.number.copy_abs().adjusted()
    return min(last_significant(need.number, need.decimals), magnitude - 1)


def _rounds_to(value: Decimal, exponent: int, target: Decimal, either: bool = False) -> bool:
    """Does ``value`` round to ``target`` at ``exponent``? For a hedged figure (``either``) a
    value half-way rounds either way ("roughly 1,400 km" for 1,450 km, "about 67%" for
    67.5%); an unhedged "£2" is no £2.50."""
    quantum = Decimal(1).scaleb(exponent)
    ways = (ROUND_HALF_UP, ROUND_HALF_DOWN) if either else (ROUND_HALF_UP,)
    try:
        ratio = value / quantum
        return any(ratio.quantize(Decimal(1), rounding=way) * quantum == target for way in ways)
    except InvalidOperation:  # a figure too long to round exactly
        return False


def _in_unit(values: frozenset[str], unit: str) -> list[Decimal]:
    """The span's quantities converted to ``unit`` (its ``"1.24@gw"`` readings)."""
    out: list[Decimal] = []
    for value in values:
        number, _, tag = value.partition("@")
        if tag == unit:
            try:
                out.append(Decimal(number))
            except InvalidOperation:
                continue
    return out


def states_value(need: Need, span: SpanFigures) -> bool:
    """Does the span state the figure's own value, as written, as a percentage or in the
    figure's unit: no rounding, no bound, no share?"""
    if any(r in span.values for r in need.readings):
        return True
    if need.percent and any(f"{r}%" in span.values for r in need.readings):
        return True
    return bool(need.unit) and any(f"{r}@{need.unit}" in span.values for r in need.readings)


def _met(need: Need, span: SpanFigures) -> bool:
    if need.share:
        return _share_met(need, span)
    if states_value(need, span):
        return True
    x = need.number
    if x is None:
        return False
    # a bound is met by a value of its kind the span states (money by money, minutes by
    # minutes), not by a bound of its own ("under 70 kelvin" is no restatement of "below 7
    # kelvin"; "up to £2,500" is not met by "up to £1,500", "at least 10 minutes" not by
    # "145°F" nor "10 working days")
    if need.hedge in ("min", "max"):
        values = [v for k, v in span.stated if not need.kind or k == need.kind]
        return any(v >= x if need.hedge == "min" else v <= x for v in values)
    if need.hedge == "approx":
        # "about 1.2 GW" of "1,235 MW": the span's quantities converted to the claim's unit;
        # a year only for a year ("about 2,000 homes" is no 2007)
        converted = _in_unit(span.values, need.unit) if need.unit else []
        years = {v for k, v in span.stated if k == "year"} if need.kind != "year" else set()
        years -= {v for k, v in span.stated if k != "year"}  # "1,996 units in 1996"
        numbers = [v for v in span.numbers if v not in years]
        return any(rounds_from(need, v) for v in (*numbers, *converted) if v)
    # unhedged: only a span value written with more decimals may round to the claim's, a
    # scale word's figure at two significant figures at most ("8.3 million" for 8,336,817;
    # not "$2 billion" for $1.5 billion)
    exponent = -need.decimals
    if need.decimals < 0:
        exponent = min(exponent, x.copy_abs().adjusted() - 1)
    return any(
        _rounds_to(v, exponent, x)
        for v in span.numbers
        if v != v.to_integral_value() or need.decimals
    )


def needs_met(needs: Sequence[Need], span: SpanFigures) -> bool:
    """∀-coverage under the v2 reading: every figure met, soft ones only against numbers."""
    for need in needs:
        if need.soft and not span.numbers:
            continue
        if not _met(need, span) and not any(
            _met(a, span) and _met(b, span) for a, b in need.worked_from
        ):
            return False
    return True


def context_figures(context: Sequence[str]) -> frozenset[str]:
    """The figures of the phrases a claim took from its context (the user's question, a
    heading, a table's column header): the claim need not find them in the evidence."""
    # one phrase a line: a number never runs on from one phrase into the next
    return span_figures("\n".join(context)).values if context else frozenset()
