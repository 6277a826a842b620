"""``VerifyRequest``: one case as the caller gave it, and batch items read into one.

A request carries the raw arguments; ``check_request`` validates their types
(``InvalidInputError``, which the verifier turns into an INVALID_INPUT case).
A batch item that cannot be read (unknown keys, no response, not a mapping or a
pair) becomes a request whose ``problem`` says why, so it gets its own
INVALID_INPUT case and the other items are still verified.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidInputError

__all__ = ["ITEM_KEYS", "VerifyRequest", "batch_request", "check_request", "check_response"]

ITEM_KEYS = frozenset(
    {"response", "sources", "source_metadata", "case_id", "detect_conflicts", "question"}
)


@dataclass(frozen=True)
class VerifyRequest:
    """The arguments of one verification, as given (validated by ``check_request``)."""

    response: Any
    sources: Any
    source_metadata: Any = None
    case_id: Any = None
    detect_conflicts: Any = False
    question: Any = None  # the user's question: its names are theirs, not the answer's inventions
    problem: str | None = None  # why a batch item could not be read

    def resolved_id(self) -> str:
        """The caller's case id, or a fresh random one."""
        cid = self.case_id
        return cid if isinstance(cid, str) and cid else uuid.uuid4().hex[:16]

    def text(self) -> str:
        """The response if it is a string, else ``""`` (for error records)."""
        return self.response if isinstance(self.response, str) else ""


def check_response(response: Any) -> None:
    if not isinstance(response, str):
        raise InvalidInputError(f"response must be a string, got {type(response).__name__}")


def check_request(request: VerifyRequest) -> None:
    """Raise ``InvalidInputError`` for a request whose arguments have the wrong types."""
    if request.problem is not None:
        raise InvalidInputError(request.problem)
    check_response(request.response)
    if request.case_id is not None and not isinstance(request.case_id, str):
        raise InvalidInputError(f"case_id must be a string, got {type(request.case_id).__name__}")
    if not isinstance(request.detect_conflicts, bool):
        raise InvalidInputError("detect_conflicts must be a bool")
    if request.question is not None and not isinstance(request.question, str):
        raise InvalidInputError(
            f"question must be a string or None, got {type(request.question).__name__}"
        )


def batch_request(item: Any, index: int) -> VerifyRequest:
    """A ``verify_batch`` item (a mapping with ``ITEM_KEYS`` or a ``(response, sources)``
    pair) as a request; an unreadable item gets a request with a ``problem``."""
    if isinstance(item, Mapping):
        unknown = set(item) - ITEM_KEYS
        if unknown or "response" not in item:
            names = ", ".join(sorted(map(repr, unknown)))
            return VerifyRequest(
                response=item.get("response", object()),
                sources=item.get("sources", object()),
                case_id=item.get("case_id"),
                problem=f"item {index} has unknown keys: {names}"
                if unknown
                else f"item {index} has no 'response'",
            )
        return VerifyRequest(
            response=item["response"],
            sources=item.get("sources", []),
            source_metadata=item.get("source_metadata"),
            case_id=item.get("case_id"),
            detect_conflicts=item.get("detect_conflicts", False),
            question=item.get("question"),
        )
    if isinstance(item, Sequence) and not isinstance(item, (str, bytes)) and len(item) == 2:
        return VerifyRequest(response=item[0], sources=item[1])
    return VerifyRequest(response=object(), sources=object(), case_id=f"item_{index}")
