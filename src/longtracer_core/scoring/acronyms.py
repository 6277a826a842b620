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
from ..lexicon.numbers import CURRENCY_SIGNS, NUMBER_WORDS, ORDINAL_WORDS, ROMAN_NUMERALS
from ..text.patterns import alternation
from ..text.words import function_words
from .name_case import NAME_WORD, acronym

__all__ = [
    "LINKED_ACRONYM",
    "currency_codes",
    "currency_words",
    "linked_initials",
    "numeral_forms",
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


# "BoE", "DfE", "BofA": a linking word's lowercase letter or two, met only by a run holding
# it (_LINKED_RUN)
LINKED_ACRONYM = regex.compile(r"\p{Lu}\p{Ll}{1,2}\p{Lu}\p{Lu}?")  # "BofA" too
_LINKED_RUN = regex.compile(
    r"\b(\p{Lu})\p{L}*\s+(of|for|on|in|and)\s+(?:the\s+)?(\p{Lu})\p{L}*(?:\s+(\p{Lu})\p{L}*)?"
)


_NAMED_BEFORE = regex.compile(r"(\p{Lu}\p{L}*)\s+$")  # a capitalised word right before


def linked_initials(piece: str) -> set[str]:
    """ "Bank of England": "boe"; "Department for Education": "dfe"; "Bank of America":
    "bofa" too; none of a longer name ("Royal Bank of Canada" gives no "boc")."""
    out: set[str] = set()
    for m in _LINKED_RUN.finditer(piece):
        named = _NAMED_BEFORE.search(piece, 0, m.start())
        if named is not None and named[1].casefold() not in function_words():
            continue  # "Bank of Canada" inside "Royal Bank of Canada" is no "BoC"
        for link in {m.group(2)[0], m.group(2)}:  # "BoE"; "BofA" / "Bank of America"
            head = (m.group(1) + link + m.group(3)).lower()
            out.add(head)
            if m.group(4):
                out.add(head + m.group(4).lower())
    return out


_NUMERALS = {**NUMBER_WORDS, **ORDINAL_WORDS, "one": 1, "first": 1, "second": 2}


def numeral_forms(word: str) -> frozenset[str]:
    """How the evidence may write a number word of a name ("Eighth", "Two"): as a Roman
    numeral or in digits ("viii", "8"); nothing for another word."""
    value = _NUMERALS.get(word)
    if value is None:
        return frozenset()
    roman, rest = "", value
    for letters, worth in ROMAN_NUMERALS:
        while rest >= worth:
            roman, rest = roman + letters, rest - worth
    return frozenset({roman, str(value)})


_SIGNS = regex.compile(
    r"(?<![\p{L}])(?:" + alternation(CURRENCY_SIGNS) + r")(?![\p{L}])",
    regex.IGNORECASE,
)


def currency_words(text: str) -> set[str]:
    """The currency codes ``text`` may mean by its signs and currency words ("$500": any
    dollar's code; "€", "euros": "eur"), as name evidence for a claim's "USD 500"."""
    return {code for m in _SIGNS.finditer(text) for code in CURRENCY_SIGNS[m[0].casefold()].split()}


def currency_codes(code: str) -> frozenset[str]:
    """The codes one currency goes by ("cny" / "rmb")."""
    return frozenset(CURRENCY_SIGNS.get(code, code).split()) | {code}


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
    words = [(m.start(), m[0]) for m in _WORD.finditer(run[0]) if m[0][:1].isupper()]
    while words and words[0][1].casefold() in function_words():
        words = words[1:]
    initials = "".join(w[0] for _, w in words).lower()
    if len(words) < 2:
        return False
    if initials in written:
        return True
    at = max((k for k, (s, _) in enumerate(words) if run.start() + s <= start), default=-1)
    return any(
        len(a) >= _ACRONYM_PREFIX and initials.startswith(a) and _spelled(run[0], words, a, at)
        for a in written
    )


_WORD = regex.compile(r"\S+")


def _spelled(run: str, words: list[tuple[int, str]], acronym: str, at: int) -> bool:
    """Is the word at ``at`` one the acronym's first words spell, or a tail joined to them by
    "and" ("Control and Prevention" of "CDC")? A title and a person after an expansion
    ("European Central Bank President Christine Lagarde") are names of their own."""
    if 0 <= at < len(acronym):
        return True
    last, nxt = words[len(acronym) - 1], words[len(acronym)]
    joint = run[last[0] + len(last[1]) : nxt[0]].strip().casefold()
    return joint in ("and", "&") and len(words) == len(acronym) + 1
