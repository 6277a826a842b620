"""Clauses that say more than the evidence: never decisive, they keep a claim UNCERTAIN.

* ``clause_absent`` — an elaborating clause (", which …", ", reflecting …", "due to …";
  ``lexicon/grammar.py`` ``ELABORATION``) with at least ``CLAUSE_WORDS`` content words of
  which at most ``CLAUSE_FOUND`` appear anywhere in the evidence or the claim's context;
* ``clause_unlinked`` — a claim whose main clause an evidence sentence states (at least
  ``MAIN_SHARE`` of its words) and which links to it, by a subordinator ("after", "when",
  "which", "because" …; ``LINKS``), a clause of at least ``CLAUSE_WORDS`` new words of
  which under ``LINKED_SHARE`` appear in that sentence or its neighbours: the claim ties
  a fact to one the evidence does not tie it to ("… agreed to acquire Halcyon Labs after
  winning a bidding contest against a larger cloud provider").

A paraphrase can word a clause anew or fuse two passages, so both mark, never delete.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import regex

from ..contracts import ReasonCode
from ..lexicon.grammar import ELABORATION, LINKS
from ..text.words import function_words, lex_tokens, stem
from .findings import Finding, quote

__all__ = [
    "CLAUSE_FOUND",
    "CLAUSE_WORDS",
    "LINKED_SHARE",
    "MAIN_SHARE",
    "content_words",
    "event_word",
    "unfound_clause",
    "unlinked_clause",
]

# an elaborating clause of at least this many content words, at most this share of them
# in any source or the claim's context, states something the evidence does not
CLAUSE_WORDS = 3
CLAUSE_FOUND = 0.25
# a main clause an evidence sentence states: at least this share of its content words
MAIN_SHARE = 0.6
# a linked clause that sentence (or a neighbour) holds: at least this share of its new words
LINKED_SHARE = 1 / 3

_LINK = regex.compile(r"\s*(?:,\s*)?\b(?:" + "|".join(LINKS) + r")\b\s*", regex.IGNORECASE)


class _Sentence(Protocol):
    @property
    def source_id(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def content(self) -> frozenset[str]: ...


def event_word(text: str, at: int) -> frozenset[str]:
    """The last content word before ``text[at]``: the word that says which event a figure
    after it dates ("opened in 1941")."""
    return frozenset(content_words(text[:at])[-1:])


def content_words(text: str) -> list[str]:
    """The stems of ``text``'s content words, in order (no function words, no figures)."""
    skip = function_words()
    return [stem(t) for t in lex_tokens(text) if t not in skip and not any(c.isdigit() for c in t)]


def unfound_clause(
    claim: str, vocabulary: frozenset[str], optional: frozenset[str]
) -> Finding | None:
    """An elaborating clause whose content words the evidence (``vocabulary``) and the
    claim's context (``optional``) hardly hold."""
    known = vocabulary | frozenset(stem(w) for w in optional)
    for clause in ELABORATION.split(claim)[1:]:
        words = content_words(clause)
        opener = lex_tokens(clause)[:1]
        if opener and opener[0] not in function_words():
            words = words[1:]  # an opener that is a content word ("reflecting") says nothing
        found = sum(w in known for w in words)
        if len(words) >= CLAUSE_WORDS and found <= CLAUSE_FOUND * len(words):
            return Finding(
                "clause_absent",
                ReasonCode.PARTIAL_SUPPORT,
                f'no source states "{quote(clause.strip(), 80)}"',
                {"clause": clause.strip()},
            )
    return None


def _around(sentences: Sequence[_Sentence], i: int) -> frozenset[str]:
    """The content words of sentence ``i`` and its neighbours in the same source."""
    near = sentences[max(0, i - 1) : i + 2]
    return frozenset(w for s in near if s.source_id == sentences[i].source_id for w in s.content)


def unlinked_clause(
    claim: str, sentences: Sequence[_Sentence], optional: frozenset[str]
) -> Finding | None:
    """A clause linked to a main clause the evidence states, which the evidence around that
    statement does not hold."""
    parts = [p for p in _LINK.split(claim) if p and p.strip()]
    main = frozenset(content_words(parts[0])) if parts else frozenset()
    if len(parts) < 2 or len(main) < CLAUSE_WORDS or not sentences:
        return None
    best = max(range(len(sentences)), key=lambda i: len(main & sentences[i].content))
    if len(main & sentences[best].content) < MAIN_SHARE * len(main):
        return None
    known = _around(sentences, best) | frozenset(stem(w) for w in optional)
    for part in parts[1:]:
        new = frozenset(content_words(part)) - main
        if len(new) >= CLAUSE_WORDS and len(new & known) < LINKED_SHARE * len(new):
            return Finding(
                "clause_unlinked",
                ReasonCode.PARTIAL_SUPPORT,
                f'source {sentences[best].source_id} states the rest, not "{quote(part, 80)}"',
                {"clause": part.strip(), "source_id": sentences[best].source_id},
            )
    return None
