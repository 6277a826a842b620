"""The unit the words after a figure give it: money, a unit of ``data/units.json``, a
temperature with its scale, or a range's unit.

Read by ``figures.figure_kind``; pure functions of the text.
"""

from __future__ import annotations

import regex

from ..lexicon.numbers import CURRENCY_WORDS, INLINE_SPACES, SCALE_EXPONENTS, SCALE_SUFFIXES
from ..text.words import lex_tokens
from .units import unit_table

__all__ = ["unit_after"]

_SCALES = frozenset(SCALE_EXPONENTS) | frozenset(SCALE_SUFFIXES)
# a degree sign and the scale's letter ("100 °C", "212°F"): the tokens drop the sign
_DEGREES = regex.compile(rf"[ {INLINE_SPACES}]?[°º˚][ {INLINE_SPACES}]?(?P<scale>[CF])\b")
# the second figure of a range ("between 32 and 95 °F", "1–2 km"), whose unit is the first's
_RANGE_END = regex.compile(r"\s*(?:–|—|-|to|and)\s*(\d[\d.,]*\d|\d)")
# a figure that says by how much something changed ("warmed by 1 °C", "+2 °C")
_CHANGE_BEFORE = regex.compile(r"(?:\bby|[+±])\s*$", regex.IGNORECASE)


def unit_after(text: str, start: int, end: int, in_range: bool = True) -> str | None:
    """The kind the words after the figure ``text[start:end]`` give it ("money",
    "unit:km", …), or None; with ``in_range``, a range's first figure takes the unit of its
    second ("between 32 and 95 °F"). A change of temperature ("warmed by 1 °C") is read on
    a scale of changes, which converts without the scales' offset (1.8 °F)."""
    change = _CHANGE_BEFORE.search(text, max(0, start - 8), start) is not None
    unit = _words_unit(text, end, change)
    if unit is not None or not in_range:
        return unit
    second = _RANGE_END.match(text, end)
    if second is None:
        return None
    unit = _words_unit(text, second.end(1), change)
    return unit if unit is not None and unit.startswith("unit:") else None


def _words_unit(text: str, end: int, change: bool) -> str | None:
    degrees = _DEGREES.match(text, end)
    words = [w for w in lex_tokens(text[end : end + 40]) if w not in _SCALES][:2] or [""]
    if degrees is None and words[0] in CURRENCY_WORDS:
        return "money"
    table = unit_table().words
    if degrees is None and words[0] in ("square", "sq") and len(words) > 1:
        area = table.get(words[1])
        return f"unit:{area}2" if area else "count"
    unit = degrees["scale"] if degrees else table.get("-".join(words[:2])) or table.get(words[0])
    if unit in ("C", "F") and change:
        return f"unit:{unit}-change"
    if unit is not None:
        return f"unit:{unit}2" if words[1:2] == ["²"] and not degrees else f"unit:{unit}"
    return None
