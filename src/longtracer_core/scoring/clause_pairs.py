"""The clauses of a claim and of its evidence sentence that say the same thing.

A negation, a direction word or a limit in another clause of the sentence says nothing of
the claim's clause ("When multipoint is on, LDAC is not available; the headphones switch
to AAC" says nothing against "The headphones fall back to AAC"): the gates read the pair of
clauses that share the most content words. Pure functions of strings.
"""

from __future__ import annotations

import regex

from ..lexicon.polarity import CLAUSE_BREAKS
from ..text.words import function_words, stem_tokens

__all__ = ["CLAUSE_MARGIN", "clause_words", "one_stating_pair", "stating_clauses"]

# the content words by which the clause read for a direction must lead every other clause
CLAUSE_MARGIN = 2

_CLAUSES = regex.compile(CLAUSE_BREAKS, regex.IGNORECASE)


def clause_words(text: str) -> list[tuple[str, frozenset[str]]]:
    """The clauses of ``text`` with their content-word stems."""
    skip = function_words()
    parts = [part for part in _CLAUSES.split(text) if part.strip()] or [text]
    return [(part, frozenset(t for t in stem_tokens(part) if t not in skip)) for part in parts]


def stating_clauses(claim: str, sentence: str) -> tuple[str, str]:
    """The clause of ``claim`` and the clause of ``sentence`` that share the most content
    words: where the two say the same thing (a negation in another clause, "When
    multipoint is on, LDAC is not available; the headphones switch to AAC", says nothing
    of "The headphones fall back to AAC")."""
    pair = _best_pair(clause_words(claim), clause_words(sentence))
    return pair[0][0], pair[1][0]


def _best_pair(
    ours: list[tuple[str, frozenset[str]]], theirs: list[tuple[str, frozenset[str]]]
) -> tuple[tuple[str, frozenset[str]], tuple[str, frozenset[str]]]:
    pairs = [(a, b) for a in ours for b in theirs]
    return max(pairs, key=lambda pair: len(pair[0][1] & pair[1][1]))


def one_stating_pair(claim: str, sentence: str) -> tuple[str, str] | None:
    """``stating_clauses`` when one evidence clause shares clearly more with the claim's
    clause than any other (by ``CLAUSE_MARGIN`` content words), else None."""
    theirs = clause_words(sentence)
    (mine, words), (stating, _) = _best_pair(clause_words(claim), theirs)
    shares = sorted(len(words & other) for _, other in theirs)
    if len(shares) > 1 and shares[-1] - shares[-2] < CLAUSE_MARGIN:
        return None
    return mine, stating
