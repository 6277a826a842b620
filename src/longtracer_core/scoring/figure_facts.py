"""Which fact a figure states, read from the words around it: the noun a count or a
measure is of ("840 cans", "a 150 ml glass") and whether it is a limit ("at least 18", "18
or older").

A figure of the evidence that states another fact than the claim's is never set against
it as a conflict (``evidence._other_value``): 840 cans are not 35 boxes, and "you'd be 17"
is no other value of "must be at least 18". (A rate against an amount, "£1.70 per kg"
against "£3.40 a bag", stays a conflict: a wrong worked rate is one, "7 minutes per
question" of "2 hours 30 minutes and 50 questions".) Pure functions of strings.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import regex

from ..lexicon.numbers import MEASURE_ADJECTIVES
from ..text.words import function_words, stem
from .claim_figures import claim_figures
from .figures import Need

__all__ = ["FigureFact", "claim_fact", "figure_fact", "other_facts"]


@dataclass(frozen=True)
class FigureFact:
    """What a figure states: the stem of the noun after a count or a measure (None when
    none follows) and whether it is a limit."""

    noun: str | None
    limit: bool

    def differs(self, other: FigureFact) -> bool:
        """Is ``other`` (the evidence's) a figure of another fact than this (the claim's):
        two nouns that differ, or a limit against a value?"""
        nouns = self.noun is not None and other.noun is not None and self.noun != other.noun
        return nouns or (other.limit and not self.limit)


# the unit or sign written after a figure's number ("150 ml", "300-mile", "1°C")
_UNIT = regex.compile(r"^-?\s*°?\s*[\p{L}µ]+\.?")
# words by which a text speaks of a limit: a claim that does is read against the evidence's
# limits ("fines of up to EUR 10 million or 4%" against "up to 2%")
_LIMITS = regex.compile(
    r"\b(?:up\s+to|at\s+(?:least|most)|no\s+(?:more|less|fewer)\s+than|not\s+(?:more|less)\s+"
    r"than|minimum|maximum|limits?|limited|caps?|capped|ceiling|threshold|or\s+(?:more|less|"
    r"fewer|older|younger|over|under))\b",
    regex.IGNORECASE,
)
_WORD = regex.compile(r"^\s*([\p{L}][\p{L}'’-]*)")


def figure_fact(text: str, end: int, need: Need) -> FigureFact:
    """The fact of the figure of ``text`` that ends at ``end`` (its number; ``need``, its
    reading): the noun after a count or a measure (past its unit), not a word of
    comparison or of measure ("300 metres tall", "£1.55 cheaper")."""
    noun = None
    if need.kind == "count" or need.kind.startswith("unit:"):
        after = text[end:]
        unit = _UNIT.match(after) if need.unit else None
        word = _WORD.match(after[unit.end() :] if unit else after)
        noun = word[1].casefold() if word else None
    if noun is not None and (noun in function_words() or noun in MEASURE_ADJECTIVES):
        noun = None
    return FigureFact(stem(noun) if noun else None, need.hedge in ("min", "max"))


def claim_fact(claim: str, end: int, need: Need) -> FigureFact:
    """``figure_fact`` of a claim's figure, read as a limit too when the claim speaks of
    one anywhere: only a claim of a value is never set against a limit ("You'd be 17 on
    1 September" / "must be at least 18")."""
    fact = figure_fact(claim, end, need)
    return replace(fact, limit=fact.limit or _LIMITS.search(claim) is not None)


def other_facts(text: str, fact: FigureFact) -> frozenset[str]:
    """The readings of the figures of ``text`` that state another fact than ``fact``."""
    return frozenset(
        need.readings[0]
        for (_, end, _), need in claim_figures(text)
        if fact.differs(figure_fact(text, end, need))
    )
