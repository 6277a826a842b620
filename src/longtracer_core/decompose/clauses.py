"""Where a sentence holds several claims, and what text each claim keeps.

``split_parts`` cuts a refusal from a statement joined to it ("I'm not sure, but it was
built in 1750") and a compound sentence into its standalone clauses (``;`` parts, clauses
joined by ", and", ", but", "whereas" …); ``claim_text`` strips what a claim does not assert
(markers, markup, labels, lead-ins, openers); ``embedded_statements`` finds the statements
in a code block's prose lines and a table header's cells.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable

import regex

from ..lexicon import phrases
from ..text.citations import strip_markers
from ..text.sentences import Sentence
from ..text.words import lex_tokens, word_segments
from .classify import (
    MAX_CHAIN,
    has_content,
    independent_rest,
    normalise,
    prose_lines,
    refusal_split,
    tail_start,
    titled_statement,
)
from .context import VerbIndex, clean_claim_text
from .types import DraftClaim

__all__ = ["claim_text", "embedded_statements", "restated_text", "split_parts"]

_HAS_ALNUM = regex.compile(r"[\p{L}\p{N}]")
_SEMICOLON = regex.compile(r";\s+")
MIN_PART_TOKENS = 3


def claim_text(raw: str) -> tuple[str, tuple[str, ...]]:
    """A claim's text (markers, markup, labels, lead-ins, frames and openers stripped) and
    the citation markers it carried."""
    clean, markers = strip_markers(raw)
    clean = phrases.LABEL.sub("", clean_claim_text(clean))
    for pattern in (phrases.META, phrases.HEDGE, phrases.PLEASANTRY):  # "Great question, X" → X
        after = tail_start(clean, pattern)
        if after is not None:
            rest = independent_rest(clean, after)
            if rest is not None:
                clean = clean[rest:]
    # "Of course X", "Did you know X?" → X
    for pattern in (phrases.INTERJECTION, phrases.ASSERTING_FRAME):
        after = tail_start(clean, pattern)
        if after is not None and has_content(clean[after:]):
            clean = clean[after:].lstrip(" ,;:!—–-")
    tag = phrases.TAG_QUESTION.search(clean)
    if tag is not None and has_content(clean[: tag.start()]):
        clean = clean[: tag.start()]
    clean = phrases.JOINER.sub("", phrases.OPENER.sub("", clean.strip()))
    if clean[:1].islower():
        clean = clean[:1].upper() + clean[1:]
    return clean, markers


def restated_text(sentence: str) -> str:
    """What a claim must restate of a draft sentence: its text without the citation
    markers, markup, labels, lead-ins and openers our own rules strip."""
    return claim_text(sentence)[0]


def _clause_pieces(text: str) -> list[tuple[int, int]]:
    """Where a sentence holds several statements: its ';' parts when each stands alone,
    then each part split again where a coordinator (", and", ", but", ", while",
    "whereas" …) joins two clauses, each of three words or more, the second with a
    verb of its own ("X rose 5%, and Y fell 2%"; not "apples, pears, and plums"), and
    not one that speaks of what the clause before it named (", and Y got the rest")."""
    pieces: list[tuple[int, int]] = []
    cursor = 0
    for m in _SEMICOLON.finditer(text):
        pieces.append((cursor, m.start()))
        cursor = m.end()
    pieces.append((cursor, len(text)))
    if len(pieces) > 1 and not all(
        len(lex_tokens(strip_markers(text[a:b])[0])) >= MIN_PART_TOKENS for a, b in pieces
    ):
        pieces = [(0, len(text))]
    out: list[tuple[int, int]] = []
    for a, b in pieces:
        # token and verb positions of the part, found once: each coordinator is then
        # checked without re-reading the text on either side of it
        part = text[a:b]
        tokens = _token_starts(part)
        verbs = VerbIndex(part)
        cut = a
        for m in phrases.COORDINATOR.finditer(text, a, b):
            if (
                _count_in(tokens, cut - a, m.start() - a) >= MIN_PART_TOKENS
                and _count_in(tokens, m.end() - a, b - a) >= MIN_PART_TOKENS
                and verbs.has_verb_from(m.end() - a)
                and not phrases.REFERS_BACK.search(strip_markers(text[m.end() : b])[0])
                and not text[cut : m.start()].rstrip().endswith(":")  # "One trade-off: while …"
            ):
                out.append((cut, m.start()))
                cut = m.end()
        out.append((cut, b))
    return out


def _token_starts(text: str) -> list[int]:
    """Where each ``lex_tokens`` token of ``text`` starts."""
    starts: list[int] = []
    pos = 0
    for segment in word_segments(text):
        if _HAS_ALNUM.search(segment):
            starts.append(pos)
        pos += len(segment)
    return starts


def _count_in(starts: list[int], lo: int, hi: int) -> int:
    """Tokens starting in ``[lo, hi)`` (both at word boundaries)."""
    return bisect.bisect_left(starts, hi) - bisect.bisect_left(starts, lo)


def embedded_statements(sentence: Sentence) -> Iterable[DraftClaim]:
    """The statements inside a code block (its prose lines) or a table header (its cells
    that state something): each is verified like any sentence, the rest stays exempt."""
    if sentence.kind == "code":
        spans = prose_lines(sentence.text)
    else:
        spans = []
        pos = 0
        for cell in sentence.text.split("|"):
            body = cell.strip()
            if body and titled_statement(normalise(body)) and has_content(body):
                lead = len(cell) - len(cell.lstrip())
                spans.append((pos + lead, pos + lead + len(body)))
            pos += len(cell) + 1
    for a, b in spans:
        text, markers = claim_text(sentence.text[a:b])
        if text:
            yield DraftClaim(text, sentence.start + a, sentence.start + b, markers)


def split_parts(draft: str, start: int, end: int) -> Iterable[tuple[int, int]]:
    """Split a refusal from a statement joined to it, and ';' compounds of standalone parts."""
    for _ in range(MAX_CHAIN):
        text = draft[start:end]
        found, rest = refusal_split(text)
        if not found:
            break
        if rest is None:
            yield start, end
            return
        cut = len(text[:rest].rstrip(" ,;:—–-"))
        yield start, start + cut
        start += rest
    pieces = _clause_pieces(draft[start:end])
    if len(pieces) > 1:
        for a, b in pieces:
            yield start + a, start + b
        return
    yield start, end
