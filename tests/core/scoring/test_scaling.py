"""A fact of the evidence scaled to a measure of the claim's own ("a 500 ml bottle … about 53
g" of "a 330 ml can … 35 g"), or a rate of one sentence applied to a measure of another
("£2.10 per square foot" of an 850 sq ft flat), is worked out: marked, never deleted; a
ratio the claim does not keep, or a measure the evidence states, is read as before."""

from __future__ import annotations

import pytest

from longtracer_core.contracts import ClaimOutcome
from longtracer_core.scoring.evidence_index import evidence_index
from longtracer_core.scoring.scaling import scaled_figures
from tests.helpers import redact_outcomes, verifier

CAN = ["A 330 ml can of the cola contains 35 g of sugar."]
WINE = [
    "A standard drink contains 10 g of alcohol.",
    "A 750 ml bottle of 13% wine contains about 7.7 standard drinks.",
]
GRANOLA = [
    "Oat granola. Per 100 g: energy 1,850 kJ, fat 15 g, carbohydrate 60 g, fibre 8 g, "
    "protein 12 g. Suggested serving 40 g."
]
RICE = ["Basmati rice costs £1.70 per kg at the market stall."]
FLAT = [
    "The flat at 14 Marlow Road has 850 square feet of floor space and two bedrooms.",
    "Rents in the district average £2.10 per square foot per month, up 6% on last year.",
]


def scaled(claim: str, sources: list[str]) -> list[str]:
    sentences = evidence_index([(f"S{i}", t) for i, t in enumerate(sources, 1)]).sentences
    return sorted(claim[at : at + 4] for at in scaled_figures(claim, sentences))


@pytest.mark.parametrize(
    ("claim", "sources", "figures"),
    [
        ("A 500 ml bottle of the same cola would contain about 53 g of sugar.", CAN,
         ["500 ", "53 g"]),
        ("A 150 ml glass of that wine is about 1.5 standard drinks.", WINE, ["1.5 ", "150 "]),
        ("You'd expect rent of about £1,800 a month for the flat.", FLAT, ["£1,8"]),
        # a ratio the claim does not keep, a figure the rate does not give
        ("A 500 ml bottle of the same cola would contain about 60 g of sugar.", CAN, []),
        ("You'd expect rent of about £2,400 a month for the flat.", FLAT, []),
        # a measure the evidence states is no scaling of another one
        ("A 330 ml can of the cola contains 23 g of sugar.",
         [*CAN, "A 500 ml bottle of the cola contains 35 g of sugar."], []),
    ],
)  # fmt: skip
def test_which_figures_scale_the_evidence(claim, sources, figures):
    assert scaled(claim, sources) == figures


@pytest.mark.parametrize(
    ("answer", "sources"),
    [
        ("A 500 ml bottle of the same cola would contain about 53 g of sugar.", CAN),
        ("A 150 ml glass of that wine is about 1.5 standard drinks.", WINE),
        ("At the district average, you'd expect rent of about £1,785 a month for the flat.", FLAT),
        ("The service charge on Suite 4 comes to £6,000 a year.",
         ["Suite 4 offers 1,200 square feet.",
          "Rent is £25 per square foot per year, plus a service charge of £5 per square foot."]),
        ("For 1,500 ml of water you'd add 300 ml of concentrate.",
         ["Mix 50 ml of concentrate with every 250 ml of water."]),
        # a rate applied to a measure of the claim's own
        ("A 2 kg bag of basmati rice costs £3.40 at the market stall.", RICE),
        # a figure of a list a measure heads, at the claim's measure: what it is said of
        # is the word before it ("protein 12 g"), not the fat listed first
        ("A 40 g serving gives you 4.8 g of protein.", GRANOLA),
        ("A 40 g serving gives you 6 g of fat.", GRANOLA),
        # the claim's own measure, which no source states, is no conflict either
        ("A 30 g serving provides 18 g of carbohydrate.",
         ["Per 100 g: energy 1,850 kJ, fat 15 g, protein 12 g, carbohydrate 60 g."]),
        # a list that writes the thing after the figure, and energy in two units
        ("A 40 g serving gives you 4.8 g of protein.", ["Per 100 g: 15 g fat, 12 g protein."]),
        ("A 25 g portion provides about 110 kcal.",
         ["Per 100 g: energy 1,850 kJ (442 kcal), fat 15 g."]),
    ],
)  # fmt: skip
def test_a_correct_scaled_figure_is_never_deleted(answer, sources):
    assert ClaimOutcome.REFUTED not in redact_outcomes(answer, sources)


@pytest.mark.parametrize(
    ("answer", "sources"),
    [
        ("A 500 ml bottle of the same cola would contain about 60 g of sugar.", CAN),
        ("A 150 ml glass of that wine is about 2.5 standard drinks.", WINE),
        ("At the district average, you'd expect rent of about £2,400 a month for the flat.", FLAT),
        # found in review: a measure the evidence states with another value, a ratio of
        # another thing or of another product, a rate of another charge, a rate applied to a
        # measure whose total the evidence gives
        ("A 500 ml bottle of the cola contains about 53 g of sugar.",
         [*CAN, "A 500 ml bottle of the cola contains 58 g of sugar."]),
        ("A 400 ml bottle of the milkshake would contain about 48 g of protein.",
         ["A 250 ml glass of the milkshake contains 30 g of sugar and 8 g of protein."]),
        ("A 500 ml bottle of Lite would contain about 53 g of sugar.",
         ["A 330 ml can of Classic contains 35 g of sugar.",
          "A 330 ml can of Lite contains 10 g of sugar."]),
        ("The service charge on Suite 4 comes to £30,000 a year.",
         ["Suite 4 offers 1,200 square feet.",
          "Rent is £25 per square foot per year, plus a service charge of £5 per square foot."]),
        ("A block of 10 hours costs £400.",
         ["The tutor charges £40 per hour.", "A block of 10 hours costs £350."]),
        # the claim's own measure at a rate the evidence does not give, and a rate restated
        # wrongly and applied: the restated rate is no scaling of itself
        ("A 2 kg bag of basmati rice costs £4.40 at the market stall.", RICE),
        ("Basmati rice costs £3.40 per kg at the market stall.", RICE),
        ("Basmati rice costs £3.40 per kg, so a 2 kg bag costs £6.80.", RICE),
        # the claim's measure is one a source prices itself
        ("The 3-hour party package costs £15.",
         ["Lane hire costs £5 per hour.", "The 3-hour party package costs £120."]),
        # another listed thing's share, a share off the heading's ratio
        ("A 40 g serving gives you 6 g of protein.", GRANOLA),
        ("A 40 g serving gives you 5.8 g of protein.", GRANOLA),
        # found in review: two listed things' shares swapped, another listed thing's share
        # where the list writes the thing after the figure, kJ read as kcal, a list for the
        # claim's own measure, a measure a source prices in another unit, a total rounded
        # off that the claim does not call approximate
        ("A 40 g serving gives you 4.8 g of fat and 6 g of protein.",
         ["Per 100 g: fat 15 g, protein 12 g."]),
        ("A 40 g serving gives you 6 g of protein.", ["Per 100 g: 15 g fat, 12 g protein."]),
        ("A 25 g portion provides about 462 kcal of energy.",
         ["Per 100 g: energy 1,850 kJ (442 kcal), fat 15 g."]),
        ("A 40 g serving gives you 4.8 g of protein.",
         ["Per 100 g: fat 15 g, protein 12 g.", "Per 40 g serving: fat 6 g, protein 9 g."]),
        ("A 2 kg bag of rice costs £3.40.",
         ["Rice is £1.70 per kg loose; the 2000 g bag is on offer at £2.99."]),
        ("A 2 kg bag of basmati rice costs £3.", RICE),
    ],
)  # fmt: skip
def test_a_scaled_figure_off_the_ratio_is_still_refuted(answer, sources):
    assert ClaimOutcome.REFUTED in redact_outcomes(answer, sources)


def _marked(answer: str, sources: list[str]) -> list[str | None]:
    """The finding kind of each claim of ``answer`` that is not supported."""
    case = (
        verifier()
        .guard(answer, [{"source_id": f"S{i}", "text": t} for i, t in enumerate(sources, 1)])
        .case
    )
    return [
        (c.details.get("finding") or {}).get("kind")
        for c in case.claims
        if c.outcome is not ClaimOutcome.SUPPORTED
    ]


@pytest.mark.parametrize(
    ("answer", "sources", "marked"),
    [
        # a listed figure given for another measure than its heading's is the heading's
        ("A 40 g serving gives you 12 g of protein.", GRANOLA, True),
        ("Each 40 g serving has 15 g of fat.", GRANOLA, True),
        ("Each 150 g serving contains 0.7 g of salt.",
         ["Nutrition per 100 g: energy 412 kJ, fat 3.1 g, salt 0.7 g. Serving size 150 g."], True),
        # for its own measure, with no measure, or stated with no heading too
        ("The granola has 12 g of protein per 100 g.", GRANOLA, False),
        ("Per 100 g, the granola gives you 12 g of protein.", GRANOLA, False),
        ("The granola has 12 g of protein and 15 g of fat.", GRANOLA, False),
        ("A 40 g bar gives you 12 g of protein.",
         ["Per 100 g: fat 15 g, protein 12 g.", "Each 40 g bar has 12 g of protein."], False),
    ],
)  # fmt: skip
def test_a_listed_figure_given_for_another_measure_is_marked(answer, sources, marked):
    assert ("figure_binding" in _marked(answer, sources)) is marked
