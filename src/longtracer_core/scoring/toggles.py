"""A claim that is a clause of the evidence with one thing turned around.

"The vaccine contains live virus" against "... it does not contain live virus"; "exports
of wool increased" against "exports of wool declined": the claim says what an evidence
clause says, word for word, except that it denies what the clause affirms (a negation
toggled), or moves the other way (one word swapped for its opposite). Only that shape is
a finding, read clause by clause:

* every content word of the claim's clause is in the evidence sentence (the clause may
  leave its subject to the sentence's main clause: "..., because it does not contain
  live virus"; or to its passage, which named the topic before it, ``topics.py``: "For
  the Hartley lemon sponge, add the flour before the eggs" against "… lemon sponge, bake
  …. Add the eggs before the flour", so long as at least half of the clause's words are
  its own — a reading of the passage, so its finding is ``topic_conflict``, a mark), and
  at least half of the evidence clause's content words are the claim's (its words of
  stance aside, ``stance.py``);
* neither clause states a supposition the other does not (``SUPPOSING_MODALS``: "would
  earn more, analysts predicted" is turned by no statement of what happened), and neither
  is a condition a mid-sentence "if" or "unless" opens (``clause_words.py``, where the
  clauses are read);
* **negation**: exactly one of the two clauses is negated, by a plain negation ("not",
  "no", "no longer", "never", "n't", "cannot"), and the word it negates is a word of the
  other clause (an irregular past read as its verb: "made" / "did not make"); neither
  clause blurs its polarity (``blurs.py``; ``NEGATION_IDIOMS``: "not only", "no more than";
  ``NEGATION_BLURS``: "without", "unless", "another", "than"; a prohibition:
  "Don't look at the Sun" is advice, not a statement), unless both hold the same blurs,
  each the same word before the same content word, and the same words ("… within a week
  without antibiotics");
* **direction**: neither clause is negated; the claim's one word the clause lacks has its
  opposite in the clause (rose / fell, before / after, more / less, legal / illegal), and
  the words and figures the two share stand on the same side of it — "A is higher than B"
  against "B is lower than A", "Model 2 is lighter than Model 3" against "Model 3 is
  heavier than Model 2", says the same thing ("against" is a word here: "voted against");
  "before" and "after" turn it only where they name one thing ("after signing the
  agreement" / "before you sign the agreement", not "after the exam board has met" /
  "before the end of August");
* the claim's clause holds no figure the evidence clause lacks ("900 are not endemic" is
  no toggle of "300 are endemic"), but for the number of a name its topic lent it;
* the evidence clause has no word before the turned or negated one that the claim lacks
  ("Quitting smoking decreases the risk" is no toggle of "Smoking increases the risk"),
  but for words of stance or source (``stance.py``: "In tests, steaks actually lost
  more"); an affirmed clause ending "without" a thing affirms plainly (``blurs.py``);
* no evidence clause says it the claim's way with all of the claim's words (its
  sentence's main clause may lend it the subject: "…; it reported a profit");
* a verb phrase a bare "and" joins with an auxiliary of its own is a clause, lent the
  subject of the clause before it and nothing more ("The museum is open Tuesday to Sunday
  and is closed on Mondays"); open and closed (``SPAN_PAIRS``) turn a clause only where
  no figure bounds either and no condition or exception qualifies either sentence
  (``SPAN_CONDITIONS``: "closed on Mondays unless it is a public holiday"); an evidence
  clause whose figures the claim's sentence never gives speaks of another time.

A negation or a direction worded anew ("failed to end", "went up" for "rose") shares too
few words to be read as a toggle, and stays with the matcher. Pure functions over text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import regex

from ..contracts import ReasonCode
from ..lexicon.polarity import (
    ELLIPTICAL_OPENERS,
    NEGATIVE_PREFIXES,
    NEGATIVE_VERBS,
    PLACING_WORDS,
    SIDE_TAKERS,
    SPAN_CONDITIONS,
    SPAN_PAIRS,
)
from ..text.words import lex_tokens, stem
from .blurs import BLURRED, same_blurs, with_differs
from .clause_words import OPPOSITES, ClauseWords, SentenceClauses, clauses_of
from .findings import Finding, quote
from .numeric import numeric_values
from .relation_swap import figures_swapped, relation_swapped
from .topics import Topic, lent_words, lone_numbers

__all__ = ["MIN_WORDS", "Toggle", "toggle", "toggle_finding"]

# a claim clause shorter than this says too little to be a toggle of a sentence
MIN_WORDS = 3
# the share of the evidence clause's content words the claim's clause must hold
CLAUSE_SHARE = 0.5

_NEGATIVE_STEMS = frozenset(stem(w) for w in NEGATIVE_VERBS)
_CONDITIONED = regex.compile(
    r"\b(?:" + "|".join(regex.escape(p) for p in SPAN_CONDITIONS) + r")\b", regex.IGNORECASE
)
_SPANS = frozenset(
    pair for _a, _b in SPAN_PAIRS for pair in ((stem(_a), stem(_b)), (stem(_b), stem(_a)))
)
_PLACING = frozenset(stem(w) for w in PLACING_WORDS)
_PLACED = 3  # the content words after "before" / "after" that name what it places by
# each evidence sentence: (source id, text, its reading, the topic its passage named before it)
Evidence = Sequence[tuple[str, str, SentenceClauses, Topic | None]]


@dataclass(frozen=True)
class Toggle:
    """What a claim turns around: ``"negation"`` or ``"direction"``, and where."""

    kind: str
    source_id: str
    sentence: str
    clause: str
    turned: tuple[str, str] = ("", "")  # direction: (the claim's word, the evidence's)
    lent: bool = False  # read with the topic the passage named before (``topics.py``)


def _own_subject(
    other: ClauseWords, pivot: str, claim: frozenset[str], quiet: frozenset[str] = frozenset()
) -> bool:
    """No word of ``other`` before ``pivot`` that the claim lacks, but for ``quiet`` ones:
    "Quitting smoking decreases the risk" is about quitting, not what "Smoking increases
    the risk" is about; "In tests, steaks actually lost" is about steaks."""
    i = other.words.index(pivot)
    return all(w in claim for w in other.words[:i] if w not in quiet)


def _negates(claim: ClauseWords, other: ClauseWords, shared: bool = False) -> bool:
    """Does one clause deny what the other affirms (``shared``: their blurs are the same)?"""
    freed = other.freed is not None and not other.freed & claim.content
    if not ((claim.plain and (other.plain or freed)) or shared) or claim.negated == other.negated:
        return False
    if claim.content & _NEGATIVE_STEMS != other.content & _NEGATIVE_STEMS:
        return False  # "can avoid paying" / "does not have to pay"
    denied = other.denied if other.negated else claim.denied
    if denied is None or denied not in (claim.content if other.negated else other.content):
        return False
    return _own_subject(other, denied, claim.content)


# a comparison's frame, which may stand before the word it turns ("Compared with oak, pine
# is softer" / "Compared with pine, oak is harder": the same comparison)
_FRAME = regex.compile(r"\b(?:compared|relative\s+to|unlike|versus|vs\b|in\s+comparison)", regex.I)


def _sides(
    words: Sequence[str], at: str, shared: frozenset[str], ordered: bool
) -> tuple[frozenset[str] | tuple[str, ...], tuple[str, ...]]:
    """The shared words before ``at`` (in any order, but in order where the clauses hold a
    comparison's frame: ``ordered``) and after it (in order, each once)."""
    i = words.index(at)
    after = dict.fromkeys(w for w in words[i + 1 :] if w in shared)
    before = [w for w in words[:i] if w in shared]
    return (tuple(dict.fromkeys(before)) if ordered else frozenset(before)), tuple(after)


def _negative_prefixed(word: str, others: frozenset[str]) -> list[str]:
    """The words of ``others`` that are ``word`` with a negative prefix, or ``word`` is
    theirs ("legal" / "illegal", "lawful" / "unlawful"); stems compared as stems."""
    return sorted(
        o for o in others
        for p in NEGATIVE_PREFIXES
        if (o.startswith(p) and o == stem(p + word)) or (word.startswith(p) and word == stem(p + o))
    )  # fmt: skip


def _turns(claim: ClauseWords, other: ClauseWords) -> tuple[str, str] | None:
    """(the claim's word, its opposite in ``other``) when that swap is all that differs."""
    if claim.negated or other.negated:
        return None
    quiet = other.stance
    extra = claim.content - other.content - quiet
    if len(extra) != 1:
        return None
    (mine,) = extra
    rest = other.content - claim.content - quiet
    theirs = sorted(OPPOSITES.get(mine, frozenset()) & rest) or _negative_prefixed(mine, rest)
    if not theirs:
        return None
    shared = claim.content & other.content
    framed = _FRAME.search(claim.text) is not None or _FRAME.search(other.text) is not None
    if _sides(claim.words, mine, shared, framed) != _sides(other.words, theirs[0], shared, framed):
        return None  # "A is higher than B" / "B is lower than A"; "lower in winter than in
        # summer" / "higher in summer than in winter"
    if figures_swapped(claim.text, mine, other.text, theirs[0], framed):
        return None  # "Model 2 is lighter than Model 3" / "Model 3 is heavier than Model 2"
    if mine in _PLACING and not _placed_alike(claim.words, mine, other.words, theirs[0]):
        return None  # "released after the exam board has met" / "before the end of August"
    return (mine, theirs[0]) if _own_subject(other, theirs[0], claim.content, quiet) else None


def _placed_alike(mine: Sequence[str], at: str, theirs: Sequence[str], pivot: str) -> bool:
    """Do "before" and "after" name one thing: a word in common among the ``_PLACED``
    content words after each ("pay after signing the agreement" / "before you sign the
    agreement"; not "after the exam board has met" / "before the end of August"), or none
    after either ("after 10:00")?"""
    i, j = mine.index(at), theirs.index(pivot)
    ours, others = set(mine[i + 1 : i + 1 + _PLACED]), set(theirs[j + 1 : j + 1 + _PLACED])
    return not ours or not others or bool(ours & others)  # a time or a date: its figures tell


def _says(mine: ClauseWords, other: ClauseWords, main: frozenset[str]) -> bool:
    """Does ``other`` say what ``mine`` says: all its words, or, for a plain clause whose
    words are all the claim's, the rest lent by its sentence's main clause ("The company
    did not report a loss; it reported a profit"; "… increased in 2020 but declined in
    2021")?"""
    if mine.content <= other.content:
        return True
    return other.plain and other.content <= mine.content and mine.content <= other.content | main


def _figures(text: str) -> frozenset[str]:
    """The figures of a clause, as the figure scanner reads them ("1,200" is 1200; "10 am"
    and "10:00" are one time)."""
    return frozenset(numeric_values(text))


def _other_time(own: frozenset[str], told: frozenset[str], theirs: frozenset[str]) -> bool:
    """Does the evidence clause speak of another statement or time than the claim's: a
    figure of the claim's clause it lacks ("900 are not endemic" / "300 are endemic"), or
    figures none of which the claim's sentence gives ("has grown since 2014" / "fell
    sharply in the 1990s")?"""
    return bool(own - theirs) or bool(told and theirs and not told & theirs)


def _held(turned: tuple[str, str], mine: ClauseWords, other: ClauseWords, said: str) -> bool:
    """Is the turn one of open and closed (``SPAN_PAIRS``) that a figure bounds or a
    condition qualifies (``said``: the claim's sentence and the evidence's): "closes at 8pm"
    / "open from 9am to 8pm", "open on Mondays when they are public holidays" / "closed on
    Mondays unless it is a public holiday"?"""
    if turned not in _SPANS:
        return False
    return bool(_figures(mine.text) or _figures(other.text) or _CONDITIONED.search(said))


def _match(mine: ClauseWords, evidence: Evidence, claim: str) -> Toggle | None:
    """The first evidence clause ``mine`` (a clause of ``claim``) turns around, unless
    another says it its way."""
    found = None
    own, told = _figures(mine.text), _figures(claim)
    numbered = lone_numbers(mine.text, (text for _, text, _, _ in evidence))
    whole = mine
    for source_id, text, read, topic in evidence:
        mine = _without(whole, topic, read.content)
        lent = whole.content - mine.content
        named = frozenset(number for name, number in numbered if name in lent)
        if len(mine.content - read.content) > 1:
            continue  # every case below needs all the claim's words but one in the sentence
        main = read.clauses[0].content if read.clauses else frozenset()
        for other in read.clauses:
            swapped = (
                not (mine.negated or other.negated)
                and mine.content <= other.content
                and relation_swapped(mine.text, other.text, lent)
            )
            if not swapped and other.negated == mine.negated and _says(mine, other, main):
                return None  # the evidence also says it the claim's way
            if found is not None or other.conditional:
                continue  # a condition states no fact to turn
            if len(mine.content & other.content) < CLAUSE_SHARE * len(other.content - other.stance):
                continue
            if _other_time(own - named, told, _figures(other.text)):
                continue
            if mine.supposed != other.supposed:
                continue  # "would earn more, analysts predicted" states no fact
            turned = (mine.text.strip(), other.text.strip()) if swapped else _turns(mine, other)
            if turned is not None and (
                _held(turned, mine, other, f"{claim} {text}") or with_differs(claim, other.text)
            ):
                turned = None
            if turned is not None:
                found = Toggle("direction", source_id, text, other.text, turned, bool(lent))
            elif (
                mine.content <= read.content
                and _negates(mine, other, _blurred_alike(claim, mine, other))
                and _covered(mine, other, read)
            ):
                found = Toggle("negation", source_id, text, other.text, lent=bool(lent))
    return found


def _blurred_alike(claim: str, mine: ClauseWords, other: ClauseWords) -> bool:
    """Do the claim and the clause hold the same blurs and the same words (``blurs.py``)?"""
    return mine.content == other.content and same_blurs(claim, other.text)


def _covered(mine: ClauseWords, other: ClauseWords, read: SentenceClauses) -> bool:
    """Are the claim's words that the negated clause lacks its subject, lent by the main
    clause to a later one ("The vaccine contains live virus" / "The vaccine cannot cause
    shingles because it does not contain live virus")? A main clause lends nothing, nor
    does one lend a clause what it says itself (``_own_object``): "Parking is not included
    in the room rate" is no toggle of "The room rate includes breakfast, while parking is
    charged", nor "Room 103 does not face the garden" of "Rooms 101 and 102 face the
    garden, while Room 103 faces the street". A verb phrase "and" joins is lent only the
    first words of the clause before it ("In the garden, dogs are allowed" is no toggle of
    "Dogs are welcome in the garden and are not allowed inside the house")."""
    extra = mine.content - other.content
    if not extra:
        return True
    if other.joined:  # only the first words of the clause it is joined to: its subject
        before = read.clauses[read.clauses.index(other) - 1]
        return extra <= frozenset(before.words[: len(extra)])
    if _own_object(mine, other, extra):
        return False
    main = read.clauses[0] if read.clauses else None
    return main is not None and other is not main and extra <= main.content


def _own_object(mine: ClauseWords, other: ClauseWords, extra: frozenset[str]) -> bool:
    """Does the claim put a word the clause lacks after the negated word, where the clause
    has words of its own there ("Room 103 does not face the garden" / "…, while Room 103
    faces the street"; "… but voted for it": a side-taking word of its own), rather than
    leaving the rest to the main clause ("neither does Mercury", "neither can lions or
    tigers")?"""
    pivot = other.denied if other.negated else mine.denied
    if pivot is None or pivot not in mine.words or pivot not in other.words:
        return False
    first = lex_tokens(other.text)[:1]
    if first and first[0] in ELLIPTICAL_OPENERS:
        return False  # "…, and neither can lions or tigers"
    after = mine.words.index(pivot)
    return any(mine.words.index(w) > after for w in extra) and (
        bool(other.words[other.words.index(pivot) + 1 :]) or _takes_side(other.text, pivot)
    )


def _takes_side(text: str, pivot: str) -> bool:
    """Does a side-taking function word follow ``pivot`` in ``text`` ("voted for it")?"""
    tokens = lex_tokens(text)
    at = next((i for i, t in enumerate(tokens) if stem(t) == pivot), None)
    return at is not None and not SIDE_TAKERS.isdisjoint(tokens[at + 1 :])


def _without(clause: ClauseWords, topic: Topic | None, held: frozenset[str]) -> ClauseWords:
    """``clause`` without the words its passage's ``topic`` lends the sentence that holds
    ``held`` (``topics.py``), unless the clause would be left mostly the topic's."""
    lent = lent_words(clause.words, topic, held)
    own = tuple(w for w in clause.words if w not in lent)
    if not lent or len(set(own)) < max(MIN_WORDS, CLAUSE_SHARE * len(clause.content)):
        return clause
    return replace(clause, words=own)


def toggle(claim: str, evidence: Evidence) -> Toggle | None:
    """The evidence clause ``claim`` turns around, if any; ``evidence`` holds (source id,
    text, its reading, the topic its passage named before it) of each evidence sentence."""
    blurred = BLURRED.search(claim) is not None  # a blur anywhere: no clause is plain
    for part in clauses_of(claim):
        mine = replace(part, plain=part.plain and not blurred)
        if len(mine.content) >= MIN_WORDS and not mine.conditional:
            found = _match(mine, evidence, claim)
            if found is not None:
                return found
    return None


def toggle_finding(claim: str, evidence: Evidence) -> Finding | None:
    """``toggle`` as a finding: ``negation_conflict`` or ``direction_conflict``, quoting the
    clause the claim turns around; ``topic_conflict`` (a mark) when it was read with the
    topic its passage named before."""
    found = toggle(claim, evidence)
    if found is None:
        return None
    where = {"source_id": found.source_id, "quote": quote(found.sentence)}
    said = f'source {found.source_id} says "{quote(found.clause.strip())}"'
    if found.lent:  # a reading of the passage's topic: a mark, never a deletion
        said += ", read with the topic it named before"
    if found.kind == "negation":
        kind = "topic_conflict" if found.lent else "negation_conflict"
        return Finding(kind, ReasonCode.POLARITY_MISMATCH, said, where)
    mine, theirs = found.turned
    return Finding(
        "topic_conflict" if found.lent else "direction_conflict",
        ReasonCode.DIRECTION_MISMATCH,
        f"the claim says {mine!r} where {said}",
        {**where, "terms": [mine, theirs]},
    )
