"""The realistic RAG corpus: chat-style answers with every sentence labelled.

A corpus file is JSONL, one answer per line::

    {"id": "health-03-error", "group": "health-03", "split": "dev", "domain": "health",
     "question": "...", "sources": [{"source_id": "S1", "title": "...", "text": "..."}],
     "answer": "...", "answer_label": "faithful" | "has_error",
     "sentences": [{"text": "<exact substring of answer>", "label": "faithful" | "error"
                    | "non_claim", "tags": [...], "error": {"type": ..., "evidence": ...}}]}

Each group (one question and its sources) holds one faithful answer and one
answer with one or two planted errors; the dev/test split is by group, so the
two answers of a question are never on different sides. Labelled sentences
appear in the answer in order and cover every word of it; what lies between
them may only be whitespace, markdown syntax or citation markers.
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

    @property
    def has_error(self) -> bool:
        return self.answer_label == "has_error"


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
    error_type = evidence = None
    if label == "error":
        err = raw.get("error")
        if not isinstance(err, dict) or err.get("type") not in ERROR_TYPES:
            raise _fail(rid, f"sentences[{i}] is an error without a valid error.type")
        error_type = str(err["type"])
        evidence = str(err.get("evidence") or "")
        if not evidence:
            raise _fail(rid, f"sentences[{i}] error needs 'evidence' (what the sources say)")
    elif raw.get("error"):
        raise _fail(rid, f"sentences[{i}] has an error but label {label!r}")
    return GoldSentence(start, start + len(text), text, label, tags, error_type, evidence)


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
    errors = sum(s.label == "error" for s in sentences)
    if raw["answer_label"] == "faithful" and errors:
        raise _fail(rid, "a faithful answer holds an error sentence")
    if raw["answer_label"] == "has_error" and not 1 <= errors <= 2:
        raise _fail(rid, f"an answer with errors must have 1 or 2 error sentences, has {errors}")
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
    )


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
    """Rules across records: unique ids; per group one faithful and one erroneous answer,
    one split, one question and the same sources."""
    ids: set[str] = set()
    groups: dict[str, list[RealisticRecord]] = {}
    for r in records:
        if r.id in ids:
            raise _fail(r.id, "duplicate id")
        ids.add(r.id)
        groups.setdefault(r.group, []).append(r)
    for group, members in groups.items():
        labels = sorted(m.answer_label for m in members)
        if labels != ["faithful", "has_error"]:
            raise CorpusError(f"group {group}: needs one faithful and one has_error answer")
        if len({m.split for m in members}) != 1:
            raise CorpusError(f"group {group}: both answers must be in the same split")
        if len({json.dumps(m.sources, sort_keys=True) for m in members}) != 1:
            raise CorpusError(f"group {group}: both answers must have the same sources")


def load_realistic(
    paths: str | Path | Sequence[str | Path], split: str | None = None
) -> list[RealisticRecord]:
    """Load and validate corpus files (or every ``*.jsonl`` in a folder); filter by split."""
    items = [paths] if isinstance(paths, (str, Path)) else list(paths)
    files: list[Path] = []
    for item in items:
        p = Path(item)
        files.extend(sorted(p.glob("*.jsonl")) if p.is_dir() else [p])
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
    print(f"ok: {len(loaded)} answers, {n_sent} sentences, splits {by_split}")
