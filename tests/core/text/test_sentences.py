"""Sentence segmentation: the English Golden Rules, the cases chat answers hit, exact offsets."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from longtracer_core.text import split_sentences
from longtracer_core.text.citations import strip_markers
from longtracer_core.text.sentences import CITATION_MARKER, split_answer
from tests.conftest import shared_file


def _golden_cases() -> list[dict]:
    return json.loads(shared_file("data", "sentence_golden_rules_en.json").read_text("utf-8"))


@pytest.mark.parametrize("index", range(48))
def test_golden_rule(index):
    """Every English Golden Rule case (pySBD's benchmark) splits as expected, offsets exact.

    A list item's unit runs from its marker (``1.``, ``•``), as the rule set writes it.
    """
    case = _golden_cases()[index]
    text = case["text"]
    sentences = split_sentences(text)
    for s in sentences:
        assert text[s.start : s.end] == s.text
    assert [text[s.unit_start : s.end] for s in sentences] == case["sentences"], case["rule"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Water boils at 212 °F. Higher up it boils sooner.",
            ["Water boils at 212 °F.", "Higher up it boils sooner."],
        ),
        (  # a one-letter unit after a number ends a sentence like a word; "c. 1850" does not
            "Retries wait up to 60 s. A fix stopped resets. It was built c. 1850 in brick.",
            ["Retries wait up to 60 s.", "A fix stopped resets.", "It was built c. 1850 in brick."],
        ),
        (
            "The controller must notify within 72 hours (Art. 33). Fines follow.",
            ["The controller must notify within 72 hours (Art. 33).", "Fines follow."],
        ),
        (
            "See No. 5 and p. 12 for details. It is short.",
            ["See No. 5 and p. 12 for details.", "It is short."],
        ),
        (  # found in review: a capital, a code or a bracket after a number abbreviation
            "No. A passport is enough. See Eq. (3), Fig. S1 and Room No. B12. No. X-rays help.",
            [
                "No.",
                "A passport is enough.",
                "See Eq. (3), Fig. S1 and Room No. B12.",
                "No.",
                "X-rays help.",
            ],
        ),
        (  # "No." answers before a word that is no number; a numeral stays with it
            "No. Room 103 faces the street. No. I would not book it. Vol. II and Fig. A agree.",
            [
                "No.",
                "Room 103 faces the street.",
                "No.",
                "I would not book it.",
                "Vol. II and Fig. A agree.",
            ],
        ),
        (
            "It launched in 2021. (Source 2) It orbits L2.",
            ["It launched in 2021. (Source 2)", "It orbits L2."],
        ),
        (
            "They signed with Acme Inc. The deal closed in May.",
            ["They signed with Acme Inc.", "The deal closed in May."],
        ),
        (
            "Revenue rose in 1990. 25 stores opened that year.",
            ["Revenue rose in 1990.", "25 stores opened that year."],
        ),
    ],
)
def test_chat_answer_cases(text, expected):
    """Units, abbreviations before figures, parenthesised citations and suffix abbreviations."""
    assert [s.text for s in split_sentences(text)] == expected


def test_markdown_table_rows_are_units():
    """Each table row is one unit (pipes outside it); the separator row is no unit."""
    text = (
        "Doses:\n\n| Dose | Age |\n|---|:---:|\n| First | 12-15 months |\n| Second | 4-6 years |\n"
    )
    units = split_sentences(text)
    assert [(u.kind, u.text) for u in units] == [
        ("sentence", "Doses:"),
        ("table_header", "Dose | Age"),
        ("table_row", "First | 12-15 months"),
        ("table_row", "Second | 4-6 years"),
    ]
    for u in units:
        assert text[u.start : u.end] == u.text


def test_list_items_keep_marker_outside_the_unit():
    """The unit of a list item excludes its marker; ``unit_start`` points at the marker."""
    text = "Steps:\n1. Open the lid.\n2) Pour water.\n- **Tip:** use cold water."
    units = split_sentences(text)
    assert [u.text for u in units] == [
        "Steps:",
        "Open the lid.",
        "Pour water.",
        "**Tip:** use cold water.",
    ]
    assert [text[u.unit_start : u.end] for u in units][1:] == [
        "1. Open the lid.",
        "2) Pour water.",
        "- **Tip:** use cold water.",
    ]


def test_an_emoji_opening_a_line_is_a_bullet():
    """A pictograph that opens a line is a list marker, outside the unit: its first word
    stays a first word ("✅ All 17 …" is not a sentence naming "All")."""
    text = "✅ All 17 lows came after 2007.\n⚠️ Do not exceed 4 g a day.\n1️⃣ Open the lid."
    units = split_sentences(text)
    assert [u.text for u in units] == [
        "All 17 lows came after 2007.",
        "Do not exceed 4 g a day.",
        "Open the lid.",
    ]
    assert all(u.kind == "list_item" for u in units)


@pytest.mark.parametrize(
    "marker",
    [
        "[1]",
        "[1](https://example.org/a)",
        "([Source 2](https://example.org/b))",
        "[1, p. 3]",
        "(Source 2, section 4.1)",
        "(Doc 1, pp. 12-14)",
        "[Source 2](https://en.wikipedia.org/wiki/Mercury_(planet))",
        "<sup>1</sup>",
        "<sup>[2, 3]</sup>",
        "[1, 2]",
        "[S2]",
        "[^3]",
        "【4】",
        "[Source 1]",
        "[Doc 2]",
        "(Source 3)",
        "(Sources 1, 2)",
        "(Doc 1)",
        "(Document 2)",
        "(Ref. 4)",
        "^1",
        "¹",
    ],
)
def test_citation_marker_styles(marker):
    """Every common inline citation style is recognised as one marker."""
    text = f"The river is long{marker}."
    found = [m.group(0) for m in CITATION_MARKER.finditer(text)]
    assert found == [marker]


@pytest.mark.parametrize(
    "text",
    [
        "x^2 + 10^6 = y",
        "Art. 33 applies (Article 5)",
        "In 1990 (age 5)",
        "The lake covers 31,500 km² and holds 23,600 km³ of water",
        "a floor of 120 m^2 and a pull of 9.8 m/s²",
        "f(x) = 3x^2 + 1, a tank of 5 dm³",
        "an area of 5 km<sup>2</sup> and x<sup>2</sup>",
    ],
)
def test_not_citation_markers(text):
    """Powers (of a unit too), article references and parenthesised figures are not
    citations."""
    assert CITATION_MARKER.search(text) is None


@pytest.mark.parametrize(
    ("text", "clean", "keys"),
    [
        ("It has been recorded since 2007^1.", "It has been recorded since 2007.", ("^1",)),
        ("Open water reflects about 6%¹.", "Open water reflects about 6%.", ("1",)),
        ("It lies near Dover^2^3.", "It lies near Dover.", ("^2", "^3")),
        ("It charges over USB-C^3.", "It charges over USB-C.", ("^3",)),
        ("The lake covers 31,500 km² [1].", "The lake covers 31,500 km².", ("1",)),
        ("You can take £500 instead of cash ^2.", "You can take £500 instead of cash.", ("^2",)),
        ("Take it instead of cash ^2 ^3.", "Take it instead of cash.", ("^2", "^3")),
        ("It began in 2019 ^1, then grew.", "It began in 2019, then grew.", ("^1",)),
        ("A floor of x ^ 2 and a 10 ^6 m wall", "A floor of x ^ 2 and a 10 ^6 m wall", ()),
        ("The population is 10 ^6.", "The population is 10 ^6.", ()),
        # after money, or "^1" after any number (no one raises to the first power)
        ("The cap was £1,568^2.", "The cap was £1,568.", ("^2",)),
        ("People turning 65^1.", "People turning 65.", ("^1",)),
        ("It is safe to eat at its best ^1^2.", "It is safe to eat at its best.", ("^1", "^2")),
        ("A 'ring of fire'^1.", "A 'ring of fire'.", ("^1",)),
        ("It holds 2^10 bytes.", "It holds 2^10 bytes.", ()),
        # a power with decimals after it, or inside an expression, stays whole
        ("It grows as 2^1.5 units.", "It grows as 2^1.5 units.", ()),
        ("Each costs £5^2.50 here.", "Each costs £5^2.50 here.", ()),
        ("So 3^1 + 4 is 7.", "So 3^1 + 4 is 7.", ()),
        ("It is at its best ^1^2 ^3.", "It is at its best.", ("^1", "^2", "^3")),
    ],
)
def test_a_marker_after_a_figure_is_lifted_and_a_power_stays(text, clean, keys):
    """A caret or superscript marker after a year, a percentage or another marker cites (a
    caret set off by a space at a clause's end too);
    a ² or ³ after a unit is the unit's power, never a citation of source 2 or 3."""
    assert strip_markers(text) == (clean, keys)


_PIECES = [
    "a",
    "b",
    "A",
    " ",
    "\n",
    "\n\n",
    ".",
    "!",
    "?",
    "…",
    '"',
    "'",
    ")",
    "]",
    "[1]",
    "^1",
    "¹",
    "-",
    "*",
    "|",
    "#",
    "`",
    ":",
    ";",
    ",",
    "Dr.",
    " e.g. ",
    "1) ",
    " 2) ",
    "a) ",
    " b) ",
    "...",
    ". . .",
    "```\n",
    "U.S.",
    "(Source 2)",
    "- ",
    "| x | y |\n",
    "**B**\n",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=40).map("".join))
def test_any_text_splits_into_exact_ordered_units(text):
    """Whatever the text, units come back in order, without overlap, with exact offsets."""
    units = split_sentences(text)
    for unit in units:
        assert text[unit.start : unit.end] == unit.text
        assert unit.text and not unit.text[0].isspace() and not unit.text[-1].isspace()
    assert all(a.end <= b.start for a, b in itertools.pairwise(units))


def test_a_run_of_dots_before_a_marker_is_not_an_error():
    """A spaced ellipsis running into dots and a marker (". . .. [1]") splits; it used to raise."""
    assert [u.text for u in split_sentences("a . . .. [1]")] == ["a . . .. [1]"]


def test_an_answers_line_break_ends_its_unit_a_sources_may_wrap_a_sentence():
    """A chat answer writes one fact per line without full stops; a source's line break
    may wrap a sentence (a PDF's lines), so only ``split_answer`` ends a unit there."""
    text = "Launch: 5 September 1977\nEntered interstellar space: 25 August 2012"
    assert [s.text for s in split_answer(text)] == [
        "Launch: 5 September 1977",
        "Entered interstellar space: 25 August 2012",
    ]
    assert [s.text for s in split_sentences(text)] == [text]
    wrapped = "The treaty was signed by the\nrepresentatives of both states."
    assert [s.text for s in split_sentences(wrapped)] == [wrapped]
    # a bold line under a line of text is a heading in an answer
    bold = "Two probes flew past Jupiter.\n**Voyager 1**\nIt launched in 1977."
    assert [(s.kind, s.text) for s in split_answer(bold)] == [
        ("sentence", "Two probes flew past Jupiter."),
        ("heading", "Voyager 1"),
        ("sentence", "It launched in 1977."),
    ]
