"""Resume an interrupted audit: which records are done, what an interrupted output still holds.

Every audit row names its record's place (``input_file``, ``input_row``), so
a resumed run skips exactly the records whose rows were written, whatever
order they were written in. ``RowSet`` holds those places as runs of
consecutive rows (an audit writes whole batches), so it stays small for
millions of rows. ``audit.json`` in the output folder records what the audit
was run on; a resume with different input or keys is refused rather than
mixed into the old rows.
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from .records import Where

__all__ = ["MANIFEST", "RowSet", "check_manifest", "recover_jsonl", "where_of", "write_manifest"]

MANIFEST = "audit.json"


class RowSet:
    """A set of record places, stored per file as sorted, disjoint runs ``[start, end)``."""

    def __init__(self) -> None:
        self._runs: dict[str, tuple[list[int], list[int]]] = {}
        self._size = 0

    def __len__(self) -> int:
        return self._size

    def __contains__(self, where: object) -> bool:
        if not isinstance(where, Where) or where.file not in self._runs:
            return False
        starts, ends = self._runs[where.file]
        i = bisect.bisect_right(starts, where.row) - 1
        return i >= 0 and where.row < ends[i]

    def add(self, where: Where) -> bool:
        """Add a place; False when it was already there."""
        starts, ends = self._runs.setdefault(where.file, ([], []))
        row = where.row
        i = bisect.bisect_right(starts, row) - 1
        if i >= 0 and row < ends[i]:
            return False
        joins_left = i >= 0 and ends[i] == row
        joins_right = i + 1 < len(starts) and starts[i + 1] == row + 1
        if joins_left and joins_right:
            ends[i] = ends.pop(i + 1)
            del starts[i + 1]
        elif joins_left:
            ends[i] = row + 1
        elif joins_right:
            starts[i + 1] = row
        else:
            starts.insert(i + 1, row)
            ends.insert(i + 1, row + 1)
        self._size += 1
        return True

    def runs(self) -> int:
        """How many runs are stored (what the set's memory grows with)."""
        return sum(len(starts) for starts, _ in self._runs.values())


def where_of(row: Mapping[str, Any]) -> Where | None:
    """The record place an audit row names, or None (a row of a dataset, not of files)."""
    file, number = row.get("input_file"), row.get("input_row")
    if isinstance(file, str) and isinstance(number, int):
        return Where(file, number)
    return None


def recover_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    """The complete rows of an interrupted ``results.jsonl``, in order.

    The file is cut after the last complete row: a line torn by the
    interruption (no newline, or not a JSON object) and anything after it are
    discarded, so those records are verified again.
    """
    keep = 0
    with path.open("rb") as fh:
        for line in fh:
            if not line.endswith(b"\n"):
                break
            try:
                row = json.loads(line)
            except ValueError:
                break
            if not isinstance(row, dict) or where_of(row) is None:
                break
            keep += len(line)
            yield row
    with path.open("r+b") as fh:
        fh.truncate(keep)


def _settings_text(settings: Mapping[str, Any]) -> str:
    return json.dumps(settings, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_manifest(folder: Path, settings: Mapping[str, Any]) -> None:
    """Record what this audit runs on (input, keys, engine) in ``audit.json``."""
    text = _settings_text(settings)
    (folder / MANIFEST).write_text(text, encoding="utf-8", errors="backslashreplace")


def check_manifest(folder: Path, settings: Mapping[str, Any]) -> str | None:
    """Why the audit in ``folder`` cannot be resumed with ``settings``, or None if it can."""
    path = folder / MANIFEST
    if not path.exists():
        return f"{folder}: holds no {MANIFEST} (not an audit folder, or one from before --resume)"
    try:
        before = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        return f"{path}: cannot be read ({err})"
    changed = sorted(k for k in set(before) | set(settings) if before.get(k) != settings.get(k))
    if changed:
        was = ", ".join(f"{k}={before.get(k)!r}" for k in changed)
        now = ", ".join(f"{k}={settings.get(k)!r}" for k in changed)
        return f"{folder}: was an audit with {was}; this run has {now}. Use a new folder."
    return None
