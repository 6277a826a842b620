"""The figures a claim asserts that can be checked, and what each one counts.

``figure_kind`` says what a figure counts (date, time, year, percent, money, a
unit or a plain count); ``claim_figures`` lists the figures of a claim that are
facts to check (not names, codes, ordinals or number words); ``in_range`` says
whether a figure is an end of a range. Used by the evidence-wide checks
(``evidence.py``, ``figure_findings.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

import regex

from ..lexicon.dates import ERAS_AFTER
from ..lexicon.numbers import PERCENT_CHANGE
from ..lexicon.polarity import FALLING_WORDS, RISING_WORDS
from ..text.words import stem, stem_tokens
from .codes import code_number
from .derivation import word_factors
from .figures import Need, claim_needs_at, figure_kind
from .hedges import hedge_at
from .name_words import opener_words
from .numeric import Reading
from .own_work import converted, worked_out
from .units import unit_table

__all__ = ["checkable", "claim_figures", "gate_needs", "gated", "in_range", "worked_out_at"]

_MAX_READ = 8  # the figures of one claim read as operands of another
_GLUED = regex.compile(r"[A-Za-zµ]+\b")


_RANGE_BEFORE = regex.compile(r"\d\s*(?:–|—|-|to)\s*[$€£]?$")
_RANGE_AFTER = regex.compile(r"^\s*(?:–|—|-|to)\s*[$€£]?\d")


def in_range(claim: str, start: int, end: int) -> bool:
    """Is the figure an end of a range ("50–67 kWh", "£10 to £13")? A range is an estimate,
    most often worked out by the writer."""
    return bool(_RANGE_BEFORE.search(claim[:start]) or _RANGE_AFTER.match(claim[end:]))


_RANGE_TO = regex.compile(
    r"\s*(?:–|—|-|to|and)\s*[$€£]?\d[\d.,]*\s*(?:thousand|million|billion|trillion|bn|m|k)\b"
)
_LABEL = regex.compile(r"\s*(?:[–—:)]|-\s)")
_IDENTIFIER = regex.compile(r"(?:\p{Lu}[\p{L}.]*|No\.?)\s?$")
# a number that names a place in a text or a list ("p. 12", "section 5", "question 5",
# "step 2") or bounds a ranking ("the top 10")
_LOCATOR = regex.compile(
    r"\b(?:p|pp|page|pages|para|paragraph|section|sections|chapter|ref|reference|question"
    r"|item|step|line|rule|figure|fig|table|top|bottom)\.?\s?$",
    regex.IGNORECASE,
)


def checkable(claim: str, start: int, end: int) -> bool:
    """Is the figure at ``claim[start:end]`` a fact to check, not part of a name or code?

    Left out: figures glued to letters ("Q2", "1990s", "25½"; not to a unit's: "400g"),
    slashed codes ("261/2004"; not a rate: "£10/month"), a caret's number ("17 ^2"), a
    place in a text or a list or a ranking's bound ("p. 12", "step 2", "the top 10"), a
    number right after a capitalised word with no unit after it ("Python 3.12", "PEP 695",
    "Article 33"), and the first end of a range whose scale word follows the second
    ("19.2–19.6 billion").
    """
    before, after = claim[max(0, start - 24) : start], claim[end : end + 24]
    # a slash before a digit makes a code ("261/2004", "24/7"); before a word, a rate
    # ("£10/month", "£3.50/kg")
    glued = (after[:1] != "" and after[:1] in "½¼¾⅓⅔") or (
        after[:1] == "/" and not after[1:2].isalpha()
    )  # ("" is in every string)
    lettered = after[:1].isalpha() and not _glued_unit(after)
    # a caret's number cites or raises ("17 ^2", "10^6"): no fact of its own
    if before[-1:].isalpha() or lettered or glued or before[-1:] in ("/", "^"):
        return False
    if _LOCATOR.search(before) and figure_kind(claim, start, end, "num", None) != "percent":
        return False  # "the top 1%" is a share
    if before[-1:] == ":" or after[:1] == ":" or (before[-1:] == "-" and before[-2:-1].isalpha()):
        return False  # a clock time's part, a model code ("WF-20")
    if _RANGE_TO.match(after):
        return False
    word = _IDENTIFIER.search(before)
    if word is not None and start > 0:
        folded = word.group(0).strip().lower().rstrip(".")
        if figure_kind(claim, start, end, "num", None).startswith(("unit:", "percent", "money")):
            return True
        if folded.replace(".", "") in ERAS_AFTER:
            return True  # "AD 142"
        if folded not in opener_words():
            return False
        # a common word capitalised inside a sentence ("under Rule 1"), or one that opens
        # a label ("Step 2: …", "Rule 1 – …"), names a short number after it; a year
        # stays a figure ("over Christmas 2022"), and so does a hedged count ("About 300 –")
        if end - start > 3 or hedge_at(claim, start) != "exact":
            return True
        opened = claim[: start - len(before) + word.start()].rstrip()
        if opened[-1:].isalnum() or opened[-1:] == "," or _LABEL.match(after) is not None:
            return False
    return True


# letters glued to a number that may be a decade's or a scale's, no unit ("1990s", "5m")
_NOT_GLUED_UNITS = frozenset({"s", "m"})


def _glued_unit(after: str) -> bool:
    """Do the letters glued to a figure name a unit ("30GB", "500mg", "400g", "5km"), not
    a decade's or a scale's letter ("1990s", "5m")?"""
    glued = _GLUED.match(after)
    if glued is None:
        return False
    word = glued.group(0).lower()
    return word in unit_table().words and word not in _NOT_GLUED_UNITS


def gate_needs(claim: str) -> tuple[Need, ...]:
    """The figures the matcher's figure gate asks a span for: every figure the claim
    asserts but those that are part of a name or code ("WH-50", "Rule 1", "PEP 695"),
    which the evidence-wide checks leave out too (they leave out ordinals as well), and
    those it works out from its earlier ones. A figure it works out from two of its other
    figures in any order is also met by a span stating those two (``Need.worked_from``)."""
    worked = worked_out_at(claim)
    read = claim_needs_at(claim, gated)
    return tuple(
        replace(need, worked_from=_worked_from(claim, item, need, read))
        for item, need in read
        if item.start not in worked
    )


def _worked_from(
    claim: str, item: Reading, need: Need, read: Sequence[tuple[Reading, Need]]
) -> tuple[tuple[Need, Need], ...]:
    """The pairs of the claim's other figures (``read``) that work out ``need``, its
    figure at ``item`` (``own_work.worked_out``)."""
    if need.number is None or len(read) < 3:
        return ()
    kind = figure_kind(claim, item.start, item.end, item.kind, need.number)
    others = [
        (n, figure_kind(claim, i.start, i.end, i.kind, n.number), n.number)
        for i, n in read[:_MAX_READ]
        if i is not item and n.number
    ]
    return tuple(
        (a, b)
        for j, (a, ka, x) in enumerate(others)
        for b, kb, y in others[j + 1 :]
        if worked_out(need.number, need.decimals, kind, [(ka, x), (kb, y)], _changes(claim))
    )


@lru_cache(maxsize=1)
def _change_stems() -> frozenset[str]:
    return frozenset(stem(w) for w in (*RISING_WORDS, *FALLING_WORDS, *PERCENT_CHANGE))


# the second figure is the base: "rose to 50 million from 40 million", "25% higher than"
_BASE_SECOND = regex.compile(
    r"\b(?:to|higher|lower|more|less|greater|smaller)\b[^.;]*\b(?:from|than)\b", regex.I
)


@lru_cache(maxsize=4096)
def _changes(claim: str) -> str | None:
    """Whether the claim says something changes, and from which of two of its figures: a
    percentage between them is then their change from the first written ("first"), or
    from the second ("second": "to 50 million from 40 million"); None, a share."""
    if _change_stems().isdisjoint(stem_tokens(claim)):
        return None
    return "second" if _BASE_SECOND.search(claim) else "first"


@lru_cache(maxsize=4096)
def worked_out_at(
    claim: str, either_way: bool = False, given: frozenset[str] = frozenset()
) -> frozenset[int]:
    """Where the claim's figures that it works out from its own earlier ones start
    (``own_work.worked_out``: "9% of £5,000, which is £450"; ``own_work.converted``: "300
    miles, about 483 km", never from a later one); their operands are
    checked, so they are no figure to find in a span. ``either_way``: from any of its
    other figures ("£450 a year: 9% of £5,000"), which only says a computation may have
    given the figure, so it is no conflict. A conversion is never of a figure in ``given``
    (the user's own, which no check reads: "The maximum dose is 500 mg, or 0.5 g" is no
    conversion of the user's 500 mg)."""
    factors = [("factor", f) for kind, f in word_factors(claim) if kind == "multiplier"]
    read = [
        (item.start, figure_kind(claim, item.start, item.end, item.kind, n.number), n)
        for item, n in claim_needs_at(claim)
    ]
    checked = {start for (start, _, _), _ in claim_figures(claim)}  # never a number word
    out: set[int] = set()
    for j, (start, kind, need) in enumerate(read):
        others = read if either_way else read[:j]
        operands = factors + [(k, n.number) for s, k, n in others if s != start and n.number]
        if need.number is None:
            continue
        earlier = [
            (k, n.number)
            for s, k, n in read[:j]
            if n.number and s in checked and given.isdisjoint(n.readings)
        ]
        if worked_out(need.number, need.decimals, kind, operands, _changes(claim)) or converted(
            need.number, need.decimals, kind, earlier
        ):
            out.add(start)
    return frozenset(out)


def gated(text: str, item: Reading) -> bool:
    """A figure the gate asks for: no number of a name or code ("Q2", "WH-50", "PEP 695"),
    but a number glued to its unit ("500mg", "8GB"), a decade ("1990s") and an ordinal
    ("the 25th") are figures to the gate."""
    if item.kind != "num" or checkable(text, item.start, item.end):
        return True
    if code_number(text, item.start):
        return False  # letters before it: a code
    glued = _GLUED.match(text, item.end)
    if glued is None:
        return False
    word = glued.group(0)
    # a unit the table knows, or a short lower-case one it does not ("450hp"); "4K" is a code
    return word.lower() in _glued_figures() or (word.islower() and len(word) <= 3)


@lru_cache(maxsize=1)
def _glued_figures() -> frozenset[str]:
    """What may follow a figure without a space: a unit, a decade's "s", an ordinal."""
    return frozenset(unit_table().words) | {"s", "st", "nd", "rd", "th"}


@lru_cache(maxsize=4096)
def claim_figures(claim: str) -> tuple[tuple[tuple[int, int, str], Need], ...]:
    """The figures a claim asserts that can be checked exactly (no number words, ordinals,
    shares in words, names or codes); read once per claim (the evidence checks, the
    binding check and ``derived_figures`` each ask)."""
    out = []
    for item, need in claim_needs_at(claim):
        if item.kind not in ("num", "date", "time") or need.soft or need.share:
            continue
        if item.kind == "num" and not checkable(claim, item.start, item.end):
            continue
        out.append(((item.start, item.end, item.kind), need))
    return tuple(out)
