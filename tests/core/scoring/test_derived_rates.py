"""A rate per unit a sentence gives by its measure ("a 2 kg bag costs £3.40": £1.70 per kg)
and a sum of two percentages the answer says it combines are worked figures, and so is a
figure the claim converts from its own earlier one ("300 miles, about 483 km"): marked,
never deleted."""

from __future__ import annotations

from decimal import Decimal

import pytest

from longtracer_core import check_case
from longtracer_core.contracts import ClaimOutcome
from longtracer_core.scoring.derivation import derivable, derivable_across
from longtracer_core.scoring.evidence_index import evidence_index
from tests.helpers import redact_outcomes


def sentences(*texts: str):
    return evidence_index([(f"S{i}", t) for i, t in enumerate(texts, 1)]).sentences


@pytest.mark.parametrize(
    ("value", "kind", "text", "per", "derived"),
    [
        ("1.70", "money", "A 2 kg bag of rice costs £3.40.", "unit:kg", True),
        ("1.90", "money", "A 2 kg bag of rice costs £3.40.", "unit:kg", False),
        ("5", "unit:min", "She ran the 10 km race in 50 minutes.", "unit:km", True),
        ("6", "unit:min", "She ran the 10 km race in 50 minutes.", "unit:km", False),
        # only a rate per the measure: "A tin of the paint costs £4.50" is no rate
        ("4.50", "money", "A 10-litre tin of paint costs £45.", None, False),
    ],
)
def test_a_quantity_over_a_measure_of_its_sentence(value, kind, text, per, derived):
    rates = frozenset({per}) if per else frozenset()
    assert derivable(Decimal(value), kind, sentences(text), per=rates) is derived


def test_a_sum_of_percentages_only_where_the_answer_combines_them():
    read = sentences(
        "Employees contribute 5% of salary to the pension.",
        "The employer adds a further 3% of salary.",
    )
    assert derivable_across(Decimal(8), "percent", read, combined=True)
    assert not derivable_across(Decimal(8), "percent", read)
    assert not derivable_across(Decimal(9), "percent", read, combined=True)


@pytest.mark.parametrize(
    ("answer", "sources"),
    [
        ("The 2 kg bag works out at £1.70 per kg.", ["A 2 kg bag of rice costs £3.40."]),
        (
            "Total contributions come to 8% of your salary.",
            [
                "Employees contribute 5% of salary to the pension.",
                "The employer adds a further 3% of salary.",
            ],
        ),
    ],
)
def test_a_correct_worked_rate_or_total_is_never_deleted(answer, sources):
    assert ClaimOutcome.REFUTED not in redact_outcomes(answer, sources)


RANGE = ["The car's range is 400 km on a full charge."]
TRIP = "I'm driving 300 miles. Will I need to recharge?"


def test_a_figure_converted_from_the_users_own_is_never_deleted():
    answer = "Your 300-mile trip is about 483 km, so you'd need at least one recharge."
    assert ClaimOutcome.REFUTED not in redact_outcomes(answer, RANGE, TRIP)


@pytest.mark.parametrize(
    ("answer", "sources"),
    [
        # a conversion that is wrong is no work of the claim's
        ("Your 300-mile trip is about 600 km, so you'd need at least one recharge.", RANGE),
        # a wrong value is not cleared by its own conversion written after it
        (
            "The Eiffel Tower is 330 metres (1,083 feet) tall.",
            ["The Eiffel Tower is 300 metres tall."],
        ),
    ],
)
def test_a_wrong_figure_with_a_conversion_is_still_refuted(answer, sources):
    assert ClaimOutcome.REFUTED in redact_outcomes(answer, sources, TRIP)


LOAN = [
    "The car loan has an APR of 4.9%.",
    "The monthly payment on a $15,000 loan over 5 years is $282.",
]
INTEREST = "How much interest will I pay?"


def test_a_difference_of_the_claims_earlier_figure_and_the_cases_is_never_deleted():
    answer = "Over 60 payments you'd pay $16,920, so about $1,920 in interest."
    assert ClaimOutcome.REFUTED not in redact_outcomes(answer, LOAN, INTEREST)


def test_a_difference_the_figures_do_not_give_is_still_refuted():
    answer = "Over 60 payments you'd pay $16,920, so about $2,920 in interest."
    assert ClaimOutcome.REFUTED in redact_outcomes(answer, LOAN, INTEREST)


@pytest.mark.parametrize(
    ("answer", "sources", "question"),
    [
        # found in review: a rule restated with the user's figure and its conversion, a
        # difference with a figure of another thing, a ratio of another item of a sentence
        (
            "The maximum single dose is 500 mg, or 0.5 g.",
            ["The maximum single dose of paracetamol for adults is 1 g."],
            "I take 500 mg at a time.",
        ),
        (
            "You can take at most 500 mg, or 0.5 g, at a time.",
            ["The maximum single dose of paracetamol for adults is 1 g."],
            "I take 500 mg at a time.",
        ),
        (
            "Over 60 payments you'd pay $16,920, so about $1,080 in interest.",
            ["The car costs $18,000.", *LOAN[1:]],
            INTEREST,
        ),
        (
            "A 500 ml bottle of Lite would contain about 53 g of sugar.",
            ["A 330 ml can of Classic contains 35 g of sugar, while a 330 ml can of Lite "
             "contains 10 g."],
            None,
        ),
    ],
)  # fmt: skip
def test_a_worked_reading_never_clears_a_wrong_figure(answer, sources, question):
    assert ClaimOutcome.REFUTED in redact_outcomes(answer, sources, question)


DEPOSITS = (
    "A landlord may not take a deposit of more than five weeks' rent where the total annual "
    "rent is less than £50,000."
)
RENT = "My rent is £1,500 a month. What's the most my landlord can take as a deposit?"


def test_a_figure_the_claim_says_it_worked_out_from_the_users_figures_is_marked():
    claim = "The cap is five weeks' rent, which comes to about £1,730.77."
    sources = [{"id": "S1", "text": DEPOSITS}]
    (worked,) = check_case(claim, sources, question=RENT).claims
    assert worked.outcome is ClaimOutcome.UNCERTAIN  # £1,500 x 12 / 52 x 5: never deleted
    # with no figure of the user's to start from, the source's figures are all there is
    (alone,) = check_case(claim, sources).claims
    assert alone.outcome is ClaimOutcome.REFUTED
    # a figure it reports as the source's fact is still refuted
    (stated,) = check_case(
        "The annual rent limit for the five-week cap is £60,000.", sources, question=RENT
    ).claims
    assert stated.outcome is ClaimOutcome.REFUTED
