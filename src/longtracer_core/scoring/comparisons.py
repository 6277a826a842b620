"""Comparisons written in several words, read as the one word they mean.

"More expensive" is "dearer", "more slowly" is "slower", "takes less time" is "takes
shorter" (``lexicon.polarity.COMPARISON_PHRASES``): the direction gate and the toggles
then find the opposite word of ``OPPOSITE_PAIRS`` in a claim that words its comparison
one way and evidence that words it the other ("grow more slowly" / "grow faster"). Only
the words a check reads change; a finding quotes the text as written. Pure functions of
strings.
"""

from __future__ import annotations

import regex

from ..lexicon.polarity import COMPARISON_PHRASES

__all__ = ["in_one_word"]

_PHRASES = tuple((regex.compile(p, regex.IGNORECASE), word) for p, word in COMPARISON_PHRASES)


def in_one_word(text: str) -> str:
    """``text`` with each comparison of ``COMPARISON_PHRASES`` written as its one word."""
    for pattern, word in _PHRASES:
        text = pattern.sub(word, text)
    return text
