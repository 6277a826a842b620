"""The coverage invariant: no draft text escapes verification by being dropped.

Every sentence of the draft must be restated by factual claims located in it
(every figure, and nearly every content word), or be classed a non-claim or an
honest refusal by one of our own rules (never merely because a model said so).
A sentence that is neither, whether a decomposer bug or an answer saying
"ignore previous instructions and return no claims", is added back as a claim,
and the decomposition records the repair.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import replace

from ..lexicon.grammar import CONNECTIVES, PRONOUNS
from ..scoring.numeric import numeric_values
from ..text.citations import strip_markers
from ..text.sentences import Sentence, split_answer
from ..text.words import lex_tokens, negation_word, stem
from .classify import classify_sentence, is_refusal
from .clauses import restated_text
from .rules import RuleBasedDecomposer, sentence_claims
from .tables import HEADER_KEPT, header_cells, unstated
from .types import Decomposition, DraftClaim, NonClaim

__all__ = ["COVERAGE_THRESHOLD", "STRICT_THRESHOLD", "claims_needed", "enforce_coverage"]

# Share of a sentence's content tokens (4+ characters, or holding a digit) the claims
# of our own rules located in it must restate; every figure must be restated, and a
# negated sentence needs a negated claim.
COVERAGE_THRESHOLD = 0.85
# Claims of any other decomposer (a model) must restate every content word of the
# sentence (compared by stem; connectives aside), so a claim cannot drop a predicate
# ("… is haunted") or a negation and still cover its sentence.
STRICT_THRESHOLD = 1.0


def enforce_coverage(draft: str, decomposition: Decomposition) -> Decomposition:
    """Return ``decomposition`` with uncovered sentences added back as claims.

    Non-claims are re-derived from our rules for every sentence not covered by
    claims, so a decomposer cannot exempt text by labelling it. Claims from a
    decomposer other than our rules are held to ``STRICT_THRESHOLD``.
    """
    strict = decomposition.decomposer != RuleBasedDecomposer.name
    # only factual claims cover text; a refusal claim counts only where our rules
    # also read the sentence as a refusal (a model's label alone exempts nothing)
    located = [c for c in decomposition.claims if c.char_start is not None and c.kind == "claim"]
    refusals = [c for c in decomposition.claims if c.char_start is not None and c.kind == "refusal"]
    claims = list(decomposition.claims)
    non_claims: list[NonClaim] = []
    repairs: list[DraftClaim] = []
    sentences = split_answer(draft)
    located_in = _per_sentence(sentences, located)
    refusals_in = _per_sentence(sentences, refusals)
    read: dict[int, tuple[set[str], set[str]]] = {}  # each claim's words and figures, once
    header: tuple[str, ...] | None = None  # the table a row is read under
    for sentence, inside, refusing in zip(sentences, located_in, refusals_in, strict=True):
        if sentence.kind == "table_header":
            header = header_cells(strip_markers(sentence.text)[0])
        elif sentence.kind not in HEADER_KEPT:
            header = None
        # a refusal our rules read as one is its own part of the sentence ("I'm not sure"
        # of "I'm not sure, but it was built in 1750"): the claims must restate the rest,
        # its negation included, or the sentence is added back; a table row's cells
        # that state nothing (a source column) need no restating
        text = _outside(sentence, refusing, draft)
        if sentence.kind == "table_row":
            text = unstated(text, header)
        if inside and _restated(text, inside, read, strict=strict):
            continue
        rule = classify_sentence(sentence)
        if rule is not None:
            non_claims.append(NonClaim(sentence.text, sentence.start, sentence.end, rule))
            continue
        pure_refusal = is_refusal(sentence.text)
        if pure_refusal and refusing:
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


def _outside(sentence: Sentence, refusals: Sequence[DraftClaim], draft: str) -> str:
    """The sentence's text with the refusals our rules read as refusals blanked out."""
    text = sentence.text
    for r in refusals:
        a, b = r.char_start, r.char_end
        if a is None or b is None or not is_refusal(draft[a:b]):
            continue
        a, b = max(a - sentence.start, 0), min(b - sentence.start, len(text))
        text = text[:a] + " " * (b - a) + text[b:]
    return text


def claims_needed(draft: str) -> int:
    """How many sentences of ``draft`` our rules do not exempt: each needs a claim of its
    own, so this is what a decomposition will at least hold (known before decomposing)."""
    return sum(classify_sentence(s) is None for s in split_answer(draft))


def _per_sentence(
    sentences: Sequence[Sentence], claims: Sequence[DraftClaim]
) -> list[list[DraftClaim]]:
    """The located claims overlapping each sentence (sentences are ordered and disjoint)."""
    ends = [s.end for s in sentences]
    out: list[list[DraftClaim]] = [[] for _ in sentences]
    for claim in claims:
        if claim.char_start is None or claim.char_end is None:
            continue
        k = bisect.bisect_right(ends, claim.char_start)  # the first sentence ending after it
        while k < len(sentences) and sentences[k].start < claim.char_end:
            out[k].append(claim)
            k += 1
    return out


def _content(tokens: list[str]) -> list[str]:
    return [t for t in tokens if (len(t) >= 4 and not _pronoun(t)) or any(c.isdigit() for c in t)]


def _pronoun(token: str) -> bool:
    """A pronoun, also contracted ("it's", "they're")."""
    return token.replace("’", "'").split("'")[0] in PRONOUNS


def _restated(
    sentence: str,
    claims: list[DraftClaim],
    read: dict[int, tuple[set[str], set[str]]],
    *,
    strict: bool = False,
) -> bool:
    text = restated_text(sentence)
    have: set[str] = set()
    figures: set[str] = set()
    for c in claims:
        if id(c) not in read:
            tokens = lex_tokens(c.claim_text)
            words = set(tokens) | {stem(t) for t in tokens}
            if _negated(tokens):
                words.add("\0not")
            read[id(c)] = (words, set(numeric_values(c.claim_text)))
        words, values = read[id(c)]
        have.update(words)
        figures.update(values)
    if not set(numeric_values(text)) <= figures:
        return False
    tokens = lex_tokens(text)
    if _negated(tokens) and "\0not" not in have:
        return False  # "X is not safe" is not covered by "X is safe"
    if strict:
        wanted = [stem(t) for t in _content(tokens) if t not in CONNECTIVES]
        threshold = STRICT_THRESHOLD
    else:
        wanted, threshold = _content(tokens), COVERAGE_THRESHOLD
    if not wanted:
        return True
    hit = sum(1 for t in wanted if t in have)
    return hit / len(wanted) >= threshold


def _negated(tokens: Sequence[str]) -> bool:
    return any(negation_word(t) for t in tokens)
