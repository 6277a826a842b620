"""Contrasts: a clause that keeps one thing and denies an alternative.

"Lock-keepers were employed by the canal company rather than by the carriers" says
"…, not by the carriers": ``as_not`` writes "rather than", "instead of" and "in place
of" as that ", not", so the polarity gate reads every form alike. A clause whose every
negation is such a contrast (``contrast``) denies only its alternatives: each runs from
its ", not" to the next comma, or to a preposition after its first content word ("Inter
Miami rather than Al-Hilal in 2023" denies Al-Hilal, not 2023). What it keeps is its
*item*, the word it keeps in place of the alternative ("company"), and its
*main* part, the clause without its alternatives. Pure functions over text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import regex

from ..lexicon.grammar import PREPOSITIONS, PRO_FORMS
from ..lexicon.polarity import CONTRAST_PHRASES
from ..text.memo import short_text_cache
from ..text.words import base_words, function_words, negation_word, negation_words, stem

__all__ = ["Contrast", "as_not", "contrast"]

_OTHER_WORDING = regex.compile(
    r"\s+(?:" + "|".join(p.replace(" ", r"\s+") for p in CONTRAST_PHRASES) + r")\b",
    regex.IGNORECASE,
)
_NOT = regex.compile(r",\s*not\b", regex.IGNORECASE)
_WORD = regex.compile(r"[\p{L}\p{N}][\p{L}\p{N}'’-]*")


def as_not(text: str) -> str:
    """``text`` with each "rather than", "instead of" and "in place of" written ", not"."""
    return _OTHER_WORDING.sub(", not", text)


@dataclass(frozen=True)
class Contrast:
    """What a contrast keeps and what it denies (stems)."""

    main: str  # the clause without its alternatives
    item: str | None  # what it keeps in place of its first alternative (``_item``)
    denied: frozenset[str]  # the words only the alternatives say (all of theirs if none)
    words: frozenset[str]  # every content word of the alternatives


def _split(piece: str) -> tuple[str, str]:
    """(the alternative, what follows it) of the text after one ", not"."""
    head, comma, tail = piece.partition(",")
    skip = function_words()
    seen = False
    for m in _WORD.finditer(head):
        word = m.group(0).casefold()
        if seen and word in PREPOSITIONS:
            return head[: m.start()], head[m.start() :] + comma + tail
        seen = seen or word not in skip
    return head, comma + tail


def _stems(texts: Sequence[str], skip: frozenset[str] = frozenset()) -> frozenset[str]:
    return frozenset(stem(w) for t in texts for w in base_words(t) if w not in skip)


@short_text_cache(maxsize=4096)
def contrast(clause: str) -> Contrast | None:
    """The contrast of ``clause`` when every negation it holds is one; else None (read once
    per clause: the polarity gate asks for it at several steps)."""
    pieces = _NOT.split(clause)
    found = sum(1 for t in negation_words(clause) if negation_word(t))
    if found == 0 or found != len(pieces) - 1:
        return None
    split = [_split(p) for p in pieces[1:]]
    kept = [pieces[0], *(rest for _, rest in split)]
    skip = function_words()
    words = _stems([alt for alt, _ in split], skip)
    return Contrast(
        main=" ".join(kept),
        item=_item(pieces[0], split[0][0], words),
        denied=(words - _stems(kept)) or words,
        words=words,
    )


def _item(before: str, alternative: str, denied: frozenset[str]) -> str | None:
    """What the contrast keeps in place of its first alternative: the figure nearest it
    when the alternative is a figure ("1 tablet, not 2"), else the nearest content word the
    alternative does not say ("bacterial infections, not viral infections"), skipping the
    noun a "one" of the alternative stands for ("new customers, not existing ones")."""
    skip = function_words()
    words = [w for w in base_words(before) if w not in skip]
    alt = base_words(alternative)
    if any(ch.isdigit() for w in alt for ch in w):
        words = [w for w in words if any(ch.isdigit() for ch in w)]
    elif words and PRO_FORMS & set(alt):
        words = words[:-1]
    return next((stem(w) for w in reversed(words) if stem(w) not in denied), None)
