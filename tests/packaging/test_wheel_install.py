"""A user's first hour: `pip install` of the built wheel alone gives a working default engine.

The wheel goes into a fresh virtual environment with nothing else; its
dependencies come from a wheelhouse cached outside the clone
(``${XDG_CACHE_HOME:-~/.cache}/longtracer-ci/wheelhouse``, ``tests.fresh_env.pip_install``),
filled from the package registry by ``pip download`` the first time. No torch is installed.
"""

from __future__ import annotations

import json
import subprocess
import venv
from pathlib import Path

import pytest

from tests.fresh_env import build_wheel, pip_install

pytestmark = [pytest.mark.e2e, pytest.mark.slow]  # builds the wheel, installs it, runs it

SOURCE = (
    "The Golden Gate Bridge opened to traffic in 1937. Its main span is 1,280 metres long.\n"
    "The bridge is painted International Orange."
)
FAITHFUL = "The Golden Gate Bridge opened in 1937. Its main span is 1,280 metres long."
FABRICATED = "The Golden Gate Bridge opened in 1951. It was designed by Gustave Eiffel."


def _run(args, **kwargs) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, **kwargs)


@pytest.fixture(scope="module")
def fresh_venv(tmp_path_factory) -> Path:
    """A venv holding only the wheel and its dependencies; returns its bin folder."""
    where = tmp_path_factory.mktemp("wheel-install")
    wheel = build_wheel(where)
    venv.EnvBuilder(with_pip=True).create(where / "venv")
    pip_install(where / "venv" / "bin" / "pip", str(wheel))
    return where / "venv" / "bin"


def _env(tmp: Path) -> dict[str, str]:
    """No PYTHONPATH, no checkout on the path, no network hints: only the venv."""
    return {"PATH": "/usr/bin:/bin", "HOME": str(tmp), "HF_HUB_OFFLINE": "1"}


def test_no_torch_or_model_framework_is_installed(fresh_venv):
    """The default engine's dependencies pull in no torch, CUDA or sentence-transformers."""
    listed = _run([fresh_venv / "pip", "list", "--format", "json"])
    names = {p["name"].lower() for p in json.loads(listed.stdout)}
    assert "longtracer-integrations" in names and "tokenizers" in names
    forbidden = {"torch", "sentence-transformers", "transformers", "onnxruntime"}
    assert not names & forbidden
    assert not any(n.startswith("nvidia-") for n in names)


def test_check_case_gives_pass_and_fail_not_indeterminate(fresh_venv, tmp_path):
    """check_case from the installed wheel verifies: PASS for faithful, FAIL for fabricated."""
    code = (
        "import json, sys\n"
        "from longtracer_core import check_case\n"
        f"src = [{SOURCE!r}]\n"
        f"a = check_case({FAITHFUL!r}, src)\n"
        f"b = check_case({FABRICATED!r}, src)\n"
        "print(json.dumps([a.quality_gate.value, b.quality_gate.value, "
        "a.claims[0].details.get('band'), sorted(m for m in sys.modules if m == 'torch')]))\n"
    )
    out = _run([fresh_venv / "python", "-c", code], cwd=tmp_path, env=_env(tmp_path))
    assert out.returncode == 0, out.stderr[-2000:]
    assert json.loads(out.stdout) == ["PASS", "FAIL", "supported", []]


def test_console_script_check_and_report(fresh_venv, tmp_path):
    """`echo … | longtracer-guard check` exits 1 on a fabricated answer, 0 on a faithful one,
    and `report case.json -o r.html` writes the page."""
    (tmp_path / "s.txt").write_text(SOURCE)
    guard = fresh_venv / "longtracer-guard"
    env = _env(tmp_path)
    bad = _run([guard, "check", "--sources", "s.txt"], input=FABRICATED, cwd=tmp_path, env=env)
    assert bad.returncode == 1, bad.stderr
    assert "REFUTED" in bad.stdout
    assert "Gustave Eiffel. [refuted: no source names 'Gustave', 'Eiffel']" in bad.stdout
    good = _run([guard, "check", "--sources", "s.txt"], input=FAITHFUL, cwd=tmp_path, env=env)
    assert good.returncode == 0, good.stderr
    saved = _run(
        [guard, "check", "--sources", "s.txt", "--format", "json", "-o", "case.json"],
        input=FABRICATED,
        cwd=tmp_path,
        env=env,
    )
    assert saved.returncode == 1
    made = _run([guard, "report", "case.json", "-o", "r.html"], cwd=tmp_path, env=env)
    assert made.returncode == 0, made.stderr
    html = (tmp_path / "r.html").read_text()
    assert html.count('class="claim-detail') == 2 and "Gustave Eiffel" in html
    version = _run([guard, "--version"], env=env)
    assert version.stdout.startswith("longtracer-guard 0.")
