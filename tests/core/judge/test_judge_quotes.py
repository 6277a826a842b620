"""Quote verification: a judge's quote counts only when it is really in the cited span."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from longtracer_core.judge import verify_quote

SPAN = "Its primary mirror is 6.5 metres across and is made of 18 beryllium segments."


@pytest.mark.parametrize(
    "quote",
    [
        "primary mirror is 6.5 metres across",
        "PRIMARY   MIRROR is 6.5 metres\nacross",
        "“primary mirror is 6.5 metres across,”",
        "ｐｒｉｍａｒｙ mirror is 6.5 metres across",  # full-width letters
        "made of 18 beryllium segments.",
        "primary mirror is 6,5 metres across",  # decimal comma
    ],
)
def test_exact_quotes_survive_case_space_punctuation_and_width(quote):
    """Normalisation: casefold, whitespace, punctuation, NFKC width, number format."""
    check = verify_quote(quote, SPAN)
    assert check.verified and check.match == "exact"


@pytest.mark.parametrize(
    "quote",
    [
        "primary mirror is 65 metres across",  # a different number, not a format
        "primary mirror is 7.5 metres across",
        "the mirror was repaired by astronauts in 2023",  # invented
        "mirror",  # too short to be evidence
        "",
    ],
)
def test_wrong_invented_or_trivial_quotes_are_rejected(quote):
    """A changed figure, an invented sentence, a one-word quote: not verified."""
    assert not verify_quote(quote, SPAN).verified
    assert not verify_quote(quote, SPAN, mode="window").verified


def test_thousands_separators_and_accents_agree():
    """'1,500,000' matches '1500000'; 'Pelé' matches 'Pele'."""
    assert verify_quote(
        "orbits 1500000 kilometres away", "It orbits 1,500,000 kilometres away."
    ).verified
    assert verify_quote("Pele scored 1,000 goals", "Pelé scored 1000 goals").verified


def test_offsets_slice_the_quote_out_of_the_span():
    """start/end are offsets into the span text, covering the quoted words."""
    check = verify_quote("PRIMARY MIRROR is 6.5 metres", SPAN)
    assert SPAN[check.start : check.end] == "primary mirror is 6.5 metres"


def test_window_mode_accepts_a_close_paraphrase_only_above_the_threshold():
    """One word changed in eight: window accepts at 0.8; exact and a strict threshold do not."""
    quote = "primary mirror is 6.5 metres wide and is"
    assert not verify_quote(quote, SPAN).verified
    loose = verify_quote(quote, SPAN, mode="window", min_overlap=0.8)
    assert loose.verified and loose.match == "window" and loose.overlap == pytest.approx(7 / 8)
    assert not verify_quote(quote, SPAN, mode="window", min_overlap=0.9).verified


@given(st.text(max_size=200), st.integers(0, 200), st.integers(0, 60))
def test_any_slice_of_a_span_with_enough_words_verifies(text, start, length):
    """Property: a verbatim slice starting and ending on word boundaries is always found."""
    from longtracer_core.judge.quotes import quote_tokens

    tokens = quote_tokens(text)
    if len(tokens) < 3:
        return
    i = start % len(tokens)
    j = min(len(tokens), i + 3 + length % 10)
    if j - i < 3:
        return
    quote = text[tokens[i][1] : tokens[j - 1][2]]
    assert verify_quote(quote, text).verified
