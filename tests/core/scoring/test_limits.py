"""A claim that says of a whole group what its source says of part of it is marked, never
deleted; a claim that keeps the limit in other words, or restates a clause the limit is
not of, stands."""

from __future__ import annotations

import pytest

from longtracer_core import check_case
from longtracer_core.contracts import ClaimOutcome

LAKE = (
    "Around 80% of Baikal's animal species are endemic, found nowhere else on Earth. "
    "The lake holds about a fifth of the world's unfrozen fresh water."
)
FLU = "Most people with flu recover within a week without treatment."
CLINIC = (
    "Some patients report mild nausea after the first dose; the vaccination clinic on Hill "
    "Street is open every day from 8 am to 8 pm."
)


def _one(claim: str, source: str):
    (only,) = check_case(claim, [{"id": "S1", "text": source}]).claims
    return only


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Baikal's animal species are endemic.", LAKE),
        ("Baikal's animal species are found nowhere else on Earth.", LAKE),
        ("People with flu recover within a week without treatment.", FLU),
        ("Patients report mild nausea after the first dose.", CLINIC),
        # the month "May" keeps no limit, nor a number that counts no share
        (
            "The park's hiking trails are open in May.",
            "Most of the park's hiking trails are open in May.",
        ),
        (
            "People with flu recover within one to two weeks.",
            "Most people with flu recover within one to two weeks.",
        ),
    ],
)
def test_a_claim_that_drops_its_sources_limit_is_marked(claim, source):
    found = _one(claim, source)
    assert found.outcome is ClaimOutcome.UNCERTAIN
    assert found.details["finding"]["kind"] == "limit_dropped"


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Most of Baikal's animal species are endemic.", LAKE),
        ("Baikal's animal species are mostly endemic.", LAKE),
        ("Four in five of Baikal's animal species are endemic.", LAKE),
        ("Four in five Baikal animal species are found nowhere else on Earth.", LAKE),
        ("People with flu usually recover within a week without treatment.", FLU),
        # a hedge keeps the limit of "some"
        ("Patients may feel mild nausea after the first dose.", CLINIC),
        # the limit is of another clause than the one the claim restates
        ("The vaccination clinic on Hill Street is open every day from 8 am to 8 pm.", CLINIC),
        ("Baikal holds about a fifth of the world's unfrozen fresh water.", LAKE),
        # a limit of an object, a time or a degree limits no subject
        (
            "The city has museums, parks and theatres.",
            "The city has many museums, parks and theatres.",
        ),
        (
            "The castle was destroyed by a fire.",
            "Many years ago, the castle was destroyed by a fire.",
        ),
        (
            "The band toured Japan and South Korea.",
            "Most recently, the band toured Japan and South Korea.",
        ),
        (
            "The leading cause of winter vomiting in adults is norovirus.",
            "The most common cause of winter vomiting in adults is norovirus.",
        ),
        # a limit kept in other words
        (
            "Various committee members resigned over the decision.",
            "Several members of the committee resigned over the decision.",
        ),
    ],
)
def test_a_claim_that_keeps_the_limit_or_restates_another_clause_stands(claim, source):
    assert _one(claim, source).outcome is ClaimOutcome.SUPPORTED, claim
