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

from collections.abc import Iterable

from ..text.words import fold
from .name_words import name_lexicon

__all__ = ["another_given_name"]


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
