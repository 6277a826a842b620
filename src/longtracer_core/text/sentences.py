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

from dataclasses import dataclass, field
from typing import Literal

import regex

from ..deadline import checkpoint
from .boundaries import SPACED_ELLIPSIS, ellipsis_cut, is_boundary, next_visible, terminal
from .citations import CITATION_MARKER, citation_keys

__all__ = ["CITATION_MARKER", "Sentence", "citation_keys", "split_answer", "split_sentences"]

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


# An emoji or pictograph opening a line is a bullet ("✅ Ice reflects …", "⚠️ Do not …"):
# its symbol is no word of the sentence.
_SYMBOL = r"\p{Extended_Pictographic}\p{So}"
_PICTOGRAPH = rf"[{_SYMBOL}][\uFE0F\u200D{_SYMBOL}\p{{M}}]*"
_BLOCK_LINE = regex.compile(
    rf"""^(?P<indent>[ \t]*)(?:
        (?P<fence>```|~~~)
      | (?P<heading>\#{{1,6}})[ \t]+
      | (?P<quote>>)[ \t]?
      | (?P<bullet>[-*+•⁃◦▪‣→⇒➔]|\d\uFE0F?\u20E3|{_PICTOGRAPH})
        (?:[ \t]+|(?=\d{{1,3}}(?:\.\)|[.)])[ \t]))
        (?:(?P<bnumber>\d{{1,3}})(?:\.\)|[.)])[ \t]+)?
      | (?P<number>\d{{1,3}})(?:\.\)|[.)])[ \t]+
      | (?P<letter>[a-z])[.)][ \t]+(?=\S)
    )""",
    flags=regex.VERBOSE,
)
# loop steps between two deadline checks (src/longtracer_core/deadline.py)
_CHECK_EVERY = 256
_FENCE = regex.compile(r"[ \t]*(?:```|~~~)")
_TABLE_ROW = regex.compile(r"^[ \t]*\|(?P<body>.*)\|[ \t]*$")
_TABLE_SEPARATOR = regex.compile(r"^[ \t]*\|[ \t:|-]*-{2,}[ \t:|-]*$")

_BOLD_LINE = regex.compile(r"^[ \t]*(\*\*|__)(?P<body>[^*_\n]+?)\1[ \t]*:?[ \t]*$")


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
        body = next_visible(text, m.end(), run.end)
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
        m = terminal(text, pos, end)
        if m is None:
            break
        steps += 1
        if not steps % _CHECK_EVERY:
            checkpoint()
        dots = SPACED_ELLIPSIS.match(text, m.start(), end)
        if dots is not None:
            found = ellipsis_cut(text, m.start(), end)
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
            nxt = next_visible(text, cut, end)
            if nxt >= end:
                break
            if not is_boundary(text, start, end, m, nxt):
                continue
        nxt = next_visible(text, cut, end)
        # citation markers after the full stop belong to this sentence
        while nxt < end:
            cm = CITATION_MARKER.match(text, nxt, end)
            if cm is None:
                break
            cut = cm.end()
            nxt = next_visible(text, cut, end)
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


@dataclass
class _Lines:
    """The line-by-line scan behind ``split_sentences``: the open paragraph or list item
    (``run``), whether a fenced block is open, and the units found so far."""

    text: str
    line_breaks: bool = False
    out: list[Sentence] = field(default_factory=list)
    run: _Run | None = None
    fence_start: int | None = None

    def flush(self) -> None:
        """Split the open run into its sentences."""
        if self.run is not None:
            for item in _inline_items(self.text, self.run):
                _split_run(self.text, item, self.out)
            self.run = None

    def fenced(self, ls: int, le: int, m: regex.Match[str] | None) -> bool:
        """Open or close a fenced block at this line; True when the line belongs to one."""
        is_fence = m is not None and bool(m.group("fence"))
        if self.fence_start is not None:
            if is_fence:
                _emit(self.text, self.fence_start, le, "code", self.out)
                self.fence_start = None
            return True
        if is_fence:
            self.flush()
            self.fence_start = ls
        return is_fence

    def line(self, ls: int, le: int, m: regex.Match[str] | None) -> None:
        """One line outside a fence: a blank, a table row, a bold heading, a block opener
        (heading, list item, quote) or a paragraph line."""
        text, line = self.text, self.text[ls:le]
        if not line.strip():
            self.flush()
            return
        if line.lstrip().startswith("|"):
            self.flush()
            if _table_row(text, ls, le, self.out):
                return
        if self.line_breaks:
            self.flush()  # an answer's line ends its unit (a bold line after it is a heading)
        bold = _BOLD_LINE.match(line) if m is None and self.run is None else None
        if bold is not None:
            _emit(text, ls + bold.start("body"), ls + bold.end("body"), "heading", self.out)
            return
        if m is not None:
            self.flush()
            if m.group("heading"):
                _emit(text, ls + m.end(), le, "heading", self.out)
            else:
                self.run = _block_run(text, ls, le, m)
            return
        if self.run is None:
            self.run = _Run(ls, le, "sentence")
        self.run.end = le


def split_sentences(text: str, line_breaks: bool = False) -> list[Sentence]:
    """Segment ``text`` into sentences and markdown units, in order, with exact offsets.

    Headings, list items, quotes, table rows and fenced code blocks are their own
    units; paragraphs (lines joined until a blank line or a new block) are split
    at sentence-final punctuation followed by space and a non-lowercase letter,
    unless the full stop closes an abbreviation, an initial or a list marker.
    ``line_breaks`` (``split_answer``) ends a unit at every line break as well.
    """
    scan = _Lines(text, line_breaks)
    lines = _line_offsets(text)
    # fence lines pair in order; an opener left without a closer fences nothing (the
    # text after it is read as prose, so an unclosed fence cannot exempt it)
    fences = [i for i, (ls, le) in enumerate(lines) if _FENCE.match(text, ls, le)]
    unclosed = fences[-1] if len(fences) % 2 else -1
    for i, (ls, le) in enumerate(lines):
        if not i % _CHECK_EVERY:
            checkpoint()
        m = _BLOCK_LINE.match(text[ls:le]) if i != unclosed else None
        if not scan.fenced(ls, le, m):
            scan.line(ls, le, m)
    if scan.fence_start is not None:
        _emit(text, scan.fence_start, len(text), "code", scan.out)
    scan.flush()
    return scan.out


def split_answer(text: str) -> list[Sentence]:
    """``split_sentences`` for an answer: a chat answer's line break ends its unit
    ("Launch: 5 September 1977\nEntered interstellar space: 25 August 2012" is two
    units), where a source's line break may wrap a sentence."""
    return split_sentences(text, line_breaks=True)
