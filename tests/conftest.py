"""Shared test fixtures: the location of ../shared (data and bench files)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("LONGTRACER_SHARED", ROOT.parent / "shared"))


def shared_file(*parts: str) -> Path:
    """A file under ../shared; skip when absent, but fail under ``CI=true``.

    CI always has ../shared beside the clone, so a missing file there is a
    broken set-up, not a reason to skip.
    """
    path = SHARED.joinpath(*parts)
    if not path.exists():
        message = f"{path} not found (set LONGTRACER_SHARED to the shared folder)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return path
