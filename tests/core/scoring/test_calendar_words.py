"""Weekdays and months named without a date are figures: one no source covers is marked."""

from __future__ import annotations

import pytest

from longtracer_core import check_case
from longtracer_core.contracts import ClaimOutcome
from longtracer_core.scoring.calendar_words import uncovered_calendar_words

EVIDENCE = [
    "The museum is open Tuesday to Sunday.",
    "Maternity colonies form in June and July, when females gather to give birth.",
    "Crossings close most often between October and March.",
    "The cap for 1 July to 30 September 2024 was £1,568.",
]


@pytest.mark.parametrize(
    ("claim", "uncovered"),
    [
        ("The museum is open Monday to Sunday.", ["Monday"]),
        ("Maternity colonies form in April and May.", ["April", "May"]),
        ("Crossings close most often in May.", ["May"]),
        ("It is open on Mondays.", ["Monday"]),
    ],
)
def test_a_day_or_month_no_source_covers_is_found(claim, uncovered):
    assert uncovered_calendar_words(claim, EVIDENCE) == uncovered


@pytest.mark.parametrize(
    "claim",
    [
        "The museum is open on Wednesdays.",  # inside the range
        "Crossings close most often in December.",  # a range that wraps the year
        "The cap for July to September was £1,568.",  # months of a date cover them
        "Colonies form in July.",
        "May drain the battery under heavy load.",  # the modal
        "The deadline is 3 May 2025.",  # a full date: the figure checks read it
        "March the troops to the coast.",  # an ambiguous word no cue dates
        "The Earth orbits the Sun.",
        "Brian May and Roger Taylor founded Queen.",  # part of a name
        "Easter Sunday falls on 20 April.",
        "The October Revolution followed.",
    ],
)
def test_days_and_months_the_evidence_covers_are_not_found(claim):
    assert uncovered_calendar_words(claim, EVIDENCE) == []


def test_words_that_span_days_and_the_users_question_cover_them():
    assert uncovered_calendar_words("It opens on Saturday.", ["Open at weekends."]) == []
    assert uncovered_calendar_words("It opens on Friday.", ["Open weekdays only."]) == []
    assert uncovered_calendar_words("It opens on Friday.", ["Open daily from 9am."]) == []
    assert uncovered_calendar_words("It opens on Friday.", ["Open Monday and Thursday."]) == [
        "Friday"
    ]
    assert uncovered_calendar_words("We go on Monday.", ["I fly out on Monday."]) == []
    assert uncovered_calendar_words("It opens on Friday.", ["Open Monday through to Friday."]) == []
    assert uncovered_calendar_words("Replies come on Tuesday.", ["Within 2 business days."]) == []
    assert uncovered_calendar_words("It is open in January.", ["Open year-round."]) == []


def test_the_dates_of_the_evidence_cover_their_weekday_and_their_months():
    dates = [["2025-03-08"], ["--11-01", "--03-31"]]  # a Saturday; 1 November to 31 March
    assert uncovered_calendar_words("The final is on a Saturday.", [], dates) == []
    assert uncovered_calendar_words("The season runs in December.", [], dates) == []
    assert uncovered_calendar_words("The final is on a Sunday.", [], dates) == ["Sunday"]
    assert uncovered_calendar_words("The season runs in July.", [], dates) == ["July"]


def test_an_uncovered_day_marks_the_claim_and_never_deletes_it():
    """An answer may infer "closed on Mondays" from "open Tuesday to Sunday": marked only."""
    sources = [{"id": "S1", "text": EVIDENCE[0]}]
    (claim,) = check_case("The museum is open Monday to Sunday", sources).claims
    assert claim.outcome is ClaimOutcome.UNCERTAIN
    assert "Monday" in claim.finding
    (right,) = check_case("The museum is open Tuesday to Sunday", sources).claims
    assert right.outcome is ClaimOutcome.SUPPORTED
