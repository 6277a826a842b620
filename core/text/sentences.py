"""Sentence segmentation with exact character offsets.

Built for LLM answers and retrieved passages: it survives abbreviations
(``Dr.``, ``e.g.``, ``U.S.``), initials (``J. Porter``), decimals (``6.5``),
URLs and e-mail addresses, and it treats markdown structure (headings, bullet
and numbered list items, block quotes, fenced code) as unit boundaries. A
citation marker written after the full stop (``… rocket. [2] It …``) stays with
the sentence it cites.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import regex

__all__ = ["CITATION_MARKER", "Sentence", "split_sentences"]

SentenceKind = Literal["sentence", "heading", "list_item", "code", "quote"]


@dataclass(frozen=True)
class Sentence:
    """One sentence: ``text == source[start:end]``, surrounding whitespace excluded."""

    start: int
    end: int
    text: str
    kind: SentenceKind = "sentence"


# [S3], [1], [1, 2], [^2], 【1】 (and 【S1】)
CITATION_MARKER = regex.compile(
    r"\[(?:\^?[A-Za-z]{0,3}\d+(?:\s*[,;]\s*\^?[A-Za-z]{0,3}\d+)*)\]|【[A-Za-z]{0,3}\d+】"
)

_ABBREVIATIONS = frozenset(
    [
        "mr",
        "mrs",
        "ms",
        "mx",
        "dr",
        "prof",
        "sr",
        "jr",
        "st",
        "mt",
        "ft",
        "vs",
        "approx",
        "cf",
        "inc",
        "ltd",
        "co",
        "corp",
        "no",
        "nos",
        "fig",
        "figs",
        "vol",
        "vols",
        "pp",
        "ed",
        "eds",
        "gen",
        "gov",
        "sen",
        "rep",
        "lt",
        "col",
        "capt",
        "sgt",
        "maj",
        "cmdr",
        "adm",
        "rev",
        "hon",
        "est",
        "dept",
        "univ",
        "assn",
        "bros",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
        "mon",
        "tue",
        "tues",
        "wed",
        "thu",
        "thur",
        "thurs",
        "fri",
        "sat",
        "sun",
        "al",
        "ca",
        "op",
        "eq",
        "eqs",
        "ch",
        "sec",
        "ref",
        "refs",
        "min",
        "max",
        "avg",
        "dia",
    ]
)

_BLOCK_LINE = regex.compile(
    r"""^(?P<indent>[ \t]*)(?:
        (?P<fence>```|~~~)
      | (?P<heading>\#{1,6})[ \t]+
      | (?P<quote>>)[ \t]?
      | (?P<bullet>[-*+•])[ \t]+
      | (?P<number>\d{1,3}[.)])[ \t]+
    )""",
    flags=regex.VERBOSE,
)

_TERMINAL = regex.compile(r"[.!?…。！？]+[\"'”’»)\]]*(?=\s|$)")
_WORD_BEFORE = regex.compile(r"([\p{L}\p{N}.]+)$")


def _is_non_final_period(text: str, end_punct: int) -> bool:
    """True when the ``.`` ending at ``end_punct`` closes an abbreviation or an initial."""
    m = _WORD_BEFORE.search(text, 0, end_punct)
    if m is None:
        return False
    word = m.group(1).rstrip(".")
    if not word:
        return False
    if "." in word:  # e.g., i.e., U.S., a.m.
        return all(len(part) <= 2 for part in word.split(".") if part)
    if len(word) == 1 and word.isalpha() and word.isupper():  # initial: J. Porter
        return True
    return word.casefold() in _ABBREVIATIONS


def _next_visible(text: str, pos: int, end: int) -> int:
    while pos < end and text[pos].isspace():
        pos += 1
    return pos


def _split_run(text: str, start: int, end: int, kind: SentenceKind, out: list[Sentence]) -> None:
    """Split ``text[start:end]`` (one paragraph or list item) into sentences."""
    pos = start
    seg_start = start
    while True:
        m = _TERMINAL.search(text, pos, end)
        if m is None:
            break
        cut = m.end()
        pos = cut
        nxt = _next_visible(text, cut, end)
        if nxt >= end:
            break
        punct = m.group(0).rstrip("\"'”’»)]")
        if punct == "." and _is_non_final_period(text, m.start() + 1):
            ch = text[nxt]
            if not (
                ch.isupper() and len(punct) == 1 and _ends_with_known_boundary(text, m.start())
            ):
                continue
        ch = text[nxt]
        if ch.islower():
            continue
        # citation markers after the full stop belong to this sentence
        while True:
            cm = CITATION_MARKER.match(text, nxt, end)
            if cm is None:
                break
            cut = cm.end()
            nxt = _next_visible(text, cut, end)
        if nxt >= end:
            break
        _emit(text, seg_start, cut, kind, out)
        seg_start = nxt
        pos = nxt
        kind = "sentence" if kind == "list_item" else kind
    _emit(text, seg_start, end, kind, out)


def _ends_with_known_boundary(text: str, period_index: int) -> bool:
    """An abbreviation that often ends sentences (``etc.``) followed by a capital."""
    m = _WORD_BEFORE.search(text, 0, period_index + 1)
    return m is not None and m.group(1).rstrip(".").casefold() in {"etc", "al"}


def _emit(text: str, start: int, end: int, kind: SentenceKind, out: list[Sentence]) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        out.append(Sentence(start, end, text[start:end], kind))


def split_sentences(text: str) -> list[Sentence]:
    """Segment ``text`` into sentences and markdown units, in order, with exact offsets.

    Headings, list items, quotes and fenced code blocks are their own units;
    paragraphs (lines joined until a blank line or a new block) are split at
    sentence-final punctuation followed by space and a non-lowercase letter.
    """
    out: list[Sentence] = []
    lines: list[tuple[int, int]] = []
    pos = 0
    for line in text.splitlines(keepends=True):
        lines.append((pos, pos + len(line)))
        pos += len(line)

    para_start: int | None = None
    para_end = 0
    para_kind: SentenceKind = "sentence"
    in_fence = False
    fence_start = 0

    def flush() -> None:
        nonlocal para_start
        if para_start is not None:
            _split_run(text, para_start, para_end, para_kind, out)
            para_start = None

    for ls, le in lines:
        line = text[ls:le]
        stripped = line.strip()
        m = _BLOCK_LINE.match(line)
        if in_fence:
            if m is not None and m.group("fence"):
                in_fence = False
                _emit(text, fence_start, le, "code", out)
            continue
        if m is not None and m.group("fence"):
            flush()
            in_fence = True
            fence_start = ls
            continue
        if not stripped:
            flush()
            continue
        if m is not None:
            flush()
            body = ls + m.end()
            if m.group("heading"):
                _emit(text, body, le, "heading", out)
                continue
            para_start, para_end = body, le
            para_kind = "quote" if m.group("quote") else "list_item"
            continue
        if para_start is None:
            para_start, para_kind = ls, "sentence"
        para_end = le
    if in_fence:
        _emit(text, fence_start, len(text), "code", out)
    flush()
    return out
