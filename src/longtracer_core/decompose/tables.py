"""The claims of a table row: each cell read with its row label and column header.

A row "| Launch | 5 September 1977 | 20 August 1977 |" under the header
"| | Voyager 1 | Voyager 2 |" states two claims, "Voyager 1: Launch: 5 September 1977"
and "Voyager 2: Launch: 20 August 1977"; the label and the header are the claim's
context (their words count only where a source has them). A cell that states nothing
makes no claim: an empty one, a dash alone, or citation markers alone ("| Standard
delivery | 5-7 business days | [1] |"), whose markers cite the row's other cells.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..text.citations import strip_markers
from .markup import clean_markup

__all__ = ["TableCell", "table_cells"]

# what an empty table cell holds: nothing, or a dash alone ("| 8 | – | – |")
_EMPTY_CELL = " \t-–—−"


@dataclass(frozen=True)
class TableCell:
    """One claim of a row: its offsets in the row, its text (markers stripped), the
    context its text opens with, and the markers that cite it (its own and the row's)."""

    start: int
    end: int
    text: str
    context: tuple[str, ...]
    markers: tuple[str, ...]


def _bounds(row: str) -> list[tuple[int, int]]:
    bounds: list[tuple[int, int]] = []
    pos = 0
    for piece in row.split("|"):
        lead = len(piece) - len(piece.lstrip())
        bounds.append((pos + lead, pos + len(piece.rstrip())))
        pos += len(piece) + 1
    return bounds


def _citations_only(cell: str) -> tuple[str, ...]:
    """The markers of a cell that holds nothing else ("[1]", "[S2][S3]"), else ()."""
    text, markers = strip_markers(clean_markup(cell))
    return () if text.strip(_EMPTY_CELL) else markers


def table_cells(row: str, header: Sequence[str] | None) -> list[TableCell]:
    """The claims of one table row, with the cells' offsets in ``row``. A row without a
    matching header is one claim, its cells set apart by semicolons (each cell opens
    as a line does: "| Cause | Loss of water |" does not name a "Loss")."""
    bounds = _bounds(row)
    cells = [row[a:b] for a, b in bounds]
    if not header or len(header) != len(cells) or len(cells) < 2:
        read = [strip_markers(clean_markup(c)) for c in cells if c]
        text = "; ".join(t for t, _ in read if t)
        markers = tuple(dict.fromkeys(m for _, ms in read for m in ms))
        return [TableCell(0, len(row), text, (), markers)] if text else []
    cites = tuple(m for c in cells for m in _citations_only(c))
    label, label_markers = strip_markers(clean_markup(cells[0]))
    out: list[TableCell] = []
    for (a, b), head, cell in zip(bounds[1:], header[1:], cells[1:], strict=True):
        text, markers = strip_markers(clean_markup(cell))
        if not text.strip(_EMPTY_CELL):
            continue
        prefix = ": ".join(p for p in (head, label) if p)
        cited = tuple(dict.fromkeys((*label_markers, *markers, *cites)))
        claim = f"{prefix}: {text}" if prefix else text
        out.append(TableCell(a, b, claim, (prefix,) if prefix else (), cited))
    return out
