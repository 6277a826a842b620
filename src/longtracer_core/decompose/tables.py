"""The claims of a table row: each cell read with its row label and column header.

A row "| Launch | 5 September 1977 | 20 August 1977 |" under the header
"| | Voyager 1 | Voyager 2 |" states two claims, "Voyager 1: Launch: 5 September 1977"
and "Voyager 2: Launch: 20 August 1977"; the label and the header are the claim's
context (their words count only where a source has them). A cell that states nothing
makes no claim: an empty one, a dash alone, citation markers alone, or a cell of a
source column that cites ("| Standard delivery | 5-7 business days | [1] |" under
"| Service | Time frame | Source |"; "see [2]", "Sources 1, 3", "NOAA [2]"; not "Oily
fish" under a food's "Source", nor a quantity: those are data). The markers of such a
cell, or of a marker-only cell under no header, cite the row's other cells; a
marker-only cell under a header of its own ("| Weight | 171 g [1] | [2] |") is a cell
left empty, its marker cites nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeGuard

import regex

from ..lexicon.abbreviations import CITATION_WORDS, KEY_COLUMNS, SOURCE_COLUMNS
from ..scoring.claim_figures import claim_figures
from ..text.citations import citation_keys, strip_markers
from .markup import clean_markup

__all__ = ["HEADER_KEPT", "TableCell", "header_cells", "table_cells", "unstated"]

# the units a table's header outlives: its rows, and a list between them; any other unit
# ends the table (``Context`` and the coverage check read rows the same way)
HEADER_KEPT = ("list_item", "table_row")

# what an empty table cell holds: nothing, or a dash alone ("| 8 | – | – |")
_EMPTY_CELL = " \t-–—−"


@dataclass(frozen=True)
class TableCell:
    """One claim of a row: its offsets in the row, its text (markers stripped), the
    context its text opens with, the markers that cite it (its own and the row's), and
    the row's label."""

    start: int
    end: int
    text: str
    context: tuple[str, ...]
    markers: tuple[str, ...]
    label: str | None = None


def _bounds(row: str) -> list[tuple[int, int]]:
    bounds: list[tuple[int, int]] = []
    pos = 0
    for piece in row.split("|"):
        lead = len(piece) - len(piece.lstrip())
        bounds.append((pos + lead, pos + len(piece.rstrip())))
        pos += len(piece) + 1
    return bounds


def _read(cell: str) -> tuple[str, tuple[str, ...]]:
    """A cell's text without markup and citation markers, and its markers."""
    return strip_markers(clean_markup(cell))


def _measures(text: str) -> bool:
    """Does ``text`` state a quantity (money, a percentage, a measure, a decimal): data,
    whatever its column is headed ("3.5-5.0 mmol/L"), never a source's number?"""
    return any(
        n.kind in ("money", "percent") or n.kind.startswith("unit:") or n.decimals
        for _, n in claim_figures(text)
    )


# a source column's cell that names sources without brackets: "Sources 1, 3", "Doc 2",
# and under a "Source" column (``KEY_COLUMNS``) a number alone: "3"
_KEYS = r"\d{1,2}(?:\s*(?:,|&|and)\s*\d{1,2})*"
_BARE_KEYS = regex.compile(
    r"(?:" + "|".join(CITATION_WORDS) + r")s?\.?\s*" + _KEYS, regex.IGNORECASE
)
_NUMBER_KEYS = regex.compile(_KEYS)


def _source_keys(text: str, markers: tuple[str, ...], head: str) -> tuple[str, ...]:
    """The sources a source column's cell (``text`` and ``markers``, under ``head``) names:
    its markers ("see [2]", "NOAA [2]"), or the cell itself when it is keys alone
    ("Sources 1, 3"; "3" under "Source"); none for a cell that cites nothing ("Oily fish",
    "349 U.S. 294", "135-145"): that is data, whatever the column is headed."""
    if markers:
        return markers
    bare = text.strip()
    numbers = _NUMBER_KEYS.fullmatch(bare) is not None and head.casefold() in KEY_COLUMNS
    return citation_keys(f"[{bare}]") if numbers or _BARE_KEYS.fullmatch(bare) else ()


def _row_cites(
    read: Sequence[tuple[str, tuple[str, ...]]], header: Sequence[str]
) -> tuple[tuple[str, ...], set[int]]:
    """The markers that cite a whole row (its cells ``read``), and the cells (by position)
    that state nothing for that reason: a source column's cells that cite (in a table with
    a column of data beside it: under "| Item | Source |" the "Source" cells are the data),
    and marker-only cells of the label column or under no header."""
    sources = {i for i, h in enumerate(header) if i and h.casefold() in SOURCE_COLUMNS}
    if len(sources) == len(header) - 1:
        sources = set()
    cites: list[str] = []
    silent: set[int] = set()
    for i, ((text, markers), head) in enumerate(zip(read, header, strict=True)):
        keys = _source_keys(text, markers, head) if i in sources else ()
        if keys and not _measures(text):
            cites.extend(keys)
            silent.add(i)
        elif markers and not text.strip(_EMPTY_CELL) and (i == 0 or not head):
            cites.extend(markers)
            silent.add(i)
    return tuple(cites), silent


def _fits(header: Sequence[str] | None, cells: Sequence[str]) -> TypeGuard[Sequence[str]]:
    """Is the row read cell by cell under ``header`` (as many cells, at least two)?"""
    return bool(header) and len(header or ()) == len(cells) and len(cells) >= 2


def header_cells(line: str) -> tuple[str, ...]:
    """The cells of a table's header line (citation markers already stripped)."""
    return tuple(c.strip() for c in clean_markup(line).split("|"))


def unstated(row: str, header: Sequence[str] | None) -> str:
    """``row`` with the cells that state nothing of their own blanked (a source column's,
    a marker-only cell under no header): what the row's claims must restate."""
    bounds = _bounds(row)
    cells = [row[a:b] for a, b in bounds]
    if not _fits(header, cells):
        return row
    _, silent = _row_cites([_read(c) for c in cells], header)
    out = row
    for i, (a, b) in enumerate(bounds):
        if i in silent:
            out = out[:a] + " " * (b - a) + out[b:]
    return out


def table_cells(row: str, header: Sequence[str] | None) -> list[TableCell]:
    """The claims of one table row, with the cells' offsets in ``row``. A row without a
    matching header is one claim, its cells set apart by semicolons (each cell opens
    as a line does: "| Cause | Loss of water |" does not name a "Loss")."""
    bounds = _bounds(row)
    cells = [row[a:b] for a, b in bounds]
    read = [_read(c) for c in cells]
    if not _fits(header, cells):
        text = "; ".join(t for t, _ in read if t)
        markers = tuple(dict.fromkeys(m for _, ms in read for m in ms))
        return [TableCell(0, len(row), text, (), markers)] if text else []
    cites, silent = _row_cites(read, header)
    label, label_markers = read[0]
    out: list[TableCell] = []
    for i, (a, b) in enumerate(bounds[1:], 1):
        text, markers = read[i]
        if i in silent or not text.strip(_EMPTY_CELL):
            continue
        head = header[i]
        prefix = ": ".join(p for p in (head, label) if p)
        cited = tuple(dict.fromkeys((*label_markers, *markers, *cites)))
        claim = f"{prefix}: {text}" if prefix else text
        out.append(TableCell(a, b, claim, (prefix,) if prefix else (), cited, label or None))
    return out
