"""docs/design/map.md states what each package may import; the code keeps to it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tools.structure import import_graph, load_modules

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "docs" / "design" / "map.md"
_TOPS = {"longtracer_core": "core", "longtracer_integrations": "integrations"}


def unit(module: str) -> str:
    """The map's name for a module's package: ``core.pipeline``, ``integrations.ray``, ``core``."""
    parts = module.split(".")
    top = _TOPS[parts[0]]
    return f"{top}.{parts[1]}" if len(parts) > 1 else top


def allowed() -> dict[str, set[str]]:
    """The map's import table: package -> the packages it may import (full names)."""
    rows = re.findall(r"^\| `([\w.]+)`[^|]*\| ([^|]+) \|$", MAP.read_text(encoding="utf-8"), re.M)
    table: dict[str, set[str]] = {}
    for name, cell in rows:
        top = name.split(".")[0]
        words = [w.strip() for w in cell.split(",") if w.strip() not in ("—", "")]
        table[name] = {"core:*" if w == "core" else f"{top}.{w}" for w in words}
    return table


@pytest.fixture(scope="module")
def graph():
    return import_graph(load_modules(ROOT))


def test_the_map_lists_every_package(graph):
    """Every package of the code has its row in the map (a new one gets a row)."""
    assert {unit(m) for m in graph} == set(allowed())


def test_every_import_is_one_the_map_allows(graph):
    """No package imports a package its row does not name (any import that runs counts)."""
    table = allowed()
    broken = []
    for module, targets in graph.items():
        source = unit(module)
        for target in targets:
            dest = unit(target)
            if dest == source:
                continue
            ok = dest in table[source] or (
                "core:*" in table[source] and dest.split(".")[0] == "core"
            )
            if not ok:
                broken.append(f"{module} -> {target}")
    assert broken == []


def test_the_check_can_fail():
    """The table is read: a package that may import nothing has an empty row."""
    table = allowed()
    assert table["core.errors"] == set() and "core.errors" in table["core.config"]
    assert "integrations.langchain" in table["integrations.langgraph"]
    assert "integrations.langgraph" not in table["integrations.langchain"]
