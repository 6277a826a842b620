"""What a claim computes from its own figures ("9% of £5,000, which is £450"): checked by
its arithmetic, its operands checked as figures of their own (``claim_figures``). Pure
functions of figure readings.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from .derivation import MAX_FIGURES
from .units import unit_table

__all__ = ["converted", "worked_out"]

_UNIT = "unit:"


def _in_percent(a: Decimal, b: Decimal, change: str | None) -> Decimal:
    """The percentage two figures give, ``a`` written first: their change from the
    ``change`` one, "first" or "second" ("from 210,000 tons to 64,000, a drop of roughly
    70%"; "to 50 million from 40 million, up 25%"), else (None) the share the smaller is
    of the larger ("64,000 tons, 30% of the 210,000"; "150 of the 600 pupils, or 25%")."""
    if change is None:
        return min(a, b) / max(a, b) * 100
    base, other = (b, a) if change == "second" else (a, b)
    return abs(other - base) / base * 100


def converted(
    value: Decimal, decimals: int, kind: str, earlier: Sequence[tuple[str, Decimal]]
) -> bool:
    """Is ``value`` (a figure of ``kind`` written to ``decimals`` places) one of the
    claim's ``earlier`` figures in another unit ("your 300-mile trip is about 483 km"; "95°C,
    or roughly 203°F")? Only a figure after the one it converts: a wrong value is not
    cleared by its own conversion written beside it ("330 m (1,083 ft)")."""
    if not kind.startswith(_UNIT):
        return False
    unit, tolerance = kind[len(_UNIT) :], Decimal(5) * Decimal(10) ** (-decimals - 1)
    return any(
        u == unit and abs(c - value) <= tolerance
        for k, n in earlier
        if k.startswith(_UNIT) and k != kind
        for c, u in unit_table().converted(n, k[len(_UNIT) :])
    )


def worked_out(
    value: Decimal,
    decimals: int,
    kind: str,
    earlier: Sequence[tuple[str, Decimal]],
    change: str | None = None,
) -> bool:
    """Is ``value`` (a figure of ``kind`` written to ``decimals`` places) worked out from
    two ``earlier`` figures of its claim (kind, value; "factor" for a multiplier or a
    period of its words, "twice", "a month": 12, never two of those): a sum or difference
    of two of its kind (or of a quantity of a unit and a count: "26 days plus the 8 bank
    holidays, 34 days"), one of its kind times or over another, a percentage of one of its
    kind, or one of its kind with a percentage of it added or taken ("9% of £5,000, which
    is £450 a year, or £37.50 a month"; "1.8 A plus 20% headroom: 2.2 A"), or a percentage
    two of one kind give (``_in_percent``: their change from the ``change`` one where the
    claim says one changes, else a share)? The caller gives
    only the figures written before it, so two figures never explain each other ("£540 a
    year, or £45 a month": £540 is still to check)."""
    if kind in ("year", "date"):
        return False
    tolerance = Decimal(5) * Decimal(10) ** (-decimals - 1)
    numbers = [(k, n) for k, n in earlier[: MAX_FIGURES * 2] if k not in ("year", "date") and n]
    for i, (ka, a) in enumerate(numbers):
        for kb, b in numbers[i + 1 :]:
            if ka == kb == "factor":
                continue
            if kind == "percent" and ka == kb != "percent":
                results = [_in_percent(a, b, change)]
            elif kind not in (ka, kb) and not ka == kb == kind == "count":
                continue
            else:
                results = [a * b, a / b, b / a]
            # "26 days plus the 8 bank holidays: 34 days": a count adds to a quantity of a
            # unit, never to money or a percentage ("£40 for 2 adults" is no £42)
            with_count = {ka, kb} == {kind, "count"} and kind.startswith("unit:")
            if ka == kb == kind or with_count:
                results += [a + b, abs(a - b)]
            if "percent" in (ka, kb):  # a share of a figure, or the figure with it added or taken
                base = b if ka == "percent" else a
                share = a * b / 100
                results += [share, base + share, base - share]
            if any(abs(r - value) <= tolerance for r in results):
                return True
    return False
