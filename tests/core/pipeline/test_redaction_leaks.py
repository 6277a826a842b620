"""No unsupported statement survives ``guard(policy="redact")`` through non-claim wording.

Each wording below once slipped a statement past the decomposer as a question,
refusal, hedge, meta-talk, transition, heading or code, so redaction let it
through with gate PASS. The per-wording tests pin each one; the fuzz test mixes
them with supported sentences and asserts that no invented statement is ever
delivered and that faithful sentences are kept.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from longtracer_core.contracts import QualityGate
from tests.helpers import SOURCES, SUPPORTED, bare_text, verifier

VERIFIER = verifier()

# Invented names: none occurs in SOURCES or in the redaction notice, so any of them in
# the guarded text is a leaked statement.
NAMES = ("Zorvath", "Quillmore", "Bexandra", "Tullison", "Marovecz", "Ondrake")
PREDICATES = (
    "moved the tower to Berlin",
    "painted the hull green",
    "sold the archive to a museum",
    "founded the harbour observatory",
    "banned tourists from the old bridge",
    "rebuilt the northern dam",
)

# How a statement S ("Zorvath moved the tower to Berlin") is worded; {s} is S as a
# clause, {S} capitalised. Block wordings stand on lines of their own.
INLINE = (
    "{S}.",
    "Did you know {s}?",
    "Did you know that {s}?",
    "Isn't it true that {s}?",
    "{S}, right?",
    "{S}, didn't they?",
    "{S}?",
    "I don't know why {s}.",
    "I'm not sure why {s}.",
    "I'm not sure {s}.",
    "I do not know how come {s}.",
    "The documents do not mention that {s}.",
    "The sources don't say that {s}.",
    "The provided context does not explain why {s}.",
    "Of course {s}.",
    "Sure, {s}.",
    "Certainly! {S}.",
    "Absolutely, {s}.",
    "Great question! {S}.",
    "Note that {s}.",
    "However, {s}.",
    "I might be wrong, but {s}.",
    "Hope this helps, {s}.",
    "{S}:",
)
NAMED = (  # wordings that state something about a name N (and maybe a year Y)
    "It depends on the secret {N} treaty.",
    "It depends on the {Y} {N} treaty.",
    "Here are the {N} blueprints.",
    "Here are the {Y} {N} blueprints.",
    "Here are the secret {N} blueprints:",
    "The {N} files show this.",
)
BLOCK = (
    "# {S}",
    "## {S}",
    "**{S}**",
    "> {S}.",
    "- {S}.",
    "```\n{S}.\n```",
    "```text\nNote:\n{S}.\n```",
    "```\n{S}.",
    "| {S} | year |\n|---|---|\n| yes | 2020 |",
)
FAITHFUL = SOURCES


def _statement(name: str, predicate: str, year: int | None) -> tuple[str, str]:
    clause = f"{name} {predicate}" + (f" in {year}" if year is not None else "")
    return clause, clause[:1].upper() + clause[1:]


def _word(wording: str, name: str, predicate: str, year: int | None) -> str:
    s, cap = _statement(name, predicate, year)
    return wording.format(s=s, S=cap, N=name, Y=year if year is not None else 1999)


def _prose(answer: str) -> str:
    """The lines of ``answer`` outside fenced code (a fence runs to its closing line, or to
    the end when never closed, as in CommonMark)."""
    out, fenced = [], False
    for line in answer.split("\n"):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced:
            out.append(line)
    return "\n".join(out)


def _guard(answer: str):
    return VERIFIER.guard(answer, SOURCES, policy="redact")


def _leaked(guarded, answer: str) -> list[str]:
    """Invented names delivered bare: neither removed nor inside a marked sentence, and
    every marked sentence shows its mark in the text."""
    for action in guarded.trace.policy["actions"]:
        if action["action"] == "mark":
            start, end = action["draft_span"]
            assert f"{answer[start:end]} [unverified]" in guarded.text, guarded.text
    return [n for n in NAMES if n in bare_text(guarded, answer)]


def _assert_no_leak(answer: str) -> None:
    guarded = _guard(answer)
    leaked = _leaked(guarded, answer)
    assert not leaked, f"{leaked} delivered by redact in {answer!r} -> {guarded.text!r}"
    assert guarded.case.quality_gate is not QualityGate.PASS, answer


@pytest.mark.parametrize("wording", INLINE + NAMED + BLOCK)
@pytest.mark.parametrize("year", [None, 1999])
def test_each_wording_is_redacted(wording, year):
    """A supported sentence then one unsupported statement in the wording: the statement
    is removed and the gate is not PASS; the supported sentence is kept."""
    added = _word(wording, "Zorvath", "moved the tower to Berlin", year)
    answer = f"{SUPPORTED}\n\n{added}"
    _assert_no_leak(answer)
    assert _guard(answer).text.startswith(SUPPORTED)


@pytest.mark.parametrize(
    "answer",
    [
        "```\nThe tower was painted green.\n```\nZorvath moved the tower to Berlin.",
        f"{SUPPORTED}\n\n```\nx = 1\n\nZorvath moved the tower to Berlin.\n\nMore text here.",
        f"{SUPPORTED}\n\n~~~\nZorvath moved the tower to Berlin.",
    ],
)
def test_an_unclosed_fence_exempts_nothing(answer):
    """Text after a fence that is never closed is verified like any other text."""
    _assert_no_leak(answer)


@pytest.mark.parametrize(
    "text",
    [
        "What else would you like to know?",
        "Is there anything else I can help with?",
        "Here is a summary of the findings:",
        "It depends on your use case.",
        "```python\nprint(launch_date)\n```",
        "## Overview",
        "I don't know whether it will launch again.",
    ],
)
def test_wordings_that_state_nothing_stay_exempt(text):
    """Questions that ask, lead-ins, generic hedges, code and titles are still non-claims:
    an answer of a supported sentence plus one of them is delivered unchanged."""
    answer = f"{SUPPORTED}\n\n{text}"
    guarded = _guard(answer)
    assert guarded.text == answer
    assert guarded.case.quality_gate is QualityGate.PASS


_invented = st.tuples(
    st.sampled_from(NAMES),
    st.sampled_from(PREDICATES),
    st.one_of(st.none(), st.integers(1700, 2030)),
    st.sampled_from(INLINE + NAMED + BLOCK),
)


@pytest.mark.fuzz
@settings(
    max_examples=1000,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    faithful=st.lists(st.sampled_from(FAITHFUL), min_size=1, max_size=3),
    invented=st.lists(_invented, min_size=1, max_size=3),
    order=st.randoms(use_true_random=False),
    inline_join=st.booleans(),
)
def test_fuzz_no_unsupported_statement_is_delivered(faithful, invented, order, inline_join):
    """Supported sentences (each its own paragraph) mixed with invented statements in any
    wording: redact delivers none of the invented names bare (each is removed, or marked
    [unverified] when nothing proves it wrong) and every supported paragraph."""
    added = [_word(w, n, p, y) for n, p, y, w in invented]
    if inline_join:  # inline wordings run on in one paragraph, block ones keep their lines
        added = [
            " ".join(a for a, (_, _, _, w) in zip(added, invented, strict=True) if w in INLINE)
        ] + [a for a, (_, _, _, w) in zip(added, invented, strict=True) if w not in INLINE]
        added = [a for a in added if a]
    parts = list(faithful) + added
    order.shuffle(parts)
    answer = "\n\n".join(parts)
    guarded = _guard(answer)
    leaked = _leaked(guarded, answer)
    assert not leaked, f"{leaked} delivered by redact in {answer!r} -> {guarded.text!r}"
    assert guarded.case.quality_gate is not QualityGate.PASS
    for sentence in faithful:
        if sentence in _prose(answer):  # one an unclosed fence turned into code goes with it
            assert sentence in guarded.text, f"faithful {sentence!r} removed from {answer!r}"
