"""A name the evidence holds, put where the evidence sentence puts another name.

"Lionel Messi scored twice and Ángel Di María once": a claim that "Ángel Di María
scored twice" names only what the sentence names and states only what it states, and
every evidence-wide check passes it. This check reads which part of the sentence each
name belongs to, the way ``binding.py`` reads figures.

The sentence is split into parts at the words that set two statements side by side (a
semicolon, "while", "whereas", "but", "and" between two clauses; a lead-in before a
colon is every part's). A part's *own* words are the content words no other part holds.
A name of the claim *crosses* when it belongs to one part of the sentence and the
claim's part that holds it holds none of that part's own words but some of another
part's. Two names that cross from two parts of the claim to two parts of the sentence
have had their roles swapped: the claim gives each what the sentence gives the other.
One crossing alone is not read (a verb the sentence writes once for two names, "Messi
scored twice and Di María once", is the first part's own word). A part that holds no
own word but names (a bare list) says nothing. A finding here marks the claim uncertain; it never
deletes it. Pure functions over text.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import regex

from ..contracts import ReasonCode
from ..text.memo import short_text_cache
from ..text.words import function_words
from .binding import Bound
from .clause_checks import content_words
from .findings import Finding, quote
from .name_spotting import Name, claim_names
from .name_words import opener_words

__all__ = [
    "bound_name_finding",
    "name_binding_finding",
    "name_bound_elsewhere",
    "sentence_pieces",
]

# what sets two statements side by side; a bare comma joins a list or an apposition
_JOIN = regex.compile(
    r";|,?\s+(?:while|whereas)\s|,\s*(?:and|but)\s|\s(?:but|and)\s",
    regex.I,
)
# a piece with a lower-case word says something; one without is a name of a list
_WORDS = regex.compile(r"(?<![\p{L}\p{N}])\p{Ll}")
_FIRST = regex.compile(r"[^\p{L}]*(\p{Lu}\p{Ll}+)\b")


@dataclass(frozen=True)
class _Part:
    names: frozenset[str]  # content stems of the part's names
    runs: tuple[tuple[str, frozenset[str]], ...]  # each run of names as written, its stems
    words: frozenset[str]  # content stems that are not names


def sentence_pieces(text: str) -> list[str]:
    """``text`` (after a short lead-in before a colon) cut at its joins; a piece that is
    only names ("Messi" of "Messi and Di María scored") stays with the next."""
    head = text.find(":")
    body = text[head + 1 :] if 0 <= head < 60 else text
    out, start = [], 0
    for m in _JOIN.finditer(body):
        out.append(body[start : m.start()])
        start = m.end()
    out.append(body[start:])
    merged: list[str] = []
    carry = ""
    for piece in out:
        if not _WORDS.search(piece):
            carry += piece + " and "
            continue
        merged.append(carry + piece)
        carry = ""
    return [p for p in merged if p.strip()]


def _runs(piece: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """The names of ``piece`` joined into runs ("Ángel Di María"), with their stems; the
    piece's first word too when no opener list holds it ("Smith finished second")."""
    names = list(claim_names(piece))
    first = _FIRST.match(piece)
    if (first and not names) or (first and names[0].start > first.start(1)):
        word = first.group(1)
        if word.casefold() not in opener_words() and word.casefold() not in function_words():
            names.insert(0, Name(word, first.start(1), first.end(1), True))
    runs: list[tuple[str, frozenset[str]]] = []
    end = -2
    for n in names:
        stems = frozenset(content_words(n.text))
        if runs and not piece[end : n.start].strip():
            text, held = runs[-1]
            runs[-1] = (f"{text} {n.text}", held | stems)
        else:
            runs.append((n.text, stems))
        end = n.end
    return tuple(r for r in runs if r[1])


@short_text_cache(maxsize=4096)
def _parts(text: str) -> tuple[_Part, ...]:
    out = []
    for piece in sentence_pieces(text):
        runs = _runs(piece)
        names = frozenset().union(*(stems for _, stems in runs))
        out.append(_Part(names, runs, frozenset(content_words(piece)) - names))
    return tuple(out)


def _own(parts: Sequence[_Part]) -> list[frozenset[str]]:
    return [
        p.words - frozenset().union(*(q.words for j, q in enumerate(parts) if j != i))
        for i, p in enumerate(parts)
    ]


def _owner(stems: frozenset[str], parts: Sequence[_Part]) -> int | None:
    holders = [i for i, p in enumerate(parts) if stems & p.names]
    return holders[0] if len(holders) == 1 else None


def _crossings(claim: str, parts: Sequence[_Part]) -> list[tuple[int, str, int]]:
    """(claim piece, name as written, the sentence part it belongs to) for each name of the
    claim that the claim states with another part's words and none of its own part's."""
    own = _own(parts)
    out = []
    for i, piece in enumerate(_parts(claim)):
        for written, stems in piece.runs:
            k = _owner(stems, parts)
            if k is None or not own[k] or piece.words & own[k]:
                continue
            if any(j != k and piece.words & own[j] for j in range(len(parts))):
                out.append((i, written, k))
    return out


def name_bound_elsewhere(claim: str, sentence: str) -> Bound | None:
    """Two names of ``claim`` that ``sentence`` holds, each stated with what the sentence
    says of the other ("Di María twice and Messi once" against "Messi scored twice and
    Di María once"): the roles the sentence gives them, swapped."""
    parts = _parts(sentence)
    if len(parts) < 2:
        return None
    crossed = _crossings(claim, parts)
    for (i, name, k), (i2, other, k2) in itertools.combinations(crossed, 2):
        if i != i2 and k != k2:
            return Bound(name, other)
    return None


def name_binding_finding(claim: str, sentence: str, source_id: str) -> Finding | None:
    """The finding for a name of ``claim`` that ``sentence`` (the evidence sentence that
    says what the claim says) gives another part of itself."""
    bound = name_bound_elsewhere(claim, sentence)
    return None if bound is None else bound_name_finding(bound, sentence, source_id)


def bound_name_finding(bound: Bound, sentence: str, source_id: str) -> Finding:
    """``name_binding``: ``sentence`` says this of ``bound.stated``, not of the claim's
    ``bound.claimed`` (marked, never deleted)."""
    return Finding(
        "name_binding",
        ReasonCode.ENTITY_MISMATCH,
        f"source {source_id} says this of {bound.stated}, not of {bound.claimed} "
        f'("{quote(sentence)}")',
        bound.proof(source_id),
    )
