"""Acronyms and numerals as the name check reads them: the initials of the evidence's runs
of words ("Bank of England": "boe", "body mass index": "bmi"), a run of capitalised
words a claim writes out where the evidence writes its acronym ("World Health
Organisation" / "WHO"), and a number word of a name the evidence writes as a Roman numeral
("Henry the Eighth" / "Henry VIII"). Read by ``names.py``; pure functions of strings.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import regex

from ..lexicon.grammar import NAME_LINKS
from ..lexicon.numbers import NUMBER_WORDS, ORDINAL_WORDS
from ..text.words import function_words
from .name_case import NAME_WORD, acronym

__all__ = [
    "LINKED_ACRONYM",
    "linked_initials",
    "numeral_written",
    "run_expands",
    "run_initials",
    "word_runs",
]

_EXPANSION = range(3, 6)  # words in a lowercase expansion ("body mass index" / "BMI")


def word_runs(text: str) -> Iterable[list[str]]:
    """Every run of three to five consecutive words of any case (linking words skipped
    inside a run): a lowercase expansion of an acronym ("body mass index")."""
    words = [m.group(0) for m in NAME_WORD.finditer(text) if m.group(0)[0].isalpha()]
    for i, first in enumerate(words):
        if first.lower() in NAME_LINKS:
            continue
        run = [first]
        for word in words[i + 1 : i + 8]:
            if word.lower() in NAME_LINKS:
                continue
            run.append(word)
            if len(run) in _EXPANSION:
                yield list(run)
            if len(run) == _EXPANSION[-1]:
                break


def _initials(run: Sequence[str], whole: bool = False) -> str:
    """The initials of a run's capitalised words; ``whole``: an acronym in it whole ("US
    Department of Agriculture": "usda" as well as "uda")."""
    return "".join(w if whole and acronym(w) else w[0] for w in run if w[0].isupper()).lower()


def run_initials(run: Sequence[str]) -> set[str]:
    """A run's initials (an acronym in it by its first letter or whole), and those of the
    run after its opening function word ("The United States" is written "US" as well as
    "TUS")."""
    out = {_initials(run), _initials(run, whole=True)}
    if len(run) > 2 and run[0].casefold() in function_words():
        out.update({_initials(run[1:]), _initials(run[1:], whole=True)})
    return out


# "BoE", "DfE": a lowercase linking letter, met only by a run holding it (_LINKED_RUN)
LINKED_ACRONYM = regex.compile(r"\p{Lu}\p{Ll}\p{Lu}\p{Lu}?")
_LINKED_RUN = regex.compile(
    r"\b(\p{Lu})\p{L}*\s+(of|for|on|in|and)\s+(?:the\s+)?(\p{Lu})\p{L}*(?:\s+(\p{Lu})\p{L}*)?"
)


def linked_initials(piece: str) -> set[str]:
    """ "Bank of England": "boe"; "Department for Education": "dfe"."""
    out: set[str] = set()
    for m in _LINKED_RUN.finditer(piece):
        head = (m.group(1) + m.group(2)[0] + m.group(3)).lower()
        out.add(head)
        if m.group(4):
            out.add(head + m.group(4).lower())
    return out


_NUMERALS = {**NUMBER_WORDS, **ORDINAL_WORDS, "one": 1, "first": 1, "second": 2}
_ROMAN = (("x", 10), ("ix", 9), ("v", 5), ("iv", 4), ("i", 1))


def numeral_written(word: str, words: frozenset[str]) -> bool:
    """Is a number word of a name ("Eighth", "Two") written by the evidence as a Roman
    numeral or in digits ("VIII", "8th")?"""
    value = _NUMERALS.get(word)
    if value is None:
        return False
    roman, rest = "", value
    for letters, worth in _ROMAN:
        while rest >= worth:
            roman, rest = roman + letters, rest - worth
    return bool({roman, str(value), f"{value}th"} & words)


# a run of capitalised words, linking words inside it ("Centers for Disease Control")
_CAPITAL_RUN = regex.compile(
    r"\p{Lu}[\p{L}\p{M}'’.-]*(?:\s+(?:(?:"
    + "|".join(NAME_LINKS)
    + r")\s+)*\p{Lu}[\p{L}\p{M}'’.-]*)*"
)
_ACRONYM_PREFIX = 3  # an acronym this long may stand for the first words of a run


def run_expands(text: str, start: int, written: frozenset[str]) -> bool:
    """Is the name at ``text[start]`` part of a run of capitalised words whose initials
    the evidence writes (``written``) as an acronym ("Japan Aerospace Exploration Agency" /
    "JAXA", "World Health Organisation" / "WHO"), or whose first words' initials an acronym
    of three letters or more gives ("Centers for Disease Control and Prevention" / "CDC";
    never the initials of another run of names: "Carla Bruni" is no "Carlo Bruni")?"""
    run = next((m for m in _CAPITAL_RUN.finditer(text) if m.start() <= start < m.end()), None)
    if run is None:
        return False
    words = [w for w in run.group(0).split() if w[:1].isupper()]
    while words and words[0].casefold() in function_words():
        words = words[1:]
    initials = "".join(w[0] for w in words).lower()
    return len(words) > 1 and (
        initials in written
        or any(len(a) >= _ACRONYM_PREFIX and initials.startswith(a) for a in written)
    )
