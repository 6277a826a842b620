"""Figures a computation the checks do not follow may have given: read loosely, only to keep
a figure conflict from deleting a claim.

A figure conflict deletes a sentence (``evidence``): the sentence that speaks of the same
thing gives another value, and no computation the checks follow (``derivation``,
``worked_figures``, ``worked_dates``) gives the claim's. Answers work figures out in more
ways than those: "For 10 users the Team plan costs $150 a month" ($15 per user), "The
jacket now costs £90" (£120, reduced by 25%), "The train arrives at 11:45" (09:40 and a
journey of 2 hours 5 minutes), "Children aged 4 and under travel free" ("under 5"). A
conflict that this loose reading explains is a mark (``figure_absent``), not a deletion;
the reading never passes a claim. It reads the claim and the sentence that speaks of it
with its neighbours in its source (the window), nothing else:

* a quantity (no percentage): a number of that sentence (of the claim's kind, for money
  or a unit) times, or over, a number of the claim's or of the window, or changed by a
  percentage of either beside a word of change, the way that word says ("reduced", "a 5%
  rise", "is going up by"), or taken as that share; never by a round factor of the
  window (twice, ten times, half: how figures are planted wrong) nor twice or half the
  claim's own; in a claim that says it combines figures ("together", "in total",
  "cheaper"), the sum or difference of two of the window's figures of the claim's kind,
  or two summed less a third, in the claim's unit ("1.7 litres" and "500 ml": 2.2
  litres; "£29.49 plus £3.95" against "£34.99": £1.55); a duration written in two units
  taken whole ("2 hours 30 minutes" over 50 questions: 3 minutes); to under half the
  claim's last digit, or 0.5 %;
* a percentage beside a word of change: the relative change between two percentages the
  sentence writes one after the other where it says one went from the other ("from 4.0%
  to 4.5%", "rose to 4.3%, up from 3.9%": a 12.5% increase);
* a number of years: the gap between a year the claim dates and one the window dates,
  give or take one where the claim counts years since ("November 2024 marked 35 years
  since" the fall in 1989);
* a date, a time or a year (not a year of the event the sentence's year dates: "opened
  in 1941" / "opened in 1937 after four years"): one of the window's or the claim's moved
  by a duration they write, in digits or words ("five years", "an hour", "a decade"; of
  weeks and months in a text of a series of events one period less too: the last of ten
  weekly classes), either way,
  never by a year (how one is planted wrong; "for one year" is a validity);
  a date a day from one of theirs where either says "inclusive" or "reopens"; a time in
  a zone the sentence does not write it in;
* a whole number bound said the other way: "4 and under" for "under 5", "at least 11" for
  "more than 10" (one bound inclusive, the other not, one apart, the same way).

Pure functions of the claim, the window's figures and the user's dates.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation

import regex

from ..lexicon.dates import ZONE_GROUPS
from ..lexicon.numbers import (
    DURATION_DAYS,
    DURATION_UNIT_WORDS,
    NUMBER_WORDS,
    PERCENT_CHANGE,
    RECURRING_WORDS,
    SHARE_ADDED,
    SHARE_SAVED,
    SHARE_TAKEN,
    YEARS_SINCE_WORDS,
)
from ..lexicon.polarity import FALLING_WORDS, RISING_WORDS
from ..text.words import lex_tokens, stem
from .clause_checks import event_word
from .derivation import combines, number, shares, word_factors
from .evidence_index import EvidenceIndex, EvidenceSentence, figure_kinds
from .figures import Need, rounding_exponent
from .hedges import bound_at
from .periods import date_parts

__all__ = ["loosely_worked"]

_DATED = ("year", "date", "time")
_UNCOUNTED = (*_DATED, "percent")  # no operand of a product: a percentage is a rate
# a duration in digits or words (``DURATION_DAYS``), a millennium at most ("800 years since")
_DAYS = DURATION_DAYS
_LONGEST = 365250.0
_DURATION = regex.compile(
    r"(?<![\p{L}\d,.])(\d[\d,]*(?:\.\d+)?|an?|one|" + "|".join(NUMBER_WORDS) + r")[\s-]+("
    + "|".join(_DAYS) + r")s?\b",
    regex.IGNORECASE,
)  # fmt: skip
_ZONE = regex.compile(r"\b(?:" + "|".join(z.upper() for z in ZONE_GROUPS) + r")\b")
_RELATIVE = Decimal("0.005")
_WEEK, _MONTH = DURATION_DAYS["week"], DURATION_DAYS["month"]
# factors that turn a figure into a planted error as often as into a computation
_ROUND = frozenset(Decimal(v) for v in ("1", "2", "10", "100", "1000", "0.5", "0.1", "0.01"))
# of the claim's own numbers only twice and half: "over 10 instalments" is a computation,
# "$24 a month for 2 years" against $12 a planted double
_HALVES = frozenset(Decimal(v) for v in ("1", "2", "0.5"))
_MOST = 40  # numbers of a window read at most (a table of figures is no computation)
_FEW = 8  # figures of one kind a sum is read from at most
_FROM = regex.compile(r"\bfrom\b", regex.IGNORECASE)
_PERCENT = regex.compile(r"(\d+(?:\.\d+)?)\s?(?:%|per\s?cent\b|percent\b)", regex.IGNORECASE)
# words beside which a percentage changes a figure, up or down ("a 5% pay rise", "reduced
# by 25%", "Save 30%"); elsewhere it is a share of something else ("20% of buyers")
_UP = frozenset(stem(w) for w in (*SHARE_ADDED, *RISING_WORDS, "growth"))
_DOWN = frozenset(stem(w) for w in (*SHARE_TAKEN, *SHARE_SAVED, *FALLING_WORDS, "loss"))
_EITHER = frozenset(stem(w) for w in PERCENT_CHANGE) - _UP - _DOWN
# a change in a verb and its particle ("is going up by 5%", "came down by a third")
_PHRASED = (
    (1, regex.compile(r"\b(?:go|goes|going|gone|went|put|puts|putting)\s+up\b", regex.I)),
    (-1, regex.compile(r"\b(?:go|goes|going|gone|went|come|comes|coming|came)\s+down\b", regex.I)),
)  # fmt: skip
_EDGE = regex.compile(r"\b(?:inclusive|reopens?|reopening|resumes?)\b", regex.IGNORECASE)


@dataclass(frozen=True)
class _Figures:
    """What the claim or the window offers the loose reading: its quantities, the factors
    its percentages change a figure by, its dates, its durations (days), and whether it
    bounds a date inclusively."""

    numbers: tuple[Decimal, ...]
    rates: tuple[Decimal, ...]
    dated: tuple[str, ...]
    spans: frozenset[float]
    edge: bool


def _written(text: str) -> list[tuple[float, float]]:
    """Each duration ``text`` writes, in digits or words: (number, its unit in days)."""
    found = []
    for m in _DURATION.finditer(text):
        word, unit = m[1].casefold().replace(",", ""), _DAYS.get(m[2].casefold())
        try:
            n = 1.0 if word in ("a", "an", "one") else float(NUMBER_WORDS.get(word) or word)
        except ValueError:
            continue
        if unit is not None:
            found.append((n, unit))
    return found


def _joined(text: str) -> list[float]:
    """The sums of two durations written one after the other ("2 hours 5 minutes"), days."""
    return [a * u + b * v for (a, u), (b, v) in itertools.pairwise(_written(text))]


def _durations(texts: Iterable[str]) -> set[float]:
    """Each duration the texts write, in days, and the sum of two written together ("2
    hours 5 minutes"); of weeks and months in a text of a series of events, one period
    less too (the last of ten weekly classes falls nine weeks after the first)."""
    out: set[float] = set()
    for text in texts:
        found = _written(text)
        out.update(n * unit for n, unit in found)
        if _said(text, RECURRING_WORDS):
            out.update((n - 1) * unit for n, unit in found if n > 1 and _WEEK <= unit <= _MONTH)
        out.update(_joined(text))
    return {f for f in out if 0 < f <= _LONGEST}


def _rates(kinds: Sequence[tuple[str, str]], texts: Sequence[str]) -> tuple[Decimal, ...]:
    """The factors a percentage beside a word of change changes a figure by (each way the
    words say), or takes of it."""
    words = {stem(w) for t in texts for w in lex_tokens(t)}
    ways = [
        w
        for w, said in ((1, _UP), (-1, _DOWN))
        if words & (said | _EITHER)
        or any(p.search(t) for way, p in _PHRASED if way == w for t in texts)
    ]
    if not ways:
        return ()
    percents = [n for k, v in kinds if k == "percent" and (n := number(v)) is not None]
    percents += [Decimal(p) for t in texts for p in shares(t)]
    return tuple(
        f for p in percents if 0 < p < 100 for f in (p / 100, *(1 + w * p / 100 for w in ways))
    )


def _figures(kinds: Sequence[tuple[str, str]], texts: Sequence[str], own: bool) -> _Figures:
    """``own``: the claim's, whose multiplier and period words ("twice", "a month") count
    too; a window's number words only."""
    numbers = [n for k, v in kinds if k not in _UNCOUNTED and (n := number(v)) is not None]
    numbers += [n for t in texts for k, n in word_factors(t) if own or k == "count"]
    return _Figures(
        tuple(n for n in dict.fromkeys(numbers) if n and n not in (_HALVES if own else _ROUND))[
            :_MOST
        ],
        _rates(kinds, texts),
        tuple(v for k, v in kinds if k in _DATED),
        frozenset(_durations(texts)),
        any(_EDGE.search(t) for t in texts),
    )


def _close(result: Decimal, x: Decimal, need: Need) -> bool:
    exponent = rounding_exponent(need)
    half = Decimal(1).scaleb(exponent if exponent is not None else -need.decimals) / 2
    gap = abs(result - x)
    return gap < half or gap <= abs(x) * _RELATIVE


def _quantity(x: Decimal, need: Need, stated: Sequence[Decimal], near: Sequence[_Figures]) -> bool:
    """Is ``x`` a number of the sentence that speaks of it (``stated``) times or over a
    number of ``near`` (the claim's figures and the window's), or times or over a factor
    of their percentages (``_Figures.rates``)?"""
    factors = [n for f in near for n in f.numbers]
    rates = [r for f in near for r in f.rates]
    try:
        for a, b in itertools.product(stated, factors):
            if b == a:
                continue  # a number times itself explains nothing
            if _close(a * b, x, need) or _close(a / b, x, need) or _close(b / a, x, need):
                return True
        return any(
            _close(a * f, x, need) or _close(a / f, x, need)
            for a, f in itertools.product(stated, rates)
        )
    except (InvalidOperation, ZeroDivisionError, OverflowError):
        return False


def _day(reading: str) -> date | None:
    y, m, d = date_parts(reading)
    try:
        return date(int(y), int(m), int(d)) if y and m and d else None
    except ValueError:
        return None


def _months(reading: str) -> int | None:
    y, m, _ = date_parts(reading)
    try:
        return int(y) * 12 + int(m) if y and m else None
    except ValueError:
        return None


def _minutes(reading: str) -> int | None:
    m = regex.fullmatch(r"T(\d{2}):(\d{2})(?::\d{2})?", reading)
    return int(m[1]) * 60 + int(m[2]) if m else None


def _moved(
    reading: str, kind: str, case: Sequence[str], spans: Sequence[float], edge: bool
) -> bool:
    """Is a date, time or year one of ``case`` moved by one of ``spans`` (days, no year)?"""
    if kind == "time":
        t = _minutes(reading)
        stamps = [m for c in case if (m := _minutes(c)) is not None]
        return t is not None and any(
            min(abs((t - c) % 1440 - s * 1440), abs((c - t) % 1440 - s * 1440)) < 1
            for c in stamps
            for s in spans
        )
    if kind == "year":
        years = {int(y) for c in case if (y := date_parts(c)[0]) and y.isdigit()}
        n = int(reading) if reading.isdigit() else None
        return n is not None and any(
            abs(abs(n - y) - s / 365.25) < 0.05 for y in years for s in spans
        )
    day = _day(reading)
    if day is not None:
        gaps = [abs((day - d).days) for c in case if (d := _day(c)) is not None and d != day]
        return any((edge and g == 1) or any(_spans_days(g, s) for s in spans) for g in gaps)
    month = _months(reading)
    gaps = [abs(month - m) for c in case if month is not None and (m := _months(c)) is not None]
    return any(g and abs(g - s / 30.44) <= 1 for g in gaps for s in spans if s >= 28)


def _spans_days(gap: int, span: float) -> bool:
    """Is a gap of whole days a span of a day or more: to the day for days and weeks, to
    two days and 3 % for months and years (their lengths vary)?"""
    if span < 1:
        return False
    return abs(gap - span) <= (2 + 0.03 * span if span >= 28 else 0.5)


def _bound_said_otherwise(
    claim: str, at: tuple[int, int], x: Decimal, sentence: str, other: str
) -> bool:
    """Is the claim's bound the sentence's said the other way ("4 and under" / "under 5",
    "at least 11" / "more than 10")?"""
    y = number(other)
    mine = bound_at(claim, *at)
    if y is None or mine is None or x != x.to_integral_value() or abs(x - y) != 1:
        return False
    for m in regex.finditer(rf"(?<![\d.,]){regex.escape(other)}(?![\d])", sentence):
        theirs = bound_at(sentence, m.start(), m.end())
        if theirs is None or theirs[0] != mine[0] or theirs[1] == mine[1]:
            continue
        inclusive, exclusive = (x, y) if mine[1] else (y, x)
        if exclusive - inclusive == (1 if mine[0] == "max" else -1):
            return True
    return False


def _other_zone(claim: str, sentence: str) -> bool:
    """Does the claim write a time zone the sentence does not write its time in?"""
    mine = {ZONE_GROUPS[z.casefold()] for z in _ZONE.findall(claim)}
    theirs = {ZONE_GROUPS[z.casefold()] for z in _ZONE.findall(sentence)}
    return bool(mine) and bool(theirs) and not mine & theirs


def _same_event(claim: str, start: int, sentence: str, other: str) -> bool:
    """Does the word before the claim's year, which says what event it dates, stand before
    the sentence's year too ("opened in 1941" / "opened in 1937 after four years")?"""
    at = sentence.find(other)
    return at >= 0 and bool(event_word(claim, start) & event_word(sentence, at))


def _near(aligned: EvidenceSentence, index: EvidenceIndex) -> list[EvidenceSentence]:
    """The sentence that speaks of the claim and its neighbours in its source."""
    sentences = index.sentences
    i = next((k for k, s in enumerate(sentences) if s is aligned), None)
    near = [aligned] if i is None else sentences[max(0, i - 1) : i + 2]
    return [s for s in near if s.source_id == aligned.source_id]


def _window(near: Sequence[EvidenceSentence]) -> _Figures:
    """The figures of the sentence that speaks of the claim and of its neighbours."""
    return _figures([f for s in near for f in s.kinds], [s.text for s in near], own=False)


def loosely_worked(
    claim: str, at: tuple[int, int], need: Need, kind: str, aligned: EvidenceSentence,
    other: str, index: EvidenceIndex, user: Sequence[tuple[str, str]],
) -> bool:  # fmt: skip
    """May a computation the checks do not follow have given the claim's figure (at ``at``
    in ``claim``), where ``aligned`` gives ``other``? Only ever keeps a conflict from
    deleting the claim (module docstring)."""
    x = need.number
    if x is not None and _bound_said_otherwise(claim, at, x, aligned.text, other):
        return True
    if kind == "time" and _other_zone(claim, aligned.text):
        return True
    if kind == "percent":
        changed = {stem(w) for w in lex_tokens(claim)} & (_UP | _DOWN | _EITHER)
        return x is not None and bool(changed) and _relative(x, need, aligned.text)
    if kind == "year" and _same_event(claim, at[0], aligned.text, other):
        return False
    mine = [(k, v) for k, v in figure_kinds(claim) if v not in need.readings]
    own = _figures(mine, [claim[: at[0]] + claim[at[1] :]], own=True)
    near = _near(aligned, index)
    window = _window(near)
    if kind in _DATED:
        case = [*window.dated, *own.dated, *(v for k, v in user if k in _DATED)]
        spans = [s for s in window.spans | own.spans if abs(s - _DAYS["year"]) > 20]
        return _moved(need.readings[0], kind, case, spans, window.edge or own.edge)
    alike = kind == "money" or kind.startswith("unit:")
    stated = [
        n
        for k, v in aligned.kinds
        if k not in _UNCOUNTED and (k == kind or not alike) and (n := number(v)) is not None and n
    ]
    if x is None:
        return False
    if kind == "unit:year" and _years_between(x, own.dated, window.dated, claim):
        return True
    same = _in_unit(kind, near) if alike else stated
    combined = combines(claim) and _summed(x, need, same)
    return _quantity(x, need, [*stated, *same][:_MOST], (own, window)) or combined


def _in_unit(kind: str, near: Sequence[EvidenceSentence]) -> list[Decimal]:
    """The window's figures of the claim's kind in the claim's unit ("500 ml" as 0.5 l),
    and for a duration, the durations it writes in two units in it ("2 hours 30 minutes":
    150 minutes)."""
    if kind == "money":
        return [n for s in near for k, v in s.kinds if k == kind and (n := number(v)) is not None]
    unit = kind.removeprefix("unit:")
    out = [
        n
        for s in near
        for v in s.figures.values
        if v.endswith(f"@{unit}") and (n := number(v[: -len(unit) - 1])) is not None
    ]
    if (key := DURATION_UNIT_WORDS.get(unit)) is not None:
        joined = (d for s in near for d in _joined(s.text))
        out += [Decimal(str(round(d / _DAYS[key], 6))) for d in joined]
    return list(dict.fromkeys(out))


def _summed(x: Decimal, need: Need, values: Sequence[Decimal]) -> bool:
    """Is ``x`` the sum or difference of two of ``values``, or two summed less a third
    ("£29.49 plus £3.95 delivery" against £34.99: £1.55)? Asked only of a claim that says
    it combines figures (``lexicon.numbers.COMBINING_WORDS``)."""
    few = list(values)[:_FEW]
    pairs = itertools.combinations(few, 2)
    if any(_close(a + b, x, need) or _close(abs(a - b), x, need) for a, b in pairs):
        return True
    return any(
        _close(abs(a + b - c), x, need)
        for (i, a), (j, b) in itertools.combinations(enumerate(few), 2)
        for k, c in enumerate(few)
        if k not in (i, j)
    )


def _relative(x: Decimal, need: Need, sentence: str) -> bool:
    """Is a percentage the relative change between two percentages the sentence writes one
    after the other, three words apart at most, where it says one went from the other
    ("from 4.0% to 4.5%", "rose to 4.3%, up from 3.9%": a 12.5% increase)?"""
    if _FROM.search(sentence) is None:
        return False
    found = [(m, number(m[1])) for m in _PERCENT.finditer(sentence)]
    pairs = [
        (a, b)
        for (m, a), (n, b) in itertools.pairwise(found)
        if a is not None and b is not None and len(sentence[m.end() : n.start()].split()) <= 3
    ]
    return any(
        _close(abs(b - a) / a * 100, x, need) for p, q in pairs for a, b in ((p, q), (q, p)) if a
    )


def _years(dated: Sequence[str]) -> set[int]:
    return {int(y) for v in dated if (y := date_parts(v)[0]) and y.isdigit()}


def _years_between(x: Decimal, mine: Sequence[str], theirs: Sequence[str], claim: str) -> bool:
    """Is a number of years the gap between a year the claim dates and one the window
    dates ("November 2024 marked 35 years since" the fall in 1989), give or take one where
    the claim counts years since ("since", "ago", "old")?"""
    slack = 1 if _said(claim, YEARS_SINCE_WORDS) else 0
    return any(abs(abs(a - b) - x) <= slack for a in _years(mine) for b in _years(theirs))


def _said(text: str, words: frozenset[str]) -> bool:
    """Does ``text`` write one of ``words``?"""
    return not words.isdisjoint(w.casefold() for w in lex_tokens(text))
