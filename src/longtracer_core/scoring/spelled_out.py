"""An acronym spelled out by a run of words, read the way people coin acronyms: its letters,
in order, are the initials of the run's words, with a function word skipped or taken
("Royal Society for the Prevention of Cruelty to Animals" / "RSPCA", "in vitro
fertilisation" / "IVF"), a lowercase word skipped inside a run of capitalised ones
("Medicines and Healthcare products Regulatory Agency" / "MHRA"), or, among capitalised
words, a later letter of a word whose initial it took ("Government Communications
Headquarters" / "GCHQ"); a capitalised run is spelled to its end ("National Health
Service" spells no "NIH", "Food Standards Agency" no "FDA").

Two readings, kept apart: a run of *capitalised* words that spells the acronym names the
same body (the name is held); a run of *lowercase* words that spells it is a likely
expansion that capitals do not confirm ("return on investment" / "ROI"; three letters
or more, initials only: "rapid chargers" is no "RAC"), so the name is only marked.
Pure functions of strings; read by ``names.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

import regex

from ..lexicon.grammar import NAME_LINKS
from ..text.words import fold, function_words
from .numeric import _ORD

__all__ = [
    "Token",
    "phrase_tokens",
    "pieces",
    "spelled_by",
    "spelled_windows",
    "spells_written",
]

Token = tuple[str, bool]  # (folded word, written capitalised)

# a run of words a spelled-out acronym may not cross: a sentence's end, a bracket, a line
_BREAK = regex.compile(r"[.!?;:)\]]\s+|\s+[(\[]|\n")
_TOKEN = regex.compile(r"[\p{L}\p{N}][\p{L}\p{M}\p{N}'’]*")
_ORDINAL = regex.compile(rf"(?<=\d){_ORD}$")  # "24th" is read as 24
_MAX_SKIPPED = 3  # function words in a row a spelled-out acronym passes over


def pieces(text: str) -> Iterator[tuple[tuple[Token, ...], tuple[int, ...]]]:
    """Each piece of ``text`` between sentence breaks as its words and numbers (hyphenated
    words split: "non-steroidal" is two; "24th" read as 24), each with whether it is
    written capitalised, and where each word starts in ``text``."""
    at = 0
    for piece in _BREAK.split(text):
        at = text.find(piece, at)
        found = list(_TOKEN.finditer(piece))
        if len(found) > 1:
            yield (
                tuple((_ORDINAL.sub("", fold(m[0])), m[0][0].isupper()) for m in found),
                tuple(at + m.start() for m in found),
            )
        at += len(piece)


def phrase_tokens(text: str) -> Iterator[tuple[Token, ...]]:
    """Each piece of ``text`` between sentence breaks as its words (see ``pieces``)."""
    for tokens, _ in pieces(text):
        yield tokens


def spells_written(text: str, start: int, written: Iterable[str]) -> bool:
    """Is the name at ``text[start]`` inside a run of capitalised words that spells an
    acronym the evidence writes ("United Nations Educational, Scientific and Cultural
    Organization" / "UNESCO")? Acronyms of three letters or more."""
    acronyms = [a for a in written if len(a) > 2 and a.isalpha()]
    for tokens, starts in pieces(text):
        if not acronyms or not starts[0] <= start < starts[-1] + len(tokens[-1][0]) + 1:
            continue
        at = max(k for k, s in enumerate(starts) if s <= start)
        return any(i <= at <= end for a in acronyms for i, end in spelled_windows(a, tokens, True))
    return False


def _skippable(tokens: Sequence[Token], n: int, capitals: bool) -> bool:
    """May a window pass over word ``n``? In a capitalised window a function word, or a
    lowercase word between two capitalised ones ("Healthcare products Regulatory"; not
    "Royal Mail delivers all Christmas"); in lowercase words only a word that links names
    ("return on investment"; not "industry around million")."""
    if not capitals:
        return tokens[n][0] in NAME_LINKS
    if tokens[n][0] in function_words():
        return True
    inside = 0 < n < len(tokens) - 1 and tokens[n - 1][1] and tokens[n + 1][1]
    return not tokens[n][1] and inside


def _anchors(token: Token, c: str, capitals: bool) -> bool:
    """May this word give ``c`` by its initial? In a capitalised window only a capitalised
    word that is no function word ("National Snow and Ice" is no "NASA"); else a function
    word only if it links names ("in vitro", "return on investment"; not "are")."""
    word, cap = token
    if word[:1] != c:
        return False
    if capitals:
        return cap and word not in function_words()
    return word not in function_words() or word in NAME_LINKS


_Memo = dict[tuple[int, int, int], frozenset[tuple[int, int]]]


def _extend(
    letters: str, tokens: Sequence[Token], at: tuple[int, int, int], capitals: bool, memo: _Memo
) -> frozenset[tuple[int, int]]:
    """(last word, anchored content words) of each way ``letters[k:]`` are matched on from
    word ``j``, letter ``i`` (``at`` = (k, j, i)): by a later letter of word ``j`` (in a
    capitalised window: "Headquarters" gives "HQ"), or by the next words' initials
    (function words passed over or taken)."""
    if at in memo:
        return memo[at]
    k, j, i = at
    out: set[tuple[int, int]] = set()
    if k == len(letters):
        out.add((j, 0))
    else:
        c = letters[k]
        inner = tokens[j][0].find(c, i) if capitals and len(letters) > 2 else -1
        if inner > 0:
            out |= _extend(letters, tokens, (k + 1, j, inner + 1), capitals, memo)
        for skipped, n in enumerate(range(j + 1, min(len(tokens), j + 2 + _MAX_SKIPPED))):
            if _anchors(tokens[n], c, capitals):
                content = 0 if tokens[n][0] in function_words() else 1
                ends = _extend(letters, tokens, (k + 1, n, 1), capitals, memo)
                out |= {(end, anchors + content) for end, anchors in ends}
            if not _skippable(tokens, n, capitals) or skipped == _MAX_SKIPPED:
                break
    memo[at] = frozenset(out)
    return memo[at]


def _closes(tokens: Sequence[Token], end: int, capitals: bool) -> bool:
    """Does a window ending at word ``end`` close where it should: a capitalised one at the
    end of its run of capitalised words, function words inside it read past ("National
    Health" of "National Health Service" is no "NIH", "International Court" of
    "International Court of Justice" no "IOC"), one of lowercase words on a word that is
    no function word?"""
    if not capitals:
        return tokens[end][0] not in function_words()
    after = next((t for t in tokens[end + 1 :] if t[0] not in function_words()), None)
    return after is None or not after[1]


def spelled_windows(
    letters: str, tokens: Sequence[Token], capitals: bool
) -> Iterator[tuple[int, int]]:
    """(first word, last word) of each window of ``tokens`` that spells ``letters``: it
    opens on a word of the acronym's first letter, anchors at least two words that are no
    function words and closes as ``_closes`` says. ``capitals``: a window of capitalised
    words, where every one gives its initial (and perhaps later letters of its own) and
    lowercase words between them are passed over; else words of any case by their
    initials, consecutive but for words that link names. A two-letter acronym takes
    initials only."""
    memo: _Memo = {}
    for i, token in enumerate(tokens):
        if not _anchors(token, letters[0], capitals) or (capitals and not token[1]):
            continue
        first = 0 if token[0] in function_words() else 1
        for end, anchors in _extend(letters, tokens, (1, i, 1), capitals, memo):
            if anchors + first >= 2 and end > i and _closes(tokens, end, capitals):
                yield i, end


def spelled_by(acronym: str, phrases: Iterable[Sequence[Token]]) -> str | None:
    """How the evidence's ``phrases`` spell ``acronym`` out: "capitals" (a run of
    capitalised words), "lowercase" (only words in lowercase), or None."""
    letters = "".join(ch for ch in fold(acronym) if ch.isalpha())
    if len(letters) < 2:
        return None
    phrases = list(phrases)
    readings = (
        ((True, "capitals"), (False, "lowercase")) if len(letters) > 2 else ((True, "capitals"),)
    )
    for capitals, reading in readings:
        if any(next(spelled_windows(letters, t, capitals), None) for t in phrases):
            return reading
    return None
