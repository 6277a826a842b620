"""Figures need their role: the figure findings of one claim against the whole evidence.

``figure_finding`` reads each checkable figure of a claim (``claim_figures``) against the
evidence sentence that speaks of what the figure is of (``_local``, ``_by_stretch``):

* ``figure_conflict`` — a figure no source states, derives or could have given by a
  computation (``derivation.py``: a conversion, a sum, difference or product of two figures
  of a sentence, of the case or the user's, a year and a duration), where the evidence
  sentence on the same thing gives another figure of its kind ("opened in 1951" / "1937");
* ``figure_absent`` — a figure no source states or derives, with nothing to
  set against it, or one a computation may have given;
* ``unit_conflict`` — the evidence states the number in another unit (``unit_conflict.py``);
* ``figure_role`` — a figure the evidence states, but only for another fact:
  the sentence that speaks of the claim's subject gives another figure of the
  same kind ("discovered in 1923" where 1923 is the year of the prize;
  ``figure_roles.py``).

Pure functions over plain text; ``Finding`` records carry the proof.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

import regex

from ..contracts import ReasonCode
from ..lexicon.grammar import ADDRESSED
from ..lexicon.numbers import DURATION_UNITS
from ..text.words import lex_tokens, stem
from .binding import Bound
from .claim_figures import claim_figures, in_range, worked_out_at
from .clause_checks import event_word
from .derivation import (
    combines,
    compound_durations,
    derivable,
    derivable_across,
    derivable_date,
    word_factors,
)
from .evidence_index import (
    EvidenceIndex,
    EvidenceSentence,
    claim_content,
    closest_sentence,
    figure_kinds,
    stated_by,
)
from .figure_facts import LIMITS, FigureFact, claim_fact, other_facts, rate_kinds, unit_word
from .figure_roles import role_finding
from .figures import Need, figure_kind, last_significant, rounding_exponent
from .findings import Finding, quote
from .hedges import loose_range
from .loose_work import loosely_worked
from .numeric import shown
from .periods import date_parts
from .rate_conflict import rate_finding
from .scaling import scaled_figures
from .unit_conflict import other_unit, unit_finding, with_unit
from .worked_dates import WorkedDates
from .worked_figures import (
    asserted,
    operands,
    rate_bases,
    speaks_as_of,
    within_range,
    worked_for_user,
)

__all__ = ["ALIGNED", "figure_finding"]

# a claim and an evidence sentence speak of the same thing when the sentence holds
# at least this share of the claim's content words
ALIGNED = 0.5


def _compatible(kind: str, a: str, b: str) -> bool:
    """Could readings ``a`` and ``b`` name the same value (a partial date inside a full one)?"""
    if a == b:
        return True
    if kind != "date":
        return False
    return all(
        x is None or y is None or x == y for x, y in zip(date_parts(a), date_parts(b), strict=True)
    )


def _other_values(
    sentence: EvidenceSentence,
    kind: str,
    claimed: str,
    own_base: bool,
    as_of: bool,
    hedge: str = "exact",
    fact: FigureFact | None = None,
) -> tuple[str, ...]:
    """The sentence's figures of ``kind`` the claimed reading does not meet, but the
    figure a rate is given for and the operands of a formula (unless the claim's figure is
    a rate's base too, ``own_base``: "per 10,000" / "per 100,000") and a figure of another
    fact than the claim's (``fact``; ``figure_facts``: 35 boxes / 840 cans), and, against a claim's
    bound (its ``hedge``), a bound of the sentence's the other way ("more than 300 miles"
    is no conflict with "up to 341 miles"); none where a range of the sentence holds the
    claimed value ("gate 12" of "gates 10-14"; ``as_of``: a year the claim speaks as of, in
    a span the sentence opens)."""
    text = sentence.text
    same = frozenset(v for k, v in sentence.kinds if k == kind)
    if within_range(text, claimed, same, as_of and kind == "year"):
        return ()
    bases = operands(text) - (rate_bases(text) if own_base else frozenset())
    turned = {"min": "max", "max": "min"}.get(hedge)
    facing = {n.readings[0] for _, n in claim_figures(text) if turned and n.hedge == turned}
    facing |= other_facts(text, fact) if fact is not None else frozenset()
    skip = bases | facing
    values = [v for k, v in sentence.kinds if k == kind and v not in skip]
    return tuple(v for v in values if not _compatible(kind, v, claimed))


_LOCAL = 8  # content words on each side of a figure that say what it is the figure of


def _local(claim: str, start: int, end: int, content: frozenset[str]) -> frozenset[str]:
    """The claim's content words near one figure (a fused sentence states several facts)."""
    before = [stem(t) for t in lex_tokens(claim[:start])][-_LOCAL * 2 :]
    after = [stem(t) for t in lex_tokens(claim[end:])][: _LOCAL * 2]
    near = [w for w in before if w in content][-_LOCAL:] + [w for w in after if w in content][
        :_LOCAL
    ]
    return frozenset(near)


def _by_stretch(read: _Figures, item: tuple[int, int, str], need: Need) -> EvidenceSentence | None:
    """The evidence sentence that holds every content word of the figure's own stretch
    between commas, brackets, colons and dashes, where that holds ``_STRETCH`` besides
    the claim's figures and their units ("If money gets tight, the Hardship Fund offers
    grants of £2,500 a year, with applications opening on 1 October"); only for a figure
    the claim asserts exactly. A stretch that says what the answer works out ("your seated
    tickets at the Ravenna Arena will come to £296 altogether") or reads the figure
    loosely ("410-odd seats", "in the region of 120 seats") holds words no such sentence
    does, and a bound or an approximate figure ("fewer than 125 seats", "revenue grew by
    about 8%") may be the claim's own reading."""
    claim = read.claim
    if need.hedge != "exact":
        return None
    breaks = list(_BREAK.finditer(claim))
    left = max((m.end() for m in breaks if m.end() <= item[0]), default=0)
    right = min((m.start() for m in breaks if m.start() >= item[1]), default=len(claim))
    # no word of a figure ("24-hour", "£2,500") nor a unit ("4 g", "300 square feet")
    words = [
        t for t in lex_tokens(claim[left:right])
        if not any(ch.isdigit() for ch in t) and not unit_word(t)
    ]  # fmt: skip
    stretch = frozenset(stem(t) for t in words) & read.content
    if len(stretch) < _STRETCH:
        return None
    sentence, share = closest_sentence(stretch, read.index)
    return sentence if share == 1 else None


_BREAK = regex.compile(r"[;()—–]|(?<!\d):|:(?!\d)|,\s")  # not the colon of "9:30"
_STRETCH = 3  # content words a stretch needs to say what its figure is of


_DURATIONS = frozenset({"time"} | {f"unit:{u}" for u in DURATION_UNITS})
_APPROXIMATE = regex.compile(
    r"\b(?:about|around|roughly|nearly|almost|approximately|some|over|more than|under)\s*[$€£]?$"
)


def _underived(kind: str, number: Decimal | None, before: str) -> bool:
    """Too often reformatted or derived to call absent: small counts, durations (2 h 19 min
    is 139 min; 45 seconds ahead is a difference) and approximate figures (about 1.2 GW
    from 84 turbines of 14.7 MW)."""
    if kind == "count" and (number is None or number < 10):
        return True
    return kind in _DURATIONS or _APPROXIMATE.search(before.rstrip().lower()) is not None


def _computed(
    claim: str, start: int, need: Need, kind: str, aligned: EvidenceSentence, other: str,
    index: EvidenceIndex, given: frozenset[str],
) -> bool:  # fmt: skip
    """May a computation (``derivation``) of one sentence or of the claim's own figures (a
    conversion of the user's own too, where the claim speaks to the user), or a scaling of
    a sentence's fact or rate (``scaling``), have given the claim's figure? A year not when
    the word before it, which dates an event, is the one before the evidence's other year
    ("opened in 1941" / "in 1937")."""
    if kind == "date":
        return derivable_date(need.readings[0], index.sentences)
    # a conversion of the user's own figure may explain a difference only where the claim
    # speaks to the user ("Your 300-mile trip is about 483 km") and restates no limit ("You
    # can take at most 500 mg, or 0.5 g"), never checked as stated
    mine = frozenset() if ADDRESSED.search(claim) and not LIMITS.search(claim) else given
    worked = worked_out_at(claim, either_way=True, given=mine)
    if start in worked | scaled_figures(claim, index.sentences):
        return True
    own = [n for _, n in word_factors(claim)]
    rounded = rounding_exponent(need)
    per = rate_kinds(claim)
    if need.number is None or not derivable(need.number, kind, index.sentences, own, rounded, per):
        return False
    at = aligned.text.find(other)
    return kind != "year" or at < 0 or not event_word(claim, start) & event_word(aligned.text, at)


def _earlier(claim: str, start: int) -> list[tuple[str, str]]:
    """(kind, reading) of the claim's figures before the one at ``start``, which a
    computation across the case may take with a figure of the case ("you'd pay $16,920,
    so about $1,920 in interest" on a $15,000 loan); never a later one."""
    return [
        (figure_kind(claim, at, end, scanned, need.number), need.readings[0])
        for (at, end, scanned), need in claim_figures(claim)
        if at < start
    ]


def _readings(user: Sequence[tuple[str, str]]) -> frozenset[str]:
    return frozenset(value for _, value in user)


def _across(
    claim: str, start: int, need: Need, kind: str, aligned: EvidenceSentence,
    index: EvidenceIndex, user: Sequence[tuple[str, str]],
) -> bool:  # fmt: skip
    """``derivable_across`` the case and the user's figures, or with the claim's earlier
    figures, the sentences that speak of the claim (a word of its content in them): "you'd
    pay $16,920, so about $1,920 in interest" of the loan's $15,000, not of a car's $18,000
    that another sentence prices."""
    combined = combines(claim) or combines(aligned.text)
    exponent = rounding_exponent(need)
    per = rate_kinds(claim)
    if derivable_across(
        need.number, kind, index.sentences, user, exponent, combined=combined, per=per
    ):
        return True
    words = claim_content(claim, frozenset())
    near = [s for s in index.sentences if s.content & words]
    mine = [*user, *_earlier(claim, start)]
    return derivable_across(need.number, kind, near, mine, exponent, combined=combined)


_LIMIT_HEDGES = ("min", "max")


def _loosely_allows(
    claim: str, item: tuple[int, int, str], need: Need, others: Sequence[str],
    sentence: EvidenceSentence | None,
) -> bool:  # fmt: skip
    """Does a figure put loosely ("in the region of 18,000", "8,000-odd", "400-plus";
    ``hedges.loose_range``) allow one of the ``others`` its ``sentence`` gives as a value?
    Then the two may be one fact, and the difference is no proof: a mark, not a deletion.
    A bound of the sentence's is no such value ("aged 18-plus" against "21 and over")."""
    if need.number is None or sentence is None:
        return False
    last = last_significant(need.number, need.decimals)
    allows = loose_range(claim, item[0], item[1], need.number, last)
    if allows is None:
        return False
    bounds = {n.readings[0] for _, n in claim_figures(sentence.text) if n.hedge in _LIMIT_HEDGES}
    for v in others:
        try:
            value = Decimal(v)
        except ArithmeticError:
            continue
        if v not in bounds and allows(value):
            return True
    return False


def _unmet(
    claim: str, item: tuple[int, int, str], need: Need, kind: str,
    found: tuple[EvidenceSentence | None, str | None, bool], index: EvidenceIndex,
    user: Sequence[tuple[str, str]],
) -> Finding | None:  # fmt: skip
    """The finding on a figure no source states or derives: a conflict when the sentence
    that speaks of the same thing gives another value no computation explains and the claim
    asserts its figure as that fact (``asserted``); a difference a computation across the
    case, the user's figures or the claim's earlier ones explains, one the claim may have
    worked out, or one a loosely put figure allows (``found``: the sentence, the value set
    against the figure, and whether the figure is loose enough to mean one of the
    sentence's values), only marks (absent); with nothing to set against it, absent,
    unless of a kind too often derived to call absent."""
    aligned, other, loose = found
    written = claim[item[0] : item[1]]
    differs = (
        aligned is not None
        and other is not None
        and not _computed(claim, item[0], need, kind, aligned, other, index, _readings(user))
    )
    if (
        differs
        and aligned is not None
        and other is not None
        and asserted(claim, item[0], kind, bool(user))
        and not loose
        and not _across(claim, item[0], need, kind, aligned, index, user)
        and not worked_for_user(need.number, kind, index.sentences, user, claim)
    ):
        if loosely_worked(claim, item[:2], need, kind, aligned, other, index, user):
            # a mark, and the claim's other figures are still read for a conflict
            return Finding(
                "figure_absent", ReasonCode.NUMERIC_MISMATCH, f"no source states {written}",
                {"claimed": written, "loosely_worked": True},
            )  # fmt: skip
        return Finding(
            "figure_conflict",
            ReasonCode.NUMERIC_MISMATCH,
            f"the claim gives {written}; source {aligned.source_id} gives {shown(other)} "
            f'("{quote(aligned.text)}")',
            Bound(written, other).proof(aligned.source_id),
        )
    if other is None and _underived(kind, need.number, claim[: item[0]]):
        return None
    return Finding(
        "figure_absent", ReasonCode.NUMERIC_MISMATCH, f"no source states {written}",
        {"claimed": written},
    )  # fmt: skip


@dataclass(frozen=True)
class _Figures:
    """What every figure of one claim is read with (``figure_finding``)."""

    claim: str
    content: frozenset[str]
    index: EvidenceIndex
    user: Sequence[tuple[str, str]]
    dated: WorkedDates
    every: tuple[tuple[tuple[int, int, str], Need], ...]
    stated: frozenset[str]
    worked: frozenset[int]
    worked_either: frozenset[int]
    own_bases: frozenset[str]


def figure_finding(
    claim: str, claim_content: frozenset[str], index: EvidenceIndex, given: frozenset[str],
    user: Sequence[tuple[str, str]], dated: WorkedDates,
) -> Finding | None:  # fmt: skip
    """The first figure finding on ``claim``; figures in ``given`` (the user's question and
    the claim's context; ``user``: their kinds) are the user's own, never held against it,
    and its ``dated`` ones are checked by their arithmetic."""
    every = claim_figures(claim)
    read = _Figures(
        claim, claim_content, index, user, dated, every,
        frozenset(r for _, need in every for r in need.readings),
        worked_out_at(claim, given=given), worked_out_at(claim, either_way=True, given=given),
        rate_bases(claim),
    )  # fmt: skip
    # "1 hour and 12 minutes" where the evidence says 72 minutes: its parts are no findings
    joined = compound_durations(figure_kinds(claim)) & (index.figures.values | index.derived)
    marked: Finding | None = None  # a conflict a loose reading explains (``loose_work``)
    for item, need in every:
        if not given.isdisjoint(need.readings) or in_range(claim, item[0], item[1]):
            continue
        kind = figure_kind(claim, item[0], item[1], item[2], need.number)
        if joined and kind in _DURATIONS:
            continue
        found = _figure_finding(read, item, need, kind)
        if found is None:
            continue
        if not found.evidence.get("loosely_worked"):
            return found
        marked = marked or found
    return marked


def _figure_finding(
    read: _Figures, item: tuple[int, int, str], need: Need, kind: str
) -> Finding | None:
    """The finding on one figure of a claim. Where the words around an unmet figure speak
    of no evidence sentence, its own stretch may (``_by_stretch``): read for a conflict
    only, never for a unit or a role."""
    claim, index = read.claim, read.index
    near = _local(claim, item[0], item[1], read.content) or read.content
    aligned, share = closest_sentence(near, index)
    speaks = aligned if share >= ALIGNED else None
    if (
        item[0] not in read.worked
        and need.readings[0] not in read.dated.readings
        and not stated_by(need, kind, index, speaks)
    ):
        facing = speaks or _by_stretch(read, item, need)
        others = _others(read, facing, item, need, kind)
        loose = _loosely_allows(claim, item, need, others, facing)
        found = (facing or aligned, _first(others, read), loose)
        return _unmet(claim, item, need, kind, found, index, read.user)
    if item[0] not in read.worked_either and (unit := other_unit(need, kind, index)):
        quiet = _underived(kind, need.number, claim[: item[0]])
        written = with_unit(claim, item[0], item[1])
        return unit_finding(written, unit, speaks, quiet, kind, need.number)
    if rate := rate_finding(claim, item[:2], need, kind, index, speaks):
        return rate
    other = _first(_others(read, speaks, item, need, kind), read)
    every = read.every
    return role_finding(claim, (item, need), every, near, (aligned, share), other, index)


def _others(
    read: _Figures, sentence: EvidenceSentence | None, item: tuple[int, int, str], need: Need,
    kind: str,
) -> tuple[str, ...]:  # fmt: skip
    """The other values of the figure's kind that ``sentence`` gives (``_other_values``)."""
    if sentence is None:
        return ()
    claim = read.claim
    return _other_values(
        sentence, kind, need.readings[0], need.readings[0] in read.own_bases,
        speaks_as_of(claim, item[0]), need.hedge,
        claim_fact(claim, item[1], need, [s.text for s in read.index.sentences]),
    )  # fmt: skip


def _first(others: tuple[str, ...], read: _Figures) -> str | None:
    """The value set against a figure: the first other value, none that the claim states
    too ("£25 per journey, so £50 return")."""
    return None if not others or others[0] in read.stated else others[0]
