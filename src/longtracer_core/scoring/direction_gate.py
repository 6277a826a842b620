"""The direction gate: the claim moves one way where the evidence moves the other.

A word of change turned round ("rose" / "fell"), an opposite of ``OPPOSITE_PAIRS`` ("north"
/ "south", "longer" / "shorter"; comparisons of price in several words read as one:
"more expensive" is "dearer"), or a route turned round ("from A to B" / "from B to A").
Read against the evidence sentence that shares the most words with the claim, then
against another sentence of the span a clause of the claim speaks of (``read_direction``).
A comparison read from the other side ("Mbeki is older than Tanabe" / "Tanabe is younger
than Mbeki") is no direction error, nor is a turned word that moves by or to another figure
of the kind the claim's moves by, one the claim's cannot be read from: it speaks of another
value or time ("fell to 54% in the first quarter" / "rose to 78% in the second quarter").
Pure functions of strings; ``gates.check_gates`` runs it with the other gates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import regex

from ..lexicon.dates import MONTHS, TIME_LEADS, TIME_WORDS, YEAR_PARTS
from ..lexicon.grammar import DETERMINERS, PRONOUNS, SUBJECT_PREPOSITIONS
from ..lexicon.polarity import (
    FALLING_WORDS,
    NEGATIONS,
    OPPOSITE_PAIRS,
    PRICE_COMPARISONS,
    RISING_WORDS,
)
from ..text.words import function_words, lex_tokens, stem, stem_tokens
from .claim_figures import gate_needs
from .clause_pairs import clause_words, one_stating_pair
from .figures import Need, SpanFigures, claim_needs, needs_met, span_figures
from .gate_result import GateResult

__all__ = ["direction_gate", "read_direction"]

_stems = stem_tokens

_UP = frozenset(stem(w) for w in RISING_WORDS)
_DOWN = frozenset(stem(w) for w in FALLING_WORDS)
# rising and falling words that compare nothing ("rose", "reduce", not "larger", "lowest")
_CHANGES = frozenset(
    stem(w) for w in (*RISING_WORDS, *FALLING_WORDS) if not w.endswith(("er", "est"))
)
_OPPOSITES = OPPOSITE_PAIRS
_OPPOSITE: dict[str, set[str]] = {}
for _a, _b in _OPPOSITES:
    _OPPOSITE.setdefault(stem(_a), set()).add(stem(_b))
    _OPPOSITE.setdefault(stem(_b), set()).add(stem(_a))


# a word or figure, with the marks inside it ("19.8", "1,200", "co-op"), none after it
_TOKEN = regex.compile(r"[\p{L}\p{N}](?:[\p{L}\p{N}]|[.,'’-](?=[\p{L}\p{N}]))*")
# words after and before a turned word that hold the figure it moves by or to ("to 9% in",
# "by 2 mmHg": the first figure after it, not those of the next phrase)
_AFTER, _BEFORE = 3, 3
# a sign written after a figure's last digit ("to 4%."): part of the figure
_SIGN = regex.compile(r"[%‰°]?")

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
    claim, sentence = _priced(claim), _priced(sentence)
    found = _turned_word(claim, sentence)
    if found.fired and _moved_otherwise(claim, sentence, found.terms):
        return GateResult("direction", False)
    if found.fired and not set(found.terms) <= _CHANGES and _compared_otherwise(claim, sentence):
        return GateResult("direction", False)  # "older than Tanabe" / "younger than Mbeki"
    c, s = set(_stems(claim)) & _CHANGES, set(_stems(sentence)) & _CHANGES
    if found.fired or not ((c & _UP and s & _DOWN) or (c & _DOWN and s & _UP)):
        return found  # no word of change turned anywhere in the sentence: no clause to read
    pair = one_stating_pair(claim, sentence)
    if pair is None or pair == (claim, sentence):
        return found
    # read in part of the sentence, only words of change count, no comparison ("A is
    # smaller than B" is "B is larger than A"), and only as a hint, never a contradiction
    inner = _turned_word(*pair)
    fired = inner.fired and set(inner.terms) <= _CHANGES
    fired = fired and not _moved_otherwise(*pair, inner.terms)
    return GateResult(inner.name, fired, inner.explanation if fired else "")


def _near(text: str, term: str) -> list[tuple[str, str]]:
    """The words after and before each word of ``text`` whose stem is ``term``: where the
    figure it moves by or to stands ("rose by 2 mmHg", "fell to 9%", "1.4C lower")."""
    tokens = list(_TOKEN.finditer(text))
    ends = [_SIGN.match(text, t.end()).end() for t in tokens]
    return [
        (
            text[m.end() : ends[min(len(tokens) - 1, i + _AFTER)]],
            text[tokens[max(0, i - _BEFORE)].start() : m.start()],
        )
        for i, m in enumerate(tokens)
        if stem(m[0].casefold()) == term
    ]


def _moved_otherwise(claim: str, sentence: str, terms: Sequence[str]) -> bool:
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


_PRICES = tuple((regex.compile(p, regex.IGNORECASE), word) for p, word in PRICE_COMPARISONS)


def _priced(text: str) -> str:
    """``text`` with its comparisons of price in one word ("more expensive": "dearer")."""
    for pattern, word in _PRICES:
        text = pattern.sub(word, text)
    return text


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
    for group, other, name in ((_UP, _DOWN, "up"), (_DOWN, _UP, "down")):
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


def _chosen(words: frozenset[str], sentences: Sequence[str]) -> set[int]:
    """The sentences that share the most of a clause's content words (at least two)."""
    shared = [len(words & set(_stems(s))) for s in sentences]
    top = max(shared)
    return {i for i, n in enumerate(shared) if n == top} if top >= 2 else set()


def read_direction(claim: str, sentence: str, sentences: Sequence[str]) -> GateResult:
    """The direction gate on the aligned sentence, else on another sentence of the span
    that a clause of the claim speaks of, or that shares as many words with the claim: a
    claim that joins two sentences ("lives three to five years, which is shorter than
    most octopuses" against "… It lives for three to five years, longer than most
    octopuses"). The word turned round must lie in a clause that speaks of that sentence
    or of none, and what fires there is a hint that marks, never a contradiction that
    deletes. (Polarity is not read this way: it marked a correct sentence on dev and a
    correct adversarial one.)"""
    found = direction_gate(claim, sentence)
    if found.fired:
        return found
    if len(sentences) == 1:
        return _by_subject(claim, sentences) or found
    clauses = [words for _, words in clause_words(claim)]
    picks = [_chosen(words, sentences) for words in clauses]
    tied = _chosen(frozenset(_stems(claim)), sentences)
    for i in sorted(tied.union(*picks)):
        if sentences[i] == sentence:
            continue
        part = direction_gate(claim, sentences[i])
        if not part.fired:
            continue
        turned = part.terms[:1]
        home = [p for words, p in zip(clauses, picks, strict=True) if turned and turned[0] in words]
        if home and all(p and i not in p for p in home):
            continue  # the turned word's clause speaks of another sentence
        return GateResult(part.name, True, part.explanation)
    return _by_subject(claim, sentences) or found


@dataclass(frozen=True)
class _Move:
    """A word of change in a clause: its stem, which way it goes (None when negated), the
    stem of the noun heading its subject (None when none is read) and whether it stands
    alone (no object after it: "error rates fell to 0.3%", not "raised the rate")."""

    term: str
    way: str | None
    head: str | None
    alone: bool


_THIS = frozenset({"this", "that", "each", "every", "per"})
_ADVERBS = regex.compile(r"^(?:\s*[\p{L}]+ly\b)*\s*")


def _head(before: str) -> str | None:
    """The stem of the noun that heads the subject written just before a word of change:
    the last content word before the subject's first preposition, after its last comma
    ("In the decades after the plague, Marlow's exports of wool": "export"); None for a
    pronoun, a relative or a missing subject, a noun use ("a rise") or a fronted phrase."""
    words = [w.casefold() for w in _TOKEN.findall(before.rsplit(",", 1)[-1])]
    skip = function_words()
    if words and words[-1] in DETERMINERS:
        return None
    while words and (words[-1] in skip or words[-1].endswith("ly")):
        words.pop()
    if not words or words[0] in SUBJECT_PREPOSITIONS:
        return None
    cut = next((i for i, w in enumerate(words) if w in SUBJECT_PREPOSITIONS), len(words))
    content = [w for w in words[:cut] if w not in skip and w not in PRONOUNS]
    return stem(content[-1]) if content and content[-1] == words[cut - 1] else None


def _alone(after: str) -> bool:
    """No object follows the word of change: punctuation, a figure or a function word
    that is not a determiner or a pronoun comes next (adverbs in "-ly" skipped)."""
    rest = after[_ADVERBS.match(after).end() :]
    words = [w.casefold() for w in _TOKEN.findall(rest)[:2]]
    if not _TOKEN.match(rest) or rest[:1].isdigit():
        return True
    if words[0] in TIME_LEADS or (words[1:] and words[0] in _THIS and words[1] in TIME_WORDS):
        return True  # "decreased last year", "rose this quarter"
    word = words[0]
    return word in function_words() and word not in DETERMINERS and word not in PRONOUNS


def _moves(text: str) -> list[_Move]:
    """Every word of change of ``text``, clause by clause."""
    out = []
    for part, _ in clause_words(text):
        for m in _TOKEN.finditer(part):
            term = stem(m[0].casefold())
            if term not in _CHANGES:
                continue
            before = [w.casefold() for w in _TOKEN.findall(part[: m.start()])][-3:]
            negated = any(w in NEGATIONS or w.endswith(("n't", "n’t")) for w in before)
            way = None if negated else ("up" if term in _UP else "down")
            out.append(_Move(term, way, _head(part[: m.start()]), _alone(part[m.end() :])))
    return out


# the times a change is reported for: a year, a month (capitalised: "may" is a verb too), a
# part of a year
_WHEN = (
    regex.compile(r"\b(?:1[5-9]\d\d|20\d\d)\b"),
    regex.compile(r"\b(?:" + "|".join(m.capitalize() for m in MONTHS) + r")\b"),
    regex.compile(
        r"\b(?:" + "|".join(YEAR_PARTS[0]) + r")\s+(?:" + "|".join(YEAR_PARTS[1]) + r")\b",
        regex.IGNORECASE,
    ),
)


def _another_time(claim: str, sentence: str) -> bool:
    """Does ``sentence`` report for another time than the claim: of a kind of time both
    name (a year, a month, a part of a year), one of the claim's it does not name
    ("Sales rose in 2023" / "Sales fell in 2022")?"""
    for pattern in _WHEN:
        mine = {m[0].casefold() for m in pattern.finditer(claim)}
        theirs = {m[0].casefold() for m in pattern.finditer(sentence)}
        if mine and theirs and not mine <= theirs:
            return True
    return False


def _by_subject(claim: str, sentences: Sequence[str]) -> GateResult | None:
    """A word of change whose subject is the claim's, turned round in a sentence of the
    span ("Error rates … rose to 0.3%" / "Traffic … grew 22%, while error rates fell to
    0.3%"): both stand alone with a subject whose head noun is the same, no word of the
    span moves that subject the claim's way (or moves an unread subject, or is negated),
    the turned word moves by or to no other figure and its sentence reports for no other
    time (``_another_time``). A hint that marks, never a
    contradiction that deletes (it names no terms); no stretch of the span says it the
    claim's way (``whole_span``)."""
    mine = [m for m in _moves(claim) if m.alone and m.way and m.head]
    if len({m.way for m in mine}) != 1:
        return None
    heads, way = {m.head for m in mine}, mine[0].way
    theirs = [(s, m) for s in sentences for m in _moves(s)]
    if any(m.way in (way, None) and m.head in (*heads, None) for _, m in theirs):
        return None
    for sentence, m in theirs:
        turned = m.alone and m.way and m.head in heads and not _another_time(claim, sentence)
        if turned and not _moved_otherwise(claim, sentence, (mine[0].term, m.term)):
            return GateResult(
                "direction", True, f"the claim says {mine[0].term!r} of {m.head!r} where "
                f"the evidence says {m.term!r}", whole_span=True,
            )  # fmt: skip
    return None
