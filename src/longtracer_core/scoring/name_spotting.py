"""Which words of a text name something: the name check's reading of a claim.

A claim's names are its capitalised words (inside a sentence; a sentence's first word only
when it is no common sentence opener), acronyms and words with inner capitals, less the
capitals that mark no name: a Title Case label or heading, an everyday word in capitals
("NEVER"), a title ("Justice", but not in "Court of Justice"), a unit ("MWh"; in capitals
only after a number), the country before a currency ("US dollars"), a label in brackets
and a number word opening a sentence. ``names.py`` asks the evidence for each of them.
Pure functions of strings and the word lists of ``data/names.json``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import regex

from ..lexicon.grammar import POSSESSIVE_ENDINGS
from ..lexicon.numbers import NUMBER_WORDS, RATE_PERIOD_WORDS
from ..text.words import fold
from .name_case import NAME_WORD, acronym, capitalised, title_span
from .name_words import name_lexicon
from .units import unit_table

__all__ = ["Name", "claim_names", "named_by_apposition", "names_of"]

_SHOUTED = 4  # an everyday word this long in capitals is emphasis ("NEVER"; not "WHO", "US")
_OPENERS = "\"'“‘(*[#>•|:;!?.—–-"
_POSSESSIVE_BEFORE_WORD = tuple(e + " " for e in POSSESSIVE_ENDINGS)  # "Hexley's " before a word


@dataclass(frozen=True, slots=True)
class Name:
    """One name word of a claim, where it is, and whether it opens its sentence."""

    text: str
    start: int
    end: int
    initial: bool


def _opens(text: str, start: int) -> bool:
    """Does the word at ``start`` open a sentence, a clause or a line?"""
    i = start - 1
    while i >= 0 and text[i].isspace():
        i -= 1
    return (
        i < 0
        or text[i] in _OPENERS
        or "\n" in text[i + 1 : start]  # a line's first word ("…1977\nEntered interstellar")
        or (text[i].isdigit() and text[i + 1 : start].strip() == ".")
    )


def _possessive_or_run(text: str, end: int) -> bool:
    """Is the word ending at ``end`` followed by a possessive or another capitalised word?"""
    rest = text[end : end + 40]
    if rest.startswith(_POSSESSIVE_BEFORE_WORD):
        return True
    nxt = NAME_WORD.match(rest.lstrip(" "))
    return bool(rest[:1] == " " and nxt and capitalised(nxt.group(0)) and nxt.group(0)[0].isalpha())


# an apposition that says what the word before it is: "Dabrixan, an oral anticoagulant"
_APPOSED = regex.compile(r",\s+an?\s+\p{Ll}")


def named_by_apposition(text: str, word: str, end: int) -> bool:
    """Is ``word``, ending at ``end``, set off by an apposition that says what it is
    ("Dabrixan, an oral anticoagulant")? Not an adverb in -ly ("Usually, a …")."""
    return not fold(word).endswith("ly") and _APPOSED.match(text, end) is not None


def _name_follows(text: str, word: str, end: int) -> bool:
    """Does what follows a sentence's first word show it is a name: a possessive, another
    capitalised word, or an apposition saying what it is?"""
    return _possessive_or_run(text, end) or named_by_apposition(text, word, end)


def _bracketed(text: str, at: int) -> bool:
    """Is ``text[at]`` inside square brackets or parentheses?"""
    before = text[:at]
    return before.count("[") > before.count("]") or before.count("(") > before.count(")")


# a capitalised word and "of" just before a word: "Court of Justice", "Bank of England"
_OF_NAME = regex.compile(r"\p{Lu}[\p{L}\p{M}'’.-]*\s+of\s+$")


def claim_names(text: str) -> list[Name]:
    """The words of ``text`` that name something (see ``names_of``)."""
    return list(names_of(text))


@lru_cache(maxsize=4096)
def names_of(text: str) -> tuple[Name, ...]:
    """The words of ``text`` that name something (see the module docstring).

    A sentence's first word is a name only when it is an acronym, has inner capitals, is a
    country's name ("China"), or opens a run of names ("New Zealand", "Hexley's") and is no
    common opener: a capitalised first word is otherwise just English. A title word
    ("Justice") names nothing unless it ends a name after "of" ("Court of Justice"). In a
    Title Case label or heading only acronyms and inner capitals name something.
    """
    lex = name_lexicon()
    out: list[Name] = []
    title_start, title_end = title_span(text)
    for m in NAME_WORD.finditer(text):
        word = m.group(0)
        if not word[0].isalpha() or not capitalised(word) or len(word) < 2:
            continue
        in_title = title_start <= m.start() < title_end
        if in_title and not (acronym(word) or any(ch.isupper() for ch in word[1:])):
            continue
        if any(ch.isdigit() for ch in word):
            continue  # model numbers and codes ("Q1", "L2") are figures, not names
        if text[m.end() : m.end() + 9].lower().lstrip().startswith(("dollar", "cent", "$")):
            continue  # "US dollars", "Hong Kong cents", "US$15": a currency, not a place
        folded = fold(word)
        title = folded in lex.titles and not _OF_NAME.search(text, 0, m.start())
        # a unit ("MWh", "3.2 GHz") names nothing; one in capitals only after a number or
        # "per" ("350 BP" and "40p per GB" are units, "the contract went to BP" a name)
        unit = folded in unit_table().words and (
            not acronym(word) or _AFTER_NUMBER.search(text, 0, m.start()) is not None
        )
        # a rate's period after its figure ("4.5% AER", "6.9% APR") names nothing either
        rate = folded in RATE_PERIOD_WORDS and _AFTER_RATE.search(text, 0, m.start()) is not None
        unit = unit or rate
        shouted = acronym(word) and len(folded) >= _SHOUTED and folded in lex.starters
        if folded in lex.not_names or title or unit or shouted:
            continue  # "MWh" is a unit; "Justice" a title, but in "Court of Justice" a name;
            # "NEVER" or "FREE" in capitals is an everyday word said loudly
        if _bracketed(text, m.start()):
            continue  # "[UCAS]", "(GOV.UK)": a label for a source, not a claim about it
        initial = _opens(text, m.start())
        if initial and folded in NUMBER_WORDS:
            continue  # "Ten kWh cost 75p": a quantity opens the sentence, not a name
        plain = not (any(ch.isupper() for ch in word[1:]) or acronym(word))
        place = folded in lex.demonyms and " " not in folded  # "China", "France"
        if (
            initial
            and plain
            and not place
            and (folded in lex.starters or not _name_follows(text, word, m.end()))
        ):
            continue
        out.append(Name(word, m.start(), m.end(), initial))
    return tuple(out)


# where a unit in capitals is a unit, not a name: after a number or "per" ("350 BP", "per
# GB", "40p/GB"; not "Shell/BP")
_AFTER_RATE = regex.compile(r"\d\s?%?\s?$")
_AFTER_NUMBER = regex.compile(
    r"(?:\d|\b(?:" + "|".join(NUMBER_WORDS) + r")|\bper|\d\p{L}{0,2}\s?/)\s?$", regex.IGNORECASE
)
