"""The audit's input as a Ray Dataset: one row per record, decoded where it is read.

``AuditLogs`` reads JSON Lines and Parquet files with the core's readers
(``longtracer_core.audit.jsonl_records`` and ``parquet_records``), inside
Ray's read tasks, so the in-process audit and this one agree on every
record's place (``input_file``, ``input_row``), id and problem. Each row holds
the place and the decoded record, pickled (an answer may hold text Arrow
cannot: a lone surrogate), and each block holds at most ``batch_size`` rows,
so the records spread over the actors without a separate split. A file that
cannot be opened is one UNREADABLE row, never a failed read.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterable, Iterator, Mapping
from pathlib import PurePosixPath
from typing import Any

import pyarrow as pa
from ray.data.datasource import FileBasedDatasource

from longtracer_core.audit import (
    MAX_RECORD_BYTES,
    AuditKeys,
    BadRecord,
    CaseInput,
    RowSet,
    is_jsonl,
    jsonl_records,
    parquet_records,
    unreadable,
)

__all__ = ["AuditLogs", "Pickled"]

_SCHEMA = pa.schema(
    [("input_file", pa.string()), ("input_row", pa.int64()), ("record", pa.large_binary())]
)


class _Unopened:
    """Stands in for a file that could not be opened; its read yields one UNREADABLE row."""

    def __init__(self, err: OSError) -> None:
        self.err = err

    def __enter__(self) -> _Unopened:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


class Pickled:
    """The actor's decoder for ``AuditLogs`` rows: the record was decoded in the read task."""

    def __call__(self, row: Mapping[str, Any]) -> CaseInput | BadRecord:
        record: CaseInput | BadRecord = pickle.loads(row["record"])
        return record


class AuditLogs(FileBasedDatasource):
    """JSON Lines and Parquet files as audit records; ``name_of`` names a path as the core does."""

    def __init__(
        self,
        paths: str | list[str],
        *,
        root: str,
        keys: AuditKeys,
        batch_size: int,
        done: RowSet | None = None,
        max_record_bytes: int = MAX_RECORD_BYTES,
        **file_args: Any,
    ) -> None:
        super().__init__(paths, **file_args)
        self.root = PurePosixPath(root.split("://", 1)[-1])
        self.keys = keys
        self.batch_size = batch_size
        self.done = done or RowSet()
        self.max_record_bytes = max_record_bytes

    def name_of(self, path: str) -> str:
        """The file's name in records' places: relative to the audit's input folder."""
        full = PurePosixPath(path.split("://", 1)[-1])
        if full == self.root:
            return full.name
        try:
            return full.relative_to(self.root).as_posix()
        except ValueError:
            return full.as_posix()

    def _open_input_source(self, filesystem: Any, path: str, **open_args: Any) -> Any:
        try:
            if is_jsonl(path):
                return super()._open_input_source(filesystem, path, **open_args)
            return filesystem.open_input_file(path)  # Parquet needs random access
        except OSError as err:
            return _Unopened(err)

    def _records(self, f: Any, path: str) -> Iterator[CaseInput | BadRecord]:
        name = self.name_of(path)
        if isinstance(f, _Unopened):
            yield unreadable(name, 1, f.err)
        elif is_jsonl(path):
            yield from jsonl_records(
                f.read, name, self.keys, max_record_bytes=self.max_record_bytes
            )
        else:
            yield from parquet_records(f, name, self.keys, batch_size=self.batch_size)

    def _block(self, items: Iterable[CaseInput | BadRecord]) -> pa.Table:
        rows = [(i.where, pickle.dumps(i, protocol=pickle.HIGHEST_PROTOCOL)) for i in items]
        return pa.table(
            {
                "input_file": [w.file if w else None for w, _ in rows],
                "input_row": [w.row if w else None for w, _ in rows],
                "record": [r for _, r in rows],
            },
            schema=_SCHEMA,
        )

    def _read_stream(self, f: Any, path: str) -> Iterator[pa.Table]:
        chunk: list[CaseInput | BadRecord] = []
        for item in self._records(f, path):
            if item.where is not None and item.where in self.done:
                continue  # verified by an earlier run of this audit (resume)
            chunk.append(item)
            if len(chunk) >= self.batch_size:
                yield self._block(chunk)
                chunk = []
        if chunk:
            yield self._block(chunk)
