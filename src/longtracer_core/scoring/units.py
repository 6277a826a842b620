"""Units as data: which word names which unit, and how units convert.

Read once from ``data/units.json``; the gates and the figure-role check share
it, so "km" and "kilometres" are one unit everywhere.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from importlib import resources

__all__ = ["UnitTable", "measured_in", "unit_table"]


@dataclass(frozen=True)
class UnitTable:
    """Unit words → canonical unit; conversion factors; fraction words → percent."""

    words: dict[str, str]
    factors: tuple[tuple[str, str, Decimal], ...]
    fractions: dict[str, Decimal]
    loose: frozenset[str] = frozenset()  # units that say too little of what they measure
    # (from, to, factor, offset): to = from × factor + offset (Celsius to Fahrenheit)
    affine: tuple[tuple[str, str, Decimal, Decimal], ...] = ()

    def converted(self, value: Decimal, unit: str) -> set[tuple[Decimal, str]]:
        """``value unit`` in every unit one conversion away (itself included)."""
        out = {(value, unit)}
        for big, small, factor in self.factors:
            if unit == big:
                out.add((value * factor, small))
            elif unit == small:
                out.add((value / factor, big))
        for source, target, factor, offset in self.affine:
            if unit == source:
                out.add((value * factor + offset, target))
            elif unit == target:
                out.add(((value - offset) / factor, source))
        return out


def measured_in(kind: str, value: Decimal, kinds: frozenset[str]) -> list[Decimal]:
    """A measure of ``kind`` (``unit:kg``) in each of ``kinds`` it is or converts to ("1 kg"
    in ``unit:g``: 1,000)."""
    if not kind.startswith("unit:"):
        return [value] if kind in kinds else []
    return [v for v, u in unit_table().converted(value, kind[5:]) if f"unit:{u}" in kinds]


@lru_cache(maxsize=1)
def unit_table() -> UnitTable:
    """The shipped unit table (read once)."""
    text = resources.files("longtracer_core").joinpath("data/units.json").read_text("utf-8")
    raw = json.loads(text)
    words = {w: unit for unit, spelled in raw["units"].items() for w in spelled.split()}
    factors = tuple((a, b, Decimal(str(f))) for a, b, f in raw["conversions"])
    fractions = {w: Decimal(str(v)) for w, v in raw["fractions"].items()}
    affine = tuple((a, b, Decimal(str(f)), Decimal(str(o))) for a, b, f, o in raw.get("affine", ()))
    return UnitTable(words, factors, fractions, frozenset(raw["loose"].split()), affine)
