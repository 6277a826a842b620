"""A figure the evidence states, but as a rate per another measure: "53p per kWh" where
the source says "The standing charge is 53p per day", "5% a month" where it says "5% a
year".

The unit check (``unit_conflict.py``) reads the unit a figure counts in; this check reads
the measure it is a rate per ("per day", "a month", "/kg"; ``figure_facts.rate_after``).
The same number of the same kind per another measure is another fact: the claim has the
number of one rate with the measure of another. Only where every evidence sentence that
holds the number gives it as a rate, none per the claim's measure; a sentence that gives
the number with no rate ("a standing charge of 53p", "53p daily") may be the claim's, and
nothing is read. Pure functions over the case's evidence index.
"""

from __future__ import annotations

import regex

from ..contracts import ReasonCode
from ..lexicon.numbers import RATE_PERIOD_WORDS
from .claim_figures import claim_figures
from .evidence_index import EvidenceIndex, EvidenceSentence
from .figure_facts import rate_after, unit_kind
from .figures import Need, figure_kind
from .findings import Finding, quote
from .unit_conflict import definite, with_unit

__all__ = ["measures", "rate_finding"]


# a measure with its amount right after a figure ("70p per 100g", "£4/100 ml")
_AMOUNT = regex.compile(r"[\s%)]*(?:(?:per|a|an|each|every)\s+|/\s*)[\d.,]+\s*([\p{L}µ]+)", regex.I)
# a period word right after a figure ("6.9% APR", "a £1.50 monthly fee", "5% per annum")
_PERIOD = regex.compile(
    r"[\s%)]*(?:per\s+)?(" + "|".join(regex.escape(w) for w in RATE_PERIOD_WORDS) + r")(?!\p{L})",
    regex.I,
)


def measures(text: str, end: int) -> frozenset[str]:
    """The kinds of measure the figure of ``text`` ending at ``end`` is a rate per: those
    ``figure_facts.rate_after`` reads ("53p per day"), a measure written with its amount
    ("70p per 100g": ``unit:g``, which a rate per kg is not) and a period word ("6.9%
    APR": ``unit:year``; ``lexicon.numbers.RATE_PERIOD_WORDS``)."""
    found = set(rate_after(text, end))
    amount = _AMOUNT.match(text, end)
    if amount and (unit := unit_kind(amount.group(1).casefold())):
        found.add(unit)
    period = _PERIOD.match(text, end)
    if period:
        found.add(f"unit:{RATE_PERIOD_WORDS[period.group(1).casefold()]}")
    return frozenset(found)


def _rates(sentence: EvidenceSentence, need: Need, kind: str) -> list[frozenset[str]]:
    """What each figure of ``sentence`` with the claim figure's number and kind is a rate
    per (an empty set: no rate)."""
    return [
        measures(sentence.text, end)
        for (start, end, raw), found in claim_figures(sentence.text)
        if found.number == need.number
        and set(found.readings) & set(need.readings)
        and figure_kind(sentence.text, start, end, raw, found.number) == kind
    ]


def _holders(
    need: Need, kind: str, per: frozenset[str], index: EvidenceIndex
) -> list[EvidenceSentence]:
    """The sentences of ``index`` that give the number as a rate per another measure than
    ``per``; empty when any gives it per ``per`` or with no rate at all."""
    found: list[EvidenceSentence] = []
    for s in index.sentences:
        if not any(v in need.readings for _, v in s.kinds):
            continue
        rates = _rates(s, need, kind)
        if any(not r or r & per for r in rates):
            return []
        if rates:
            found.append(s)
    return found


def rate_finding(
    claim: str, span: tuple[int, int], need: Need, kind: str, index: EvidenceIndex,
    aligned: EvidenceSentence | None,
) -> Finding | None:  # fmt: skip
    """The finding on a claim figure at ``span`` that is a rate per a measure the evidence
    never gives its number per: a conflict when the sentence that speaks of the claim
    (``aligned``) gives it per another measure, the figure absent as the claim writes it
    when only other sentences do; None when the claim's figure is no rate, or any
    sentence holding the number gives it per the claim's measure or with no rate."""
    per = measures(claim, span[1])
    if not per or not definite(kind):
        return None
    holders = _holders(need, kind, per, index)
    if not holders:
        return None
    written = with_unit(claim, span[0], span[1])
    if aligned is not None and aligned in holders:
        return Finding(
            "unit_conflict",
            ReasonCode.NUMERIC_MISMATCH,
            f"the claim gives {written} as a rate per another measure than source "
            f'{aligned.source_id} does ("{quote(aligned.text)}")',
            {"claimed": written, "source_id": aligned.source_id},
        )
    return Finding(
        "figure_absent",
        ReasonCode.NUMERIC_MISMATCH,
        f"no source states {written} at the claim's rate; source {holders[0].source_id} gives "
        f'it per another measure ("{quote(holders[0].text)}")',
        {"claimed": written},
    )
