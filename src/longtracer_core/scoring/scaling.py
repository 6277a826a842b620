"""A fact of the evidence scaled to a measure of the claim's own: "A 330 ml can of the
cola contains 35 g of sugar", so "a 500 ml bottle would contain about 53 g". Neither of the
claim's two figures is the evidence's, and neither is wrong: the claim keeps the evidence's
ratio (35 g per 330 ml) at a measure no source states. So does a rate of one sentence
applied to a measure of another ("£2.10 per square foot" of an 850 sq ft flat: about
£1,785 a month). Such figures are worked, not
stated: marked where no source states them, never set against the sentence's as a
conflict. A claim whose measure the evidence states is read as stated (a 500 ml bottle the
evidence prices is no scaling of the can), and a ratio the claim does not keep stays a
conflict ("a 500 ml bottle contains 60 g"). Pure functions of figure readings.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from .claim_figures import claim_figures
from .derivation import Read, number
from .figure_facts import rate_kinds
from .figures import figure_kind, rounding_exponent

__all__ = ["scaled_figures"]

_UNIT = "unit:"
# kinds no fact is scaled by: a percentage or a year stays what it is at any measure
_UNSCALED = frozenset({"percent", "year", "date", "time"})
_MAX_READ = 6  # the claim's figures read in pairs


def _readings(claim: str) -> list[tuple[int, str, Decimal, int]]:
    """(start, kind, value, the place it is rounded at) of the claim's checked figures: its
    last written digit, or for an approximate one ``rounding_exponent``'s ("about £1,800")."""
    out = []
    for (start, end, scanned), need in claim_figures(claim)[:_MAX_READ]:
        kind = figure_kind(claim, start, end, scanned, need.number)
        place = rounding_exponent(need)
        if need.number and kind not in _UNSCALED:
            out.append((start, kind, need.number, -need.decimals if place is None else place))
    return out


def _keeps(quantity: Decimal, place: int, ratio: Decimal, measure: Decimal) -> bool:
    """Is ``quantity`` (rounded at ``place``) ``ratio`` times ``measure``?"""
    try:
        return abs(ratio * measure - quantity) <= Decimal(5) * Decimal(10) ** (place - 1)
    except InvalidOperation:
        return False


def _pairs(s: Read) -> list[tuple[str, Decimal, str, Decimal]]:
    """(measure kind, measure, quantity kind, quantity) of one sentence's figures."""
    figures = [(k, n) for k, v in s.kinds if k not in _UNSCALED and (n := number(v))]
    return [
        (km, m, kq, q) for km, m in figures if km.startswith(_UNIT) for kq, q in figures if kq != km
    ]


def _rate_times(
    value: Decimal, place: int, kind: str, sentences: Sequence[Read],
    stated: set[tuple[str, Decimal]],
) -> bool:  # fmt: skip
    """Is ``value`` a sentence's rate per a unit (a quantity of ``kind`` in a sentence that
    gives a rate per that unit) times a measure of that unit the case states ("£2.10 per
    square foot" and "850 square feet of floor space": about £1,785)?"""
    for s in sentences:
        per = rate_kinds(s.text) - {kind}
        rates = [n for k, v in s.kinds if k == kind and (n := number(v))]
        measures = [m for k, m in stated if k in per]
        if any(_keeps(value, place, r, m) for r in rates for m in measures):
            return True
    return False


def scaled_figures(claim: str, sentences: Sequence[Read]) -> frozenset[int]:
    """Where the claim's figures start that scale a sentence's quantity to a measure of the
    claim's own: a measure of a unit no sentence states, with a quantity of another kind in
    the sentence's ratio ("a 500 ml bottle … about 53 g" of "a 330 ml can … 35 g"); or that
    apply a sentence's rate to a measure the case states (``_rate_times``)."""
    mine = _readings(claim)
    stated = {(k, n) for s in sentences for k, v in s.kinds if (n := number(v)) is not None}
    pairs = [p for s in sentences for p in _pairs(s)]
    out = {at for at, k, n, d in mine if _rate_times(n, d, k, sentences, stated)}
    for at_m, km, m, _ in mine:
        if not km.startswith(_UNIT) or (km, m) in stated:
            continue
        for at_q, kq, q, place in mine:
            if at_q != at_m and any(
                pm == km and pq == kq and m != em and _keeps(q, place, eq / em, m)
                for pm, em, pq, eq in pairs
            ):
                out |= {at_m, at_q}
    return frozenset(out)
