"""The direction gate: the claim moves one way where the evidence moves the other.

A word of change turned round ("rose" / "fell"), an opposite of ``OPPOSITE_PAIRS`` ("north"
/ "south", "longer" / "shorter"; comparisons of price in several words read as one:
"more expensive" is "dearer"), or a route turned round ("from A to B" / "from B to A").
Read against the evidence sentence that shares the most words with the claim, then
against another sentence of the span a clause of the claim speaks of
(``direction_reading.read_direction``).
A comparison read from the other side ("Mbeki is older than Tanabe" / "Tanabe is younger
than Mbeki") is no direction error, nor is a turned word that moves by or to another figure
of the kind the claim's moves by, one the claim's cannot be read from: it speaks of another
value or time ("fell to 54% in the first quarter" / "rose to 78% in the second quarter").
Pure functions of strings; ``gates.check_gates`` runs it with the other gates.
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from ..lexicon.polarity import FALLING_WORDS, OPPOSITE_PAIRS, RISING_WORDS
from ..text.words import function_words, lex_tokens, stem, stem_tokens
from .claim_figures import gate_needs
from .clause_pairs import one_stating_pair
from .comparisons import priced
from .figures import Need, SpanFigures, claim_needs, needs_met, span_figures
from .gate_result import GateResult

__all__ = ["CHANGES", "DOWN", "TOKEN", "UP", "direction_gate", "moved_otherwise"]

_stems = stem_tokens

UP = frozenset(stem(w) for w in RISING_WORDS)
DOWN = frozenset(stem(w) for w in FALLING_WORDS)
# rising and falling words that compare nothing ("rose", "reduce", not "larger", "lowest")
CHANGES = frozenset(
    stem(w) for w in (*RISING_WORDS, *FALLING_WORDS) if not w.endswith(("er", "est"))
)
_OPPOSITES = OPPOSITE_PAIRS
_OPPOSITE: dict[str, set[str]] = {}
for _a, _b in _OPPOSITES:
    _OPPOSITE.setdefault(stem(_a), set()).add(stem(_b))
    _OPPOSITE.setdefault(stem(_b), set()).add(stem(_a))


# a word or figure, with the marks inside it ("19.8", "1,200", "co-op"), none after it
TOKEN = regex.compile(r"[\p{L}\p{N}](?:[\p{L}\p{N}]|[.,'’-](?=[\p{L}\p{N}]))*")
# words after and before a turned word that hold the figure it moves by or to ("to 9% in",
# "by 2 mmHg": the first figure after it, not those of the next phrase)
_AFTER, _BEFORE = 3, 3
# a sign written after a figure's last digit ("to 4%."): part of the figure
_SIGNS = ("%", "‰", "°")

_FROM_TO = regex.compile(r"\bfrom\s+(?:the\s+)?([\p{L}-]+)\s+to\s+(?:the\s+)?([\p{L}-]+)", regex.I)


def _reversed_route(claim: str, sentence: str) -> GateResult | None:
    """ "from A to B" where the evidence says "from B to A" (a route or order turned round)."""
    ours = {(a.lower(), b.lower()) for a, b in _FROM_TO.findall(claim)}
    theirs = {(a.lower(), b.lower()) for a, b in _FROM_TO.findall(sentence)}
    for a, b in sorted(ours):
        if a != b and (b, a) in theirs and (a, b) not in theirs:
            return GateResult(
                "direction", True, f"the claim goes from {a!r} to {b!r}; the evidence from "
                f"{b!r} to {a!r}", (stem(a), stem(b)),
            )  # fmt: skip
    return None


def direction_gate(claim: str, sentence: str) -> GateResult:
    """The claim moves one way where the evidence moves the other, read in the whole
    sentence, then in the clauses that say the same thing ("operating profit rose" against
    "Revenue rose 14 percent, but operating profit fell"), or turns a route round."""
    route = _reversed_route(claim, sentence)
    if route is not None:
        return route
    claim, sentence = priced(claim), priced(sentence)
    found = _turned_word(claim, sentence)
    if found.fired and moved_otherwise(claim, sentence, found.terms):
        return GateResult("direction", False)
    if found.fired and not set(found.terms) <= CHANGES and _compared_otherwise(claim, sentence):
        return GateResult("direction", False)  # "older than Tanabe" / "younger than Mbeki"
    c, s = set(_stems(claim)) & CHANGES, set(_stems(sentence)) & CHANGES
    if found.fired or not ((c & UP and s & DOWN) or (c & DOWN and s & UP)):
        return found  # no word of change turned anywhere in the sentence: no clause to read
    pair = one_stating_pair(claim, sentence)
    if pair is None or pair == (claim, sentence):
        return found
    # read in part of the sentence, only words of change count, no comparison ("A is
    # smaller than B" is "B is larger than A"), and only as a hint, never a contradiction
    inner = _turned_word(*pair)
    fired = inner.fired and set(inner.terms) <= CHANGES
    fired = fired and not moved_otherwise(*pair, inner.terms)
    return GateResult(inner.name, fired, inner.explanation if fired else "")


def _near(text: str, term: str) -> list[tuple[str, str]]:
    """The words after and before each word of ``text`` whose stem is ``term``: where the
    figure it moves by or to stands ("rose by 2 mmHg", "fell to 9%", "1.4C lower")."""
    tokens = list(TOKEN.finditer(text))
    ends = [t.end() + (text[t.end() : t.end() + 1] in _SIGNS) for t in tokens]
    return [
        (
            text[m.end() : ends[min(len(tokens) - 1, i + _AFTER)]],
            text[tokens[max(0, i - _BEFORE)].start() : m.start()],
        )
        for i, m in enumerate(tokens)
        if stem(m[0].casefold()) == term
    ]


def moved_otherwise(claim: str, sentence: str, terms: Sequence[str]) -> bool:
    """Does every word of the sentence turned against the claim's move by or to another
    figure of a kind the claim's moves by, one the claim's cannot be read from (rounding
    allowed; read on the side of the word the claim's figure stands, after it first)? Then
    it speaks of another value or time ("fell to 54% in the first quarter" / "rose to 78% in
    the second quarter"; "rose by 19.8%" / "fell by 20%" is turned round, and so is "sales
    fell 5%" / "Costs rose 2% …, and sales rose 5%")."""
    mine = _near(claim, terms[0])[:1] if len(terms) == 2 else []
    if not mine:
        return False
    asked = {r for need in gate_needs(claim) for r in need.readings}  # no code, no name
    for side in (0, 1):
        needs = [n for w in mine for n in claim_needs(w[side]) if set(n.readings) & asked]
        if needs:
            theirs = [span_figures(w[side]) for w in _near(sentence, terms[1])]
            return bool(theirs) and all(_other(needs, f) for f in theirs)
    return False


def _other(needs: Sequence[Need], figures: SpanFigures) -> bool:
    kinds = {kind for kind, _ in figures.stated}
    return any(n.kind in kinds and not needs_met([n], figures) for n in needs)


_THAN = regex.compile(r"\bthan\s+((?:[\p{L}\d'’-]+\s*){1,4})", regex.IGNORECASE)


def _content(text: str) -> frozenset[str]:
    skip = function_words()
    return frozenset(stem(t) for t in lex_tokens(text) if t not in skip)


def _standards(text: str) -> tuple[list[frozenset[str]], frozenset[str]]:
    """The content words of each thing ``text`` compares with ("than …") and of the rest."""
    groups = [_content(m) for m in _THAN.findall(text)]
    return [g for g in groups if g], _content(_THAN.sub(" ", text))


def _compared_otherwise(claim: str, sentence: str) -> bool:
    """Is the comparison read from the other side: what the claim compares with is what
    the sentence compares, and the other way round ("Mbeki is older than Tanabe" /
    "Tanabe is younger than Mbeki")?"""
    (mine, my_rest), (theirs, their_rest) = _standards(claim), _standards(sentence)
    return any(a & their_rest and not any(a & b for b in theirs) for a in mine) and any(
        b & my_rest and not any(b & a for a in mine) for b in theirs
    )


def _turned_word(claim: str, sentence: str) -> GateResult:
    c, s = set(_stems(claim)), set(_stems(sentence))
    for group, other, name in ((UP, DOWN, "up"), (DOWN, UP, "down")):
        mine = c & group
        theirs = s & other
        if mine and theirs and not (s & group) and not (c & other):
            return GateResult(
                "direction",
                True,
                f"the claim says {sorted(mine)[0]!r} ({name}) where the evidence says "
                f"{sorted(theirs)[0]!r}",
                (sorted(mine)[0], sorted(theirs)[0]),
            )
    for word in sorted(c):
        opposite = _OPPOSITE.get(word, set()) & s
        if opposite and word not in s and not (_OPPOSITE.get(word, set()) & c):
            return GateResult(
                "direction",
                True,
                f"the claim says {word!r} where the evidence says {sorted(opposite)[0]!r}",
                (word, sorted(opposite)[0]),
            )
    return GateResult("direction", False)
