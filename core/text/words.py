"""Unicode word segmentation (UAX #29) and the matcher's lexical tokens.

Word boundaries come from the ``regex`` package's default Unicode word boundary
(``\\b`` under the ``WORD`` flag), which implements UAX #29 with current
Unicode tables; it passes all 1,944 lines of the Unicode 17 conformance file
(``tests/test_word_segments.py``). Python's ``unicodedata`` has no Word_Break
property, so the standard library alone cannot do this.
"""

from __future__ import annotations

import unicodedata

import regex

__all__ = ["lex_tokens", "word_segments"]

_BOUNDARY = regex.compile(r"\b", flags=regex.WORD | regex.V0)
_HAS_ALNUM = regex.compile(r"[\p{L}\p{N}]")


def word_segments(text: str) -> list[str]:
    """Split ``text`` at every UAX #29 word boundary; ``"".join(result) == text``.

    Every segment is kept, spaces and punctuation included.
    """
    if not text:
        return []
    cuts = [m.start() for m in _BOUNDARY.finditer(text)]
    segments: list[str] = []
    prev = 0
    for cut in cuts:
        if cut > prev:
            segments.append(text[prev:cut])
            prev = cut
    if prev < len(text):
        segments.append(text[prev:])
    return segments


def lex_tokens(text: str) -> list[str]:
    """NFC-normalise, segment (UAX #29), casefold, and keep segments with a letter or digit.

    No stopword list: IDF weighting is what keeps function words from counting.
    ``str.casefold`` is Unicode full case folding (``ß`` folds to ``ss``).
    """
    normalized = unicodedata.normalize("NFC", text)
    return [seg.casefold() for seg in word_segments(normalized) if _HAS_ALNUM.search(seg)]
