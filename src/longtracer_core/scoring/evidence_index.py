"""The evidence of one case read once for the evidence-wide checks (``evidence.py``).

Each source's sentences with their content words, figures and clauses, and its names
(``read_source``, pure in a source's id and text, so a verifier caches it); the case's
index of them (``evidence_index``); and the sentence that speaks of a claim's words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from ..text.memo import short_text_cache
from ..text.sentences import split_sentences
from ..text.words import lex_tokens, stem
from .claim_figures import checkable
from .clause_checks import content_words
from .clause_words import SentenceClauses, read_sentence
from .derivation import derived_values
from .figures import Need, SpanFigures, figure_kind, needs_met, span_figures, states_value
from .names import NameIndex, name_index
from .numeric import _scan_items
from .period_idioms import period_readings
from .periods import date_parts
from .topics import Topic, topics

__all__ = [
    "claim_content",
    "claim_words",
    "context_words",
    "EvidenceIndex",
    "EvidenceSentence",
    "SourceEvidence",
    "closest_sentence",
    "evidence_index",
    "figure_kinds",
    "read_source",
    "stated_by",
]


def _content(text: str) -> frozenset[str]:
    return frozenset(content_words(text))


@dataclass(frozen=True)
class EvidenceSentence:
    """One sentence of the evidence: where it is, its content words and figures."""

    source_id: str
    text: str
    content: frozenset[str]
    figures: SpanFigures
    kinds: tuple[tuple[str, str], ...]  # (kind, value) of each figure it states
    clauses: SentenceClauses  # read for toggles
    topic: Topic | None = None  # what its passage named before it (``topics.py``)
    worded: frozenset[tuple[str, str]] = frozenset()  # those of ``kinds`` written in words


@dataclass(frozen=True)
class EvidenceIndex:
    """What a case's evidence offers the evidence-wide checks."""

    sentences: tuple[EvidenceSentence, ...]
    figures: SpanFigures  # every figure every source states
    derived: frozenset[str]  # values derived from one sentence's figures (never years)
    names: NameIndex
    vocabulary: frozenset[str] = frozenset()  # every content word (stem) of every sentence


@short_text_cache(maxsize=1024)
def figure_kinds(text: str) -> tuple[tuple[str, str], ...]:
    """(kind, value) of each figure ``text`` states as a fact, a quantity in words with its
    unit too ("five years"; not "the two sides"): a number that is part of a name or code
    ("PEP 684", "Article 33") is read as in a claim, as no figure. Read once
    per text: the user's question is asked for by every claim of its answer, twice (the
    matcher's derived figures and the evidence checks)."""
    return tuple((kind, value) for kind, value, _ in _read_kinds(text))


def worded_kinds(text: str) -> frozenset[tuple[str, str]]:
    """(kind, value) of the quantities ``text`` writes in words ("five years")."""
    return frozenset((kind, value) for kind, value, worded in _read_kinds(text) if worded)


@short_text_cache(maxsize=1024)
def _read_kinds(text: str) -> tuple[tuple[str, str, bool], ...]:
    out = []
    for item in (*_scan_items(text, lenient=True), *period_readings(text)):
        if item.kind == "num" and not checkable(text, item.start, item.end):
            continue
        if item.kind in ("num", "date", "time", "word"):
            kind = figure_kind(text, item.start, item.end, item.kind, item.number)
            if item.kind != "word" or kind.startswith("unit:"):  # "five years", not "two sides"
                out.append((kind, item.readings[0], item.kind == "word"))
    return tuple(out)


@dataclass(frozen=True)
class SourceEvidence:
    """One source read once (pure in its id and text, so a verifier caches it)."""

    sentences: tuple[EvidenceSentence, ...]
    names: NameIndex


def read_source(source_id: str, text: str) -> SourceEvidence:
    """The sentences of one source, with their content words, figures and topics, and its
    names."""
    read = [(s.text, read_sentence(s.text)) for s in split_sentences(text)]
    named = topics((source_id, t, [c.words for c in r.clauses]) for t, r in read)
    sentences = tuple(
        EvidenceSentence(
            source_id, t, _content(t), span_figures(t), figure_kinds(t), r, topic, worded_kinds(t)
        )
        for (t, r), topic in zip(read, named, strict=True)
    )
    return SourceEvidence(sentences, name_index([text]))


def evidence_index(
    sources: Iterable[tuple[str, str]],
    read: Callable[[str, str], SourceEvidence] = read_source,
    titles: Sequence[str] = (),
) -> EvidenceIndex:
    """Index the evidence of one case: (source id, text) of every truth source, each read
    by ``read`` (a verifier passes its cached reader). The sources' ``titles`` are name
    evidence too ("Norvale Systems – Sick Leave" names Norvale Systems), never figures."""
    parts = [read(source_id, text) for source_id, text in sources]
    sentences = tuple(s for part in parts for s in part.sentences)
    values: set[str] = set()
    numbers: list[Decimal] = []
    stated: list[tuple[str, Decimal]] = []
    for s in sentences:
        values.update(s.figures.values)
        numbers.extend(s.figures.numbers)
        stated.extend(s.figures.stated)
    union = SpanFigures(frozenset(values), tuple(numbers), tuple(stated))
    names = NameIndex.union([*(part.names for part in parts), name_index(titles)])
    vocabulary = frozenset(w for s in sentences for w in s.content)
    return EvidenceIndex(sentences, union, derived_values(sentences), names, vocabulary)


def stated_by(
    need: Need, kind: str, index: EvidenceIndex, aligned: EvidenceSentence | None
) -> bool:
    """``need`` stated by the evidence, derived from one of its sentences (not for years,
    dates or times), or — for a full date — its year and month-day in one sentence or two
    neighbouring ones of one source, where the sentence of the day does not date it in
    another year ("17 September 2012" is no 17 September 2007, whatever year the next
    sentence names). A bound ("up to £2,500") is met by its own value anywhere, as written
    (no rounding: "up to 6 times a day" is not met by "£6.49"), by a value within it only
    in the sentence that speaks of it (``aligned``): the case holds smaller sums for other
    things."""
    if need.hedge in ("min", "max"):
        if states_value(need, index.figures):
            return True
        if aligned is not None and needs_met([need], aligned.figures):
            return True
    elif needs_met([need], index.figures):
        return True
    if kind not in ("year", "date", "time") and any(r in index.derived for r in need.readings):
        return True
    year, month, day = date_parts(need.readings[0]) if kind == "date" else (None, None, None)
    if not (year and month and day):
        return False
    sents = index.sentences
    for i, s in enumerate(sents):
        if f"--{month}-{day}" not in s.figures.values and need.readings[0] not in s.figures.values:
            continue
        if any(v[:1] != "-" and v.endswith(f"-{month}-{day}") for v in s.figures.values):
            continue  # the sentence dates that day itself, in another year ("17 September 2012")
        near = [x for x in sents[max(0, i - 1) : i + 2] if x.source_id == s.source_id]
        if any(year in x.figures.values for x in near):
            return True
    return False


def closest_sentence(
    claim: frozenset[str], index: EvidenceIndex
) -> tuple[EvidenceSentence | None, float]:
    """The evidence sentence that holds most of ``claim``'s content words, and that share."""
    if not claim or not index.sentences:
        return None, 0.0
    best = max(index.sentences, key=lambda s: len(claim & s.content))
    return best, len(claim & best.content) / len(claim)


def context_words(context: Sequence[str]) -> frozenset[str]:
    """The words a claim took from its context (and the user's question): never held
    against it."""
    return frozenset(w for phrase in context for w in lex_tokens(phrase))


def claim_content(claim: str, optional: frozenset[str]) -> frozenset[str]:
    """The claim's content words, those it took from its context left out."""
    return frozenset(content_words(claim)) - frozenset(stem(w) for w in optional)


def claim_words(claim: str, index: EvidenceIndex, context: Sequence[str] = ()) -> dict[str, float]:
    """Where the evidence holds the claim's content words (what the calibration reads,
    never a finding): ``absent`` — how many no source holds, and their ``absent_share``;
    ``best_share`` — the share the best single sentence holds; ``spread`` — the share the
    evidence holds only outside that sentence (a claim stitched from several)."""
    words = claim_content(claim, context_words(context))
    if not words:
        return {"absent": 0.0, "absent_share": 0.0, "best_share": 1.0, "spread": 0.0}
    held = len(words & index.vocabulary)
    _, best = closest_sentence(words, index)
    absent = len(words) - held
    return {
        "absent": float(absent),
        "absent_share": round(absent / len(words), 4),
        "best_share": round(best, 4),
        "spread": round(held / len(words) - best, 4),
    }
