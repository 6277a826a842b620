"""Four readings of a turned clause: a stance adverb the claim leaves out ("actually"), or
the frame naming where a finding comes from ("In our benchmarks,"), does not make the
clause another subject's; a clause that affirms something "without" a thing, the phrase
ending it, affirms that thing plainly; a passage's topic lends its phrase in another
order; and a name's number goes with the name it lends. Each has its limit, tested beside
it, and a supposition ("would earn more, analysts predicted") is turned by no claim. A
later clause whose verb takes a side of its own ("but voted for it") is lent nothing after
it, and a name in capitals that a function word spells ("the US") is no function word.
"Before" and "after" turn a clause only where they name one thing, and a clock's colon
("after 10:00 on weekdays") ends no clause."""

from __future__ import annotations

import pytest

from longtracer_core.scoring.blurs import trailing_without
from tests.helpers import finding_kinds as kinds

STEAKS = (
    "S1",
    "Searing meat does not seal in its juices; in tests, seared steaks actually lost slightly "
    "more moisture than unseared ones.",
)
ECLIPSE = (
    "S2",
    "A solar eclipse should never be viewed directly without certified eclipse glasses. "
    "Ordinary sunglasses do not provide adequate protection. Looking at the partially "
    "eclipsed Sun can cause permanent damage to the retina without any pain.",
)
PARSER = (
    "S5",
    "In our benchmarks, version 5 of the parser is faster than version 4 on large files. "
    "In winter, the night bus runs more slowly than the day bus.",
)
DRUG = (
    "S3",
    "Dolvane tablets cannot be taken without food. Dolvane syrup can be taken with water or "
    "juice without any risk to the stomach lining at all.",
)
VACCINE = (
    "S4",
    "The Veltra-4 influenza vaccine contains no live virus. People with a severe egg allergy "
    "can receive the vaccine, because it is produced in cell culture.",
)


@pytest.mark.parametrize(
    ("claim", "kind"),
    [
        # "actually" says how surely, not of what: the steaks are the clause's subject
        (
            "In tests, seared steaks lost slightly less moisture than unseared ones.",
            "direction_conflict",
        ),
        # the benchmarks are where the finding comes from, not what it is about
        ("Version 5 of the parser is slower than version 4 on large files.", "direction_conflict"),
        # a clause affirmed "without any pain" is affirmed
        (
            "Looking at the partially eclipsed Sun cannot cause permanent damage to the retina.",
            "negation_conflict",
        ),
        # "viewing a solar eclipse": the phrase the passage named, in another order
        (
            "Ordinary sunglasses provide adequate protection for viewing a solar eclipse.",
            "topic_conflict",
        ),
        # the vaccine's number goes with its name, lent by the passage
        (
            "People with a severe egg allergy cannot receive the Veltra-4 influenza vaccine.",
            "topic_conflict",
        ),
    ],
)
def test_each_reading_finds_the_turned_clause(claim, kind):
    assert kind in kinds(claim, STEAKS, ECLIPSE, VACCINE, PARSER)


SIBLINGS = (
    "S6",
    "The Kestrel-7 drone was launched alongside the cheaper Kestrel-5. The budget model is "
    "aimed at beginners. It has less flight time than its sibling.",
)
FORECAST = (
    "S7",
    "The sequel would earn more at the box office than the original, analysts predicted. In "
    "the end it took $40 million less than its predecessor. The Norda X2 phone ships without "
    "a charger. All 240 members cast a vote, and slightly more than half voted for the merger. "
    "The new phone should have lasted longer than its predecessor.",
)


SIDES = (
    "S8",
    "The Model 3 bike is heavier than the Model 2 bike. The 2024 grape harvest was larger "
    "than the 2023 harvest. More than half of the members voted for the merger. In 2020, "
    "exports of wool rose. The 1,000-watt kettle boils water more slowly than the 1,500-watt "
    "one. Ticket sales were lower in 2021 than in 2022.",
)
DENIALS = (
    "S9",
    "The nurses' union is not against the new rota, only against the cut in night pay. The "
    "tomato is actually a fruit, not a vegetable.",
)


@pytest.mark.parametrize(
    "claim",
    [
        # the same comparison from the other side, its sides told apart by figures
        "The Model 2 bike is lighter than the Model 3 bike.",
        "The 2023 grape harvest was smaller than the 2024 harvest.",
        # "against" is a word of the clause, so the other side is no turn
        "Less than half of the members voted against the merger.",
        # figures as the figure scanner reads them, and in their order after the turned word
        "The 1500-watt kettle boils water faster than the 1000-watt one.",
        "Ticket sales were higher in 2022 than in 2021.",
    ],
)
def test_the_other_side_of_a_comparison_is_no_turn(claim):
    assert "direction_conflict" not in kinds(claim, SIDES)


def test_a_figure_on_one_side_only_still_lets_a_turn_be_read():
    assert "direction_conflict" in kinds("Exports of wool fell in 2020.", SIDES)
    assert "direction_conflict" in kinds("Ticket sales were higher in 2021 than in 2022.", SIDES)


@pytest.mark.parametrize(
    "claim",
    [
        # "not against the rota" denies the rota, not "against"
        "The nurses' union is against the cut in night pay.",
        # a stance word lets no negation through: "not a vegetable" is an alternative denied
        "The tomato vegetable is a fruit.",
    ],
)
def test_a_denial_reads_past_side_words_and_keeps_stance_words(claim):
    assert "negation_conflict" not in kinds(claim, DENIALS)


@pytest.mark.parametrize(
    "claim",
    [
        # a season is a condition, no frame: the claim may speak of another time
        "The night bus runs faster than the day bus.",
        # a denial "without" a thing denies nothing of the thing alone
        "Dolvane tablets can be taken.",
        # the claim's own "without" still blurs it
        "Dolvane syrup cannot be taken without water.",
        # the claim says the "without" phrase its own way
        "The Norda X2 phone does not ship with a charger.",
        # a prediction states no fact: the claim gives what happened
        "The sequel earned less at the box office than the original.",
        # an expectation that was not met states no fact
        "The new phone lasted shorter than its predecessor.",
        # "slightly" is a degree, part of what the clause says ("for" and "against" are
        # no words the toggles read)
        "Less than half voted against the merger.",
        # the passage names the drone's sibling by its number: "It" may be the sibling
        "The Kestrel-7 drone has more flight time.",
    ],
)
def test_the_readings_keep_their_limits(claim):
    found = kinds(claim, STEAKS, DRUG, PARSER, SIBLINGS, FORECAST)
    assert not {"direction_conflict", "negation_conflict", "topic_conflict"} & set(found)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("It can cause permanent damage to the retina without any pain.", {"pain"}),
        ("Tablets can be taken without food", {"food"}),
        # more than three words after it: a condition, not a phrase that ends the clause
        ("It can be taken without any risk to the stomach lining.", None),
        # "without" before the clause's verb, and a second blur
        ("Without a permit you can fish in the lake.", None),
        ("It works without a key rather than with one.", None),
    ],
)
def test_trailing_without(text, words):
    assert trailing_without(text) == (frozenset(words) if words is not None else None)


CONDITIONS = (
    "S10",
    "If the battery is below 80% of its capacity, the replacement is free. Analysts say rents "
    "would have fallen if the council had approved the housing plan. The fee is refunded "
    "unless the class was cancelled by the school.",
)


@pytest.mark.parametrize(
    "claim",
    [
        # a clause a mid-sentence "if" or "unless" opens is a condition: it states no fact
        "The council did not approve the housing plan.",
        "The class was not cancelled by the school.",
    ],
)
def test_a_condition_is_turned_by_no_claim(claim):
    assert "negation_conflict" not in kinds(claim, CONDITIONS)


def test_a_sentence_opening_with_its_condition_is_still_read():
    claim = "If the battery is below 80% of its capacity, the replacement is not free."
    assert "negation_conflict" in kinds(claim, CONDITIONS)


ELLIPSIS = (
    "S11",
    "The antibiotic is active against Gram-positive bacteria and not against Gram-negative "
    "ones. Dogs are allowed in the garden and not in the house.",
)
TAKEN_SIDES = (
    "S12",
    "The councillor argued against the budget in the meeting but voted for it. The senator "
    "spoke in the debate on the bill but did not vote.",
)


@pytest.mark.parametrize(
    ("claim", "source", "turned"),
    [
        # a bare "and not" denies only what follows it
        ("The antibiotic is active against Gram-positive bacteria.", ELLIPSIS, False),
        ("Dogs are allowed in the house.", ELLIPSIS, True),
        # "voted for it" has an object of its own: the main clause lends it no "against"
        ("The councillor did not vote against the budget.", TAKEN_SIDES, False),
        # a clause with nothing after its verb is still lent the main clause's words
        ("The senator voted on the bill.", TAKEN_SIDES, True),
    ],
)
def test_a_later_clause_is_lent_only_what_it_leaves_unsaid(claim, source, turned):
    assert ("negation_conflict" in kinds(claim, source)) is turned


REGIONS = ("S13", "Sales in the US rose while sales in Europe fell.")


@pytest.mark.parametrize(
    ("claim", "turned"),
    [
        # "US" in capitals names a country; read as the pronoun, the claim's clause was
        # "sales fell", which the Europe clause says
        ("Sales in the US fell.", True),
        ("Sales in Europe rose.", True),
        ("Sales in the US rose.", False),
        ("Sales in Europe fell.", False),
    ],
)
def test_a_name_in_capitals_is_no_function_word(claim, turned):
    assert ("direction_conflict" in kinds(claim, REGIONS)) is turned


def test_a_sentence_written_in_capitals_keeps_its_function_words():
    # shouted text names nothing by its capitals: "IS" and "ON" stay function words, so the
    # museum's opening days are still read against it
    shouted = ("S14", "THE MUSEUM IS CLOSED ON MONDAYS.")
    assert "direction_conflict" in kinds("The museum is open on Mondays.", shouted)


RESULTS = (
    "S1",
    "Results are released before the end of August, once the exam board has met. You must pay "
    "the holding deposit before you sign the tenancy agreement. A £12 minimum fare applies to "
    "journeys starting before 10:00 on weekdays.",
)


@pytest.mark.parametrize(
    ("claim", "turned"),
    [
        # "after" and "before" name different things: two relations, no turn
        ("Results are released after the exam board has met.", False),
        # they name the same thing: turned round
        ("You pay the holding deposit after signing the tenancy agreement.", True),
        # a clock's colon ends no clause: "after 10:00 on weekdays" names the time
        ("A £12 minimum fare applies to journeys starting after 10:00 on weekdays.", True),
    ],
)
def test_before_and_after_turn_a_clause_only_where_they_name_one_thing(claim, turned):
    assert ("direction_conflict" in kinds(claim, RESULTS)) is turned


QUALITIES = (
    "S1",
    "The batter will be thicker than a pancake batter. On large files, version 5 of the parser "
    "performs better than version 4. The north channel is the widest route to the harbour. "
    "The new trail is safer than the old one but longer. Compared with oak, pine is softer. "
    "Compared with 2019, sales in 2020 were weaker. Closer inspection revealed a crack.",
)


@pytest.mark.parametrize(
    ("claim", "turned"),
    [
        # a quality compared the other way, of the same things, word for word
        ("The batter will be thinner than a pancake batter.", True),
        ("On large files, version 5 of the parser performs worse than version 4.", True),
        ("The north channel is the narrowest route to the harbour.", True),
        ("The new trail is riskier than the old one.", True),
        ("Compared with 2019, sales in 2020 were stronger.", True),
        # the same comparison the other way round says the same thing
        ("A pancake batter will be thinner than this batter.", False),
        ("The old trail is riskier than the new one.", False),
        # another quality of the same thing: no turn
        ("The new trail is longer than the old one.", False),
        # a comparison's frame said from the other side; "harder" and "further" are no
        # opposites of one word ("harder to find", "further inspection")
        ("Compared with pine, oak is harder.", False),
        ("Compared with 2020, sales in 2019 were stronger.", False),
        ("Further inspection revealed a crack.", False),
    ],
)
def test_a_quality_compared_the_other_way_turns_the_clause(claim, turned):
    assert ("direction_conflict" in kinds(claim, QUALITIES)) is turned
