"""Logged records in, checked inputs out: one ``CaseInput`` or one ``BadRecord`` per record.

A log line or table row holds an answer, the sources retrieved for it and,
optionally, an id and the question. Decoding never raises: whatever is wrong
with a record becomes a ``BadRecord`` naming the field and the problem
(``InputProblem``), so one broken record costs one INVALID_INPUT row and
never the job. Text that is not valid Unicode (a lone surrogate, which JSON
may legally carry as ``"\\ud800"``) is refused here, before it can reach a
model or an output file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..hashing import short_hash

__all__ = [
    "AuditKeys",
    "BadRecord",
    "CaseInput",
    "InputProblem",
    "Where",
    "decode_line",
    "decode_record",
    "fallback_id",
    "representable",
]

_SURROGATE = re.compile("[\ud800-\udfff]")


class InputProblem(StrEnum):
    """What is wrong with a record that cannot be verified (the row's ``input_problem``)."""

    MISSING = "missing"  # the field is absent
    NULL = "null"  # the field is null where a value is needed
    WRONG_TYPE = "wrong_type"  # e.g. a number where text is needed, sources not a list
    SURROGATE = "surrogate"  # text with a lone surrogate: not valid Unicode
    NOT_JSON = "not_json"  # a line that is not JSON
    UNDECODABLE = "undecodable"  # a line whose bytes are not UTF-8
    OVERSIZE = "oversize"  # a record past the reader's size limit
    UNREADABLE = "unreadable"  # a file (or the rest of one) that cannot be read


@dataclass(frozen=True)
class AuditKeys:
    """Which field of a record holds what. ``question`` and ``id`` are optional fields."""

    answer: str = "answer"
    sources: str = "sources"
    question: str | None = "question"
    id: str | None = "id"


@dataclass(frozen=True)
class Where:
    """A record's place: its file (relative to the audit's input) and row (from 1)."""

    file: str
    row: int

    def __str__(self) -> str:
        return f"{self.file}:{self.row}"


@dataclass(frozen=True)
class CaseInput:
    """A record that can be verified."""

    case_id: str
    answer: str
    sources: list[Any]
    question: str | None = None
    where: Where | None = None


@dataclass(frozen=True)
class BadRecord:
    """A record that cannot be verified, and why; it becomes an INVALID_INPUT case."""

    case_id: str
    answer: str
    message: str
    field: str | None = None
    problem: InputProblem | None = None
    where: Where | None = None


def fallback_id(*parts: Any) -> str:
    """A stable id for a record without one: the same record always gets the same id."""
    text = json.dumps(parts, sort_keys=True, ensure_ascii=False, default=str)
    return "sha256:" + short_hash(text)


def representable(text: str) -> str:
    """``text`` with each lone surrogate written as its escape (``\\ud800``): valid UTF-8."""
    if not _SURROGATE.search(text):
        return text
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def surrogate_at(value: Any, path: str) -> str | None:
    """The path of the first text inside ``value`` that holds a lone surrogate, or None."""
    if isinstance(value, str):
        return path if _SURROGATE.search(value) else None
    if isinstance(value, Mapping):
        for key, item in value.items():
            found = surrogate_at(key, f"{path} key") or surrogate_at(item, f"{path}.{key}")
            if found:
                return found
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            found = surrogate_at(item, f"{path}[{i}]")
            if found:
                return found
    return None


def _clean_source(item: Any) -> Any:
    """Drop null fields of an object source (a Parquet struct has every field, most null)."""
    if isinstance(item, Mapping):
        return {k: v for k, v in item.items() if v is not None}
    return item


def _sources(value: Any, key: str) -> list[Any] | tuple[InputProblem, str]:
    """The sources as a list, or the problem with them and a message saying what it is."""
    if value is None:  # nothing was retrieved: a case without evidence, not a broken record
        return []
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except (ValueError, RecursionError):
            return InputProblem.WRONG_TYPE, f"'{key}' is a string that is not JSON; expected a list"
        if isinstance(value, Mapping) and "sources" in value:
            value = value["sources"]
    if isinstance(value, (Mapping, str, bytes)) or not isinstance(value, Sequence):
        kind = type(value).__name__
        return InputProblem.WRONG_TYPE, f"'{key}' must be a list of sources, got {kind}"
    out = []
    for i, item in enumerate(value):
        if not isinstance(item, (str, Mapping)):
            kind = type(item).__name__
            return (
                InputProblem.WRONG_TYPE,
                f"{key}[{i}] must be a string or an object with 'text', got {kind}",
            )
        out.append(_clean_source(item))
    return out


def _record_id(raw: Any, where: Where | None, content: tuple[Any, ...]) -> tuple[str, str | None]:
    """The case id, and a message when the id field cannot be used as one."""
    fallback = str(where) if where is not None else fallback_id(*content)
    if raw is None or raw == "":
        return fallback, None
    if isinstance(raw, bool) or not isinstance(raw, (str, int)):
        return fallback, f"must be a string or an integer, got {type(raw).__name__}"
    text = str(raw)
    if _SURROGATE.search(text):
        return fallback, "holds a lone surrogate (not valid Unicode text)"
    return text, None


def _problem(
    record: Mapping[str, Any], keys: AuditKeys
) -> tuple[str, InputProblem, str] | list[Any]:
    """The record's first problem as (field, problem, message), else its checked sources."""
    answer = record.get(keys.answer)
    if keys.answer not in record:
        return keys.answer, InputProblem.MISSING, f"no '{keys.answer}' field"
    if answer is None:
        return keys.answer, InputProblem.NULL, f"'{keys.answer}' is null; expected a string"
    if not isinstance(answer, str):
        kind = type(answer).__name__
        return keys.answer, InputProblem.WRONG_TYPE, f"'{keys.answer}' must be a string, got {kind}"
    if keys.sources not in record:
        return keys.sources, InputProblem.MISSING, f"no '{keys.sources}' field"
    checked = _sources(record.get(keys.sources), keys.sources)
    if isinstance(checked, tuple):
        return keys.sources, *checked
    question = record.get(keys.question) if keys.question is not None else None
    if question is not None and not isinstance(question, str):
        kind = type(question).__name__
        message = f"'{keys.question}' must be a string or null, got {kind}"
        return str(keys.question), InputProblem.WRONG_TYPE, message
    for field, value in ((keys.answer, answer), (keys.sources, checked), (keys.question, question)):
        at = surrogate_at(value, str(field))
        if at is not None:
            message = f"'{at}' holds a lone surrogate (not valid Unicode text)"
            return str(field), InputProblem.SURROGATE, message
    return checked


def decode_record(
    record: Any, keys: AuditKeys = AuditKeys(), *, where: Where | None = None
) -> CaseInput | BadRecord:
    """Check one record (a mapping) and return what to verify, or why it cannot be.

    The case id is the record's id field; without one, ``where`` (``file:row``)
    when the record's place is known, else a hash of its content.
    """
    if not isinstance(record, Mapping):
        case_id = str(where) if where is not None else fallback_id(record)
        kind = type(record).__name__
        message = f"expected a JSON object, got {kind}"
        return BadRecord(case_id, "", message, "record", InputProblem.WRONG_TYPE, where)
    answer = record.get(keys.answer)
    question = record.get(keys.question) if keys.question is not None else None
    raw_id = record.get(keys.id) if keys.id is not None else None
    case_id, id_problem = _record_id(raw_id, where, (answer, record.get(keys.sources), question))
    text = answer if isinstance(answer, str) else ""
    checked = _problem(record, keys)
    if isinstance(checked, tuple):
        field, problem, message = checked
        return BadRecord(case_id, text, message, field, problem, where)
    if id_problem is not None and keys.id is not None:
        problem = InputProblem.SURROGATE if "surrogate" in id_problem else InputProblem.WRONG_TYPE
        message = f"'{keys.id}' {id_problem}"
        return BadRecord(case_id, text, message, keys.id, problem, where)
    return CaseInput(case_id, text, checked, question or None, where)


def decode_line(
    line: str | bytes, keys: AuditKeys = AuditKeys(), *, where: Where | None = None
) -> CaseInput | BadRecord:
    """Check one JSON Lines record; bytes that are not UTF-8 or text that is not JSON are bad."""
    fallback = str(where) if where is not None else fallback_id(line)
    if isinstance(line, bytes):
        raw = line
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            bad = raw[err.start : err.start + 1].hex()
            message = f"the line is not UTF-8 (byte 0x{bad} at offset {err.start})"
            return BadRecord(fallback, "", message, "line", InputProblem.UNDECODABLE, where)
    try:
        record = json.loads(line)
    except json.JSONDecodeError as err:
        message = f"invalid JSON ({err.msg} at column {err.colno})"
        return BadRecord(fallback, "", message, "line", InputProblem.NOT_JSON, where)
    except (ValueError, RecursionError) as err:  # a 5,000-digit number, nesting too deep
        message = f"invalid JSON ({type(err).__name__}: {str(err)[:120]})"
        return BadRecord(fallback, "", message, "line", InputProblem.NOT_JSON, where)
    return decode_record(record, keys, where=where)
