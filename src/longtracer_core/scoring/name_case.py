"""How a name's capitals are read: the words a name is made of, which are capitalised or
acronyms, and where Title Case marks a label or a heading rather than a name ("Common
Problems:", "Side Effects and Key Risks"). Read by ``names.py``.
"""

from __future__ import annotations

import regex

from ..text.words import function_words

__all__ = ["NAME_WORD", "acronym", "capitalised", "short_form", "title_span", "zone_spans"]

NAME_WORD = regex.compile(r"[\p{L}\p{N}][\p{L}\p{M}\p{N}'’.&-]*(?<![.'’-])")


def capitalised(word: str) -> bool:
    """A capital first or inside ("Oslo", "iPhone")."""
    return word[0].isupper() or any(ch.isupper() for ch in word[1:])


def acronym(word: str) -> bool:
    """Two or more letters, all capitals ("NHS", "U.S.")."""
    letters = [ch for ch in word if ch.isalpha()]
    return len(letters) >= 2 and all(ch.isupper() for ch in letters)


def short_form(word: str) -> bool:
    """An acronym's plural ("MPs", "EVs"): its singular may stand for words the evidence
    writes in the plural or in lowercase ("Members of Parliament", "electric vehicles").
    A plain acronym ("NASA", "GP"), one with "&" ("AT&T") or a linking letter ("BoJ") is
    none: on the realistic corpus the acronyms no source wrote were planted errors
    ("According to the RAC")."""
    return word.endswith("s") and word[-2:-1].isupper() and acronym(word[:-1])


# "Common Problems: …": a label before a colon near the start of a claim
_LABEL = regex.compile(r"^[^\p{L}\p{N}]*([^:\n]{1,60}?):\s")


def _title_case(segment: str) -> bool:
    """Is every content word of ``segment`` capitalised (at least two words)?"""
    words = [w for w in NAME_WORD.findall(segment) if w[0].isalpha()]
    skip = function_words()
    content = [w for w in words if w.casefold() not in skip]
    return len(words) >= 2 and len(content) >= 2 and all(capitalised(w) for w in content)


def title_span(text: str) -> tuple[int, int]:
    """Where ``text`` is a title in Title Case — a label before a colon or a heading
    (the whole claim, no closing stop) — or (0, 0). Capitalisation there marks the
    title, not a name: "Key Risks" names nothing."""
    label = _LABEL.match(text)
    if label and _title_case(label.group(1)):
        return label.span(1)
    body = text.rstrip()
    if body and body[-1] not in ".!?" and _title_case(body):
        return 0, len(body)
    return 0, 0


# "8pm UK time", "10am Eastern Time": a place or a region right after a clock time, naming
# the clock the time is told by
_ZONE_TIME = regex.compile(
    r"(?:\b\d{1,2}(?:[:.]\d{2})?\s?[aApP]\.?[mM]\.?|\b\d{1,2}:\d{2})\s+"
    r"((?:\p{Lu}[\p{L}.]*\s+){1,2}[Tt]ime)\b"
)


def zone_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` names the clock a time it tells is read by, right after the time
    ("That's 8pm UK time"): a time zone, whose conversion no check follows, so a place
    named there only marks ("the Brazil Time festival" names a place)."""
    return [m.span(1) for m in _ZONE_TIME.finditer(text)]
