"""The figure-role gate: a figure the claim ties to one unit that the evidence ties to
another, or a figure-and-unit the evidence gives another figure for.

* ``figure_role`` — a figure the claim ties to one unit ("12 minutes") appears in the
  evidence only with another unit ("12 hours"), or the claim's figure-and-unit is absent
  while the evidence gives another figure with that unit ("3.5 million kilometres" /
  "1.5 million kilometres"). A figure of the user's own (``given``: the question's and the
  claim's context's figures) is never held against the claim.

A candidate like the other gates (``gates.py``): it lowers a pair's score and feeds the
calibration, never refutes on its own. Pure functions of strings.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

import regex

from ..lexicon.numbers import SCALE_EXPONENTS
from .derivation import canon
from .figures import Need, claim_needs, figure_kind, rounds_from
from .gate_result import GateResult
from .numeric import _scan_items

__all__ = ["figure_role_gate"]

# a digit group separator between digits ("3,400", "1 200"), dropped from a written figure
_GROUPING = regex.compile(r"(?<=\d)[,\s](?=\d)")


def _figure_units(text: str) -> list[tuple[str, str]]:
    """(figure as written, unit) pairs: each figure in digits that ``figures.figure_kind``
    reads as a percentage ("%") or as a quantity of a unit ("km", "C"; a change of
    temperature on its scale's unit). The written figure keeps its scale word ("1.4
    million"), which sets the precision it is compared at."""
    out = []
    for item in _scan_items(text, lenient=True):
        if item.kind != "num" or item.number is None:
            continue
        kind = figure_kind(text, item.start, item.end, item.kind, item.number)
        if kind == "percent":
            unit = "%"
        elif kind.startswith("unit:"):
            unit = kind[5:].removesuffix("-change")
        else:
            continue
        out.append((_GROUPING.sub("", text[item.start : item.end]), unit))
    return out


def _value(text: str) -> tuple[Decimal, int] | None:
    """A figure of ``_figure_units`` as its value and the exponent of its last written
    digit, its scale word applied ("1.4 million": 1,400,000 to the hundred thousand)."""
    number, _, scale = text.partition(" ")
    if scale and scale not in SCALE_EXPONENTS:
        return None
    try:
        value = Decimal(number)
    except InvalidOperation:
        return None
    exponent = value.as_tuple().exponent
    shift = SCALE_EXPONENTS.get(scale, 0)
    return value.scaleb(shift), (exponent if isinstance(exponent, int) else 0) + shift


def _same_value(claim: str, span: str) -> bool:
    """Equal figures, or the span's figure rounds to the claim's (12 for 12.2; "1.5
    million" for 1,460,000 and for "1.46 million"; "1,400,000" for "1.4 million")."""
    if claim == span:
        return True
    a, b = _value(claim), _value(span)
    if a is None or b is None:
        return False
    try:
        return b[0].quantize(Decimal(1).scaleb(a[1]), rounding=ROUND_HALF_UP) == a[0]
    except InvalidOperation:  # too many digits to round exactly
        return False


def _rounded(claim: str, span: str, approx: Sequence[Need]) -> bool:
    """Is the claim's figure one it gives as approximate, that the span's rounds to the way
    the figure checks read it (``figures.rounds_from``: "about 384,000" for 384,400)?"""
    a, b = _value(claim), _value(span)
    return (
        a is not None
        and b is not None
        and any(n.number == a[0] and rounds_from(n, b[0]) for n in approx)
    )


def _given_figure(pair: tuple[str, str], given: frozenset[str]) -> bool:
    """Is a (number, unit) pair one of the ``given`` figures, unit and all? A reading of
    ``figures.span_figures``: "5@kwh" for the user's "5 kWh battery" (and its conversions:
    the user's "2 km" gives "2000@m"), "10%" for a percentage; the user's "2 children"
    gives no "2 kWh"."""
    value = _value(pair[0])
    if value is None:
        return False
    unit = pair[1]
    return canon(value[0]) + ("%" if unit == "%" else f"@{unit}") in given


def figure_role_gate(
    claim: str, sentence: str, span: str = "", given: frozenset[str] = frozenset()
) -> GateResult:
    """Compares figure-unit pairs with the aligned sentence; a pair the span states
    anywhere is fine, and so is a figure of ``given`` (the user's "5 kWh battery" is theirs
    even where a source gives 5 kWh for something else)."""
    c = [p for p in _figure_units(claim) if not _given_figure(p, given)]
    s = _figure_units(sentence)
    if not c or not s:
        return GateResult("figure_role", False)
    s_set = set(s) | set(_figure_units(span))
    approx = [n for n in claim_needs(claim) if n.hedge == "approx"]
    for number, unit in c:
        if any(u == unit and _same_value(number, n) for n, u in s_set):
            continue
        if any(u == unit and _rounded(number, n, approx) for n, u in s_set):
            continue  # "roughly 6,600 km" for 6,650 km
        other_units = sorted({u for n, u in s if _same_value(number, n) and u != unit})
        if other_units:
            return GateResult(
                "figure_role",
                True,
                f"the claim ties {number} to {unit!r}; the evidence ties it to {other_units[0]!r}",
            )
        other_numbers = sorted({n for n, u in s if u == unit and n != number})
        if other_numbers:
            return GateResult(
                "figure_role",
                True,
                f"the claim gives {number} {unit!r}; "
                f"the evidence gives {other_numbers[0]} {unit!r}",
            )
    return GateResult("figure_role", False)
