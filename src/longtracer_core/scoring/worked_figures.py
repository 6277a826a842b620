"""Figures an answer works out for the user's own case, and figures that state no value.

An answer applies the sources to the user: "£719 a week" for their 14 weeks is £10,066,
"10 minutes per 50 GB" for their 100 GB is 20 minutes. Such a figure is not the
evidence's, and where it differs from the evidence it is no proof of error
(``worked_for_user``: marked, never deleted). And some figures of a sentence state no value
of anything a claim could differ from: the figure a rate is given for ("per 50 GB") and the
operands of a formula (``operands``). Pure functions of the sentences' figure readings.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

import regex

from ..lexicon.grammar import ADDRESSED, HYPOTHETICAL
from ..lexicon.numbers import DURATION_UNITS, NUMBER_WORDS, WORKED_VERBS
from ..text.memo import short_text_cache
from .derivation import MAX_FIGURES, MAX_YEARS, Read, canon, number, sentence_numbers
from .figure_facts import rate_kinds

__all__ = [
    "asserted",
    "operands",
    "rate_bases",
    "speaks_as_of",
    "within_range",
    "worked_for_user",
]


_FACTOR_KINDS = frozenset({"count", "multiplier", *(f"unit:{u}" for u in DURATION_UNITS)})
_NO_SCALE = frozenset({"year", "date", "time", "percent"})
_TOTAL = regex.compile(r"\b(?:in\s+total|total|altogether|in\s+all|combined)\b", regex.I)
_PLUS = regex.compile(r"\bplus\b|\+", regex.I)  # a count the sentence adds ("plus 8 bank holidays")
# a quantity given per two things ("3 litres of water per person per day")
_TWO_RATES = regex.compile(r"\bper\s+(\p{L}+)\s+(?:per|a|an|each)\s+(\p{L}+)\b", regex.I)


def _per_two(text: str, mine: Sequence[tuple[str, Decimal]]) -> list[Decimal]:
    """The products of two of the user's figures that a quantity ``text`` gives per two
    things is worked out for: one of each thing's kind, a unit's ("day": a number of
    days) or else a count ("person"): "3 litres per person per day" for 2 people and 3
    days is 18 litres."""
    out: list[Decimal] = []
    for m in _TWO_RATES.finditer(text):
        kinds = [next(iter(rate_kinds(f"per {w}")), "count") for w in (m[1], m[2])]
        firsts = [(i, n) for i, (k, n) in enumerate(mine) if k == kinds[0]]
        out += [
            a * n for i, a in firsts for j, (k, n) in enumerate(mine) if k == kinds[1] and j != i
        ]
    return out


def worked_for_user(
    value: Decimal | None,
    kind: str,
    sentences: Sequence[Read],
    user: Sequence[tuple[str, str]],
    claim: str,
) -> bool:
    """Is ``value`` a figure of one sentence worked out for the user's own figures
    (``user``: (kind, value) of the question's figures), to the precision the claim writes
    it: a rate scaled from the figure it is given for to the user's of that kind ("10
    minutes per 50 GB" for 100 GB: 20 minutes; "£42 for every £1,000" for £14,600: about
    £613); in a claim addressed to the user, the sentence's only quantity of the kind
    times or over a count or a duration of the user's ("£719 a week" for your 14 weeks:
    £10,066), or times two of them where it is given per two things (``_per_two``); in a claim
    that states a total, a quantity with a count its sentence adds ("26 days … plus 8
    bank holidays": 34 days in total)? A limit or a threshold is no rate: "After 20
    years staff get 30 days" gives no 15 days for 10 years."""
    if value is None:
        return False
    mine = [(k, n) for k, v in user if (n := number(v)) is not None]
    exponent = value.as_tuple().exponent
    digits = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    tolerance = Decimal(5) * Decimal(10) ** (-digits - 1)

    def near(result: Decimal) -> bool:
        return abs(result - value) <= tolerance

    addressed = ADDRESSED.search(claim) is not None
    factors = [n for k, n in mine if k in _FACTOR_KINDS and 1 < n < MAX_YEARS * 50]
    total = _TOTAL.search(claim) is not None and (kind.startswith("unit:") or kind == "count")
    for s in sentences:
        figures = sentence_numbers(s)[: MAX_FIGURES * 2]
        quantities = [n for k, n in figures if k == kind]
        single = len(set(quantities)) == 1  # "£25.60 for the eldest, £16.95 for each other"
        times = [q * p for q in quantities for p in _per_two(s.text, mine)]
        if (
            addressed
            and single
            and any(near(q * f) or near(q / f) for q in quantities for f in factors)
        ) or any(near(t) for t in times if addressed and single):
            return True
        bases = rate_bases(s.text)
        scales = [
            x / b
            for kb, b in figures
            if b and kb not in _NO_SCALE and canon(b) in bases
            for kx, x in mine
            if kx == kb and x != b
        ]
        if any(near(q * r) for q in quantities for r in scales):
            return True
        adds = total and _PLUS.search(s.text) is not None
        counts = [n for k, n in figures if k == "count"] if adds else []
        if adds and kind == "count":  # "in total you get 34": 26 days plus 8 bank holidays
            quantities = [n for k, n in figures if k.startswith("unit:")]
        if any(near(q + c) for q in quantities for c in counts):
            return True
    return False


# the figure a rate is given for ("10 minutes per 50 GB", "£42 for every £1,000"): no
# value of anything, so no figure a claim's own ("your 100 GB database") can differ from;
# a bare "every" states a spacing or a frequency ("every 5 km", "every 4 hours"), unless
# a sum of money follows it ("every £1,000 overpaid saves £42")
_RATE_BASE = regex.compile(
    r"\b(?:(?:per|for\s+(?:every|each))\s+[$€£]?|every\s+[$€£])\s?(\d[\d,]*(?:\.\d+)?)", regex.I
)


# a formula ("Course Handicap = Handicap Index × (Slope Rating ÷ 113) + …"): the figures
# after its "=" are operands, no value of anything
_FORMULA = regex.compile(r"=(?=[^=;]*[×÷])[^=;]*")  # "+ VAT", "and/or", "2024/25" are none
_NUMBER = regex.compile(r"\d[\d,]*(?:\.\d+)?")


@short_text_cache(maxsize=4096)
def rate_bases(text: str) -> frozenset[str]:
    """The figures ``text`` gives rates for ("per 50 GB": 50), as readings write them."""
    return frozenset(m[1].replace(",", "") for m in _RATE_BASE.finditer(text))


@short_text_cache(maxsize=4096)
def operands(text: str) -> frozenset[str]:
    """The figures of ``text`` that state no value of anything: the figure a rate is
    given for and the operands of a formula (as figure readings write them)."""
    found = {n.replace(",", "") for f in _FORMULA.finditer(text) for n in _NUMBER.findall(f[0])}
    return rate_bases(text) | found


_SPAN = regex.compile(r"(\d[\d,]*(?:\.\d+)?)\s*(?:-|–|to)\s*(\d[\d,]*(?:\.\d+)?)")


# a year that opens a span with no end ("from 2023 the fee is £28.50": 2024 too)
_OPEN_YEAR = regex.compile(
    r"\b(?:from|since|starting(?:\s+in)?|beginning(?:\s+in)?)\s+(\d{4})\b", regex.I
)


_AS_OF = regex.compile(r"\bas\s+(?:of|at)\s+$", regex.IGNORECASE)


def speaks_as_of(claim: str, start: int) -> bool:
    """Is the year at ``claim[start]`` the time the claim speaks at ("as of 2024"), not the
    date of an event it states?"""
    return _AS_OF.search(claim[:start]) is not None


def within_range(text: str, claimed: str, same_kind: frozenset[str], as_of: bool = False) -> bool:
    """Does a range of ``text`` whose ends are figures of the claimed one's kind
    (``same_kind``: the sentence's values of that kind) hold the ``claimed`` value ("gate
    12" of "gates 10-14"; not "£12" of "aged 5-16"), or, for a year the claim speaks
    ``as_of``, a span the sentence opens and never closes ("From 2023 the fee is £28.50"
    holds "£28.50 as of 2024", not "as of 2019"; "in use since 1937" holds no "opened in
    1941")?"""
    value = number(claimed)
    opened = (Decimal(m[1]) for m in _OPEN_YEAR.finditer(text))
    if as_of and value is not None and any(year <= value for year in opened):
        return True
    for m in _SPAN.finditer(text):
        ends = (m[1].replace(",", ""), m[2].replace(",", ""))
        if not set(ends) <= same_kind:
            continue
        low, high = number(ends[0]), number(ends[1])
        if value is not None and low is not None and high is not None and low <= value <= high:
            return True
    return False


# a hypothetical modal in the figure's own clause ("…, which would give £10,066"), not a
# negated one ("who could not attend paid $45")
_HYPOTHETICAL = regex.compile(
    r"\b(?:" + "|".join(sorted(HYPOTHETICAL)) + r")\b(?!\s+not\b)[^,;:()—–]*$", regex.IGNORECASE
)
_WORKED = regex.compile(r"\b(?:" + "|".join(WORKED_VERBS) + r")\b[^,;:()—–]*$", regex.IGNORECASE)
_RESTATED = regex.compile(r"(?:\d|\b(?:" + "|".join(NUMBER_WORDS) + r"))\s+\p{L}+\s*\($")


def asserted(claim: str, start: int, kind: str, user: bool = False) -> bool:
    """Does the claim state its figure as the evidence's fact, so that another value in
    the evidence proves it wrong? Not when it puts it in a hypothetical in its own clause
    ("which would give £10,066"), restates a quantity in brackets ("five weeks (35 days)";
    a year in brackets restates nothing), or, where the ``user`` gave figures of their own,
    says it worked the figure out there ("which comes to about £1,730.77" of the user's
    £1,500 a month; ``lexicon.numbers.WORKED_VERBS``): a claim that computes for the user's
    case may have started from a figure of the user's situation. A hedge is no such sign:
    "about 3.5 million km" where the source says 1.5 million is wrong, rounded or not. (A
    figure the claim works out from its own is never a conflict: ``_computed``.)"""
    before = claim[:start]
    dated = kind in ("year", "date", "time")
    return not (
        _HYPOTHETICAL.search(before)
        or (not dated and _RESTATED.search(before.rstrip().lower()))
        or (user and not dated and _WORKED.search(before))
    )
