"""Which evidence sentence a claim's figure is read against, and when a figure no source
states is no absent figure.

A chat answer fuses several facts into one sentence ("If money gets tight, the Hardship
Fund offers …, with applications opening on 1 October"): the figure is read against the
sentence that speaks of its own stretch, so a wrong limit is refuted, not only marked. A
figure the answer works out from the case's figures (a percentage of the user's own
quote) is the one the matcher already reads as given: no mark for its arithmetic.
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
        "If money gets tight, the Hardship Fund offers grants of up to £2,500 a year, "
        "with applications opening on 1 October."
    )
    assert kinds(HARDSHIP, claim) == ["figure_conflict"]


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


def test_a_percentage_of_the_users_own_figure_is_no_absent_figure():
    claim = "On a £3,500 quote you would receive £1,050."
    assert kinds(GRANT, claim, QUOTE) == []
    # without the user's quote nothing gives £1,050: still marked
    assert kinds(GRANT, claim) == ["figure_absent"]


def test_a_wrong_worked_figure_is_still_marked():
    claim = "On a £3,500 quote you would receive £1,150."
    assert kinds(GRANT, claim, QUOTE) == ["figure_absent"]


def test_a_worked_figure_against_another_value_for_the_same_thing_stays_marked():
    """£280 is seven days at £40, but the source prices seven days at £220: a computation
    explains the difference, so the claim is marked, never passed."""
    claim = "Hiring the car for 7 days costs £280."
    assert kinds("Car hire costs £40 per day, or £220 for 7 days.", claim) == ["figure_absent"]
