"""The numeric gate: normalisation tables and the whole-pair cap."""

from __future__ import annotations

import pytest

from longtracer_core import VerifyConfig
from longtracer_core.scoring import (
    band,
    idf_table,
    lex_tokens,
    numeric_gate_passes,
    numeric_values,
    pair_score,
)

CFG = VerifyConfig()
EVIDENCE = [
    "L2 lies about 1.5 million kilometres from Earth, on the side facing away from the Sun.",
    "The first full-colour images were released on 12 July 2022.",
    "The mirror is made of 18 hexagonal segments of gold-coated beryllium.",
    "The telescope cost about 10 billion US dollars.",
]
IDF = idf_table([lex_tokens(t) for t in EVIDENCE])


def test_wrong_number_right_text_is_capped():
    """A near-verbatim claim with a wrong figure is capped at 0.2 however high cos and lex are."""
    claim = "L2 lies about 3.5 million kilometres from Earth, on the side facing away from the Sun."
    ps = pair_score(0.98, claim, EVIDENCE[0], IDF, CFG)
    assert not ps.numeric_ok
    assert ps.lex > 0.8
    assert ps.score <= 0.2
    assert band(ps.score, CFG) == "unsupported"


def test_right_number_paraphrased_text_is_not_capped():
    """The right figure in other words passes the gate; the score is the fusion's."""
    claim = "Webb's mirror consists of 18 beryllium segments coated in gold."
    ps = pair_score(0.85, claim, EVIDENCE[2], IDF, CFG)
    assert ps.numeric_ok
    assert ps.score > 0.2


@pytest.mark.parametrize(
    "claim_date",
    ["12 July 2022", "July 12, 2022", "2022-07-12", "12th of July 2022", "Jul. 12, 2022"],
)
@pytest.mark.parametrize("span_date", ["12 July 2022", "July 12, 2022", "2022-07-12"])
def test_same_date_in_different_formats_matches(claim_date, span_date):
    """One date written three (or more) ways is the same numeric."""
    assert numeric_gate_passes(
        f"Images were released on {claim_date}.", f"The images came out on {span_date}."
    )


def test_different_dates_do_not_match():
    """Same year, different day or month: the gate fails."""
    assert not numeric_gate_passes("released on 13 July 2022", "released on 12 July 2022")
    assert not numeric_gate_passes("released in June 2022", "released on 12 July 2022")


def test_partial_dates_are_covered_by_full_dates():
    """A claim's year or month-year is covered by a span's full date."""
    assert numeric_gate_passes("released in 2022", "released on 12 July 2022")
    assert numeric_gate_passes("released in July 2022", "released on 2022-07-12")
    assert numeric_gate_passes("released on July 12", "released on 12 July 2022")
    assert not numeric_gate_passes("released on 12 July 2022", "released in July 2022")


def test_numbers_absent_from_both_pass():
    """A claim without numerics always passes the gate."""
    assert numeric_gate_passes("The sky is blue.", "The sky is blue.")
    assert numeric_gate_passes("The sky is blue.", "It has 3 colours.")


@pytest.mark.parametrize(
    ("claim", "span"),
    [
        ("1,000 people", "1000 people"),
        ("$5", "5 dollars"),
        ("12%", "12 percent"),
        ("500", "500.0"),
        ("0500", "500"),
        ("€20", "20 euros"),
        ("£1.5bn", "1.5 billion pounds"),
        ("3,500,000 km", "3.5 million km"),
        ("five layers", "5 layers"),
        ("1 000 000", "1,000,000"),
    ],
)
def test_normalisation_equalities(claim, span):
    """Separators, currency symbols and % are stripped; numbers compare canonically."""
    assert numeric_values(claim), claim
    assert numeric_gate_passes(claim, span), (numeric_values(claim), numeric_values(span))


@pytest.mark.parametrize(
    ("claim", "span"),
    [
        ("closes at 2.30 pm", "closes at 14:30"),
        ("at 2.30pm", "at 14:30"),
        ("at 9.05 a.m.", "at 09:05"),
    ],
)
def test_a_clock_time_with_a_dot_before_am_or_pm_is_a_time(claim, span):
    """British answers write "2.30pm"; the source's "14:30" is the same time."""
    assert numeric_values(claim) == numeric_values(span)


def test_a_dotted_figure_without_am_or_pm_stays_a_number():
    assert numeric_values("2.30 kg") == ["2.3"]
    assert not numeric_gate_passes("opens at 3.30 pm", "opens at 14:30")


def test_three_and_a_half_million_is_not_three_and_a_half():
    """Documented: '3.5 million' is 3500000, which a bare '3.5' does not cover (nor the reverse)."""
    assert numeric_values("3.5 million") == ["3500000"]
    assert not numeric_gate_passes("3.5 million km", "about 3.5 km")
    assert not numeric_gate_passes("3.5 km", "3.5 million km")


def test_values_are_canonical_and_ordered():
    """numeric_values lists values in text order, canonically written."""
    assert numeric_values("It cost $1,200.50, rose 12% and weighed 0500.0 kg") == [
        "1200.5",
        "12",
        "500",
    ]
    assert numeric_values("L2, Ariane 5 and COVID-19") == ["2", "5", "19"]


def test_every_claim_numeric_needs_a_match():
    """∀-coverage: one missing figure is enough to fail."""
    assert numeric_gate_passes("18 segments, 6.5 metres", "6.5 metres wide with 18 segments")
    assert not numeric_gate_passes("18 segments, 6.5 metres", "6.5 metres wide")


def test_lowercase_may_is_not_a_month():
    """'may' followed by a number is a verb, not the month of May."""
    assert numeric_values("it may 5 times") == ["5"]
    assert numeric_values("in May 2021") == ["2021-05"]


def test_ambiguous_slashed_dates_match_either_reading():
    """03/04/2022 could be 3 April or 4 March: either reading matches; 25/12 only one."""
    assert numeric_gate_passes("on 03/04/2022", "on 3 April 2022")
    assert numeric_gate_passes("on 03/04/2022", "on 4 March 2022")
    assert numeric_gate_passes("on 25/12/2021", "on 25 December 2021")
    assert not numeric_gate_passes("on 25/12/2021", "on 24 December 2021")


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_PIECES = st.sampled_from(
    [
        "12",
        "2022",
        "0500",
        "3.5",
        "1,000",
        "$5",
        "12%",
        "-40",
        "July",
        "Jul.",
        "May",
        "may",
        "twenty",
        "five",
        "third",
        "million",
        "7 am",
        "07:00",
        "2022-07-12",
        "12/07/2022",
        "of",
        " ",
        ", ",
        ". ",
        "–",
        "x",
        "th",
        "st",
        "January 14, 1925",
        "tower",
        "\u00a0",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=14).map("".join))
def test_anchored_scan_equals_full_scan(text):
    """The anchored scanner finds exactly what a scan of every position finds."""
    from longtracer_core.scoring.numeric import _PATTERN, _matches

    full = [(m.span(), m.lastgroup) for m in _PATTERN.finditer(text)]
    assert [(m.span(), m.lastgroup) for m in _matches(text)] == full


def test_a_figure_of_a_table_header_is_no_figure_the_cell_must_find():
    """A cell under the header "Difference between Voyagers 1 and 2" is checked with the
    header as its context; the header's 1 and 2 frame it, the cell's 12-inch is checked."""
    from longtracer_core import CitationVerifier
    from longtracer_core.contracts import ClaimOutcome
    from longtracer_core.testing import HashEmbedder

    verifier = CitationVerifier(embedder=HashEmbedder())
    source = "Each probe carries a 12-inch gold-plated copper disc with sounds and images of Earth."
    table = (
        "| Source | Difference between Voyagers 1 and 2 |\n|---|---|\n"
        "| [1] | Both probes carry a {size} gold-plated copper disc with sounds and images "
        "of Earth. |"
    )
    (right,) = verifier.verify_case(table.format(size="12-inch"), [source]).claims
    assert right.outcome is ClaimOutcome.SUPPORTED and not right.details["numeric_mismatch"]
    (wrong,) = verifier.verify_case(table.format(size="14-inch"), [source]).claims
    assert wrong.outcome is not ClaimOutcome.SUPPORTED


def test_a_bound_is_met_by_a_value_of_its_kind_only():
    """A bound is met by a stated value of its kind: minutes by minutes, money by money
    ("up to £2,500" is not met by "10 working days", "at least 10 minutes" not by
    "145°F"); never by a bound of its own."""
    from longtracer_core.scoring.figures import claim_needs, needs_met, span_figures

    assert needs_met(
        claim_needs("Rest it for at least 3 minutes."), span_figures("Rest 5 minutes.")
    )
    beef = span_figures("Cook to 145°F (63°C), then rest for at least 3 minutes.")
    assert not needs_met(claim_needs("Rest it for at least 10 minutes."), beef)
    grants = span_figures("Grants of up to £1,500 are assessed within 10 working days.")
    assert not needs_met(claim_needs("Grants go up to £2,500."), grants)
    assert needs_met(claim_needs("Grants go up to £2,500."), span_figures("A grant is £1,200."))
