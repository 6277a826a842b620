"""A figure a computation may have given is marked, never deleted; a wrong one still is.

The loose reading (``scoring/loose_work.py``) only keeps a figure conflict from deleting a
claim: each correct worked figure below ends ``figure_absent`` (a mark), and each wrong
figure beside it still ends ``figure_conflict``.
"""

from __future__ import annotations

import pytest

from longtracer_core.scoring.evidence import evidence_findings, evidence_index
from longtracer_core.scoring.figures import claim_needs, needs_met, span_figures
from longtracer_core.scoring.name_case import short_form


def kinds(source: str, claim: str, question: str | None = None) -> list[str]:
    index = evidence_index([("S1", source)])
    return [f.kind for f in evidence_findings(claim, index, (question,) if question else ())]


@pytest.mark.parametrize(
    ("source", "right", "wrong"),
    [
        # a rate times the claim's own count
        (
            "The studio plan costs $12 per seat per month.",
            "For 8 seats the studio plan comes to $96 a month.",
            "For 8 seats the studio plan comes to $120 a month.",
        ),
        # a rate times a count the claim writes in digits before a hyphen
        (
            "Cabins at the lodge cost €85 per night.",
            "A 5-night stay in a cabin costs €425.",
            "A 5-night stay in a cabin costs €510.",
        ),
        # a price changed by a percentage of the source
        (
            "The £80 boots are reduced by 15% this week.",
            "This week the boots cost £68.",
            "This week the boots cost £60.",
        ),
        # a change in a verb and its particle
        (
            "The £4.00 single fare is going up by 5% from 1 March.",
            "From 1 March a single fare costs £4.20.",
            "From 1 March a single fare costs £4.60.",
        ),
        # a yearly figure over the user's instalments
        (
            "Band C council tax in the district is £1,740 a year.",
            "Over 10 instalments that is £174 a month for Band C.",
            "Over 10 instalments that is £190 a month for Band C.",
        ),
    ],
)
def test_a_worked_quantity_is_marked_and_a_wrong_one_still_conflicts(source, right, wrong):
    assert kinds(source, right) == ["figure_absent"]
    assert kinds(source, wrong) == ["figure_conflict"]


def test_twice_ten_times_or_half_a_source_figure_is_still_a_conflict():
    """A round factor of the source is how figures are planted wrong, not worked out."""
    source = "Avoid strong sun for 7 days after the last dose. Apply SPF 30 at least 2 times a day."
    assert kinds(source, "Avoid strong sun for 14 days after the last dose.") == ["figure_conflict"]


@pytest.mark.parametrize(
    ("source", "right", "wrong"),
    [
        # a clock time plus a duration of the same sentence
        (
            "The ferry leaves at 07:50 and the crossing takes 1 hour 25 minutes.",
            "The ferry arrives at 09:15.",
            "The ferry arrives at 09:45.",
        ),
        # a year plus a duration written in words, in the next sentence
        (
            "Work on the viaduct began in 1862. It took seven years to finish.",
            "The viaduct was finished in 1869.",
            "The viaduct was finished in 1872.",
        ),
        # a date and a duration of one sentence
        (
            "The permit was issued on 3 March 2020 and is valid for 5 years.",
            "The permit expires in March 2025.",
            "The permit expires in March 2027.",
        ),
    ],
)
def test_a_date_or_time_moved_by_a_stated_duration_is_marked(source, right, wrong):
    assert kinds(source, right) == ["figure_absent"]
    assert kinds(source, wrong) == ["figure_conflict"]


def test_a_date_a_day_from_an_inclusive_end_is_marked():
    source = "The museum is closed from 22 December 2025 to 2 January 2026 inclusive."
    assert kinds(source, "The museum reopens on 3 January 2026.") == ["figure_absent"]
    assert kinds(source, "The museum reopens on 9 January 2026.") == ["figure_conflict"]


@pytest.mark.parametrize(
    ("source", "right"),
    [
        ("Children under 5 travel free.", "Children aged 4 and under travel free."),
        ("Orders of more than 20 items get bulk pricing.", "Orders of 21 or more items qualify."),
    ],
)
def test_a_whole_number_bound_said_the_other_way_is_marked(source, right):
    assert kinds(source, right) == ["figure_absent"]


@pytest.mark.parametrize(
    ("claim", "span", "met"),
    [
        # a value half-way rounds either way
        ("The lake is roughly 1,200 km long.", "The lake is 1,250 km long.", True),
        ("The lake is roughly 1,300 km long.", "The lake is 1,250 km long.", True),
        ("Turnout was about 58%.", "Turnout was 58.5%.", True),
        ("The lake is roughly 1,100 km long.", "The lake is 1,250 km long.", False),
        # hedges written after the figure
        ("The town has 4,800 or so residents.", "The town has 4,812 residents.", True),
        ("The town has 4,800 or so residents.", "The town has 5,200 residents.", False),
    ],
)
def test_rounding_and_hedges_after_a_figure(claim, span, met):
    assert needs_met(claim_needs(claim), span_figures(span)) is met


@pytest.mark.parametrize(
    ("word", "short"),
    [
        ("MPs", True),
        ("EVs", True),
        ("M&S", False),
        ("NASA", False),
        ("NASA's", False),
        ("BoJ", False),
    ],
)
def test_short_forms_of_names(word, short):
    assert short_form(word) is short


def test_a_short_form_the_evidence_lacks_marks_and_a_plain_acronym_still_refutes():
    source = "Members of Parliament voted on the bill. Electric vehicles are exempt."
    assert kinds(source, "The MPs voted on the bill.") == ["acronym_absent"]
    assert kinds(source, "According to the AA, electric vehicles are exempt.") == ["name_absent"]


@pytest.mark.parametrize(
    ("sources", "wrong"),
    [
        # a time in the zone the source writes it in
        (["Tickets go on sale at 10:00 BST on Friday."], "Tickets go on sale at 23:00 BST."),
        # "until" is no inclusive end
        (["The offer runs until 14 March 2025."], "The offer runs until 15 March 2025."),
        # a bound moved the same way, not said the other way
        (["Children under 5 travel free."], "Children under 4 travel free."),
        # a number times itself, or a date a few days on beside a short duration
        (["The ticket costs $3."], "The ticket costs $9."),
        (["The bridge has 12 spans."], "The bridge has 144 spans."),
        (
            ["The offer runs until 14 March 2025. Ordering takes 20 minutes."],
            "The offer runs until 16 March 2025.",
        ),
        # a percentage of another source changes nothing here
        (
            [
                "Adults should take 500 mg of paracetamol every four to six hours.",
                "The annual plan saves 20% against paying monthly.",
            ],
            "Adults should take 400 mg of paracetamol every four to six hours.",
        ),
    ],
)
def test_a_loose_reading_keeps_a_wrong_figure_a_conflict(sources, wrong):
    index = evidence_index([(f"S{i + 1}", text) for i, text in enumerate(sources)])
    assert [f.kind for f in evidence_findings(wrong, index)] == ["figure_conflict"]


def test_a_figure_before_a_percentage_change_is_worked_back():
    source = "Revenue rose 12% to $4.2 billion in 2023."
    assert kinds(source, "Before the rise, revenue was about $3.75 billion.") == ["figure_absent"]


@pytest.mark.parametrize(
    ("claim", "span"),
    [
        ("A coffee costs £2.", "A coffee costs £2.50."),  # unhedged: no half-way rounding
        ("The repair costs £150+VAT.", "The repair costs £180 including VAT."),  # a sum
    ],
)
def test_unhedged_figures_and_sums_are_not_read_loosely(claim, span):
    assert not needs_met(claim_needs(claim), span_figures(span))


def test_a_loosely_explained_figure_does_not_hide_a_later_conflict():
    source = "The studio plan costs $12 per seat per month and includes 50 GB of storage."
    claim = "For 8 seats the studio plan comes to $96 a month and includes 80 GB of storage."
    assert kinds(source, claim) == ["figure_conflict"]


@pytest.mark.parametrize(
    ("source", "right", "wrong"),
    [
        # the years between a year the claim dates and one the source dates
        (
            "The Berlin Wall fell on 9 November 1989, 28 years after it was built.",
            "November 2024 marked 35 years since the fall of the Berlin Wall.",
            "November 2024 marked 41 years since the fall of the Berlin Wall.",
        ),
        # a source year moved by the claim's duration of more than a century
        (
            "The lighthouse was built in 1887, 10 years after the first wreck on the reef.",
            "In 2025 the lighthouse is 138 years old.",
            "In 2031 the lighthouse is 138 years old.",
        ),
        # the last of ten weekly classes: nine weeks after the first
        (
            "The evening course starts on Monday 6 January 2025 and runs for 10 weeks, with "
            "classes every Monday.",
            "The final class will be on Monday 10 March 2025.",
            "The final class will be on Monday 24 March 2025.",
        ),
        # a sum across two units of one quantity
        (
            "The kettle holds 1.7 litres, and the travel flask holds 500 ml.",
            "Together they hold 2.2 litres.",
            "Together they hold 2.9 litres.",
        ),
        # a duration in two units over a count
        (
            "The exam lasts 2 hours 30 minutes and has 50 questions.",
            "You'll have an average of 3 minutes per question.",
            "You'll have an average of 7 minutes per question.",
        ),
        # two prices summed less a third
        (
            "Store A sells the kettle for £34.99 with free delivery. Store B sells it for "
            "£29.49 plus £3.95 delivery.",
            "Even with delivery, Store B is £1.55 cheaper.",
            "Even with delivery, Store B is £2.75 cheaper.",
        ),
        # the relative change between two percentages
        (
            "The Bank of England raised the base rate from 4.0% to 4.5% in May, the twelfth "
            "consecutive increase.",
            "In relative terms, that's a 12.5% increase in the base rate.",
            "In relative terms, that's a 15% increase in the base rate.",
        ),
    ],
)
def test_more_worked_figures_are_marked_and_wrong_ones_still_conflict(source, right, wrong):
    assert kinds(source, right) == ["figure_absent"]
    assert kinds(source, wrong) == ["figure_conflict"]


@pytest.mark.parametrize(
    ("sources", "wrong"),
    [
        # found in review: each was marked by a first version of a reading above
        (
            [
                "The treaty was signed in 1990 and revised in 2005. Its protections last for 20 "
                "years."
            ],
            "Its protections last for 16 years.",
        ),
        (
            ["The lease begins on 1 January 2024 and runs for 6 months."],
            "The lease ends on 1 June 2024.",
        ),
        (
            [
                "Unemployment is forecast to rise from 3.9% to 4.3%, while inflation falls from "
                "4.1% to 2.5%."
            ],
            "Unemployment is forecast to rise to 4.9%.",
        ),
        (["The hike takes 3 hours and the return leg 2 hours."], "The hike takes 4 hours."),
    ],
)
def test_the_new_loose_readings_keep_a_wrong_figure_a_conflict(sources, wrong):
    index = evidence_index([(f"S{i}", s) for i, s in enumerate(sources, 1)])
    assert [f.kind for f in evidence_findings(wrong, index, ())] == ["figure_conflict"]


def test_a_relative_change_of_a_rate_written_either_way_is_marked():
    for source in (
        "Unemployment rose from 3.9 percent to 4.3 percent.",
        "Unemployment rose to 4.3%, up from 3.9%.",
    ):
        assert kinds(source, "Unemployment rose by 10.3%.") == ["figure_absent"]
        assert kinds(source, "Unemployment rose by 14.5%.") == ["figure_conflict"]
