"""A figure the answer converts into the other measurement system is the evidence's figure.

Chat answers write "165 °F (74 °C)", "about 4,130 miles" or "a 1,063-foot tower" for a
source in the other system. Such a sentence is right and must never be deleted; a figure
given in the wrong unit ("100 °F" where the source says 100 °C) is still wrong.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from longtracer_core import CitationVerifier
from longtracer_core.contracts import ClaimOutcome
from longtracer_core.scoring.derivation import converted_values
from longtracer_core.scoring.figures import figure_kind


def _outcomes(answer: str, source: str) -> list[ClaimOutcome | None]:
    case = CitationVerifier().verify_case(answer, [source])
    return [c.outcome for c in case.claims]


@pytest.mark.parametrize(
    ("answer", "source"),
    [
        ("Water boils at 212 °F at sea level.", "Water boils at 100 °C at sea level."),
        ("Water boils at 212°F at sea level.", "Water boils at 100°C at sea level."),
        (
            "Water boils at 212 degrees Fahrenheit at sea level.",
            "Water boils at 100 degrees Celsius at sea level.",
        ),
        ("Cook chicken to 165 °F.", "Cook chicken to 74 °C."),
        ("Cook chicken to 74 °C.", "Cook chicken to 165 °F."),
        ("Keep the phone between 32 and 95 °F.", "Keep the phone between 0 and 35 °C."),
        ("The river is about 4,130 miles long.", "The river is 6,650 km long."),
        ("The marathon is 26.2 miles.", "The marathon is 42.195 km."),
        ("The tower is 1,063 feet tall.", "The tower is 324 metres tall."),
        ("The park covers about 1,236 acres.", "The park covers 500 hectares."),
    ],
)
def test_a_figure_converted_into_the_other_system_is_supported(answer, source):
    assert _outcomes(answer, source) == [ClaimOutcome.SUPPORTED]


@pytest.mark.parametrize(
    ("answer", "source"),
    [
        ("Cook chicken to 175 °F.", "Cook chicken to 74 °C."),
        ("The river is 4,500 miles long.", "The river is 6,650 km long."),
        ("The tower is 1,200 feet tall.", "The tower is 324 metres tall."),
    ],
)
def test_a_wrong_converted_figure_is_not_supported(answer, source):
    assert ClaimOutcome.SUPPORTED not in _outcomes(answer, source)


def test_a_change_of_temperature_converts_without_the_offset():
    source = "The ocean warmed by 1 °C."
    assert _outcomes("The ocean warmed by 1.8 °F.", source) == [ClaimOutcome.SUPPORTED]
    assert ClaimOutcome.SUPPORTED not in _outcomes("The ocean warmed by 33.8 °F.", source)


@pytest.mark.parametrize(
    ("answer", "source"),
    [
        (
            "Global temperatures have risen 1.1 °C since 1900.",
            "They have risen by 1.1 °C since 1900.",
        ),
        ("The forecast high is +3 °C.", "The forecast high is 3 °C."),
        ("Samples are kept at 20 ± 2 °C.", "Samples are kept at 20 °C, plus or minus 2 °C."),
    ],
)
def test_a_temperature_read_as_a_change_is_still_on_its_scale(answer, source):
    """A figure after "by", "+" or "±" converts as a change, but it is the same number on
    the same scale: never a unit conflict with the same figure written otherwise."""
    assert ClaimOutcome.REFUTED not in _outcomes(answer, source)


def test_the_evidence_figure_in_the_wrong_unit_is_refuted():
    outcomes = _outcomes(
        "Water boils at 100 °F at sea level.", "Water boils at 100 °C at sea level."
    )
    assert outcomes == [ClaimOutcome.REFUTED]


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("It is 100 °C.", "unit:C"),
        ("It is 100°F.", "unit:F"),
        ("It is 100 degrees Celsius.", "unit:C"),
        ("between 32 and 95 °F", "unit:F"),  # the first figure of a range takes its unit
        ("from 1999 to 2005 km", "year"),  # a year is never a range's unit figure
        ("20 degrees of tilt", "unit:degree"),
    ],
)
def test_a_temperature_is_read_with_its_scale(text, kind):
    start = next(i for i, ch in enumerate(text) if ch.isdigit())
    end = start
    while end < len(text) and text[end].isdigit():
        end += 1
    assert figure_kind(text, start, end, "num", Decimal(text[start:end])) == kind


def test_a_conversion_between_systems_is_read_at_its_usual_roundings_only():
    miles = {v for v, u in converted_values(Decimal("6650"), "km") if u == "mi"}
    assert {"4132.12", "4132", "4130"} <= miles
    assert "4100" not in miles  # 0.8 % away: a rounding that far needs the answer's "about"
    metres = {v for v, u in converted_values(Decimal("1234"), "m") if u == "m"}
    assert metres == {"1234"}  # the evidence's own figure is never rounded


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("The park has 1,200 species.", "count"),  # a grouped figure is never a year
        ("The abbey was founded in 1200.", "year"),
        ("It warmed by 2 °C.", "unit:C-change"),  # a change: no offset between the scales
    ],
)
def test_what_a_figure_counts(text, kind):
    start = next(i for i, ch in enumerate(text) if ch.isdigit())
    end = start
    while end < len(text) and (text[end].isdigit() or text[end] == ","):
        end += 1
    value = Decimal(text[start:end].replace(",", ""))
    assert figure_kind(text, start, end, "num", value) == kind


@pytest.mark.parametrize(
    ("answer", "source"),
    [
        (
            "900 of the park's species are not endemic.",
            "The park has 1,200 species, of which 300 are endemic.",
        ),
        ("The team lost 10 games.", "The team won 30 of its 40 games."),
        # a price per month written with a slash is a price, so the £5 between two of them
        # is no "5 GB" in another unit
        (
            "The 20 GB plan costs only £5 more a month than the 5 GB one.",
            "Plan S: 5 GB of data, £10/month. Plan M: 20 GB of data, £15/month.",
        ),
    ],
)
def test_a_figure_worked_out_from_the_source_is_never_refuted(answer, source):
    """A complement or a product of the source's figures is another statement, not the
    source's clause turned round or its figure contradicted: at most it is marked."""
    assert ClaimOutcome.REFUTED not in _outcomes(answer, source)
