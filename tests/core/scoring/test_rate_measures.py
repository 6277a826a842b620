"""A figure stated as a rate per one measure is no figure per another ("53p per kWh" where
the source says "53p per day"), a sum in pence is a sum of money ("53p" is £0.53), and a
rate per day worked out over a week or a year is a computation, never a conflict."""

from __future__ import annotations

from decimal import Decimal

import pytest

from longtracer_core import check_case
from longtracer_core.contracts import ClaimOutcome
from longtracer_core.scoring.claim_figures import claim_figures
from longtracer_core.scoring.figure_facts import rate_kinds
from longtracer_core.scoring.figures import figure_kind
from longtracer_core.scoring.numeric import numeric_values

TARIFF = "The standing charge is 53p per day. The unit rate is 24.5p per kWh."
LOAN = "Interest on the loan is 5% a year, charged monthly."
BONDS = "The companies received $16,000 a mile on flat ground."
CONTRACT = "EDF will receive £92.50 per megawatt hour (in 2012 prices) for 35 years."


def _one(claim: str, source: str):
    (only,) = check_case(claim, [{"id": "S1", "text": source}]).claims
    return only


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The standing charge is 53p per kWh.", TARIFF),
        ("The standing charge is 53p a week.", TARIFF),
        ("Interest on the loan is 5% a month.", LOAN),
        ("The companies received $16,000 per kilometre on flat ground.", BONDS),
        # a measure written with its amount, a period word
        ("Mature cheddar costs 70p per kg.", "Mature cheddar costs 70p per 100g."),
        (
            "The personal loan is charged at 6.9% a month.",
            "The personal loan is charged at 6.9% APR.",
        ),
    ],
)
def test_a_figure_per_another_measure_than_its_source_gives_is_refuted(claim, source):
    claim_result = _one(claim, source)
    assert claim_result.outcome is ClaimOutcome.REFUTED
    assert claim_result.details["finding"]["kind"] == "unit_conflict"


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The standing charge is 53p a day.", TARIFF),
        ("The standing charge is £0.53 per day.", TARIFF),
        ("The unit rate is 24.5 pence per kWh.", TARIFF),
        ("Interest on the loan is 5% a year.", LOAN),
        # one measure written in two words, the other as its symbol
        ("EDF receives £92.50 per MWh for 35 years.", CONTRACT),
        ("Mature cheddar costs 70p per 100 g.", "Mature cheddar costs 70p per 100g."),
        (
            "The personal loan is charged at 6.9% a year.",
            "The personal loan is charged at 6.9% APR.",
        ),
        # the source gives the number with no rate: which measure it is per is not read
        ("The standing charge is 53p per day.", "There is a standing charge of 53p."),
    ],
)
def test_a_figure_per_the_measure_its_source_gives_is_supported(claim, source):
    assert _one(claim, source).outcome is ClaimOutcome.SUPPORTED


def test_the_rate_is_read_only_where_every_sentence_holding_the_number_gives_another():
    # one sentence gives 53p with no rate: the claim may be of that one
    source = "The standing charge is 53p per day. A call costs 53p."
    found = _one("The standing charge is 53p per kWh.", source).details.get("finding") or {}
    assert found.get("kind") != "unit_conflict"


def test_a_figure_glued_to_its_unit_is_a_figure():
    # 30GB is a measure: £12 a month for it is 40p per GB, a computation, never a conflict
    claim = check_case(
        "On that plan you're paying 40p per GB each month.",
        [{"id": "S1", "text": "SIM Only 30GB: £12 a month, 12-month plan."}],
    ).claims[0]
    assert claim.outcome is not ClaimOutcome.REFUTED
    assert [need.readings[0] for _, need in claim_figures("Take 500mg twice.")] == ["500"]
    # one letter glued is a decade's or a scale's, no unit
    assert not claim_figures("In the 1990s.")


def test_a_measure_of_two_words_is_one_unit():
    assert rate_kinds(" per megawatt hour (in 2012 prices)") == {"unit:mwh"}
    assert rate_kinds(" per hour per person") == {"unit:h"}


def test_a_sum_in_pence_is_money_in_pounds():
    text = "The charge is 53p."
    ((start, end, scanned), need) = claim_figures(text)[0]
    assert need.number == Decimal("0.53") and "53" in need.readings
    assert figure_kind(text, start, end, scanned, need.number) == "money"
    # the seed's strict reading is unchanged: the number without its "p"
    assert numeric_values(text) == ["53"]
    # "10pm" stays a time
    assert [f.kind for f in (need for _, need in claim_figures("Leave at 10pm."))] == ["time"]


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        ("The standing charge comes to about £193 a year.", "The standing charge is £0.53 a day."),
        ("The standing charge comes to £3.71 a week.", "The standing charge is 53p per day."),
    ],
)
def test_a_daily_rate_worked_out_over_a_week_or_a_year_is_marked_never_deleted(claim, sentence):
    claim_result = _one(claim, sentence)
    assert claim_result.outcome is ClaimOutcome.UNCERTAIN
    assert claim_result.details["finding"]["kind"] == "figure_absent"


def test_a_yearly_figure_no_computation_gives_is_still_refuted():
    claim_result = _one(
        "The standing charge comes to £250 a year.", "The standing charge is £0.53 a day."
    )
    assert claim_result.outcome is ClaimOutcome.REFUTED


def test_a_monthly_price_over_a_year_against_a_yearly_one_is_a_computation():
    source = "Memberships: £420 a year paid upfront, or £39 a month on a 12-month contract."
    right = _one("Paying monthly works out £48 more over the year than paying upfront.", source)
    assert right.outcome is ClaimOutcome.UNCERTAIN  # £39 x 12 - £420: marked, never deleted
    wrong = _one("Paying monthly works out £58 more over the year than paying upfront.", source)
    assert wrong.outcome is ClaimOutcome.REFUTED


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        # a measure further along the sentence, or a time, is no rate of the figure
        (
            "Petrol cost 145p a litre, up from 130p a year earlier.",
            "Petrol cost 145p per litre, up from 130p per litre twelve months earlier.",
        ),
        ("The course costs £200 and meets for an hour a week.", "The course costs £200 a year."),
        # a unit written with a hyphen is one unit
        (
            "The unit rate is 24.5p per kilowatt-hour.",
            "The unit rate is 24.5p per kWh and the standing charge is 53p per day.",
        ),
        # a rate's period and a unit after "per" name nothing
        ("The saver pays 4.5% AER.", "The Easy Access Saver pays 4.5% a year."),
        # a video mode is no sum in pence
        (
            "The projector supports 4K and 1080P input.",
            "The projector supports 4K and Full HD input.",
        ),
    ],
)
def test_a_correct_figure_is_never_deleted_for_its_rate(claim, source):
    assert _one(claim, source).outcome is not ClaimOutcome.REFUTED


@pytest.mark.parametrize(
    ("source", "claim", "right", "wrong"),
    [
        ("The 400g jar costs £3.00.", "The 400g jar works out at {} per 100g.", "75p", "95p"),
        # the pack's measure in another unit than the rate's
        ("The 1kg bag costs £1.50.", "The 1kg bag works out at {} per 100g.", "15p", "25p"),
    ],
)
def test_a_price_per_100_g_of_a_pack_is_a_computation(source, claim, right, wrong):
    assert _one(claim.format(right), source).outcome is ClaimOutcome.UNCERTAIN
    assert _one(claim.format(wrong), source).outcome is ClaimOutcome.REFUTED


def test_a_name_after_a_slash_is_still_a_name():
    source = "The field is operated by a joint venture of Shell and Equinor."
    found = _one("The field is operated by a Shell/BP joint venture.", source)
    assert found.outcome is ClaimOutcome.REFUTED


METEORS = (
    "The particles hit the upper atmosphere at about 59 km per second and burn up between "
    "roughly 70 and 100 km above the ground."
)


def test_a_speed_is_never_a_length_the_source_gives_with_the_same_number():
    # marked, not deleted: the rate may be written in a sentence beside the figure
    found = _one("The grains hit the upper atmosphere at around 100 km per second.", METEORS)
    assert found.outcome is ClaimOutcome.UNCERTAIN
    assert found.details["finding"]["kind"] == "figure_absent"
    assert "100 km per second" in found.details["finding"]["text"]
    assert "as no rate" in found.details["finding"]["text"]
    # the speed the source gives, and the height as a height, stand
    assert _one("They hit the atmosphere at about 59 km per second.", METEORS).outcome is (
        ClaimOutcome.SUPPORTED
    )
    assert _one("They burn up about 100 km above the ground.", METEORS).outcome is (
        ClaimOutcome.SUPPORTED
    )


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        # money, a duration and a rate per a measure that is no time may be given bare
        ("The standing charge is 53p per day.", "There is a standing charge of 53p."),
        ("Keep screen time to 2 hours a day.", "Screen time should be kept to 2 hours."),
        ("Pumpkin seeds give 2.4 mg of iron per 30 g.", "A 30 g handful gives 2.4 mg of iron."),
        # the rate after a comma, or a measure further along
        ("Take 75 mg a day.", "The usual dose is 75 mg, taken once a day."),
        ("Adults need about 0.8 g/kg of protein.", "Adults need 0.8 g of protein per kg a day."),
        # the source gives the number as a speed in another sentence too
        (
            "The train runs at 300 km per hour.",
            "The line is 300 km long. Trains run on it at 300 km/h.",
        ),
    ],
)
def test_a_bare_figure_that_may_be_the_rate_deletes_nothing(claim, source):
    assert _one(claim, source).outcome is not ClaimOutcome.REFUTED


def test_a_rate_written_loosely_around_the_figure_makes_it_a_rate():
    # "in each second", "every minute" after a comma, a noun or an aside in brackets, or
    # fronted: the source's rate, loosely put
    for claim, source in [
        (
            "The Sun converts about 4 million tonnes per second.",
            "Every second, the Sun converts about 4 million tonnes of matter into energy.",
        ),
        (
            "The glacier retreats 30 metres per year.",
            "The glacier retreats 30 metres (about 100 feet) each year.",
        ),
        (
            "The pump lifts 500 litres per minute.",
            "The pump lifts 500 litres of water from the "
            "lower reservoir to the upper storage tank every minute.",
        ),
        ("Take 75 mg a day.", "The usual dose is 75 mg, taken once a day."),
        ("Earth moves at nearly 30 km/s.", "The Earth covers nearly 30 km in each second."),
        (
            "The ship pays out 300 metres of cable per minute.",
            "It pays out 300 metres of cable every minute.",
        ),
    ]:
        assert _one(claim, source).outcome is ClaimOutcome.SUPPORTED, claim


def test_a_rate_is_read_around_its_own_figure_only():
    # the rate of another figure's clause, or the conversion of the figure, is no rate of it
    joined = _one(
        "Some bamboo can grow as much as 30 metres a day.",
        "Some bamboo can grow up to 91 cm in a single day, and the tallest reach about 30 metres.",
    )
    assert joined.details["finding"]["kind"] == "figure_absent"
    converted = _one(
        "The pump moves 500 litres per minute.",
        "The pump moves 500 litres, or about 130 gallons, every minute.",
    )
    assert converted.outcome is ClaimOutcome.SUPPORTED


@pytest.mark.parametrize(
    "source",
    [
        # a possessive's "s" or an ordinal "second" is no rate
        "Most meteors burn up about 100 km above the Earth's surface.",
        "On its second day the probe descended 100 km above the surface.",
    ],
)
def test_a_word_that_only_looks_like_time_makes_no_rate(source):
    found = _one("The meteors travel at about 100 km per second.", source)
    assert found.details["finding"]["kind"] == "figure_absent"
