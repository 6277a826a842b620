"""The in-process audit: read logged records in chunks, verify, write rows and a summary.

``audit_local`` is what ``longtracer-guard audit`` runs without ``--ray``: one
process, ``verify_batch`` per chunk, results as JSON Lines. ``write_summary``
writes ``summary.json`` and the HTML report for both this and the Ray path.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ..pipeline.verifier import CitationVerifier
from .records import AuditKeys, BadRecord, CaseInput, decode_line, decode_record
from .rows import audit_fields
from .summary import AuditSummary
from .verify import verify_inputs

__all__ = [
    "JSONL_SUFFIXES",
    "audit_local",
    "iter_inputs",
    "write_summary",
]

JSONL_SUFFIXES = (".jsonl", ".ndjson")
_PARQUET_NEEDS = 'reading Parquet needs pyarrow: pip install "longtracer-integrations[ray]"'


def _chunks(
    items: Iterator[CaseInput | BadRecord], size: int
) -> Iterator[list[CaseInput | BadRecord]]:
    chunk: list[CaseInput | BadRecord] = []
    for item in items:
        chunk.append(item)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _jsonl(path: Path, keys: AuditKeys) -> Iterator[CaseInput | BadRecord]:
    with path.open(encoding="utf-8", errors="replace") as fh:
        for line in fh:
            if line.strip():
                yield decode_line(line, keys)


def _parquet(path: Path, keys: AuditKeys, size: int) -> Iterator[CaseInput | BadRecord]:
    try:
        import pyarrow.dataset as pads
    except ImportError as err:
        raise ImportError(_PARQUET_NEEDS) from err
    for batch in pads.dataset(str(path), format="parquet").to_batches(batch_size=size):
        for row in batch.to_pylist():
            yield decode_record(row, keys)


def iter_inputs(
    path: str | Path, keys: AuditKeys | None = None, *, chunk: int = 64
) -> Iterator[list[CaseInput | BadRecord]]:
    """Chunks of decoded records from a JSON Lines file, a Parquet file or a Parquet folder."""
    keys = keys or AuditKeys()
    source = Path(path)
    if source.suffix.lower() in JSONL_SUFFIXES:
        return _chunks(_jsonl(source, keys), chunk)
    return _chunks(_parquet(source, keys, chunk), chunk)


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
) -> AuditSummary:
    """Verify every record of ``path``; one JSON line per case in ``results``.

    Each line holds the ``audit_fields`` plus ``case`` (the CaseResult) and,
    with ``with_trace``, ``trace``: a case record ``longtracer-guard report``
    reads. ``progress(cases done)`` is called after each chunk.
    """
    summary = AuditSummary(keep=keep)
    out = Path(results)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8") as fh:
        for chunk in iter_inputs(path, keys, chunk=batch_size):
            for guarded in verify_inputs(verifier, chunk):
                fields = audit_fields(guarded.case)
                record: dict[str, Any] = {"case": guarded.case.model_dump(mode="json")}
                if with_trace:
                    record["trace"] = guarded.trace.model_dump(mode="json")
                fh.write(json.dumps({**fields, **record}, ensure_ascii=False) + "\n")
                summary.add(fields, record)
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
    paths["summary"].write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", "utf-8")
    views = [case_view(record) for _, record in summary.worst() if record is not None]
    html = render_html(views, generator=generator, audit=summary.overview(len(views)))
    paths["report"].write_text(html, encoding="utf-8")
    return paths
