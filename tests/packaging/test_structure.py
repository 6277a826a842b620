"""The shape of the shipped code holds: short modules and functions, no import cycle, docstrings.

The limits and the measurements are in ``tools/structure.py`` (``python -m tools.structure``
prints them). An entry in an allow-list below is a known excess waiting for its split; the
lists only shrink: an entry that no longer exceeds its limit fails the test until removed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.structure import (
    MAX_FUNCTION_LINES,
    MAX_MODULE_LINES,
    cycles,
    import_graph,
    load_modules,
    long_functions,
    long_modules,
    missing_docstrings,
    word_tables,
)

ROOT = Path(__file__).resolve().parents[2]

# module -> why it is still long (each one goes when its split lands)
LONG_MODULES_ALLOWED: dict[str, str] = {}

# The layers that read English hold no word table of their own: the tables are in
# longtracer_core.lexicon. module -> why it still holds its tables
READERS_OF_ENGLISH = (
    "longtracer_core.decompose",
    "longtracer_core.text",
    "longtracer_core.scoring",
)
WORD_TABLES_ALLOWED: dict[str, str] = {
    "longtracer_core.scoring.calibration:FEATURES": "feature names, not English",
    "longtracer_core.scoring.calibration:_GATES": "gate names, not English",
    "longtracer_core.scoring.findings:_GATE_CODES": "gate names to reason codes",
    "longtracer_core.scoring.gates:GATE_NAMES": "gate names, not English",
    "longtracer_core.scoring.numeric:_NAMED_DATE_GROUPS": "regular-expression group names",
}

# module:function -> why it is still long
LONG_FUNCTIONS_ALLOWED: dict[str, str] = {}


@pytest.fixture(scope="module")
def modules():
    return load_modules(ROOT)


def test_the_measure_sees_both_packages(modules):
    """The shipped modules of both packages are measured (a broken finder passes nothing)."""
    tops = {name.split(".")[0] for name in modules}
    assert tops == {"longtracer_core", "longtracer_integrations"}
    assert "longtracer_core.pipeline.verifier" in modules and len(modules) > 100


def test_no_module_over_the_limit(modules):
    """No shipped module is longer than MAX_MODULE_LINES, but for the allow-list."""
    found = long_modules(modules, MAX_MODULE_LINES)
    assert sorted(set(found) - set(LONG_MODULES_ALLOWED)) == []
    assert sorted(set(LONG_MODULES_ALLOWED) - set(found)) == [], "split: shrink the allow-list"


def test_no_function_over_the_limit(modules):
    """No function or method is longer than MAX_FUNCTION_LINES, but for the allow-list."""
    found = long_functions(modules, MAX_FUNCTION_LINES)
    assert sorted(set(found) - set(LONG_FUNCTIONS_ALLOWED)) == []
    assert sorted(set(LONG_FUNCTIONS_ALLOWED) - set(found)) == [], "split: shrink the allow-list"


def test_no_import_cycle(modules):
    """No two shipped modules import each other, directly or through others, at any level
    of the code (function-level imports count; `if TYPE_CHECKING:` imports do not)."""
    assert cycles(import_graph(modules)) == []


def test_word_lists_live_in_the_lexicon(modules):
    """Decomposition, text and scoring modules define no word table (a collection of five or
    more words); the lexicon does, each table once."""
    readers = {name: m for name, m in modules.items() if name.startswith(READERS_OF_ENGLISH)}
    found = {f"{module}:{name}" for module, names in word_tables(readers).items() for name in names}
    assert sorted(found - set(WORD_TABLES_ALLOWED)) == []
    assert sorted(set(WORD_TABLES_ALLOWED) - set(found)) == [], "moved: shrink the allow-list"
    lexicon = {name: m for name, m in modules.items() if name.startswith("longtracer_core.lexicon")}
    assert word_tables(lexicon), "the lexicon holds the tables"


def test_no_lexicon_table_is_defined_twice():
    """No two tables of the lexicon hold the same words."""
    import importlib
    import pkgutil

    import longtracer_core.lexicon as lexicon

    seen: dict[frozenset[str], str] = {}
    for info in pkgutil.iter_modules(lexicon.__path__):
        module = importlib.import_module(f"longtracer_core.lexicon.{info.name}")
        for name in module.__all__:
            table = getattr(module, name)
            if isinstance(table, frozenset | tuple | dict) and len(table) >= 5:
                words = frozenset(table)
                assert words not in seen, f"{info.name}.{name} repeats {seen.get(words)}"
                seen[words] = f"{info.name}.{name}"


def test_every_module_has_a_docstring(modules):
    """Every shipped module says what it is for."""
    assert missing_docstrings(modules) == []


def test_the_cycle_finder_finds_a_cycle_through_a_function_level_import(tmp_path):
    """A cycle closed only by an import inside a function is found; one under TYPE_CHECKING
    is not (the check can fail)."""
    pkg = tmp_path / "src" / "pkg"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text('"""p."""\n')
    (pkg / "a.py").write_text('"""a."""\nfrom . import b\n')
    (pkg / "b.py").write_text('"""b."""\ndef f():\n    from .a import g\n')
    (pkg / "c.py").write_text(
        '"""c."""\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .d import x\n'
    )
    (pkg / "d.py").write_text('"""d."""\nfrom .c import y\n')
    found = cycles(import_graph(load_modules(tmp_path)))
    assert found == [["pkg.a", "pkg.b"]]
