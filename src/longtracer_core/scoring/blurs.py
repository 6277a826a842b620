"""Words that blur a clause's polarity, and blurs two clauses share.

A clause holding a word that carries a negation of its own ("without a filter", "unless
it has one"), a comparison that flips with its order ("than"), an idiom that bounds
rather than denies ("not only", "no more than") or a prohibition ("Don't look at the
Sun") is no plain statement whose negation another clause could state (``toggles.py``).
But a blur both clauses hold, the same word before the same word, says the same thing in
both: "don't get better within a week without antibiotics" still denies "get better
within a week without antibiotics". Pure functions of strings.
"""

from __future__ import annotations

import regex

from ..lexicon.polarity import NEGATION_BLURS, NEGATION_IDIOMS, PROHIBITIONS
from ..text.words import stem

__all__ = ["BLURRED", "same_blurs"]

BLURRED = regex.compile(
    r"\b(?:" + "|".join(regex.escape(p) for p in (*NEGATION_IDIOMS, *NEGATION_BLURS)) + r")\b"
    r"|^\W*(?:" + "|".join(regex.escape(p) for p in PROHIBITIONS) + r")\b",
    regex.IGNORECASE,
)
# a blurring word and the word after it ("without antibiotics", "than sodium")
_BLUR_WORD = regex.compile(
    r"\b(" + "|".join(regex.escape(w) for w in NEGATION_BLURS) + r")\s+([\p{L}\p{N}'’-]+)",
    regex.IGNORECASE,
)


def _blurs(text: str) -> frozenset[tuple[str, str]] | None:
    """Each blurring word of ``text`` with the word after it (as stems); None when an
    idiom or a prohibition blurs it, or a blurring word ends it."""
    found = frozenset((m.group(1).lower(), stem(m.group(2))) for m in _BLUR_WORD.finditer(text))
    return found if len(found) == len(BLURRED.findall(text)) else None


def same_blurs(claim: str, clause: str) -> bool:
    """Do ``claim`` and ``clause`` hold blurs, and only the same ones, each the same word
    before the same word?"""
    mine, theirs = _blurs(claim), _blurs(clause)
    return bool(mine) and mine == theirs
