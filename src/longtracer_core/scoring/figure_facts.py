"""Which fact a figure states, read from the words around it: the noun a count or a
measure is of ("840 cans", "a 150 ml glass") and whether it is a limit ("at least 18", "18
or older").

A figure of the evidence that states another fact than the claim's is never set against
it as a conflict (``figure_findings._other_values``): 840 cans are not 35 boxes where the case
counts cans too, a limit is not the value of what keeps to it, and "you'd be 17" is no
other value of "must be at least 18". A noun worded anew ("3,800 workers" / "8,300
staff") and a value beyond a limit ("You can borrow £40,000" / "up to £20,000") stay
conflicts. ``rate_kinds`` reads the measures a claim gives a rate per ("£1.70 per kg"),
over which ``derivation.derivable`` divides a sentence's quantity; a rate the claim does
not give per a measure stays a conflict ("A tin costs £4.50" of a 10-litre tin at £45).
Pure functions of strings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import lru_cache

import regex

from ..lexicon.grammar import CASE_VALUE
from ..lexicon.numbers import MEASURE_ADJECTIVES
from ..text.words import function_words, stem
from .claim_figures import claim_figures
from .figures import Need
from .hedges import LOOSE_AFTER

__all__ = [
    "LIMITS",
    "FigureFact",
    "case_nouns",
    "claim_fact",
    "figure_fact",
    "other_facts",
    "rate_after",
    "rate_kinds",
    "unit_kind",
]


@dataclass(frozen=True)
class FigureFact:
    """What a figure states: the stems of the noun phrase after a count or a measure (up
    to three words, adjectives of measure or comparison skipped), whether it is a limit,
    its value, and (for a claim) whether the claim speaks of the user's own case."""

    words: tuple[str, ...]
    limit: bool
    value: Decimal | None = None
    user: bool = False
    attested: frozenset[str] = frozenset()  # the nouns the case's figures count

    def differs(self, other: FigureFact, hedge: str) -> bool:
        """Is ``other`` (the evidence's, with its ``hedge``) a figure of another fact than
        this (the claim's): of a noun phrase sharing no word with the claim's, where the
        evidence counts the claim's noun too (``attested``: "24 jars" / "40 crates"; not
        "3,800 workers" / "8,300 staff"), or a limit the claim's plain value keeps to, or
        any limit against a value of the user's own case ("You'd be 17", "He'll be 17" / "at
        least 18")?"""
        nouns = bool(self.words and other.words and not set(self.words) & set(other.words))
        if nouns and set(self.words) & self.attested:
            return True
        if not other.limit or self.limit:
            return False
        if self.user or self.value is None or other.value is None:
            return True
        return self.value <= other.value if hedge == "max" else self.value >= other.value


# the unit or sign written after a figure's number ("150 ml", "300-mile", "1°C")
_UNIT = regex.compile(r"^-?\s*°?\s*[\p{L}µ]+\.?")
# words by which a text speaks of a limit: a claim that does is read against the evidence's
# limits ("fines of up to EUR 10 million or 4%" against "up to 2%")
LIMITS = regex.compile(
    r"\b(?:up\s+to|at\s+(?:least|most)|no\s+(?:more|less|fewer)\s+than|not\s+(?:more|less)\s+"
    r"than|minimum|maximum|limits?|limited|caps?|capped|ceiling|threshold|or\s+(?:more|less|"
    r"fewer|older|younger|over|under)|must|required?)\b",
    regex.IGNORECASE,
)
_WORD = regex.compile(r"^\s*([\p{L}][\p{L}'’-]*)")


def _phrase(text: str, end: int, need: Need) -> tuple[str, ...]:
    """The stems of the noun phrase after the figure of ``text`` ending at ``end``."""
    if not (need.kind == "count" or need.kind.startswith("unit:")):
        return ()
    loose = LOOSE_AFTER.match(text, end)  # "400-plus bedrooms": the phrase after "-plus"
    rest = text[loose.end() if loose else end :]
    unit = _UNIT.match(rest) if need.unit else None
    rest = rest[unit.end() :] if unit else rest
    out: list[str] = []
    for _ in range(3):
        word = _WORD.match(rest)
        if word is None or word[1].casefold() in function_words():
            break
        rest = rest[word.end() :]
        if word[1].casefold() not in MEASURE_ADJECTIVES:
            out.append(stem(word[1].casefold()))
    return tuple(out)


def figure_fact(text: str, end: int, need: Need) -> FigureFact:
    """The fact of the figure of ``text`` that ends at ``end`` (its number; ``need``, its
    reading)."""
    return FigureFact(_phrase(text, end, need), need.hedge in ("min", "max"), need.number)


def claim_fact(claim: str, end: int, need: Need, evidence: Sequence[str]) -> FigureFact:
    """``figure_fact`` of a claim's figure, read as a limit too when the claim speaks of
    one anywhere (a requirement restated, "You must be 16", is read against limits), with
    whether it speaks of the user's own case and the nouns the ``evidence`` sentences'
    figures count."""
    fact = figure_fact(claim, end, need)
    limit = fact.limit or LIMITS.search(claim) is not None
    user = CASE_VALUE.search(claim) is not None
    return replace(fact, limit=limit, user=user, attested=case_nouns(tuple(evidence)))


@lru_cache(maxsize=256)
def case_nouns(texts: tuple[str, ...]) -> frozenset[str]:
    """The stems of the nouns the case's figures count or measure ("24 jars": "jar")."""
    return frozenset(
        w for text in texts for (_, end, _), need in claim_figures(text)
        for w in _phrase(text, end, need)
    )  # fmt: skip


def other_facts(text: str, fact: FigureFact) -> frozenset[str]:
    """The readings of the figures of ``text`` that state another fact than ``fact``."""
    return frozenset(
        need.readings[0]
        for (_, end, _), need in claim_figures(text)
        if fact.differs(figure_fact(text, end, need), need.hedge)
    )


_PER = regex.compile(
    r"(?:\b(?:per|a|an|each)\s+|/\s*)(?:100\s*)?((?:square\s+|sq\s+)?[\p{L}µ]+(?:\s+[\p{L}µ]+)?)",
    regex.IGNORECASE,
)


@lru_cache(maxsize=1024)
def unit_kind(word: str) -> str | None:
    """The unit kind ``word`` names ("kg": ``unit:kg``; "megawatt hour": ``unit:mwh``)."""
    found = claim_figures(f"2 {word}")
    return found[0][1].kind if found and found[0][1].kind.startswith("unit:") else None


def unit_word(word: str) -> bool:
    """Is ``word`` a unit of ``data/units.json`` ("g", "hours", "fahrenheit", "feet")?"""
    return unit_kind(word.casefold()) is not None


# where the words after a figure that may make it a rate end: the next figure or a stop
_RATE_STOP = regex.compile(r"[\d;:!?]|[.,]\s|[.,]$")


def rate_after(text: str, end: int) -> frozenset[str]:
    """The kinds of measure the figure of ``text`` ending at ``end`` is a rate per, read
    from the words after it up to the next figure or stop ("£3 per hour": ``unit:h``;
    "£3.40 per kg, so a 2 kg bag": ``unit:kg``)."""
    after = text[end : end + 40]
    stop = _RATE_STOP.search(after)
    return rate_kinds(after[: stop.start() if stop else None])


def rate_kinds(text: str) -> frozenset[str]:
    """The kinds of measure ``text`` gives a rate per ("£1.70 per kg": ``unit:kg``; "£2.10
    per square foot": ``unit:ft2``; "£92.50 per megawatt hour": ``unit:mwh``, a unit of
    two words read as one; "75p per 100g": ``unit:g``)."""
    return frozenset(k for m in _PER.finditer(text) if (k := unit_kind(m[1].casefold())))
