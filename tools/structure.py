"""Measure the shape of the shipped code: long modules, long functions, import cycles, docstrings.

    .venv/bin/python -m tools.structure [ROOT] [--json]

ROOT is a checkout (default: this one). Shipped packages are found under ``ROOT/src`` (the
``src`` layout) or, for trees from before it, named in the package-dir table of
``pyproject.toml``. ``tests/packaging/test_structure.py`` holds the limits with these
functions; the command prints the same figures for a closing note or an older tree.

An import cycle counts every import that runs: module level and inside functions, but not
imports under ``if TYPE_CHECKING:``. Importing ``a.b.c`` also runs the ``__init__`` of
``a.b`` and ``a`` unless the importer is inside them (a package's own ``__init__`` is
already running when its modules import each other).
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MAX_MODULE_LINES = 450
MAX_FUNCTION_LINES = 60


@dataclass
class Module:
    """One shipped module: its dotted name, file, text and parsed tree."""

    name: str
    path: Path
    is_package: bool
    text: str
    tree: ast.Module = field(repr=False)

    @property
    def lines(self) -> int:
        return len(self.text.splitlines())


def _package_roots(root: Path) -> dict[str, Path]:
    """Top-level package name → its folder."""
    src = root / "src"
    if src.is_dir():
        return {p.name: p for p in sorted(src.iterdir()) if (p / "__init__.py").is_file()}
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    remap = config["tool"]["setuptools"].get("package-dir", {})
    return {name: root / folder for name, folder in remap.items() if name}


def load_modules(root: Path) -> dict[str, Module]:
    """Every ``*.py`` of the shipped packages, by dotted name."""
    modules: dict[str, Module] = {}
    for top, folder in _package_roots(root).items():
        for path in sorted(folder.rglob("*.py")):
            parts = path.relative_to(folder).with_suffix("").parts
            is_package = parts[-1] == "__init__"
            name = ".".join((top, *parts[:-1]) if is_package else (top, *parts))
            text = path.read_text(encoding="utf-8")
            modules[name] = Module(name, path, is_package, text, ast.parse(text, str(path)))
    return modules


# -- long modules and functions ------------------------------------------------------------


def long_modules(modules: dict[str, Module], limit: int = MAX_MODULE_LINES) -> dict[str, int]:
    """Modules over ``limit`` lines → their length."""
    return {m.name: m.lines for m in modules.values() if m.lines > limit}


def _functions(
    node: ast.AST, prefix: str
) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
            yield f"{prefix}{child.name}", child
            yield from _functions(child, f"{prefix}{child.name}.")
        elif isinstance(child, ast.ClassDef):
            yield from _functions(child, f"{prefix}{child.name}.")
        else:
            yield from _functions(child, prefix)


def long_functions(modules: dict[str, Module], limit: int = MAX_FUNCTION_LINES) -> dict[str, int]:
    """``module:qualname`` of functions over ``limit`` lines (``def`` to last line)."""
    found: dict[str, int] = {}
    for m in modules.values():
        for qualname, fn in _functions(m.tree, ""):
            length = (fn.end_lineno or fn.lineno) - fn.lineno + 1
            if length > limit:
                found[f"{m.name}:{qualname}"] = length
    return found


def missing_docstrings(modules: dict[str, Module]) -> list[str]:
    """Modules without a docstring."""
    return sorted(m.name for m in modules.values() if ast.get_docstring(m.tree) is None)


# -- word lists ----------------------------------------------------------------------------

_WORD = re.compile(r"[a-z][a-z'’-]*")


def _words(node: ast.AST) -> int:
    """How many lower-case words the string constants under ``node`` hold."""
    return sum(
        len([w for w in sub.value.split() if _WORD.fullmatch(w)])
        for sub in ast.walk(node)
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str)
    )


def word_tables(modules: dict[str, Module], min_words: int = 5) -> dict[str, list[str]]:
    """Module -> its module-level names bound to a collection of ``min_words`` or more
    lower-case words (a set, list, tuple or dict literal, or a call on one such as
    ``frozenset("... ...".split())``); ``__all__`` is not a table."""
    found: dict[str, list[str]] = {}
    for m in modules.values():
        for node in m.tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target, value = node.targets[0], node.value
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                target, value = node.target, node.value
            else:
                continue
            if not isinstance(target, ast.Name) or target.id == "__all__":
                continue
            shaped = isinstance(value, ast.Set | ast.List | ast.Tuple | ast.Dict | ast.Call)
            if shaped and _words(value) >= min_words:
                found.setdefault(m.name, []).append(target.id)
    return found


# -- imports -------------------------------------------------------------------------------


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_imports(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement that can run (``if TYPE_CHECKING:`` bodies left out)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child
        elif isinstance(child, ast.If) and _is_type_checking(child.test):
            for other in child.orelse:
                yield from _runtime_imports(ast.Module(body=[other], type_ignores=[]))
        else:
            yield from _runtime_imports(child)


def _absolute(module: Module, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = module.name.split(".")
    if not module.is_package:
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def _targets(module: Module, node: ast.Import | ast.ImportFrom, known: set[str]) -> set[str]:
    """The shipped modules an import statement runs (the named ones and their packages)."""
    if isinstance(node, ast.Import):
        named = {alias.name for alias in node.names}
    else:
        base = _absolute(module, node)
        named = {base} | {f"{base}.{alias.name}" for alias in node.names}
    targets: set[str] = set()
    for name in named:
        parts = name.split(".")
        for end in range(1, len(parts) + 1):
            prefix = ".".join(parts[:end])
            inside = module.name == prefix or module.name.startswith(prefix + ".")
            if prefix in known and not inside:
                targets.add(prefix)
    targets.discard(module.name)
    return targets


def import_graph(modules: dict[str, Module]) -> dict[str, set[str]]:
    """Module → the shipped modules it imports at run time (any level of the code)."""
    known = set(modules)
    return {
        m.name: {t for node in _runtime_imports(m.tree) for t in _targets(m, node, known)}
        for m in modules.values()
    }


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    sys.setrecursionlimit(max(10_000, sys.getrecursionlimit()))

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


# -- the report ----------------------------------------------------------------------------


def measure(root: Path) -> dict[str, Any]:
    """Every figure the structure test holds, for the tree at ``root``."""
    modules = load_modules(root)
    return {
        "modules": len(modules),
        "lines": sum(m.lines for m in modules.values()),
        "long_modules": dict(sorted(long_modules(modules).items(), key=lambda kv: -kv[1])),
        "long_functions": dict(sorted(long_functions(modules).items(), key=lambda kv: -kv[1])),
        "import_cycles": cycles(import_graph(modules)),
        "missing_docstrings": missing_docstrings(modules),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.structure", description=__doc__)
    parser.add_argument("root", nargs="?", default=str(Path(__file__).resolve().parents[1]))
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    report = measure(Path(args.root))
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{report['modules']} modules, {report['lines']} lines")
    for key in ("long_modules", "long_functions"):
        print(f"{key} ({len(report[key])}):")
        for name, n in report[key].items():
            print(f"  {n:4d}  {name}")
    print(f"import_cycles ({len(report['import_cycles'])}):")
    for component in report["import_cycles"]:
        print("  " + " <-> ".join(component))
    missing = report["missing_docstrings"]
    print(f"missing_docstrings ({len(missing)}): {missing}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
