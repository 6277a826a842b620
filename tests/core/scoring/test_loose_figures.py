"""A figure put loosely ("in the region of 1,300", "8,000-odd", "400-plus") against the
evidence sentence on the same thing: where that sentence gives a value the loose figure
allows, the difference is no proof it is wrong (a mark, never a deletion); where it gives
none, the figure is refuted as before."""

from __future__ import annotations

from decimal import Decimal

import pytest

from longtracer_core.scoring.evidence import evidence_findings, evidence_index
from longtracer_core.scoring.hedges import loose_range


def kinds(source: str, claim: str) -> list[str]:
    index = evidence_index([("S1", source)])
    return [f.kind for f in evidence_findings(claim, index, ())]


@pytest.mark.parametrize(
    ("text", "figure", "last", "allowed", "refused"),
    [
        ("a stadium of 30,000-plus seats", "30,000", 4, ["30000", "41000"], ["29999"]),
        ("some 60-odd volunteers", "60", 1, ["60", "69.9"], ["59", "70"]),
        ("some 60–odd volunteers", "60", 1, ["64"], ["70"]),
        ("in the region of 1,300 homes", "1,300", 2, ["1250", "1350"], ["1249", "1351"]),
        ("in the neighbourhood of £2.5 million", "2.5", -1, ["2.45", "2.55"], ["2.6"]),
    ],
)
def test_what_a_loosely_put_figure_allows(text, figure, last, allowed, refused):
    start = text.index(figure)
    number = Decimal(figure.replace(",", ""))
    allows = loose_range(text, start, start + len(figure), number, last)
    assert allows is not None
    assert all(allows(Decimal(v)) for v in allowed)
    assert not any(allows(Decimal(v)) for v in refused)


@pytest.mark.parametrize(
    "text", ["about 1,300 homes", "£20 plus VAT", "the 3-plus-1 offer", "odd-numbered 3 rooms"]
)
def test_a_figure_put_otherwise_is_not_loose(text):
    figure = next(w for w in text.replace("£", " ").split() if w[0].isdigit())
    figure = figure.split("-")[0]
    start = text.index(figure)
    number = Decimal(figure.replace(",", ""))
    assert loose_range(text, start, start + len(figure), number, 0) is None


LIBRARY = "The Marlow Library lends 1,870 books a week and has 212 study seats."


@pytest.mark.parametrize(
    ("claim", "found"),
    [
        # allowed: the difference is marked, not refuted
        ("The Marlow Library lends in the region of 1,900 books a week.", ["figure_absent"]),
        ("The Marlow Library has 200-plus study seats.", ["figure_absent"]),
        # a value of another fact ("1,870 books") allows it, but is not what it is of
        ("The Marlow Library has 250-plus study seats.", ["figure_conflict"]),
        ("The Marlow Library has 210-odd study seats.", ["figure_absent"]),
        # outside what the figure allows: refuted as before
        ("The Marlow Library lends in the region of 2,500 books a week.", ["figure_conflict"]),
        ("The Marlow Library has 300-odd study seats.", ["figure_conflict"]),
        ("The Marlow Library has 180-odd study seats.", ["figure_conflict"]),
    ],
)
def test_a_loose_figure_is_refuted_only_by_a_value_it_does_not_allow(claim, found):
    assert kinds(LIBRARY, claim) == found


def test_a_loose_bound_below_every_value_of_its_sentence_is_refuted():
    """ "400-plus" where the sentence's only count is 368: no value it allows."""
    source = "The Grand Ashford Hotel in Leeds has 368 bedrooms."
    assert kinds(source, "The Grand Ashford Hotel in Leeds has 400-plus bedrooms.") == [
        "figure_conflict"
    ]


def test_a_loose_figure_is_refuted_by_a_limit_it_does_not_meet():
    """ "aged 18-plus" against "21 and over": the source's figure is a limit, no value the
    loose figure could mean."""
    source = "The Velvet Room admits guests aged 21 and over only."
    assert kinds(source, "The Velvet Room admits guests aged 18-plus.") == ["figure_conflict"]
