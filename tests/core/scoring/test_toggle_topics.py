"""A claim that names the passage's topic, which the passage named once at its start,
and turns a later sentence of that passage around is marked (``topic_conflict``), never
deleted: which thing a sentence that does not name it speaks of is a reading of the
passage. A single word said before is no topic ("take"), nor a topic another source named,
nor one a sentence naming another thing came after."""

from __future__ import annotations

import pytest

from longtracer_core import check_case
from longtracer_core.contracts import ClaimOutcome
from tests.helpers import finding_kinds as kinds

SPONGE = (
    "S1",
    "For the Hartley lemon sponge, bake the cake on the middle shelf at 180 °C. Add the eggs "
    "before the flour, one at a time. The batter will be thicker than a pancake batter.",
)
MARDEN = (
    "S2",
    "The Marden region has new heating rules from January 2026. Existing gas boilers do not "
    "have to be removed, but they cannot be replaced with new gas boilers.",
)
OVERDOSE = (
    "S3",
    "If you have taken too many tablets, go to hospital even if you feel well. Symptoms may "
    "not appear for up to 24 hours after the overdose.",
)


@pytest.mark.parametrize(
    ("claim", "kind"),
    [
        ("For the Hartley lemon sponge, add the flour before the eggs.", "topic_conflict"),
        ("In the Marden region, existing gas boilers have to be removed.", "topic_conflict"),
    ],
)
def test_a_topic_named_earlier_in_the_passage_is_lent_to_its_later_sentences(claim, kind):
    assert kind in kinds(claim, SPONGE, MARDEN)


@pytest.mark.parametrize(
    "claim",
    [
        "For the Hartley lemon sponge, add the eggs before the flour.",
        "In the Marden region, existing gas boilers do not have to be removed.",
    ],
)
def test_the_passage_saying_it_the_claims_way_is_no_finding(claim):
    found = kinds(claim, SPONGE, MARDEN)
    assert not {"direction_conflict", "negation_conflict", "topic_conflict"} & set(found)


def test_a_passage_whose_first_sentence_names_its_subject_marks_the_turned_claim():
    source = (
        "The Eastfield clinic saw 8,000 patients last year. Staff numbers dropped by 5 "
        "percent. Waiting times increased slightly, because two doctors retired."
    )
    case = check_case(
        "Waiting times at the Eastfield clinic decreased slightly last year.",
        [{"source_id": "S1", "text": source}],
    )
    (claim,) = case.claims
    assert claim.outcome is ClaimOutcome.UNCERTAIN
    assert "Waiting times increased slightly" in str(claim.finding)
    assert "read with the topic it named before" in str(claim.finding)


def test_a_single_word_said_before_is_no_topic():
    # "taken" in the first sentence lends nothing: "may take up to 24 hours to appear" is
    # "may not appear for up to 24 hours", not its negation
    found = kinds("Symptoms may take up to 24 hours to appear.", OVERDOSE)
    assert "negation_conflict" not in found and "topic_conflict" not in found


def test_a_sentence_naming_another_thing_starts_a_new_topic():
    surgeries = (
        "S1",
        "The Northgate surgery offers online booking for routine visits. The Southgate "
        "surgery is run separately. Patients cannot book appointments online there.",
    )
    found = kinds("Patients can book appointments online at the Northgate surgery.", surgeries)
    assert "topic_conflict" not in found and "negation_conflict" not in found


def test_a_topic_another_source_named_is_not_lent():
    sponge_elsewhere = ("S9", "The Hartley lemon sponge is a family recipe.")
    eggs = ("S1", "Add the eggs before the flour, one at a time.")
    found = kinds("For the Hartley lemon sponge, add the flour before the eggs.",
                  sponge_elsewhere, eggs)  # fmt: skip
    assert "direction_conflict" not in found and "topic_conflict" not in found


FLOUR = (
    "S9",
    "Bread flour is milled from hard wheat, so it is high in protein. Cake flour is milled from "
    "soft wheat. It holds less protein, so cakes come out softer.",
)
ROAST = (
    "S10",
    "Dark roast coffee is roasted at higher temperatures. It stays in the roaster for longer. "
    "It ends up with less caffeine by weight.",
)


def test_a_sentence_opening_with_a_pronoun_is_lent_only_what_the_one_before_opened_with():
    # "It" is the cake flour the sentence before opened with, not the passage's hard wheat
    assert "topic_conflict" not in kinds("Flour from hard wheat holds more protein.", FLOUR)
    # a pronoun after a pronoun speaks of the same thing: the dark roast, still lent
    assert "topic_conflict" in kinds(
        "Coffee from a dark roast ends up with more caffeine by weight.", ROAST
    )
