"""Read logged records from files, one ``CaseInput`` or ``BadRecord`` per record, never raising.

The same readers serve the in-process audit and the Ray one (which calls them
inside its read tasks), so both give every record the same place
(``Where``: file and row) and the same verdict on what is wrong with it:

* JSON Lines are read as bytes, line by line, with a size cap: a line past
  ``max_record_bytes`` is one OVERSIZE record (its bytes are skipped, never
  held), bytes that are not UTF-8 one UNDECODABLE record; blank lines are not
  records but keep their line numbers.
* Parquet files are read one at a time, each with its own schema (a folder may
  mix them); a file that cannot be read, or the rest of one, is one UNREADABLE
  record.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .records import (
    AuditKeys,
    BadRecord,
    CaseInput,
    InputProblem,
    Where,
    decode_line,
    decode_record,
)

__all__ = [
    "JSONL_SUFFIXES",
    "MAX_RECORD_BYTES",
    "input_files",
    "is_jsonl",
    "jsonl_records",
    "parquet_records",
    "read_records",
    "unreadable",
]

JSONL_SUFFIXES = (".jsonl", ".ndjson")
# A record past this is refused unread: bigger than any input the verifier's default
# limits accept (2 M characters of sources, 100 k of answer), small enough to hold.
MAX_RECORD_BYTES = 64 * 1024 * 1024
_CHUNK = 1 << 20
_PARQUET_NEEDS = 'reading Parquet needs pyarrow: pip install "longtracer-integrations[ray]"'

Record = CaseInput | BadRecord


def is_jsonl(name: str) -> bool:
    """True for a JSON Lines file name (by suffix); other files are read as Parquet."""
    return name.lower().endswith(JSONL_SUFFIXES)


def input_files(root: str | Path) -> list[tuple[Path, str]]:
    """The files of an audit input and the name each record's place uses, sorted.

    A file is itself (named by its file name); a folder is every file below it
    whose name does not start with ``_`` or ``.`` (named by its path inside it).
    """
    base = Path(root)
    if not base.is_dir():
        return [(base, base.name)]
    found = []
    for folder, dirs, files in os.walk(base):
        dirs[:] = sorted(d for d in dirs if not d.startswith(("_", ".")))
        for name in files:
            if not name.startswith(("_", ".")):
                path = Path(folder) / name
                found.append((path, path.relative_to(base).as_posix()))
    return sorted(found, key=lambda item: item[1])


def unreadable(name: str, row: int, err: BaseException) -> BadRecord:
    """The record that stands for a file, or the rest of one, that cannot be read."""
    where = Where(name, row)
    what = "the file" if row == 1 else f"rows from {row} on"
    message = f"{what} cannot be read ({type(err).__name__}: {str(err)[:200]})"
    return BadRecord(str(where), "", message, "file", InputProblem.UNREADABLE, where)


def _lines(read: Callable[[int], bytes], cap: int) -> Iterator[tuple[int, bytes | None, int]]:
    """``(line number, the line or None when past cap, its size in bytes)`` for each line."""
    number, size, over = 0, 0, False
    buf = bytearray()
    while chunk := read(_CHUNK):
        start = 0
        while True:
            end = chunk.find(b"\n", start)
            piece = chunk[start : end if end >= 0 else len(chunk)]
            size += len(piece)
            if not over and size > cap:
                over = True
                buf.clear()
            elif not over:
                buf += piece
            if end < 0:
                break
            number += 1
            yield number, None if over else bytes(buf), size
            buf.clear()
            size, over, start = 0, False, end + 1
    if size:
        yield number + 1, None if over else bytes(buf), size


def jsonl_records(
    read: Callable[[int], bytes],
    name: str,
    keys: AuditKeys,
    *,
    max_record_bytes: int = MAX_RECORD_BYTES,
) -> Iterator[Record]:
    """The records of a JSON Lines stream (``read(n)`` as a binary file's)."""
    row = 0
    try:
        for row, line, size in _lines(read, max_record_bytes):
            where = Where(name, row)
            if line is None:
                message = f"the line has {size:,} bytes; the limit is {max_record_bytes:,}"
                yield BadRecord(str(where), "", message, "line", InputProblem.OVERSIZE, where)
                continue
            if row == 1 and line.startswith(b"\xef\xbb\xbf"):  # a UTF-8 byte order mark
                line = line[3:]
            if line.strip():
                yield decode_line(line.rstrip(b"\r"), keys, where=where)
    except OSError as err:
        yield unreadable(name, row + 1, err)


def parquet_records(
    source: Any, name: str, keys: AuditKeys, *, batch_size: int = 1024
) -> Iterator[Record]:
    """The records of one Parquet file (a path or a random-access file), in row order."""
    try:
        import pyarrow.parquet as pq
    except ImportError as err:
        raise ImportError(_PARQUET_NEEDS) from err
    row = 0
    try:
        for batch in pq.ParquetFile(source).iter_batches(batch_size=batch_size):
            for record in batch.to_pylist():
                row += 1
                yield decode_record(record, keys, where=Where(name, row))
    except Exception as err:  # a corrupt or foreign file: its rows cannot be known
        yield unreadable(name, row + 1, err)


def read_records(
    root: str | Path,
    keys: AuditKeys | None = None,
    *,
    max_record_bytes: int = MAX_RECORD_BYTES,
    batch_size: int = 1024,
) -> Iterator[Record]:
    """Every record of a JSON Lines file, a Parquet file or a folder of them, in order."""
    keys = keys or AuditKeys()
    for path, name in input_files(root):
        if not is_jsonl(name):
            yield from parquet_records(path, name, keys, batch_size=batch_size)
            continue
        try:
            fh = path.open("rb")
        except OSError as err:
            yield unreadable(name, 1, err)
            continue
        with fh:
            yield from jsonl_records(fh.read, name, keys, max_record_bytes=max_record_bytes)
