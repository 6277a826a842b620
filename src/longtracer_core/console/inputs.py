"""Reading what the command line is given: an answer, source files, a configuration.

Every problem becomes a ``CliError`` whose message names the file (and the line,
for JSON Lines), with the exit code that says whose problem it is.
"""

from __future__ import annotations

import json
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from ..config import VerifyConfig
from ..errors import ConfigError
from .exits import CliError, ExitCode

__all__ = [
    "SOURCE_SUFFIXES",
    "iter_json_values",
    "load_config",
    "load_sources",
    "read_text",
]

# Files taken from a sources folder; a file named on the command line is read
# whatever its suffix (as text unless it is .json or .jsonl).
SOURCE_SUFFIXES = (".txt", ".text", ".md", ".markdown", ".rst", ".json", ".jsonl")
_SOURCE_KEYS = {"text", "source_id", "id", "class", "metadata", "title"}


def read_text(path: str, stdin: TextIO | None = None) -> str:
    """The UTF-8 text of ``path``; ``-`` reads standard input."""
    if path == "-":
        return (stdin or sys.stdin).read()
    file = Path(path)
    try:
        return file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CliError(f"{path}: no such file", ExitCode.NO_INPUT) from None
    except IsADirectoryError:
        raise CliError(f"{path}: is a folder, expected a file", ExitCode.NO_INPUT) from None
    except UnicodeDecodeError as err:
        raise CliError(
            f"{path}: not UTF-8 text (byte {err.start}: {err.reason})", ExitCode.DATA
        ) from None
    except OSError as err:
        raise CliError(f"{path}: {err.strerror or err}", ExitCode.NO_INPUT) from None


def iter_json_values(path: str, text: str) -> Iterator[tuple[int, Any]]:
    """(line number, value) of a ``.jsonl`` file, or (1, value) of one JSON document.

    A ``.jsonl`` file has one JSON value per non-blank line, lines ending at
    ``\n`` only (JSON Lines: a JSON string may hold U+0085, U+2028 or U+2029
    unescaped, which ``str.splitlines`` would take for line ends); anything else
    is read as one JSON document. Malformed JSON is a ``CliError`` naming file:line.
    """
    if path.endswith(".jsonl"):
        for number, line in enumerate(text.split("\n"), start=1):
            if not line.strip():
                continue
            try:
                yield number, json.loads(line)
            except json.JSONDecodeError as err:
                raise CliError(
                    f"{path}:{number}: invalid JSON ({err.msg} at column {err.colno})",
                    ExitCode.DATA,
                ) from None
        return
    try:
        yield 1, json.loads(text)
    except json.JSONDecodeError as err:
        raise CliError(
            f"{path}:{err.lineno}: invalid JSON ({err.msg} at column {err.colno})",
            ExitCode.DATA,
        ) from None


def _source_item(value: Any, where: str, default_id: str) -> dict[str, Any]:
    """One source from a JSON value: a string, or an object with ``text``."""
    if isinstance(value, str):
        return {"text": value, "source_id": default_id}
    if not isinstance(value, dict):
        raise CliError(
            f"{where}: a source must be a string or an object with 'text', "
            f"got {type(value).__name__}",
            ExitCode.DATA,
        )
    text = value.get("text")
    if not isinstance(text, str):
        raise CliError(f"{where}: a source object needs a string 'text'", ExitCode.DATA)
    unknown = sorted(set(value) - _SOURCE_KEYS)
    if unknown:
        raise CliError(
            f"{where}: unknown source field(s) {', '.join(unknown)} "
            f"(known: {', '.join(sorted(_SOURCE_KEYS))})",
            ExitCode.DATA,
        )
    span_class = value.get("class", "truth")
    if span_class not in ("truth", "cache"):
        raise CliError(f"{where}: class {span_class!r} is not 'truth' or 'cache'", ExitCode.DATA)
    sid = value.get("source_id", value.get("id"))
    item: dict[str, Any] = {
        "text": text,
        "source_id": str(sid) if sid not in (None, "") else default_id,
        "class": span_class,
    }
    if isinstance(value.get("metadata"), dict):
        item["metadata"] = value["metadata"]
    return item


def _sources_of_file(path: str, label: str, stdin: TextIO | None) -> list[dict[str, Any]]:
    text = read_text(path, stdin)
    if not path.endswith((".json", ".jsonl")):
        return [{"text": text, "source_id": label, "class": "truth"}]
    out: list[dict[str, Any]] = []
    for number, value in iter_json_values(path, text):
        if path.endswith(".jsonl"):
            out.append(_source_item(value, f"{path}:{number}", f"{label}:{number}"))
            continue
        items = value.get("sources") if isinstance(value, dict) and "text" not in value else value
        if isinstance(items, list):
            out.extend(
                _source_item(v, f"{path}: sources[{i}]", f"{label}#{i + 1}")
                for i, v in enumerate(items)
            )
        else:
            out.append(_source_item(items, path, label))
    return out


def load_sources(paths: list[str], stdin: TextIO | None = None) -> list[dict[str, Any]]:
    """Sources from files and folders, in the order given (a folder's files sorted by path).

    Text and markdown files are one source each, named by their path; ``.json``
    holds a list of sources (strings or ``{text, source_id, class}`` objects), an
    object with a ``sources`` list, or one source object; ``.jsonl`` holds one
    source per line. ``-`` reads one text source from standard input.
    """
    out: list[dict[str, Any]] = []
    for path in paths:
        folder = Path(path)
        if path != "-" and folder.is_dir():
            files = sorted(
                f
                for f in folder.rglob("*")
                if f.is_file()
                and f.suffix.lower() in SOURCE_SUFFIXES
                and not any(p.startswith(".") for p in f.relative_to(folder).parts)
            )
            if not files:
                raise CliError(
                    f"{path}: no source files ({', '.join(SOURCE_SUFFIXES)}) in this folder",
                    ExitCode.NO_INPUT,
                )
            for f in files:
                out.extend(_sources_of_file(str(f), f.relative_to(folder).as_posix(), stdin))
        else:
            out.extend(_sources_of_file(path, "stdin" if path == "-" else path, stdin))
    return out


def load_config(path: str | None, overrides: dict[str, Any] | None = None) -> VerifyConfig:
    """A ``VerifyConfig`` from a ``.toml`` or ``.json`` file (top-level keys are its fields).

    ``overrides`` (from command-line options) replace the file's values. An
    unreadable or malformed file, or a broken rule, is a ``CliError`` with exit
    code 78 (``CONFIG``) naming the file.
    """
    data: dict[str, Any] = {}
    if path is not None:
        text = read_text(path)
        try:
            loaded: Any = tomllib.loads(text) if path.endswith(".toml") else json.loads(text)
        except tomllib.TOMLDecodeError as err:
            raise CliError(f"{path}: invalid TOML ({err})", ExitCode.CONFIG) from None
        except json.JSONDecodeError as err:
            raise CliError(
                f"{path}:{err.lineno}: invalid JSON ({err.msg} at column {err.colno})",
                ExitCode.CONFIG,
            ) from None
        if not isinstance(loaded, dict):
            raise CliError(f"{path}: expected a table/object of settings", ExitCode.CONFIG)
        data = loaded
    data.update(overrides or {})
    try:
        return VerifyConfig.model_validate(data)
    except ConfigError as err:
        where = f"{path}: " if path else ""
        raise CliError(f"{where}{err}", ExitCode.CONFIG) from None
