"""Comparisons written in several words, read as the one word they mean.

"More expensive" is "dearer" (``lexicon.polarity.PRICE_COMPARISONS``, read by the
direction gate and the toggles), "more slowly" is "slower", "takes less time to cook" is
"takes shorter to cook" (``PACE_COMPARISONS``, read by the toggles): they then find the
opposite word of ``OPPOSITE_PAIRS`` in a claim that words its comparison one way and
evidence that words it the other ("grow more slowly" / "grow faster"). Only the words a
check reads change; a finding quotes the text as written. Pure functions of strings.
"""

from __future__ import annotations

import regex

from ..lexicon.polarity import PACE_COMPARISONS, PRICE_COMPARISONS

__all__ = ["in_one_word", "priced"]

_PRICES = tuple((regex.compile(p, regex.IGNORECASE), word) for p, word in PRICE_COMPARISONS)
_PACES = tuple((regex.compile(p, regex.IGNORECASE), word) for p, word in PACE_COMPARISONS)


def priced(text: str) -> str:
    """``text`` with each comparison of price written as its one word."""
    for pattern, word in _PRICES:
        text = pattern.sub(word, text)
    return text


def in_one_word(text: str) -> str:
    """``text`` with each comparison of price and of pace written as its one word."""
    for pattern, word in _PACES:
        text = pattern.sub(word, text)
    return priced(text)
