"""A figure the evidence states, but as a rate per another measure: "53p per kWh" where
the source says "The standing charge is 53p per day", "5% a month" where it says "5% a
year".

The unit check (``unit_conflict.py``) reads the unit a figure counts in; this check reads
the measure it is a rate per, written right after it ("per day", "a month", "/kg", "per
100g", "APR"; ``measures``). ``figure_facts.rate_after`` reads further along the sentence,
which may only excuse a computation; a deletion needs the measure the figure itself
carries. The same number of the same kind per another measure is another fact: the claim
has the number of one rate with the measure of another. Only where every evidence
sentence that holds the number gives it as a rate, none per the claim's measure; a
sentence that gives the number with no rate ("a standing charge of 53p") may be the
claim's, and nothing is read. Pure functions over the case's evidence index.
"""

from __future__ import annotations

import regex

from ..contracts import ReasonCode
from ..lexicon.numbers import DURATION_DAYS, DURATION_UNITS, RATE_NOT_AFTER, RATE_PERIOD_WORDS
from .claim_figures import claim_figures
from .evidence_index import EvidenceIndex, EvidenceSentence
from .figure_facts import unit_kind
from .figures import Need, figure_kind
from .findings import Finding, quote
from .unit_conflict import conflict, definite, with_unit

__all__ = ["measures", "rate_finding"]


# a measure right after a figure and its unit ("53p per day", "10 mg per kg", "£92.50 per
# megawatt-hour", "70p per 100g", "£5/GB"): its amount, its word or two
_MEASURE = regex.compile(
    r"[\s%)]*(?:([\p{L}µ°]+)\s+)?(?:(?:per|a|an|each|every)\s+|/\s*)(?:[\d.,]+\s*)?"
    r"([\p{L}µ]+)(?:([\s-])([\p{L}µ]+))?",
    regex.I,
)
# a period word right after a figure ("6.9% APR", "a £1.50 monthly fee", "5% per annum")
_PERIOD = regex.compile(
    r"[\s%)]*(?:per\s+)?(" + "|".join(regex.escape(w) for w in RATE_PERIOD_WORDS) + r")(?!\p{L})",
    regex.I,
)


# a unit and its measure glued by a slash ("300 km/h", "3 m/s")
_GLUED = regex.compile(r"\s*([\p{L}µ°]+)/([\p{L}µ]+)(?!\p{L})")

_NEXT = regex.compile(r"\s+(" + "|".join(RATE_NOT_AFTER) + r")\b", regex.I)


def _measure(text: str, end: int) -> str | None:
    """The kind of measure written right after the figure ending at ``end``; None when
    there is none, when the word before "per" is no unit ("£15 and must be bought a week
    ahead"), or when a word of time follows the measure ("130p a year earlier")."""
    m = _MEASURE.match(text, end)
    if m is None or (m.group(1) and unit_kind(m.group(1).casefold()) is None):
        return None
    first, joint, second = m.group(2), m.group(3) or "", m.group(4) or ""
    if second.casefold() in RATE_NOT_AFTER or _NEXT.match(text, m.end()):
        return None
    return unit_kind(f"{first}{joint}{second}".casefold())


def measures(text: str, end: int) -> frozenset[str]:
    """The kinds of measure the figure of ``text`` ending at ``end`` is a rate per: one
    written right after it ("53p per day", "70p per 100g": ``unit:g``, which a rate per kg
    is not; ``_measure``) or a period word ("6.9% APR": ``unit:year``;
    ``lexicon.numbers.RATE_PERIOD_WORDS``)."""
    found = {kind} if (kind := _measure(text, end)) else set()
    glued = _GLUED.match(text, end)
    if glued and unit_kind(glued.group(1).casefold()) and (per := unit_kind(glued.group(2))):
        found.add(per)
    period = _PERIOD.match(text, end)
    if period:
        found.add(f"unit:{RATE_PERIOD_WORDS[period.group(1).casefold()]}")
    return frozenset(found)


# a rate written loosely around a figure: a word of rate before a word of time, one word
# between at most ("in each second", "every minute", "once a day", "with each passing
# year"), or a period adverb ("daily"); read from the last figure, stop or joined clause
# before the figure ("Every second, the Sun converts …"; not "91 cm in a day, and the
# tallest reach 30 metres") to the next figure or stop after it (not a comma:
# "75 mg, taken once a day"), with an aside in brackets or a conversion left out ("30
# metres (about 100 feet) each year", "500 litres, or about 130 gallons, every minute")
_LOOSE_RATE = regex.compile(
    r"\b(?:(?:per|a|an|each|every|in)\s+(?:[\p{L}-]+\s+)?"
    r"(?:" + "|".join(("second", *DURATION_DAYS)) + r")s?"
    r"|" + "|".join(regex.escape(w) for w in RATE_PERIOD_WORDS) + r")\b",
    regex.IGNORECASE,
)
_ASIDE = regex.compile(
    r"\([^()]*\)|,?\s*\bor\s+(?:about\s+|roughly\s+|around\s+|nearly\s+)?[\d.,]+\s*\p{L}+"
)
_BEFORE = regex.compile(r"[\s\S]*(?:[\d;:!?]|\.\s|,\s*(?:and|but|while|whereas|so)\s)")
_AFTER = regex.compile(r"[\d;:!?]|\.\s|\.$")


def _timed(text: str, start: int, end: int) -> bool:
    """Is the figure of ``text`` at ``start:end`` a rate per a time written loosely
    (``_LOOSE_RATE``), in its clause before it or up to the next figure after it? Then a
    figure with no rate may be a rate per a time."""
    before = _BEFORE.match(text, 0, start)
    after = _ASIDE.sub(" ", text[end:])
    stop = _AFTER.search(after)
    around = (
        text[before.end() if before else 0 : start] + " " + after[: stop.start() if stop else None]
    )
    return _LOOSE_RATE.search(around) is not None


def _rates(sentence: EvidenceSentence, need: Need, kind: str) -> list[tuple[frozenset[str], bool]]:
    """What each figure of ``sentence`` with the claim figure's number and kind is a rate
    per (an empty set: no rate), and whether its clause writes a rate per a time loosely
    around it (``_timed``)."""
    return [
        (measures(sentence.text, end), _timed(sentence.text, start, end))
        for (start, end, raw), found in claim_figures(sentence.text)
        if found.number == need.number
        and set(found.readings) & set(need.readings)
        and figure_kind(sentence.text, start, end, raw, found.number) == kind
    ]


# the measures of time a rate may be per
_TIMES = frozenset(f"unit:{u}" for u in DURATION_UNITS)


def _bare_may_be(kind: str, per: frozenset[str]) -> bool:
    """May a figure the evidence gives with no rate be the claim's rate per ``per``? So for
    money and percentages ("a standing charge of 53p" may be per day), a duration ("2 hours
    a day" may be "limit it to 2 hours") and a rate per a measure that is no time ("2.4 mg
    per 30 g" of "a 30 g handful gives 2.4 mg"); not for a quantity of another unit per a
    time: a speed or a flow ("100 km per second") is never a length or a volume ("burn up
    100 km above the ground")."""
    return not (kind.startswith("unit:") and kind not in _TIMES and per <= _TIMES)


def _holders(
    need: Need, kind: str, per: frozenset[str], index: EvidenceIndex
) -> list[EvidenceSentence]:
    """The sentences of ``index`` that give the number as a rate per another measure than
    ``per``, or with no rate where that cannot be the claim's (``_bare_may_be``); empty
    when any gives it per ``per`` or with no rate that may be the claim's."""
    bare = _bare_may_be(kind, per)
    found: list[EvidenceSentence] = []
    for s in index.sentences:
        if not any(v in need.readings for _, v in s.kinds):
            continue
        rates = _rates(s, need, kind)
        if any(r & per or (not r and (bare or timed)) for r, timed in rates):
            return []
        if rates:
            found.append(s)
    return found


def _with_measure(text: str, span: tuple[int, int]) -> str | None:
    """The figure at ``span`` as written with its unit and measure ("100 km per second")."""
    m = _MEASURE.match(text, span[1])
    if m is not None and m.group(4):
        # a second word that names no unit with the first ("a day for") is not written
        one, two = unit_kind(m.group(2).casefold()), unit_kind(f"{m[2]}{m[3]}{m[4]}".casefold())
        return text[span[0] : m.end(2) if one == two else m.end()].strip()
    m = m or _GLUED.match(text, span[1]) or _PERIOD.match(text, span[1])
    return text[span[0] : m.end()].strip() if m is not None else None


def rate_finding(
    claim: str, span: tuple[int, int], need: Need, kind: str, index: EvidenceIndex,
    aligned: EvidenceSentence | None,
) -> Finding | None:  # fmt: skip
    """The finding on a claim figure at ``span`` that is a rate per a measure the evidence
    never gives its number per: a conflict when the sentence that speaks of the claim
    (``aligned``) gives it per another measure; the figure absent as the claim writes it
    when only other sentences do, or when that sentence gives the number as no rate (a
    speed the evidence gives as a length: its rate may be written in a sentence beside it,
    "The dose is 500 mg. Take it once a day."); None when the claim's figure is no rate, or
    any sentence holding the number gives it per the claim's measure or with no rate that
    may be the claim's."""
    per = measures(claim, span[1])
    if not per or not definite(kind):
        return None
    holders = _holders(need, kind, per, index)
    if not holders:
        return None
    written = _with_measure(claim, span) or with_unit(claim, span[0], span[1])
    facing = aligned if aligned is not None and aligned in holders else holders[0]
    rated = any(r for r, _ in _rates(facing, need, kind))
    if facing is aligned and rated:
        return conflict(written, facing, "per another measure")
    how = "per another measure" if rated else "as no rate"
    return Finding(
        "figure_absent",
        ReasonCode.NUMERIC_MISMATCH,
        f"no source states {written}; source {facing.source_id} gives that number {how} "
        f'("{quote(facing.text)}")',
        {"claimed": written},
    )
