"""Model codes: a product named by a stem and a number ("Pulse X2", "Galaxy S24", "Watch6").

A code alone is a figure of the claim; beside a sibling in the evidence (the same stem
with another number) it names another product, which the name evidence checks report.
"""

from __future__ import annotations

import regex

from ..text.words import fold
from .names import NameIndex

__all__ = ["swapped_codes"]

# a model code: a capitalised stem and a number ("Pulse X2", "Galaxy S24", "Watch6")
_CODE = regex.compile(r"\b(\p{Lu}[\p{L}]{0,11})(\d{1,4})(\p{L}{0,3})\b")


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
