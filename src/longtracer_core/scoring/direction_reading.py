"""Where the direction gate reads: the claim's aligned sentence, another sentence of the span
a clause of the claim speaks of, and the subject a word of change moves.

``read_direction`` runs ``direction_gate.direction_gate`` on the aligned sentence, then on
another sentence of the span; then it reads by subject (``_by_subject``): a word of change
said of the subject the span moves the other way ("Error rates … rose to 0.3%" / "Traffic
… grew 22%, while error rates fell to 0.3%"), when no part of the span may say it the
claim's way. What it reads beyond the aligned sentence is a hint that marks, never a
contradiction that deletes. Pure functions of strings; ``gates.check_gates`` runs it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import regex

from ..lexicon.dates import MONTHS, TIME_LEADS, TIME_WORDS, YEAR_PARTS
from ..lexicon.grammar import DETERMINERS, PRONOUNS, SUBJECT_PREPOSITIONS
from ..lexicon.polarity import NEGATIONS
from ..text.words import function_words, stem, stem_tokens
from .clause_pairs import clause_words
from .direction_gate import CHANGES, TOKEN, UP, direction_gate, moved_otherwise
from .gate_result import GateResult

__all__ = ["read_direction"]

_stems = stem_tokens


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
class _Subject:
    """What a word of change moves: the stems of the noun its subject ends on before any
    preposition, past any possessor ("Tessin Motors' operating profit": "oper", "profit"),
    and those of its "of" phrase ("The number of deaths": "death")."""

    noun: frozenset[str]
    of: frozenset[str]

    def same(self, other: _Subject) -> bool:
        """The same thing: the same noun, and no "of" phrases that differ."""
        return self.noun == other.noun and not (self.of and other.of and not self.of & other.of)

    def near(self, other: _Subject) -> bool:
        """Perhaps the same thing: nouns that share a word."""
        return bool(self.noun & other.noun)


@dataclass(frozen=True)
class _Move:
    """A word of change in a clause: its stem, which way it goes (None when negated), its
    subject (None when none is read) and whether it stands alone (no object after it:
    "error rates fell to 0.3%", not "raised the rate")."""

    term: str
    way: str | None
    subject: _Subject | None
    alone: bool


_THIS = frozenset({"this", "that", "each", "every", "per"})
_ADVERBS = regex.compile(r"^(?:\s*[\p{L}]+ly\b)*\s*")
# a possessor and its mark ("Tessin Motors' ", "the city's ")
_POSSESSOR = regex.compile(r"^.*[\p{L}\p{N}](?:['’]s|s['’])\s+")


def _content_stems(words: Sequence[str]) -> frozenset[str]:
    skip = function_words()
    return frozenset(stem(w) for w in words if w not in skip and w not in PRONOUNS)


def _subject(before: str) -> _Subject | None:
    """The subject written just before a word of change, after the last comma of its
    clause ("In the decades after the plague, Marlow's exports of wool": "export", of
    "wool"); None for a pronoun, a relative or a missing subject, a noun use ("a rise", "a
    5% rise"), a fronted phrase or a subject holding another word of change."""
    words = [w.casefold() for w in TOKEN.findall(_POSSESSOR.sub("", before.rsplit(",", 1)[-1]))]
    skip = function_words()
    if not words or words[-1] in DETERMINERS or words[-1][:1].isdigit():
        return None
    while words and (words[-1] in skip or words[-1].endswith("ly")):
        words.pop()
    if not words or words[0] in SUBJECT_PREPOSITIONS or {stem(w) for w in words} & CHANGES:
        return None
    cut = next((i for i, w in enumerate(words) if w in SUBJECT_PREPOSITIONS), len(words))
    noun = _content_stems(words[:cut])
    if not noun or words[cut - 1] in skip or words[cut - 1] in PRONOUNS:
        return None
    rest = words[cut + 1 :] if cut < len(words) and words[cut] == "of" else []
    end = next((i for i, w in enumerate(rest) if w in SUBJECT_PREPOSITIONS), len(rest))
    return _Subject(noun, _content_stems(rest[:end]))


def _alone(after: str) -> bool:
    """No object follows the word of change: punctuation, a figure or a function word
    that is not a determiner or a pronoun comes next (adverbs in "-ly" skipped)."""
    rest = after[_ADVERBS.match(after).end() :]
    words = [w.casefold() for w in TOKEN.findall(rest)[:2]]
    if not TOKEN.match(rest) or rest[:1].isdigit():
        return True
    if words[0] in TIME_LEADS or (words[1:] and words[0] in _THIS and words[1] in TIME_WORDS):
        return True  # "decreased last year", "rose this quarter"
    word = words[0]
    return word in function_words() and word not in DETERMINERS and word not in PRONOUNS


def _moves(text: str) -> list[_Move]:
    """Every word of change of ``text``, clause by clause."""
    out = []
    for part, _ in clause_words(text):
        for m in TOKEN.finditer(part):
            term = stem(m[0].casefold())
            if term not in CHANGES:
                continue
            before = [w.casefold() for w in TOKEN.findall(part[: m.start()])][-3:]
            negated = any(w in NEGATIONS or w.endswith(("n't", "n’t")) for w in before)
            way = None if negated else ("up" if term in UP else "down")
            out.append(_Move(term, way, _subject(part[: m.start()]), _alone(part[m.end() :])))
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
    0.3%"): both stand alone with the same subject (``_Subject.same``), no word of the
    span moves a subject that may be the claim's its way (or moves an unread subject, or
    is negated), the turned word moves by or to no other figure and its sentence reports
    for no other time (``_another_time``). A hint that marks, never a contradiction that
    deletes (it names no terms); no stretch of the span says it the claim's way
    (``whole_span``)."""
    mine = [m for m in _moves(claim) if m.alone and m.way and m.subject]
    if len({m.way for m in mine}) != 1:
        return None
    ours, way = [m.subject for m in mine if m.subject], mine[0].way
    theirs = [(s, m) for s in sentences for m in _moves(s)]
    if any(
        m.way in (way, None) and (m.subject is None or any(m.subject.near(o) for o in ours))
        for _, m in theirs
    ):
        return None
    for sentence, m in theirs:
        turned = m.alone and m.way and m.subject and any(m.subject.same(o) for o in ours)
        if not turned or _another_time(claim, sentence):
            continue
        if moved_otherwise(claim, sentence, (mine[0].term, m.term)):
            continue
        noun = " ".join(sorted(m.subject.noun))
        return GateResult(
            "direction",
            True,
            f"the claim says {mine[0].term!r} of {noun!r} where the evidence says {m.term!r}",
            whole_span=True,
        )
    return None
