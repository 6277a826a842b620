"""Resuming an interrupted audit: what was written stays, the rest is verified, counted once."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from longtracer_core.audit import RowSet, Where, audit_local, check_manifest, write_manifest
from longtracer_core.cli import main
from longtracer_core.console import ExitCode
from tests.core.audit.audit_data import synthetic_cases
from tests.helpers import verifier

ROOT = Path(__file__).resolve().parents[3]


def _logs(path: Path, n: int) -> Path:
    records = synthetic_cases(n, docs=12)
    for i in range(0, n, 9):  # some records without an id: named by their place
        records[i].pop("id")
    lines = [json.dumps(r) for r in records]
    lines.insert(n // 3, "not JSON at all")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _fields(path: Path) -> list[dict]:
    """The audit fields of each row (the case and trace carry timestamps)."""
    rows = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    return [{k: v for k, v in r.items() if k not in ("case", "trace")} for r in rows]


def test_rowset_holds_runs_of_rows():
    """Consecutive rows merge into one run; membership and size are those of a plain set."""
    done = RowSet()
    for row in (5, 3, 4, 9, 1, 2, 10, 8):
        assert done.add(Where("a", row))
    assert not done.add(Where("a", 4))
    assert done.add(Where("b", 4))
    assert len(done) == 9 and done.runs() == 3  # a: 1-5, 8-10; b: 4
    assert Where("a", 3) in done and Where("a", 6) not in done and Where("c", 1) not in done


@given(st.lists(st.tuples(st.sampled_from("xyz"), st.integers(1, 60))))
def test_rowset_is_a_set_of_places(places):
    """Any insertion order: the same members as a set, and as many runs as maximal ranges."""
    done, plain = RowSet(), set()
    for file, row in places:
        assert done.add(Where(file, row)) == ((file, row) not in plain)
        plain.add((file, row))
    assert len(done) == len(plain)
    assert all(Where(f, r) in done for f, r in plain)
    assert all(Where(f, r) not in done for f in "xyz" for r in range(61) if (f, r) not in plain)
    starts = {(f, r) for f, r in plain if (f, r - 1) not in plain}
    assert done.runs() == len(starts)


def test_resume_keeps_the_rows_written_and_drops_a_torn_line(tmp_path):
    """Cut a finished results.jsonl mid-line: the resumed run gives the same rows and summary."""
    logs = _logs(tmp_path / "logs.jsonl", 40)
    full = tmp_path / "full.jsonl"
    expected = audit_local(logs, full, verifier(), batch_size=8).to_dict()
    lines = full.read_bytes().splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    kept = b"".join(lines[:17])
    cut.write_bytes(kept + lines[17][: len(lines[17]) // 2])  # killed while writing row 18
    resumed = audit_local(logs, cut, verifier(), batch_size=8, resume=True).to_dict()
    assert resumed == expected
    assert cut.read_bytes().startswith(kept)  # the rows already written were not redone
    assert _fields(cut) == _fields(full)


def test_resume_of_a_finished_audit_verifies_nothing(tmp_path):
    """Every record already has a row: the file is unchanged and the summary the same."""
    logs = _logs(tmp_path / "logs.jsonl", 20)
    out = tmp_path / "r.jsonl"
    first = audit_local(logs, out, verifier()).to_dict()
    before = out.read_bytes()
    assert audit_local(logs, out, verifier(), resume=True).to_dict() == first
    assert out.read_bytes() == before


def test_a_resume_must_use_the_same_input_and_keys(tmp_path):
    """audit.json records the run; another input or other keys are refused, not mixed in."""
    settings = {"logs": "/data/a.jsonl", "keys": ["answer", "sources", "question", "id"]}
    write_manifest(tmp_path, settings)
    assert check_manifest(tmp_path, settings) is None
    problem = check_manifest(tmp_path, {**settings, "logs": "/data/b.jsonl"})
    assert problem is not None and "/data/a.jsonl" in problem and "/data/b.jsonl" in problem
    assert "holds no audit.json" in (check_manifest(tmp_path / "x", settings) or "")


def test_the_command_refuses_a_used_folder_without_resume(tmp_path):
    """Without --resume a folder holding an audit is refused and says how to continue it."""
    logs = _logs(tmp_path / "logs.jsonl", 3)
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "results.jsonl").write_text("")
    err = io.StringIO()
    assert main(["audit", str(logs), "--out", str(tmp_path / "out")], stderr=err) == 73
    assert "add --resume" in err.getvalue()
    other = tmp_path / "other.jsonl"
    other.write_text("")
    write_manifest(tmp_path / "out", {"logs": str(logs.resolve())})
    argv = ["audit", str(other), "--out", str(tmp_path / "out"), "--resume"]
    assert main(argv, stderr=err) == ExitCode.CANT_CREATE
    assert "Use a new folder" in err.getvalue()


def _summary(folder: Path) -> dict:
    data = json.loads((folder / "summary.json").read_text(encoding="utf-8"))
    for key in ("seconds", "cases_per_second", "results"):  # differ between runs by nature
        data.pop(key)
    return data


@pytest.mark.model
@pytest.mark.slow
def test_an_audit_killed_half_way_and_resumed_gives_the_uninterrupted_summary(tmp_path):
    """SIGKILL the audit process at about half its rows; --resume finishes it; same summary."""
    n = 120
    logs = _logs(tmp_path / "logs.jsonl", n)
    killed = tmp_path / "killed"
    argv = [sys.executable, "-m", "longtracer_core.cli", "audit", str(logs), "--out", str(killed)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    proc = subprocess.Popen([*argv, "--batch-size", "8", "-q"], env=env)
    results = killed / "results.jsonl"
    deadline = time.monotonic() + 900
    while time.monotonic() < deadline and proc.poll() is None:
        if results.exists() and results.read_bytes().count(b"\n") >= (n + 1) // 2:
            break
        time.sleep(0.05)
    assert proc.poll() is None, "the audit ended before it could be killed half way"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    written = results.read_bytes().count(b"\n")
    assert (n + 1) // 2 <= written < n + 1 and not (killed / "summary.json").exists()
    resume = ["audit", str(logs), "--out", str(killed), "--resume", "-q", "--batch-size", "8"]
    assert main(resume) == ExitCode.PASS
    whole = tmp_path / "whole"
    assert main(["audit", str(logs), "--out", str(whole), "-q", "--batch-size", "8"]) == 0
    assert _summary(killed) == _summary(whole)
    # the same rows; a trust score may differ in the 7th digit (a record's embedding
    # depends slightly on the batch it is computed in, and the batches differ after a resume)
    resumed, uninterrupted = _fields(killed / "results.jsonl"), _fields(whole / "results.jsonl")
    assert len(resumed) == len(uninterrupted) == n + 1
    pairs = zip(resumed, uninterrupted, strict=True)
    scores = [(a.pop("trust_score"), b.pop("trust_score")) for a, b in pairs]
    assert resumed == uninterrupted
    assert all(a == pytest.approx(b, abs=1e-5) for a, b in scores)
