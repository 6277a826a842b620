"""A multiple a claim states between two of its own figures is checked by its arithmetic:
one the figures do not give marks the claim, never deletes it."""

from __future__ import annotations

import pytest

from longtracer_core import check_case
from longtracer_core.contracts import ClaimOutcome
from longtracer_core.scoring.findings import BLOCKING_KINDS, DECISIVE_KINDS
from longtracer_core.scoring.multiples import multiple_finding


@pytest.mark.parametrize(
    "claim",
    [
        "The day pass costs £36, three times the £12 single fare.",
        "At 9,800 visitors, August drew roughly twice July's 5,100.",
        "Downloads doubled from 40,000 to 81,000 over the year.",
        "The larger tank holds about 2.5 times as much, at 500 litres against 200 litres.",
        "The fine of £90 is more than twice the £40 fee.",
        "The 31 kg case is nearly three times the 12 kg limit.",
        "The £18 ticket is half the £36 you paid last year.",
        # a multiple of how often, or a "half" of no figure, is no multiple of a figure
        "Take 250 mg twice a day, 500 mg in all.",
        "Doors open at 7pm, half an hour before the 7.30pm start.",
        # a multiple of something the claim gives no figure for
        "The £120 penalty is up to three times the original charge.",
    ],
)
def test_a_multiple_its_figures_give_is_no_finding(claim):
    assert multiple_finding(claim) is None


@pytest.mark.parametrize(
    "claim",
    [
        "The day pass costs £36, four times the £12 single fare.",
        "At 9,800 visitors, August drew roughly three times July's 5,100.",
        "Downloads doubled from 40,000 to 52,000 over the year.",
        "The larger tank holds about twice as much, at 500 litres against 100 litres.",
        "The fine of £90 is more than three times the £40 fee.",
        "The £18 ticket is half the £72 you paid last year.",
    ],
)
def test_a_multiple_its_figures_do_not_give_is_marked(claim):
    found = multiple_finding(claim)
    assert found is not None and found.kind == "multiple_mismatch"
    assert found.kind in BLOCKING_KINDS and found.kind not in DECISIVE_KINDS


def test_a_wrong_multiple_makes_a_supported_sentence_uncertain_never_refuted():
    source = "The Basic plan averages 36 Mbps at peak times. The Superfast plan averages 145 Mbps."
    right = check_case(
        "Superfast is about four times as fast, at 145 Mbps versus 36 Mbps.", [source]
    )
    wrong = check_case("Superfast is about twice as fast, at 145 Mbps versus 36 Mbps.", [source])
    assert all(c.outcome is not ClaimOutcome.REFUTED for c in wrong.claims)
    marked = [
        c for c in wrong.claims if c.details.get("finding", {}).get("kind") == "multiple_mismatch"
    ]
    assert marked and all(c.outcome is ClaimOutcome.UNCERTAIN for c in marked)
    assert not any(
        (c.details.get("finding") or {}).get("kind") == "multiple_mismatch" for c in right.claims
    )
