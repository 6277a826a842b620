"""Labelled records for evaluation, and how QA answers become claims."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..decompose.rules import RuleBasedDecomposer
from ..decompose.types import Decomposition, DraftClaim
from ..errors import InvalidInputError
from ..text.words import lex_tokens

__all__ = [
    "LABELS",
    "QA_SHORT_ANSWER_TOKENS",
    "EvalRecord",
    "QuestionAnswerDecomposer",
    "RecordFormatError",
    "load_records",
]

LABELS = ("supported", "hallucinated")

# An answer with at most this many tokens is read together with its question.
QA_SHORT_ANSWER_TOKENS = 12


@dataclass(frozen=True)
class EvalRecord:
    """One labelled response: the shape of ``shared/data/*.jsonl``."""

    id: str
    sources: tuple[str, ...]
    response: str
    question: str | None
    label: str  # "supported" | "hallucinated"
    spans: tuple[tuple[int, int, str], ...] = ()
    task_type: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def hallucinated(self) -> bool:
        return self.label == "hallucinated"


class RecordFormatError(InvalidInputError):
    """A records file breaks the format; the message starts with ``path:line:``."""

    def __init__(self, path: Path, line: int, problem: str) -> None:
        super().__init__(f"{path}:{line}: {problem}")
        self.path = path
        self.line = line


def _record(path: Path, line: int, record: Any, index: int) -> EvalRecord:
    """One checked record; every broken rule names its line."""
    if not isinstance(record, dict):
        raise RecordFormatError(path, line, f"expected a JSON object, got {type(record).__name__}")
    label = record.get("response_label")
    if label not in LABELS:
        found = "missing" if label is None else repr(label)
        raise RecordFormatError(
            path, line, f"response_label is {found}; expected 'supported' or 'hallucinated'"
        )
    response = record.get("response")
    if not isinstance(response, str):
        raise RecordFormatError(path, line, "response must be a string")
    sources = record.get("source_text")
    if isinstance(sources, str):
        sources = [sources]
    if not isinstance(sources, list) or not all(isinstance(s, str) for s in sources):
        raise RecordFormatError(path, line, "source_text must be a string or a list of strings")
    question = record.get("question")
    if question is not None and not isinstance(question, str):
        raise RecordFormatError(path, line, "question must be a string or null")
    try:
        spans = tuple(
            (int(s["start"]), int(s["end"]), str(s.get("label_type", "")))
            for s in record.get("hallucination_spans") or []
        )
    except (KeyError, TypeError, ValueError, AttributeError):
        raise RecordFormatError(
            path, line, "hallucination_spans must be objects with integer start and end"
        ) from None
    return EvalRecord(
        id=str(record.get("id", index)),
        sources=tuple(sources),
        response=response,
        question=question,
        label=label,
        spans=spans,
        task_type=str(record.get("task_type", "")),
    )


def load_records(path: str | Path, limit: int | None = None) -> list[EvalRecord]:
    """Read a JSONL file of labelled records (the format of ``shared/data/*.jsonl``).

    One JSON object per line: ``source_text`` (string or list of strings),
    ``response``, ``response_label`` (``supported`` | ``hallucinated``, required),
    optional ``id``, ``question``, ``hallucination_spans`` and ``task_type``.
    A malformed line raises ``RecordFormatError`` naming ``path:line``.
    """
    file = Path(path)
    out: list[EvalRecord] = []
    for line, record in _iter_jsonl(file):
        out.append(_record(file, line, record, len(out)))
        if limit is not None and len(out) >= limit:
            break
    return out


def _iter_jsonl(path: Path) -> Iterator[tuple[int, Any]]:
    with path.open(encoding="utf-8") as fh:
        for number, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                yield number, json.loads(line)
            except json.JSONDecodeError as err:
                raise RecordFormatError(
                    path, number, f"invalid JSON ({err.msg} at column {err.colno})"
                ) from None


def qa_claim_text(question: str, answer: str) -> str:
    """A short QA answer read with its question: ``"<question> <answer>."``.

    "Which magazine was started first, A or B?" + "A" becomes "Which magazine was
    started first, A or B? A." The question gives the answer its meaning (a bare
    "yes" or a name asserts nothing), so it is part of what is checked; the
    question's own words are usually in the evidence, so what decides the score
    is whether the answer's words and figures are.
    """
    answer = answer.strip().rstrip(".")
    return f"{question.strip()} {answer}."


class QuestionAnswerDecomposer:
    """For QA records: a short answer becomes one claim together with its question.

    Longer answers (full sentences) go through the rule-based decomposer. The
    claim's span is the whole answer, so policies act on the answer text.
    """

    name = "qa"

    def __init__(self, question: str, short_tokens: int = QA_SHORT_ANSWER_TOKENS) -> None:
        self.question = question
        self.short_tokens = short_tokens
        self._rules = RuleBasedDecomposer()
        self.prompt_hash = self._rules.prompt_hash

    def reads_question(self, draft: str) -> bool:
        """Whether ``draft`` is short enough to be read together with the question."""
        return len(lex_tokens(draft)) <= self.short_tokens

    def decompose(self, draft: str) -> Decomposition | Sequence[DraftClaim]:
        if not self.reads_question(draft):
            return self._rules.decompose(draft)
        start = len(draft) - len(draft.lstrip())
        end = len(draft.rstrip())
        if end <= start:
            return []
        text = qa_claim_text(self.question, draft)
        return Decomposition(
            claims=(DraftClaim(text, start, end),),
            decomposer=self.name,
            prompt_hash=self.prompt_hash,
        )

    async def adecompose(self, draft: str) -> Decomposition | Sequence[DraftClaim]:
        return self.decompose(draft)
