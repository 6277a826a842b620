"""The word lists the name check reads (``data/names.json``): titles, heads, never-names,
sentence starters, demonyms, aliases, given names with their short forms and US postal
codes, read once.
``names.py`` reads names with them; the entity gate and the figure check ask for the heads
and the openers."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from ..text.words import fold

__all__ = ["NameLexicon", "name_heads", "name_lexicon", "opener_words"]


@dataclass(frozen=True)
class NameLexicon:
    """The word lists of ``data/names.json``, read once."""

    titles: frozenset[str]
    heads: frozenset[str]
    not_names: frozenset[str]
    starters: frozenset[str]
    demonyms: dict[str, frozenset[str]]  # any folded form → every form of that place
    # any folded form → every name of that place, body or event (demonyms and aliases)
    forms: dict[str, frozenset[str]]
    given: dict[str, frozenset[str]]  # a given name or a short form → every form of it
    not_given: frozenset[str]  # qualifiers and ranks before a name: no given name
    codes: dict[str, str]  # a US state (folded) → its postal code (folded): "indiana" → "in"
    coded: dict[str, str]  # a postal code (folded) → its state (folded): "in" → "indiana"


@lru_cache(maxsize=1)
def name_lexicon() -> NameLexicon:
    """The name word lists (``data/names.json``), demonyms grouped by place."""
    text = resources.files("longtracer_core").joinpath("data/names.json").read_text("utf-8")
    raw = json.loads(text)
    codes = {fold(state): fold(code) for state, code in raw["postal_codes"].items()}
    return NameLexicon(
        titles=frozenset(raw["titles"]),
        heads=frozenset(raw["heads"]),
        not_names=frozenset(raw["not_names"]),
        starters=frozenset(raw["starters"]),
        demonyms=_groups(raw["demonyms"].items()),
        forms=_closed(_groups([*raw["demonyms"].items(), *raw["aliases"].items()])),
        given=_groups(raw["given_names"].items()),
        not_given=frozenset(raw["not_given"]),
        codes=codes,
        coded={code: state for state, code in codes.items()},
    )


def _groups(lists: Iterable[tuple[str, list[str]]]) -> dict[str, frozenset[str]]:
    """Each folded form of a list (its key too) → every form of every list it is in."""
    groups: dict[str, frozenset[str]] = {}
    for head, words in lists:
        forms = frozenset({fold(head), *(fold(w) for w in words)})
        for form in forms:
            groups[form] = groups.get(form, frozenset()) | forms
    return groups


def _closed(groups: dict[str, frozenset[str]]) -> dict[str, frozenset[str]]:
    """Each form with the forms of every form in its group ("anglo" → "united kingdom" →
    "uk"): one place's names, however its lists were split."""
    return {f: frozenset().union(*(groups[g] for g in forms)) for f, forms in groups.items()}


def name_heads() -> frozenset[str]:
    """Common nouns that head or close names ("Mount", "Lake", "Board")."""
    return name_lexicon().heads


def opener_words() -> frozenset[str]:
    """Capitalised words that open sentences and name nothing (with the never-names)."""
    lex = name_lexicon()
    return lex.starters | lex.not_names
