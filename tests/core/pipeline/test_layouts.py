"""What a chat interface adds around the words — list markers, emoji, bold, HTML, citation
styles — never changes a verdict: the same sentences get the same claims and outcomes."""

from __future__ import annotations

import pytest

from longtracer_core import check_case

SOURCES = [
    {
        "source_id": "S1",
        "text": "The Orvell Bridge opened in 1932 and spans 503 metres across the Tarn "
        "estuary. It carries four lanes of traffic.",
    },
    {
        "source_id": "S2",
        "text": "A 2019 survey found that 41% of commuters in Tarnmouth cross the bridge "
        "daily. Tolls on the bridge were abolished in 2008.",
    },
]
SENTENCES = [
    ("The Orvell Bridge opened in 1932", "1"),
    ("It spans 503 metres across the Tarn estuary", "1"),
    ("A 2019 survey found that 41% of commuters in Tarnmouth cross it daily", "2"),
    ("Tolls on the bridge were abolished in 2008", "2"),
    ("The Orvell Bridge carries six lanes of traffic", "1"),
]
EMOJI = ("✅", "👉", "⚠️", "🔹", "1️⃣")
LAYOUTS = {
    "brackets": lambda i, s, n: f"{s} [{n}].",
    "bullets": lambda i, s, n: f"- {s} [{n}].",
    "emoji": lambda i, s, n: f"{EMOJI[i]} {s} [{n}].",
    "bold_lead": lambda i, s, n: "**{}** {}".format(*s.split(" ", 1)) + f" [{n}].",
    "html": lambda i, s, n: f"<b>{s}</b> [{n}].",
    "caret": lambda i, s, n: f"{s}^{n}.",
    "link": lambda i, s, n: f"{s} ([Source {n}](https://example.org/{n})).",
    "located": lambda i, s, n: f"{s} (Source {n}, p. {i + 3}).",
    "footnote": lambda i, s, n: f"{s}[^{n}].",
}


def verdicts(layout: str) -> list[tuple[str, str, tuple[str, ...]]]:
    shape = LAYOUTS[layout]
    answer = "\n".join(shape(i, s, n) for i, (s, n) in enumerate(SENTENCES))
    case = check_case(answer, SOURCES)
    return [
        (c.claim_text, c.outcome.value if c.outcome else "", tuple(c.details["cited_markers"]))
        for c in case.claims
    ]


@pytest.mark.parametrize("layout", [k for k in LAYOUTS if k != "brackets"])
def test_layout_changes_no_claim_nor_outcome(layout):
    plain = verdicts("brackets")
    assert [c[1] for c in plain[:4]] == ["SUPPORTED"] * 4
    assert plain[4][1] != "SUPPORTED"  # six lanes: the evidence says four
    got = verdicts(layout)
    assert [(t, o) for t, o, _ in got] == [(t, o) for t, o, _ in plain]
    # each claim cites the one source its marker names, whatever the style
    caret = layout in ("caret", "footnote")
    assert [m for _, _, m in got] == [(f"^{n}" if caret else n,) for _, n in SENTENCES]


def test_typographic_apostrophes_read_as_typewriter_ones():
    """An answer typed with ’ reads as its source typed with ' ("Xi’an" is "Xi'an")."""
    sources = [
        {
            "source_id": "S1",
            "text": "Farmers digging a well near Xi'an found the first kiln in 1974. "
            "The kiln site isn't open to visitors in winter.",
        }
    ]
    answer = (
        "Farmers digging a well near Xi'an found the first kiln in 1974. "
        "The kiln site isn't open to visitors in winter."
    )
    typewriter = check_case(answer, sources)
    typographic = check_case(answer.replace("'", "’"), sources)
    assert [c.outcome for c in typographic.claims] == [c.outcome for c in typewriter.claims]
    assert all(c.outcome.value == "SUPPORTED" for c in typographic.claims)
    # the words are read alike (the embedding sees the two characters apart, by a hair)
    assert [c.details["lex"] for c in typographic.claims] == [
        c.details["lex"] for c in typewriter.claims
    ]


def test_no_break_and_thin_spaces_read_as_the_figures_they_group():
    """ "20 percent" with a no-break space is a percentage (met by "one fifth"), and
    "£27 295" grouped by a narrow no-break space is £27,295, word for word."""
    sources = [
        {
            "source_id": "S1",
            "text": "The Amazon accounts for roughly one fifth of all the fresh water that "
            "rivers pour into the oceans. The repayment threshold is £27,295 a year.",
        }
    ]
    plain = "It carries about 20 percent of the fresh water rivers pour into the oceans."
    spaced = plain.replace("20 percent", "20\u00a0percent")
    assert check_case(plain, sources).claims[0].outcome.value == "SUPPORTED"
    assert check_case(spaced, sources).claims[0].outcome.value == "SUPPORTED"
    comma = check_case("The repayment threshold is £27,295 a year.", sources).claims[0]
    thin = check_case("The repayment threshold is £27\u202f295 a year.", sources).claims[0]
    assert thin.outcome == comma.outcome
    assert thin.details["lex"] == comma.details["lex"]


def test_a_source_scraped_with_no_break_spaces_reads_as_typed():
    """A page that writes "no more than" with no-break spaces says what it says typed
    plainly, and its spans keep their offsets into the text as given."""
    text = (
        "Leave must be taken within 12 months of the birth and may be split into no more "
        "than two blocks. A request goes to HR at least 8 weeks ahead."
    )
    answer = "Leave can be split into no more than two blocks [1]."
    plain = check_case(answer, [{"source_id": "1", "text": text}]).claims[0]
    scraped = check_case(answer, [{"source_id": "1", "text": text.replace(" ", "\u00a0")}])
    claim = scraped.claims[0]
    assert claim.outcome == plain.outcome
    assert claim.outcome.value == "SUPPORTED"
    assert claim.details["best_span"] == plain.details["best_span"]
