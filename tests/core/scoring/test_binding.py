"""A figure the evidence sentence states for another part of itself (``scoring.binding``)."""

from __future__ import annotations

import pytest

from longtracer_core import check_case
from longtracer_core.contracts import ClaimOutcome
from longtracer_core.scoring.binding import bound_elsewhere

TWO_FORMS = (
    "The rash form of the disease appears 2 to 4 days after exposure, while the fever form "
    "begins 10 to 14 days after exposure."
)
TWO_PLANS = (
    "Basic members get free delivery for at least 2 years and priority support for at least "
    "6 years."
)
# elliptical: the later part opens with its figure, so the lead-in is both parts'
TWO_TIERS = (
    "Drift Storage keeps previous versions of each file for 30 days on the Free plan and "
    "180 days on the Pro plan."
)
TWO_PRICES = "Entry to the museum costs £12 for adults and £6 for children under 16."


@pytest.mark.parametrize(
    ("claim", "sentence", "claimed", "stated"),
    [
        (
            "The rash form of the disease appears 10 to 14 days after exposure.",
            TWO_FORMS,
            "10 to 14",
            "2 to 4",
        ),
        ("Basic members get free delivery for at least 6 years.", TWO_PLANS, "6", "2"),
        # an elliptical part is told by the few words of its own ("on the Pro plan")
        ("Drift keeps versions for 30 days on the Pro plan.", TWO_TIERS, "30", "180"),
        ("Deleted files on Pro can be restored for 30 days.", TWO_TIERS, "30", "180"),
        ("Entry costs £12 for children.", TWO_PRICES, "£12", "£6"),
        # a default, then the exception: the default's figure said of the exception
        (
            "Children under 16 pay £12.",
            "Entry costs £12, or £6 for children under 16.",
            "£12",
            "£6",
        ),
        # a later part with a verb of its own is a clause, and read as one
        (
            "The Basic plan includes 10 users.",
            "The Basic plan includes 3 users; 10 users are included in Business.",
            "10",
            "3",
        ),
        # a claim of two figures: each is read in its own part of the claim
        (
            "Basic members: 6 years of free delivery and 6 years of priority support.",
            TWO_PLANS,
            "6",
            "2",
        ),
    ],
)
def test_a_figure_tied_to_another_part_of_the_sentence_is_found(claim, sentence, claimed, stated):
    found = bound_elsewhere(claim, sentence)
    assert found is not None
    assert (found.claimed, found.stated) == (claimed, stated)


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # the right part
        ("The fever form begins 10 to 14 days after exposure.", TWO_FORMS),
        ("Priority support lasts at least 6 years for basic members.", TWO_PLANS),
        ("Drift keeps versions for 180 days on the Pro plan.", TWO_TIERS),
        ("Children under 16 get in for £6.", TWO_PRICES),
        ("Children under 16 pay £6.", "Entry costs £12, or £6 for children under 16."),
        # the other part's words after the claim's figure, past a contrast, say nothing of
        # which part the figure is
        ("Drift keeps previous versions for 30 days unless you upgrade to Pro.", TWO_TIERS),
        ("Entry is £12, with discounts for children under 16.", TWO_PRICES),
        # not elliptical (the later part has words of its own before its figure): one shared
        # word is no reading of which part the claim is ("employees" is in the claim for
        # its own "1,000 or fewer")
        (
            "Firms with 1,000 or fewer employees report for financial years starting on or "
            "after 1 January 2026.",
            "Companies with more than 1,000 employees report for financial years starting on or "
            "after 1 January 2025; all other in-scope companies report for financial years "
            "starting on or after 1 January 2026.",
        ),
        # a relative clause is of what comes before it
        (
            "The fee for the spring term was £1,200.",
            "This is a rise of 5% (£60) on the fee for the spring term, which was £1,200.",
        ),
        # "between A and B" is one range
        (
            "The off-peak fare applies if you travel after 19:00.",
            "The off-peak fare applies to journeys between 09:30 and 16:00 and after 19:00.",
        ),
        # a lead-in before a colon belongs to every part of the list after it
        (
            "Refunds and a free call are owed once the delay reaches 3 hours.",
            "The carrier owes refunds and a free call: after 2 hours on short routes; after 3 "
            "hours on medium routes; after 4 hours on long routes.",
        ),
        # nothing joins the figures: which part is which cannot be read
        (
            "The rash form appears within 14 days.",
            "The rash form appears within 4 days of 14 days of exposure.",
        ),
        # a bare list says nothing of its parts
        (
            "The reef suffered seven bleaching events between 1998 and 2024.",
            "The reef has seen mass bleaching events in 1998, 2002, 2016 and 2024.",
        ),
        # the claim states both values
        ("The rash form takes 2 to 4 days and the fever form 10 to 14 days.", TWO_FORMS),
    ],
)
def test_a_figure_in_its_own_part_or_an_unreadable_sentence_is_left_alone(claim, sentence):
    assert bound_elsewhere(claim, sentence) is None


def test_the_finding_marks_the_claim_uncertain_and_never_deletes_it():
    claim = "The rash form of the disease appears 10 to 14 days after exposure."
    result = check_case(claim, [{"id": "S1", "text": TWO_FORMS}])
    (only,) = result.claims
    assert only.outcome is ClaimOutcome.UNCERTAIN
    assert only.details["finding"]["kind"] == "figure_binding"
    assert "2 to 4" in only.finding


def _kinds(claim: str, sources: list[tuple[str, str]]) -> list[str]:
    from longtracer_core.scoring.evidence import evidence_findings, evidence_index

    return [f.kind for f in evidence_findings(claim, evidence_index(sources))]


@pytest.mark.parametrize(
    ("claim", "sources"),
    [
        # the claim's other figure is in the sentence that gives another value for this one
        (
            "Brandt's operating profit fell 7% to €310 million.",
            [
                (
                    "S1",
                    "Brandt Group reported revenue of €4.2 billion, up 7% on the year. "
                    "Operating profit fell 12% to €310 million, hit by energy costs.",
                )
            ],
        ),
        # the figure is stated only by another source, about something else
        (
            "Smokers are advised to take an extra 40 mg of vitamin C a day.",
            [
                ("S1", "Adults need about 40 mg of vitamin C a day from food."),
                ("S2", "Smokers are advised to take an extra 35 mg of vitamin C a day."),
            ],
        ),
    ],
)
def test_a_figure_stated_only_for_something_else_marks_the_claim(claim, sources):
    assert "figure_binding" in _kinds(claim, sources)


def test_a_figure_its_own_source_states_a_few_sentences_on_is_left_alone():
    """The source names the act in one sentence and gives its start in another ("The law
    took effect …"): the claim joins them, as a faithful answer does."""
    source = (
        "The Data Act, passed by parliament on 30 November 2021, raised the maximum fine. "
        "Companies must now report a breach within 72 hours. The law took effect on "
        "1 July 2022."
    )
    kinds = _kinds("The Data Act took effect on July 1, 2022.", [("S1", source)])
    assert "figure_binding" not in kinds and "figure_role" not in kinds


LIMITS = (
    "The default limits for vans are 50 km/h in towns, 80 km/h on country roads and 110 km/h "
    "on expressways."
)


def test_two_figures_swapped_between_their_parts_are_both_read():
    bound = bound_elsewhere(
        "The default limits for vans are 110 km/h on country roads and 80 km/h on expressways.",
        LIMITS,
    )
    assert bound is not None and (bound.claimed, bound.stated) == ("110", "80")
    # both in their own parts: nothing is read
    right = "Vans may do 110 km/h on expressways and 80 km/h on country roads."
    assert bound_elsewhere(right, LIMITS) is None


def test_the_words_the_claim_took_from_the_question_say_which_part_it_speaks_of():
    result = check_case(
        "They are 110 km/h on country roads and 80 km/h on expressways, unless signs show "
        "a lower limit.",
        [
            {"id": "S1", "text": LIMITS},
            {"id": "S2", "text": "Councils may set lower limits by signs."},
        ],
        question="What are the default limits for vans on country roads and expressways?",
    )
    (claim_result,) = result.claims
    assert claim_result.outcome is ClaimOutcome.UNCERTAIN
    assert claim_result.details["finding"]["kind"] == "figure_binding"
