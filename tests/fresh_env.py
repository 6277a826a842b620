"""A fresh virtual environment holding only the core's dependencies (no network).

The venv gets symlinks to the installed top-level modules of the distributions
the core requires (their closure), plus this checkout's two packages. Importing
an integration module there shows what a user without the extra sees.
"""

from __future__ import annotations

import fcntl
import importlib.metadata as md
import os
import re
import shutil
import subprocess
import sys
import venv
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
CORE_REQUIREMENTS = (
    "pydantic",
    "numpy",
    "tenacity",
    "httpx",
    "regex",
    "snowballstemmer",
    "tokenizers",
    "tqdm",
)


def _closure(names: tuple[str, ...]) -> set[str]:
    seen: set[str] = set()
    todo = list(names)
    while todo:
        name = re.sub(r"[-_.]+", "-", todo.pop()).lower()
        if name in seen:
            continue
        try:
            dist = md.distribution(name)
        except md.PackageNotFoundError:
            continue
        seen.add(name)
        for raw in dist.requires or []:
            req = Requirement(raw)
            if req.marker is not None and not req.marker.evaluate({"extra": ""}):
                continue
            todo.append(req.name)
    return seen


def make_core_only_env(where: Path) -> Path:
    """Create the venv under ``where``; return its python executable."""
    venv.EnvBuilder(with_pip=False, symlinks=True).create(where / "venv")
    python = where / "venv" / "bin" / "python"
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    wanted = _closure(CORE_REQUIREMENTS)
    modules = md.packages_distributions()
    here = Path(md.distribution("pydantic").locate_file(""))
    for module, dists in modules.items():
        if not any(re.sub(r"[-_.]+", "-", d).lower() in wanted for d in dists):
            continue
        for candidate in (here / module, here / f"{module}.py"):
            if candidate.exists():
                (site / candidate.name).symlink_to(candidate)
        for lib in here.glob(f"{module}.libs"):
            (site / lib.name).symlink_to(lib)
    (site / "longtracer_core").symlink_to(ROOT / "src" / "longtracer_core")
    (site / "longtracer_integrations").symlink_to(ROOT / "src" / "longtracer_integrations")
    return python


def build_wheel(where: Path) -> Path:
    """Build this checkout's wheel into ``where / "dist"`` (from a copy: no litter here)."""
    src = where / "src"
    shutil.copytree(
        ROOT,
        src,
        ignore=shutil.ignore_patterns(
            ".git", ".venv", "build", "dist", "out", "*.egg-info", "__pycache__", ".*_cache"
        ),
    )
    subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--wheel",
            "--no-isolation",
            "--outdir",
            str(where / "dist"),
            str(src),
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    (wheel,) = (where / "dist").glob("longtracer_integrations-*.whl")
    return wheel


def wheelhouse() -> Path:
    """Dependencies of the built wheel, cached outside the clone (filled on first use)."""
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "longtracer-ci"
    path = cache / "wheelhouse"
    path.mkdir(parents=True, exist_ok=True)
    return path


def pip_install(pip: Path, requirement: str) -> None:
    """``pip install requirement`` from the wheelhouse only; on a miss (first run on this
    machine, or a new extra) fetch what is missing from the registry once, then retry.
    One test process at a time (a file lock): pytest's workers share the wheelhouse."""
    house = wheelhouse()
    with (house / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        _install(pip, requirement, house)


def _install(pip: Path, requirement: str, house: Path) -> None:
    offline = [str(pip), "install", "--quiet", "--no-index", "--find-links", str(house)]
    if subprocess.run([*offline, requirement], capture_output=True, text=True).returncode == 0:
        return
    fetched = subprocess.run(
        [str(pip), "download", "--quiet", "--dest", str(house), requirement],
        capture_output=True,
        text=True,
    )
    assert fetched.returncode == 0, fetched.stderr[-2000:]
    for stale in house.glob("longtracer_integrations-*.whl"):
        stale.unlink()  # our own wheel is always the fresh build
    installed = subprocess.run([*offline, requirement], capture_output=True, text=True)
    assert installed.returncode == 0, installed.stderr[-2000:]


def run_in(python: Path, code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(python), "-c", code],
        capture_output=True,
        text=True,
        cwd="/",
        env={"PATH": "/usr/bin:/bin"},
    )


if __name__ == "__main__":  # manual check
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        py = make_core_only_env(Path(tmp))
        print(
            run_in(
                py,
                "import longtracer_core, sys; print(sorted(m for m in sys.modules if m.startswith('numpy'))[:3])",
            )
        )
        print(run_in(py, "import langchain_core").stderr[-200:], file=sys.stderr)
