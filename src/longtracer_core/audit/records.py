"""Logged records in, checked inputs out: one ``CaseInput`` or one ``BadRecord`` per record.

A log line or table row holds an answer, the sources retrieved for it and,
optionally, an id and the question. Decoding never raises: whatever is wrong
with a record becomes a ``BadRecord`` whose message says what, so one broken
record costs one INDETERMINATE row and never the job.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..hashing import short_hash

__all__ = ["AuditKeys", "BadRecord", "CaseInput", "decode_line", "decode_record", "fallback_id"]


@dataclass(frozen=True)
class AuditKeys:
    """Which field of a record holds what. ``question`` and ``id`` are optional fields."""

    answer: str = "answer"
    sources: str = "sources"
    question: str | None = "question"
    id: str | None = "id"


@dataclass(frozen=True)
class CaseInput:
    """A record that can be verified."""

    case_id: str
    answer: str
    sources: list[Any]
    question: str | None = None


@dataclass(frozen=True)
class BadRecord:
    """A record that cannot be verified, and why; it becomes an INDETERMINATE case."""

    case_id: str
    answer: str
    message: str


def fallback_id(*parts: Any) -> str:
    """A stable id for a record without one: the same record always gets the same id."""
    text = json.dumps(parts, sort_keys=True, ensure_ascii=False, default=str)
    return "sha256:" + short_hash(text)


def _clean_source(item: Any) -> Any:
    """Drop null fields of an object source (a Parquet struct has every field, most null)."""
    if isinstance(item, Mapping):
        return {k: v for k, v in item.items() if v is not None}
    return item


def _sources(value: Any, key: str) -> list[Any] | str:
    """The sources as a list, or a message saying what is wrong with them."""
    if value is None:  # nothing was retrieved: a case without evidence, not a broken record
        return []
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except json.JSONDecodeError:
            return f"'{key}' is a string that is not JSON; expected a list of sources"
        if isinstance(value, Mapping) and "sources" in value:
            value = value["sources"]
    if isinstance(value, (Mapping, str, bytes)) or not isinstance(value, Sequence):
        return f"'{key}' must be a list of sources, got {type(value).__name__}"
    out = []
    for i, item in enumerate(value):
        if not isinstance(item, (str, Mapping)):
            kind = type(item).__name__
            return f"{key}[{i}] must be a string or an object with 'text', got {kind}"
        out.append(_clean_source(item))
    return out


def decode_record(record: Any, keys: AuditKeys = AuditKeys()) -> CaseInput | BadRecord:
    """Check one record (a mapping) and return what to verify, or why it cannot be."""
    if not isinstance(record, Mapping):
        return BadRecord(
            fallback_id(record), "", f"expected a JSON object, got {type(record).__name__}"
        )
    raw_id = record.get(keys.id) if keys.id is not None else None
    answer = record.get(keys.answer)
    sources = record.get(keys.sources)
    question = record.get(keys.question) if keys.question is not None else None
    case_id = str(raw_id) if raw_id not in (None, "") else fallback_id(answer, sources, question)
    text = answer if isinstance(answer, str) else ""
    if keys.answer not in record:
        return BadRecord(case_id, text, f"no '{keys.answer}' field")
    if not isinstance(answer, str):
        return BadRecord(
            case_id, text, f"'{keys.answer}' must be a string, got {type(answer).__name__}"
        )
    if keys.sources not in record:
        return BadRecord(case_id, text, f"no '{keys.sources}' field")
    checked = _sources(sources, keys.sources)
    if isinstance(checked, str):
        return BadRecord(case_id, text, checked)
    if question is not None and not isinstance(question, str):
        return BadRecord(
            case_id,
            text,
            f"'{keys.question}' must be a string or null, got {type(question).__name__}",
        )
    return CaseInput(case_id, answer, checked, question or None)


def decode_line(line: str, keys: AuditKeys = AuditKeys()) -> CaseInput | BadRecord:
    """Check one JSON Lines record; a line that is not JSON is a ``BadRecord``."""
    try:
        record = json.loads(line)
    except json.JSONDecodeError as err:
        return BadRecord(fallback_id(line), "", f"invalid JSON ({err.msg} at column {err.colno})")
    return decode_record(record, keys)
