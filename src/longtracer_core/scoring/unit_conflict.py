"""A figure the evidence states, but of another unit: "3,400 kW" where the source says
"3,400 kWh", "36.84 minutes" where it says "36.84 seconds", "10 km" where it says "10%".

The evidence-wide figure check (``figure_findings.py``) finds a claim's number by its value; this
check asks of a quantity, a percentage or a sum of money whether the evidence states it in
that unit too (or converted: "7 weeks" is "49 days"). When every sentence that holds the
number gives it a definite other unit, the claim has the number of one fact with the unit
of another. Pure functions over the case's evidence index.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

import regex

from ..contracts import ReasonCode
from .claim_figures import claim_figures
from .derivation import derived_values
from .evidence_index import EvidenceIndex, EvidenceSentence
from .figure_facts import rate_after
from .figures import Need, SpanFigures, needs_met
from .findings import Finding, quote
from .units import unit_table

__all__ = ["conflict", "definite", "other_unit", "unit_finding", "with_unit"]


def definite(kind: str) -> bool:
    """Does a figure of ``kind`` say what it measures: a percentage, money, or a unit
    that names one quantity (not one of the table's loose units: "3 in 10", "5 times")?"""
    if kind in ("percent", "money"):
        return True
    return kind.startswith("unit:") and kind[5:] not in unit_table().loose


def _in_own_unit(need: Need, kind: str, index: EvidenceIndex) -> bool:
    """Does the evidence state the claim's figure in its own unit (converted to it), or
    meet it by any other number (rounded, a hedge, a bound: 12 % by 12.2 %, "under 50
    minutes" by 45 minutes) once the number itself is set aside?"""
    if kind == "money" and any(
        k == "money" and v in need.readings for s in index.sentences for k, v in s.kinds
    ):
        return True
    # the figure check itself, on the evidence without the coinciding plain number: it
    # still reads the claim's percentage ("12%") and its unit's readings ("3400@kw")
    x = need.number
    rest = SpanFigures(
        frozenset(v for v in index.figures.values if v not in need.readings),
        tuple(n for n in index.figures.numbers if n != x),
        tuple((k, n) for k, n in index.figures.stated if n != x),
    )
    return needs_met([need], rest)


@dataclass(frozen=True)
class _Without:
    """An evidence sentence read without the figures of one value."""

    text: str
    content: frozenset[str]
    kinds: tuple[tuple[str, str], ...]


# the most figures of one kind the evidence may hold for a sum or difference of two in
# different sentences to clear a unit conflict (a dozen hold a difference for most numbers)
POOLED_FIGURES = 6


def _derived(need: Need, kind: str, sentences: Sequence[EvidenceSentence]) -> bool:
    """Do ``sentences`` give the claim's number by a sum or a difference of their other
    figures of its kind ("80 kg in January and 65 kg in June": 15 kg lost), within one
    sentence or, while the evidence holds at most POOLED_FIGURES of the kind, across two
    ("Plan S: £10/month. Plan M: £15/month": £5 more)? Only of its kind: a list of a dozen
    quantities in mg holds a difference for most numbers."""
    without = [
        _Without(
            s.text,
            s.content,
            tuple((k, v) for k, v in s.kinds if k == kind and v not in need.readings),
        )
        for s in sentences
    ]
    pooled = tuple(kv for w in without for kv in w.kinds)
    if 2 <= len(pooled) <= POOLED_FIGURES:
        without.append(_Without("", frozenset(), pooled))
    return bool(set(need.readings) & derived_values(without))


def _scale(kind: str) -> str:
    """A unit with a change on its scale read as the scale ("warmed by 1 °C" and "1 °C" are
    both Celsius: only their conversions to Fahrenheit differ)."""
    return kind.removesuffix("-change")


def other_unit(need: Need, kind: str, index: EvidenceIndex) -> list[EvidenceSentence]:
    """The sentences that hold the number of a claim figure of ``kind``, when every one
    gives it a definite unit other than the claim's and none states or meets it in the
    claim's; empty otherwise (a count or a year holding the number reads as no unit at
    all), and when a sentence works the number out of its other figures of the kind."""
    if not definite(kind) or _in_own_unit(need, kind, index):
        return []
    # a quantity in words gives a number no unit of another reading ("£3" / "three years")
    holders = [
        (s, k) for s in index.sentences for k, v in s.kinds
        if v in need.readings and (k, v) not in s.worded
    ]  # fmt: skip
    if not all(definite(k) and _scale(k) != _scale(kind) for _, k in holders):
        return []
    if _derived(need, kind, index.sentences):
        return []
    return list(dict.fromkeys(s for s, _ in holders))


_AFTER = regex.compile(r"\s?(%|°\p{L}?|[\p{L}²][\p{L}²\-]*)(?:\s+([\p{L}²][\p{L}²\-]*))?")


def with_unit(claim: str, start: int, end: int) -> str:
    """The figure at ``claim[start:end]`` as the claim writes it, with its unit as
    ``figure_kind`` reads it ("3,400 kW", "3,400 kilowatt hours", "735 square
    kilometres", "4 per cent")."""
    written = claim[start:end]
    after = _AFTER.match(claim, end)
    if after is None:
        return written
    first, second = after.group(1), (after.group(2) or "")
    table = unit_table().words
    pair = (first.lower(), second.lower())
    if second and (pair[0] in ("square", "sq", "per") or f"{pair[0]}-{pair[1]}" in table):
        return written + after.group(0)
    if first in ("%", "°") or first[0] == "°" or pair[0] in table:
        return claim[start : after.start(1) + len(first)]
    return written


def _rate_figure(text: str, number: Decimal | None, kind: str) -> bool:
    """Is ``number`` in ``text`` the figure of a rate per a measure of ``kind`` ("£3 per
    hour", "40 litres a minute"), the measure a claim's figure may be of ("3 hours")?"""
    return number is not None and any(
        need.number == number and kind in rate_after(text, end)
        for (_, end, _), need in claim_figures(text)
    )


def unit_finding(
    written: str, holders: Sequence[EvidenceSentence], aligned: EvidenceSentence | None,
    quiet: bool, kind: str, number: Decimal | None,
) -> Finding | None:  # fmt: skip
    """The finding on a figure (of ``kind``, its ``number``) whose number the evidence
    gives only in other units (``holders``, from ``other_unit``): a conflict when the
    sentence that speaks of the claim (``aligned``) is one of them ("36.84 minutes" /
    "36.84 seconds"), unless the number is that sentence's rate per the claim's unit, whose
    measure the claim's figure may be ("3 hours" at "£3 per hour": absent, marked); else
    the figure is absent as the claim writes it, unless ``quiet`` (a kind too often derived
    to call absent: a duration, a small count, an approximate figure)."""
    per = aligned is not None and _rate_figure(aligned.text, number, kind)
    if aligned is None or aligned not in holders or per:
        if quiet and not per:
            return None
        return Finding(
            "figure_absent", ReasonCode.NUMERIC_MISMATCH,
            f"no source states {written}; source {holders[0].source_id} gives that number in "
            f'another unit ("{quote(holders[0].text)}")',
            {"claimed": written},
        )  # fmt: skip
    return conflict(written, aligned, "in another unit")


def conflict(written: str, sentence: EvidenceSentence, how: str) -> Finding:
    """``unit_conflict``: ``sentence``, which speaks of the claim, gives the number of the
    claim's figure ``written`` ``how`` ("in another unit", "per another measure")."""
    return Finding(
        "unit_conflict",
        ReasonCode.NUMERIC_MISMATCH,
        f"the claim gives {written}; source {sentence.source_id} gives that number {how} "
        f'("{quote(sentence.text)}")',
        {"claimed": written, "source_id": sentence.source_id},
    )
