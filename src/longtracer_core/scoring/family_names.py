"""The names of a family's members as a text writes them: a name with the number or the
letter after it ("Home 7", "Gate B"), a numbered first word ("Voyager 1 reached …"), each
member of a list or a range ("Windows 10 and 11", "Stages 1 to 3", "Blocks A to C"), a
member written again in lower case ("type 2" after "Type 1"), and the pieces of a sentence
with the subject each speaks of. What ``subjects`` and ``member_pieces`` read a sibling
by. Pure functions over text.
"""

from __future__ import annotations

import regex

from ..lexicon.dates import MONTHS, WEEKDAYS
from ..lexicon.grammar import DETERMINERS
from ..text.memo import short_text_cache
from ..text.words import function_words
from .clause_checks import content_words
from .name_binding import sentence_pieces
from .name_spotting import names_of
from .name_words import opener_words

__all__ = [
    "FIRST_WORD",
    "Name",
    "family_members",
    "leading_members",
    "name_runs",
    "numbers_of",
    "opening_name",
    "parts_of",
    "same_name",
    "siblings",
    "subject_of",
    "wordy",
    "written_names",
]

FIRST_WORD = regex.compile(r"[^\p{L}]*(\p{L}+)")
# a name's number, or its letter ("Gate B", "Class A", "Vitamin D"; not "I", a pronoun as
# often as a numeral)
_NUMBER_AFTER = regex.compile(
    r"\s?([\p{L}]?\d(?:[\p{L}\p{N}]|\.(?=\d))*|[A-HJ-Z](?![\p{L}\p{N}'’]))"
)
_DIGITS = regex.compile(r"\d[\d,.]*\d|\d")
_OPENER_NAME = regex.compile(r"[^\p{L}\d]*(\p{Lu}\p{Ll}+)\s(\d[\p{L}\d]*)\b")
# a family's members in a list or a range: "Windows 10 and 11", "Stages 1 to 3", "Apollo 15,
# 16 and 17", "Type 1 and type 2"
_LISTED = regex.compile(
    r"\b(\p{L}+)\s(?:\d+|(?-i:[A-HJ-Z]))(?:\s*(?:,|and|or|to|through|–|-|&)\s*(?:\1\s)?"
    r"(?:\d+|(?-i:[A-HJ-Z]))(?![\p{L}\p{N}]))+",
    regex.IGNORECASE,
)
_LIST_NUMBER = regex.compile(r"\b(?:\d+|[A-HJ-Z])\b")
_NUMBERED = regex.compile(r"\b(\p{L}+)\s(\d+)\b")
_RANGE = regex.compile(r"[\dA-Z]\s*(?:to|through|–|-)\s*[\dA-Z]")
_LEAD = regex.compile(r"[^\p{L}\d]*(?:(?:the|a|an)\s+)?", regex.IGNORECASE)
_CALENDAR = frozenset(w.casefold() for w in (*MONTHS, *WEEKDAYS))

# a name: the stems of its words and the number written after it ("Home 22": 22)
Name = tuple[frozenset[str], str | None]


def opening_name(text: str) -> tuple[str, Name] | None:
    """The name a sentence opens with when its first word is written with a number after
    it ("Voyager 1 is …", "Thermra 9 has …": ``names_of`` reads no capitalised first word of
    plain English as a name); not a word that opens sentences, a month or a weekday ("In
    2024", "June 12")."""
    m = _OPENER_NAME.match(text)
    if m is None or names_of(text[: m.end(1)]):
        return None
    word = m.group(1).casefold()
    if word in opener_words() or word in function_words() or word in _CALENDAR:
        return None
    return f"{m.group(1)} {m.group(2)}", (frozenset(content_words(word)), m.group(2))


@short_text_cache(maxsize=4096)
def name_runs(text: str) -> tuple[tuple[str, frozenset[str], str | None, int], ...]:
    """Each run of names of ``text`` as written, its stems, its number and where it starts."""
    out: list[tuple[str, frozenset[str], str | None, int]] = []
    end = -2
    for name in names_of(text):
        stems, start, written = frozenset(content_words(name.text)), name.start, name.text
        if out and not text[end : name.start].strip():
            before, held, _, start = out.pop()
            written, stems = f"{before} {name.text}", held | stems
        number = _NUMBER_AFTER.match(text, name.end)
        if number:
            written = f"{written} {number.group(1)}"
        out.append((written, stems, number.group(1) if number else None, start))
        end = number.end() if number else name.end
    return tuple(n for n in out if n[1])


def subject_of(piece: str, numbered: bool = False) -> tuple[str, Name] | None:
    """The name a piece of a sentence opens with, its subject ("The Home 7 costs …"), with
    ``numbered`` a first word written with a number after it too (``opening_name``); None when
    it opens otherwise ("separates Europe from Africa", "8 GB of RAM")."""
    opening = opening_name(piece) if numbered else None
    if opening is not None:
        return opening
    names = name_runs(piece)
    if not names:
        return None
    lead = piece[: names[0][3]].split()
    if len(lead) > 1 or (lead and lead[0].casefold() not in DETERMINERS):
        return None
    return names[0][0], (names[0][1], names[0][2])


def wordy(stems: frozenset[str]) -> frozenset[str]:
    """The stems without single letters (a member's letter: "Gate B", "Class A")."""
    return frozenset(w for w in stems if len(w) > 1)


def same_name(a: Name, b: Name) -> bool:
    """One name, or one written in full ("Home 7" / "Voltaro Home 7")."""
    return a[1] == b[1] and (a[0] <= b[0] or b[0] <= a[0])


def siblings(a: Name, b: Name) -> bool:
    """Two names of one family: a word in common, and each a number or a word of its own."""
    (mine, number), (theirs, other) = a, b
    if not mine & theirs:
        return False
    if number is not None and other is not None and number != other:
        return True
    return number == other and bool(mine - theirs) and bool(theirs - mine)


def numbers_of(text: str, name: str = "") -> frozenset[str]:
    """The numbers ``text`` writes, those of ``name`` (a name as written, "Node 22") aside."""
    if name:
        text = text.replace(name, " ", 1)
    return frozenset(m.replace(",", "") for m in _DIGITS.findall(text))


@short_text_cache(maxsize=4096)
def parts_of(
    sentence: str, numbered: bool = False
) -> tuple[tuple[str, tuple[str, Name] | None], ...]:
    """The pieces of ``sentence`` with their subjects; a piece that opens with a verb has its
    sentence's ("The Corsa Trail weighs 24 kg and has a range of 90 km"), one that opens
    with a noun of its own none ("and the larger model is rated at 48 dB")."""
    out: list[tuple[str, tuple[str, Name] | None]] = []
    for piece in sentence_pieces(sentence):
        bare = (first := FIRST_WORD.match(piece)) and first.group(1).casefold() not in DETERMINERS
        subject = subject_of(piece, numbered)
        out.append((piece, subject or (out[-1][1] if out and bare else None)))
    return tuple(out)


def family_members(m: regex.Match[str]) -> list[Name]:
    """Each member of a list or a range of one family, by number or by letter ("Windows 10
    and 11", "Stages 1 to 3", "Blocks A to C"); none for a list of bare figures ("in 1998
    and 2003")."""
    stems = frozenset(content_words(m.group(1)))
    if not stems:
        return []
    written = _LIST_NUMBER.findall(m.group(0))
    codes = [int(n) if n.isdigit() else ord(n) for n in written]
    if _RANGE.search(m.group(0)) and len(codes) == 2 and 0 < codes[1] - codes[0] < 100:
        first = written[0]
        written = [str(n) if first.isdigit() else chr(n) for n in range(codes[0], codes[1] + 1)]
    return [(stems, n) for n in written]


@short_text_cache(maxsize=4096)
def written_names(text: str) -> tuple[Name, ...]:
    """Every name ``text`` writes: the one it opens with, and each member of a list or a
    range of one family ("Windows 10 and 11", "Stages 1 to 3", "Type 1 and type 2")."""
    opening = opening_name(text)
    names = [(s, n) for _, s, n, _ in name_runs(text)] + ([opening[1]] if opening else [])
    for m in _LISTED.finditer(text):
        names.extend(family_members(m))
    families = {s for s, n in names if n is not None}
    for m in _NUMBERED.finditer(text):  # "type 2" after "Type 1": the family written again
        stems = frozenset(content_words(m.group(1)))
        if stems in families:
            names.append((stems, m.group(2)))
    return tuple(names)


def leading_members(piece: str, families: set[frozenset[str]]) -> tuple[str, list[Name]] | None:
    """The members of a family a piece opens with, and their text: a list or a range
    ("Rooms 101 and 102 face …"), or a member written again in lower case ("whereas type 2
    is …"); None when it opens otherwise."""
    start = _LEAD.match(piece)
    at = start.end() if start else 0
    listed = _LISTED.match(piece, at)
    if listed is not None and (members := family_members(listed)):
        return listed.group(0), members
    single = _NUMBERED.match(piece, at)
    if single is not None and (stems := frozenset(content_words(single.group(1)))) in families:
        return single.group(0), [(stems, single.group(2))]
    return None
