"""Unicode word segmentation (UAX #29) and the matcher's lexical tokens.

Word boundaries come from the ``regex`` package's default Unicode word boundary
(``\\b`` under the ``WORD`` flag), which implements UAX #29 with current
Unicode tables; it passes all 1,944 lines of the Unicode 17 conformance file
(``tests/core/text/test_word_segments.py``). Python's ``unicodedata`` has no Word_Break
property, so the standard library alone cannot do this.
"""

from __future__ import annotations

import functools
import json
import threading
import unicodedata
from importlib import resources

import regex
import snowballstemmer  # type: ignore[import-untyped]

from ..lexicon.grammar import PLAIN_LETTERS, POSSESSIVE_ENDINGS
from ..lexicon.numbers import INLINE_SPACES
from ..lexicon.polarity import NEGATIONS
from ..lexicon.verbs import PAST_BASE
from .memo import short_text_cache

__all__ = [
    "base_words",
    "negation_word",
    "negation_words",
    "DIGIT_GROUP_SPACE",
    "fold",
    "fold_stem",
    "function_words",
    "lex_tokens",
    "stem",
    "stem_tokens",
    "word_segments",
]

_LOCAL = threading.local()

_BOUNDARY = regex.compile(r"\b", flags=regex.WORD | regex.V0)
_HAS_ALNUM = regex.compile(r"[\p{L}\p{N}]")
# a thin or no-break space grouping digits is a thousands comma ("27 295" is "27,295")
DIGIT_GROUP_SPACE = rf"(?<=(?<!\d)\d{{1,3}})[{INLINE_SPACES}](?=\d{{3}}(?!\d))"
_DIGIT_GROUP = regex.compile(DIGIT_GROUP_SPACE)
# a typographic apostrophe inside a word is the typewriter one ("Xi’an" is "Xi'an")
_APOSTROPHES = str.maketrans({"’": "'", "ʼ": "'"})
_PLAIN_LETTERS = str.maketrans(PLAIN_LETTERS)


def word_segments(text: str) -> list[str]:
    """Split ``text`` at every UAX #29 word boundary; ``"".join(result) == text``.

    Every segment is kept, spaces and punctuation included.
    """
    if not text:
        return []
    cuts = [m.start() for m in _BOUNDARY.finditer(text)]
    segments: list[str] = []
    prev = 0
    for cut in cuts:
        if cut > prev:
            segments.append(text[prev:cut])
            prev = cut
    if prev < len(text):
        segments.append(text[prev:])
    return segments


# The gates and the matcher read the same claim and span texts many times per
# case (a claim against each candidate, a span against each claim): short texts
# are tokenised once. Bounded by entries and by the length of a cached text.
def lex_tokens(text: str) -> list[str]:
    """NFC-normalise, segment (UAX #29), casefold, straighten apostrophes, and keep segments
    with a letter or digit.

    No stopword list: IDF weighting is what keeps function words from counting.
    ``str.casefold`` is Unicode full case folding (``ß`` folds to ``ss``).
    """
    return list(_lex_token_tuple(text))


@short_text_cache(maxsize=8_192)
def _lex_token_tuple(text: str) -> tuple[str, ...]:
    return tuple(_lex_tokens(text))


def _lex_tokens(text: str) -> list[str]:
    normalized = _DIGIT_GROUP.sub(",", unicodedata.normalize("NFC", text))
    return [
        seg.casefold().translate(_APOSTROPHES)
        for seg in word_segments(normalized)
        if _HAS_ALNUM.search(seg)
    ]


def base_words(text: str) -> list[str]:
    """A text's words, an irregular past read as its base ("made" is "make")."""
    return [PAST_BASE.get(t, t) for t in lex_tokens(text)]


def negation_word(token: str) -> bool:
    """A plain negation ("not", "never", "without", "can't"; ``lexicon.polarity.NEGATIONS``)."""
    return token in NEGATIONS or token.endswith(("n't", "n’t"))


def negation_words(text: str) -> list[str]:
    """``base_words`` with "no longer" read as a plain "no" ("is no longer recommended"
    denies "recommended")."""
    tokens = base_words(text)
    return [t for i, t in enumerate(tokens) if not (t == "longer" and i and tokens[i - 1] == "no")]


@functools.lru_cache(maxsize=200_000)
def stem(token: str) -> str:
    """The Snowball (Porter 2) English stem of a casefolded token; ``-ize`` reads ``-ise``
    and a possessive ``'s`` is dropped.

    Tokens holding a digit are kept whole (``l2``, ``covid-19``). Stemmers keep
    state while they run, so each thread has its own.
    """
    if token.endswith(POSSESSIVE_ENDINGS):
        token = token[:-2]  # possessive: "webb's" is "webb"
    token = token.rstrip("'’")
    if any(ch.isdigit() for ch in token) or not token:
        return token
    stemmer = getattr(_LOCAL, "stemmer", None)
    if stemmer is None:
        stemmer = _LOCAL.stemmer = snowballstemmer.stemmer("english")
    out: str = stemmer.stemWord(token)
    if out.endswith(("iz", "yz")):  # organiz(ation) / analyz(e): one spelling
        out = out[:-1] + "s"
    return out


def stem_tokens(text: str) -> list[str]:
    """``lex_tokens`` reduced to their stems, so inflections count as the same word."""
    return [stem(t) for t in lex_tokens(text)]


@functools.lru_cache(maxsize=65_536)
def fold(word: str) -> str:
    """A word as names are compared: accents stripped (NFKD), casefolded, the letters NFKD
    leaves whole written plain (``lexicon.grammar.PLAIN_LETTERS``: "ø" as "o"), a
    possessive ``'s`` and outer quotes dropped ("Müller's" reads "muller")."""
    plain = "".join(
        ch for ch in unicodedata.normalize("NFKD", word) if not unicodedata.combining(ch)
    )
    folded = plain.casefold().translate(_APOSTROPHES).translate(_PLAIN_LETTERS).strip("'\"“”")
    return folded.removesuffix("'s")


def fold_stem(word: str) -> str:
    """``fold`` then the Snowball stem, so "Americans" meets "American"."""
    return stem(fold(word))


@functools.lru_cache(maxsize=1)
def function_words() -> frozenset[str]:
    """English function words ("the", "of", "and", …), casefolded (``data/function_words.json``)."""
    path = resources.files("longtracer_core").joinpath("data/function_words.json")
    return frozenset(json.loads(path.read_text("utf-8"))["function_words"])
