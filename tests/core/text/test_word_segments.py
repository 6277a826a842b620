"""UAX #29 word segmentation against the Unicode 17 conformance file, and lex tokens."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from longtracer_core.scoring import lex_tokens, word_segments
from tests.conftest import shared_file


def _conformance_cases() -> list[list[str]]:
    cases = []
    path = shared_file("data", "WordBreakTest.txt")
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        segments: list[str] = []
        current = ""
        for tok in line.split():
            if tok == "÷":
                if current:
                    segments.append(current)
                current = ""
            elif tok != "×":
                current += chr(int(tok, 16))
        if current:
            segments.append(current)
        cases.append(segments)
    return cases


def test_wordbreak_conformance_unicode_17():
    """word_segments passes every line of WordBreakTest.txt 17.0.0 (1,944 lines; floor 100 %)."""
    cases = _conformance_cases()
    assert len(cases) == 1944
    failures = [c for c in cases if word_segments("".join(c)) != c]
    passed = len(cases) - len(failures)
    assert passed / len(cases) >= 1.0, f"{passed}/{len(cases)} pass; first failure {failures[:1]}"


@given(st.text())
def test_segments_rejoin_to_the_text(text):
    """Segmentation loses and adds nothing: the segments join to the input."""
    assert "".join(word_segments(text)) == text


def test_segments_keep_spaces_and_punctuation():
    """All segments are returned, including spaces and punctuation."""
    assert word_segments("Hello, world!") == ["Hello", ",", " ", "world", "!"]
    assert word_segments("6.5 metres") == ["6.5", " ", "metres"]
    assert word_segments("can't stop") == ["can't", " ", "stop"]


def test_lex_tokens_normalise_fold_and_drop_punctuation():
    """lex_tokens: NFC, casefold, keep only segments with a letter or digit; no stopwords."""
    assert lex_tokens("The Café, in 2021!") == ["the", "café", "in", "2021"]
    # NFD input folds to the same tokens as NFC
    assert lex_tokens("Cafe\u0301") == lex_tokens("Café")
    assert lex_tokens("STRASSE Straße") == ["strasse", "strasse"]
    assert lex_tokens(" -- ... !!") == []
