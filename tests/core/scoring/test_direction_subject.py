"""A word of change said of the subject the evidence moves the other way is marked, even when
another clause or sentence of the passage moves something else the claim's way; a
correct sentence the passage words that way is never marked, and nothing is deleted."""

from __future__ import annotations

import pytest

from longtracer_core.contracts import ClaimOutcome
from longtracer_core.scoring.direction_reading import read_direction
from tests.helpers import verifier


def fires(claim: str, sentences: list[str]) -> bool:
    return read_direction(claim, sentences[0], sentences).fired


def read_by_subject(claim: str, sentences: list[str]) -> bool:
    """Did the reading by subject mark the claim (what it reads holds for the whole span)?"""
    return read_direction(claim, sentences[0], sentences).whole_span


@pytest.mark.parametrize(
    ("claim", "sentences"),
    [
        # another clause of the sentence moves another subject the claim's way
        (
            "Complaints about the Halden line rose to 40 a week in May.",
            ["Ridership on the Halden line grew 12% in May, while complaints fell to 40 a week."],
        ),
        (
            "After the merger, Corvel's share of the market increased.",
            [
                "After the merger, the group's costs grew, while Corvel's share of the market "
                "declined."
            ],
        ),
        # another sentence of the passage moves the subject the other way
        (
            "Waiting times at the Eastfield clinic decreased slightly last year.",
            [
                "The Eastfield clinic saw 8,000 patients last year.",
                "Staff numbers dropped by 5 percent.",
                "Waiting times increased slightly, because two doctors retired.",
            ],
        ),
    ],
)
def test_the_subject_moved_the_other_way_is_marked(claim, sentences):
    assert fires(claim, sentences)


@pytest.mark.parametrize(
    ("claim", "sentences"),
    [
        # the same subject moves the claim's way in another period, and the other way in this
        ("Sales rose in 2023.", ["Sales fell in 2022.", "Sales rose in 2023."]),
        # the passage names another year for the fall
        ("Sales rose in 2023.", ["Sales fell in 2022.", "In 2023, sales recovered."]),
        # a pronoun or a clause with no subject of its own may move it the claim's way
        ("Profit rose in 2022.", ["Profit fell in 2021.", "It rose in 2022."]),
        ("Profit rose in the second half.", ["Profit fell in the first half but rose later."]),
        # the claim's word takes an object: what it moves is not its subject
        (
            "The new policy increased enrolment.",
            [
                "Under the new policy enrolment figures were published monthly.",
                "The new policy reduced costs.",
            ],
        ),
        # a negated word says no direction
        ("Profit did not fall in 2022.", ["Profit fell sharply."]),
        ("Profit rose in 2022.", ["Profit did not rise.", "Profit fell in 2021."]),
        # the word as a noun has no subject to read
        (
            "Ticket prices rose in spring.",
            [
                "Ticket prices in spring were set by the board.",
                "The board noted a fall in ticket prices.",
            ],
        ),
        # another figure: another value
        ("Unemployment fell to 4%.", ["Unemployment rose to 6% in 2020.", "It is 4% now."]),
        # the same noun of other things
        ("The number of deaths fell in 2021.", ["The number of births rose in 2021."]),
        ("Interest rates rose in May.", ["Error rates fell in May.", "Interest rates were news."]),
        # a word of change inside the subject, and a change as a noun after a figure
        (
            "Sales at Brindle fell 3% in 2023 after a 5% rise.",
            ["Sales at Brindle fell 3% in 2023.", "Costs rose 5%."],
        ),
        # found in review: the same subject, another setting
        ("Deaths among women rose.", ["Deaths among men fell; for women, the rate climbed."]),
        (
            "Exports to Japan grew.",
            ["Exports to Brazil declined, while shipments to Japan grew."],
        ),
        (
            "Theft rose in rural areas.",
            ["Theft fell in the cities.", "In rural areas, burglaries increased."],
        ),
        ("Pay rose for nurses.", ["Pay fell for doctors, while nurses got a rise of 4%."]),
        ("Sales rose in Asia.", ["Sales fell in Europe and rose in Asia."]),
        ("Germany's exports rose.", ["France's exports fell, and Germany's rose."]),
        # found in a second review: another group, owner, opening phrase or time
        (
            "Bookings in Spain rose.",
            ["Bookings were up 9% in Spain, where prices increased, but bookings fell in Italy."],
        ),
        (
            "Acme's operating profit rose.",
            [
                "Acme's operating profit was up 12% as prices increased, while Zenco's operating "
                "profit fell 5%."
            ],
        ),
        (
            "Absences fell among girls.",
            [
                "Among girls, absences were down by a fifth, and lateness fell; among boys, "
                "absences rose slightly."
            ],
        ),
        (
            "Inflation fell in the second half of the year.",
            [
                "Inflation rose in the first half of the year before easing in the second half, "
                "as energy prices declined."
            ],
        ),
        # a forecast is not set against a fact
        (
            "Traffic would decrease under the plan.",
            ["Traffic increased last year.", "Under the plan, fewer cars would come."],
        ),
        # another subject altogether
        (
            "Exports of wool increased.",
            ["Exports of wool were steady.", "Imports of wool declined."],
        ),
    ],
)
def test_no_mark_where_the_passage_may_say_it_the_claims_way(claim, sentences):
    assert not read_by_subject(claim, sentences)


def test_the_mark_is_uncertain_never_a_deletion():
    """The passage's first sentence alone would pass the claim; the passage around it
    turns the claim's direction round, so the claim is marked and kept."""
    source = (
        "Tessin Motors sold more electric vehicles than petrol cars for the first time in "
        "the third quarter. Revenue rose 14 percent to 9.2 billion euros, but operating "
        "profit fell because of price cuts."
    )
    claim = "Tessin Motors' operating profit rose in the third quarter."
    guarded = verifier().guard(claim, [{"source_id": "S1", "text": source}], policy="redact")
    outcomes = [c.outcome for c in guarded.case.claims]
    assert ClaimOutcome.UNCERTAIN in outcomes
    assert ClaimOutcome.REFUTED not in outcomes
    assert guarded.text.strip()


def test_the_subject_moved_the_claims_way_keeps_its_sentence():
    source = (
        "Tessin Motors sold more electric vehicles than petrol cars for the first time in "
        "the third quarter. Revenue fell 4 percent, but operating profit rose because of "
        "lower costs."
    )
    claim = "Tessin Motors' operating profit rose in the third quarter."
    guarded = verifier().guard(claim, [{"source_id": "S1", "text": source}], policy="redact")
    assert all(c.outcome is ClaimOutcome.SUPPORTED for c in guarded.case.claims)


@pytest.mark.parametrize(
    ("claim", "source", "refuted"),
    [
        ("The Nordvik fund lost 7% in 2022.", "The Nordvik fund gained 7% in 2022.", True),
        ("The Nordvik fund gained 7% in 2022.", "The Nordvik fund lost 7% in 2022.", True),
        ("The Nordvik fund lost 7% in 2022.", "The Nordvik fund lost 7% in 2022.", False),
        # losing is no fall beside any rise (found in review)
        ("The company lost $2 billion in 2023.", "Its net loss grew to $2 billion in 2023.", False),
        (
            "The Celtics lost to the Knicks.",
            "The Celtics lost to the Knicks as their losing streak grew.",
            False,
        ),
        (
            "Labour gained ground in the north.",
            "The Conservatives lost ground to Labour in the north.",
            False,
        ),
    ],
)
def test_losing_is_the_opposite_of_gaining_only_word_for_word(claim, source, refuted):
    case = verifier().guard(claim, [{"source_id": "S1", "text": source}], policy="redact").case
    assert (ClaimOutcome.REFUTED in [c.outcome for c in case.claims]) is refuted
    if not refuted:
        assert not read_by_subject(claim, [source])


def test_a_mark_from_the_whole_passage_says_why():
    """However weakly the passage matches, the mark names the word the passage turns."""
    source = (
        "The Eastfield clinic saw 8,000 patients last year. Staff numbers dropped by 5 "
        "percent. Waiting times increased slightly, because two doctors retired."
    )
    # the topic named otherwise than the passage names it ("Eastfield clinic"), so the
    # passage lends it nothing (``test_toggle_topics.py``)
    claim = "Waiting times decreased slightly at the practice in Eastfield."
    case = verifier().guard(claim, [{"source_id": "S1", "text": source}], policy="flag").case
    found = [c.details.get("finding") or {} for c in case.claims]
    assert any("increas" in (f.get("text") or "") for f in found)
    assert all(c.outcome is ClaimOutcome.UNCERTAIN for c in case.claims)


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        # found in review: the aligned sentence turns the word for another setting
        (
            "Theft rose in rural areas.",
            "Theft fell in the cities. In rural areas, burglaries increased.",
        ),
        (
            "After the reform, waiting times fell.",
            "Waiting times rose for years; after the reform, they came down.",
        ),
        (
            "Acme's operating profit rose.",
            "Acme's operating profit beat forecasts, while Zenco's operating profit fell 5%.",
        ),
        (
            "Bus fares rose in 2023.",
            "Bus fares went up in 2023, while the price of rail passes fell.",
        ),
    ],
)
def test_a_turn_said_of_another_setting_is_a_hint_never_a_contradiction(claim, source):
    """A hint names no words (``findings`` deletes on a turned change word it names)."""
    sentences = [s.strip() + "." for s in source.split(".") if s.strip()]
    found = read_direction(claim, sentences[0], sentences)
    assert found.fired and found.terms == ()


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Theft rose in the cities.", "Theft fell in the cities."),
        (
            "Average rents in Dorrow fell to 1,100 euros a month in 2024.",
            "Average rents in Dorrow rose to €1,100 a month in 2024.",
        ),
    ],
)
def test_the_same_setting_turned_round_is_still_a_contradiction(claim, source):
    found = read_direction(claim, source, [source])
    assert found.fired and len(found.terms) == 2
