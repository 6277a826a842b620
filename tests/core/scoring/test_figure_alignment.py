"""Which evidence sentence a claim's figure is read against.

A chat answer fuses several facts into one sentence ("If money gets tight, the Hardship
Fund offers …, with applications opening on 1 October"): where the words around the
figure speak of no sentence, the sentence that speaks of its own stretch is read for a
conflict, so a wrong limit is refuted, not only marked; never for a unit or a role, and
never for a figure the claim gives as approximate (it may be the claim's own work). A
worked figure no source states stays marked, whatever computation of the case's figures
gives it (a fresh-probe review found rates of the wrong account applied to the user's
money).
"""

from __future__ import annotations

import pytest

from longtracer_core.scoring.evidence import evidence_findings, evidence_index

HARDSHIP = (
    "The Halden Hardship Fund offers grants of up to £1,500 per academic year to students "
    "facing unexpected financial difficulty. Applications open on 1 October."
)
GRANT = (
    "The grant pays 30% of the installed cost of a new battery, up to a maximum of £1,200 "
    "per property."
)
QUOTE = "My landlord is happy for me to add a battery, quoted at £3,500 installed."


def kinds(source: str, claim: str, question: str | None = None) -> list[str]:
    index = evidence_index([("S1", source)])
    return [f.kind for f in evidence_findings(claim, index, (question,) if question else ())]


def test_a_wrong_figure_in_a_fused_sentence_is_refuted_by_its_own_stretch():
    claim = (
        "If money gets tight, the Hardship Fund offers grants of £2,500 a year, "
        "with applications opening on 1 October."
    )
    assert kinds(HARDSHIP, claim) == ["figure_conflict"]


ELECTION = (
    "In the 2024 general election, Labour won 411 seats with 33.7% of the vote. The "
    "Conservatives won 121 seats with 23.7% of the vote. A party needs 326 of the 650 "
    "seats for a majority."
)


@pytest.mark.parametrize(
    "claim",
    [
        "Looking back at that dramatic night for politics, the Conservatives won fewer than "
        "125 seats — their worst result ever — on 23.7% of the vote.",
        "Looking back at that dramatic night for politics, Labour won at least 400 seats on "
        "a third of the vote, a huge landslide.",
        "Looking back at that dramatic night for politics, Labour won 400-plus seats on a "
        "third of the vote, a huge landslide.",
        "Looking back at that dramatic night for politics, Labour won 410-odd seats on a "
        "third of the vote, a huge landslide.",
        "Looking back at that dramatic night for politics, the Conservatives won in the "
        "region of 120 seats — their worst result ever.",
    ],
)
def test_a_bound_or_an_approximate_figure_is_never_refuted_by_its_stretch(claim):
    """A fresh-probe review found each deleted: a bound the sentence meets, or a figure
    written loosely ("-odd", "-plus", "in the region of"), whose words the sentence does
    not hold."""
    assert "figure_conflict" not in kinds(ELECTION, claim)


def test_a_wrong_exact_seat_count_in_a_fused_sentence_is_refuted():
    claim = (
        "Looking back at that dramatic night for politics, the Conservatives won 131 seats "
        "— their worst result ever — on 23.7% of the vote."
    )
    assert kinds(ELECTION, claim) == ["figure_conflict"]


def test_the_right_figure_in_a_fused_sentence_is_no_finding():
    claim = (
        "If money gets tight, the Hardship Fund offers grants of up to £1,500 a year, "
        "with applications opening on 1 October."
    )
    assert kinds(HARDSHIP, claim) == []


@pytest.mark.parametrize(
    "claim",
    [
        # the stretch of the figure says too little of what it is of: only marked
        "If money gets tight, the fund helps, with up to £2,500 a year.",
        # the stretch speaks of another thing than the sentence's grants
        "If money gets tight, you can ask the Hardship Fund, and it may give up to £2,500 "
        "a year, with applications opening on 1 October.",
    ],
)
def test_a_stretch_that_does_not_say_what_the_figure_is_of_only_marks(claim):
    assert kinds(HARDSHIP, claim) == ["figure_absent"]


def test_a_wrong_worked_figure_is_still_marked():
    claim = "On a £3,500 quote you would receive £1,150."
    assert kinds(GRANT, claim, QUOTE) == ["figure_absent"]


def test_a_worked_figure_against_another_value_for_the_same_thing_stays_marked():
    """£280 is seven days at £40, but the source prices seven days at £220: a computation
    explains the difference, so the claim is marked, never passed."""
    claim = "Hiring the car for 7 days costs £280."
    assert kinds("Car hire costs £40 per day, or £220 for 7 days.", claim) == ["figure_absent"]


def test_a_stretch_never_reads_a_unit_conflict():
    """The stretch "you shouldn't take more than 4 g of paracetamol in 24 hours" speaks of
    the dosing sentence, which holds a 4 in hours: no unit conflict is read from it."""
    source = "Adults can take one or two 500 mg paracetamol tablets every 4 to 6 hours."
    claim = (
        "Just so you know where the ceiling is, you shouldn't take more than 4 g of "
        "paracetamol in 24 hours (that's eight 500 mg tablets), and if the pain lasts "
        "more than 3 days, see a doctor."
    )
    assert "unit_conflict" not in kinds(source, claim)
    assert "figure_conflict" not in kinds(source, claim)


def test_an_approximate_figure_is_never_refuted_by_its_stretch():
    """ "about 8%" is the rise from £380 million to £412 million, worked out by the answer;
    the 3% of the sentence is another fact's."""
    source = "Revenue grew from £380 million in 2022 to £412 million in 2023, while costs rose 3%."
    claim = (
        "Despite a tough year for high-street retailers across the country, revenue grew by "
        "about 8% to £412 million in 2023, which pleased investors."
    )
    assert "figure_conflict" not in kinds(source, claim)


def test_a_rate_of_another_account_applied_to_the_users_money_stays_marked():
    source = (
        "The Easy Access account pays 4.5% a year. The Fixed Rate Bond pays 5.1% a year "
        "for one year."
    )
    claim = "With the easy-access account, your £5,000 would earn £255 in a year."
    assert kinds(source, claim, "I have £5,000 to save.") == ["figure_absent"]


@pytest.mark.parametrize(
    ("source", "question", "claim"),
    [
        (
            "Standing tickets for the Ravenna Arena show are £58.50 each; seated tickets are "
            "£74.00 each. A maximum of 6 tickets per customer applies.",
            "I want 4 seated tickets - what's the total?",
            "Given how quickly the good seats go and how stressful the online queue can be, "
            "your seated tickets at the Ravenna Arena will come to £296 altogether",
        ),
        (
            "Parking at the festival costs £30 per car for the weekend; campervans pay £60.",
            "We're 4 friends sharing one car.",
            "Split evenly, and it's paid on arrival, weekend parking for the car comes to "
            "£7.50 each.",
        ),
    ],
)
def test_a_figure_worked_out_for_the_user_is_not_refuted_by_its_stretch(source, question, claim):
    """The stretch says what the answer works out ("will come to … altogether"), which the
    sentence pricing one ticket does not hold: only a stretch the sentence holds whole is
    read (a third fresh-probe review found these deleted)."""
    assert "figure_conflict" not in kinds(source, claim, question)


GEL = "Apply a thin layer of the gel to the itchy area up to 4 times a day. A tube costs £6.49."


@pytest.mark.parametrize(
    ("claim", "found"),
    [
        # a bound is met by its own value only as written: "£6.49" rounds to 6, but it is
        # no "up to 6 times", so the sentence on the gel refutes it
        ("Apply a thin layer of the gel up to 6 times a day.", ["figure_conflict"]),
        ("Apply a thin layer of the gel up to 4 times a day.", []),
        # the sentence's own bound is no value within the claim's
        ("Apply a thin layer of the gel up to 5 times a day.", ["figure_conflict"]),
    ],
)
def test_a_bound_is_met_by_its_own_value_only_as_written(claim, found):
    assert kinds(GEL, claim) == found


MINIMUM = (
    "The lowest extent on record was observed on 17 September 2012. Every one of the ten "
    "lowest minimums has occurred since 2007."
)
TREATY = "The treaty was signed in 1893. It took effect on 28 November."


def test_a_day_dated_in_another_year_is_no_date_of_the_next_sentences_year():
    claim = "The lowest extent on record was observed on 17 September 2007."
    assert kinds(MINIMUM, claim) == ["figure_conflict"]
    # a day the sentence leaves undated takes the year its neighbour names
    assert kinds(TREATY, "The treaty took effect on 28 November 1893.") == []
