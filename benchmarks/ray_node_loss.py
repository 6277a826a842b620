"""A lost Ray node costs time, not rows: the same audit with and without losing a node, N times.

The cluster of issue 26: a head with no CPUs and two one-CPU worker nodes on
127.0.0.1 (in a Ray temp folder of its own). Each round runs ``verify_dataset``
over ``--rows`` records twice, once undisturbed and once with the node of a
working actor removed when a quarter of the rows are out (a node is added back
after), with a bag-of-words embedder that takes a model's time per text. It
records rows in, rows out, distinct ids and seconds, and writes
docs/benchmarks/ray_node_loss.json.

    python -m benchmarks.ray_node_loss --rounds 5 --rows 600 --concurrency 1
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import threading
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")

import ray
from ray.cluster_utils import Cluster

from longtracer_core import CitationVerifier
from longtracer_core.testing import HashEmbedder
from longtracer_integrations.ray import verify_dataset
from tests.core.audit.audit_data import synthetic_cases

OUT = Path(__file__).resolve().parents[1] / "docs" / "benchmarks" / "ray_node_loss.json"
LOOPBACK = "127.0.0.1"


class SlowEmbedder(HashEmbedder):
    """The bag-of-words embedder at a model's pace (10 ms a text)."""

    def embed(self, texts):  # type: ignore[no-untyped-def]
        time.sleep(0.01 * len(texts))
        return super().embed(texts)


def slow_verifier() -> CitationVerifier:
    return CitationVerifier(embedder=SlowEmbedder())


def _actor_node(cluster: Cluster) -> Any:
    from ray._private.state import actors

    nodes = {n.node_id: n for n in cluster.worker_nodes}
    for info in actors().values():
        node_id = info.get("Address", {}).get("NodeID")
        alive = info.get("State") in ("ALIVE", 2)
        if alive and "MapWorker" in str(info.get("ActorClassName", "")) and node_id in nodes:
            return nodes[node_id]
    return sorted(cluster.worker_nodes, key=lambda n: n.node_id)[-1]


def run_once(cluster: Cluster, records: list[dict[str, Any]], concurrency: int, lose: bool) -> dict:
    ds = verify_dataset(
        ray.data.from_items(records),
        answer_col="answer",
        sources_col="sources",
        id_col="id",
        verifier_factory=slow_verifier,
        concurrency=concurrency,
        batch_size=16,
    )
    out: list[str] = []
    removed: list[float] = []
    started = time.perf_counter()

    def remove() -> None:
        while len(out) < len(records) // 4:
            time.sleep(0.1)
        cluster.remove_node(_actor_node(cluster))
        removed.append(time.perf_counter() - started)

    thread = threading.Thread(target=remove, daemon=True) if lose else None
    if thread is not None:
        thread.start()
    for batch in ds.iter_batches(batch_size=None, batch_format="pyarrow"):
        out.extend(batch.column("case_id").to_pylist())
    seconds = time.perf_counter() - started
    if thread is not None:
        thread.join(timeout=120)
        while len(cluster.worker_nodes) < 2:
            cluster.add_node(num_cpus=1, node_ip_address=LOOPBACK)
        cluster.wait_for_nodes()
    return {
        "node_lost": lose,
        "lost_at_s": round(removed[0], 1) if removed else None,
        "rows_in": len(records),
        "rows_out": len(out),
        "distinct_ids": len(set(out)),
        "every_row_once": sorted(out) == sorted(r["id"] for r in records),
        "seconds": round(seconds, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--rows", type=int, default=600)
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    os.environ["RAY_TMPDIR"] = f"/tmp/lt-bench-{os.getpid()}"
    head = {"num_cpus": 0, "node_ip_address": LOOPBACK, "include_dashboard": False}
    cluster = Cluster(initialize_head=True, head_node_args=head)
    for _ in range(2):
        cluster.add_node(num_cpus=1, node_ip_address=LOOPBACK)
    cluster.wait_for_nodes()
    ray.init(address=cluster.address, log_to_driver=False)
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    records = synthetic_cases(args.rows, docs=40)
    runs = []
    try:
        for i in range(args.rounds):
            for lose in (False, True):
                run = {"round": i + 1, **run_once(cluster, records, args.concurrency, lose)}
                print(json.dumps(run), flush=True)
                runs.append(run)
    finally:
        ray.shutdown()
        cluster.shutdown()
    result = {
        "what": "verify_dataset on a head with 0 CPUs and two 1-CPU workers (127.0.0.1); "
        "the node of a working actor removed when a quarter of the rows are out",
        "rows": args.rows,
        "concurrency": args.concurrency,
        "batch_size": 16,
        "embedder": "HashEmbedder + 10 ms a text",
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}",
        "runs": runs,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
