"""The quantifier gate: the claim generalises where the evidence does not, or drops the
limit the evidence puts on its subject.

* the claim says "all", "every", "never", "none", "whole" … (``lexicon.quantifiers.QUANTIFIERS``)
  where the evidence — the aligned sentence and the span's sentences that share two
  content words with the claim — says no such word (nor one of its group: "all" / "every"
  / "each" / "any" …, an "any" of the evidence only where no condition or negation
  licenses it; a frequency such as "every Monday" is no quantifier of a set), unless the
  word claims no universal: a bound before it ("almost all"), a stretch of time or place
  ("all year", "all over Europe"; "all of March" only where the evidence speaks of a
  whole stretch too), a frequency ("every 30 days"), "all but one", "as a whole", a sum
  compared with ("more than all of them together."), an "any" a condition or a negation
  licenses ("if you have any trouble"), or a "never" the evidence says as a prohibition of
  the same verb ("never double up" / "…; do not double up");
* the evidence clause that states the claim's clause limits it ("many species", "80 % of
  its species") and the claim keeps no limit and no figure (a "most" closing a clause
  after a verb is a superlative, no limit);
* the claim says a verb must or will happen ("must", "will", "have to") where the evidence
  says only that it may or can ("will be removed" / "may be removed"), and never must or
  will; not a "can only" (a restriction), a "would have to" (a condition's), a negated
  modal, or a claim's "must … within" (the evidence's "can … within" as a rule).

A candidate like the other gates (``gates.py``): it lowers a pair's score and feeds the
calibration, never refutes on its own. Pure functions of strings.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import regex

from ..lexicon.dates import MONTHS, WEEKDAYS
from ..lexicon.numbers import NUMBER_WORDS
from ..lexicon.polarity import CONDITION_JOINS, CONDITIONS, PROHIBITING
from ..lexicon.quantifiers import (
    ALL_EXTENT,
    ALL_EXTENT_CLOSERS,
    ALL_EXTENT_DETERMINERS,
    ALL_EXTENT_PLACES,
    ANY_LICENSERS,
    FREQUENCY_ADVERBS,
    FREQUENCY_WORDS,
    LIMIT_OF_WORDS,
    QUANTIFIER_BOUNDS,
    QUANTIFIER_GROUPS,
    QUANTIFIERS,
    SCOPE_LIMITS,
    SCOPE_WORDS,
)
from ..text.patterns import alternation
from ..text.sentences import split_sentences
from ..text.words import function_words, lex_tokens, stem, stem_tokens
from .clause_pairs import stating_clauses
from .gate_result import GateResult
from .modality import overclaimed

__all__ = ["dropped_limit", "quantifier_gate"]

_QUANTIFIERS = QUANTIFIERS
_THE = r"(?:(?:" + "|".join(sorted(ALL_EXTENT_DETERMINERS)) + r")\s+)?"
_PERIODS = alternation(ALL_EXTENT | frozenset(MONTHS))
_NUMBERS = "|".join(sorted(NUMBER_WORDS))  # "three", "twelve", … in a pattern


def _unbounded(text: str, licensed: bool = False) -> set[str]:
    """The words of ``text`` but a quantifier a bound comes before ("almost all"); with
    ``licensed`` (a claim's words) also "all" only as a closing "at all" ("isn't accepted
    at all"; "at all times" still claims every one) and an "any" a negation or condition
    before it in its clause licenses ("isn't covered by any option", "if she has any
    trouble": some, not every). The evidence keeps its "any": "if any fault appears …"
    does not state "any fault is …"."""
    out: set[str] = set()
    pieces = _PIECES.split(text) if licensed else [text]
    conditional = False
    for n, part in enumerate(pieces, 1):
        raw = _stretches().sub("", part.lower())  # "all year", "all over", "6-all"
        tokens = lex_tokens(raw)
        conditional = licensed and n < len(pieces) and _conditional(tokens, conditional)
        if conditional:
            continue
        skip = _licensed_words(raw) if licensed else set()
        out.update(t for i, t in enumerate(tokens) if not _bounded(tokens, i, skip))
    return out


def _conditional(tokens: Sequence[str], before: bool) -> bool:
    """Is a claim's piece, set off from what follows, the case a condition describes ("If
    it was never protected, …", "If you have none, …", ", or you never got the
    information, …" after it)? Its quantifiers say what the case is, not that something
    holds of every one. Without the comma the piece may hold the consequence too ("If you
    have a UK passport you never need a visa")."""
    if not tokens:
        return before
    return tokens[0] in CONDITIONS or (before and tokens[0] in CONDITION_JOINS)


def _licensed_words(piece: str) -> set[str]:
    """The quantifiers of a claim's ``piece`` (lower case) that claim no universal: an
    "any" a licensing word comes before and a closing "at all"."""
    first_any = _ANY.search(piece)
    return {
        "any" if first_any and _licensed(_WORDS.findall(piece[: first_any.start()])) else "",
        "all" if len(_ALL.findall(piece)) == len(_AT_ALL.findall(piece)) else "",
    }


def _bounded(tokens: Sequence[str], i: int, skip: set[str]) -> bool:
    """Is ``tokens[i]`` a quantifier that claims no universal: one ``skip`` names, or one
    a bound comes before ("almost all")?"""
    t = tokens[i]
    return t in _QUANTIFIERS and (t in skip or (i > 0 and tokens[i - 1] in QUANTIFIER_BOUNDS))


@lru_cache(maxsize=1)
def _stretches() -> regex.Pattern[str]:
    """An "all" of a stretch of time or place or of a tied score (``ALL_EXTENT``), and an
    "every" of a frequency ("every 30 days", "every other week"; ``FREQUENCY_WORDS``)."""

    return regex.compile(
        r"(?<=\d\s*[-–]\s*)all\b"  # "6-all"
        r"|\ball(?=\s+but\b)|(?<=\bas\s+a\s+)whole\b"  # "all but one", "as a whole"
        rf"|\ball(?=\s+(?:\d+|{_NUMBERS})\b)"  # "all three": a count
        # "more than all of them together.": a sum compared with
        r"|(?<=\bthan\s+)all(?=[^,.;:!?]*\b(?:together|combined)\b\s*(?:[,.;:!?)]|$))"
        rf"|\bevery(?=\s+(?:\d+|other)\s+(?:{alternation(FREQUENCY_WORDS)})\b)"  # "every 30 days"
        rf"|\ball(?=\s+(?:{alternation(ALL_EXTENT_PLACES)})\b(?![-\p{{L}}]))"
        rf"|\ball(?=\s+(?:{alternation(ALL_EXTENT)})\b(?!-)"
        rf"(?:\s+(?:{alternation(ALL_EXTENT_CLOSERS)})\b|\s*(?:[^\s\p{{L}}]|$)"
        rf"|\s+(?:{alternation(function_words())})\b))",
        regex.IGNORECASE,
    )


# "all of March", "the whole of last week", "the entire season.": one stretch, which the
# claim restates where the evidence speaks of a whole stretch too ("for the whole of
# March"), and generalises where it does not ("on most days in March")
_WHOLE_PERIOD = regex.compile(
    rf"\b(?:all\s+of|throughout|(?:whole|entire|full)(?:\s+of)?)(?=\s+{_THE}(?:{_PERIODS})\b(?!-)"
    rf"(?:\s*(?:[^\s\p{{L}}]|$)|\s+(?:{'|'.join(sorted(function_words()))})\b))",
    regex.IGNORECASE,
)
# "every Monday", "every day": when something happens, no "everyone" of a set
_EVERY_WHEN = regex.compile(
    rf"\bevery\s+(?:other\s+)?(?:{'|'.join(sorted(FREQUENCY_WORDS | frozenset(WEEKDAYS)))})\b",
    regex.IGNORECASE,
)
_SHARED_WORDS = 2  # content words a span sentence shares with the claim to restate it


def _restating(claim: str, sentence: str, span: str) -> str:
    """The aligned sentence and the span's sentences that share two content words with the
    claim: a quantifier of a sentence about something else restates nothing."""
    skip = function_words() | _QUANTIFIERS
    mine = {t for t in stem_tokens(claim) if t not in skip}
    keep = [sentence] + [
        s.text
        for s in split_sentences(span)
        if len(mine & {t for t in stem_tokens(s.text) if t not in skip}) >= _SHARED_WORDS
    ]
    return " ".join(keep)


_ANY, _ALL, _AT_ALL = (
    regex.compile(p) for p in (r"\bany\b", r"\ball\b", r"\bat all\b(?=\s*(?:[.!?]|$))")
)
_PIECES = regex.compile(r"[,;:()—–]")  # what a licensing word's reach ends at
_WORDS = regex.compile(r"[\p{L}’']+")


def _licensed(before: Sequence[str]) -> bool:
    return any(t in ANY_LICENSERS or t.endswith(("n't", "n’t")) for t in before)


_SHARE_OF = regex.compile(
    r"(?<![\d.,])\d[\d.,]*\s?(?:%|percent\b|per cent\b)\s*of\b", regex.IGNORECASE
)
# the content words a claim clause must share with the evidence clause it restates
_SCOPE_SHARED = 3


# "most" as a superlative: closing its clause after a verb ("what speeds up ageing most:
# heat"), no limit on a subject ("it works for most." and "the most deprived households"
# are limits)
_SUPERLATIVE = regex.compile(
    r"(?<!\b(?:for|of|to|by|but|and|or|perhaps|probably|the)\s+)(?<!,\s*)\bmost\s*(?:[^\w\s]|$)",
    regex.IGNORECASE,
)


def _limits(clause: str) -> set[str]:
    """The limits (``SCOPE_LIMITS``) the clause puts on its subject."""
    words = set(lex_tokens(clause)) & SCOPE_LIMITS
    if "most" in words and len(_SUPERLATIVE.findall(clause)) == len(_MOST.findall(clause)):
        words.discard("most")
    return words


_MOST = regex.compile(r"\bmost\b", regex.IGNORECASE)
# a share written in words ("one in five", "four out of ten", "three of the schools")
_SHARE_IN_WORDS = regex.compile(
    rf"\b(?:{_NUMBERS}|one)\s+(?:in|out\s+of)\s+(?:every\s+)?(?:{_NUMBERS}|\d+)\b"
    rf"|\b(?:{_NUMBERS})\s+of\s+(?:the|its|their|his|her|our|these|those)\b",
    regex.IGNORECASE,
)


def _kept(claim: str) -> bool:
    """Does the claim keep a limit of some kind: a word of ``SCOPE_WORDS`` (not the month
    "May"), a figure, or a share in words ("one in five adults")?"""
    kept = set(lex_tokens(claim)) & SCOPE_WORDS
    if kept == {"may"} and not regex.search(r"\bmay\b|^May\b", claim):
        kept = set()  # "open in May": the month
    return bool(kept) or any(ch.isdigit() for ch in claim) or bool(_SHARE_IN_WORDS.search(claim))


# what may stand before a subject's limit in its clause: a phrase a comma closes ("In the
# pilot, most students …"), a hedge on a share ("Around 80% of …")
_BEFORE_LIMIT = regex.compile(
    r"^(?:[^,]*,)?\s*(?:(?:around|about|roughly|nearly|almost|over|just|only|up\s+to)\s+)*$",
    regex.IGNORECASE,
)


def _of_subject(mine: str, theirs: str, limit: str) -> bool:
    """Does ``limit`` open the evidence clause ``theirs``, on a word of the claim's clause
    ``mine`` (one of the first two content words after it, before a comma): a limit of
    the subject, not of an object ("has many museums"), a time or a degree ("Many years
    ago", "Most recently", "the most common cause")?"""
    at = regex.search(rf"(?<!\w){regex.escape(limit)}(?!\w)", theirs, regex.IGNORECASE)
    if at is None or not _BEFORE_LIMIT.match(theirs[: at.start()]):
        return False
    skip = function_words() | LIMIT_OF_WORDS
    phrase = theirs[at.end() :].split(",", 1)[0]  # "Most recently, the band …"
    after = [t for t in stem_tokens(phrase) if t not in skip][:2]  # "species of tardigrade"
    return not set(after).isdisjoint(stem_tokens(mine))


def dropped_limit(claim: str, sentence: str) -> str | None:
    """The limit ("many", "80 % of") of the subject of the evidence clause that states the
    claim's clause, when the claim keeps no limit of any kind (``_kept``)."""
    if not (set(lex_tokens(sentence)) & SCOPE_LIMITS or _SHARE_OF.search(sentence)):
        return None  # nothing to drop: the common case, read without clauses
    mine, theirs = stating_clauses(claim, sentence)
    limits = sorted(_limits(theirs))
    share = _SHARE_OF.search(theirs)
    if not (limits or share) or _kept(claim):
        return None
    skip = function_words()
    ours = {t for t in stem_tokens(mine) if t not in skip}
    evidence = {t for t in stem_tokens(theirs) if t not in skip}
    # the claim says half the clause, or says nothing but what the clause says ("Its
    # species are endemic" of "Around 80 % of its species are endemic, found nowhere else")
    inside = len(ours) >= _SCOPE_SHARED and ours <= evidence
    if len(ours & evidence) < max(_SCOPE_SHARED, len(evidence) / 2) and not inside:
        return None
    limit = limits[0] if limits else share.group(0)  # type: ignore[union-attr]
    return limit if _of_subject(mine, theirs, limit) else None


# a prohibition that opens its clause ("…; do not take two doses") and the word it forbids
_PROHIBITION = regex.compile(
    r"(?:^|[.;:—–]|,\s*(?:and\s+)?)\s*(?:"
    + "|".join(regex.escape(p) for p in PROHIBITING)
    + r")\s+([\p{L}-]+)",
    regex.IGNORECASE,
)
# "every day" is a frequency only where the evidence gives one ("daily", "a day"); "open
# every day" for "open on weekdays" generalises
_EVERY_PERIOD = regex.compile(rf"\bevery\s+(?:{'|'.join(sorted(FREQUENCY_WORDS))})\b", regex.I)
_FREQUENCY = regex.compile(
    rf"\b(?:{'|'.join(sorted(FREQUENCY_ADVERBS))})\b"
    rf"|\b(?:a|an|per|each|every)\s+(?:{'|'.join(sorted(FREQUENCY_WORDS))})\b",
    regex.IGNORECASE,
)


_ALL_COUNT = regex.compile(rf"\ball\s+(\d+|{_NUMBERS})\b", regex.IGNORECASE)


def _part_of_count(claim: str, sentence: str) -> str | None:
    """The count of the claim's "all 12" where the evidence gives a part of that many
    ("Ten of the 12 jurors", "most of the 12"; "every one of the 12" is all of them):
    "all" before a count is no universal, but it still says every one of them."""
    for m in _ALL_COUNT.finditer(claim):
        count = regex.escape(m.group(1))
        part = rf"(?:\d+|{_NUMBERS}|{'|'.join(sorted(SCOPE_LIMITS))}|few|half)\s+of\s+"
        if regex.search(rf"\b{part}(?:the\s+|its\s+|their\s+)?{count}\b", sentence, regex.I):
            return m.group(1)
    return None


def _prohibits(claim: str, sentence: str) -> bool:
    """Does the evidence forbid what the claim says "never" of (the first word after the
    prohibition, "do not take", is a word of the claim: "never take two doses")?"""
    ours = set(stem_tokens(claim))
    return any(stem(m.group(1).casefold()) in ours for m in _PROHIBITION.finditer(sentence))


def _generalised(claim: str, sentence: str, span: str) -> list[str]:
    """The quantifiers the claim generalises with that the evidence does not say (nor one
    of their group): read over the aligned ``sentence`` and the ``span``'s sentences that
    restate the claim (``_restating``), only when the claim holds a quantifier at all."""
    if not _unbounded(claim, licensed=True) & _QUANTIFIERS:
        return []
    restating = _restating(claim, sentence, span) if span else sentence
    evidence = _EVERY_WHEN.sub(" ", restating)
    said = restating.casefold()  # "every Monday" on both sides: the same frequency
    read = _EVERY_WHEN.sub(lambda m: " " if m[0].casefold() in said else m[0], claim)
    read = _WHOLE_PERIOD.sub(" ", read) if _WHOLE_PERIOD.search(evidence) else read
    c = _unbounded(read, licensed=True) & _QUANTIFIERS
    if "every" in c and _EVERY_PERIOD.search(claim) and _FREQUENCY.search(sentence):
        c.discard("every")  # "10 µg every day" for "a daily supplement"
    if "never" in c and _prohibits(claim, sentence):
        c.discard("never")  # "never double up" for "do not double up"
    s = _unbounded(evidence)
    kept = _unbounded(evidence, licensed=True)  # "if any fault appears" says no "all"
    return sorted(w for w in c - s if not any(w in g and g & kept for g in QUANTIFIER_GROUPS))


def quantifier_gate(claim: str, sentence: str, span: str = "") -> GateResult:
    """The claim generalises ("all", "every", "never") where the evidence (the aligned
    ``sentence``, or any sentence of its ``span``: a claim may restate two of them, "the
    form … with the names of all passengers") does not, or states without its limit what
    the evidence limits ("Its species are endemic" for "Around 80 % of its species are
    endemic"; "Tardigrades enter a tun" for "many species enter a tun")."""
    extra = _generalised(claim, sentence, span)
    if extra:
        return GateResult(
            "quantifier", True, f"the claim generalises with {extra[0]!r}; the evidence does not"
        )
    part = _part_of_count(claim, sentence)
    if part is not None:
        return GateResult(
            "quantifier", True, f"the claim says all {part}; the evidence gives part of them"
        )
    limit = dropped_limit(claim, sentence)
    if limit is not None:
        return GateResult(
            "quantifier", True, f"the evidence limits this ({limit!r}); the claim does not"
        )
    modal = overclaimed(claim, sentence)
    if modal is not None:
        return GateResult(
            "quantifier", True, f"the claim says {modal[0]!r} where the evidence says {modal[1]!r}"
        )
    return GateResult("quantifier", False)
