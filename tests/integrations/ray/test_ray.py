"""Audit on a real local Ray (make test-ray): two CPUs, loopback only, stopped at the end.

One Ray instance serves the module. Its teardown stops it and checks that no
process it started is left running.
"""

from __future__ import annotations

import io
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest

# a local Ray on 127.0.0.1 only, no usage statistics sent (Ray reads both when it is
# imported; make test-ray sets them too)
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
ray = pytest.importorskip("ray")
pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

from longtracer_core import (  # noqa: E402
    CitationVerifier,
    InvalidInputError,
    JudgeConfig,
    JudgeEndpoint,
    LLMJudge,
    OpenAICompatibleChat,
    VerifyConfig,
)
from longtracer_core.audit import decode_record, verify_inputs  # noqa: E402
from longtracer_core.cli import main  # noqa: E402
from longtracer_core.console import ExitCode  # noqa: E402
from longtracer_core.providers.embeddings import SentenceTransformerEmbedder  # noqa: E402
from longtracer_core.testing import HashEmbedder  # noqa: E402
from longtracer_integrations.ray import OUTPUT_COLUMNS, verify_dataset  # noqa: E402
from tests.core.audit.audit_data import synthetic_cases  # noqa: E402
from tests.core.judge.test_judge_per_answer import URL, StandIn  # noqa: E402
from tests.helpers import SOURCES  # noqa: E402

pytestmark = [pytest.mark.ray, pytest.mark.model]

ROWS = 240  # a few hundred rows: enough for several batches per actor, quick on two cores


def _descendants(pid: int) -> set[int]:
    """Every live process below ``pid`` (read from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rpartition(")")[2].split()[1])
    found: set[int] = set()
    frontier = [pid]
    while frontier:
        current = frontier.pop()
        for child, parent in parents.items():
            if parent == current and child not in found:
                found.add(child)
                frontier.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture(scope="module")
def local_ray():
    """ray.init(num_cpus=2) on 127.0.0.1; afterwards no process of it may survive."""
    assert not ray.is_initialized()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    host = ray.get_runtime_context().gcs_address.rpartition(":")[0]
    assert host == "127.0.0.1", f"Ray is not on loopback: {host}"
    # test factories travel to the actors by value (the workers need not import tests/)
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    try:
        yield ray
    finally:
        started = _descendants(os.getpid())
        ray.shutdown()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and any(_alive(p) for p in started):
            time.sleep(0.5)
        left = sorted(p for p in started if _alive(p))
        assert not ray.is_initialized()
        assert not left, f"processes left after ray.shutdown(): {left}"


# -- verifier factories that run inside the actors -----------------------------------


class _Wrapped:
    """The bundled model, with a hook run before each embedding call."""

    def __init__(self, hook):
        self.inner = SentenceTransformerEmbedder()
        self.hook = hook

    @property
    def model_id(self) -> str:
        return self.inner.model_id

    def embed(self, texts):
        self.hook(texts)
        return self.inner.embed(texts)


def _poisoning_verifier() -> CitationVerifier:
    """Any embedding call that holds the word POISON fails (the whole call)."""

    def hook(texts):
        if any("POISON" in t for t in texts):
            raise RuntimeError("the embedding server rejected the request")

    return CitationVerifier(embedder=_Wrapped(hook))


def _killing_verifier(marker: str):
    """The first actor to see KILL-ME dies on the spot (os._exit), once: the marker says so."""

    def make() -> CitationVerifier:
        def hook(texts):
            if any("KILL-ME" in t for t in texts):
                try:
                    fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
                except FileExistsError:
                    return
                os.write(fd, str(os.getpid()).encode())
                os.close(fd)
                os._exit(1)

        return CitationVerifier(embedder=_Wrapped(hook))

    return make


def _records(n: int = ROWS) -> list[dict]:
    return synthetic_cases(n, docs=30)


def _rows(ds) -> list[dict]:
    return ds.take_all()


# -- tests ---------------------------------------------------------------------------


def test_verify_dataset_gives_the_in_process_verdicts_one_row_each(local_ray):
    """Two actors: one row out per row in, ids unique, and the same gates as in-process."""
    records = _records()
    ds = ray.data.from_items(records)
    out = _rows(
        verify_dataset(
            ds,
            answer_col="answer",
            sources_col="sources",
            id_col="id",
            concurrency=2,
            batch_size=32,
        )
    )
    assert len(out) == len(records)
    ids = [r["case_id"] for r in out]
    assert len(set(ids)) == len(ids) and set(ids) == {r["id"] for r in records}
    assert all(r["case_id"] == r["id"] for r in out)  # input columns pass through
    expected = verify_inputs(CitationVerifier(), [decode_record(r) for r in records])
    by_id = {g.case.case_id: g.case for g in expected}
    for row in out:
        case = by_id[row["case_id"]]
        assert row["quality_gate"] == case.quality_gate.value, row["case_id"]
        assert row["n_supported"] == sum(c.assessment.value == "SUPPORTED" for c in case.claims)
        assert json.loads(row["case_result"])["quality_gate"] == row["quality_gate"]
    gates = {r["quality_gate"] for r in out}
    assert {"PASS", "FAIL"} <= gates
    assert "trace" not in out[0]


def test_poisoned_records_become_indeterminate_rows_and_the_job_goes_on(local_ray):
    """Broken records and one that breaks its batch's embedding call: one INDETERMINATE row each."""
    records = _records(120)
    records[3] = {**records[3], "answer": None}
    records[10] = {**records[10], "sources": [{"source_id": "doc-x", "text": None}]}
    records[50] = {**records[50], "answer": "POISON " + records[50]["answer"]}
    out = _rows(
        verify_dataset(
            ray.data.from_items(records),
            answer_col="answer",
            sources_col="sources",
            id_col="id",
            verifier_factory=_poisoning_verifier,
            with_trace=True,
            batch_size=16,
        )
    )
    assert len(out) == len(records)
    by_id = {r["case_id"]: r for r in out}
    assert len(by_id) == len(records)
    bad = {
        records[i]["id"]: reason
        for i, reason in ((3, "INVALID_INPUT"), (10, "INVALID_INPUT"), (50, "EVALUATION_FAILED"))
    }
    for case_id, reason in bad.items():
        assert by_id[case_id]["quality_gate"] == "INDETERMINATE"
        assert by_id[case_id]["reason"] == reason and by_id[case_id]["error"]
    others = [r for r in out if r["case_id"] not in bad]
    assert all(r["quality_gate"] != "INDETERMINATE" for r in others)
    trace = json.loads(by_id[records[0]["id"]]["trace"])
    assert trace["query_id"] == records[0]["id"]


def test_an_actor_killed_mid_batch_is_restarted_and_no_row_is_lost_or_doubled(local_ray, tmp_path):
    """os._exit in an actor: Ray restarts it and retries the batch; count in == count out."""
    marker = str(tmp_path / "killed")
    records = _records()
    records[77] = {**records[77], "answer": records[77]["answer"] + " The KILL-ME tower opened."}
    out = _rows(
        verify_dataset(
            ray.data.from_items(records),
            answer_col="answer",
            sources_col="sources",
            id_col="id",
            verifier_factory=_killing_verifier(marker),
            concurrency=2,
            batch_size=16,
        )
    )
    assert os.path.exists(marker), "no actor was killed: the test did not test anything"
    assert len(out) == len(records)
    ids = [r["case_id"] for r in out]
    assert len(set(ids)) == len(ids) == len(records)
    killed = next(r for r in out if r["case_id"] == records[77]["id"])
    assert killed["execution"] == "SUCCESS"  # verified after the restart, not given up on


def test_verify_dataset_checks_its_columns(local_ray):
    """A missing answer column or a clash with an output column is an error before any work."""
    ds = ray.data.from_items([{"answer": "a", "sources": ["s"], "quality_gate": "x"}])
    with pytest.raises(ValueError, match="already has output column"):
        verify_dataset(ds, answer_col="answer", sources_col="sources")
    with pytest.raises(ValueError, match="no column 'response'"):
        verify_dataset(ds, answer_col="response", sources_col="sources")


def _in_process_summary(tmp_path, logs) -> dict:
    assert main(["audit", str(logs), "--out", str(tmp_path / "local"), "-q"]) == ExitCode.PASS
    return json.loads((tmp_path / "local" / "summary.json").read_text())


def test_audit_command_on_ray_matches_in_process_for_jsonl(local_ray, tmp_path):
    """audit --ray on JSON Lines (with a torn line): same totals as in-process; Parquet rows."""
    records = _records(150)
    logs = tmp_path / "logs.jsonl"
    lines = [json.dumps(r) for r in records]
    lines.insert(20, '{"id": "torn", "answer": ')
    logs.write_text("\n".join(lines) + "\n")
    out = io.StringIO()
    argv = ["audit", str(logs), "--out", str(tmp_path / "ray"), "--ray", "--concurrency", "2"]
    assert main(argv, stdout=out) == ExitCode.PASS
    table = pq.read_table(tmp_path / "ray" / "results")
    assert table.num_rows == 151
    assert len(set(table.column("case_id").to_pylist())) == 151
    assert table.column_names == [name for name, _ in OUTPUT_COLUMNS]
    on_ray = json.loads((tmp_path / "ray" / "summary.json").read_text())
    local = _in_process_summary(tmp_path, logs)
    for key in ("cases", "claims", "gates", "claim_assessments", "top_reasons", "worst_sources"):
        assert on_ray[key] == local[key], key
    assert on_ray["gates"]["INDETERMINATE"] == 1
    html = (tmp_path / "ray" / "report.html").read_text()
    assert "Grounding audit: 151 cases" in html and "closest evidence" not in out.getvalue()


def test_audit_command_on_ray_reads_parquet(local_ray, tmp_path):
    """audit --ray on a Parquet file whose sources column holds JSON strings."""
    records = _records(60)
    table = pa.table(
        {
            "query_id": [r["id"] for r in records],
            "response": [r["answer"] for r in records],
            "docs": [json.dumps(r["sources"]) for r in records],
        }
    )
    pq.write_table(table, tmp_path / "logs.parquet")
    argv = [
        "audit",
        str(tmp_path / "logs.parquet"),
        "--out",
        str(tmp_path / "ray"),
        "--ray",
        "--answer-key",
        "response",
        "--sources-key",
        "docs",
        "--id-key",
        "query_id",
        "-q",
    ]
    assert main(argv) == ExitCode.PASS
    rows = pq.read_table(tmp_path / "ray" / "results").to_pylist()
    assert sorted(r["case_id"] for r in rows) == sorted(r["id"] for r in records)
    assert all(r["quality_gate"] != "INDETERMINATE" for r in rows)
    assert all(json.loads(r["trace"])["query_id"] == r["case_id"] for r in rows)


# -- every row comes back: hostile records, the Ray path ------------------------------


def _hash_verifier() -> CitationVerifier:
    return CitationVerifier(embedder=HashEmbedder())


def test_verify_dataset_gives_back_a_row_with_a_lone_surrogate(local_ray):
    """200 rows, no id column, one answer not valid Unicode: 200 rows, that one INVALID_INPUT."""
    records = [{k: v for k, v in r.items() if k != "id"} for r in _records(200)]
    records[17] = {**records[17], "answer": "The tower \ud800 opened."}
    out = _rows(
        verify_dataset(
            ray.data.from_items(records),
            answer_col="answer",
            sources_col="sources",
            verifier_factory=_hash_verifier,
            batch_size=32,
        )
    )
    assert len(out) == 200 and len({r["case_id"] for r in out}) == 200
    (bad,) = [r for r in out if r["reason"] == "INVALID_INPUT"]
    assert (bad["input_field"], bad["input_problem"]) == ("answer", "surrogate")
    assert "\\ud800" in json.loads(bad["case_result"])["error_message"] or bad["error"]


def test_audit_command_on_ray_gives_eight_rows_for_the_hostile_file(local_ray, tmp_path):
    """The issue's file on --ray: exit 0, eight Parquet rows, three INVALID_INPUT, summary, report."""
    logs = tmp_path / "logs.jsonl"
    lines = [json.dumps(r) for r in _records(5)]
    lines.append('{"id": "surrogate", "answer": "The tower \\ud800 opened.", "sources": ["x"]}')
    lines.append('{"id": "nulls", "answer": null, "sources": "not a list"}')
    lines.append("this line is not JSON")
    logs.write_text("\n".join(lines) + "\n")
    argv = ["audit", str(logs), "--out", str(tmp_path / "ray"), "--ray", "-q"]
    assert main(argv) == ExitCode.PASS
    rows = pq.read_table(tmp_path / "ray" / "results").to_pylist()
    assert sorted(r["input_row"] for r in rows) == list(range(1, 9))
    bad = {r["case_id"]: (r["input_field"], r["input_problem"]) for r in rows if r["input_problem"]}
    assert bad == {
        "surrogate": ("answer", "surrogate"),
        "nulls": ("answer", "null"),
        "logs.jsonl:8": ("line", "not_json"),
    }
    summary = json.loads((tmp_path / "ray" / "summary.json").read_text())
    assert summary["cases"] == 8 and summary["invalid_rows"] == 3
    assert "3 of them could not be verified" in (tmp_path / "ray" / "report.html").read_text()


@pytest.mark.fuzz
def test_hostile_logs_on_ray_rows_in_equal_rows_out(local_ray, tmp_path_factory):
    """The core's fuzz of hostile JSON Lines, a few examples on Ray: each place once, same rows."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from longtracer_core.audit import audit_local
    from longtracer_integrations.ray import audit_with_ray
    from tests.core.audit.test_fuzz import _rows, lines

    @settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.data())
    def check(data):
        body = [data.draw(lines(i)) for i in range(data.draw(st.integers(1, 12)))]
        folder = tmp_path_factory.mktemp("rayfuzz")
        logs = folder / "logs.jsonl"
        logs.write_bytes(b"\n".join(body) + b"\n")
        on_ray = audit_with_ray(
            str(logs),
            folder / "results",
            verifier_factory=_hash_verifier,
            batch_size=4,
            progress=False,
        )
        here = audit_local(logs, folder / "here.jsonl", _hash_verifier())
        rows = pq.read_table(folder / "results").to_pylist()
        expected = [i + 1 for i, line in enumerate(body) if line.strip()]
        assert sorted(r["input_row"] for r in rows) == expected
        assert len({r["case_id"] for r in rows}) == len(rows)
        local = _rows(folder / "here.jsonl")
        assert {r["case_id"]: r["quality_gate"] for r in rows} == {
            r["case_id"]: r["quality_gate"] for r in local
        }
        assert on_ray.to_dict()["invalid_rows"] == here.to_dict()["invalid_rows"]

    check()


@pytest.mark.slow
def test_audit_on_ray_killed_half_way_resumes_to_the_same_summary(local_ray, tmp_path):
    """SIGKILL `audit --ray` (a driver on this Ray) half way; --resume; the in-process totals."""
    import signal
    import subprocess

    records = _records(160)
    logs = tmp_path / "logs.jsonl"
    logs.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    out = tmp_path / "ray"
    address = ray.get_runtime_context().gcs_address
    root = Path(__file__).resolve().parents[3]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root / "src"), str(root)])}
    argv = [sys.executable, "-m", "longtracer_core.cli", "audit", str(logs), "--out", str(out)]
    argv += ["--ray", "--ray-address", address, "--batch-size", "8", "-q"]
    proc = subprocess.Popen(argv, env=env)
    deadline = time.monotonic() + 900
    while time.monotonic() < deadline and proc.poll() is None:
        if len(list((out / "results").glob("*.parquet"))) >= 2:  # parts of 32 rows: 64-96 of 160
            break
        time.sleep(0.1)
    assert proc.poll() is None, "the audit ended before it could be killed half way"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert not (out / "summary.json").exists()
    assert main(["audit", str(logs), "--out", str(out), "--ray", "--resume", "-q"]) == 0
    on_ray = json.loads((out / "summary.json").read_text())
    local = _in_process_summary(tmp_path, logs)
    for key in ("cases", "claims", "gates", "claim_assessments", "top_reasons", "worst_sources"):
        assert on_ray[key] == local[key], key
    rows = pq.read_table(out / "results", columns=["input_row"]).column("input_row").to_pylist()
    assert sorted(set(rows)) == list(range(1, 161))


class _JudgeServer(ThreadingHTTPServer):
    """The stand-in judge on 127.0.0.1 for the actors; counts requests and the most in flight."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _JudgeHandler)
        self.standin = StandIn()
        self.lock = threading.Lock()
        self.in_flight = 0
        self.most = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/v1"


class _JudgeHandler(BaseHTTPRequestHandler):
    server: _JudgeServer

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["content-length"]))
        with self.server.lock:
            self.server.in_flight += 1
            self.server.most = max(self.server.most, self.server.in_flight)
        try:
            time.sleep(0.05)  # long enough for requests from two actors to overlap
            reply = self.server.standin(httpx.Request("POST", URL, content=body))
        finally:
            with self.server.lock:
                self.server.in_flight -= 1
        self.send_response(reply.status_code)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(reply.content)))
        self.end_headers()
        self.wfile.write(reply.content)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def judge_server():
    server = _JudgeServer()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


def test_each_actor_judges_with_its_own_client_and_requests_stay_bounded(local_ray, judge_server):
    """judge=JudgeEndpoint: every row judged in one request; never more requests in flight
    than actors."""
    answers = [f"The telescope launched aboard an Ariane 5 rocket in year {i}." for i in range(12)]
    records = [{"id": f"j{i}", "answer": a, "sources": SOURCES} for i, a in enumerate(answers)]
    out = _rows(
        verify_dataset(
            ray.data.from_items(records),
            answer_col="answer",
            sources_col="sources",
            id_col="id",
            config=VerifyConfig(judge=JudgeConfig(escalate="all", role="decide")),
            judge=JudgeEndpoint(judge_server.url, "stand-in"),
            concurrency=2,
            batch_size=3,
        )
    )
    assert len(out) == len(records)
    metas = [json.loads(r["case_result"])["metadata"]["judge"] for r in out]
    assert all(m["model"] == "stand-in" and m["model_requests"] == 1 for m in metas)
    assert judge_server.standin.requests == len(records)
    assert 1 <= judge_server.most <= 2


def test_verify_dataset_takes_a_judge_only_as_an_endpoint(local_ray):
    """A judge object (it would not travel to the actors) or a judge beside a factory: refused."""
    ds = ray.data.from_items([{"answer": "a", "sources": ["s"]}])
    chat = OpenAICompatibleChat("http://127.0.0.1:9/v1", "m")
    with pytest.raises(InvalidInputError, match="JudgeEndpoint"):
        verify_dataset(ds, answer_col="answer", sources_col="sources", judge=LLMJudge(chat))
    with pytest.raises(InvalidInputError, match="verifier_factory= or judge="):
        verify_dataset(
            ds,
            answer_col="answer",
            sources_col="sources",
            verifier_factory=CitationVerifier,
            judge=JudgeEndpoint("http://127.0.0.1:9/v1", "m"),
        )
