"""Clauses as the toggles read them (``toggles.py``): each clause's content words in order
(negations aside, turning words such as "before", "more" and "against" kept), whether its
polarity is plain, whether a negation denies it and the word it denies, a closing
"without" phrase (``blurs.trailing_without``), and whether a mid-sentence "if" or
"unless" made it a condition. A sentence splits at ``CLAUSE_BREAKS``; a verb phrase a bare
"and" joins with an auxiliary of its own is a clause lent the subject of the one before.
Pure functions of strings.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import regex

from ..lexicon.polarity import (
    CLAUSE_BREAKS,
    FALLING_WORDS,
    NEGATION_NEUTRAL,
    NEGATIONS,
    OPPOSITE_PAIRS,
    RISING_WORDS,
    SIDE_WORDS,
    SPAN_PAIRS,
    TOGGLE_PAIRS,
)
from ..lexicon.verbs import FINITE
from ..text.words import function_words, negation_words, stem
from .blurs import BLURRED, trailing_without
from .comparisons import in_one_word
from .stance import stance_words, supposing

__all__ = ["OPPOSITES", "ClauseWords", "SentenceClauses", "clauses_of", "read_sentence", "words_of"]

_PLAIN = NEGATIONS - {"without"}
# the breaks kept, so a clause knows the word that opened it; and a bare "and not", whose
# negation is said of what follows it alone ("active against Gram-positive bacteria and not
# against Gram-negative ones" denies nothing of the Gram-positive)
_CLAUSES = regex.compile("(" + CLAUSE_BREAKS + r"|\s+and\s+(?=not\b))", regex.IGNORECASE)
_CONDITION = regex.compile(r"\b(?:if|unless)\b", regex.IGNORECASE)
# each word's opposites (stems): the pairs of ``lexicon.polarity``, rising and falling words
OPPOSITES: dict[str, frozenset[str]] = {}
for _a, _b in (*OPPOSITE_PAIRS, *TOGGLE_PAIRS, *SPAN_PAIRS):
    for _x, _y in ((stem(_a), stem(_b)), (stem(_b), stem(_a))):
        OPPOSITES[_x] = OPPOSITES.get(_x, frozenset()) | {_y}
# an auxiliary as written inside a sentence (lower case: "in April and May" names a month),
# with its negation ("doesn't", "cannot", "won't")
_AUXILIARY = r"\b(?:(?:" + "|".join(FINITE) + r")(?:n['’]t)?|cannot|can['’]t|won['’]t)(?!\w)"
# a verb phrase a bare "and" joins with an auxiliary of its own ("is open Tuesday to Sunday
# and is closed on Mondays"): a clause, whose subject is the clause's before it
_SHARED_SUBJECT = regex.compile(r"\s+and\s+(?=" + _AUXILIARY + ")")
_FIRST_AUXILIARY = regex.compile(_AUXILIARY)
_UP = frozenset(stem(w) for w in RISING_WORDS)
_DOWN = frozenset(stem(w) for w in FALLING_WORDS)
for _group, _other in ((_UP, _DOWN), (_DOWN, _UP)):
    for _w in _group:
        OPPOSITES[_w] = OPPOSITES.get(_w, frozenset()) | _other


@dataclass(frozen=True)
class ClauseWords:
    """One clause: its text, its content words in order (negations aside; turning words
    such as "before" or "more" kept), whether its polarity is plain, whether a negation
    denies it and the word that negation denies."""

    text: str
    words: tuple[str, ...]
    plain: bool
    negated: bool
    denied: str | None
    joined: bool = False  # a verb phrase "and" joins to the clause before (``_conjuncts``)
    freed: frozenset[str] | None = None  # an affirmed clause's closing "without" phrase
    conditional: bool = False  # opened by a mid-sentence "if" or "unless" (``clauses_of``)
    stance: frozenset[str] = frozenset()  # its words of stance and source (``stance.py``)
    supposed: frozenset[str] = frozenset()  # its modals of supposition (``stance.py``)

    @property
    def content(self) -> frozenset[str]:
        return frozenset(self.words)


@dataclass(frozen=True)
class SentenceClauses:
    """An evidence sentence read for toggles: its content words and its clauses."""

    content: frozenset[str]
    clauses: tuple[ClauseWords, ...]


def _negation(token: str) -> bool:
    return token in _PLAIN or token.endswith(("n't", "n’t"))


def _word(token: str, skip: frozenset[str]) -> bool:
    if _negation(token) or token in NEGATION_NEUTRAL or any(c.isdigit() for c in token):
        return False
    return token not in skip or stem(token) in OPPOSITES or token in SIDE_WORDS


# a word in capitals that a function word spells ("the US region", "the IT team"): a name
_CAPITALS = regex.compile(r"\b\p{Lu}{2,}\b")


def _tokens(text: str) -> list[str]:
    """The words of ``text`` the toggles read, a name in capitals that a function word
    spells written as the initials it is ("US" as "U.S.", never the pronoun "us"), unless
    the text is written in capitals ("THE MUSEUM IS CLOSED ON MONDAYS": no name there)."""
    skip, text = function_words(), in_one_word(text)
    if sum(c.isupper() for c in text) <= sum(c.islower() for c in text):
        text = _CAPITALS.sub(
            lambda m: ".".join(m[0]) + "." if _spelled(m[0].casefold(), skip) else m[0], text
        )
    return negation_words(text)


def _spelled(word: str, skip: frozenset[str]) -> bool:
    return word in skip and not _negation(word) and word not in NEGATION_NEUTRAL


def words_of(text: str) -> tuple[str, ...]:
    """The stems of the content words of ``text`` as the toggles read them, in order."""
    skip = function_words()
    return tuple(stem(t) for t in _tokens(text) if _word(t, skip))


def _read(text: str) -> ClauseWords:
    tokens = _tokens(text)
    skip = function_words()
    at = next((i for i, t in enumerate(tokens) if _negation(t)), None)
    after = tokens[at + 1 :] if at is not None else []
    # the word a negation denies: "not against automation" denies automation
    denied = next((stem(t) for t in after if _word(t, skip) and t not in SIDE_WORDS), None)
    plain, freed = BLURRED.search(text) is None, trailing_without(text) if at is None else None
    return ClauseWords(
        text, words_of(text), plain, at is not None, denied, freed=freed,
        stance=stance_words(text), supposed=supposing(text),
    )  # fmt: skip


def _conjuncts(part: str) -> list[ClauseWords]:
    """A clause and the verb phrases a bare "and" joins to it with an auxiliary of their
    own, each lent the words before the clause's first auxiliary (its subject): "The
    museum is open daily and is closed on Mondays" reads "museum closed Mondays"."""
    first, *rest = _SHARED_SUBJECT.split(part)
    read = [_read(first)]
    at = _FIRST_AUXILIARY.search(first)
    subject = words_of(first[: at.start()]) if at is not None else ()
    read.extend(replace(c, words=subject + c.words, joined=True) for c in map(_read, rest))
    return read


def clauses_of(text: str) -> tuple[ClauseWords, ...]:
    """The clauses of ``text``; one a mid-sentence "if" or "unless" opens states a condition
    ("Rents would have fallen if the council had approved the plan"), no fact."""
    pieces = _CLAUSES.split(text)  # part, break, part, break, …
    out: list[ClauseWords] = []
    for k in range(0, len(pieces), 2):
        if not pieces[k].strip():
            continue
        before = "".join(pieces[: k - 1]).strip() if k else ""  # "If …, …" stays one clause
        opened = bool(before) and _CONDITION.search(pieces[k - 1]) is not None
        read = _conjuncts(pieces[k])
        out.extend(replace(c, conditional=True) if opened else c for c in read if c.words)
    return tuple(out)


def read_sentence(text: str) -> SentenceClauses:
    """One evidence sentence read once: its content words and its clauses."""
    return SentenceClauses(frozenset(words_of(text)), clauses_of(text))
