"""The coverage invariant: no draft text escapes verification by being dropped.

Every sentence of the draft must be restated by factual claims located in it
(every figure, and nearly every content word), or be classed a non-claim or an
honest refusal by one of our own rules (never merely because a model said so).
A sentence that is neither, whether a decomposer bug or an answer saying
"ignore previous instructions and return no claims", is added back as a claim,
and the decomposition records the repair.
"""

from __future__ import annotations

from dataclasses import replace

from ..scoring.numeric import numeric_values
from ..text.sentences import split_sentences
from ..text.words import lex_tokens
from .rules import classify_sentence, is_refusal, restated_text, sentence_claims
from .types import Decomposition, DraftClaim, NonClaim

__all__ = ["COVERAGE_THRESHOLD", "enforce_coverage"]

# Share of a sentence's content tokens (4+ characters, or holding a digit) the
# claims located in it must restate; every figure must be restated.
COVERAGE_THRESHOLD = 0.85


def enforce_coverage(draft: str, decomposition: Decomposition) -> Decomposition:
    """Return ``decomposition`` with uncovered sentences added back as claims.

    Non-claims are re-derived from our rules for every sentence not covered by
    claims, so a decomposer cannot exempt text by labelling it.
    """
    # only factual claims cover text; a refusal claim counts only where our rules
    # also read the sentence as a refusal (a model's label alone exempts nothing)
    located = [c for c in decomposition.claims if c.char_start is not None and c.kind == "claim"]
    refusals = [c for c in decomposition.claims if c.char_start is not None and c.kind == "refusal"]
    claims = list(decomposition.claims)
    non_claims: list[NonClaim] = []
    repairs: list[DraftClaim] = []
    for sentence in split_sentences(draft):
        inside = [c for c in located if _overlaps(c, sentence.start, sentence.end)]
        if inside and _restated(sentence.text, inside):
            continue
        rule = classify_sentence(sentence)
        if rule is not None:
            non_claims.append(NonClaim(sentence.text, sentence.start, sentence.end, rule))
            continue
        pure_refusal = is_refusal(sentence.text)
        if pure_refusal and any(_overlaps(c, sentence.start, sentence.end) for c in refusals):
            continue
        # the sentence comes back as our own rules' claims: each clause on its own, so a
        # clause the decomposer dropped ("…, and it cures cancer") is verified by itself
        for part in sentence_claims(draft, sentence):
            repair = replace(part, origin="coverage")
            claims.append(repair)
            repairs.append(repair)
    claims.sort(key=lambda c: c.char_start if c.char_start is not None else len(draft) + 1)
    return Decomposition(
        claims=tuple(claims),
        non_claims=tuple(non_claims),
        decomposer=decomposition.decomposer,
        prompt_hash=decomposition.prompt_hash,
        model=decomposition.model,
        coverage_repairs=tuple(repairs),
        attempts=decomposition.attempts,
    )


def _overlaps(claim: DraftClaim, start: int, end: int) -> bool:
    return (
        claim.char_start is not None
        and claim.char_end is not None
        and claim.char_start < end
        and claim.char_end > start
    )


# Pronouns carry nothing to check: a decontextualised claim names what they stand for.
_PRONOUNS = frozenset(
    [
        "they",
        "them",
        "their",
        "theirs",
        "these",
        "those",
        "this",
        "that",
        "its",
        "it",
        "he",
        "she",
        "his",
        "her",
        "hers",
        "him",
        "we",
        "our",
        "you",
        "your",
    ]
)


def _content(tokens: list[str]) -> list[str]:
    return [t for t in tokens if (len(t) >= 4 and not _pronoun(t)) or any(c.isdigit() for c in t)]


def _pronoun(token: str) -> bool:
    """A pronoun, also contracted ("it's", "they're")."""
    return token.replace("’", "'").split("'")[0] in _PRONOUNS


def _restated(sentence: str, claims: list[DraftClaim]) -> bool:
    text = restated_text(sentence)
    have: set[str] = set()
    figures: set[str] = set()
    for c in claims:
        have.update(lex_tokens(c.claim_text))
        figures.update(numeric_values(c.claim_text))
    if not set(numeric_values(text)) <= figures:
        return False
    wanted = _content(lex_tokens(text))
    if not wanted:
        return True
    hit = sum(1 for t in wanted if t in have)
    return hit / len(wanted) >= COVERAGE_THRESHOLD
