"""Words that blur a clause's polarity, and blurs two clauses share.

A clause holding a word that carries a negation of its own ("without a filter", "unless
it has one"), a comparison that flips with its order ("than"), an idiom that bounds
rather than denies ("not only", "no more than") or a prohibition ("Don't look at the
Sun") is no plain statement whose negation another clause could state (``toggles.py``).
But a blur both clauses hold, the same word before the same content word, says the same thing in
both: "don't get better within a week without antibiotics" still denies "get better
within a week without antibiotics". And a clause that affirms something "without" a thing,
the phrase ending it, affirms that thing plainly too: "can cause permanent damage to the
retina without any pain" still says "can cause permanent damage to the retina". Pure
functions of strings.
"""

from __future__ import annotations

import regex

from ..lexicon.polarity import NEGATION_BLURS, NEGATION_IDIOMS, PROHIBITIONS
from ..text.words import function_words, stem

__all__ = ["BLURRED", "same_blurs", "trailing_without", "with_differs"]

BLURRED = regex.compile(
    r"\b(?:" + "|".join(regex.escape(p) for p in (*NEGATION_IDIOMS, *NEGATION_BLURS)) + r")\b"
    r"|^\W*(?:" + "|".join(regex.escape(p) for p in PROHIBITIONS) + r")\b",
    regex.IGNORECASE,
)
# a blurring word and the words after it ("without a valid ticket", "than sodium")
_BLUR_WORD = regex.compile(
    r"\b(" + "|".join(regex.escape(w) for w in NEGATION_BLURS) + r")((?:\s+[\p{L}\p{N}'’-]+){1,3})",
    regex.IGNORECASE,
)


def _blurs(text: str) -> frozenset[tuple[str, str]] | None:
    """Each blurring word of ``text`` with the first content word after it (as a stem:
    "without a ticket" is ("without", "ticket")); None when an idiom or a prohibition blurs
    it, or no content word follows a blurring word within three words."""
    skip = function_words()
    found = set()
    for m in _BLUR_WORD.finditer(text):
        after = [w for w in m.group(2).split() if w.lower() not in skip]
        if not after:
            return None
        found.add((m.group(1).lower(), stem(after[0].lower())))
    return frozenset(found) if len(_BLUR_WORD.findall(text)) == len(BLURRED.findall(text)) else None


def same_blurs(claim: str, clause: str) -> bool:
    """Do ``claim`` and ``clause`` hold blurs, and only the same ones, each the same word
    before the same word?"""
    mine, theirs = _blurs(claim), _blurs(clause)
    return bool(mine) and mine == theirs


_WITH = regex.compile(r"\b(?:with|without)\b", regex.IGNORECASE)


def with_differs(claim: str, clause: str) -> bool:
    """Does one say "with" where the other says "without", or only one of them either
    ("Without a fan, the paint dries more slowly" against "With a fan, the paint dries
    faster": the two speak of different cases)?"""
    return {m.lower() for m in _WITH.findall(claim)} != {m.lower() for m in _WITH.findall(clause)}


# a "without" phrase of at most three words that ends its clause
_TRAILING_WITHOUT = regex.compile(r"\bwithout((?:\s+[\p{L}\p{N}'’-]+){1,3})\W*$", regex.IGNORECASE)


def trailing_without(text: str) -> frozenset[str] | None:
    """The stems of the content words of a "without" phrase that ends ``text`` and is its
    one blur (None when it has none). Read only of a clause no negation denies, and only
    against a claim that holds none of those words (``toggles.py``): "can be taken without
    food" affirms "can be taken", while "cannot be taken without food" denies nothing of
    "can be taken", and "does not ship with a charger" says what "ships without a charger"
    says."""
    found = _TRAILING_WITHOUT.search(text)
    if found is None or len(BLURRED.findall(text)) != 1:
        return None
    skip = function_words()
    return frozenset(stem(w.lower()) for w in found.group(1).split() if w.lower() not in skip)
