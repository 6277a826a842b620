"""Figures a computation the checks do not follow may have given: read loosely, only to keep
a figure conflict from deleting a claim.

A figure conflict deletes a sentence (``evidence``): the sentence that speaks of the same
thing gives another value, and no computation the checks follow (``derivation``,
``worked_figures``, ``worked_dates``) gives the claim's. Answers work figures out in more
ways than those: "For 10 users the Team plan costs $150 a month" ($15 per user), "The
jacket now costs £90" (£120, reduced by 25%), "The train arrives at 11:45" (09:40 and a
journey of 2 hours 5 minutes), "Children aged 4 and under travel free" ("under 5"). A
conflict that this loose reading explains is a mark (``figure_absent``), not a deletion;
the reading never passes a claim:

* a quantity: a number of the sentence that speaks of it times, or over, a number of the
  claim's, the user's or of up to three neighbouring sentences of one source (no round
  factor there: twice, ten times, half), or changed by a percentage of those, up or down,
  or taken as that share; to half the claim's last digit, or 0.5 %;
* a date, a time or a year (not a year of the event the sentence's year dates: "opened
  in 1941" / "opened in 1937 after four years"): one of such sentences' or the claim's
  moved by a duration
  they write, in digits or words ("five years", "an hour", "a decade"), either way (a
  date or a year not by one year: a year on is how one is planted wrong, and "for one
  year" is a validity more often than a count); a date a day from one of theirs where
  either says "inclusive", "until" or "reopens"; a time beside a time zone (a zone's
  hours are not counted here);
* a whole number one from the other value, where either is a bound ("under 5" / "4 and
  under", "more than 10" / "at least 11").

Pure functions of the claim, the case's figures and the user's.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation

import regex

from ..lexicon.dates import TIME_ZONES
from ..lexicon.numbers import (
    NUMBER_WORDS,
    PERCENT_CHANGE,
    SHARE_ADDED,
    SHARE_SAVED,
    SHARE_TAKEN,
)
from ..lexicon.polarity import FALLING_WORDS, RISING_WORDS
from ..text.words import lex_tokens, stem
from .clause_checks import content_words
from .derivation import number, shares, word_factors
from .evidence_index import EvidenceIndex, EvidenceSentence, figure_kinds
from .figures import Need, rounding_exponent
from .hedges import hedge_at
from .periods import date_parts

__all__ = ["loosely_worked"]

_DATED = ("year", "date", "time")
_UNCOUNTED = (*_DATED, "percent")  # no operand of a product: a percentage is a rate
# a duration in digits or words, and its length in days
_DAYS = {"minute": 1 / 1440, "hour": 1 / 24, "day": 1.0, "week": 7.0, "fortnight": 14.0,
         "month": 30.44, "year": 365.25, "decade": 3652.5}  # fmt: skip
_DURATION = regex.compile(
    r"\b(\d+(?:\.\d+)?|an?|one|" + "|".join(NUMBER_WORDS) + r")[\s-]+("
    + "|".join(_DAYS) + r")s?\b",
    regex.IGNORECASE,
)  # fmt: skip
_ZONES = regex.compile(
    r"\b(?:" + "|".join(z for group in TIME_ZONES for z in group) + r")\b", regex.IGNORECASE
)
_RELATIVE = Decimal("0.005")
# words beside which a percentage changes a figure, up or down ("a 5% pay rise", "reduced
# by 25%", "Save 30%"); elsewhere it is a share of something else ("20% of buyers")
_UP = frozenset(
    stem(w) for w in (*SHARE_ADDED, *RISING_WORDS, "growth", "up", "going")
)  # fmt: skip
_DOWN = frozenset(
    stem(w) for w in (*SHARE_TAKEN, *SHARE_SAVED, *FALLING_WORDS, "cut", "cuts", "loss", "down")
)  # fmt: skip
_EITHER = frozenset(stem(w) for w in PERCENT_CHANGE) - _UP - _DOWN
# factors that turn a figure into a planted error as often as into a computation (twice,
# ten times, half): two numbers of a source multiply only without them
_ROUND = frozenset(Decimal(v) for v in ("1", "2", "10", "100", "1000", "0.5", "0.1", "0.01"))
_INCLUSIVE = regex.compile(r"\b(?:inclusive|until|till|through|reopens?|resumes?)\b", regex.I)


def _durations(texts: Iterable[str]) -> set[float]:
    """Each duration the texts write, in days, and the sum of two written together ("2
    hours 5 minutes")."""
    out: set[float] = set()
    for text in texts:
        found = []
        for m in _DURATION.finditer(text):
            word = m[1].casefold()
            n = 1.0 if word in ("a", "an", "one") else float(NUMBER_WORDS.get(word, 0) or m[1])
            found.append(n * _DAYS[m[2].casefold()])
        out.update(found)
        out.update(a + b for a, b in itertools.pairwise(found))
    return out


def _numbers(kinds: Iterable[tuple[str, str]]) -> list[Decimal]:
    return [n for k, v in kinds if k not in _DATED and (n := number(v)) is not None and n]


def _close(result: Decimal, x: Decimal, need: Need) -> bool:
    exponent = rounding_exponent(need)
    half = Decimal(1).scaleb(exponent if exponent is not None else -need.decimals) / 2
    return abs(result - x) <= max(half, abs(x) * _RELATIVE)


def _quantity(
    x: Decimal, need: Need, stated: Sequence[Decimal], window: _Figures, own: _Figures
) -> bool:
    """Is ``x`` a number the sentence that speaks of it states (``stated``) times or over
    one of the claim's or the user's (``own``) or of a ``window`` that is no round factor,
    or that number times a factor of a percentage of either (``_Figures.rates``)?"""
    factors = (*own.numbers, *(n for n in window.numbers if n not in _ROUND))
    try:
        for a, b in itertools.product(stated, factors):
            if _close(a * b, x, need) or _close(a / b, x, need) or _close(b / a, x, need):
                return True
        for a, f in itertools.product(stated, (*own.rates, *window.rates)):
            if _close(a * f, x, need):
                return True
    except (InvalidOperation, ZeroDivisionError):
        return False
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


def _same_event(claim: str, start: int, sentence: str, other: str) -> bool:
    """Does the word before the claim's year, which says what event it dates, stand before
    the sentence's year too ("opened in 1941" / "opened in 1937 after four years")?"""
    at = sentence.find(other)
    mine = content_words(claim[:start])[-1:]
    return at >= 0 and bool(mine) and mine == content_words(sentence[:at])[-1:]


def _dated(reading: str, kind: str, window: _Figures, own: _Figures) -> bool:
    """Is a date, time or year one of the window's (or the claim's) moved by a duration the
    window or the claim writes; a date a day from one where either says "inclusive",
    "until" or "reopens"?"""
    case = [*window.dated, *own.dated]
    spans = window.spans | own.spans
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
        # a year on is how a year is planted wrong, and "for one year" is a validity more
        # often than a count: two years or more
        return n is not None and any(
            abs(abs(n - y) - s / 365.25) < 0.05 for y in years for s in spans if s >= 730
        )
    day = _day(reading)
    if day is not None:
        edge = window.inclusive or own.inclusive
        gaps = [abs((day - d).days) for c in case if (d := _day(c)) is not None and d != day]
        near = [s for s in spans if s >= 1 and s != _DAYS["year"]]
        return any((edge and g <= 1) or any(abs(g - s) <= 2 + 0.03 * s for s in near) for g in gaps)
    month = _months(reading)
    gaps = [abs(month - m) for c in case if month is not None and (m := _months(c)) is not None]
    return any(abs(g - s / 30.44) <= 1 for g in gaps for s in spans if s >= 28)


def _minutes(reading: str) -> int | None:
    m = regex.fullmatch(r"T(\d{2}):(\d{2})(?::\d{2})?", reading)
    return int(m[1]) * 60 + int(m[2]) if m else None


def _bound_one_off(claim: str, at: tuple[int, int], need: Need, other: str, sentence: str) -> bool:
    """A whole number one from ``other`` where either is written as a bound."""
    x, y = need.number, number(other)
    if x is None or y is None or abs(x - y) != 1 or x != x.to_integral_value():
        return False
    if hedge_at(claim, *at) in ("min", "max"):
        return True
    return any(
        hedge_at(sentence, m.start(), m.end()) in ("min", "max")
        for m in regex.finditer(rf"(?<![\d.,]){regex.escape(other)}(?![\d])", sentence)
    )


@dataclass(frozen=True)
class _Figures:
    """What a window of text offers the loose reading: its quantities, the factors its
    percentages change a figure by, its dates, durations (days) and whether it bounds a
    date inclusively."""

    numbers: tuple[Decimal, ...]
    rates: tuple[Decimal, ...]
    dated: tuple[str, ...]
    spans: frozenset[float]
    inclusive: bool


def _figures(kinds: Sequence[tuple[str, str]], texts: Sequence[str], own: bool) -> _Figures:
    """``own``: the claim's and the user's, whose multiplier and period words ("twice", "a
    month") count too; a source's number words only."""
    numbers = [n for k, v in kinds if k not in _UNCOUNTED and (n := number(v)) is not None and n]
    numbers += [n for t in texts for k, n in word_factors(t) if n and (own or k == "count")]
    words = {stem(w) for t in texts for w in lex_tokens(t)}
    ways = [w for w, said in ((1, _UP), (-1, _DOWN)) if words & (said | _EITHER)]
    percents = [n for k, v in kinds if k == "percent" and (n := number(v)) is not None]
    percents += [Decimal(p) for t in texts for p in shares(t)]
    # a percentage beside a word of change changes a figure that way, or is taken of it
    rates = [
        f
        for p in percents
        if p != 100 and ways
        for f in (p / 100, *(1 + w * p / 100 for w in ways))
    ]
    return _Figures(
        tuple(numbers),
        tuple(rates),
        tuple(v for k, v in kinds if k in _DATED),
        frozenset(_durations(texts)),
        any(_INCLUSIVE.search(t) for t in texts),
    )


def _windows(index: EvidenceIndex) -> Iterator[_Figures]:
    """The figures of each run of three neighbouring sentences of one source."""
    sentences = index.sentences
    for i, s in enumerate(sentences):
        near = [x for x in sentences[max(0, i - 1) : i + 2] if x.source_id == s.source_id]
        yield _figures([f for x in near for f in x.kinds], [x.text for x in near], own=False)


def loosely_worked(
    claim: str, at: tuple[int, int], need: Need, kind: str, aligned: EvidenceSentence,
    other: str, index: EvidenceIndex, user: Sequence[tuple[str, str]],
) -> bool:  # fmt: skip
    """May a computation the checks do not follow have given the claim's figure (at ``at``
    in ``claim``), where ``aligned`` gives ``other``? Only ever keeps a conflict from
    deleting the claim (module docstring)."""
    if _bound_one_off(claim, at, need, other, aligned.text):
        return True
    if kind == "time" and (_ZONES.search(claim) or _ZONES.search(aligned.text)):
        return True
    mine = [(k, v) for k, v in figure_kinds(claim) if v not in need.readings]
    rest = claim[: at[0]] + claim[at[1] :]
    # the user's numbers are no operands here: a rate worked for them is
    # ``worked_for_user``'s, which reads whether the claim still states the rate
    own = _figures([*mine, *((k, v) for k, v in user if k in _DATED)], [rest], own=True)
    if kind == "year" and _same_event(claim, at[0], aligned.text, other):
        return False
    if kind in _DATED:
        return any(_dated(need.readings[0], kind, w, own) for w in _windows(index))
    x = need.number
    stated = [
        n for k, v in aligned.kinds if k not in _UNCOUNTED and (n := number(v)) is not None and n
    ]
    return x is not None and any(_quantity(x, need, stated, w, own) for w in _windows(index))
