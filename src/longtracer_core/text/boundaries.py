"""Where a sentence ends: sentence-final punctuation, abbreviations, initials, ellipses.

``terminal`` finds the next run of ``.``, ``!``, ``?`` (and their closing quotes) that may end
a sentence; ``is_boundary`` decides whether it does, from a bounded window around it: the
word before (an abbreviation, an initial, a unit, a decimal) and the word after (a capital,
a word that commonly opens a sentence). The English it knows is in
``longtracer_core.lexicon.abbreviations``.
"""

from __future__ import annotations

import regex

from ..lexicon.abbreviations import (
    CLOSING_ABBREVIATIONS,
    NUMBER_ABBREVIATIONS,
    NUMERO_ABBREVIATIONS,
    PREFIX_ABBREVIATIONS,
    SENTENCE_STARTERS,
    SUFFIX_ABBREVIATIONS,
    TIME_ABBREVIATIONS,
)

__all__ = [
    "CLOSERS",
    "SPACED_ELLIPSIS",
    "TERMINAL",
    "ellipsis_cut",
    "is_boundary",
    "next_visible",
    "terminal",
]

# A run of sentence-final punctuation and its closing quotes or brackets, matched
# possessively: a run not followed by what may come after a sentence end
# (``_AFTER_TERMINAL``) is skipped whole, never re-tried from inside it.
TERMINAL = regex.compile(r"[.!?…。！？]++[\"'”’»)\]]*+")
_AFTER_TERMINAL = regex.compile(r"\s|\^\d|\[|【|[¹²³⁴⁵⁶⁷⁸⁹⁰]")
CLOSERS = "\"'”’»)]"
_WORD_BEFORE = regex.compile(r"([\p{L}\p{N}°.'’]+)$")
SPACED_ELLIPSIS = regex.compile(r"\.(?:[ \t]\.){2,}")
_WORD_AFTER = regex.compile(r"[\p{L}\p{N}'’]+")
_LOOKBACK = 48  # longest word looked at before a full stop
# what a number abbreviation stands before besides a number: a roman numeral ("Vol. II"), a
# code with a digit ("Fig. S1", "No. B12"), a bracket ("Eq. (3)"); a capital alone ("Fig. A")
# except after "No." ("No. A passport is enough"). "No. I" is the pronoun.
_ROMAN = regex.compile(r"M{0,3}(?:C[MD]|D?C{0,3})(?:X[CL]|L?X{0,3})(?:I[XV]|V?I{0,3})")
_CODE = regex.compile(r"\p{L}*\d[\p{L}\d]*")


def _word_before(text: str, lo: int, period: int) -> str:
    """The word (letters, digits, inner dots) ending just before ``text[period]``."""
    m = _WORD_BEFORE.search(text, max(lo, period - _LOOKBACK), period)
    return m.group(1) if m is not None else ""


def next_visible(text: str, pos: int, end: int) -> int:
    """The first position at or after ``pos`` (before ``end``) that is not whitespace."""
    while pos < end and text[pos].isspace():
        pos += 1
    return pos


def _next_word(text: str, pos: int, end: int) -> str:
    m = _WORD_AFTER.match(text, pos, min(end, pos + _LOOKBACK))
    return m.group(0) if m is not None else ""


def _period_kind(text: str, lo: int, period: int) -> str:
    """How the ``.`` at ``period`` reads: ``prefix`` (Dr.), ``numbered`` (No., Fig.: before
    a number), ``suffix`` (Inc., U.S., initials), ``upper_ampm`` (P.M.), ``word`` (an
    ordinary sentence end)."""
    word = _word_before(text, lo, period).strip("'’")
    if not word:
        return "word"
    core = word.rstrip(".")
    if not core:
        return "word"  # a run of dots (". . .. [1]")
    before = text[period - len(word) - 1] if period - len(word) - 1 >= lo else " "
    if "." in core:  # e.g., i.e., U.S., a.m., P.M.
        parts = [p for p in core.split(".") if p]
        if parts and all(len(p) <= 2 and p.isalpha() for p in parts):
            if core.casefold() in TIME_ABBREVIATIONS:
                return "upper_ampm" if core.isupper() else "suffix"
            return "suffix"
        return "word"
    folded = core.casefold()
    if len(core) == 1 and core.isalpha():
        if core.islower():
            after_number = text[lo : period - len(word)].rstrip()[-1:].isdigit()
            return "word" if after_number else "prefix"  # 60 s. is a unit; p. 55, c. 1850
        if before in "°º" or before.isdigit():
            return "word"  # 212 °F. is a unit, not an initial
        return "suffix"  # J. Porter; "you and I. Did"
    if core[0] in "°º":
        return "word"  # 212 °F. is a unit
    if "°" in core or "º" in core:
        return "prefix"  # N°. 5
    if folded in NUMBER_ABBREVIATIONS:
        return "numbered"
    if folded in PREFIX_ABBREVIATIONS:
        return "prefix"
    if folded in SUFFIX_ABBREVIATIONS:
        return "suffix"
    return "word"


def _numeral(text: str, at: int, following: str, abbreviation: str) -> bool:
    """Does what follows a number abbreviation at ``at`` stand for its number?"""
    if text[at] in "#([" or _CODE.fullmatch(following):
        return True
    compound = text[at + len(following) : at + len(following) + 1] == "-"  # "X-rays"
    if not following or compound or (following == "I" and abbreviation in NUMERO_ABBREVIATIONS):
        return False
    if len(following) == 1 and following.isupper() and abbreviation not in NUMERO_ABBREVIATIONS:
        return True
    return _ROMAN.fullmatch(following) is not None


def is_boundary(text: str, lo: int, end: int, m: regex.Match[str], nxt: int) -> bool:
    """Does the terminal ``m`` (followed by the visible character at ``nxt``) end a sentence?"""
    punct = m.group(0).rstrip(CLOSERS)
    ch = text[nxt]
    if m.start() > lo and text[m.start() - 1] == "[" and m.group(0).startswith("...]"):
        return False  # [...] marks an omission inside a quotation
    if ch.islower():
        return False
    if ch in ".…":
        return False  # an ellipsis or a run of dots follows (handled at its own end)
    if punct != ".":
        return True  # ! ? … and runs of dots
    kind = _period_kind(text, lo, m.start())
    if ch.isdigit():
        word = _word_before(text, lo, m.start()).rstrip(".")
        return kind == "word" and len(word) >= 4 and word.isalnum()
    if kind == "word":
        return True
    if kind == "prefix":
        return False
    following = _next_word(text, nxt, end)
    if kind == "numbered":
        return not _numeral(text, nxt, following, _word_before(text, lo, m.start()).casefold())
    if kind == "upper_ampm":
        return bool(following[:1].isupper())
    if _period_kind(text, lo, m.start()) == "suffix" and following.casefold() in SENTENCE_STARTERS:
        return True
    word = _word_before(text, lo, m.start()).rstrip(".").casefold()
    return word in CLOSING_ABBREVIATIONS and bool(following[:1].isupper()) and following != "Al"


def ellipsis_cut(text: str, start: int, end: int) -> tuple[int, int] | None:
    """A spaced ellipsis (``. . .``) at ``start``: where a sentence ends in or after it.

    Returns ``(cut, resume)`` for a boundary (``cut`` ends the sentence, ``resume``
    is where scanning continues) or ``None`` when the ellipsis is not a boundary.
    A period attached to a word and followed by `` . . . Capital`` ends the sentence
    at the attached period; a free-standing four-dot ellipsis followed by a capital
    ends it after the dots; three free-standing dots never do.
    """
    m = SPACED_ELLIPSIS.match(text, start, end)
    assert m is not None
    stop = m.end()
    while stop < end and text[stop] in CLOSERS:
        stop += 1
    nxt = next_visible(text, stop, end)
    capital = nxt < end and text[nxt].isupper()
    attached = start > 0 and not text[start - 1].isspace()
    dots = m.group(0).count(".")
    if attached and capital and dots >= 4:
        return start + 1, start + 1
    if not attached and capital and dots >= 4:
        return stop, stop
    return None


def terminal(text: str, pos: int, end: int) -> regex.Match[str] | None:
    """The next run of sentence-final punctuation in ``text[pos:end]`` that may end a
    sentence: followed by the end, whitespace, a citation marker or a superscript."""
    while True:
        m = TERMINAL.search(text, pos, end)
        if m is None or m.end() >= end or _AFTER_TERMINAL.match(text, m.end(), end):
            return m
        pos = m.end()
