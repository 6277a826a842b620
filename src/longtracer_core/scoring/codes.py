"""Model codes: a product named by a stem and a number ("Pulse X2", "Galaxy S24", "Watch6").

A code alone is a figure of the claim; beside a sibling in the evidence (the same stem
with another number) it names another product, which the name evidence checks report.
The number of a code ("/v2/", "PS5") is a value a claim may match but no quantity
(``code_number``). Pure functions of text.
"""

from __future__ import annotations

import regex

from ..lexicon.numbers import CURRENCY_CODES, QUANTITY_PREFIXES
from ..text.words import fold
from .names import NameIndex

__all__ = ["code_number", "swapped_codes"]

# a model code: a capitalised stem and a number ("Pulse X2", "Galaxy S24", "Watch6")
# (not "R1" of "R1,000": a number with its group separator runs on)
_CODE = regex.compile(r"\b(\p{Lu}[\p{L}]{0,11})(\d{1,4})(\p{L}{0,3})\b(?![,.]\d)")


def swapped_codes(text: str, index: NameIndex) -> list[tuple[str, str]]:
    """(claimed, stated) for each model code of ``text`` the evidence does not hold where
    it holds a sibling: the same stem with another number ("X3" where it says "X2").
    A code alone is a figure; beside its sibling it names another product."""
    out: list[tuple[str, str]] = []
    for m in _CODE.finditer(text):
        code = fold(m.group(0))
        if code in index.words:
            continue
        stem_, digits = fold(m.group(1)), m.group(2)
        siblings = sorted(
            w
            for w in index.words
            if w.startswith(stem_) and w != code and _CODE_TAIL.fullmatch(w[len(stem_) :])
            and w[len(stem_) :].rstrip("abcdefghijklmnopqrstuvwxyz") != digits
        )  # fmt: skip
        if siblings:
            out.append((m.group(0), m.group(1) + siblings[0][len(stem_) :].upper()))
    return out


_CODE_TAIL = regex.compile(r"\d{1,4}\p{L}{0,3}")


_LETTERS_BEFORE = regex.compile(r"\p{L}+$")


def code_number(text: str, start: int, kind: str = "") -> bool:
    """Is the number at ``text[start]`` the number of a code ("/v2/", "PS5", "Q2"): letters
    glued before it that are no currency code or sign ("EUR900", "Rs500") nor a
    multiplier's "x" ("4x400"), and (given its ``kind``) no sum of money nor a quantity
    of a unit?"""
    if kind == "money" or kind.startswith("unit:"):
        return False
    head = _LETTERS_BEFORE.search(text[max(0, start - 8) : start])
    if head is None:
        return False
    if head[0] in ("x", "×") and text[max(0, start - 2) : start - 1].isdigit():
        return False  # a multiplier between two numbers ("4x400", "1920x1080")
    return not _quantity_prefix(head[0])


def _quantity_prefix(letters: str) -> bool:
    """Letters that make the number after them a sum of money ("R500", "EUR900")."""
    folded = letters.casefold()
    return folded in QUANTITY_PREFIXES or folded in CURRENCY_CODES
