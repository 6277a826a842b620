"""Two figures a claim gives together that the evidence sentence gives in two of its tiers
(``scoring.tiers``): marked, never deleted."""

from __future__ import annotations

import pytest

from longtracer_core import check_case
from longtracer_core.contracts import ClaimOutcome
from longtracer_core.scoring.tiers import crossed

ERC = (
    "Early repayment charges apply to any amount repaid above your allowance: 3% of the "
    "excess if repaid on or before 31 August 2025; 2% of the excess if repaid between "
    "1 September 2025 and 31 August 2026."
)
FARES = "A peak ticket costs £6.20 before 09:30, and an off-peak one £4.50 after 10:00."


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        (
            "The charge is 2% of the excess if repaid by 31 August 2025, rising to 3% from "
            "1 September 2025.",
            ERC,
        ),
        ("Repaying on 1 September 2025 costs 3% of the excess.", ERC),
    ],
)
def test_two_figures_the_sentence_gives_apart_are_marked_never_deleted(claim, source):
    (claim_result,) = check_case(claim, [{"id": "S1", "text": source}]).claims
    assert claim_result.outcome is ClaimOutcome.UNCERTAIN
    finding = claim_result.details["finding"]
    assert finding["kind"] == "figure_binding"
    assert finding["stated"].startswith("2") or "with 2%" in finding["stated"]


@pytest.mark.parametrize(
    "claim",
    [
        "The charge is 3% of the excess if repaid by 31 August 2025, and 2% from 1 September 2025.",
        # a change, two figures of one kind in one part: which goes with the date is unread
        "The charge falls from 3% to 2% of the excess on 1 September 2025.",
        "Repaying between 1 September 2025 and 31 August 2026 costs 2% of the excess.",
    ],
)
def test_two_figures_given_together_as_the_sentence_does_are_not_crossed(claim):
    assert crossed(claim, ERC) is None


def test_crossed_figures_need_each_part_to_give_the_others_kind():
    # the date is given in one part and the price in another with nothing of its kind
    source = "The fund opened on 1 October 2024, and grants of up to £1,500 are paid."
    assert crossed("Since 1 October 2024 the fund has paid grants of up to £1,500.", source) is None
    crossing = crossed("Before 09:30 a ticket costs £4.50.", FARES)
    assert crossing is not None and "£6.20" in crossing.stated
    # a boundary both parts give is told by the side each covers ("before", "after") …
    shared = FARES.replace("10:00", "09:30")
    assert crossed("Before 09:30 a ticket costs £4.50.", shared) is not None
    assert crossed("Before 09:30 a ticket costs £6.20.", shared) is None
    # … and a claim that gives no side ties nothing
    assert crossed("At 09:30 a ticket costs £4.50.", shared) is None


LEAVE = (
    "Employees with less than 5 years' service receive 25 days' annual leave; those with 5 to "
    "9 years' service receive 27 days; those with 10 or more years' service receive 30 days."
)
SAVER = (
    "Interest is paid at 2.10% AER on balances from £1 to £9,999, 2.60% AER on balances from "
    "£10,000 to £49,999, and 3.05% AER on balances of £50,000 and above."
)


@pytest.mark.parametrize(
    ("claim", "source", "band"),
    [
        ("With 7 years' service you get 30 days' annual leave.", LEAVE, "5 to 9 years"),
        ("A balance of £12,000 earns 2.10% AER.", SAVER, "£10,000 to £49,999"),
        ("A balance of £60,000 earns 2.60% AER.", SAVER, "£50,000"),
    ],
)
def test_a_value_the_sentence_does_not_give_is_read_in_the_band_it_falls_in(claim, source, band):
    crossing = crossed(claim, source)
    assert crossing is not None and band in crossing.stated


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("With 7 years' service you get 27 days' annual leave.", LEAVE),
        ("With 12 years' service you get 30 days' annual leave.", LEAVE),
        ("A balance of £12,000 earns 2.60% AER.", SAVER),
        # a value on the boundary two bands share is in both: nothing is read
        ("With 5 years' service you get 25 days' annual leave.", LEAVE),
    ],
)
def test_a_value_given_its_own_bands_figure_is_not_crossed(claim, source):
    assert crossed(claim, source) is None


POINTS = (
    "Members with fewer than 10,000 points earn 1% back; with 10,000 to 24,999 points, "
    "members earn 2% back; with 25,000 points or more, 3% back."
)
LATE = (
    "If payment is up to 30 days late, a fee of £15 applies; if it is more than 30 days "
    "late, a fee of £40 applies."
)


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        # a comma inside a number closes no fronted phrase
        ("With 12,500 points, you earn 3% back.", POINTS),
        # a source's tier opens with its condition, closed by a comma
        ("Paying up to 30 days late costs £40.", LATE),
    ],
)
def test_a_fronted_condition_is_its_tiers_in_claims_and_sources(claim, source):
    assert crossed(claim, source) is not None


def test_a_claim_that_denies_a_tiers_figure_is_not_crossed():
    source = "Adults aged 18 to 64 pay £6, and seniors aged 65 and over pay £3."
    assert crossed("At 70 your mum pays £6.", source) is not None
    assert crossed("No, at 70 your mum pays the senior fare of £3, not £6.", source) is None


def test_a_tier_that_gives_the_claims_value_too_is_no_other_value():
    # "up to 2,402 Mbps" in one tier and "2,402 Mbps" in the other: no other value crosses
    source = (
        "On the 5 GHz band links reach up to 2,402 Mbps, and on the 6 GHz band 2,402 Mbps as well."
    )
    assert crossed("On the 5 GHz band the link rate is up to 2,402 Mbps.", source) is None


def test_a_sentence_of_another_year_is_not_read_for_the_claims_tiers():
    source = (
        "In 2023, the rate was 5.5% for balances up to £20,000 and 4.9% for balances over £20,000."
    )
    # the claim speaks of 2024, which the sentence does not: it may say the same of 2024
    assert crossed("In 2024, balances up to £20,000 are charged 4.9%.", source) is None
    assert crossed("In 2023, balances up to £20,000 were charged 4.9%.", source) is not None
