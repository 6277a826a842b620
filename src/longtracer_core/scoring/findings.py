"""Findings: what the evidence shows against a claim, in words, with the proof.

A finding names its ``kind`` (the check that made it), the reason code it
reports as ``reason_detail``, a sentence a person can read, and where the proof
lies (a span, a figure, a name). Only the kinds in ``DECISIVE_KINDS`` make a
claim REFUTED (``pipeline/verdicts.py``): each was measured right at least 9
times in 10 on the dev splits (docs/reference/matcher.md, "Decisive findings").
The others are reasons a claim stays UNCERTAIN.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..contracts import ReasonCode
from ..lexicon.polarity import CHANGE_VERB_WORDS
from ..text.words import stem
from .gates import GateResult
from .matching import ClaimMatch
from .spans import Span

__all__ = ["BLOCKING_KINDS", "DECISIVE_KINDS", "Finding", "match_finding", "quote"]

# The kinds precise enough to delete on (measured: docs/reference/matcher.md).
DECISIVE_KINDS: frozenset[str] = frozenset(
    {
        "contradiction",
        "figure_conflict",
        "unit_conflict",
        "name_absent",
        "negation_conflict",
        "direction_conflict",
        "judge_quote",
    }
)
# Findings that keep a claim from SUPPORTED without refuting it: a figure no source states
# nor derives was right about the sentence only half the time on dev (5 of 10), so it
# marks the sentence uncertain and never deletes it.
# An elaborating clause the evidence hardly holds ("clause_absent") keeps a claim from
# SUPPORTED the same way.
# A clause linked to a stated fact that the evidence around it does not hold
# ("clause_unlinked") too.
# A figure the evidence sentence states for another part of itself ("figure_binding",
# ``binding.py``) too: a reading of sentence structure, never a deletion; and a name the
# evidence sentence gives another part of itself ("name_binding", ``name_binding.py``).
# A claim whose only names the evidence lacks are acronyms' plurals ("acronym_absent":
# "MPs", "EVs") too: the singular may stand for words the evidence writes in the plural or
# in lowercase (``name_case.short_form``).
# A name in a table row's label the evidence does not hold ("label_name_absent") too: a
# label in Title Case may be the answer's own words ("Bulky Items").
# A claim's subject the evidence sentence saying the rest of it gives a sibling of
# ("name_sibling": "Corsa City" for "Corsa Trail"), or an opening pronoun read after a
# claim naming the other thing ("antecedent_named"; ``subjects.py``) too: which thing a
# sentence speaks of is read from its parts, never a deletion.
# A figure the evidence states only for another fact ("figure_role") too: which fact a
# figure belongs to is read from the sentence closest to the claim, right 8 times in 9
# on dev — under the bar.
# A multiple the claim states between two of its own figures that they do not give
# ("multiple_mismatch": "£60 is twice the £20"; ``multiples.py``) too: the two figures may
# not be the ones the multiple compares.
# A claim that turns a later sentence of a passage read with the topic the passage named
# before it ("topic_conflict"; ``topics.py``) too: which thing a sentence that does not name
# it speaks of is read from the passage, never a deletion.
# A claim that drops the limit of the clause it restates ("limit_dropped"; ``limits.py``)
# too: the limit may be of another clause.
BLOCKING_KINDS: frozenset[str] = frozenset(
    {
        "topic_conflict",
        "figure_absent",
        "acronym_absent",
        "label_name_absent",
        "antecedent_named",
        "name_sibling",
        "clause_absent",
        "clause_unlinked",
        "figure_binding",
        "name_binding",
        "figure_role",
        "multiple_mismatch",
        "limit_dropped",
    }
)
# Verbs of change ("rose" / "fell"): one subject, two directions, so opposite verbs on a
# strongly matching span contradict. Comparatives and relative positions ("lower than",
# "south of", "before") flip with the order of what they relate ("A is lower than B" is
# "B is higher than A"), so a contradiction through them stays a candidate.
CHANGE_VERBS = frozenset(stem(w) for w in CHANGE_VERB_WORDS)

_GATE_CODES = {
    "polarity": ReasonCode.POLARITY_MISMATCH,
    "direction": ReasonCode.DIRECTION_MISMATCH,
    "quantifier": ReasonCode.QUANTIFIER_MISMATCH,
    "entity": ReasonCode.ENTITY_MISMATCH,
    "figure_role": ReasonCode.FIGURE_ROLE_MISMATCH,
    "causal": ReasonCode.CAUSAL_MISMATCH,
}


@dataclass(frozen=True)
class Finding:
    """One thing the evidence shows against a claim."""

    kind: str
    code: ReasonCode
    text: str
    evidence: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "code": self.code.value, "text": self.text, **self.evidence}


def quote(text: str, limit: int = 120) -> str:
    """``text`` on one line, cut to ``limit`` characters with an ellipsis: a finding's proof."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _where(span: Span) -> dict[str, Any]:
    return {"source_id": span.source_id, "span_id": span.span_id}


def _gate_finding(gate: GateResult, span: Span) -> Finding:
    return Finding(
        f"gate_{gate.name}",
        _GATE_CODES[gate.name],
        f"{gate.explanation} (source {span.source_id})",
        _where(span),
    )


def match_finding(match: ClaimMatch, spans: Sequence[Span], supported: bool) -> Finding | None:
    """The strongest finding the matcher's own checks make on one claim, if any.

    A span that contradicts the claim comes first, then a gate that fired on the
    best match, then figures the best candidates do not state.
    """
    if match.contradicting_index is not None and match.contradiction:
        span = spans[match.contradicting_index]
        why = "; ".join(g.explanation for g in match.contradiction)
        code = _GATE_CODES[match.contradiction[0].name]
        change = all(
            g.name == "direction" and len(g.terms) == 2 and set(g.terms) <= CHANGE_VERBS
            for g in match.contradiction
        )
        kind = "contradiction" if change else "contradiction_relation"
        return Finding(kind, code, f"{why} (source {span.source_id})", _where(span))
    if supported:
        return None
    fired = [g for g in match.gates if g.fired]
    if fired and match.best_index is not None:
        return _gate_finding(fired[0], spans[match.best_index])
    if match.numeric_mismatch:
        return Finding(
            "figure_mismatch",
            ReasonCode.NUMERIC_MISMATCH,
            "the claim's figures are not those of the passages closest to it",
        )
    return None
