"""Periods a text writes without a number: "half an hour", "a quarter of an hour", "an hour
and a half", "a fortnight", "a decade", "one year".

Read as figures of the unit that follows them where the evidence states what it states
(``figures.span_figures``, ``evidence_index.figure_kinds``), so an answer's "30 minutes"
restates "half an hour" and is never set against another figure of the sentence ("arrive
half an hour before your appointment, which usually lasts 45 minutes"). Never after a
quantity or a rate word, where "a" says "per": "£35 a year", "twice a day", "10 hours a
week", "one tablet a day". A claim's own idioms stay unread, as its number words do
(``claim_figures``).
"""

from __future__ import annotations

from decimal import Decimal

import regex

from ..lexicon.numbers import NUMBER_WORDS, PERIOD_IDIOM_UNITS, PERIOD_IDIOMS, RATE_BEFORE
from ..text.memo import short_text_cache
from .numeric import Reading

__all__ = ["period_readings"]

_WORDS = "|".join(sorted(PERIOD_IDIOMS, key=len, reverse=True)).replace(" ", r"\s+")
_UNITS = "|".join(PERIOD_IDIOM_UNITS)
_IDIOM = regex.compile(
    rf"\b(?P<q>{_WORDS})(?=\s+(?:{_UNITS})(?![\p{{L}}'’-])(?P<half>\s+and\s+a\s+half\b)?)",
    regex.IGNORECASE,
)
# what makes "a" a "per": a figure or a rate word in the three words before it
_PER = regex.compile(
    r"(?:\d|\b(?:" + "|".join((*RATE_BEFORE, *NUMBER_WORDS)) + r")\b)[^\s]*(?:\s+[^\s]+){0,2}\s*$",
    regex.IGNORECASE,
)
_LOOKBACK = 40


@short_text_cache(maxsize=4096)
def period_readings(text: str) -> tuple[Reading, ...]:
    """Each period of ``text`` written without a number, as a number word's reading: its
    value ("half an" is 0.5, "an … and a half" 1.5), the unit word after it left for
    ``figures.figure_kind`` to read."""
    out = []
    for m in _IDIOM.finditer(text):
        if _PER.search(text[max(0, m.start() - _LOOKBACK) : m.start()]):
            continue
        value = Decimal(PERIOD_IDIOMS[" ".join(m["q"].casefold().split())])
        if m["half"]:
            value += Decimal("0.5")
        written = format(value.normalize(), "f")
        decimals = len(written.partition(".")[2])
        out.append(Reading((written,), "word", m.start(), m.end(), value, decimals))
    return tuple(out)
