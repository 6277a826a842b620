"""A figure of the evidence that states another fact than the claim's — another noun, a
limit against a value — is never the proof that deletes the claim; the same fact with
another value still is."""

from __future__ import annotations

import pytest

from longtracer_core.contracts import ClaimOutcome
from longtracer_core.scoring.claim_figures import claim_figures
from longtracer_core.scoring.figure_facts import claim_fact, figure_fact
from tests.helpers import verifier


def fact_of(text: str, reading: str, claim: bool = False):
    for (_, end, _), need in claim_figures(text):
        if need.readings[0] == reading:
            return (claim_fact if claim else figure_fact)(text, end, need)
    raise AssertionError(f"no figure {reading} in {text!r}")


@pytest.mark.parametrize(
    ("claim", "mine", "sentence", "theirs", "differs"),
    [
        (
            "The shop got 960 jars on Monday.",
            "960",
            "The shop got 40 crates on Monday.",
            "40",
            True,
        ),
        (
            "The shop got 960 jars on Monday.",
            "960",
            "The shop got 900 jars on Monday.",
            "900",
            False,
        ),
        ("You would be 15 on the start date.", "15", "Riders must be at least 16.", "16", True),
        ("Riders must be at least 15.", "15", "Riders must be at least 16.", "16", False),
        # a claim that speaks of a limit is read against the evidence's limits
        (
            "Fines reach up to 4% of turnover.",
            "4",
            "Fines can reach up to 2% of turnover.",
            "2",
            False,
        ),
        (
            "It cools by 2°C for every 300 m.",
            "2",
            "It cools by about 1°C for every 300 m.",
            "1",
            False,
        ),
        ("The lake is 40 metres deep.", "40", "The lake is 60 metres deep.", "60", False),
    ],
)
def test_which_fact_a_figure_states(claim, mine, sentence, theirs, differs):
    assert fact_of(claim, mine, claim=True).differs(fact_of(sentence, theirs)) is differs


def outcomes(answer: str, sources: list[str], question: str | None = None):
    case = (
        verifier()
        .guard(
            answer,
            [{"source_id": f"S{i}", "text": t} for i, t in enumerate(sources, 1)],
            policy="redact",
            **({"question": question} if question else {}),
        )
        .case
    )
    return [c.outcome for c in case.claims]


@pytest.mark.parametrize(
    ("answer", "sources"),
    [
        (
            "The depot received 960 jars on Monday.",
            ["Each crate holds 24 jars.", "The depot received 40 crates on Monday."],
        ),
        (
            "Your daughter would be 15 on 1 June 2026.",
            ["Riders must be at least 16 on 1 June 2026 to enter the junior race."],
        ),
    ],
)
def test_a_correct_worked_figure_is_never_deleted(answer, sources):
    assert ClaimOutcome.REFUTED not in outcomes(answer, sources)


def test_the_same_fact_with_another_value_is_still_refuted():
    found = outcomes(
        "The depot received 55 crates on Monday.",
        ["Each crate holds 24 jars.", "The depot received 40 crates on Monday."],
    )
    assert ClaimOutcome.REFUTED in found
