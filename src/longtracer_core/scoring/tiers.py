"""Two figures a claim gives together that the evidence sentence gives in two tiers.

"2% if repaid by 31 August 2025, rising to 3% from 1 September 2025" of "3% … on or before
31 August 2025; 2% … between 1 September 2025 and 31 August 2026": a part of the claim
gives one figure of each of two kinds together; the sentence gives each of them in a part
of its own (its tiers, split at the words that join them, ``binding.JOIN``), each with
another figure of the other's kind. A value is read as written, with the side of it its
condition covers ("up to 24 hours" is not "more than 24 hours"; ``BOUND_SIDES``), or, a
value the sentence does not give, as the band it falls in ("7 years' service" in "5 to 9
years' service"; "£12,000" in "from £10,000 to £49,999"). Where a value is in two tiers
(a boundary both share, with no side the claim gives), or the claim's part gives two
figures of one kind ("falls from 3% to 2% on 1 September"), nothing is read. A finding
here marks the claim uncertain; it never deletes it. Pure functions over text.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

import regex

from ..lexicon.grammar import FRONTED_OPENERS
from ..lexicon.numbers import BOUND_SIDES
from ..lexicon.polarity import NEGATION_BOUNDS
from ..text.memo import short_text_cache
from ..text.words import lex_tokens, negation_word
from .binding import JOIN, Bound, bound_finding, read_figures
from .claim_figures import claim_figures
from .figures import figure_kind
from .findings import Finding
from .unit_conflict import with_unit

__all__ = ["crossed", "tier_finding"]

# the words before and after a figure that say which side of it a condition covers
_SIDES = {
    side: (
        regex.compile(r"\b(?:" + "|".join(before) + r")\s+(?:about\s+)?[$€£]?$", regex.I),
        regex.compile(r"\s*%?(?:\s*[\p{L}°]+)?(\s+(?:" + "|".join(after) + r"))\b", regex.I),
    )
    for side, (before, after) in BOUND_SIDES.items()
}


@dataclass(frozen=True)
class _Value:
    """A figure of a tier: its kind, its values (and side) as written, and the band of
    numbers it covers (a range, or a side of one number)."""

    kind: str
    readings: frozenset[str]
    side: str
    written: str
    numbers: tuple[Decimal, ...]

    def covers(self, number: Decimal) -> bool:
        """Does the band this figure gives hold ``number`` (its ends included)?"""
        if len(self.numbers) == 2:
            return min(self.numbers) <= number <= max(self.numbers)
        if len(self.numbers) == 1 and self.side == "below":
            return number <= self.numbers[0]
        if len(self.numbers) == 1 and self.side == "above":
            return number >= self.numbers[0]
        return False


# where a tier opens: the sentence's start, or after a semicolon
_TIER_START = regex.compile(r"(?:^|;)\s*(\p{L}+)")
# a comma between words, not one inside a number ("12,500")
_COMMA = regex.compile(r"(?<!\d),|,(?!\d)")


def _fronted(text: str) -> frozenset[int]:
    """The commas that close a fronted phrase, each the first of a tier that opens with a
    word of ``FRONTED_OPENERS`` ("If payment is up to 30 days late, a fee of £15 applies;
    below 10°C, the pump runs at 40%")."""
    out: set[int] = set()
    for tier in _TIER_START.finditer(text):
        if tier.group(1).casefold() not in FRONTED_OPENERS:
            continue
        stop = text.find(";", tier.end())
        comma = _COMMA.search(text, tier.end(), stop if stop >= 0 else len(text))
        if comma is not None:
            out.add(comma.start())
    return frozenset(out)


def _joined(text: str, start: int, end: int, fronted: frozenset[int]) -> bool:
    """Is there a join between ``start`` and ``end``, the commas in ``fronted`` aside?"""
    join = JOIN.search(text, start, end)
    while join is not None and join.start() in fronted and join.group() == ",":
        join = JOIN.search(text, join.end(), end)
    return join is not None


@short_text_cache(maxsize=4096)
def _tiers(text: str) -> tuple[tuple[_Value, ...], ...]:
    """The figures of ``text`` in its parts (a join between two figures starts a part),
    each read with every value it spans ("between 1 September 2025 and 31 August 2026");
    a comma that closes a fronted phrase joins nothing ("Below 500 ft, the limit is 80
    knots")."""
    fronted = _fronted(text)
    raw = claim_figures(text)
    out: list[list[_Value]] = []
    figures = read_figures(text)
    for k, fig in enumerate(figures):
        spanned = [(item, n) for item, n in raw if fig.start <= item[0] < fig.end]
        side, (cut, after) = _side(text, fig.start, fig.end)
        kind, written = fig.kind, with_unit(text, fig.start, fig.end)
        if after > cut:  # "10 or more years": the unit after the side's words
            bare = text[:cut] + text[after:]
            (_, _, raw_kind), last = spanned[-1]
            kind = figure_kind(bare, fig.start, fig.end, raw_kind, last.number)
            written = with_unit(bare, fig.start, fig.end)
        value = _Value(
            kind,
            fig.readings.union(*(n.readings for _, n in spanned)),
            side,
            written,
            tuple(Decimal(str(n.number)) for _, n in spanned if n.number is not None),
        )
        if k == 0 or _joined(text, figures[k - 1].end, fig.start, fronted):
            out.append([value])
        else:
            out[-1].append(value)
    return tuple(tuple(part) for part in out)


def _side(text: str, start: int, end: int) -> tuple[str, tuple[int, int]]:
    """The side of the figure at ``start:end`` its condition covers ("below" for "up to
    24 hours"; "" for none), the longer words before it deciding ("no more than", not "more
    than"), and where the side's words after it stand ("or more" of "10 or more years"; an
    empty span when there are none)."""
    found: dict[str, tuple[int, tuple[int, int]]] = {}
    for side, (before, after) in _SIDES.items():
        m = before.search(text, 0, start)
        if m is not None:
            found[side] = (m.start(), (end, end))
        elif (m := after.match(text, end)) is not None:
            found[side] = (end, m.span(1))
    if not found:
        return "", (end, end)
    first = min(at for at, _ in found.values())
    sides = [(s, words) for s, (at, words) in found.items() if at == first]
    return sides[0] if len(sides) == 1 else ("", (end, end))


def _holding(parts: Sequence[Sequence[_Value]], fig: _Value) -> tuple[Sequence[_Value], str] | None:
    """The one part that gives ``fig``'s value: as written, with its side where the claim
    gives one ("80 knots" is "no more than 80 knots"; "up to 24 hours" is not "more than 24
    hours"), or, a value the claim gives no side, in a band that holds it ("7 years" of "5
    to 9 years"; "at 5 years" is in "less than 5 years" and in "5 to 9 years", two parts);
    with how that part gives it. None: no part, or two."""
    banded = not fig.side and len(fig.numbers) == 1
    held = [
        (p, f.written)
        for p in parts
        for f in p
        if f.kind == fig.kind
        and (
            (f.readings == fig.readings and fig.side in ("", f.side))
            or (banded and f.covers(fig.numbers[0]))
        )
    ]
    return held[0] if len({id(p) for p, _ in held}) == 1 else None


def _other(part: Sequence[_Value], kind: str) -> _Value | None:
    """The part's one figure of ``kind`` (None: none, or two)."""
    kin = [f for f in part if f.kind == kind]
    return kin[0] if len(kin) == 1 else None


def _differs(theirs: _Value, mine: _Value) -> bool:
    """Is ``theirs`` another value than ``mine``: other numbers, or the other side of one
    ("after 09:30" / "before 09:30"; "2,402 Mbps" is "up to 2,402 Mbps")?"""
    if theirs.readings != mine.readings:
        return True  # "2 to 4 hours" is another band than "up to 2 hours"
    return bool(theirs.side and mine.side and theirs.side != mine.side)


def _of_another(claim: Sequence[Sequence[_Value]], parts: Sequence[Sequence[_Value]]) -> bool:
    """Does the sentence speak of another thing than the claim: a figure of the claim
    whose kind the sentence gives, none of it the claim's value (a range's end too) or a
    band holding it ("In 2024 …" against "In 2023, the rate was 5.5% …")?"""
    theirs = [f for part in parts for f in part]
    for mine in (f for part in claim for f in part):
        kin = [f for f in theirs if f.kind == mine.kind]
        single = len(mine.numbers) == 1
        if kin and not any(
            mine.readings <= f.readings or (single and f.covers(mine.numbers[0])) for f in kin
        ):
            return True
    return False


def crossed(claim: str, sentence: str) -> Bound | None:
    """Two figures ``claim`` gives together that ``sentence`` gives in two parts of
    itself, each with another figure of the other's kind."""
    if sum(ch.isdigit() for ch in sentence) < 4 or _denies(claim):
        return None  # four figures need four digits; "… pays the senior fare, not £6"
    parts, ours = _tiers(sentence), _tiers(claim)
    if len(parts) < 2 or _of_another(ours, parts):
        return None
    for mine in ours:
        for a, b in itertools.permutations(mine, 2):
            if a.kind == b.kind or _other(mine, a.kind) is None or _other(mine, b.kind) is None:
                continue
            with_a, with_b = _holding(parts, a), _holding(parts, b)
            if with_a is None or with_b is None or with_a[0] is with_b[0]:
                continue
            other_b, other_a = _other(with_a[0], b.kind), _other(with_b[0], a.kind)
            if other_b is None or other_a is None:
                continue
            if _differs(other_b, b) and _differs(other_a, a):
                where = "" if with_a[1] == a.written else f" ({with_a[1]})"
                return Bound(
                    f"{a.written} with {b.written}",
                    f"{a.written}{where} with {other_b.written}, and {b.written} with "
                    f"{other_a.written}",
                )
    return None


def _denies(claim: str) -> bool:
    """Does ``claim`` deny something ("not £6", "isn't"; ``text.words.negation_word``)? A
    side's words ("no more than 7 days") deny nothing."""
    text = claim.casefold()
    for bound in NEGATION_BOUNDS:
        text = text.replace(bound, " ")
    return any(negation_word(w) for w in lex_tokens(text))


def tier_finding(claim: str, sentence: str, source_id: str) -> Finding | None:
    """The finding for two figures ``claim`` gives together that ``sentence`` (the
    evidence sentence that says what the claim says) gives in two of its tiers. Only that
    sentence is read: another sentence with tiers of its own speaks of another product,
    year or person as often as of the claim's."""
    if sum(ch.isdigit() for ch in claim) < 2:
        return None  # two figures need two digits
    crossing = crossed(claim, sentence)
    if crossing is None:
        return None
    said = f"gives {crossing.stated}; the claim gives {crossing.claimed}"
    return bound_finding(crossing, said, source_id, sentence)
