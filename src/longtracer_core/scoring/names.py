"""Names require name evidence: a proper name in a claim that no source contains.

The figure doctrine applied to names. A claim's names are the words ``name_spotting.py``
reads as naming something. A name is *present* when the evidence holds it the way people
refer to it: any case or accent, a possessive or plural, a surname alone, a demonym for its
country and back ("French" / "France"), an acronym for its expansion and back ("EMA" /
"European Medicines Agency"), a title dropped or added. A first name before a surname the
evidence holds is not held against the claim; one the evidence writes that surname after
another given name of is marked (``given_names.py``). Word lists
live in ``data/names.json``. Pure functions; the index is built once per case.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import regex

from ..lexicon.dates import ZONE_GROUPS
from ..lexicon.grammar import GENERATIONS, NAME_LINKS, POSSESSIVE_ENDINGS
from ..lexicon.numbers import CURRENCY_CODES
from ..text.words import fold, fold_stem
from .acronyms import (
    LINKED_ACRONYM,
    currency_codes,
    currency_words,
    linked_initials,
    numeral_forms,
    run_expands,
    run_initials,
    word_runs,
)
from .name_case import NAME_WORD, acronym, capitalised, short_form, zone_spans
from .name_forms import (
    demonym_held,
    holds_form,
    named_parts,
    other_forms,
    phrase_words,
    respelled,
    spells_in_word,
)
from .name_spotting import Name, names_of
from .name_words import name_lexicon
from .spelled_out import Token, phrase_tokens, spelled_by, spells_written

__all__ = [
    "context_names",
    "holds",
    "NameIndex",
    "absent_names",
    "only_marked",
    "unheld_names",
    "name_index",
    "text_names",
]


@dataclass(frozen=True)
class NameIndex:
    """What the evidence offers for names: folded words, their stems, acronyms."""

    words: frozenset[str]
    stems: frozenset[str]
    acronyms: frozenset[str]  # acronyms written in the evidence and its name runs' initials
    capitalised: frozenset[str] = frozenset()  # folded words the evidence writes capitalised
    written: frozenset[str] = frozenset()  # the acronyms the evidence writes as acronyms
    fronts: frozenset[tuple[str, str]] = frozenset()  # (a run's word, a word after it)
    numbered: frozenset[tuple[str, str]] = frozenset()  # ("henry", "viii"), ("apollo", "8")
    phrases: frozenset[tuple[Token, ...]] = frozenset()  # word runs, to spell acronyms out

    @classmethod
    def union(cls, parts: Iterable[NameIndex]) -> NameIndex:
        """The name evidence of several sources together."""
        parts = list(parts)

        def joined(field: str) -> frozenset[Any]:
            return frozenset().union(*(getattr(part, field) for part in parts))

        fields = (
            "words",
            "stems",
            "acronyms",
            "capitalised",
            "written",
            "fronts",
            "numbered",
            "phrases",
        )
        return cls(**{f: joined(f) for f in fields})


def _runs(text: str) -> Iterable[list[str]]:
    """Runs of capitalised words (small linking words allowed inside a run)."""
    run: list[str] = []
    for m in NAME_WORD.finditer(text):
        word = m.group(0)
        if capitalised(word):
            run.append(word)
        elif run and word.lower() in NAME_LINKS:
            continue
        else:
            if len(run) > 1:
                yield run
            run = []
    if len(run) > 1:
        yield run


# a name does not run across a stop, a comma or a bracket; the full stop of an initial
# ("John F. Kennedy") is no stop
_PIECES = regex.compile(r"(?:(?<!(?<!\p{L})\p{Lu})\.|[!?;:,)\]])\s+|\s+[(\[]|\n")
# under this share of capitalised words a text was written without case ("west beach")
_UNCASED = 0.02


def _uncased(words: Sequence[str]) -> bool:
    letters = [w for w in words if w[0].isalpha()]
    return bool(letters) and sum(map(capitalised, letters)) < _UNCASED * len(letters)


def context_names(context: Iterable[str]) -> NameIndex:
    """The names a claim's context writes with a capital (the user's "Crete", not their
    "us" or "turkey"): name evidence read as the sources' is."""
    return name_index(" ".join(w for w in c.split() if w[:1].isupper()) for c in context)


def name_index(texts: Iterable[str]) -> NameIndex:
    """The name evidence of a case's sources."""
    words: set[str] = set()
    acronyms: set[str] = set()
    written: set[str] = set()
    upper: set[str] = set()
    fronts: set[tuple[str, str]] = set()
    numbered: set[tuple[str, str]] = set()
    phrases: set[tuple[Token, ...]] = set()
    for text in texts:
        phrases.update(phrase_tokens(text))
        seen: list[str] = []
        for m in NAME_WORD.finditer(text):
            word = m.group(0)
            words.add(fold(word))
            words.update(fold(part) for part in word.split("-") if part)
            if acronym(word):
                written.add(fold(word).replace(".", ""))
            seen.append(word)
            if capitalised(word):
                upper.add(fold(word))
        if _uncased(seen):
            upper.update(fold(w) for w in seen)  # a lowercased text tells no case
        words.update(currency_words(text))  # "$500" is name evidence for "USD 500"
        if _PLUS_SIGN.search(text):
            words.add("plus")  # "S24+": "S24 Plus"
        numbered.update((fold(a), b.casefold()) for a, b in _NAMED_NUMBER.findall(text))
        for piece in _PIECES.split(text):  # a name runs across no stop (an initial's aside)
            for run in _runs(piece):
                acronyms.update(run_initials(run))
                folded = [fold(w) for w in run]
                fronts.update((a, b) for j, b in enumerate(folded) for a in folded[:j])
            acronyms.update(linked_initials(piece))
            acronyms.update("".join(w[0] for w in run).lower() for run in word_runs(piece))
    stems = frozenset(fold_stem(w) for w in words)
    return NameIndex(
        frozenset(words),
        stems,
        frozenset(acronyms | written),
        frozenset(upper),
        frozenset(written),
        frozenset(fronts),
        frozenset(numbered),
        frozenset(phrases),
    )


def _present(word: str, index: NameIndex, spelling: bool = True) -> bool:
    folded = fold(word)
    bare = next((folded[: -len(e)] for e in POSSESSIVE_ENDINGS if folded.endswith(e)), folded)
    named = named_parts(word)
    if bare.replace("-", "") in index.words:
        return True  # one word written with a hyphen: "Wal-Mart" / "Walmart"
    if named and bare not in index.words and folded not in name_lexicon().forms:
        # "UK-based", "non-EU", "Japanese-made": the name in it, read in every form
        return all(_present(part, index, spelling) for part in named)
    forms = {folded, bare, folded.replace(".", "")}
    forms.update(part for part in folded.split("-") if part)
    if bare.endswith("ses"):
        forms.add(bare[:-2])  # a family by its name: "the Joneses"
    if acronym(word.removesuffix("s")):
        forms.add(folded.removesuffix("s"))  # "EVs"
    if forms & index.words or {fold_stem(f) for f in forms} & index.stems:
        return True
    # the word as written without its possessive ("NASA's": "NASA"; ``fold`` drops it too)
    base = next((word[: -len(e)] for e in POSSESSIVE_ENDINGS if word.endswith(e)), word)
    if acronym(base) and bare.replace(".", "") in index.acronyms:
        return True
    if LINKED_ACRONYM.fullmatch(base) and bare in index.acronyms:
        return True  # "BoE" / "Bank of England"
    if acronym(base) and len(bare) == 2 and any(spells_in_word(bare, w) for w in index.words):
        return True  # "UV" / "ultraviolet"
    if acronym(base) and spelled_by(bare, index.phrases) == "capitals":
        return True  # "GCHQ" / "Government Communications Headquarters"
    if _coded(base, bare, index):
        return True  # "Gary, Indiana" / "Gary, IN", either way round
    if bare in CURRENCY_CODES:  # "USD 500" where the evidence writes "$500"
        return bool(currency_codes(bare) & index.words)
    if bare in ZONE_GROUPS:  # "14:00 GMT" for "14:00 UTC"
        return bool(ZONE_GROUPS[bare] & index.words)
    places = name_lexicon().forms.get(folded, frozenset())
    if any(holds_form(phrase_words(p), True, index.words, index.phrases) for p in places):
        return True
    if demonym_held(bare, index.capitalised):
        return True  # "Uruguayan" / "Uruguay", "Amazon" / "Amazonian"
    return spelling and respelled(folded, index.words)  # a spelling a letter apart


def _coded(word: str, bare: str, index: NameIndex) -> bool:
    """A US state the evidence writes as its postal code in capitals, or a code in capitals
    whose state the evidence names (``names.json`` ``postal_codes``)."""
    lexicon = name_lexicon()
    if bare in lexicon.codes:
        return lexicon.codes[bare] in index.written
    state = lexicon.coded.get(bare)
    return acronym(word) and state is not None and state in index.words


# a name cut short to its opening letters ("the Met" for the Metropolitan Museum, "the
# Med"): a short word, the start of a much longer capitalised word of the evidence, and no
# form the lexicon knows of another name
_CLIPPED = (3, 5)  # the letters of a clipped name, fewest and most
_CLIPPED_OFF = 4  # the fewest letters cut off ("Peru" is no clipped "Perugia")


def _clipped(word: str, bare: str, index: NameIndex) -> bool:
    low, high = _CLIPPED
    if not (capitalised(word) and not acronym(word) and low <= len(bare) <= high):
        return False
    if bare in name_lexicon().forms:
        return False  # a known form of another name ("the Fed": the Federal Reserve)
    return any(w.startswith(bare) and len(w) >= len(bare) + _CLIPPED_OFF for w in index.capitalised)


_CLASSES = (CURRENCY_CODES, frozenset(ZONE_GROUPS))


def _unclassed(word: str, index: NameIndex) -> bool:
    """Is ``word`` a currency code or a time zone where the evidence writes none of its
    class? It then names nothing the evidence could contradict ("USD 500" for "500")."""
    return any(word in group and not (group & index.words) for group in _CLASSES)


@lru_cache(maxsize=64)
def _as_names(index: NameIndex) -> NameIndex:
    """The part of ``index`` the evidence writes capitalised (or without case)."""
    words = index.capitalised
    stems = frozenset(fold_stem(w) for w in words)
    return NameIndex(words, stems, index.acronyms, words, index.written, phrases=index.phrases)


def _unheld(text: str, index: NameIndex, spelling: bool = True) -> Iterator[tuple[int, list[Name]]]:
    """(i, names) for each name of ``text`` the evidence holds neither as written nor in
    another form people write it (an acronym or its expansion, a demonym, a spelling)."""
    names = list(names_of(text))
    for i, name in enumerate(names):
        if _other_generation(name, text, index):
            yield i, names  # "JFK Jr." where the evidence names no junior
        elif not (
            _present(name.text, index, spelling)
            or run_expands(text, name.start, index.written)
            or spells_written(text, name.start, index.written)
            or _numbered(name, text, index)
            or _joined(name, text, index)
            or any(
                holds_form(f, joined, index.words, index.phrases)
                for f, joined in other_forms(text, name.start, name.text)
            )
        ):
            yield i, names


_NEXT_WORD = regex.compile(r"[ \t]+([\p{L}\p{N}]+)")
_GENERATION = regex.compile(r",?[ \t]+(\p{L}+)")


def _other_generation(name: Name, text: str, index: NameIndex) -> bool:
    """Is ``name`` followed by a generation ("Jr.", "Sr.") the evidence never writes? The
    namesake is another person ("JFK Jr." where the source names John F. Kennedy)."""
    after = _GENERATION.match(text, name.end)
    word = after[1].casefold() if after is not None else ""
    return word in GENERATIONS and word not in index.words


_LAST_WORD = regex.compile(r"([\p{L}\p{N}]+)[ \t]+$")


def _joined(name: Name, text: str, index: NameIndex) -> bool:
    """Is ``name`` one word of the evidence written in two ("Pay Pal" / "PayPal", "JP
    Morgan" / "JPMorgan", "COP 28" / "COP28")?"""
    after = _NEXT_WORD.match(text, name.end)
    before = _LAST_WORD.search(text, 0, name.start)
    here = fold(name.text)
    return (after is not None and here + fold(after[1]) in index.words) or (
        before is not None and fold(before[1]) + here in index.words
    )


def _numbered(name: Name, text: str, index: NameIndex) -> bool:
    """Is ``name`` a number word the evidence writes as a numeral after the same word
    ("Henry the Eighth" / "Henry VIII", "World War Two" / "World War II"; not "World War
    One" / "1 September")?"""
    forms = numeral_forms(fold(name.text))
    before = _BEFORE_NUMBER.search(text, 0, name.start) if forms else None
    return before is not None and any((fold(before[1]), f) in index.numbered for f in forms)


_PLUS_SIGN = regex.compile(r"\b\p{L}[\p{L}\p{N}]*\+")  # "S24+", "Disney+"; not "50+"
_BEFORE_NUMBER = regex.compile(r"(\p{L}+)\s+(?:the\s+)?$", regex.IGNORECASE)
# a name and its number: "Henry VIII", "World War II", "Apollo 8"
_NAMED_NUMBER = regex.compile(r"\b(\p{Lu}\p{L}+)\s+([IVXLC]+|\d{1,2})\b(?![.,:]\d)")


def absent_names(
    text: str,
    index: NameIndex,
    optional: frozenset[str] = frozenset(),
    given: NameIndex | None = None,
) -> list[str]:
    """The names of ``text`` the evidence does not hold (``optional``: folded words the claim
    took from its context, and ``given``: the names its context writes, in any form people
    refer to them — "the Cretan sun" for a trip to Crete — never held against it)."""
    lexicon = name_lexicon()
    missing: list[str] = []
    for i, names in _unheld(text, index):
        name = names[i]
        folded = fold(name.text)
        if folded in optional or folded in lexicon.heads or _unclassed(folded, index):
            continue
        if given is not None and _present(name.text, given):
            continue
        nxt = names[i + 1] if i + 1 < len(names) else None
        if (
            nxt is not None
            and not text[name.end : nxt.start].strip()
            and not name.text.endswith(POSSESSIVE_ENDINGS)  # "Sweden's Karsten": no first name
            and fold(nxt.text) not in lexicon.heads
            and _present(nxt.text, _as_names(index))
        ):
            continue  # a first name before a surname the evidence names (not "University";
            # not "Apple" before "watch", a word the evidence writes in lowercase only)
        missing.append(name.text)
    return list(dict.fromkeys(missing))


def only_marked(missing: Sequence[str], index: NameIndex, claim: str) -> bool:
    """Are all of a claim's ``missing`` names ones the evidence may still mean: an acronym's
    plural ("MPs", ``short_form``), an acronym its lowercase words spell out ("IVF" / "in
    vitro fertilisation", ``spelled_out``), a name cut short (``_clipped``: "the Met" of the
    Metropolitan Museum, but "the Fed" is no Federal Trade Commission), or a place the
    claim names only as the clock a time is told by ("8pm UK time", ``name_case.zone_spans``:
    a conversion no check follows)? They mark the claim; they never delete it."""
    spans = zone_spans(claim)
    read = [(n.text, any(a <= n.start < b for a, b in spans)) for n in names_of(claim)]
    clock = {t for t, told in read if told} - {t for t, told in read if not told}
    return all(
        short_form(n)
        or (acronym(n) and spelled_by(n, index.phrases) == "lowercase")
        or _clipped(n, fold(n), index)
        or n in clock
        for n in missing
    )


def holds(word: str, index: NameIndex, as_name: bool = False) -> bool:
    """Does ``index`` hold ``word`` in a form people write it (``as_name``: only where the
    evidence writes it capitalised or without case)?"""
    return _present(word, _as_names(index) if as_name else index)


def unheld_names(text: str, span: str) -> list[str]:
    """The names of ``text`` that ``span`` holds in no form people write them, read
    strictly: a generic head ("Board"), a first name before a held surname and a spelling
    one letter apart ("Carla" for "Carlo") count. A hint for the entity gate, never a
    finding."""
    index = text_names(span)
    return list(dict.fromkeys(names[i].text for i, names in _unheld(text, index, False)))


@lru_cache(maxsize=1024)
def text_names(span: str) -> NameIndex:
    """The names of one text, indexed once (a span, a sentence, a claim)."""
    return name_index([span])
