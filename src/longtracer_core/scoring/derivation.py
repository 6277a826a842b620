"""Figures a reader derives from the evidence, so a derived figure is never called wrong.

Two readings, for two uses (what a claim computes from its own figures is
``own_work.worked_out``):

* ``derived_values`` — what a careful reader derives for certain (a unit conversion,
  the sum or difference of two figures of one kind, a share of two counts as a percent,
  the rest of a percentage, a span of years, a duration written in two units as one —
  "2 hours 30 minutes" is 150 minutes): a claim stating one of these *is* stated.
* ``derivable`` — what a claim may have computed (a quantity times or over a count, a
  multiplier word or a rate's period of its sentence: "£10 a month" → £120 a year,
  "twice a day at 500 mg" → 1,000 mg, "84 turbines rated at 14.7 MW" → 1,234.8 MW; a
  quantity over a measure, "a 2 kg bag costs £3.40" → £1.70 per kg; a year and a
  duration, "opened in 1937 after four years of construction" → 1933), or across the
  case's sentences (``derivable_across``): too loose to count as stated, enough that a
  figure which differs from the evidence is not a proof of error.

Pure functions of the sentences' figure readings and words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Protocol

import regex

from ..lexicon.numbers import (
    COMBINING_WORDS,
    DURATION_PAIRS,
    MULTIPLIER_WORDS,
    NUMBER_WORDS,
    PERIOD_FACTORS,
    SHARE_ADDED,
    SHARE_TAKEN,
)
from ..text.memo import short_text_cache
from ..text.words import lex_tokens
from .units import measured_in, unit_table

__all__ = [
    "MAX_FIGURES",
    "MAX_YEARS",
    "Read",
    "canon",
    "combines",
    "compound_durations",
    "converted_values",
    "derivable",
    "derivable_across",
    "derivable_date",
    "derived_values",
    "sentence_numbers",
    "share_readings",
    "share_spans",
    "shares",
    "word_factors",
]

MAX_FIGURES = 12  # pairs of the first figures of a sentence (a table row can hold dozens)
MAX_YEARS = 200  # a duration added to or taken from a year is shorter than this
_MAX_POOL = 40  # figures of a whole case read for a computation across its sentences


class Read(Protocol):
    """A sentence as the derivations read it: its text, content words and figures."""

    @property
    def text(self) -> str: ...
    @property
    def content(self) -> frozenset[str]: ...
    @property
    def kinds(self) -> tuple[tuple[str, str], ...]: ...


def number(value: str) -> Decimal | None:
    try:
        return Decimal(value)
    except InvalidOperation:
        return None


def canon(value: Decimal) -> str:
    """A value as figure readings write it: 20, 4.5, 33.33 (no exponent, no trailing 0)."""
    if value == value.to_integral_value():
        return str(int(value))
    return format(value.quantize(Decimal("0.01")).normalize(), "f")


def _pairs(numbers: Sequence[Decimal]) -> Iterable[tuple[Decimal, Decimal]]:
    head = numbers[:MAX_FIGURES]
    return ((a, b) for i, a in enumerate(head) for b in head[i + 1 :])


def converted_values(value: Decimal, unit: str) -> set[tuple[str, str]]:
    """(value, unit) in every unit one conversion away, as readings write them; a value
    that rounding to two decimals would change ("4 mg" is 0.004 g, not "0") is left out.
    A value converted into another unit is also read rounded to two to four significant
    figures where that changes it by no more than the same share (74 °C is 165.2 °F,
    written "165 °F"; 6,650 km is 4,132.1 miles, written "4,130 miles")."""
    out: set[tuple[str, str]] = set()
    for v, u in unit_table().converted(value, unit):
        forms = [v] if u == unit else [v, *(_significant(v, k) for k in (2, 3, 4))]
        for form in forms:
            try:
                written = canon(form)
            except InvalidOperation:  # too many digits to quantize
                continue
            if abs(Decimal(written) - v) <= abs(v) * _ROUNDING:
                out.add((written, u))
    return out


def _significant(value: Decimal, digits: int) -> Decimal:
    """``value`` rounded to ``digits`` significant figures (0 stays 0)."""
    if not value:
        return value
    return value.quantize(Decimal(1).scaleb(value.adjusted() - digits + 1), ROUND_HALF_UP)


_ROUNDING = Decimal("0.005")
_SINGULAR = sorted((w for w in unit_table().fractions if not w.endswith("s")), key=len)
# a fraction with its count, or "half of"; never a position ("the second half", "the
# fourth quarter", "the last two quarters")
_FRACTION = regex.compile(
    r"\b(?<!(?:first|second|third|fourth|last|latter|other|back|front|bottom|top|next|past"
    r"|previous)\s)(?:(?P<n>an?|one|two|three|four|five|six|seven|eight|nine|\d{1,2})[\s-]+"
    r"(?P<w>" + "|".join(reversed(_SINGULAR)) + r")s?"
    r"|(?P<h>half)(?=\s+(?:of|the|its|their|his|her|all|an?)\b))\b",
    regex.IGNORECASE,
)
# "one in four", "7 in 10": a share written as a ratio of two counts
_RATIO = regex.compile(r"\b(\p{L}+|\d{1,3}) in (\p{L}+|\d{1,3})\b", regex.IGNORECASE)


def _count(word: str) -> Decimal | None:
    """A count written in digits or words ("a", "an", "one" too: before a fraction or
    "in" they are numbers)."""
    if word.isdigit():
        return Decimal(word)
    folded = word.casefold()
    value = 1 if folded in ("a", "an", "one") else NUMBER_WORDS.get(folded)
    return None if value is None else Decimal(value)


@short_text_cache(maxsize=4096)
def share_spans(text: str) -> tuple[tuple[int, int, Decimal], ...]:
    """Where ``text`` writes a percentage in words, and its value ("a fifth": 20; "two
    thirds": 66.67; "one in four": 25): a fraction word with its count ("a third", "three
    quarters", "half of"; not "the second half", "the fourth quarter") or a ratio of two
    counts. A share under 1 % is left out."""
    table = unit_table().fractions
    found: list[tuple[int, int, Decimal]] = []
    for m in _FRACTION.finditer(text):
        if m.group("h"):
            found.append((m.start(), m.end(), table["half"]))
            continue
        count, part = _count(m.group("n")), table[m.group("w").casefold()]
        if count is not None:  # "two thirds": 2 × 100 / 3
            found.append((m.start(), m.end(), count * 100 / round(100 / part)))
    for m in _RATIO.finditer(text):
        part_, whole = _count(m.group(1)), _count(m.group(2))
        if part_ is not None and whole and 0 < part_ < whole:
            found.append((m.start(), m.end(), part_ / whole * 100))
    return tuple(f for f in found if 1 <= f[2] < 100)


def share_readings(value: Decimal) -> frozenset[str]:
    """A share's readings: to one decimal and whole ("66.7" and "67")."""
    return frozenset({canon(value.quantize(Decimal("0.1"))), canon(value.quantize(Decimal(1)))})


@short_text_cache(maxsize=4096)
def shares(text: str) -> frozenset[str]:
    """The percentages ``text`` writes in words, as readings (``share_spans``). Read once
    per text: a source sentence's span figures and its derived values both ask."""
    return frozenset(r for _, _, v in share_spans(text) for r in share_readings(v))


def derived_values(sentences: Sequence[Read]) -> frozenset[str]:
    """Values a careful reader derives from one sentence (see the module docstring).
    Never a year or a date."""
    out: set[str] = set()
    years: set[Decimal] = set()
    for s in sentences:
        out.update(shares(s.text))
        by_kind: dict[str, list[Decimal]] = {}
        for kind, value in s.kinds:
            n = number(value)
            if n is None:
                continue
            if kind == "year":
                years.add(n)
                continue
            if kind.startswith("unit:"):
                out.update(v for v, _ in converted_values(n, kind[5:]))
            by_kind.setdefault(kind, []).append(n)
            if kind == "percent" and 0 < n < 100:
                out.add(canon(100 - n))  # "the last 20%" of 80 %
        out.update(_compound_durations(by_kind))
        for kind, numbers in by_kind.items():
            for a, b in _pairs(numbers):
                out.update({canon(a + b), canon(abs(a - b))})
                if kind == "count" and a and b:
                    out.add(canon(min(a, b) / max(a, b) * 100))
    ordered = sorted(years)
    out.update(canon(b - a) for i, a in enumerate(ordered) for b in ordered[i + 1 :])
    return frozenset(out)


def _compound_durations(by_kind: dict[str, list[Decimal]]) -> set[str]:
    """ "2 hours 30 minutes" is 150 minutes and 2.5 hours (each pair of one sentence)."""
    out: set[str] = set()
    for big, small, factor in DURATION_PAIRS:
        for a in by_kind.get(f"unit:{big}", [])[:MAX_FIGURES]:
            for b in by_kind.get(f"unit:{small}", [])[:MAX_FIGURES]:
                out.update({canon(a * factor + b), canon(a + b / factor)})
    return out


def _hits(value: Decimal, exponent: int | None) -> Callable[[Decimal], bool]:
    """Does a computed result give ``value``: as figure readings write it, or, for a figure
    the claim writes as approximate, rounded at ``exponent`` (``figures.rounding_exponent``:
    its last written digit, two significant figures at most; "about $600 a year" from
    "$49.95 per month"), and for one written with decimals, rounded to them?"""
    target = canon(value)
    written = value.as_tuple().exponent
    # a figure written with decimals is a result rounded to them ("£24.64" of 6.75p x 365)
    if exponent is None and isinstance(written, int) and written < 0:
        exponent = written
    quantum = Decimal(1).scaleb(exponent) if exponent is not None else None

    def hit(result: Decimal) -> bool:
        if canon(result) == target:
            return True
        if quantum is None:
            return False
        try:
            return (result / quantum).quantize(
                Decimal(1), rounding=ROUND_HALF_UP
            ) * quantum == value
        except InvalidOperation:  # too many digits to round exactly
            return False

    return hit


def _times_own(
    hit: Callable[[Decimal], bool], kind: str, sentences: Sequence[Read], own: Sequence[Decimal]
) -> bool:
    quantities = [n for s in sentences for k, n in sentence_numbers(s) if k == kind]
    return any(
        hit(q * f) or hit(q / f)
        for q in quantities[: MAX_FIGURES * 4]
        for f in own
        if 1 < f < MAX_YEARS
    )


_MONTH = regex.compile(r"(\d{4})-(\d{2})")
_YEAR_COUNTS = ("count", "multiplier", "unit:year")  # "four", "5 years"


def derivable_date(reading: str, sentences: Sequence[Read]) -> bool:
    """May a month of a year ("2027-10") be a date of one sentence plus or minus a count
    of that sentence ("first available in October 2022 ... security updates for at least
    5 years" gives October 2027)?"""
    m = _MONTH.fullmatch(reading)
    if m is None:
        return False
    year, month = Decimal(m[1]), m[2]
    for s in sentences:
        figures = sentence_numbers(s)[: MAX_FIGURES * 2]
        factors = [n for k, n in figures if k in _YEAR_COUNTS and 0 < n < MAX_YEARS]
        months = [d for k, v in s.kinds if k == "date" and (d := _MONTH.fullmatch(v))]
        for d in months:
            if d[2] == month and any(year in (int(d[1]) + n, int(d[1]) - n) for n in factors):
                return True
    return False


def compound_durations(kinds: Iterable[tuple[str, str]]) -> set[str]:
    """The durations a text writes in two units, as one value in either unit."""
    by_kind: dict[str, list[Decimal]] = {}
    for kind, value in kinds:
        n = number(value)
        if n is not None and kind.startswith("unit:"):
            by_kind.setdefault(kind, []).append(n)
    return _compound_durations(by_kind)


def word_factors(text: str) -> list[tuple[str, Decimal]]:
    """Number words ("four") as counts, multiplier words ("twice") and the factors of a
    rate's period ("a month": 12) of one text."""
    out: list[tuple[str, Decimal]] = []
    for token in lex_tokens(text):
        if token in NUMBER_WORDS:
            out.append(("count", Decimal(NUMBER_WORDS[token])))
        elif token in MULTIPLIER_WORDS:
            out.append(("multiplier", Decimal(MULTIPLIER_WORDS[token])))
        elif token in PERIOD_FACTORS:
            out.extend(("multiplier", Decimal(f)) for f in PERIOD_FACTORS[token])
    return out


def sentence_numbers(s: Read) -> list[tuple[str, Decimal]]:
    """(kind, value) of every figure of one sentence, with its number and multiplier words."""
    figures = [(kind, n) for kind, value in s.kinds if (n := number(value)) is not None]
    return figures + word_factors(s.text)


def combines(text: str) -> bool:
    """Does ``text`` say it combines figures ("in total", "plus", "together")?"""
    return not COMBINING_WORDS.isdisjoint(w.casefold() for w in lex_tokens(text))


def derivable_across(
    value: Decimal | None,
    kind: str,
    sentences: Sequence[Read],
    user: Sequence[tuple[str, str]] = (),
    exponent: int | None = None,
    sums: bool = True,
    combined: bool = False,
    per: frozenset[str] = frozenset(),
) -> bool:
    """May ``value`` have been worked out from figures of different sentences, or from the
    user's own (``user``: (kind, value) of the figures of the question, read first): the
    sum or the difference of two different figures of its kind (166 AU and 139 AU: 27 AU
    between the probes), also of the rates sentences give by their measures (``_rated``;
    with ``per``, the kinds of measure the claim gives a rate per: "A 2 kg bag costs £3.40",
    "A 5 kg bag costs £7.50": 20p per kg between them), or a percentage of one (10 % of a
    £146,000 balance: £14,600);
    rounded to ``exponent`` for a figure the claim writes as approximate (``_hits``);
    without ``sums``, only a percentage of one. Never a year; a percentage only as a sum
    or difference of two, where the claim or its sentence says it combines them
    (``combined``: "Total contributions are 8%" of 5% and a further 3%); a small count
    meets a sum by chance."""
    percent = kind == "percent"
    if value is None or kind == "year" or (percent and not combined):
        return False
    if kind == "count" and value < 10:
        return False
    pool = [(k, n) for k, v in user if (n := number(v)) is not None]
    pool += [f for s in sentences for f in sentence_numbers(s)]
    pool += [(kind, v) for s in sentences for v in _rated(s, kind, per)]
    same = list(dict.fromkeys(n for k, n in pool if k == kind))[:_MAX_POOL]
    percents = [n for k, n in pool if k == "percent"][:_MAX_POOL]
    hit = _hits(value, exponent)
    try:
        ends = ((a, b) for i, a in enumerate(same) for b in same[i + 1 :])
        if sums and any(hit(a + b) or hit(abs(a - b)) for a, b in ends):
            return True
        return not percent and any(hit(q * p / 100) for q in same for p in percents)
    except InvalidOperation:  # a figure too long for exact arithmetic
        return False


def _rated(s: Read, kind: str, per: frozenset[str]) -> list[Decimal]:
    """The values of ``kind`` one sentence gives by its rates: a quantity over a measure of
    a kind in ``per`` ("A 2 kg bag costs £3.40": £1.70 per kg)."""
    figures = sentence_numbers(s)[:MAX_FIGURES]
    measures = [n for k, n in figures if k in per and k != kind and n > 0]
    return [q / m for k, q in figures if k == kind for m in measures]


def derivable(
    value: Decimal,
    kind: str,
    sentences: Sequence[Read],
    own: Sequence[Decimal] = (),
    exponent: int | None = None,
    per: frozenset[str] = frozenset(),
) -> bool:
    """May ``value`` (a figure of ``kind``) have been computed from one of ``sentences``:
    a year plus or minus a duration, or a quantity of the claim's kind times a count or
    a multiplier word of the same sentence, or with a percentage of the same sentence added
    or taken ("£150 plus VAT at 20%": £180), or times a count or multiplier the claim
    itself writes in words (``own``: "over a three-year degree that comes to £18,000"), or
    over a measure of the sentence of a kind the claim gives a rate per (``per``: "£1.70
    per kg" of "A 2 kg bag costs £3.40"; "A tin costs £4.50" is no rate of a 10-litre tin);
    rounded to ``exponent`` for a figure the claim writes as approximate (``_hits``)?"""
    hit = _hits(value, exponent)
    if own and kind != "year" and _times_own(hit, kind, sentences, own):
        return True
    for s in sentences:
        figures = sentence_numbers(s)[: MAX_FIGURES * 2]
        # a count is a small factor; a period's may be large ("per day": 365 in a year)
        factors = [
            n
            for k, n in figures
            if (k == "count" and 0 < n < MAX_YEARS) or (k == "multiplier" and n > 0)
        ]
        if kind == "year":  # "began in 1933 and took 4 years": 1937
            factors = [n for n in factors if n < MAX_YEARS]
            factors += [n for k, n in figures if k == "unit:year" and 0 < n < MAX_YEARS]
            years = [n for k, n in figures if k == "year"]
            if any(hit(y + n) or hit(y - n) for y in years for n in factors):
                return True
            continue
        # a count times a count only by a word ("twice", "four"): small digits meet by chance
        if kind == "count":
            factors = [n for k, n in word_factors(s.text)]
        quantities = [n for k, n in figures if k == kind]
        if any(hit(q * f) or hit(q / f) for q in quantities for f in factors if f is not q):
            return True
        if kind != "count" and _gap_times(hit, quantities, factors):
            return True
        # a quantity over a measure of the sentence: a rate per unit ("A 2 kg bag costs
        # £3.40": £1.70 per kg; "ran 10 km in 50 minutes": 5 minutes per km)
        measures = [m for k, n in figures if k != kind and n > 0 for m in measured_in(k, n, per)]
        # per 100 of the measure too ("A 400 g jar costs £3": 75p per 100 g)
        if kind != "count" and any(
            hit(q / m) or hit(q * 100 / m) for q in quantities for m in measures
        ):
            return True
        if kind != "count" and _with_share(hit, quantities, figures, s.text):
            return True
    return False


def _gap_times(
    hit: Callable[[Decimal], bool], quantities: Sequence[Decimal], factors: Sequence[Decimal]
) -> bool:
    """Two quantities of a sentence set against each other over one of its periods: their
    difference times it ("60.10p per day on Flex and 53.35p on Fixed": £24.64 a year), or
    one times it against the other ("£420 a year, or £39 a month": £48 more)."""
    pairs = [(a, b) for a in quantities for b in quantities if a != b]
    return any(hit(abs(a - b) * f) or hit(abs(a * f - b)) for a, b in pairs for f in factors)


def _with_share(
    hit: Callable[[Decimal], bool],
    quantities: Sequence[Decimal],
    figures: Sequence[tuple[str, Decimal]],
    text: str,
) -> bool:
    """A quantity of a sentence with one of its percentages added, where the sentence says
    it adds one ("$200 a night, plus a 15% resort fee": $230), or taken off, where it says
    it takes one off ("20% off the £50 list price": £40)."""
    words = set(lex_tokens(text))
    shares = [n for k, n in figures if k == "percent" and 0 < n < 100]
    signs = [s for s, cue in ((1, SHARE_ADDED), (-1, SHARE_TAKEN)) if words & cue]
    return any(
        hit(q * (100 + sign * p) / 100) for q in quantities for p in shares for sign in signs
    )
