"""``audit_with_ray``: what ``longtracer-guard audit --ray`` runs.

Read the logs with ``AuditLogs`` (every line or row one record, decoded in the
read tasks), verify them on an actor pool, write the rows as Parquet, then
count them in one streaming pass over the small columns and fetch the worst
cases in full.

Nothing is lost on the way: rows are written in parts of ``PART_BATCHES``
batches, each on disk as soon as it is complete, so an audit that stops
(killed, or a cluster that can no longer make progress) resumes with
``resume=True``: parts cut short are removed, and only the records without a
row are read again. A run that Ray gives up on, or that writes nothing for
``stall_seconds``, is stopped with an ``AuditStoppedError`` that says what the
cluster has left, rather than a bare Ray error or a wait without end.
"""

from __future__ import annotations

import functools
import json
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.fs as pafs
import pyarrow.parquet as pq
import ray
from ray.data import DataContext

from longtracer_core import CitationVerifier, VerifyConfig
from longtracer_core.audit import AUDIT_FIELDS, AuditKeys, AuditSummary, RowSet, where_of
from longtracer_core.judge import JudgeEndpoint

from ._dataset import LIGHT_CPUS, default_verifier, map_verify
from ._source import AuditLogs, Pickled

__all__ = ["AuditStoppedError", "audit_with_ray"]


# Rows per Parquet part, in batches: what an interruption can cost at most (the part
# being written), and how often the stall watch sees progress.
PART_BATCHES = 4


class AuditStoppedError(RuntimeError):
    """The cluster could not go on with the audit; the rows written so far are kept (resume)."""


_RESUME = (
    "The rows written so far are kept: run the audit again with --resume (resume=True) "
    "once the cluster can run an actor."
)


def _parts(results: str) -> tuple[pafs.FileSystem, list[pafs.FileInfo]]:
    """The files of the results folder (none when it does not exist yet)."""
    fs, root = pafs.FileSystem.from_uri(results if "://" in results else os.path.abspath(results))
    found = fs.get_file_info(pafs.FileSelector(root, recursive=True, allow_not_found=True))
    return fs, [f for f in found if f.type == pafs.FileType.File]


def _done_rows(results: str) -> RowSet:
    """The places of the rows already written; parts cut short by an interruption are removed."""
    done = RowSet()
    fs, parts = _parts(results)
    for info in parts:
        try:
            table = pq.read_table(info.path, filesystem=fs, columns=["input_file", "input_row"])
        except (OSError, pa.ArrowInvalid):
            fs.delete_file(info.path)  # a part whose write was cut short: its rows are redone
            continue
        for row in table.to_pylist():
            where = where_of(row)
            if where is not None:
                done.add(where)
    return done


def _cluster_state() -> str:
    """What the cluster has left, for the stall message."""
    try:
        nodes: list[dict[str, Any]] = ray.nodes()  # type: ignore[no-untyped-call]
        alive = sum(1 for n in nodes if n.get("Alive"))
        total = ray.cluster_resources().get("CPU", 0.0)  # type: ignore[no-untyped-call]
        free = ray.available_resources().get("CPU", 0.0)  # type: ignore[no-untyped-call]
    except Exception as err:  # the cluster itself is gone
        return f"the cluster cannot be reached ({type(err).__name__}: {err})"
    lost = len(nodes) - alive
    return f"{alive} live node(s), {lost} lost; {total:g} CPU in all, {free:g} free"


def write_watched(
    write: Callable[[], None],
    results: str,
    stall_seconds: float,
    stop: Callable[[], None] = ray.shutdown,
) -> None:
    """Run ``write``; ``AuditStoppedError`` if Ray fails it or no part appears for too long.

    A stalled write is ended by ``stop`` (disconnecting the driver ends its actors).
    """
    failure: list[BaseException] = []

    def run() -> None:
        try:
            write()
        except BaseException as err:  # re-raised in the caller's thread
            failure.append(err)

    worker = threading.Thread(target=run, name="longtracer-audit-write", daemon=True)
    worker.start()
    seen, last = -1, time.monotonic()
    while worker.is_alive():
        worker.join(timeout=min(5.0, stall_seconds))
        now = len(_parts(results)[1])
        if now != seen:
            seen, last = now, time.monotonic()
        elif time.monotonic() - last > stall_seconds:
            state = _cluster_state()
            stop()
            worker.join(timeout=60)
            raise AuditStoppedError(
                f"no rows were written for {stall_seconds:g} s: {state}. {_RESUME}"
            )
    if failure and isinstance(failure[0], ray.exceptions.RayError):
        cause = str(failure[0]).strip().splitlines()[0] if str(failure[0]).strip() else ""
        raise AuditStoppedError(
            f"Ray gave up on the audit ({type(failure[0]).__name__}: {cause}): "
            f"{_cluster_state()}. {_RESUME}"
        ) from failure[0]
    if failure:
        raise failure[0]


def _summarise(results: str, keep: int) -> AuditSummary:
    summary = AuditSummary(keep=keep)
    seen = RowSet()
    small = [name for name, _ in AUDIT_FIELDS]
    rows = ray.data.read_parquet(results, num_cpus=LIGHT_CPUS).select_columns(small)
    batch: Any
    for batch in rows.iter_batches(batch_format="pyarrow", batch_size=4096):
        for row in batch.to_pylist():
            where = where_of(row)
            if where is None or seen.add(where):  # a row written twice counts once
                summary.add(row)
    worst = [case_id for case_id, _ in summary.worst()]
    if not worst:
        return summary
    wanted = pa.array(worst, pa.string())
    full = ray.data.read_parquet(results, num_cpus=LIGHT_CPUS).map_batches(
        lambda t: t.filter(pc.is_in(t["case_id"], value_set=wanted)),
        batch_format="pyarrow",
        num_cpus=LIGHT_CPUS,
    )
    records: dict[str, dict[str, Any]] = {}
    for row in full.iter_rows():
        record: dict[str, Any] = {"case": json.loads(row["case_result"])}
        if row.get("trace"):
            record["trace"] = json.loads(row["trace"])
        records.setdefault(str(row["case_id"]), record)
    summary.attach(records)
    return summary


def _verify_to_parquet(
    logs: str,
    results: str,
    done: RowSet,
    options: dict[str, Any],
    stall_seconds: float,
) -> None:
    """Read the records not in ``done``, verify them, write their rows as Parquet parts."""
    root = logs if "://" in logs else os.path.abspath(logs)
    source = AuditLogs(
        root, root=root, keys=options.pop("keys"), batch_size=options["batch_size"], done=done
    )
    ds = ray.data.read_datasource(source, num_cpus=LIGHT_CPUS)
    # VerifyBatch drops the record and writes exactly the output columns (a
    # select_columns step would be one more task asking for a whole CPU)
    verified = map_verify(ds, Pickled(), drop=("record",), split=False, **options)
    write = functools.partial(
        verified.write_parquet,
        results,
        max_rows_per_file=PART_BATCHES * options["batch_size"],
        ray_remote_args={"num_cpus": LIGHT_CPUS},
    )
    write_watched(write, results, stall_seconds)


def audit_with_ray(
    logs: str,
    results: str | Path,
    *,
    keys: AuditKeys | None = None,
    config: VerifyConfig | None = None,
    model: str | None = None,
    verifier_factory: Callable[[], CitationVerifier] | None = None,
    judge: JudgeEndpoint | None = None,
    concurrency: int = 1,
    batch_size: int = 64,
    with_trace: bool = True,
    keep: int = 100,
    address: str | None = None,
    progress: bool = True,
    resume: bool = False,
    stall_seconds: float = 600.0,
) -> AuditSummary:
    """Verify every record of ``logs`` on Ray; Parquet rows in ``results``; the totals back.

    Uses Ray if it is already initialised, else joins the cluster at
    ``address`` (or ``RAY_ADDRESS``), else starts Ray on this machine and stops
    it at the end. With ``judge``, each actor builds its own judge client from
    the endpoint. (Ray keeps a local instance on 127.0.0.1 when
    ``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0`` is set before it is imported, as
    ``longtracer-guard audit --ray`` does.) ``verifier_factory`` replaces the
    bundled model (``model``, ``config``, ``judge``) in the actors. With ``resume``, the
    rows already in ``results`` stay and only the other records are verified.
    """
    address = address or os.environ.get("RAY_ADDRESS") or None
    started_here = not ray.is_initialized()
    if started_here:
        ray.init(address=address, include_dashboard=False if address is None else None)
    try:
        DataContext.get_current().enable_progress_bars = progress
        out = str(results)
        done = _done_rows(out) if resume else RowSet()
        make = verifier_factory or functools.partial(default_verifier, model, config, judge)
        options: dict[str, Any] = {
            "keys": keys or AuditKeys(),
            "make_verifier": make,
            "with_trace": with_trace,
            "concurrency": concurrency,
            "batch_size": batch_size,
        }
        _verify_to_parquet(logs, out, done, options, stall_seconds)
        return _summarise(out, keep)
    finally:
        if started_here and ray.is_initialized():
            ray.shutdown()
