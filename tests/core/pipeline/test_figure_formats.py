"""A wrong figure is caught in every shape a chat answer gives it: a bullet, a numbered
item, a bold label, a heading, a quote, code ticks or emphasis around it, a citation
marker after it, or no full stop at all (a figure that ended the claim's text was once
never read, so each of these came back SUPPORTED)."""

from __future__ import annotations

import pytest

from longtracer_core import check_case
from longtracer_core.contracts import ClaimOutcome

SOURCES = [
    {
        "id": "S1",
        "text": "The application fee is £28.50. The Railcard costs £35 for one year. "
        "The bridge opened in 1937. The lake is 636 km long.",
    }
]


@pytest.mark.parametrize(
    "answer",
    [
        "- The application fee is £27.50",
        "1. The application fee is £27.50",
        "**Fee:** £27.50",
        "* **Application fee:** £27.50 [S1]",
        "The application fee is £27.50 [1]",
        "### Fee: £27.50",
        "The fee is £27.50^1",
        "> The application fee is £27.50",
        "The application fee is `£27.50`",
        "The application fee is *£27.50*",
        "The application fee is **£27.50**",
        "The bridge opened in 1938",
        "The lake is 640 km long",
        "The Railcard costs £40 a year",
    ],
)
def test_a_wrong_figure_is_refuted_in_any_format(answer):
    (claim,) = check_case(answer, SOURCES).claims
    assert claim.outcome is ClaimOutcome.REFUTED


@pytest.mark.parametrize(
    "answer",
    [
        "- The application fee is £28.50",
        "**Fee:** £28.50",
        "The bridge opened in 1937",
        "The lake is 636 km long [S1]",
    ],
)
def test_the_right_figure_in_the_same_formats_is_supported(answer):
    (claim,) = check_case(answer, SOURCES).claims
    assert claim.outcome is ClaimOutcome.SUPPORTED
