"""The in-process audit: read logged records in chunks, verify, write rows and a summary.

``audit_local`` is what ``longtracer-guard audit`` runs without ``--ray``: one
process, ``verify_batch`` per chunk, results as JSON Lines, one row per
record. Rows are flushed to disk after every chunk, so an interrupted audit
resumes (``resume=True``) from the rows it wrote. ``write_summary`` writes
``summary.json`` and the HTML report for both this and the Ray path.

Every output is written so that any input text can be represented: a lone
surrogate (valid in JSON, not in UTF-8) is written as its JSON escape
``\\ud800``, which reads back as the same string.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from ..pipeline.verifier import CitationVerifier
from .logs import MAX_RECORD_BYTES, read_records
from .records import AuditKeys, BadRecord, CaseInput
from .resume import RowSet, recover_jsonl, where_of
from .rows import audit_fields
from .summary import AuditSummary
from .verify import verify_inputs

__all__ = ["audit_local", "iter_inputs", "write_summary"]

# Writing text that holds a lone surrogate: "\udXXX", the JSON escape of the same character.
ESCAPE = "backslashreplace"


def _chunks(
    items: Iterable[CaseInput | BadRecord], size: int
) -> Iterator[list[CaseInput | BadRecord]]:
    chunk: list[CaseInput | BadRecord] = []
    for item in items:
        chunk.append(item)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def iter_inputs(
    path: str | Path,
    keys: AuditKeys | None = None,
    *,
    chunk: int = 64,
    max_record_bytes: int = MAX_RECORD_BYTES,
) -> Iterator[list[CaseInput | BadRecord]]:
    """Chunks of decoded records from a JSON Lines file, a Parquet file or a folder of them."""
    records = read_records(path, keys, max_record_bytes=max_record_bytes, batch_size=chunk)
    return _chunks(records, chunk)


def _recount(results: Path, summary: AuditSummary) -> RowSet:
    """Count the rows an interrupted run wrote, and return the places they cover."""
    done = RowSet()
    for row in recover_jsonl(results):
        where = where_of(row)
        if where is None or not done.add(where):
            continue  # a row written twice counts once
        record = {k: row[k] for k in ("case", "trace") if k in row}
        summary.add(row, record)
    return done


def audit_local(
    path: str | Path,
    results: str | Path,
    verifier: CitationVerifier,
    *,
    keys: AuditKeys | None = None,
    batch_size: int = 64,
    with_trace: bool = True,
    keep: int = 100,
    progress: Callable[[int], None] | None = None,
    resume: bool = False,
    max_record_bytes: int = MAX_RECORD_BYTES,
) -> AuditSummary:
    """Verify every record of ``path``; one JSON line per record in ``results``.

    Each line holds the ``audit_fields`` plus ``case`` (the CaseResult) and,
    with ``with_trace``, ``trace``: a case record ``longtracer-guard report``
    reads. ``progress(cases done)`` is called after each chunk. With
    ``resume``, the rows already in ``results`` are kept and counted, a torn
    last line is discarded, and only the records without a row are verified.
    """
    summary = AuditSummary(keep=keep)
    out = Path(results)
    out.parent.mkdir(parents=True, exist_ok=True)
    done = _recount(out, summary) if resume and out.exists() else RowSet()
    todo = (
        item
        for item in read_records(path, keys, max_record_bytes=max_record_bytes)
        if item.where not in done
    )
    with out.open("a" if resume else "w", encoding="utf-8", errors=ESCAPE) as fh:
        for chunk in _chunks(todo, batch_size):
            for item, guarded in zip(chunk, verify_inputs(verifier, chunk), strict=True):
                fields = audit_fields(guarded.case, item)
                record: dict[str, Any] = {"case": guarded.case.model_dump(mode="json")}
                if with_trace:
                    record["trace"] = guarded.trace.model_dump(mode="json")
                fh.write(json.dumps({**fields, **record}, ensure_ascii=False) + "\n")
                summary.add(fields, record)
            fh.flush()
            os.fsync(fh.fileno())  # a chunk's rows are on disk before the next one starts
            if progress is not None:
                progress(summary.cases)
    return summary


def write_summary(
    summary: AuditSummary,
    out_dir: str | Path,
    *,
    generator: str,
    extra: dict[str, Any] | None = None,
) -> dict[str, Path]:
    """Write ``summary.json`` and ``report.html`` (totals plus the worst cases in full)."""
    from ..report import case_view, render_html

    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    data = {**summary.to_dict(), **(extra or {})}
    paths = {"summary": folder / "summary.json", "report": folder / "report.html"}
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    paths["summary"].write_text(text, encoding="utf-8", errors=ESCAPE)
    views = [case_view(record) for _, record in summary.worst() if record is not None]
    html = render_html(views, generator=generator, audit=summary.overview(len(views)))
    paths["report"].write_text(html, encoding="utf-8", errors=ESCAPE)
    return paths
