"""Labelled records for evaluation, and how QA answers become claims."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..decompose.rules import RuleBasedDecomposer
from ..decompose.types import Decomposition, DraftClaim
from ..text.words import lex_tokens

__all__ = ["QA_SHORT_ANSWER_TOKENS", "EvalRecord", "QuestionAnswerDecomposer", "load_records"]

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


def load_records(path: str | Path, limit: int | None = None) -> list[EvalRecord]:
    """Read a JSONL file of records (``source_text``, ``response``, ``question``, ...)."""
    out: list[EvalRecord] = []
    for record in _iter_jsonl(Path(path)):
        sources = record.get("source_text") or []
        if isinstance(sources, str):
            sources = [sources]
        spans = tuple(
            (int(s["start"]), int(s["end"]), str(s.get("label_type", "")))
            for s in record.get("hallucination_spans") or []
        )
        out.append(
            EvalRecord(
                id=str(record.get("id", len(out))),
                sources=tuple(str(s) for s in sources),
                response=str(record.get("response", "")),
                question=record.get("question"),
                label=str(record.get("response_label", "supported")),
                spans=spans,
                task_type=str(record.get("task_type", "")),
            )
        )
        if limit is not None and len(out) >= limit:
            break
    return out


def _iter_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


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

    def decompose(self, draft: str) -> Decomposition | Sequence[DraftClaim]:
        if len(lex_tokens(draft)) > self.short_tokens:
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
