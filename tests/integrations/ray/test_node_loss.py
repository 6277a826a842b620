"""A lost Ray node costs time, not rows (make test-ray): a local multi-node cluster on 127.0.0.1.

The cluster is the one of the issue: a head with no CPUs and two worker
nodes of one CPU each, all on loopback, in a Ray temp folder of its own (so
no other Ray on the machine can find it). Each test removes a worker node
that holds a verifying actor while the audit runs, then adds one back.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
ray = pytest.importorskip("ray")
pq = pytest.importorskip("pyarrow.parquet")

from ray.cluster_utils import Cluster  # noqa: E402

from longtracer_core import CitationVerifier  # noqa: E402
from longtracer_core.testing import HashEmbedder  # noqa: E402
from longtracer_integrations.ray import (  # noqa: E402
    audit_with_ray,
    verify_dataset,
)
from tests.core.audit.audit_data import synthetic_cases  # noqa: E402
from tests.integrations.ray.test_ray import _alive, _descendants  # noqa: E402

pytestmark = pytest.mark.ray

# rows of the audit that loses every worker; the two that lose one node run on fewer (a
# node goes after a quarter of them, or two parts, so most rows still come after)
ROWS = 600
ONE_NODE_ROWS = 320
LOOPBACK = "127.0.0.1"


class _SlowEmbedder(HashEmbedder):
    """The bag-of-words embedder, at a model's pace: the run lasts long enough to lose a node."""

    def embed(self, texts):
        time.sleep(0.01 * len(texts))
        return super().embed(texts)


def _slow_verifier() -> CitationVerifier:
    return CitationVerifier(embedder=_SlowEmbedder())


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """Head (0 CPUs) + two 1-CPU workers on 127.0.0.1; no process of it may survive."""
    assert not ray.is_initialized()
    temp = Path(f"/tmp/lt-ray-{os.getpid()}")  # short: Ray's socket paths must fit
    before = os.environ.get("RAY_TMPDIR")
    os.environ["RAY_TMPDIR"] = str(temp)
    head = {"num_cpus": 0, "node_ip_address": LOOPBACK, "include_dashboard": False}
    c = Cluster(initialize_head=True, head_node_args=head)
    for _ in range(2):
        c.add_node(num_cpus=1, node_ip_address=LOOPBACK)
    c.wait_for_nodes()
    ray.init(address=c.address, log_to_driver=False)
    assert ray.get_runtime_context().gcs_address.rpartition(":")[0] == LOOPBACK
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    try:
        yield c
    finally:
        started = _descendants(os.getpid())
        ray.shutdown()
        c.shutdown()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and any(_alive(p) for p in started):
            time.sleep(0.5)
        if before is None:
            os.environ.pop("RAY_TMPDIR", None)
        else:
            os.environ["RAY_TMPDIR"] = before
        left = sorted(p for p in started if _alive(p))
        assert not left, f"processes left after the cluster's shutdown: {left}"


def _actor_node(c):
    """A worker node that holds a live verifying actor (else the last worker)."""
    from ray._private.state import actors

    nodes = {n.node_id: n for n in c.worker_nodes}
    for info in actors().values():
        node_id = info.get("Address", {}).get("NodeID")
        alive = info.get("State") in ("ALIVE", 2)
        if alive and "MapWorker" in str(info.get("ActorClassName", "")) and node_id in nodes:
            return nodes[node_id]
    return sorted(c.worker_nodes, key=lambda n: n.node_id)[-1]


def _remove_when(c, ready, removed: list) -> threading.Thread:
    """Remove a node holding an actor once ``ready()`` says the run is under way."""

    def run():
        deadline = time.monotonic() + 600
        while not ready() and time.monotonic() < deadline:
            time.sleep(0.2)
        node = _actor_node(c)
        c.remove_node(node)
        removed.append(time.monotonic())

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def _restore(c, workers: int = 2) -> None:
    while len(c.worker_nodes) < workers:
        c.add_node(num_cpus=1, node_ip_address=LOOPBACK)
    c.wait_for_nodes()


def test_verify_dataset_loses_the_node_of_its_only_actor_and_every_row_comes_back(cluster):
    """concurrency=1 on 1-CPU workers, the actor's node removed mid-run: every row, once."""
    records = synthetic_cases(ONE_NODE_ROWS, docs=40)
    ds = verify_dataset(
        ray.data.from_items(records),
        answer_col="answer",
        sources_col="sources",
        id_col="id",
        verifier_factory=_slow_verifier,
        concurrency=1,
        batch_size=16,
    )
    out: list[str] = []
    removed: list[float] = []
    thread = _remove_when(cluster, lambda: len(out) >= ONE_NODE_ROWS // 4, removed)
    for batch in ds.iter_batches(batch_size=None, batch_format="pyarrow"):
        out.extend(batch.column("case_id").to_pylist())
    thread.join(timeout=120)
    assert removed, "no node was removed: the test did not test anything"
    assert len(out) == len(records)
    assert sorted(out) == sorted(r["id"] for r in records)
    _restore(cluster)


def test_audit_on_ray_loses_a_node_and_writes_every_row_once(cluster, tmp_path):
    """audit_with_ray with two actors, one actor's node removed mid-run: each place once."""
    logs = tmp_path / "logs.jsonl"
    logs.write_text(
        "\n".join(json.dumps(r) for r in synthetic_cases(ONE_NODE_ROWS, docs=40)) + "\n"
    )
    results = tmp_path / "results"
    removed: list[float] = []

    def parts() -> int:
        return len(list(results.glob("*.parquet"))) if results.exists() else 0

    thread = _remove_when(cluster, lambda: parts() >= 2, removed)
    summary = audit_with_ray(
        str(logs),
        results,
        verifier_factory=_slow_verifier,
        concurrency=2,
        batch_size=16,
        progress=False,
    )
    thread.join(timeout=120)
    assert removed, "no node was removed: the test did not test anything"
    table = pq.read_table(results, columns=["input_row", "case_id"])
    assert sorted(table.column("input_row").to_pylist()) == list(range(1, ONE_NODE_ROWS + 1))
    assert summary.cases == ONE_NODE_ROWS
    _restore(cluster)


def _audit_in_child(address: str, logs: str, results: str) -> None:
    """audit_with_ray in a process of its own (as the CLI runs it); prints how it ended."""
    ray.init(address=address, log_to_driver=False)
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    try:
        summary = audit_with_ray(
            logs,
            results,
            verifier_factory=_slow_verifier,
            concurrency=2,
            batch_size=16,
            progress=False,
            # a part of 64 rows takes seconds here: a minute with none is a stall (the
            # default window, ten minutes, is for a real model on a busy cluster)
            stall_seconds=60,
        )
        print(json.dumps(["done", str(summary.cases)]), flush=True)
    except Exception as err:
        print(json.dumps([type(err).__name__, str(err)]), flush=True)


_CHILD = (
    "import sys; from tests.integrations.ray.test_node_loss import _audit_in_child; "
    "_audit_in_child(*sys.argv[1:])"
)


def test_no_worker_left_is_a_clear_error_and_the_audit_resumes(cluster, tmp_path):
    """Every worker removed: AuditStoppedError (not a wait) says so; resume finishes the audit."""
    logs = tmp_path / "logs.jsonl"
    logs.write_text("\n".join(json.dumps(r) for r in synthetic_cases(ROWS, docs=40)) + "\n")
    results = tmp_path / "results"

    def complete() -> int:
        """Rows in the parts written whole (a part being written, or torn, does not count)."""
        rows = 0
        for part in results.glob("*.parquet") if results.exists() else ():
            try:
                rows += pq.read_metadata(part).num_rows
            except Exception:
                continue
        return rows

    root = Path(__file__).resolve().parents[3]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root / "src"), str(root)])}
    argv = [sys.executable, "-c", _CHILD, cluster.address, str(logs), str(results)]
    child = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 600
    while complete() < 2 * 16 * 4 and time.monotonic() < deadline and child.poll() is None:
        time.sleep(0.2)
    for node in list(cluster.worker_nodes):
        cluster.remove_node(node)
    out, _ = child.communicate(timeout=900)
    kind, message = json.loads(out.strip().splitlines()[-1])
    assert kind == "AuditStoppedError", message
    assert re.search(r"live node\(s\), [1-9] lost; .* CPU in all.*--resume", message), message
    assert 0 < complete() < ROWS
    _restore(cluster)
    options = {"verifier_factory": _slow_verifier, "batch_size": 16, "progress": False}
    summary = audit_with_ray(str(logs), results, concurrency=2, resume=True, **options)
    rows = pq.read_table(results, columns=["input_row"]).column("input_row").to_pylist()
    assert sorted(set(rows)) == list(range(1, ROWS + 1))
    assert summary.cases == ROWS
