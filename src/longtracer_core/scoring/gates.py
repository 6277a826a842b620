"""Gates: explainable checks of a claim against the evidence sentence it matched best.

A claim can reuse every word of its evidence and still say the opposite. Each
gate compares the claim with the span sentence that shares most of its words
(the *aligned* sentence) and reports whether it fired, with a sentence a person
can read:

* ``polarity`` — one side is negated and the other is not ("do not need a
  visa" / "need a visa"); its ``terms`` name the word turned round when the claim is
  the evidence's clause with its negation dropped or added;
* ``direction`` — the claim moves one way where the evidence moves the other
  (rose/fell, more/less, before/after, northern/southern, east/west …) and the
  evidence never says the claim's way, or turns a route round ("from A to B" where
  the evidence says "from B to A"); a word of change (not a comparison) is also read in
  the one evidence clause that says what the claim says ("operating profit rose"
  against "revenue rose, but operating profit fell"; ``direction_gate.py``);
* ``quantifier`` — the claim generalises ("all", "always", "never", "every")
  where the evidence does not ("almost all" is no "all"), or drops the limit
  the evidence puts on its subject ("many species", "80 % of its species";
  ``quantifier_gate.py``);
* ``entity`` — the claim names something (a capitalised name) the span does not
  mention while the span names something else in its place;
* ``causal`` — the claim gives a reason ("because", "due to", "leads to" …)
  where the evidence states no cause or effect at all;
* ``figure_role`` — a figure the claim ties to one unit ("12 minutes") appears
  in the evidence only with another unit ("12 hours"), or the claim's
  figure-and-unit is absent while the evidence gives another figure with that
  unit ("3.5 million kilometres" / "1.5 million kilometres"; ``figure_role_gate.py``).

Gates are pure functions of two strings. They are evidence for a verdict, not
the verdict: how they weigh is decided by the score model (docs/reference/matcher.md).
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from ..lexicon.grammar import RELATIVES
from ..lexicon.polarity import (
    ADVERB_ENDINGS,
    CLAUSE_BOUNDS,
    COORDINATORS,
    LOWER_BOUND_WORDS,
    NEGATION_BOUNDS,
    NEGATION_LINKS,
    NEGATION_NEUTRAL,
    NEGATIVE_ACTIONS,
    NEGATIVE_CARRIERS,
    NEGATIVE_UN_EXCEPTIONS,
    NEGATIVE_VERBS,
    SEPARATED_BOUND,
    UPPER_BOUND_WORDS,
)
from ..text.memo import short_text_cache
from ..text.sentences import split_sentences
from ..text.words import (
    base_words,
    function_words,
    lex_tokens,
    negation_word,
    negation_words,
    stem,
    stem_tokens,
)
from .causal_gate import causal_gate
from .clause_pairs import stating_clauses
from .contrast import as_not, contrast
from .direction_reading import read_direction
from .entity_gate import entity_gate
from .figure_role_gate import figure_role_gate
from .gate_result import GateResult
from .quantifier_gate import quantifier_gate

__all__ = ["GATE_NAMES", "GateResult", "aligned_sentence", "check_gates"]

GATE_NAMES = ("polarity", "direction", "quantifier", "entity", "figure_role", "causal")


_stems = stem_tokens
_GOVERNING = NEGATIVE_VERBS | NEGATIVE_ACTIONS


@short_text_cache(maxsize=8192)
def _sentences(span: str) -> tuple[str, ...]:
    return tuple(s.text for s in split_sentences(span)) or (span,)


def aligned_sentences(claim: str, span: str) -> tuple[str, ...]:
    """The sentences of ``span`` sharing the most distinct word stems with ``claim`` (more
    than one on a tie), in span order."""
    sentences = _sentences(span)
    if len(sentences) == 1:
        return sentences
    wanted = set(_stems(claim))
    shared = [len(wanted & set(_stems(s))) for s in sentences]
    top = max(shared)
    return tuple(s for s, n in zip(sentences, shared, strict=True) if n == top)


def aligned_sentence(claim: str, span: str) -> str:
    """The first sentence of ``span`` sharing the most distinct word stems with ``claim``."""
    return aligned_sentences(claim, span)[0]


def _polarity(claim: str, sentences: Sequence[str]) -> GateResult:
    """The polarity gate read against each aligned sentence, when several share as many
    words with the claim: the one that turns the claim's own word round speaks (a
    contradiction before a hint)."""
    results = [polarity_gate(claim, s) for s in sentences]
    return max(results, key=lambda g: (g.fired, bool(g.terms)))


def _negated(stems: Sequence[str]) -> bool:
    return any(negation_word(t) for t in stems)


_BOUNDS = regex.compile(
    r"\b(?:" + "|".join(regex.escape(p) for p in NEGATION_BOUNDS) + r")\b", regex.IGNORECASE
)


def _denied(clause: str) -> set[str]:
    """The stems of the words a clause's negations deny: the first content word after each
    that is no adverb ("does not contain" → contain, "did not formally approve" → approve,
    "without a visa" → visa, "no longer runs" → run), before the next comma ("Without it,
    the rate is 2.50%" denies nothing the claim could say)."""
    skip, out = function_words(), set()
    for piece in clause.split(","):
        words = negation_words(piece)
        for i, t in enumerate(words):
            if negation_word(t):
                rest = (w for w in words[i + 1 :] if w not in skip and w not in NEGATION_NEUTRAL)
                word = next((w for w in rest if not _adverb(w)), None)
                if word is not None:
                    out.add(stem(word))
    return out


def _adverb(word: str) -> bool:
    """An adverb in "-ly" ("formally", "really", "unanimously"; not "friendly", "apply",
    "rally")."""
    return len(word) > 5 and word.endswith(ADVERB_ENDINGS)


_FREE_OF = regex.compile(r"(\p{L}+)-free\b", regex.IGNORECASE)


def _negative_word(word: str) -> bool:
    """A word that says "not" of its own (``NEGATIVE_CARRIERS``, "visa-free", a word in
    "un-" that is no adverb: "unfriendly" does, "unanimously" negates nothing)."""
    if word in NEGATIVE_CARRIERS or word.rsplit("-", 1)[-1] in NEGATIVE_CARRIERS:
        return True
    return (
        word.startswith("un")
        and len(word) > 5
        and not _adverb(word)
        and not word.startswith(NEGATIVE_UN_EXCEPTIONS)
    )


def _carries_negation(clause: str, negated: str) -> bool:
    """Does ``clause`` say with a word of its own ("closed", "unable", "visa-free";
    ``_negative_word``) what the ``negated`` clause says with "not"? Only when each word the
    negated clause denies is, in ``clause``, absent ("closed" / "does not open") or governed
    by such a word through a link ("unable to attend" / "could not attend", "exempt from
    paying"; ``NEGATION_LINKS``; not "The banned player scored" / "did not score", nor "The
    council unanimously approved it" / "did not approve it") or right after it, when it is
    a verb that says "not" ("can avoid paying" / "does not have to pay"; ``_GOVERNING``),
    and not by a word both clauses use ("the unfinished canal")."""
    shared = {t.casefold() for t in lex_tokens(negated)}
    words = [t.casefold() for t in lex_tokens(clause)]
    negative = {i for i, w in enumerate(words) if w not in shared and _negative_word(w)}
    if not negative:
        return False
    stems = [stem(w) for w in base_words(clause)]
    freed = {stem(w) for w in _FREE_OF.findall(clause)}
    for denied in _denied(negated) - freed:
        for j, t in enumerate(stems):
            # a verb that says "not" governs the word after it ("can avoid paying")
            linked = j >= 1 and j - 1 in negative and words[j - 1] in _GOVERNING
            linked = linked or (j >= 2 and words[j - 1] in NEGATION_LINKS and j - 2 in negative)
            if t == denied and not linked:
                return False
    return True


def _negation_heads(clause: str) -> set[str]:
    """The stems of the content words just before each negation of a clause, what the
    negation is said of ("Flash photography is not permitted" → photography, "The app
    never records" → app); none for a negation joined to what comes before it ("The
    scholarship is a grant and does not need to be repaid" says nothing of the grant), nor
    for one in a relative clause ("circumstances that could not have been avoided" says
    nothing of circumstances but that they could not be avoided)."""
    words, out = negation_words(clause), set()
    for i, t in enumerate(words):
        if negation_word(t):
            head = _word_before(words, i, stop=COORDINATORS | RELATIVES)
            out.update([] if head is None else [head])
            # past a negated relative clause, the main clause's negation is said of the noun
            # it follows too ("Players who have not paid are not permitted"): the relative
            # clause's own negation no longer reaches it
            at = next(
                (
                    j for j in range(i)
                    if words[j] in RELATIVES and any(map(negation_word, words[j + 1 : i]))
                ),
                None,
            )  # fmt: skip
            before = None if head is None or at is None else _word_before(words, at, COORDINATORS)
            out.update([] if before is None else [before])
    return out


def _word_before(words: Sequence[str], i: int, stop: frozenset[str]) -> str | None:
    """The stem of the nearest content word before ``words[i]``, unless a word of ``stop``
    comes first."""
    skip = function_words()
    for w in reversed(words[:i]):
        if w in stop:
            return None
        if w not in skip and not _adverb(w) and not _negated([w]):
            return stem(w)
    return None


def _speaks_of_denied(plain: str, negated: str) -> bool:
    """Does the ``plain`` clause speak of what the ``negated`` clause denies? It says a
    word the negation denies or the word it is said of (``_negation_heads``), or the two
    say the same in other words, each with at most one content word the other lacks (the
    verb worded anew: "A visa is required for short stays" / "You do not need a visa for
    short stays"). A negation of something the other side never speaks of is no opposite
    of anything it asserts ("The tissue turns transparent" / "Without them, the coral
    tissue becomes transparent"). On the dev split the hints this drops had flagged 24
    faithful sentences and 3 wrong ones, each of the 3 wrong about something else."""
    plain_words = base_words(plain)
    ours = {stem(w) for w in plain_words}
    kept = contrast(negated)
    if kept is not None:  # a contrast denies only its alternative, and keeps its item
        return kept.item not in ours and bool(kept.denied & ours)
    denied = _denied(negated)
    if not denied or denied & ours:
        return bool(denied)
    if _negation_heads(negated) & ours:
        return True
    skip = function_words()
    mine = {stem(w) for w in plain_words if w not in skip}
    theirs = {stem(w) for w in base_words(negated) if w not in skip and not _negated([w])}
    return len(mine - theirs) <= 1 and len(theirs - mine) <= 1


def _said_and_denied(mine: str, sentence: str, plain: str, negated: str) -> tuple[str, ...]:
    """The words the ``plain`` clause says and the ``negated`` clause denies ("need a visa" /
    "do not need a visa"), when the claim's clause ``mine`` says nothing the evidence
    ``sentence`` lacks: the claim is that clause with its negation dropped or added ("should
    be left to soak" / "should not be left to soak"). Empty for a negation of another word
    ("went beyond what is necessary" / "were not limited to what is necessary") and for a
    claim that says more ("opens on Tuesdays" / "does not open on Mondays")."""
    said = _denied(negated) & {stem(w) for w in base_words(plain)}
    skip = (function_words() | NEGATION_NEUTRAL) - CLAUSE_BOUNDS
    ours = {stem(w) for w in base_words(mine) if w not in skip and not _negated([w])}
    if not said or ours - {stem(w) for w in base_words(sentence)}:
        return ()
    return tuple(sorted(said))


def _kept_against_not(mine: str, theirs: str) -> tuple[str, str]:
    """Two negated clauses, one a contrast whose alternative the other's plain negation
    does not speak of ("The fund does not invest in bonds" / "The fund invests in bonds
    rather than stocks"): the contrast is read by what it keeps, its main part."""
    if not (_negated(_stems(mine)) and _negated(_stems(theirs))):
        return mine, theirs
    ours, other = contrast(mine), contrast(theirs)
    if (ours is None) == (other is None):
        return mine, theirs
    if ours is not None and not ours.words & set(_stems(theirs)):
        return ours.main, theirs
    if other is not None and not other.words & set(_stems(mine)):
        return mine, other.main
    return mine, theirs


_SEPARATED = regex.compile(SEPARATED_BOUND, regex.IGNORECASE)
_UPPER = regex.compile(r"\b(?:" + "|".join(UPPER_BOUND_WORDS) + r")s?\b", regex.IGNORECASE)
_LOWER = regex.compile(r"\b(?:" + "|".join(LOWER_BOUND_WORDS) + r")\b", regex.IGNORECASE)


def _same_bound(plain: str, negated: str) -> bool:
    """Does ``negated`` bound a figure from above with a "more than" apart from its "not"
    ("Do not take more than 8 tablets") where ``plain`` words an upper bound its own way on
    the same figure ("can take up to 8 tablets", "Only reheat it once") and says no "more
    than", "or more" or "minimum"?"""
    bound = _SEPARATED.search(negated)
    if bound is None or not _UPPER.search(plain) or _LOWER.search(plain):
        return False
    figure = bound.group(1).rstrip(".,").casefold()
    return figure in {t.casefold() for t in lex_tokens(plain)}


def _swapped(mine: str, theirs: str) -> bool:
    """Two contrasts turned round: each keeps what the other denies ("Employees, rather
    than contractors, get paid leave" / "Contractors, not employees, get paid leave")."""
    ours, other = contrast(mine), contrast(theirs)
    if ours is None or other is None:
        return False
    return ours.item in other.denied and other.item in ours.denied


def polarity_gate(claim: str, sentence: str) -> GateResult:
    """One side negated, the other not, read in the clauses that say the same thing; a
    negation that bounds or adds ("no less than an hour", "not only") is no negation ("not
    yet", "not all" still are), and a clause that says "not" in a word of its own
    ("closed", "visa-free", "unaffected") is no plain opposite of a negated one. The
    result's ``terms`` name the words the claim turns round when it is the evidence's
    clause with the negation dropped or added (``_said_and_denied``): only then does the
    gate contradict the claim (``v2.opposes``); otherwise it is a hint."""
    claim, sentence = as_not(_BOUNDS.sub(" ", claim)), as_not(_BOUNDS.sub(" ", sentence))
    if not (_negated(_stems(claim)) or _negated(_stems(sentence))):
        return GateResult("polarity", False)  # no negation on either side: nothing to read
    mine, theirs = _kept_against_not(*stating_clauses(claim, sentence))
    if _swapped(mine, theirs):
        return GateResult("polarity", True, "the claim keeps what the evidence denies")
    c = _negated(_stems(mine))
    s = _negated(_stems(theirs))
    negated, plain = (mine, theirs) if c else (theirs, mine)
    if c == s or _carries_negation(plain, negated) or _same_bound(plain, negated):
        return GateResult("polarity", False)
    if not _speaks_of_denied(plain, negated):
        return GateResult("polarity", False)
    side = (
        "the claim is negated and the evidence is not"
        if c
        else ("the evidence is negated and the claim is not")
    )
    return GateResult("polarity", True, side, _said_and_denied(mine, sentence, plain, negated))


def check_gates(
    claim: str,
    span: str,
    optional: frozenset[str] = frozenset(),
    given: frozenset[str] = frozenset(),
) -> tuple[GateResult, ...]:
    """Every gate on a (claim, span) pair; sentence-level gates use the aligned sentence.

    ``optional`` holds the stems of words the claim took from its context, ``given`` the
    figures of its context and the user's question (``figures.context_figures``).
    """
    tied = aligned_sentences(claim, span)
    sentence = tied[0]
    return (
        _polarity(claim, tied),
        read_direction(claim, sentence, _sentences(span)),
        quantifier_gate(claim, sentence, span),
        entity_gate(claim, span, sentence, optional),
        figure_role_gate(claim, sentence, span, given),
        causal_gate(claim, span),
    )
