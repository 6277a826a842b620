"""Spans: the units of evidence a claim is matched against."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..text.sentences import split_sentences

__all__ = ["Span", "SpanClass", "SpanGranularity", "split_source"]

SpanClass = Literal["truth", "cache"]
SpanGranularity = Literal["sentence", "window", "passage"]


@dataclass(frozen=True, slots=True)
class Span:
    """A slice of one source: ``source_text[start:end] == text``.

    ``span_class`` is ``truth`` for evidence, ``cache`` for material that may be
    shown for context but never supports a claim.
    """

    span_id: str
    source_id: str
    text: str
    start: int
    end: int
    span_class: SpanClass = "truth"
    source_index: int = 0


def split_source(
    source_id: str,
    text: str,
    *,
    granularity: SpanGranularity = "sentence",
    window: int = 2,
    span_class: SpanClass = "truth",
    source_index: int = 0,
) -> list[Span]:
    """Cut one source into spans with exact offsets.

    ``sentence``: one span per sentence. ``window``: every run of ``window``
    consecutive sentences (plus each single sentence, so short facts are not
    diluted). ``passage``: the whole source as one span. Span ids are
    ``<source_id>#<first sentence>[-<last sentence>]``, stable for a given text.
    """
    sentences = [s for s in split_sentences(text) if s.kind != "code" or s.text.strip()]
    if not sentences:
        return []
    if granularity == "passage":
        first, last = sentences[0], sentences[-1]
        return [
            Span(
                f"{source_id}#all",
                source_id,
                text[first.start : last.end],
                first.start,
                last.end,
                span_class,
                source_index,
            )
        ]
    spans = [
        Span(f"{source_id}#{i}", source_id, s.text, s.start, s.end, span_class, source_index)
        for i, s in enumerate(sentences)
    ]
    if granularity == "window" and len(sentences) > 1:
        for size in range(2, window + 1):
            for i in range(0, len(sentences) - size + 1):
                a, b = sentences[i], sentences[i + size - 1]
                spans.append(
                    Span(
                        f"{source_id}#{i}-{i + size - 1}",
                        source_id,
                        text[a.start : b.end],
                        a.start,
                        b.end,
                        span_class,
                        source_index,
                    )
                )
        spans.sort(key=lambda sp: (sp.start, sp.end))
    return spans
