"""Where the direction gate reads: the claim's aligned sentence, another sentence of the span
a clause of the claim speaks of, and the subject a word of change moves.

``read_direction`` runs ``direction_gate.direction_gate`` on the aligned sentence (a turn
there said of another subject or setting is a hint, ``_settled``), then on another
sentence of the span; then it reads by subject (``_by_subject``): a word of change
said of the subject the span moves the other way ("Error rates … rose to 0.3%" / "Traffic
… grew 22%, while error rates fell to 0.3%"), when no part of the span may say it the
claim's way. What it reads beyond the aligned sentence is a hint that marks, never a
contradiction that deletes. Pure functions of strings; ``gates.check_gates`` runs it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import regex

from ..lexicon.dates import MONTHS, TIME_DETERMINERS, TIME_LEADS, TIME_WORDS, YEAR_PARTS
from ..lexicon.grammar import (
    DETERMINERS,
    FORECAST_WORDS,
    GROUP_PREPOSITIONS,
    LINKS,
    MODAL_VERBS,
    PRONOUNS,
    SUBJECT_PREPOSITIONS,
    TEMPORAL_LINKS,
)
from ..text.words import function_words, negation_word, stem, stem_tokens
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
        return _settled(claim, sentence, found)
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
    those of its "of" phrase ("The number of deaths": "death") and of its possessor."""

    noun: frozenset[str]
    of: frozenset[str]
    owner: frozenset[str] = frozenset()
    tail: frozenset[str] = frozenset()  # after the noun ("at the Eastfield clinic")

    def same(self, other: _Subject) -> bool:
        """The same thing: the same noun, and no "of" phrases or possessors that differ."""
        return (
            self.noun == other.noun
            and not (self.of and other.of and not self.of & other.of)
            and not (self.owner and other.owner and not self.owner & other.owner)
        )

    def near(self, other: _Subject) -> bool:
        """Perhaps the same thing: nouns that share a word."""
        return bool(self.noun & other.noun)


@dataclass(frozen=True)
class _Move:
    """A word of change in a clause: its stem, which way it goes (None when negated or a
    forecast), its subject (None when none is read), whether it stands alone (no object
    after it: "error rates fell to 0.3%", not "raised the rate"), the content stems of
    its clause and of the phrase its sentence opens with ("After the renovation, …")."""

    term: str
    way: str | None
    subject: _Subject | None
    alone: bool
    scope: frozenset[str] = frozenset()
    after: frozenset[str] = frozenset()  # the setting its clause gives after it
    group: frozenset[str] = frozenset()  # the group or place it is said of ("in Asia")
    when: str | None = None  # the first time after it ("in the first half")
    links: frozenset[str] = frozenset()  # its clause's words of time ("after", "since")


_ADVERBS = regex.compile(r"^(?:\s*[\p{L}]+ly\b)*\s*")
# a possessor and its mark ("Tessin Motors' ", "the city's ")
_POSSESSOR = regex.compile(r"^.*[\p{L}\p{N}](?:['’]s|s['’])\s+")
# the words of a time: they are read by ``_another_time``, not as a setting
_TIMELY = frozenset(
    stem(w) for w in (*MONTHS, *TIME_LEADS, *TIME_WORDS, *YEAR_PARTS[0], *YEAR_PARTS[1])
)


def _content(words: Iterable[str]) -> frozenset[str]:
    """The content stems of ``words`` as the claim's and the span's words are stemmed
    ("company's": "compani")."""
    skip = function_words() | PRONOUNS
    return frozenset(_stems(" ".join(w for w in words if w.casefold() not in skip)))


def _content_stems(words: Iterable[str]) -> frozenset[str]:
    skip = function_words()
    return frozenset(stem(w) for w in words if w not in skip and w not in PRONOUNS)


def _subject(before: str) -> _Subject | None:
    """The subject written just before a word of change, after the last comma of its
    clause ("In the decades after the plague, Marlow's exports of wool": "export", of
    "wool"); None for a pronoun, a relative or a missing subject, a noun use ("a rise", "a
    5% rise"), a fronted phrase or a subject holding another word of change."""
    phrase = before.rsplit(",", 1)[-1]
    owner = _POSSESSOR.match(phrase)
    words = [w.casefold() for w in TOKEN.findall(phrase[owner.end() if owner else 0 :])]
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
    mine = _content_stems(w.casefold() for w in TOKEN.findall(owner[0])) if owner else None
    return _Subject(
        noun, _content_stems(rest[:end]), mine or frozenset(), _content_stems(words[cut:])
    )


def _alone(after: str) -> bool:
    """No object follows the word of change: punctuation, a figure or a function word
    that is not a determiner or a pronoun comes next (adverbs in "-ly" skipped)."""
    adverbs = _ADVERBS.match(after)
    rest = after[adverbs.end() :] if adverbs else after
    words = [w.casefold() for w in TOKEN.findall(rest)[:2]]
    if not TOKEN.match(rest) or rest[:1].isdigit():
        return True
    if words[0] in TIME_LEADS or (
        words[1:] and words[0] in TIME_DETERMINERS and words[1] in TIME_WORDS
    ):
        return True  # "decreased last year", "rose this quarter"
    word = words[0]
    return word in function_words() and word not in DETERMINERS and word not in PRONOUNS


def _opening(text: str) -> str:
    """The phrase ``text`` opens with, before its first comma, when it opens with a
    preposition or a linking word ("After the new protocol was introduced,"), else ""."""
    head, comma, _ = text.partition(",")
    first = TOKEN.match(head.strip())
    opens = first is not None and first[0].casefold() in SUBJECT_PREPOSITIONS | set(LINKS)
    return head if comma and opens else ""


def _way(term: str, before: Sequence[str]) -> str | None:
    """Which way a word of change goes; None when a negation or a modal or forecast word
    stands in the three words before it ("did not fall", "would decrease", "expected to
    rise")."""
    if any(negation_word(w) or w in MODAL_VERBS | FORECAST_WORDS for w in before):
        return None
    return "up" if term in UP else "down"


def _moves(text: str) -> list[_Move]:
    """Every word of change of ``text``, clause by clause (a clause that opens with a phrase
    of its own, "; among men, mortality rose", does not take the sentence's)."""
    out = []
    opening = _opening(text)
    for k, (part, words) in enumerate(clause_words(text)):
        own = opening if k == 0 else (_opening(part.lstrip(" ;:,")) or opening)
        held = words | frozenset(_stems(own))
        for m in TOKEN.finditer(part):
            term = stem(m[0].casefold())
            if term not in CHANGES:
                continue
            way = _way(term, [w.casefold() for w in TOKEN.findall(part[: m.start()])][-3:])
            after = part[m.end() :]
            out.append(
                _Move(
                    term, way, _subject(part[: m.start()]), _alone(after), held,
                    _setting(after), _group(after) | _group(own), _first_time(after),
                    _linked(f"{own} {part}"),
                )
            )  # fmt: skip
    return out


def _group(after: str) -> frozenset[str]:
    """The group or place the words after a word of change say it of: the phrase of a
    preposition among its first four words ("fell in Asia", "fell for rice"), up to the
    next preposition or linking word."""
    words = [w.casefold() for w in TOKEN.findall(after.split(",")[0])]
    at = next((i for i, w in enumerate(words[:4]) if w in GROUP_PREPOSITIONS), None)
    if at is None:
        return frozenset()
    phrase = []
    for w in words[at + 1 :]:
        if (w in SUBJECT_PREPOSITIONS and w != "of") or w in LINKS:
            break
        phrase.append(w)
    return _content(phrase) - _TIMELY - CHANGES


def _linked(text: str) -> frozenset[str]:
    """The words of ``text`` that place a change before or after an event."""
    return frozenset(w.casefold() for w in TOKEN.findall(text)) & TEMPORAL_LINKS


def _first_time(after: str) -> str | None:
    """The first time the words after a word of change name ("in the first half")."""
    found = [m for pattern in _WHEN for m in [pattern.search(after)] if m]
    return min(found, key=lambda m: m.start())[0].casefold() if found else None


def _setting(after: str) -> frozenset[str]:
    """What a clause says of its change after the word of change, but a figure, a time,
    another word of change or an adverb: a place, a group, an event ("Crime rose in rural
    areas": "rural", "area")."""
    tokens = [w.casefold() for w in TOKEN.findall(after)]
    # a figure and the unit after it ("to 1,100 euros", "by 8 mmHg") are read as figures
    words = [
        w
        for i, w in enumerate(tokens)
        if not w[:1].isdigit() and not (i and tokens[i - 1][:1].isdigit())
    ]
    return _content(w for w in words if not w.endswith("ly")) - CHANGES - _TIMELY


def _holds_setting(mine: Sequence[_Move], turned: _Move, span: frozenset[str]) -> bool:
    """Does the turned word's clause speak of the claim's setting: the claim's words after
    its change in the clause (or the phrase its sentence opens with), and the words after
    the claim's subject noun there too when the turned subject has words after its own
    noun ("Mortality among women" / "Mortality among men"), else anywhere in the span
    ("Complaints about the Halden line" / "complaints", of a passage about the line)?"""
    for m in mine:
        tail = m.subject.tail if m.subject else frozenset()
        where = turned.scope if turned.subject and turned.subject.tail else span
        if not m.after <= turned.scope or not (tail - CHANGES - _TIMELY) <= where:
            return False
    return True


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


def _settled(claim: str, sentence: str, found: GateResult) -> GateResult:
    """A word of change turned round in the aligned sentence, as a hint that marks when
    every turned word there is said of another setting than the claim's: a group, place
    or time the claim does not name, or without the setting the claim gives after its
    word ("Crime rose in rural areas" / "Crime fell in the cities"; "The economy grew in
    the fourth quarter" / "contracted in the third quarter"). Else as read: a
    contradiction of a change (``findings.CHANGE_VERBS``) deletes."""
    if len(found.terms) != 2 or not set(found.terms) <= CHANGES:
        return found
    mine = [m for m in _moves(claim) if m.term == found.terms[0]]
    theirs = [m for m in _moves(sentence) if m.term == found.terms[1]]
    if not mine or not theirs:
        return found
    if all(_elsewhere(claim, sentence, mine, t) for t in theirs):
        return GateResult(found.name, True, found.explanation)
    return found


def _elsewhere(claim: str, sentence: str, mine: Sequence[_Move], turned: _Move) -> bool:
    """Is ``turned`` said of another subject or setting than the claim's words of change
    ``mine``: another subject read ("the price of season passes fell" / "Ticket prices
    rose"), words after its noun the claim lacks ("applications from outside the EU"), a
    group, place or time the claim does not name, no word of the setting the claim gives
    after its word, or not the claim's "after", "since" … ("After the reform, waiting
    times fell" / "Waiting times rose for years")?"""
    said = frozenset(_stems(claim))
    ours = [m.subject for m in mine if m.subject]
    subject = turned.subject
    if subject is not None and ours and not any(subject.same(o) for o in ours):
        return True
    return (
        _another_time(claim, sentence)
        or (subject is not None and not subject.tail - CHANGES <= said)
        or not turned.group <= said
        or (turned.when is not None and turned.when not in claim.casefold())
        or any(not m.after <= turned.scope or not m.links <= turned.links for m in mine)
    )


def _by_subject(claim: str, sentences: Sequence[str]) -> GateResult | None:
    """A word of change whose subject is the claim's, turned round in a sentence of the
    span ("Error rates … rose to 0.3%" / "Traffic … grew 22%, while error rates fell to
    0.3%"): both stand alone with the same subject (``_Subject.same``), no word of the
    span moves a subject that may be the claim's its way (or moves an unread subject, or
    is negated or a forecast), the turned word's clause (or the phrase its sentence opens
    with) holds the claim's setting (``_holds_setting``: "Crime rose in rural areas" is
    not turned by "Crime fell in the cities"; nor is it said of a group, place or time
    the claim does not name: "Sales in Europe rose" / "… but sales fell in Asia"), it
    moves by or to no other figure and its sentence reports for no other time
    (``_another_time``). A hint that marks, never a
    contradiction that deletes (it names no terms); no stretch of the span says it the
    claim's way (``whole_span``)."""
    mine = [m for m in _moves(claim) if m.alone and m.way and m.subject]
    if len({m.way for m in mine}) != 1:
        return None
    ours, way = [m.subject for m in mine if m.subject], mine[0].way
    span, said = frozenset(_stems(" ".join(sentences))), frozenset(_stems(claim))
    theirs = [(s, m) for s in sentences for m in _moves(s)]
    if any(
        m.way in (way, None) and (m.subject is None or any(m.subject.near(o) for o in ours))
        for _, m in theirs
    ):
        return None
    for sentence, m in theirs:
        subject = m.subject
        turned = m.alone and m.way and subject and any(subject.same(o) for o in ours)
        if subject is None or not turned or _another_time(claim, sentence):
            continue
        if not _holds_setting(mine, m, span):
            continue
        if not m.group <= said or (m.when is not None and m.when not in claim.casefold()):
            continue  # said of another group, place or time ("fell in Asia")
        if moved_otherwise(claim, sentence, (mine[0].term, m.term)):
            continue
        noun = " ".join(sorted(subject.noun))
        return GateResult(
            "direction",
            True,
            f"the claim says {mine[0].term!r} of {noun!r} where the evidence says {m.term!r}",
            whole_span=True,
        )
    return None
