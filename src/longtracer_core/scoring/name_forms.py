"""Other forms people write a name in, for the name check (``names.py``): a spelling one
letter apart (transliteration: "Shioli" / "Shiori", "Hapsburgs" / "Habsburg"), a
two-letter acronym of one long word ("UV" / "ultraviolet"), a demonym made from its place
("Uruguayan" / "Uruguay"), a place or an alias of several words the evidence writes
another way, read as a phrase ("United Kingdom" / "UK", "World War II" / "Second World
War"), a feast day for its date ("Christmas Eve" / "24 December"), a weekday cut short
("Sat" / "Saturdays"), a country's adjective before its currency ("Swiss francs" / "CHF
8.80") and the parts of a hyphenated word that name something ("UK" of "UK-based").
Pure functions of strings and word lists.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache

import regex

from ..lexicon.dates import HOLIDAYS, MONTHS, WEEKDAY_ABBREVIATIONS, WEEKDAY_LEADS, WEEKDAYS
from ..lexicon.grammar import DEMONYM_ENDINGS, HYPHEN_PREFIXES, PLACE_ENDINGS
from ..lexicon.numbers import CURRENCY_ADJECTIVES, CURRENCY_SIGNS
from ..text.words import fold, stem
from .name_case import capitalised
from .name_words import name_lexicon
from .spelled_out import pieces

__all__ = [
    "SPELLING_MIN",
    "derived_places",
    "demonym_held",
    "holds_form",
    "named_parts",
    "other_forms",
    "phrase_words",
    "respelled",
    "spells_in_word",
]

# a name this long may be spelled one letter apart (transliteration: Shioli / Shiori)
SPELLING_MIN = 5
# a name this long may gain or lose its first letter ("Chaikovsky" / "Tchaikovsky")
_FRONT_MIN = 8


def spells_in_word(acronym: str, word: str) -> bool:
    """Is a two-letter ``acronym`` the first letter and a later letter of one long word?"""
    return len(word) >= 2 * SPELLING_MIN - 1 and word[0] == acronym[0] and acronym[1] in word[2:]


def _one_edit(a: str, b: str) -> bool:
    """Are ``a`` and ``b`` one substitution, insertion or deletion apart? The first letter
    stays, except that a long name may gain or lose it."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return a[:1] == b[:1] and sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    if a[:1] != b[:1] and (len(short) < _FRONT_MIN or long_[1:] != short):
        return False
    i = next((k for k, (x, y) in enumerate(zip(short, long_, strict=False)) if x != y), len(short))
    return short[i:] == long_[i + 1 :]


def respelled(folded: str, words: Iterable[str]) -> bool:
    """Is ``folded`` (or its stem: "hapsburgs") one letter from a word of ``words`` (no
    digits: a digit more or less is another model, "Watch6")? Only names of
    ``SPELLING_MIN`` letters or more."""
    forms = {f for f in (folded, stem(folded)) if len(f) >= SPELLING_MIN}
    return any(_one_edit(f, w) for w in words if not any(c.isdigit() for c in w) for f in forms)


_PLACE_MIN = 5  # letters of a place's name a demonym is made from ("Uruguay"; not "Mari-an")


def derived_places(folded: str) -> Iterator[str]:
    """The names of places ``folded`` may be the demonym of, by its ending; none for a word
    the lexicon knows (its own forms decide: "Nigerian" is Nigeria's, not Niger's)."""
    if folded in name_lexicon().forms:
        return
    for ending in DEMONYM_ENDINGS:
        base = folded.removesuffix(ending)
        if base != folded and len(base) >= _PLACE_MIN:
            yield from (base + end for end in PLACE_ENDINGS)


@lru_cache(maxsize=1)
def _multiword_places() -> dict[str, tuple[str, ...]]:
    """Each word of a place of several words → those places ("kingdom" → "united kingdom")."""
    out: dict[str, list[str]] = {}
    for form in name_lexicon().forms:
        if " " in form:
            for word in form.split():
                out.setdefault(word, []).append(form)
    return {w: tuple(forms) for w, forms in out.items()}


def _written(phrase: str, text: str, start: int) -> bool:
    """Does ``text`` write ``phrase`` (folded) over the word at ``start``?"""
    words = tuple(fold(w) for w in phrase_words(phrase))
    for tokens, starts in pieces(text):
        for i in range(len(tokens) - len(words) + 1):
            if tuple(t for t, _ in tokens[i : i + len(words)]) != words:
                continue
            end = starts[i + len(words) - 1] + len(tokens[i + len(words) - 1][0])
            if starts[i] <= start < end + 2:
                return True
    return False


_BEFORE_CURRENCY = regex.compile(r"\b(\p{Lu}[\p{L}.]*(?:\s+\p{Lu}\p{L}*)?)\s+(\p{L}+)")
# a weekday cut short is one beside a time, a day range or another day ("Sat 11am",
# "Tue–Sun", "Sat and Sun"; not "The Sun reported")
_DAY_BESIDE = regex.compile(
    r"^\p{L}+\.?(?:\s*[–-]\s*\p{L}|\s+\d|,?\s+(?:and|to|&)\s+\p{Lu}\p{Ll}{2}\b)"
)
_DAYS_CUT = regex.compile(r"\b(?:" + "|".join(d.title() for d in WEEKDAY_ABBREVIATIONS) + r")\b")
_DAY_BEFORE = regex.compile(
    r"(?:\b\p{Lu}\p{Ll}{2}\.?(?:\s*[–-]\s*|,?\s+(?:and|to|&)\s+)|\b(?:"
    + "|".join(sorted(WEEKDAY_LEADS))
    + r")\s+)$"
)


def named_parts(word: str) -> list[str]:
    """The parts of a hyphenated word that name something ("UK" of "UK-based", "EU" of
    "non-EU", "French" of "Anglo-French"; no prefix: ``lexicon.grammar.HYPHEN_PREFIXES``)."""
    parts = word.split("-") if "-" in word else []
    return [p for p in parts if len(p) > 1 and capitalised(p) and fold(p) not in HYPHEN_PREFIXES]


def holds_form(
    form: tuple[str, ...],
    joined: bool,
    words: frozenset[str],
    phrases: Iterable[tuple[tuple[str, bool], ...]],
) -> bool:
    """Does the evidence (its folded ``words`` and word runs, ``phrases``) hold these words:
    each anywhere, or (``joined``, several) one after another ("second world war")?"""
    if not joined or len(form) == 1:
        return set(form) <= words
    n = len(form)
    return any(
        tuple(t for t, _ in phrase[i : i + n]) == form
        for phrase in phrases
        for i in range(len(phrase) - n + 1)
    )


def phrase_words(form: str) -> tuple[str, ...]:
    """A form of a name as the words the evidence's phrases are read in ("mao tse-tung":
    "mao", "tse", "tung")."""
    return tuple(w for w in regex.split(r"[\s-]+", form) if w)


def _a_day(text: str, start: int) -> bool:
    """Is the weekday cut short at ``text[start]`` a day: beside a time, a day range or
    another day, or in a text that cuts two days short ("Mon–Fri 9am–5pm, plus Sat
    mornings"; not "The Sun reported")?"""
    return bool(
        _DAY_BESIDE.search(text[start : start + 16])
        or _DAY_BEFORE.search(text[:start])
        or len(_DAYS_CUT.findall(text)) > 1
    )


def other_forms(text: str, start: int, word: str) -> Iterator[tuple[tuple[str, ...], bool]]:
    """The word groups (folded) any one of which the evidence holds holds the name ``word``
    at ``text[start]``, each with whether it must stand as a phrase: the other forms of a
    place or an alias of several words the claim writes (as a phrase: "world war one" is
    no "world war" and a "1" anywhere), a feast day's month and day, a weekday's full name,
    the codes of the currency a country's adjective stands before ("Swiss francs")."""
    folded = fold(word)
    for place in _multiword_places().get(folded, ()):
        if _written(place, text, start):
            yield from ((phrase_words(form), True) for form in name_lexicon().forms[place])
    for feast, (month, day) in HOLIDAYS.items():
        if folded in feast.replace("'s", "").split() and _written(feast, text, start):
            name = next(m for m, n in MONTHS.items() if n == month)
            yield from (((str(day), name), True), ((name, str(day)), True))  # "4 July"
    if folded in WEEKDAY_ABBREVIATIONS and _a_day(text, start):
        days = [day for day in WEEKDAYS if day.startswith(folded[:3])]
        yield from (((form,), False) for day in days for form in (day, day + "s"))
    yield from (((code,), False) for code in _currency_named(text, start).split())


def _currency_named(text: str, start: int) -> str:
    """The codes of the currency whose adjective (one or two words: "Swiss", "Hong Kong")
    holds the word at ``start`` before the currency's word ("8.80 Swiss francs", "50 Hong
    Kong dollars"), or ""."""
    for m in _BEFORE_CURRENCY.finditer(text, overlapped=True):
        if m.start() <= start < m.end(1) and m[2].casefold() in CURRENCY_SIGNS:
            codes = CURRENCY_ADJECTIVES.get(fold(" ".join(m[1].split())))
            if codes:
                return codes
    return ""


@lru_cache(maxsize=64)
def _places_derived(capitalised: frozenset[str]) -> frozenset[str]:
    """The places the evidence's capitalised words are demonyms of ("Amazonian": "amazon"),
    read once per evidence."""
    return frozenset(p for w in capitalised for p in derived_places(w))


def demonym_held(folded: str, capitalised: frozenset[str]) -> bool:
    """Is ``folded`` a demonym of a place the evidence writes capitalised ("Uruguayan" /
    "Uruguay"), or a place whose demonym it writes ("Amazon" / "Amazonian")?"""
    return folded in _places_derived(capitalised) or any(
        p in capitalised for p in derived_places(folded)
    )
