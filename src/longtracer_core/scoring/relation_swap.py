"""A relation said with its two sides the other way round.

"Female finches are larger than males" against "Male finches are larger than females";
"add the eggs before the flour" against "add the flour before the eggs": the claim puts
before its one relation word (``RELATION_WORDS``: "than", "before", "after", "rather" …)
the words the evidence clause puts after the same word, and the other way. The toggles
read it as a turned clause (``toggles.py``). Pure functions over text.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..lexicon.polarity import RELATION_WORDS
from ..text.words import function_words, lex_tokens, negation_words, stem, stem_tokens
from .comparisons import in_one_word
from .numeric import numeric_values

__all__ = ["figures_swapped", "relation_swapped"]

_RELATIONS = frozenset(stem(w) for w in RELATION_WORDS)


@lru_cache(maxsize=1)
def _function_stems() -> frozenset[str]:
    return frozenset(stem(w) for w in function_words())


def _around(text: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """The content words before and after the one relation word of ``text`` (None when it
    holds none or several)."""
    stems = stem_tokens(text)
    at = [i for i, t in enumerate(stems) if t in _RELATIONS]
    if len(at) != 1:
        return None
    skip = _function_stems()

    def side(words: Sequence[str]) -> frozenset[str]:
        return frozenset(w for w in words if w not in skip and not w[0].isdigit())

    return side(stems[: at[0]]), side(stems[at[0] + 1 :])


def relation_swapped(claim: str, other: str, lent: frozenset[str] = frozenset()) -> bool:
    """The claim relates the clause's two sides the other way round: the words it puts
    before the relation the clause puts after it and the other way ("Males are larger
    than females" / "Females are larger than males"; "add the flour before the eggs" /
    "add the eggs before the flour"); the claim's words ``lent`` by its passage's topic
    (``toggles.py``) stand on neither side."""
    claim, other = in_one_word(claim), in_one_word(other)  # "more slowly": "slower"
    ours, theirs = _around(claim), _around(other)
    if ours is None or theirs is None:
        return False
    if [t for t in map(stem, lex_tokens(claim)) if t in _RELATIONS] != [
        t for t in map(stem, lex_tokens(other)) if t in _RELATIONS
    ]:
        return False  # another relation ("A is larger than B" / "B comes before A")
    left, right = ours[0] - theirs[0] - lent, ours[1] - theirs[1] - lent
    return bool(left and right and left <= theirs[1] and right <= theirs[0])


def _figure_sides(text: str, at: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The figures of ``text`` before and after its first word whose stem is ``at``, in
    order, as the figure scanner reads them ("1,200" is 1200, "3.0" is 3)."""
    tokens = negation_words(in_one_word(text))
    i = next((k for k, t in enumerate(tokens) if stem(t) == at), len(tokens))
    read = [tuple(numeric_values(t)) if any(c.isdigit() for c in t) else () for t in tokens]
    return tuple(v for r in read[:i] for v in r), tuple(v for r in read[i + 1 :] for v in r)


def figures_swapped(claim: str, mine: str, other: str, theirs: str, framed: bool = False) -> bool:
    """Do the figures of ``claim`` stand on the other sides of its word ``mine`` than those
    of ``other`` stand of its opposite ``theirs``, or after it in another order (before it
    too, where a comparison's frame opens the clauses: ``framed``): the same comparison
    said from the other side ("The Model 2 bike is lighter than the Model 3 bike" / "The
    Model 3 bike is heavier than the Model 2 bike"; "higher in 2023 than in 2022" / "lower
    in 2022 than in 2023"; "Compared with 2019, sales in 2020 were higher" / "Compared with
    2020, sales in 2019 were lower"), which its words alone do not show?"""
    (cb, ca), (ob, oa) = _figure_sides(claim, mine), _figure_sides(other, theirs)
    if set(cb) & set(oa) and set(ca) & set(ob):
        return True
    sides = [(ca, oa), (cb, ob)] if framed else [(ca, oa)]
    for ours, their in sides:
        shared = set(ours) & set(their)
        if [v for v in ours if v in shared] != [v for v in their if v in shared]:
            return True
    return False
