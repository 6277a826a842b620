"""A figure the evidence states, but of another unit: "3,400 kW" where the source says
"3,400 kWh", "36.84 minutes" where it says "36.84 seconds", "10 km" where it says "10%".

The evidence-wide figure check (``evidence.py``) finds a claim's number by its value; this
check asks of a quantity, a percentage or a sum of money whether the evidence states it in
that unit too (or converted: "7 weeks" is "49 days"). When every sentence that holds the
number gives it a definite other unit, the claim has the number of one fact with the unit
of another. Pure functions over the case's evidence index.
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from ..contracts import ReasonCode
from .evidence_index import EvidenceIndex, EvidenceSentence
from .figures import Need, _in_unit, _last_significant, _rounds_to
from .findings import Finding, quote
from .units import unit_table

__all__ = ["definite", "other_unit", "unit_finding", "with_unit"]


def definite(kind: str) -> bool:
    """Does a figure of ``kind`` say what it measures: a percentage, money, or a unit
    that names one quantity (not one of the table's loose units: "3 in 10", "5 times")?"""
    if kind in ("percent", "money"):
        return True
    return kind.startswith("unit:") and kind[5:] not in unit_table().loose


def _in_own_unit(need: Need, kind: str, index: EvidenceIndex) -> bool:
    """Does the evidence state the claim's figure with its own unit (converted, rounded
    when the claim hedges)?"""
    values = index.figures.values
    if kind == "percent":
        return any(f"{r}%" in values for r in need.readings)
    if kind == "money":
        return any(k == "money" and v in need.readings for s in index.sentences for k, v in s.kinds)
    unit = kind[5:]
    if any(f"{r}@{unit}" in values for r in need.readings):
        return True
    if need.hedge != "approx" or need.number is None:
        return False
    exponent = _last_significant(need.number, need.decimals)
    return any(_rounds_to(v, exponent, need.number) for v in _in_unit(values, unit) if v)


def other_unit(need: Need, kind: str, index: EvidenceIndex) -> list[EvidenceSentence]:
    """The sentences that hold the number of a claim figure of ``kind``, when every one
    gives it a definite unit other than the claim's and none states it in the claim's;
    empty otherwise (a count or a year holding the number reads as no unit at all)."""
    if not definite(kind) or _in_own_unit(need, kind, index):
        return []
    holders = [(s, k) for s in index.sentences for k, v in s.kinds if v in need.readings]
    if not all(definite(k) and k != kind for _, k in holders):
        return []
    return list(dict.fromkeys(s for s, _ in holders))


_UNIT_WORD = regex.compile(r"\s?(%|°\p{L}?|\p{L}[\p{L}²\-]*)")


def with_unit(claim: str, start: int, end: int) -> str:
    """The figure at ``claim[start:end]`` as the claim writes it, with its unit ("3,400
    kW", "36.84 minutes")."""
    written = claim[start:end]
    after = _UNIT_WORD.match(claim, end)
    if after is None:
        return written
    word = after.group(1)
    if word in ("%", "°") or word[0] == "°" or word.lower() in unit_table().words:
        return written + after.group(0)
    return written


def unit_finding(
    written: str, holders: Sequence[EvidenceSentence], aligned: EvidenceSentence | None,
    quiet: bool,
) -> Finding | None:  # fmt: skip
    """The finding on a figure whose number the evidence gives only in other units
    (``holders``, from ``other_unit``): a conflict when the sentence that speaks of the
    claim (``aligned``) is one of them ("36.84 minutes" / "36.84 seconds"); else the figure
    is absent as the claim writes it, unless ``quiet`` (a kind too often derived to call
    absent, or a number the evidence derives)."""
    if aligned is None or aligned not in holders:
        if quiet:
            return None
        return Finding(
            "figure_absent", ReasonCode.NUMERIC_MISMATCH,
            f"no source states {written}; source {holders[0].source_id} gives that number in "
            f'another unit ("{quote(holders[0].text)}")',
            {"claimed": written},
        )  # fmt: skip
    return Finding(
        "unit_conflict",
        ReasonCode.NUMERIC_MISMATCH,
        f"the claim gives {written}; source {aligned.source_id} gives that number in another "
        f'unit ("{quote(aligned.text)}")',
        {"claimed": written, "source_id": aligned.source_id},
    )
