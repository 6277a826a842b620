"""Sentence segmentation with exact character offsets, in linear time.

Built for LLM answers and retrieved passages: it survives abbreviations
(``Dr.``, ``e.g.``, ``U.S.``, ``Art. 33``), initials (``J. Porter``), units
(``212 °F.``), decimals (``6.5``), URLs and e-mail addresses, spaced ellipses,
and it treats markdown structure (headings, bullet and numbered list items —
also inline ones such as ``1) … 2) …`` — block quotes, table rows, fenced code)
as unit boundaries. A citation marker written after the full stop (``… rocket.
[2] It …``, ``… rocket. (Source 2) It …``) stays with the sentence it cites.

Every decision looks at a bounded window around a candidate boundary, so the
whole text is split in one pass (docs/design/decisions.md has the measurement against
pySBD on the English Golden Rules).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import regex

from ..deadline import checkpoint
from ..lexicon.abbreviations import (
    CLOSING_ABBREVIATIONS,
    PREFIX_ABBREVIATIONS,
    SENTENCE_STARTERS,
    SUFFIX_ABBREVIATIONS,
    TIME_ABBREVIATIONS,
)
from .citations import CITATION_MARKER, citation_keys

__all__ = ["CITATION_MARKER", "Sentence", "citation_keys", "split_sentences"]

SentenceKind = Literal[
    "sentence", "heading", "list_item", "code", "quote", "table_row", "table_header"
]


@dataclass(frozen=True)
class Sentence:
    """One unit: ``text == source[start:end]``, surrounding whitespace excluded.

    ``marker_start`` is where the unit's list marker or table pipe begins
    (``"1. "``, ``"- "``, ``"|"``); it equals ``start`` for units without one.
    """

    start: int
    end: int
    text: str
    kind: SentenceKind = "sentence"
    marker_start: int | None = None

    @property
    def unit_start(self) -> int:
        """Start of the unit including its list marker."""
        return self.start if self.marker_start is None else self.marker_start


_BLOCK_LINE = regex.compile(
    r"""^(?P<indent>[ \t]*)(?:
        (?P<fence>```|~~~)
      | (?P<heading>\#{1,6})[ \t]+
      | (?P<quote>>)[ \t]?
      | (?P<bullet>[-*+•⁃◦▪‣])(?:[ \t]+|(?=\d{1,3}(?:\.\)|[.)])[ \t]))
        (?:(?P<bnumber>\d{1,3})(?:\.\)|[.)])[ \t]+)?
      | (?P<number>\d{1,3})(?:\.\)|[.)])[ \t]+
      | (?P<letter>[a-z])[.)][ \t]+(?=\S)
    )""",
    flags=regex.VERBOSE,
)
# loop steps between two deadline checks (src/longtracer_core/deadline.py)
_CHECK_EVERY = 256
_FENCE = regex.compile(r"[ \t]*(?:```|~~~)")
_TABLE_ROW = regex.compile(r"^[ \t]*\|(?P<body>.*)\|[ \t]*$")
_TABLE_SEPARATOR = regex.compile(r"^[ \t]*\|[ \t:|-]*-{2,}[ \t:|-]*$")

# A run of sentence-final punctuation and its closing quotes or brackets, matched
# possessively: a run not followed by what may come after a sentence end
# (``_AFTER_TERMINAL``) is skipped whole, never re-tried from inside it.
_TERMINAL = regex.compile(r"[.!?…。！？]++[\"'”’»)\]]*+")
_AFTER_TERMINAL = regex.compile(r"\s|\^\d|\[|【|[¹²³⁴⁵⁶⁷⁸⁹⁰]")
_BOLD_LINE = regex.compile(r"^[ \t]*(\*\*|__)(?P<body>[^*_\n]+?)\1[ \t]*:?[ \t]*$")
_CLOSERS = "\"'”’»)]"
_WORD_BEFORE = regex.compile(r"([\p{L}\p{N}°.'’]+)$")
_SPACED_ELLIPSIS = regex.compile(r"\.(?:[ \t]\.){2,}")
_WORD_AFTER = regex.compile(r"[\p{L}\p{N}'’]+")
_LOOKBACK = 48  # longest word looked at before a full stop


def _word_before(text: str, lo: int, period: int) -> str:
    """The word (letters, digits, inner dots) ending just before ``text[period]``."""
    m = _WORD_BEFORE.search(text, max(lo, period - _LOOKBACK), period)
    return m.group(1) if m is not None else ""


def _next_visible(text: str, pos: int, end: int) -> int:
    while pos < end and text[pos].isspace():
        pos += 1
    return pos


def _next_word(text: str, pos: int, end: int) -> str:
    m = _WORD_AFTER.match(text, pos, min(end, pos + _LOOKBACK))
    return m.group(0) if m is not None else ""


def _period_kind(text: str, lo: int, period: int) -> str:
    """How the ``.`` at ``period`` reads: ``prefix`` (Dr.), ``suffix`` (Inc., U.S.,
    initials), ``upper_ampm`` (P.M.), ``word`` (an ordinary sentence end)."""
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
            return "prefix"  # p. 55, c. 1850
        if before in "°º" or before.isdigit():
            return "word"  # 212 °F. is a unit, not an initial
        return "suffix"  # J. Porter; "you and I. Did"
    if core[0] in "°º":
        return "word"  # 212 °F. is a unit
    if "°" in core or "º" in core:
        return "prefix"  # N°. 5
    if folded in PREFIX_ABBREVIATIONS:
        return "prefix"
    if folded in SUFFIX_ABBREVIATIONS:
        return "suffix"
    return "word"


def _is_boundary(text: str, lo: int, end: int, m: regex.Match[str], nxt: int) -> bool:
    """Does the terminal ``m`` (followed by the visible character at ``nxt``) end a sentence?"""
    punct = m.group(0).rstrip(_CLOSERS)
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
    if kind == "upper_ampm":
        return bool(following[:1].isupper())
    if _period_kind(text, lo, m.start()) == "suffix" and following.casefold() in SENTENCE_STARTERS:
        return True
    word = _word_before(text, lo, m.start()).rstrip(".").casefold()
    return word in CLOSING_ABBREVIATIONS and bool(following[:1].isupper()) and following != "Al"


def _ellipsis_cut(text: str, start: int, end: int) -> tuple[int, int] | None:
    """A spaced ellipsis (``. . .``) at ``start``: where a sentence ends in or after it.

    Returns ``(cut, resume)`` for a boundary (``cut`` ends the sentence, ``resume``
    is where scanning continues) or ``None`` when the ellipsis is not a boundary.
    A period attached to a word and followed by `` . . . Capital`` ends the sentence
    at the attached period; a free-standing four-dot ellipsis followed by a capital
    ends it after the dots; three free-standing dots never do.
    """
    m = _SPACED_ELLIPSIS.match(text, start, end)
    assert m is not None
    stop = m.end()
    while stop < end and text[stop] in _CLOSERS:
        stop += 1
    nxt = _next_visible(text, stop, end)
    capital = nxt < end and text[nxt].isupper()
    attached = start > 0 and not text[start - 1].isspace()
    dots = m.group(0).count(".")
    if attached and capital and dots >= 4:
        return start + 1, start + 1
    if not attached and capital and dots >= 4:
        return stop, stop
    return None


@dataclass
class _Run:
    """A paragraph or list item being split: ``text[start:end]``."""

    start: int
    end: int
    kind: SentenceKind
    marker_start: int | None = None
    list_number: int | None = None
    list_letter: str | None = None


# Any inline list marker; the caller keeps the one whose label comes next.
_INLINE_NUMBER = regex.compile(r"(?<=\s)(?:[-*+•⁃◦▪‣][ \t]*)?(\d+)(?:\.\)|[.)])[ \t]")
_INLINE_LETTER = regex.compile(r"(?<=\s)([a-z])[.)][ \t]")


def _terminal(text: str, pos: int, end: int) -> regex.Match[str] | None:
    """The next run of sentence-final punctuation in ``text[pos:end]`` that may end a
    sentence: followed by the end, whitespace, a citation marker or a superscript."""
    while True:
        m = _TERMINAL.search(text, pos, end)
        if m is None or m.end() >= end or _AFTER_TERMINAL.match(text, m.end(), end):
            return m
        pos = m.end()


def _inline_marker(
    text: str, label: str, numbered: bool, pos: int, end: int
) -> regex.Match[str] | None:
    """The next inline list marker labelled ``label`` in ``text[pos:end]``, in one pass."""
    pattern = _INLINE_NUMBER if numbered else _INLINE_LETTER
    while True:
        m = pattern.search(text, pos, end)
        if m is None or m.group(1) == label:
            return m
        pos = m.end()


def _inline_items(text: str, run: _Run) -> list[_Run]:
    """Split a list item that holds further items on the same line (``1) a 2) b``)."""
    if run.list_number is None and run.list_letter is None:
        return [run]
    items: list[_Run] = []
    current = run
    pos = run.start
    while True:
        if current.list_number is not None:
            nxt_label = str(current.list_number + 1)
        else:
            assert current.list_letter is not None
            if current.list_letter == "z":
                break
            nxt_label = chr(ord(current.list_letter) + 1)
        m = _inline_marker(text, nxt_label, current.list_number is not None, pos, run.end)
        if m is None:
            break
        items.append(_Run(current.start, m.start(), current.kind, current.marker_start))
        body = _next_visible(text, m.end(), run.end)
        current = _Run(
            body,
            run.end,
            "list_item",
            m.start(),
            int(nxt_label) if current.list_number is not None else None,
            nxt_label if current.list_letter is not None else None,
        )
        pos = body
    items.append(_Run(current.start, run.end, current.kind, current.marker_start))
    return items


def _split_run(text: str, run: _Run, out: list[Sentence]) -> None:
    """Split one paragraph or list item into sentences."""
    start, end = run.start, run.end
    pos = seg_start = start
    kind, marker = run.kind, run.marker_start
    steps = 0
    while True:
        m = _terminal(text, pos, end)
        if m is None:
            break
        steps += 1
        if not steps % _CHECK_EVERY:
            checkpoint()
        dots = _SPACED_ELLIPSIS.match(text, m.start(), end)
        if dots is not None:
            found = _ellipsis_cut(text, m.start(), end)
            if found is None:
                pos = dots.end()
                continue
            cut, pos = found
        else:
            cut = pos = m.end()
            if cut < end and not text[cut].isspace():
                cited = CITATION_MARKER.match(text, cut, end)
                after = cited.end() if cited is not None else cut
                if cited is None or (after < end and not text[after].isspace()):
                    continue  # "e.g.[x]" or "3.5[" : no sentence end here
            nxt = _next_visible(text, cut, end)
            if nxt >= end:
                break
            if not _is_boundary(text, start, end, m, nxt):
                continue
        nxt = _next_visible(text, cut, end)
        # citation markers after the full stop belong to this sentence
        while nxt < end:
            cm = CITATION_MARKER.match(text, nxt, end)
            if cm is None:
                break
            cut = cm.end()
            nxt = _next_visible(text, cut, end)
        if nxt >= end:
            break
        _emit(text, seg_start, cut, kind, out, marker)
        seg_start = pos = nxt
        marker = None
        kind = "sentence" if kind == "list_item" else kind
    _emit(text, seg_start, end, kind, out, marker)


def _emit(
    text: str,
    start: int,
    end: int,
    kind: SentenceKind,
    out: list[Sentence],
    marker_start: int | None = None,
) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        marker = marker_start if marker_start is not None and marker_start < start else None
        out.append(Sentence(start, end, text[start:end], kind, marker))


def _line_offsets(text: str) -> list[tuple[int, int]]:
    lines: list[tuple[int, int]] = []
    pos = 0
    for line in text.splitlines(keepends=True):
        lines.append((pos, pos + len(line)))
        pos += len(line)
    return lines


def _table_row(text: str, ls: int, le: int, out: list[Sentence]) -> bool:
    """Emit a markdown table row as one unit; the separator row emits nothing and marks
    the row above it as the table's header."""
    line = text[ls:le].rstrip("\r\n")
    if _TABLE_SEPARATOR.match(line):
        if out and out[-1].kind == "table_row":
            last = out[-1]
            out[-1] = Sentence(last.start, last.end, last.text, "table_header", last.marker_start)
        return True
    m = _TABLE_ROW.match(line)
    if m is None:
        return False
    _emit(text, ls + m.start("body"), ls + m.end("body"), "table_row", out, ls + m.start() + 1)
    return True


def _block_run(text: str, ls: int, le: int, m: regex.Match[str]) -> _Run | None:
    """The run a block line opens (list item or quote), or None for a heading."""
    body = ls + m.end()
    marker = ls + len(m.group("indent"))
    if m.group("quote"):
        return _Run(body, le, "quote")
    number = m.group("number") or m.group("bnumber")
    return _Run(
        body,
        le,
        "list_item",
        marker,
        int(number) if number else None,
        m.group("letter"),
    )


def split_sentences(text: str) -> list[Sentence]:
    """Segment ``text`` into sentences and markdown units, in order, with exact offsets.

    Headings, list items, quotes, table rows and fenced code blocks are their own
    units; paragraphs (lines joined until a blank line or a new block) are split
    at sentence-final punctuation followed by space and a non-lowercase letter,
    unless the full stop closes an abbreviation, an initial or a list marker.
    """
    out: list[Sentence] = []
    run: _Run | None = None
    in_fence = False
    fence_start = 0
    lines = list(_line_offsets(text))
    # fence lines pair in order; an opener left without a closer fences nothing (the
    # text after it is read as prose, so an unclosed fence cannot exempt it)
    fences = [i for i, (ls, le) in enumerate(lines) if _FENCE.match(text, ls, le)]
    unclosed = fences[-1] if len(fences) % 2 else -1

    def flush() -> None:
        nonlocal run
        if run is not None:
            for item in _inline_items(text, run):
                _split_run(text, item, out)
            run = None

    for i, (ls, le) in enumerate(lines):
        if not i % _CHECK_EVERY:
            checkpoint()
        line = text[ls:le]
        m = _BLOCK_LINE.match(line) if i != unclosed else None
        if in_fence:
            if m is not None and m.group("fence"):
                in_fence = False
                _emit(text, fence_start, le, "code", out)
            continue
        if m is not None and m.group("fence"):
            flush()
            in_fence, fence_start = True, ls
            continue
        if not line.strip():
            flush()
            continue
        if line.lstrip().startswith("|"):
            flush()
            if _table_row(text, ls, le, out):
                continue
        bold = _BOLD_LINE.match(line) if m is None and run is None else None
        if bold is not None:
            _emit(text, ls + bold.start("body"), ls + bold.end("body"), "heading", out)
            continue
        if m is not None:
            flush()
            if m.group("heading"):
                _emit(text, ls + m.end(), le, "heading", out)
                continue
            run = _block_run(text, ls, le, m)
            continue
        if run is None:
            run = _Run(ls, le, "sentence")
        run.end = le
    if in_fence:
        _emit(text, fence_start, len(text), "code", out)
    flush()
    return out
