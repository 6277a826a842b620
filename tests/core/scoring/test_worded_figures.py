"""Quantities the evidence writes in words ("five years", "a probation period of six
months", "half an hour", "a fortnight") are figures of their unit: a claim's "7 years" is
set against "five years", "30 minutes" restates "half an hour", a worked date may take its
step from them, and none of them is a number "in another unit".
A claim's own number words stay unread: a review's probes found correct restatements of
periods the evidence writes otherwise ("fifteen minutes" for "a quarter of an hour") that
reading them would delete."""

from __future__ import annotations

import pytest

from longtracer_core import check_case
from longtracer_core.contracts import ClaimOutcome
from longtracer_core.scoring.evidence import evidence_findings, evidence_index
from longtracer_core.scoring.period_idioms import period_readings

TRIAL = "The Calder trial followed 2,150 adults aged over 60 for five years."
RAILCARD = (
    "The 16-25 Railcard costs £35 for one year or £80 for three years and gives 1/3 off "
    "most rail fares."
)


def kinds(source: str, claim: str) -> list[str]:
    return [f.kind for f in evidence_findings(claim, evidence_index([("S1", source)]))]


def test_a_figure_set_against_a_quantity_the_evidence_writes_in_words_conflicts():
    claim = "The Calder trial followed 2,150 adults aged over 60 for 7 years."
    assert kinds(TRIAL, claim) == ["figure_conflict"]


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        (TRIAL, "The Calder trial followed 2,150 adults aged over 60 for 5 years."),
        # a duration in two units, one of them in words, is the evidence's minutes
        (
            "The workshop runs for 150 minutes, and the final test lasts 3 hours.",
            "The workshop runs for two hours and 30 minutes.",
        ),
        # a claim's number word is never set against another value
        (
            "The Calder trial followed 2,150 adults aged over 60 for 5 years.",
            "The Calder trial followed 2,150 adults aged over 60 for seven years.",
        ),
        # a number the evidence writes in words is no unit of a sum of money ("£3" /
        # "three years")
        (RAILCARD, "At £3 saved per day, the railcard covers its cost within three weeks."),
    ],
)
def test_the_same_quantity_or_a_number_word_of_the_claims_is_no_finding(source, claim):
    assert kinds(source, claim) == []


def test_a_duration_the_evidence_gives_in_words_works_a_date_out():
    """Three months from the user's 10 February is 10 May: the billing year's dates, in the
    sentence that says "runs", do not refute it (they did while "three months" was no
    figure: a correct sentence deleted)."""
    result = check_case(
        "Your trial started on 10 February, so it runs until 10 May.",
        [
            "Every new account starts with a free trial of three months. The billing year "
            "runs from 1 April to 31 March."
        ],
        question="I started my free trial on 10 February. When does it end?",
    )
    assert all(c.outcome is not ClaimOutcome.REFUTED for c in result.claims)


APPOINTMENT = "Please arrive {} before your appointment, which usually lasts 45 minutes."


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        (APPOINTMENT.format("half an hour"), "You should arrive 30 minutes before it."),
        (APPOINTMENT.format("a quarter of an hour"), "You should arrive 15 minutes before it."),
        (
            "The film runs an hour and a half, with a 15-minute interval.",
            "The film runs 90 minutes.",
        ),
        (
            "New starters are paid in full for a fortnight, then at half rate for 6 weeks.",
            "New starters get full pay for 2 weeks.",
        ),
        (
            "The shop lease runs for a decade, with a rent review every 5 years.",
            "It runs 10 years.",
        ),
        (
            "The contract lasts one year, with a 3-month probation period at the start.",
            "The contract lasts 12 months.",
        ),
    ],
)
def test_a_period_the_evidence_writes_without_a_number_is_restated_in_figures(source, claim):
    """Correct restatements the sentence's other figure of the unit refuted."""
    assert "figure_conflict" not in kinds(source, claim)


@pytest.mark.parametrize(
    "text",
    [
        "It costs £35 a year.",
        "Take it twice a day.",
        "Staff work 10 hours a week.",
        "Take one tablet a day.",
        "Give a month's notice.",
        "It was a day-trip.",
    ],
)
def test_a_rate_or_a_word_that_is_no_period_reads_nothing(text):
    assert period_readings(text) == ()
