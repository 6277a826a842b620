"""Shared test fixtures: the location of ../shared (data and bench files)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("LONGTRACER_SHARED", ROOT.parent / "shared"))


def shared_file(*parts: str) -> Path:
    """A file under ../shared, or skip the test with the reason when it is absent."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} not found (set LONGTRACER_SHARED to the shared folder)")
    return path
