"""Modality claimed beyond the evidence: the claim says a verb must or will happen where the
evidence says only that it may or can ("You will be removed from the list" / "Patients …
may be removed from the practice list"; "you must carry over 5 days" / "You may carry over
up to 5 unused days"). Read by the quantifier gate (``quantifier_gate.py``), which marks,
never deletes.

Not read as certainty: a negated modal ("won't", "no need to", "don't have to"), a
condition's ("would have to", "you'd need to", "may have to"), a hedged one ("will usually
take"), a claim's "can only" (a limit), a claim's "must … within 3 months" (the evidence's
"can … within" said as a rule), and a future against the evidence's "can" ("You'll find
the key under Settings" / "You can find your key under Settings": an ability said as what
you will do). Not read as possibility: "can only" (a restriction, which "has to"
restates) and the month ("from 1 May"). The words are in ``lexicon.modality``. Pure
functions of strings.
"""

from __future__ import annotations

from ..lexicon.dates import MONTHS, WEEKDAYS
from ..lexicon.grammar import HYPOTHETICAL
from ..lexicon.modality import (
    CERTAIN_MODAL_PHRASES,
    CERTAIN_MODALS,
    DEADLINE_TIMES,
    FUTURE_MODALS,
    MODAL_DEADLINES,
    MODAL_FILLERS,
    MODAL_HEDGES,
    MONTH_OPENERS,
    POSSIBLE_MODALS,
)
from ..lexicon.numbers import NUMBER_WORDS
from ..text.words import lex_tokens, negation_word, stem

__all__ = ["overclaimed"]

# a possibility restricted ("can only come from") says what must be
_RESTRICTED = frozenset(f"{m} only" for m in POSSIBLE_MODALS)
_CONTRACTED = tuple(m for m in CERTAIN_MODALS if m[0] in "'’")
# the words after "by", "before" or "until" that name a time
_TIMES = frozenset(NUMBER_WORDS) | frozenset(MONTHS) | frozenset(WEEKDAYS) | DEADLINE_TIMES


def _modal_at(tokens: list[str], i: int, certain: bool, claim: bool) -> int:
    """How many words the modal at ``tokens[i]`` takes (0: none there, or one that does not
    say what ``certain`` asks)."""
    token, before = tokens[i], tokens[i - 1] if i else ""
    phrase = " ".join(tokens[i : i + 2])
    if certain:
        twice = phrase in CERTAIN_MODAL_PHRASES or (not claim and phrase in _RESTRICTED)
        once = token in CERTAIN_MODALS or token.endswith(_CONTRACTED)
    else:
        twice, once = False, token in POSSIBLE_MODALS
    width = 2 if twice else 1 if once else 0
    if not width:
        return 0
    if negation_word(token) or negation_word(before) or before == "no":
        return 0  # "won't", "no need to", "don't have to": another thing
    if certain and (before in HYPOTHETICAL | POSSIBLE_MODALS or before.endswith(("'d", "’d"))):
        return 0  # "would have to", "may have to", "you'd need to": a condition's
    if token == "may" and (before[:1].isdigit() or before in MONTH_OPENERS):
        return 0  # the month
    return width


def _deadline(after: list[str]) -> bool:
    """Do the words after a deadline word name a time ("3 months", "31 March", "the end")?"""
    if not after:
        return False
    word = after[0]
    if word == "the" and len(after) > 1:
        word = after[1]
    return word[:1].isdigit() or word in _TIMES


def _modal_verbs(tokens: list[str], certain: bool, claim: bool = False) -> dict[str, str]:
    """The verbs (stems) a text (its lower-cased ``tokens``) puts after a modal of
    certainty or, without ``certain``, of possibility, with the modal's words."""
    out: dict[str, str] = {}
    for i in range(len(tokens)):
        width = _modal_at(tokens, i, certain, claim)
        if not width:
            continue
        j = i + width
        while j < len(tokens) and tokens[j] in MODAL_FILLERS | MODAL_HEDGES:
            j += 1
        if j == len(tokens) or negation_word(tokens[j]):
            continue
        if certain and MODAL_HEDGES.intersection(tokens[i + width : j]):
            continue  # "will usually take": a hedge, no certainty
        if not certain and tokens[j - 1] == "only":
            continue  # "can only come from": a restriction
        after = tokens[j + 1 :]
        if claim and any(
            t in MODAL_DEADLINES and (t == "within" or _deadline(after[k + 1 : k + 3]))
            for k, t in enumerate(after)
        ):
            continue  # a deadline: the rule the evidence's "can … within" sets
        out.setdefault(stem(tokens[j]), " ".join(tokens[i : j + 1]))
    return out


def overclaimed(claim: str, sentence: str) -> tuple[str, str] | None:
    """A verb the evidence ``sentence`` says may or can happen, and never must or will,
    that the claim says must or will: what each says ("will be removed", "may be
    removed")."""
    evidence = lex_tokens(sentence.casefold())
    possible = _modal_verbs(evidence, certain=False)
    if not possible:
        return None
    certain = _modal_verbs(evidence, certain=True)
    for verb, said in _modal_verbs(lex_tokens(claim.casefold()), certain=True, claim=True).items():
        if verb not in possible or verb in certain:
            continue
        future = said.split()[0] in FUTURE_MODALS or said.split()[0].endswith(_CONTRACTED)
        if future and possible[verb].split()[0] == "can" and " be " not in f" {said} ":
            continue  # "you'll find" / "you can find": an ability said as what you will do
        return said, possible[verb]
    return None
