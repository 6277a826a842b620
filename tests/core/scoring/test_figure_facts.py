"""A figure of the evidence that states another fact than the claim's — another noun, a
limit against a value — is never the proof that deletes the claim; the same fact with
another value still is."""

from __future__ import annotations

import pytest

from longtracer_core.contracts import ClaimOutcome
from longtracer_core.scoring.claim_figures import claim_figures
from longtracer_core.scoring.figure_facts import claim_fact, other_facts
from longtracer_core.scoring.hedges import bound_at, hedge_at
from tests.helpers import redact_outcomes


def set_aside(claim: str, mine: str, evidence: list[str], theirs: str) -> bool:
    """Is the last evidence sentence's figure ``theirs`` set aside as another fact than
    the claim's figure ``mine``?"""
    for (_, end, _), need in claim_figures(claim):
        if need.readings[0] == mine:
            return theirs in other_facts(evidence[-1], claim_fact(claim, end, need, evidence))
    raise AssertionError(f"no figure {mine} in {claim!r}")


@pytest.mark.parametrize(
    ("claim", "mine", "evidence", "theirs", "aside"),
    [
        # another noun the case counts too
        (
            "The shop got 960 jars on Monday.", "960",
            ["Each crate holds 24 jars.", "The shop got 40 crates on Monday."], "40", True,
        ),
        # a noun worded anew is the same fact
        ("The firm has 3,800 workers.", "3800", ["The firm has 8,300 staff."], "8300", False),
        ("The shop got 960 jars on Monday.", "960", ["The shop got 900 jars on Monday."], "900",
         False),
        # a limit against a value of the user's own case, or one the value keeps to
        ("You would be 15 on the start date.", "15", ["Riders must be at least 16."], "16", True),
        ("The grant paid her £800.", "800", ["The grant pays up to £1,000."], "1000", True),
        # a value beyond the limit, or a limit restated, is the same fact
        ("The grant paid her £4,000.", "4000", ["The grant pays up to £1,000."], "1000", False),
        ("Riders must be at least 15.", "15", ["Riders must be at least 16."], "16", False),
        ("Fines reach up to 4% of turnover.", "4", ["Fines can reach up to 2% of turnover."], "2",
         False),
        ("The lake is 40 metres deep.", "40", ["The lake is 60 metres deep."], "60", False),
    ],
)  # fmt: skip
def test_which_fact_a_figure_states(claim, mine, evidence, theirs, aside):
    assert set_aside(claim, mine, evidence, theirs) is aside


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
        # a person of the case said as what they will be, not only "you"
        (
            "He'll be 17 on polling day, so he can't vote in this election.",
            ["Voters must be 18 or older on polling day.", "Polling day is 4 July 2024."],
        ),
    ],
)
def test_a_correct_worked_figure_is_never_deleted(answer, sources):
    assert ClaimOutcome.REFUTED not in redact_outcomes(answer, sources)


@pytest.mark.parametrize(
    ("answer", "sources"),
    [
        # a rule restated with another limit is no value of the case, nor is a rule said of
        # a third person (found in review)
        ("Voters must be 16 or older on polling day.", ["Voters must be 18 or older on polling day."]),
        ("He'll be able to vote at 16 on polling day.", ["Voters must be 18 or older on polling day."]),
        ("They'll let voters of 16 vote on polling day.", ["Voters must be 18 or older on polling day."]),
        ("They'll be 20% off until Sunday.", ["The sale gives discounts of up to 15% until Sunday."]),
        # a number of people is no count of the claim's noun (found in review)
        ("The factory has more than 10,000 workers.",
         ["The town of 12,000 people is home to a factory with 800 workers."]),
    ],
)  # fmt: skip
def test_a_rule_or_a_count_the_evidence_breaks_is_still_refuted(answer, sources):
    question = "My son is 15. Can he vote, and how big is the factory?"
    assert ClaimOutcome.REFUTED in redact_outcomes(answer, sources, question)


def test_the_same_fact_with_another_value_is_still_refuted():
    found = redact_outcomes(
        "The depot received 55 crates on Monday.",
        ["Each crate holds 24 jars.", "The depot received 40 crates on Monday."],
    )
    assert ClaimOutcome.REFUTED in found


@pytest.mark.parametrize(
    ("text", "hedge"),
    [
        ("Hand luggage must weigh no more than 10", "max"),
        ("It must be not more than 10", "max"),
        ("The course lasts no less than 10", "min"),
        ("The class needs no fewer than 10", "min"),
        ("It weighs more than 10", "min"),
        ("It weighs less than 10", "max"),
    ],
)
def test_no_more_than_is_at_most_and_no_less_than_at_least(text, hedge):
    assert hedge_at(text, len(text) - 2) == hedge


@pytest.mark.parametrize(
    ("text", "bound"),
    [
        ("no less than 5", ("min", True)),
        ("not less than 5", ("min", True)),
        ("no fewer than 5", ("min", True)),
        ("no more than 5", ("max", True)),
        ("less than 5", ("max", False)),
        ("more than 5", ("min", False)),
    ],
)
def test_a_bound_after_no_or_not_is_the_other_way(text, bound):
    assert bound_at(text, len(text) - 1, len(text)) == bound
