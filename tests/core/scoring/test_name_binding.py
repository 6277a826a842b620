"""Two names whose roles a claim swaps against one evidence sentence (``scoring.name_binding``)."""

from __future__ import annotations

import pytest

from longtracer_core import check_case
from longtracer_core.contracts import ClaimOutcome
from longtracer_core.scoring.name_binding import name_bound_elsewhere

SCORERS = "Lionel Messi scored twice and Ángel Di María once for Argentina."
RACE = "Carla Brandt won the 2019 race in Lyon, and Sofia Ruiz finished second."
CITIES = (
    "Orsk is the capital, home to the parliament and the supreme court, while Velda is the "
    "largest port, handling most of the country's trade."
)


@pytest.mark.parametrize(
    ("claim", "sentence", "claimed", "stated"),
    [
        (
            "Argentina's scorers: Ángel Di María twice and Lionel Messi once.",
            SCORERS,
            "Ángel Di María",
            "Lionel Messi",
        ),
        (
            "Sofia Ruiz won the 2019 race in Lyon, while Carla Brandt finished second.",
            RACE,
            "Sofia Ruiz",
            "Carla Brandt",
        ),
        (
            "Velda is the capital, home to the parliament, and Orsk is the largest port, "
            "handling most of the trade.",
            CITIES,
            "Velda",
            "Orsk",
        ),
    ],
)
def test_two_names_given_each_others_roles_are_found(claim, sentence, claimed, stated):
    found = name_bound_elsewhere(claim, sentence)
    assert found is not None
    assert (found.claimed, found.stated) == (claimed, stated)


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # the sentence as it stands, and its parts in another order
        (SCORERS, SCORERS),
        ("Ángel Di María scored once and Lionel Messi twice.", SCORERS),
        ("Sofia Ruiz finished second, while Carla Brandt won the 2019 race.", RACE),
        # the verb the sentence writes once for both names belongs to the first part only in
        # form: a claim about the second name that repeats it is not a swap
        ("Ángel Di María scored one goal in the final.", SCORERS),
        # one name in the wrong part is not read (one crossing can be the sentence's ellipsis)
        ("Sofia Ruiz won the 2019 race in Lyon.", RACE),
        # both names in one part of the claim: a fusion, not a swap
        ("Sofia Ruiz finished second behind Carla Brandt in Lyon.", RACE),
        # a bare list of names says nothing of its parts
        (
            "Messi and Di María scored for Argentina.",
            SCORERS,
        ),
        # a sentence of one part
        ("Sofia Ruiz won the race.", "Carla Brandt won the race ahead of Sofia Ruiz."),
    ],
)
def test_names_in_their_own_parts_or_an_unreadable_shape_are_left_alone(claim, sentence):
    assert name_bound_elsewhere(claim, sentence) is None


def test_a_role_swap_marks_the_sentence_uncertain_and_never_deletes_it():
    answer = "Argentina won the final. Its scorers were Ángel Di María twice and Lionel Messi once."
    result = check_case(
        answer,
        [{"id": "S1", "text": "Argentina won the final on penalties. " + SCORERS}],
    )
    swapped = [c for c in result.claims if "Di María" in c.claim_text]
    assert swapped and all(c.outcome is ClaimOutcome.UNCERTAIN for c in swapped)
    assert any((c.details.get("finding") or {}).get("kind") == "name_binding" for c in swapped)
    assert any("Lionel Messi" in (c.finding or "") for c in swapped)
    assert not any(c.outcome is ClaimOutcome.REFUTED for c in result.claims)
