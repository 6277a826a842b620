"""The realistic RAG corpus: chat-style answers with every sentence labelled.

A corpus file is JSONL, one answer per line::

    {"id": "health-03-error", "group": "health-03", "split": "dev", "domain": "health",
     "question": "...", "sources": [{"source_id": "S1", "title": "...", "text": "..."}],
     "writer": "human", "answer": "...", "answer_label": "faithful" | "has_error",
     "sentences": [{"text": "<exact substring of answer>", "label": "faithful" | "error"
                    | "non_claim", "tags": [...],
                    "error": {"type": ..., "evidence": ..., "planted": <class, optional>}}]}

``writer`` (optional, default ``"human"``) says who wrote the answer: a person,
a model (``"qwen2.5-coder-1.5b-instruct-q4_k_m"``), or a model answer with one
error planted by hand (the model id + ``"+planted"``). A hand-written answer
with errors holds one or two; a model-written one holds what the model got
wrong. ``error.planted`` names the class of a planted error (``PLANTED_CLASSES``).
Model answers may carry their prompt ``style``, which the loader ignores.

Each group is one question and its sources; the hand-written part holds one
faithful answer and one with planted errors per group, the model-written part
(``model/`` beside it) more answers to the same groups. The dev/test split is
by group, so the answers to a question are never on different sides. Labelled
sentences appear in the answer in order and cover every word of it; what lies
between them may only be whitespace, markdown syntax or citation markers.
Folders are read with their sub-folders.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import regex

__all__ = [
    "ERROR_TYPES",
    "HUMAN",
    "PLANTED_CLASSES",
    "STYLE_TAGS",
    "CorpusError",
    "GoldSentence",
    "RealisticRecord",
    "load_realistic",
    "validate_corpus",
]

SentenceLabel = Literal["faithful", "error", "non_claim"]

# What makes a faithful sentence hard for a matcher (a sentence may carry several).
STYLE_TAGS = frozenset(
    {
        "verbatim",  # close to a source sentence
        "paraphrase",  # synonyms, restructured wording
        "pronoun",  # a pronoun whose antecedent is in an earlier sentence
        "definite_reference",  # "the company", "the drug" standing for a named entity
        "fusion",  # two source sentences or two sources in one sentence
        "reorder",  # clauses in another order than the source
        "lead_in",  # "Based on the sources, ...", "In short, ..."
        "hedge",  # "generally", "typically", still supported
        "summary",  # a closing sentence that sums up earlier ones
        "bullet",  # a markdown list item
        "bold_label",  # "**First dose:** ..."
        "heading_context",  # the meaning depends on a markdown heading above
        "table",  # a markdown table row
        "number_format",  # the same value written differently (1,000 / 1000 / one thousand)
        "unit_format",  # the same unit written differently (km / kilometres)
        "date_format",  # the same date written differently
        "citation",  # an inline citation marker, any style
        "semicolon",  # two statements joined by ";"
        "refusal",  # an honest "the sources do not say ..." (non_claim or part of one)
        "derived",  # a figure computed from stated ones (a total, "twice as many", 4 g for 4000 mg)
        "inference",  # a mild inference the evidence entails, not stated in so many words
        "question_context",  # applies the sources to a fact the user gave in the question
    }
)

# What a planted error does.
ERROR_TYPES = frozenset(
    {
        "figure",  # a changed number
        "unit",  # a changed unit (12 minutes for 12 hours)
        "date",  # a changed date
        "entity_swap",  # a name replaced by another name the sources hold
        "entity_absent",  # a name replaced by one found nowhere in the sources
        "figure_role",  # a figure the sources state, but for another fact (year, duration, amount)
        "antecedent",  # a pronoun or definite reference whose nearest antecedent makes it false
        "role_swap",  # subject and object, or two figures, exchanged
        "negation",  # a statement negated or a negation dropped
        "direction",  # increase/decrease, more/less, before/after reversed
        "causal",  # cause and effect reversed, or a causal link invented
        "unsupported_detail",  # a plausible detail no source states
        "overgeneralisation",  # "all"/"always"/"only" where the source is narrower
    }
)

# The classes of error planted in model-written answers (``error.planted``).
PLANTED_CLASSES = frozenset(
    {
        "figure_absent",  # a figure swapped to one the evidence lacks
        "figure_other_fact",  # a figure the evidence states for another fact
        "entity_absent",  # a name swapped to one found nowhere in the evidence
        "entity_in_evidence",  # a name swapped to another name the evidence holds
        "negation",  # polarity flipped
        "quantifier",  # a quantifier overgeneralised ("some" -> "all")
        "causal",  # a causal link invented
        "direction",  # a direction reversed (more/less, before/after, rise/fall)
        "unsupported_detail",  # a plausible detail no source states
    }
)

HUMAN = "human"

_CITATION_LEFTOVER = regex.compile(
    r"\[[^\]\n]{0,40}\]|【[^】]{0,20}】|\((?:source|src|doc|document|ref|passage)s?\.?\s*"
    r"[A-Za-z]?\d+(?:\s*[,;&]\s*[A-Za-z]?\d+)*\)|\^\[?\d+\]?|[¹²³⁴⁵⁶⁷⁸⁹⁰]+",
    flags=regex.IGNORECASE,
)
_LETTER = regex.compile(r"[\p{L}\p{N}]")


class CorpusError(ValueError):
    """A corpus record breaks a rule; the message names the record and the rule."""


@dataclass(frozen=True)
class GoldSentence:
    """One labelled unit of an answer: ``answer[start:end] == text``."""

    start: int
    end: int
    text: str
    label: SentenceLabel
    tags: tuple[str, ...] = ()
    error_type: str | None = None
    evidence: str | None = None
    planted: str | None = None


@dataclass(frozen=True)
class RealisticRecord:
    """One answer of the realistic corpus with its labelled sentences."""

    id: str
    group: str
    split: Literal["dev", "test"]
    domain: str
    question: str
    sources: tuple[dict[str, str], ...]
    answer: str
    answer_label: Literal["faithful", "has_error"]
    sentences: tuple[GoldSentence, ...]
    writer: str = HUMAN

    @property
    def has_error(self) -> bool:
        return self.answer_label == "has_error"

    def engine_sources(self) -> list[dict[str, str]]:
        """The sources as a RAG app passes them: text, id and, when it has one, title."""
        return [
            {"text": s["text"], "source_id": s["source_id"]}
            | ({"title": s["title"]} if s.get("title") else {})
            for s in self.sources
        ]


def _fail(rid: str, msg: str) -> CorpusError:
    return CorpusError(f"{rid}: {msg}")


def _sources(rid: str, raw: Any) -> tuple[dict[str, str], ...]:
    if not isinstance(raw, list) or not 2 <= len(raw) <= 5:
        raise _fail(rid, "sources must be a list of 2 to 5 passages")
    out: list[dict[str, str]] = []
    seen: set[str] = set()
    for i, src in enumerate(raw):
        if not isinstance(src, dict) or not isinstance(src.get("text"), str):
            raise _fail(rid, f"sources[{i}] needs a 'text' string")
        sid = str(src.get("source_id") or f"S{i + 1}")
        if sid in seen:
            raise _fail(rid, f"duplicate source_id {sid!r}")
        if not src["text"].strip():
            raise _fail(rid, f"sources[{i}] is empty")
        seen.add(sid)
        out.append({"source_id": sid, "title": str(src.get("title", "")), "text": src["text"]})
    return tuple(out)


def _sentence(rid: str, i: int, raw: Any, answer: str, cursor: int) -> GoldSentence:
    if not isinstance(raw, dict) or not isinstance(raw.get("text"), str) or not raw["text"]:
        raise _fail(rid, f"sentences[{i}] needs a non-empty 'text'")
    text = raw["text"]
    start = answer.find(text, cursor)
    if start < 0:
        where = "at all" if answer.find(text) < 0 else "after the previous sentence"
        raise _fail(rid, f"sentences[{i}] text is not in the answer {where}: {text[:60]!r}")
    label = raw.get("label")
    if label not in ("faithful", "error", "non_claim"):
        raise _fail(rid, f"sentences[{i}] label {label!r} is not faithful|error|non_claim")
    tags = tuple(raw.get("tags") or ())
    unknown = [t for t in tags if t not in STYLE_TAGS]
    if unknown:
        raise _fail(rid, f"sentences[{i}] has unknown tags {unknown}")
    error_type = evidence = planted = None
    if label == "error":
        err = raw.get("error")
        if not isinstance(err, dict) or err.get("type") not in ERROR_TYPES:
            raise _fail(rid, f"sentences[{i}] is an error without a valid error.type")
        error_type = str(err["type"])
        evidence = str(err.get("evidence") or "")
        if not evidence:
            raise _fail(rid, f"sentences[{i}] error needs 'evidence' (what the sources say)")
        planted = err.get("planted")
        if planted is not None and planted not in PLANTED_CLASSES:
            raise _fail(rid, f"sentences[{i}] error.planted {planted!r} is not a planted class")
    elif raw.get("error"):
        raise _fail(rid, f"sentences[{i}] has an error but label {label!r}")
    return GoldSentence(start, start + len(text), text, label, tags, error_type, evidence, planted)


def _check_cover(rid: str, answer: str, sentences: Sequence[GoldSentence]) -> None:
    """Between labelled sentences only whitespace, markdown syntax and citations remain."""
    pos = 0
    gaps: list[str] = []
    for s in sentences:
        gaps.append(answer[pos : s.start])
        pos = s.end
    gaps.append(answer[pos:])
    for gap in gaps:
        rest = _CITATION_LEFTOVER.sub("", gap)
        rest = regex.sub(r"(?m)^\s*(?:\d{1,3}[.)]|[-*+•>]|#{1,6})(?=\s)", "", rest)
        if _LETTER.search(rest):
            raise _fail(rid, f"answer text not covered by any labelled sentence: {gap.strip()!r}")


def parse_record(raw: dict[str, Any]) -> RealisticRecord:
    """Validate one JSON object and locate its sentences; ``CorpusError`` on any broken rule."""
    rid = str(raw.get("id") or "<no id>")
    for key in ("id", "group", "split", "domain", "question", "answer", "answer_label"):
        if not isinstance(raw.get(key), str) or not raw[key].strip():
            raise _fail(rid, f"missing or empty {key!r}")
    if raw["split"] not in ("dev", "test"):
        raise _fail(rid, "split must be dev or test")
    if raw["answer_label"] not in ("faithful", "has_error"):
        raise _fail(rid, "answer_label must be faithful or has_error")
    answer = raw["answer"]
    sentences: list[GoldSentence] = []
    cursor = 0
    for i, item in enumerate(raw.get("sentences") or []):
        s = _sentence(rid, i, item, answer, cursor)
        sentences.append(s)
        cursor = s.end
    if not sentences:
        raise _fail(rid, "no labelled sentences")
    _check_cover(rid, answer, sentences)
    writer = _writer(rid, raw.get("writer", HUMAN), sentences)
    errors = sum(s.label == "error" for s in sentences)
    if raw["answer_label"] == "faithful" and errors:
        raise _fail(rid, "a faithful answer holds an error sentence")
    most = 2 if writer == HUMAN else len(sentences)
    if raw["answer_label"] == "has_error" and not 1 <= errors <= most:
        raise _fail(
            rid, f"an answer with errors must have 1 to {most} error sentences, has {errors}"
        )
    return RealisticRecord(
        id=rid,
        group=raw["group"],
        split=raw["split"],
        domain=raw["domain"],
        question=raw["question"],
        sources=_sources(rid, raw.get("sources")),
        answer=answer,
        answer_label=raw["answer_label"],
        sentences=tuple(sentences),
        writer=writer,
    )


def _writer(rid: str, writer: Any, sentences: Sequence[GoldSentence]) -> str:
    """Who wrote the answer; a planted copy holds exactly one planted error sentence."""
    if not isinstance(writer, str) or not writer.strip():
        raise _fail(rid, "writer must be a non-empty string")
    planted = sum(s.planted is not None for s in sentences)
    if writer.endswith("+planted") and planted != 1:
        raise _fail(rid, f"a planted copy needs exactly one error.planted sentence, has {planted}")
    if not writer.endswith("+planted") and planted:
        raise _fail(rid, "error.planted is only for a writer ending in '+planted'")
    return writer


def _iter_lines(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    with path.open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as err:
                raise CorpusError(f"{path}:{n}: not JSON ({err.msg})") from None
            if not isinstance(obj, dict):
                raise CorpusError(f"{path}:{n}: not a JSON object")
            yield n, obj


def validate_corpus(records: Sequence[RealisticRecord]) -> None:
    """Rules across records: unique ids; per group one split and the same sources, and
    among the hand-written answers one faithful and one erroneous answer."""
    ids: set[str] = set()
    groups: dict[str, list[RealisticRecord]] = {}
    for r in records:
        if r.id in ids:
            raise _fail(r.id, "duplicate id")
        ids.add(r.id)
        groups.setdefault(r.group, []).append(r)
    for group, members in groups.items():
        labels = sorted(m.answer_label for m in members if m.writer == HUMAN)
        if labels and labels != ["faithful", "has_error"]:
            raise CorpusError(f"group {group}: needs one faithful and one has_error human answer")
        if len({m.split for m in members}) != 1:
            raise CorpusError(f"group {group}: all its answers must be in the same split")
        if len({json.dumps(m.sources, sort_keys=True) for m in members}) != 1:
            raise CorpusError(f"group {group}: all its answers must have the same sources")


def load_realistic(
    paths: str | Path | Sequence[str | Path], split: str | None = None
) -> list[RealisticRecord]:
    """Load and validate corpus files (or every ``*.jsonl`` in a folder and its
    sub-folders); filter by split."""
    items = [paths] if isinstance(paths, (str, Path)) else list(paths)
    files: list[Path] = []
    for item in items:
        p = Path(item)
        files.extend(sorted(p.rglob("*.jsonl")) if p.is_dir() else [p])
    records: list[RealisticRecord] = []
    for path in files:
        for n, obj in _iter_lines(path):
            try:
                records.append(parse_record(obj))
            except CorpusError as err:
                raise CorpusError(f"{path}:{n}: {err}") from None
    validate_corpus(records)
    if split is not None:
        records = [r for r in records if r.split == split]
    return records


if __name__ == "__main__":  # pragma: no cover - a tool for corpus authors
    import sys

    loaded = load_realistic(sys.argv[1:] or ["tests/realistic"])
    by_split = {s: sum(r.split == s for r in loaded) for s in ("dev", "test")}
    n_sent = sum(len(r.sentences) for r in loaded)
    writers = {w: sum(r.writer == w for r in loaded) for w in sorted({r.writer for r in loaded})}
    print(f"ok: {len(loaded)} answers, {n_sent} sentences, splits {by_split}, writers {writers}")
