"""Where a growing text's sentences are final: the splitter would not change them with more text.

``split_answer`` decides a boundary from a bounded window around it: the
word before the full stop, the next word, a citation marker after it, and the
line it sits on (list marker, heading, table pipe). A streamed answer is split
while it is still being written, so a boundary is *settled* only when that
window is complete in the text so far:

* another unit follows it (the last unit can always grow);
* that unit's first token is complete (whitespace after it), so "Dr. Sm…"
  or a decimal "3." cut at a chunk edge cannot be misread;
* that unit does not start like a citation marker (``[``, ``(``, ``【``,
  ``^``, a superscript) unless a further unit follows: a marker written after
  the full stop belongs to the sentence before it and may still be arriving;
* its line is not an unfinished table row (a row is one unit only once its
  closing ``|`` and newline have arrived).

Settled units stay settled whatever text is appended, so a stream can verify
and release them for good.
"""

from __future__ import annotations

import regex

from .sentences import Sentence, split_answer

__all__ = ["settled_end"]

_COMPLETE_TOKEN = regex.compile(r"\S+\s")
_MARKER_START = "[(【^¹²³⁴⁵⁶⁷⁸⁹⁰"


def _line_start(text: str, pos: int) -> int:
    return text.rfind("\n", 0, pos) + 1


def _open_table_line(text: str, unit: Sentence) -> bool:
    """The unit sits on a line that starts with ``|`` and has not ended yet."""
    start = _line_start(text, unit.unit_start)
    return text[start:].lstrip(" \t").startswith("|") and "\n" not in text[unit.start :]


def _settled(text: str, units: list[Sentence], j: int) -> bool:
    unit, nxt = units[j], units[j + 1]
    if _open_table_line(text, unit) or _open_table_line(text, nxt):
        return False
    if _COMPLETE_TOKEN.match(text, nxt.start) is None:
        return False
    return not (nxt.text[:1] in _MARKER_START and j + 2 >= len(units))


def settled_end(text: str) -> int:
    """Where the settled units of ``text`` end: the start of the first unit still open.

    ``text[:cut]`` holds every settled unit with the whitespace (and a table
    row's closing pipe) after it, and splits into exactly those units, as any
    longer text starting with ``text`` does. 0 when no unit is settled yet.
    """
    units = split_answer(text)
    cut = 0
    for j in range(len(units) - 1):
        if not _settled(text, units, j):
            break
        nxt = units[j + 1].unit_start
        line = _line_start(text, nxt)
        # a unit that opens its line (list item, heading, table row) is cut at the line start,
        # so no half of its markup stays in the prefix
        cut = line if units[j].end < line else nxt
    return cut
