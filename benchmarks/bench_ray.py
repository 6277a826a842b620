"""Audit throughput: Ray Data with 1 and 2 actors against one process's ``verify_batch``.

    .venv/bin/python -m benchmarks.bench_ray                # 10,000 synthetic cases
    .venv/bin/python -m benchmarks.bench_ray --cases 2000   # a quicker look
    .venv/bin/python -m benchmarks.bench_ray --write        # record docs/benchmarks/ray_audit.json

The cases (tests/audit_data.py: four of 500 documents retrieved per case, three
cited sentences per answer) are written once to Parquet. Each mode runs in a
fresh interpreter:

- ``single``: the in-process audit's path, ``verify_inputs`` (``verify_batch``
  per chunk of 64) over the decoded records; peak RSS of that process. It runs
  with one BLAS thread, as Ray runs its workers (``OMP_NUM_THREADS`` = their
  CPUs), so every mode computes on one thread per worker; ``--default-threads``
  adds a run with OpenBLAS's default (one thread per core).
- ``ray-N``: ``read_parquet`` → ``verify_dataset`` (N actors) → ``write_parquet``
  on a local Ray (``num_cpus=2``, 127.0.0.1 only); the time from the start of
  execution to the last file written, with the actors' start-up (one model load
  each) inside it. Each actor reports its own peak RSS and CPU time.

Wall-clock cases/s depends on what else the machine runs; cases per CPU second
of the verifying processes (model load included) does much less, and is the
figure the cluster sizing in docs/benchmarks.md uses.

Speed and memory are measured here, never asserted in the test suite.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "benchmarks" / "ray_audit.json"
BATCH = 64


def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def _cpu_s() -> float:
    """CPU seconds (user + system) this process has used so far."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _write_cases(n: int, path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    from tests.core.audit.audit_data import synthetic_cases

    cases = synthetic_cases(n)
    pq.write_table(
        pa.table(
            {
                "id": [c["id"] for c in cases],
                "answer": [c["answer"] for c in cases],
                "sources": [json.dumps(c["sources"]) for c in cases],
            }
        ),
        path,
    )


# -- children (fresh interpreters) -----------------------------------------------------


def child_single(data: Path) -> dict:
    import pyarrow.parquet as pq

    from longtracer_core import CitationVerifier
    from longtracer_core.audit import decode_record, verify_inputs

    rows = pq.read_table(data).to_pylist()
    inputs = [decode_record(r) for r in rows]
    t0, cpu0 = time.perf_counter(), _cpu_s()
    verifier = CitationVerifier()
    gates: Counter[str] = Counter()
    for start in range(0, len(inputs), BATCH):
        for g in verify_inputs(verifier, inputs[start : start + BATCH]):
            gates[g.case.quality_gate.value] += 1
    seconds, cpu = time.perf_counter() - t0, _cpu_s() - cpu0
    return {
        "mode": "single",
        "cases": sum(gates.values()),
        "seconds": seconds,
        "cases_per_s": sum(gates.values()) / seconds,
        "workers": 1,
        "worker_cpu_s": cpu,
        "cases_per_cpu_s": sum(gates.values()) / cpu,
        "peak_rss_mb_per_worker": _peak_rss_mb(),
        "gates": dict(gates),
    }


class _Measured:
    """The bundled model; after each call the actor writes its peak RSS and CPU time to ``folder``/pid.

    The CPU time counts from the actor's start, model load included, as the
    single process's does.
    """

    def __init__(self, folder: str) -> None:
        from longtracer_core.providers.embeddings import SentenceTransformerEmbedder

        self.cpu0 = _cpu_s()
        self.inner = SentenceTransformerEmbedder()
        self.folder = folder

    @property
    def model_id(self) -> str:
        return self.inner.model_id

    def embed(self, texts):  # type: ignore[no-untyped-def]
        out = self.inner.embed(texts)
        Path(self.folder, str(os.getpid())).write_text(
            json.dumps({"rss_mb": _peak_rss_mb(), "cpu_s": _cpu_s() - self.cpu0})
        )
        return out


def _measured_verifier(folder: str):  # type: ignore[no-untyped-def]
    def make():  # type: ignore[no-untyped-def]
        from longtracer_core import CitationVerifier

        return CitationVerifier(embedder=_Measured(folder))

    return make


def child_ray(data: Path, actors: int) -> dict:
    os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    import pyarrow.parquet as pq
    import ray

    from longtracer_integrations.ray import verify_dataset

    t0 = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    ray.data.DataContext.get_current().enable_progress_bars = False
    startup = time.perf_counter() - t0
    with tempfile.TemporaryDirectory() as tmp:
        rss = Path(tmp, "rss")
        rss.mkdir()
        t = time.perf_counter()
        verify_dataset(
            ray.data.read_parquet(str(data)),
            answer_col="answer",
            sources_col="sources",
            id_col="id",
            verifier_factory=_measured_verifier(str(rss)),
            concurrency=actors,
            batch_size=BATCH,
        ).select_columns(["case_id", "quality_gate"]).write_parquet(str(Path(tmp, "out")))
        seconds = time.perf_counter() - t
        table = pq.read_table(Path(tmp, "out"))
        per_worker = {p.name: json.loads(p.read_text()) for p in rss.iterdir()}
    ray.shutdown()
    gates = Counter(table.column("quality_gate").to_pylist())
    return {
        "mode": f"ray-{actors}",
        "cases": table.num_rows,
        "unique_ids": len(set(table.column("case_id").to_pylist())),
        "seconds": seconds,
        "ray_startup_s": startup,
        "cases_per_s": table.num_rows / seconds,
        "workers": len(per_worker),
        "worker_cpu_s": sum(w["cpu_s"] for w in per_worker.values()),
        "cases_per_cpu_s": table.num_rows / sum(w["cpu_s"] for w in per_worker.values()),
        "peak_rss_mb_per_worker": max(w["rss_mb"] for w in per_worker.values()),
        "driver_peak_rss_mb": _peak_rss_mb(),
        "gates": dict(gates),
    }


def _run_child(*args: str, threads: int | None = 1) -> dict:
    env = dict(os.environ)
    if threads is not None:  # as Ray does for its workers (OMP_NUM_THREADS = their CPUs)
        env.update(OMP_NUM_THREADS=str(threads), OPENBLAS_NUM_THREADS=str(threads))
    out = subprocess.run(
        [sys.executable, "-m", "benchmarks.bench_ray", "--child", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        raise SystemExit(f"child {args} failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def _table(rows: list[dict]) -> str:
    single = next(r for r in rows if r["mode"] == "single")
    lines = [
        "| mode | cases | actors at work | seconds | cases/s | × single "
        "| worker CPU s | cases per CPU s | peak RSS per worker (MB) |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['mode']} | {r['cases']:,} | {r['workers']} | {r['seconds']:.1f} "
            f"| {r['cases_per_s']:.1f} | {r['cases_per_s'] / single['cases_per_s']:.2f} "
            f"| {r['worker_cpu_s']:.0f} | {r['cases_per_cpu_s']:.1f} "
            f"| {r['peak_rss_mb_per_worker']:.0f} |"
        )
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--cases", type=int, default=10_000)
    ap.add_argument("--write", action="store_true", help=f"write {OUT.relative_to(ROOT)}")
    ap.add_argument(
        "--default-threads",
        action="store_true",
        help="also run the single process with OpenBLAS's default thread count",
    )
    ap.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        kind, data, *rest = args.child
        result = (
            child_single(Path(data)) if kind == "single" else child_ray(Path(data), int(rest[0]))
        )
        print(json.dumps(result))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp, "cases.parquet")
        _write_cases(args.cases, data)
        load_before = os.getloadavg()
        rows = [_run_child("single", str(data))]
        if args.default_threads:
            rows.append(_run_child("single", str(data), threads=None))
            rows[-1]["mode"] = "single, default BLAS threads"
        for actors in (1, 2):
            rows.append(_run_child("ray", str(data), str(actors)))
        load_after = os.getloadavg()
    gates = {json.dumps(r["gates"], sort_keys=True) for r in rows}
    print(_table(rows))
    print(
        f"same gate counts in every mode: {len(gates) == 1}; load average {load_before} → {load_after}"
    )
    if args.write:
        OUT.write_text(
            json.dumps(
                {
                    "date": datetime.now(UTC).isoformat(timespec="seconds"),
                    "machine": {
                        "cpus": os.cpu_count(),
                        "python": platform.python_version(),
                        "load_average_before": load_before,
                        "load_average_after": load_after,
                    },
                    "cases": args.cases,
                    "batch_size": BATCH,
                    "same_gates_in_every_mode": len(gates) == 1,
                    "runs": rows,
                },
                indent=2,
            )
            + "\n"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
