"""House rules checked on every run: ruff lint and format, mypy --strict on both packages."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


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


def test_mypy_strict_is_clean_over_both_packages():
    """`mypy --strict` over both packages and tools/ (what `make lint` runs) reports no issue."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    lint = makefile.split("\nlint: setup\n", 1)[1].split("\n\n", 1)[0]
    command = next(line for line in lint.splitlines() if "mypy" in line)
    paths = command.split("--strict", 1)[1].split()
    assert paths == ["src/longtracer_core/", "src/longtracer_integrations/", "tools/"]
    out = _run("mypy", "--strict", *paths)
    assert out.returncode == 0, out.stdout + out.stderr


def test_ci_runs_lint():
    """`.ci/run` runs `make lint` (bare or as a timed `step`), and every target the Makefile
    declares phony is defined."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    commands = [line.strip() for line in ci if not line.lstrip().startswith("#")]
    runs_lint = [c for c in commands if c == "make lint" or c == 'step "make lint" make lint']
    assert runs_lint, "no `make lint` in .ci/run"
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    phony = makefile.split(".PHONY:", 1)[1].split("\n\n", 1)[0].replace("\\\n", " ").split()
    for target in phony:
        assert f"\n{target}:" in makefile, target


E2E_FILES = (
    "tests/packaging/test_docs_snippets.py",
    "tests/packaging/test_examples.py",
    "tests/packaging/test_readme.py",
    "tests/packaging/test_wheel_install.py",
)


def test_make_test_fast_leaves_out_the_end_to_end_tests():
    """The e2e marker is declared and on every example, README and installed-wheel test, and
    `make test-fast`'s marker expression (read from the Makefile) leaves out e2e tests."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    fast = makefile.split("test-fast: setup\n", 1)[1].split("-m '", 1)[1].split("'", 1)[0]
    assert "not e2e" in fast.split(" and ")
    out = _run(
        "pytest", "--collect-only", "-q", "--strict-markers", "-p", "no:cacheprovider",
        "-o", "addopts=", "-m", "not e2e", *E2E_FILES,
    )  # fmt: skip
    # 5: the files were collected and every test in them was deselected
    assert out.returncode == 5, out.stdout + out.stderr
