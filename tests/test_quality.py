"""House rules checked on every run: ruff lint and format, mypy --strict on the core."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_lint_is_clean():
    """`ruff check .` reports nothing."""
    out = _run("ruff", "check", ".")
    assert out.returncode == 0, out.stdout + out.stderr


def test_ruff_format_is_clean():
    """`ruff format --check .` finds every file formatted."""
    out = _run("ruff", "format", "--check", ".")
    assert out.returncode == 0, out.stdout + out.stderr


def test_mypy_strict_core_is_clean():
    """`mypy --strict core/` reports no issue."""
    out = _run("mypy", "--strict", "core/")
    assert out.returncode == 0, out.stdout + out.stderr
