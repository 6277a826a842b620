"""A comparison written in several words is read as the one word it means, so a claim that
words speed or time one way is found against evidence that words it the other, and a
rewording of the same comparison is no finding."""

from __future__ import annotations

import pytest

from longtracer_core.scoring.comparisons import in_one_word
from longtracer_core.scoring.evidence import evidence_findings, evidence_index

NESTLINGS = "Arvid finches breed in spring. Nestlings grow faster when insects are abundant."


def findings(claim: str, evidence: str = NESTLINGS) -> list:
    return evidence_findings(claim, evidence_index([("S1", evidence)]))


def kinds(claim: str, evidence: str = NESTLINGS) -> list[str]:
    return [f.kind for f in findings(claim, evidence)]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Nestlings grow more slowly.", "Nestlings grow slower."),
        ("Prices rose less quickly.", "Prices rose slower."),
        ("It takes less time to cook.", "It takes shorter to cook."),
        ("It costs more than £50.", "It costs more than £50."),  # a bound on a figure
        ("It takes less time than 10 minutes.", "It takes less time than 10 minutes."),
    ],
)
def test_a_comparison_in_several_words_reads_as_its_one_word(text, read):
    assert in_one_word(text) == read


def test_a_claim_wording_the_comparison_the_other_way_is_found():
    found = findings("Nestlings grow more slowly when insects are abundant.")
    (turned,) = [f for f in found if f.kind == "direction_conflict"]
    assert turned.evidence["quote"] == "Nestlings grow faster when insects are abundant."


def test_the_same_comparison_reworded_is_no_finding():
    assert "direction_conflict" not in kinds(
        "Nestlings grow more quickly when insects are abundant."
    )


@pytest.mark.parametrize(
    "text",
    [
        "Staff had more time with their families.",  # free time, not time taken
        "The northern route crosses more time zones.",
        "Nurses get more time off between shifts.",
        "Online renewal takes less time than the paper form.",  # compared with a thing
    ],
)
def test_time_is_read_as_a_duration_only_after_take(text):
    assert in_one_word(text) == text


@pytest.mark.parametrize(
    ("evidence", "claim", "found"),
    [
        # with and without: two cases, not one turned
        (
            "With a fan, the paint dries faster.",
            "Without a fan, the paint dries more slowly.",
            False,
        ),
        # a relation turned round, its comparison in two words
        ("Girls grow slower than boys.", "Boys grow more slowly than girls.", True),
    ],
)
def test_comparisons_in_toggles(evidence, claim, found):
    assert ("direction_conflict" in kinds(claim, evidence)) is found
