"""A given name before a surname the evidence writes with another given name.

The name check does not hold a first name against a claim when the evidence holds the
surname after it: people add a first name the sources leave out ("Kerr" / "Thomas Kerr").
That excuse ends where the evidence writes the surname after given names of its own and
the claim's is none of their forms: "John Kerr designed the bridge" where the sources say
"Thomas Kerr" is a swap the sources do not bear out, marked (``name_binding``): never
deleted, for a relative who shares the surname ("Michelle Obama" where the sources name
Barack Obama) is no proof of error. A form is a short form
people write (``data/names.json``, "given_names": "Tom" / "Thomas", "Bill" / "William")
or any name with the same first letter: a start ("Alex" / "Alexander"), a spelling
("Mohammad" / "Muhammad") or a short form the list lacks ("Leo" / "Lionel") is not told
from a swap, so it is left alone, as before. Pure functions.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from ..contracts import ReasonCode
from ..text.words import fold
from .findings import Finding
from .name_case import acronym
from .name_spotting import claim_names
from .name_words import name_lexicon
from .names import NameIndex, holds

__all__ = ["another_given_name", "given_name_findings", "given_name_swaps"]


def given_name_findings(
    claim: str, names: NameIndex, given: NameIndex | None = None
) -> list[Finding]:
    """A marking finding for the first name of ``claim`` put before a surname the evidence
    (``names``) writes after other given names only ("John Kerr" where the sources say
    "Thomas Kerr"; ``given``: the names of the question and the context)."""
    return [
        Finding(
            "name_binding",
            ReasonCode.ENTITY_MISMATCH,
            f"the sources name {' or '.join(g.title() for g in givens)} {surname}, not {first}",
            {"names": [first]},
        )
        for first, surname, givens in given_name_swaps(claim, names, given)[:1]
    ]


def given_name_swaps(
    text: str, index: NameIndex, given: NameIndex | None = None
) -> list[tuple[str, str, tuple[str, ...]]]:
    """(first name, surname, the evidence's given names) of "John Kerr" where the sources
    say "Thomas Kerr"; not an acronym, a name of ``given`` (the question's, the context's)
    or an unlisted sentence opener ("Striker Kane")."""
    out = []
    listed = name_lexicon().given
    for name, nxt in itertools.pairwise(claim_names(text)):
        if text[name.end : nxt.start].strip() or holds(name.text, index):
            continue
        if acronym(name.text) or (given is not None and holds(name.text, given)):
            continue
        if name.initial and fold(name.text) not in listed:
            continue
        if not holds(nxt.text, index, as_name=True):
            continue
        givens = another_given_name(name.text, nxt.text, index.fronts, text)
        if givens:
            out.append((name.text, nxt.text, givens))
    return out


def another_given_name(
    first: str, surname: str, fronts: Iterable[tuple[str, str]], claim: str = ""
) -> tuple[str, ...]:
    """The given names the evidence (``fronts``: each folded capitalised word of a name run
    with each word after it) writes before ``surname`` when ``first`` is no form of any of
    them; empty when it is one, or names no given name (a title, a head, a qualifier or a
    rank — "North", "Admiral" —, a demonym, a word that is never a name, an adverb in
    -ly), or when the ``claim`` itself also names one of them ("Jane Kerr helped her
    husband Thomas Kerr")."""
    lex = name_lexicon()
    mine, last = fold(first), fold(surname)
    skip = lex.titles | lex.heads | lex.not_names | lex.starters | lex.not_given
    if mine in skip or mine in lex.demonyms or mine.endswith("ly"):
        return ()
    givens = sorted(
        a
        for a, b in set(fronts)
        if b == last and len(a) > 1 and a not in skip and a not in lex.demonyms
    )
    folded = fold(claim)
    if any(_form_of(mine, given) or f"{given} {last}" in folded for given in givens):
        return ()
    return tuple(givens)


def _form_of(mine: str, given: str) -> bool:
    return mine[:1] == given[:1] or given in name_lexicon().given.get(mine, ())
