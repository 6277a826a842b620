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
        "The 20-minute talk starts half an hour before the 60-minute film.",
        # a multiple of another thing than its figures, or a base the claim does not give
        "The £900 model has twice the storage of the £600 one.",
        "Membership fees doubled to £80 for the £300 course.",
        "Bookings doubled when the price fell from £50 to £40.",
        # a figure after a comma is the result ("double that, 800"), a figure far before
        # the multiple another thing's, another currency no multiple of the first
        "Last year 400 people came; expect double that, 1,200 or so.",
        "Members paying £2,400 a year in fees will see the club double the £40 locker charge.",
        "The ¥7,900 pass is about half the €98 rail fare.",
        # a bound read whole, a range of multiples, a stretch
        "The £90 fine is not more than twice the £60 fee.",
        "The £25 fee is between two and three times the old £10 one.",
        "The 900 tickets sold in the last half of the 3,000 on offer went to members.",
        # "by half" goes up as often as it falls; "in half an hour" is a stretch
        "Output went up by half, from 1,000 to 1,500 units.",
        "Sales doubled in half an hour, from 10 orders to 20.",
        # the numbers of names are no figures
        "Model 2 scooters reach 20 km/h, half as fast as Model 8 scooters.",
        # times as occasions, nouns and stretches, a range of multiples
        "The £14 fare has gone up three times since the £10 of 2021.",
        "Rooms cost £70 single, or a double room £120 a night.",
        "Profits of £4 million in the first half of the year were £3 million below target.",
        "The new £25 fee is two to three times the old £10 fee.",
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
        "Rents in Leeds, at £1,100, are more than twice Hull's £600.",
        "Visitor numbers almost halved since 2019, falling from 90,000 to 70,000.",
        # other words of change, the change written "to B from A", a first end read as a
        # range's, "one and a half times"
        "Subscribers rose threefold after the launch, from 20,000 to 45,000.",
        "Queues were cut in half, from 30 minutes to 21 minutes.",
        "Members doubled to 9,000 from 6,000.",
        "Revenue doubled over three years, from £1.5 million to £2.2 million.",
        "The £70,000 saloon costs one and a half times the £30,000 hatchback.",
        # unhedged, a multiple rounds to its nearest whole
        "The £49 plan costs twice the £30 one.",
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
