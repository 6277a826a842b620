"""The examples run offline and say what the docs say they say."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.model]  # each example runs in its own interpreter

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))


def _run(path: Path, tmp_path: Path) -> str:
    env = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "PATH": "/usr/bin:/bin"}
    out = subprocess.run(
        [sys.executable, str(path)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout


def test_quickstart_flags_and_redacts(tmp_path):
    """quickstart: the swapped number and the fabricated sentence are caught; the rest is kept."""
    out = _run(ROOT / "examples" / "quickstart.py", tmp_path)
    assert "gate: FAIL" in out
    redacted = out.split("redacted:")[1].split("trace:")[0]
    assert "3.5 million" not in redacted  # refuted: removed
    # nothing proves the invented visit wrong offline: kept, marked uncertain
    assert "mirror segment. [unverified]" in redacted
    assert "25 December 2021" in redacted
    assert "CONTRADICTED_BY_EVIDENCE" in out
    # each claim's outcome and its finding in words, beside the seed's codes
    assert "refuted: the claim gives 3.5 million" in out


def test_langchain_example_redacts_and_logs(tmp_path):
    """langchain_rag: the wrong number and the invented sentence never reach the output."""
    out = _run(ROOT / "examples" / "langchain_rag.py", tmp_path)
    delivered = out.split("delivered answer (redact):")[1].split("gate:")[0]
    assert "9 million" not in delivered and "Napoleon" not in delivered
    assert "1889" in delivered
    assert (tmp_path / "out" / "grounding.jsonl").exists()
    assert "refuted: the claim gives 9 million" in out  # read back from the log


@pytest.mark.parametrize(
    "path",
    [p for p in EXAMPLES if p.name not in ("quickstart.py", "langchain_rag.py")],
    ids=lambda p: p.name,
)
def test_other_examples_run(path, tmp_path):
    """Every other example runs to completion offline."""
    assert _run(path, tmp_path)
