"""Packaging: one distribution exposes both import packages, editable and as a wheel."""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest

from longtracer_core.providers import BUNDLED_MODEL_SHA256
from tests.fresh_env import build_wheel

ROOT = Path(__file__).resolve().parents[2]


def _source_packages() -> set[str]:
    found = set()
    for name in ("longtracer_core", "longtracer_integrations"):
        for init in (ROOT / "src" / name).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT / "src" / name)
            found.add(".".join([name, *rel.parts]))
    return found


@pytest.mark.slow
def test_wheel_holds_both_packages_and_every_subpackage(tmp_path):
    """A built wheel contains longtracer_core and longtracer_integrations (from src/), whole."""
    wheel = build_wheel(tmp_path)
    names = zipfile.ZipFile(wheel).namelist()
    packages = {
        "/".join(n.split("/")[:-1]).replace("/", ".") for n in names if n.endswith("/__init__.py")
    }
    assert _source_packages() <= packages
    assert "longtracer_core/py.typed" in names
    assert "longtracer_core/contracts/schema.py" in names
    model = "longtracer_core/models/all-MiniLM-L6-v2-fp16/"
    for part in ("model.safetensors", "tokenizer.json", "config.json", "modules.json", "LICENSE"):
        assert model + part in names, part
    assert model + "1_Pooling/config.json" in names
    weights = zipfile.ZipFile(wheel).read(model + "model.safetensors")
    assert hashlib.sha256(weights).hexdigest() == BUNDLED_MODEL_SHA256
    assert not any(n.startswith(("src/", "tests/", "benchmarks/")) for n in names)
    metadata = next(n for n in names if n.endswith("METADATA"))
    text = zipfile.ZipFile(wheel).read(metadata).decode()
    for extra in (
        "langchain",
        "langgraph",
        "agents",
        "llamaindex",
        "otel",
        "phoenix",
        "embeddings",
        "all",
        "dev",
    ):
        assert f"Provides-Extra: {extra}" in text


def test_installed_packages_come_from_this_checkout():
    """The editable install maps both packages to src/ of this checkout."""
    import longtracer_core
    import longtracer_integrations

    assert Path(longtracer_core.__file__).resolve().parent == ROOT / "src" / "longtracer_core"
    assert (
        Path(longtracer_integrations.__file__).resolve().parent
        == ROOT / "src" / "longtracer_integrations"
    )
