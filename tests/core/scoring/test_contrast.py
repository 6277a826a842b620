"""The contrast reading the polarity gate relies on: what a contrast keeps and denies."""

from __future__ import annotations

import pytest

from longtracer_core.scoring.contrast import as_not, contrast
from longtracer_core.text.words import stem


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("employed by the company rather than by the carriers", "employed by the company, not by the carriers"),
        ("Use honey instead of sugar.", "Use honey, not sugar."),
        ("Enter a code in place of the PIN.", "Enter a code, not the PIN."),
        ("Rather than wait, call us.", "Rather than wait, call us."),  # no word before it
    ],
)  # fmt: skip
def test_every_wording_of_a_contrast_reads_as_not(text, expected):
    assert as_not(text) == expected


def test_a_contrast_keeps_its_item_and_denies_its_alternative():
    found = contrast("Antibiotics treat bacterial infections, not viral infections.")
    assert found is not None
    assert found.item == stem("bacterial")  # not "infections": the alternative says it too
    assert found.denied == {stem("viral")}
    assert found.main.startswith("Antibiotics treat bacterial infections")


@pytest.mark.parametrize(
    ("text", "item", "denied", "kept"),
    [
        # the alternative is a figure: the item is the nearest figure kept
        ("You should take 1 tablet, not 2.", "1", "2", "tablet"),
        # a "one" of the alternative stands for the kept noun: the item is the word before it
        ("The offer is valid for new customers, not existing ones.", "new", "existing", "new"),
        # the alternative ends at a comma, or at a preposition after its first content word
        ("Messi joined Inter Miami, not Al-Hilal, in 2023.", "miami", "hilal", "2023"),
        ("Messi joined Inter Miami, not Al-Hilal in 2023.", "miami", "hilal", "2023"),
        # every word of the alternative is said elsewhere: all of them are denied
        ("The tournament is held every four years, not every year.", "four", "year", "four"),
    ],
)
def test_what_a_contrast_keeps_and_denies(text, item, denied, kept):
    found = contrast(text)
    assert found is not None
    assert found.item == stem(item)
    assert stem(denied) in found.denied
    assert stem(kept) not in found.denied


@pytest.mark.parametrize(
    "text",
    [
        "Payments are not made in advance.",  # a plain negation is no contrast
        "It is cheaper, not faster, and it is not available in Wales.",  # one plain "not" too
        "The fee is paid by the buyer.",  # no negation at all
    ],
)
def test_a_clause_with_a_plain_negation_is_no_contrast(text):
    assert contrast(text) is None
