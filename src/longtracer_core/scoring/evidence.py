"""Evidence-wide checks: figures need their role, names need name evidence.

The matcher scores a claim against its closest spans. These checks read the
whole evidence of a case once (``evidence_index``, read in ``evidence_index.py``) and ask
of each claim:

* ``name_absent`` — a proper name the claim uses appears in no source
  (``names.py`` allows for the ways people refer to names), or a model code
  no source holds where a source holds its sibling ("Pulse X3" / "Pulse X2");
* ``figure_conflict`` — a figure no source states, derives or could have given by a
  computation (``derivation.py``: a conversion, a sum, difference or product of two figures
  of a sentence, of the case or the user's, a year and a duration), where the evidence
  sentence on the same thing gives another figure of its kind ("opened in 1951" / "1937");
* ``figure_absent`` — a figure no source states or derives, with nothing to
  set against it, or one a computation may have given;
* ``figure_role`` — a figure the evidence states, but only for another fact:
  the sentence that speaks of the claim's subject gives another figure of the
  same kind ("discovered in 1923" where 1923 is the year of the prize;
  ``figure_roles.py``);
* ``negation_conflict`` / ``direction_conflict`` — the claim is a clause of the evidence
  with its negation toggled ("contains live virus" / "does not contain live virus") or
  one word swapped for its opposite ("exports increased" / "exports declined";
  ``toggles.py``).

Pure functions over plain text; ``Finding`` records carry the proof.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

import regex

from ..contracts import ReasonCode
from ..lexicon.grammar import ADDRESSED, EXAMPLE_MARKERS
from ..lexicon.numbers import DURATION_UNITS
from ..text.words import lex_tokens, stem
from .binding import Bound, binding_finding
from .calendar_words import calendar_finding
from .claim_figures import claim_figures, in_range, worked_out_at
from .clause_checks import event_word, unfound_clause, unlinked_clause
from .codes import swapped_codes
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
    SourceEvidence,
    claim_content,
    closest_sentence,
    context_words,
    evidence_index,
    figure_kinds,
    read_source,
)
from .figure_facts import LIMITS, FigureFact, claim_fact, other_facts, rate_kinds
from .figure_roles import role_finding
from .figures import Need, context_figures, figure_kind, needs_met, rounding_exponent
from .findings import Finding, quote
from .given_names import given_name_findings
from .loose_work import loosely_worked
from .name_binding import name_binding_finding
from .name_swap import name_swap_finding
from .names import absent_names, context_names, only_marked
from .numeric import shown
from .periods import date_parts
from .scaling import scaled_figures
from .toggles import toggle_finding
from .unit_conflict import other_unit, unit_finding, with_unit
from .worked_dates import WorkedDates, worked_dates
from .worked_figures import (
    asserted,
    operands,
    rate_bases,
    speaks_as_of,
    within_range,
    worked_for_user,
)

__all__ = [
    "EvidenceIndex",
    "SourceEvidence",
    "evidence_findings",
    "evidence_index",
    "figure_kind",
    "read_source",
]

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


def _other_value(
    sentence: EvidenceSentence,
    kind: str,
    claimed: str,
    own_base: bool,
    as_of: bool,
    hedge: str = "exact",
    fact: FigureFact | None = None,
) -> str | None:
    """The sentence's first figure of ``kind`` the claimed reading does not meet, but the
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
        return None
    bases = operands(text) - (rate_bases(text) if own_base else frozenset())
    turned = {"min": "max", "max": "min"}.get(hedge)
    facing = {n.readings[0] for _, n in claim_figures(text) if turned and n.hedge == turned}
    facing |= other_facts(text, fact) if fact is not None else frozenset()
    skip = bases | facing
    values = [v for k, v in sentence.kinds if k == kind and v not in skip]
    return next((v for v in values if not _compatible(kind, v, claimed)), None)


def _met(need: Need, kind: str, index: EvidenceIndex, aligned: EvidenceSentence | None) -> bool:
    """``need`` stated by the evidence, derived from one of its sentences (not for years,
    dates or times), or — for a full date — its year and month-day in one sentence or two
    neighbouring ones of one source. A bound ("up to £2,500") is met by its own value
    anywhere, by a value within it only in the sentence that speaks of it (``aligned``):
    the case holds smaller sums for other things."""
    if need.hedge in ("min", "max"):
        if needs_met([replace(need, hedge="exact")], index.figures):
            return True
        if aligned is not None and needs_met([need], aligned.figures):
            return True
    elif needs_met([need], index.figures):
        return True
    if kind not in ("year", "date", "time") and any(r in index.derived for r in need.readings):
        return True
    year, month, day = date_parts(need.readings[0]) if kind == "date" else (None, None, None)
    if not (year and month and day):
        return False
    sents = index.sentences
    for i, s in enumerate(sents):
        if f"--{month}-{day}" not in s.figures.values and need.readings[0] not in s.figures.values:
            continue
        near = [x for x in sents[max(0, i - 1) : i + 2] if x.source_id == s.source_id]
        if any(year in x.figures.values for x in near):
            return True
    return False


_LOCAL = 8  # content words on each side of a figure that say what it is the figure of


def _local(claim: str, start: int, end: int, content: frozenset[str]) -> frozenset[str]:
    """The claim's content words near one figure (a fused sentence states several facts)."""
    before = [stem(t) for t in lex_tokens(claim[:start])][-_LOCAL * 2 :]
    after = [stem(t) for t in lex_tokens(claim[end:])][: _LOCAL * 2]
    near = [w for w in before if w in content][-_LOCAL:] + [w for w in after if w in content][
        :_LOCAL
    ]
    return frozenset(near)


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
    if derivable_across(need.number, kind, index.sentences, user, exponent, combined=combined):
        return True
    words = claim_content(claim, frozenset())
    near = [s for s in index.sentences if s.content & words]
    mine = [*user, *_earlier(claim, start)]
    return derivable_across(need.number, kind, near, mine, exponent, combined=combined)


def _unmet(
    claim: str, item: tuple[int, int, str], need: Need, kind: str,
    aligned: EvidenceSentence | None, other: str | None, index: EvidenceIndex,
    user: Sequence[tuple[str, str]],
) -> Finding | None:  # fmt: skip
    """The finding on a figure no source states or derives: a conflict when the sentence
    that speaks of the same thing gives another value no computation explains and the claim
    asserts its figure as that fact (``asserted``); a difference a computation across the
    case, the user's figures or the claim's earlier ones explains, or one the claim may
    have worked out, only marks
    (absent); with nothing to set against it, absent, unless of a kind too often derived
    to call absent."""
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
        and asserted(claim, item[0], kind)
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


def _figure(
    claim: str, claim_content: frozenset[str], index: EvidenceIndex, given: frozenset[str],
    user: Sequence[tuple[str, str]], dated: WorkedDates,
) -> Finding | None:  # fmt: skip
    """The first figure finding on ``claim``; figures in ``given`` (the user's question and
    the claim's context; ``user``: their kinds) are the user's own, never held against it,
    and its ``dated`` ones are checked by their arithmetic."""
    every = claim_figures(claim)
    stated = frozenset(r for _, need in every for r in need.readings)
    figures = [
        (item, need)
        for item, need in every
        if given.isdisjoint(need.readings) and not in_range(claim, item[0], item[1])
    ]
    # "1 hour and 12 minutes" where the evidence says 72 minutes: its parts are no findings
    joined = compound_durations(figure_kinds(claim)) & (index.figures.values | index.derived)
    worked = worked_out_at(claim, given=given)
    worked_either = worked_out_at(claim, either_way=True, given=given)
    own_bases = rate_bases(claim)
    marked: Finding | None = None  # a conflict a loose reading explains (``loose_work``)
    for item, need in figures:
        content = _local(claim, item[0], item[1], claim_content) or claim_content
        aligned, share = closest_sentence(content, index)
        kind = figure_kind(claim, item[0], item[1], item[2], need.number)
        if joined and kind in _DURATIONS:
            continue
        other = _other_value(
            aligned, kind, need.readings[0], need.readings[0] in own_bases,
            speaks_as_of(claim, item[0]), need.hedge,
            claim_fact(claim, item[1], need, [s.text for s in index.sentences]),
        ) if aligned and share >= ALIGNED else None  # fmt: skip
        if other in stated:
            other = None  # the claim states that value too ("£25 per journey, so £50 return")
        speaks = aligned if share >= ALIGNED else None
        if (
            item[0] not in worked
            and need.readings[0] not in dated.readings
            and not _met(need, kind, index, speaks)
        ):
            found = _unmet(claim, item, need, kind, aligned, other, index, user)
            if found is not None and found.evidence.get("loosely_worked"):
                marked = marked or found
            elif found is not None:
                return found
            continue
        unit = [] if item[0] in worked_either else other_unit(need, kind, index)
        if unit:
            quiet = _underived(kind, need.number, claim[: item[0]])
            found = unit_finding(with_unit(claim, item[0], item[1]), unit, speaks, quiet)
            if found is not None:
                return found
            continue
        role = role_finding(claim, (item, need), every, content, (aligned, share), other, index)
        if role is not None:
            return role
    return marked


def _turned(claim: str, index: EvidenceIndex) -> Finding | None:
    """A claim that turns an evidence clause around (``toggles.toggle_finding``). Every word
    of the claim is asked of the evidence, the context's too: a word the user's question
    lends the claim ("take") is no word of the clause it would turn."""
    return toggle_finding(claim, [(s.source_id, s.text, s.clauses) for s in index.sentences])


def evidence_findings(
    claim: str, index: EvidenceIndex, context: Sequence[str] = ()
) -> list[Finding]:
    """Every evidence-wide finding on one claim (names first, then figures).

    ``context`` holds the phrases the claim took from its context: their names
    and words are never held against it.
    """
    optional = context_words(context)
    out: list[Finding] = []
    if EXAMPLE_MARKERS.search(claim):
        return out  # "for example, on a salary of £30,000": an illustration, not a claim of fact
    swapped = swapped_codes(claim, index.names)
    if swapped:
        claimed, stated = swapped[0]
        out.append(
            Finding(
                "name_absent",
                ReasonCode.ENTITY_MISMATCH,
                f"no source names {claimed!r}; the sources name {stated!r}",
                {"names": [c for c, _ in swapped]},
            )
        )
        return out
    missing = absent_names(claim, index.names, optional, context_names(context))
    if missing:
        out.append(
            Finding(
                "acronym_absent" if only_marked(missing, index.names, claim) else "name_absent",
                ReasonCode.ENTITY_MISMATCH,
                f"no source names {', '.join(repr(n) for n in missing)}",
                {"names": missing},
            )
        )
    out.extend(given_name_findings(claim, index.names, context_names(context)))
    clause = unfound_clause(claim, index.vocabulary, optional)
    if clause is None:
        clause = unlinked_clause(claim, index.sentences, optional)
    if clause is not None:
        out.append(clause)
    turned = _turned(claim, index)
    if turned is not None:
        out.append(turned)
    content = claim_content(claim, optional)
    found = _sentence_finding(claim, content, index, context) if content else None
    if found is not None:
        out.append(found)
    return out


def _sentence_finding(
    claim: str, content: frozenset[str], index: EvidenceIndex, context: Sequence[str]
) -> Finding | None:
    """The first figure or calendar finding on a claim with content words, else what the
    evidence sentence that speaks of it gives another part of itself (a figure, a name)."""
    user = figure_kinds(" ".join(context))
    dated = worked_dates(claim, index, user)
    figure = _figure(claim, content, index, context_figures(context), user, dated)
    if figure is None:
        # read only when the claim names a day or a month (generators)
        texts = [*(s.text for s in index.sentences), *context]
        dates = ([v for k, v in s.kinds if k == "date"] for s in index.sentences)
        figure = calendar_finding(claim, texts, dates, dated.weekdays(texts))
    aligned, share = closest_sentence(content, index)
    if figure is not None or aligned is None or share < ALIGNED:
        return figure
    return (
        binding_finding(claim, aligned.text, aligned.source_id)
        or name_binding_finding(claim, aligned.text, aligned.source_id)
        or name_swap_finding(claim, aligned.text, aligned.source_id, index)
    )
