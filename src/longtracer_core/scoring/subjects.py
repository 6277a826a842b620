"""A claim's subject that the evidence sentence saying what it says does not have: the
claim gives one thing what the evidence gives another of its family, or its opening
pronoun stands for another thing than the one the evidence says this of.

*A sibling.* "The Thermra 9 has a sound level of 42 dB at 3 metres", where the sources
say "The Thermra 5 heat pump has a sound level of 42 dB at 3 metres. The larger Thermra 9
is rated at 48 dB": every word and figure of the claim is the evidence's, and so is its
subject's name. The one evidence sentence that holds most of the claim's figures, then of
its words other than its subject's, is cut into parts as ``name_binding.py`` cuts it; the
part that holds most of them opens with a name (its subject; a part that opens with none
has its sentence's). When that name and the name the claim opens with are of one family
(a word in common and each with a word or number of its own: "Thermra 5" / "Thermra 9",
"Easy Access Saver" / "Limited Access Saver", "Ada Penrose" / "Mary Penrose"), the
sentence never names the claim's, and another sentence writes it as the claim does, the
claim says of one what the evidence says of the other (``name_sibling``). An alias shares
the family's words without one of its own ("Home 7" / "Voltaro Home 7"), and a name no
other sentence writes ("Leo Messi" for "Lionel Messi", "Zurich" for "Zürich") is the
same thing written another way: no sibling. A sentence that names the claim's subject
too is read by the claim's figures alone: the one piece that gives them, where another
piece is the claim's subject's ("Node 22 will be supported until April 2026" against "Node
20 will be supported until April 2026, and Node 22 until April 2027").

*An antecedent.* "Voltaro also sells a Home 22 model, but that one needs a three-phase
supply. It costs £899 including standard installation." The decomposer leaves "It" as
written (the claim before names two things; ``decompose/context.py``), and the evidence
says it of the Home 7 ("The Home 7 costs £899 including a standard installation, while the
Home 22 costs £1,249 installed"). Read for a claim that opens with a personal pronoun,
after the claims it may point back to (``claims_before``): the speaking part's subject is
named by none of them, and they name the subject of another part of that sentence, which
the pronoun, read the way a person reads it, stands for (``antecedent_named``).

A name is its words with the number or the letter that follows it ("Home 7" is not "Home
22", "Gate A" is not "Gate B"); a claim's first word written with a number after it is one
("Voyager 1 reached …"), and a list or a range names each of its members ("Windows 10 and
11", "Stages 1 to 3"). Inside one sentence, a claim without figures of its own is told by
the words only one piece holds (``_worded_piece``); a denial is never read. Both findings
mark the claim uncertain; they never delete it. Pure functions over text.
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from ..contracts import ReasonCode
from ..lexicon.dates import MONTHS, WEEKDAYS
from ..lexicon.grammar import DEMONSTRATIVES, DETERMINERS, ECHO_WORDS, PERSONAL
from ..lexicon.polarity import CONTRAST_WORDS
from ..text.memo import short_text_cache
from ..text.words import function_words, negation_word, negation_words
from .clause_checks import content_words
from .contrast import as_not
from .evidence_index import EvidenceIndex, EvidenceSentence, claim_content, closest_sentence
from .figure_findings import ALIGNED
from .findings import Finding, quote
from .name_binding import sentence_pieces
from .name_spotting import names_of
from .name_words import opener_words

__all__ = ["antecedent_finding", "claims_before", "sibling_finding"]

_FIRST = regex.compile(r"[^\p{L}]*(\p{L}+)")
_WORD = regex.compile(r"\p{L}+")
# a name's number, or its letter ("Gate B", "Class A", "Vitamin D"; not "I", a pronoun as
# often as a numeral)
_NUMBER_AFTER = regex.compile(
    r"\s?([\p{L}]?\d(?:[\p{L}\p{N}]|\.(?=\d))*|[A-HJ-Z](?![\p{L}\p{N}'’]))"
)
# the words a claim that points back opens with: what it stands for is in a claim before
_POINTING = PERSONAL | DEMONSTRATIVES
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
# the words of a sibling's piece alone a claim holds to be told by them (one may be a wider
# word: "Terminal 3 serves airlines" where the sentence says "oneworld carriers")
_TOLD = 2
# the claims read back at most: the one that names, and those that point back after it
_BACK = 3

# a name: the stems of its words and the number written after it ("Home 22": 22)
_Name = tuple[frozenset[str], str | None]
# a piece of a sentence, the text of the members it speaks of, and those (written, name)
_Piece = tuple[str, str, tuple[tuple[str, _Name], ...]]


def _opening(text: str) -> tuple[str, _Name] | None:
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
def _names(text: str) -> tuple[tuple[str, frozenset[str], str | None, int], ...]:
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


def _subject(piece: str, numbered: bool = False) -> tuple[str, _Name] | None:
    """The name a piece of a sentence opens with, its subject ("The Home 7 costs …"), with
    ``numbered`` a first word written with a number after it too (``_opening``); None when
    it opens otherwise ("separates Europe from Africa", "8 GB of RAM")."""
    opening = _opening(piece) if numbered else None
    if opening is not None:
        return opening
    names = _names(piece)
    if not names:
        return None
    lead = piece[: names[0][3]].split()
    if len(lead) > 1 or (lead and lead[0].casefold() not in DETERMINERS):
        return None
    return names[0][0], (names[0][1], names[0][2])


def claims_before(texts: Sequence[str], k: int) -> tuple[str, ...]:
    """The claims before ``texts[k]`` its opening pronoun may stand for something of: back
    over those that point back themselves ("That one needs a three-phase supply") to the
    first that does not ("Voltaro also sells a Home 22 model"), ``_BACK`` at most."""
    out: list[str] = []
    for text in reversed(texts[max(0, k - _BACK) : k]):
        out.append(text)
        first = _FIRST.match(text)
        if first is None or first.group(1).casefold() not in _POINTING:
            break
    return tuple(reversed(out))


def _wordy(stems: frozenset[str]) -> frozenset[str]:
    """The stems without single letters (a member's letter: "Gate B", "Class A")."""
    return frozenset(w for w in stems if len(w) > 1)


def _same(a: _Name, b: _Name) -> bool:
    """One name, or one written in full ("Home 7" / "Voltaro Home 7")."""
    return a[1] == b[1] and (a[0] <= b[0] or b[0] <= a[0])


def _siblings(a: _Name, b: _Name) -> bool:
    """Two names of one family: a word in common, and each a number or a word of its own."""
    (mine, number), (theirs, other) = a, b
    if not mine & theirs:
        return False
    if number is not None and other is not None and number != other:
        return True
    return number == other and bool(mine - theirs) and bool(theirs - mine)


def _numbers(text: str, name: str = "") -> frozenset[str]:
    """The numbers ``text`` writes, those of ``name`` (a name as written, "Node 22") aside."""
    if name:
        text = text.replace(name, " ", 1)
    return frozenset(m.replace(",", "") for m in _DIGITS.findall(text))


@short_text_cache(maxsize=4096)
def _parts(
    sentence: str, numbered: bool = False
) -> tuple[tuple[str, tuple[str, _Name] | None], ...]:
    """The pieces of ``sentence`` with their subjects; a piece that opens with a verb has its
    sentence's ("The Corsa Trail weighs 24 kg and has a range of 90 km"), one that opens
    with a noun of its own none ("and the larger model is rated at 48 dB")."""
    out: list[tuple[str, tuple[str, _Name] | None]] = []
    for piece in sentence_pieces(sentence):
        bare = (first := _FIRST.match(piece)) and first.group(1).casefold() not in DETERMINERS
        subject = _subject(piece, numbered)
        out.append((piece, subject or (out[-1][1] if out and bare else None)))
    return tuple(out)


def _speaking(
    claim: str, content: frozenset[str], sentence: str, own: str = ""
) -> tuple[int, tuple[str, _Name] | None] | None:
    """Which piece of ``sentence`` holds most of the claim's figures (not those of ``own``,
    its subject's name as written, when it opens with one: then a piece's subject may be a
    numbered first word too), then most of its ``content`` words, and its subject; None
    when two pieces hold as much (which one it is cannot be read)."""
    numbers = _numbers(claim, own)
    parts = _parts(sentence, numbered=bool(own))
    held = sorted(
        ((len(numbers & _numbers(p)), len(content & frozenset(content_words(p)))), i)
        for i, (p, _) in enumerate(parts)
    )
    if not held or (len(held) > 1 and held[-1][0] == held[-2][0]):
        return None
    best = held[-1][1]
    return best, parts[best][1]


def antecedent_finding(claim: str, before: Sequence[str], index: EvidenceIndex) -> Finding | None:
    """The finding for a claim whose opening pronoun, read after the claims ``before`` it,
    stands for a thing the evidence sentence does not say this of (see the module)."""
    first = _FIRST.match(claim)
    if first is None or first.group(1).casefold() not in PERSONAL or not before:
        return None
    content = claim_content(claim, frozenset())
    aligned, share = closest_sentence(content, index)
    if aligned is None or share < ALIGNED:
        return None
    speaking = _speaking(claim, content, aligned.text)
    subject = None if speaking is None else speaking[1]
    prior = [(w, (s, n)) for text in before for w, s, n, _ in _names(text)]
    if speaking is None or subject is None or any(_same(subject[1], b) for _, b in prior):
        return None
    parts = _parts(aligned.text)
    others = [o[1] for i, (_, o) in enumerate(parts) if i != speaking[0] and o is not None]
    other = next((w for w, name in prior if any(_same(name, o) for o in others)), None)
    if other is None:
        return None
    return Finding(
        "antecedent_named",
        ReasonCode.ENTITY_MISMATCH,
        f"the claim before names {other}; source {aligned.source_id} says this of "
        f'{subject[0]} ("{quote(aligned.text)}")',
        {"source_id": aligned.source_id, "claimed": other, "stated": subject[0]},
    )


def _predicate_sentence(
    claim: str, subject: tuple[str, _Name], index: EvidenceIndex
) -> EvidenceSentence | None:
    """The one evidence sentence that holds most of the claim's figures (not those of its
    subject's name), then most of its content words other than its subject's (``ALIGNED``
    of them at least); None when two hold as much."""
    words = _wordy(claim_content(claim, frozenset()) - subject[1][0])
    numbers = _numbers(claim, subject[0])
    if not words:
        return None
    held = sorted(
        ((len(numbers & _numbers(s.text)), len(words & s.content)), i)
        for i, s in enumerate(index.sentences)
    )
    if not held or (len(held) > 1 and held[-1][0] == held[-2][0]):
        return None
    (_, shared), best = held[-1]
    return index.sentences[best] if shared / len(words) >= ALIGNED else None


def _named(name: _Name, sentences: Sequence[EvidenceSentence], aligned: EvidenceSentence) -> bool:
    """Is ``name`` written whole in a sentence other than ``aligned`` (each of its words, its
    number): a thing the sources name apart from what that sentence speaks of (not "Leo
    Messi" for "Lionel Messi", nor "Switzerland's Federal Council" for "the Swiss Federal
    Council", which no sentence writes)?"""
    return any(
        name[0] <= s and name[1] == n
        for t in sentences
        if t is not aligned
        for s, n in _written(t.text)
    )


def _members(m: regex.Match[str]) -> list[_Name]:
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
def _written(text: str) -> tuple[_Name, ...]:
    """Every name ``text`` writes: the one it opens with, and each member of a list or a
    range of one family ("Windows 10 and 11", "Stages 1 to 3", "Type 1 and type 2")."""
    opening = _opening(text)
    names = [(s, n) for _, s, n, _ in _names(text)] + ([opening[1]] if opening else [])
    for m in _LISTED.finditer(text):
        names.extend(_members(m))
    families = {s for s, n in names if n is not None}
    for m in _NUMBERED.finditer(text):  # "type 2" after "Type 1": the family written again
        stems = frozenset(content_words(m.group(1)))
        if stems in families:
            names.append((stems, m.group(2)))
    return tuple(names)


def _leading(piece: str, families: set[frozenset[str]]) -> tuple[str, list[_Name]] | None:
    """The members of a family a piece opens with, and their text: a list or a range
    ("Rooms 101 and 102 face …"), or a member written again in lower case ("whereas type 2
    is …"); None when it opens otherwise."""
    start = _LEAD.match(piece)
    at = start.end() if start else 0
    listed = _LISTED.match(piece, at)
    if listed is not None and (members := _members(listed)):
        return listed.group(0), members
    single = _NUMBERED.match(piece, at)
    if single is not None and (stems := frozenset(content_words(single.group(1)))) in families:
        return single.group(0), [(stems, single.group(2))]
    return None


@short_text_cache(maxsize=4096)
def _pieces(sentence: str) -> tuple[_Piece, ...]:
    """The pieces of a sentence that names a family's members, each with the text of the
    members it speaks of and those members (written, name): those it opens with, else
    its subject."""
    families = {s for s, n in _written(sentence) if n is not None}
    out: list[_Piece] = []
    for piece, subject in _parts(sentence, numbered=True):
        lead = _leading(piece, families)
        if lead is not None:
            out.append((piece, lead[0], tuple((lead[0], member) for member in lead[1])))
        elif out and subject is not None and _subject(piece, numbered=True) is None:
            # a piece that opens with a verb speaks of the piece before's ("…; buy 5 or more
            # and get 15% off")
            out.append((piece, "", out[-1][2]))
        else:
            out.append((piece, subject[0] if subject else "", (subject,) if subject else ()))
    return tuple(out)


def _sibling_in(mine: _Name, members: Sequence[tuple[str, _Name]]) -> tuple[str, _Name] | None:
    """The first sibling of ``mine`` among a piece's members; None when it is one of them."""
    if any(_same(mine, m) for _, m in members):
        return None
    return next((m for m in members if _siblings(mine, m[1])), None)


def _figured_piece(claim: str, mine: tuple[str, _Name], sentence: str) -> tuple[str, _Name] | None:
    """In a sentence that names the claim's subject too, the sibling that the piece giving
    the claim's figures (not those of a name) speaks of, where another piece is the claim's
    subject's: "Node 22 will be supported until April 2026" against "Node 20 will be
    supported until April 2026, and Node 22 until April 2027". A claim without figures of
    its own is read by its words (``_worded_piece``)."""
    pieces = _pieces(sentence)
    if not any(_same(mine[1], m) for _, _, ms in pieces for _, m in ms):
        return None
    named = _written(claim)
    if any(_siblings(mine[1], m) and m in named for _, _, ms in pieces for _, m in ms):
        return None  # the claim names the sibling too ("Node 22 outlives Node 20, whose …")
    numbers = _numbers(claim, mine[0])
    if not numbers:
        return _worded_piece(claim, mine, pieces)
    held = [(len(numbers & _numbers(p, lead)), ms) for p, lead, ms in pieces]
    best = max(n for n, _ in held)
    giving = [ms for n, ms in held if n == best]
    return _sibling_in(mine[1], giving[0]) if best and len(giving) == 1 else None


def _worded_piece(
    claim: str, mine: tuple[str, _Name], pieces: Sequence[_Piece]
) -> tuple[str, _Name] | None:
    """The sibling whose piece's own words (those no other piece holds) a claim without
    figures holds (two at least), where it holds none of its own subject's piece's:
    "Terminal 3 serves Star Alliance airlines" against "Terminal 2 serves Star Alliance
    airlines, and Terminal 3 serves oneworld carriers". The first word after a sibling's
    name is not read (a verb the sentence writes once for two names: "Apollo 11 landed in
    the Sea of Tranquility and Apollo 12 in the Ocean of Storms"), nor a claim that joins
    two statements, nor where the subject's piece takes another's predicate ("and Apollo
    12 did too, near …"; ``ECHO_WORDS``). A denial is never read (``sibling_finding``)."""
    if len(sentence_pieces(claim)) > 1:
        return None
    family = mine[1][0]
    words = _wordy(claim_content(claim, frozenset()) - family)
    stems = [_wordy(frozenset(content_words(p)) - family) for p, _, _ in pieces]
    own = [s.difference(*(t for j, t in enumerate(stems) if j != i)) for i, s in enumerate(stems)]
    home = [i for i, (_, _, ms) in enumerate(pieces) if any(_same(mine[1], m) for _, m in ms)]
    held_home = frozenset().union(*(own[i] for i in home))
    if not held_home or words & held_home or any(_echoes(pieces[i][0]) for i in home):
        return None
    taken = []
    for i, (piece, lead, members) in enumerate(pieces):
        sibling = _sibling_in(mine[1], members)
        verb = content_words(piece.replace(lead, " ", 1))[:1]
        if sibling is not None and len(words & (own[i] - frozenset(verb))) >= _TOLD:
            taken.append(sibling)
    return taken[0] if taken and all(t == taken[0] for t in taken) else None


def _echoes(piece: str) -> bool:
    """Does a piece take another's predicate ("and Apollo 12 did too", "as well")?"""
    return any(w.casefold() in ECHO_WORDS for w in _WORD.findall(piece))


def _denies(claim: str) -> bool:
    """Does the claim deny or set one thing against another ("not", "unlike", "rather than")?"""
    tokens = negation_words(as_not(claim))
    return any(negation_word(t) or t in CONTRAST_WORDS for t in tokens)


def sibling_finding(claim: str, index: EvidenceIndex) -> Finding | None:
    """The finding for a claim that gives the name it opens with what the evidence sentence
    that says the rest of it gives a sibling of that name (see the module)."""
    mine = _subject(claim, numbered=True)
    if mine is None or _denies(claim):
        return None  # a denial gives its subject nothing ("Stairwell D does not reach the roof")
    aligned = _predicate_sentence(claim, mine, index)
    if aligned is None:
        return None  # no one sentence says it
    if any(_same(mine[1], named) for named in _written(aligned.text)):
        theirs = _figured_piece(claim, mine, aligned.text)  # the sentence names both
    elif _named(mine[1], index.sentences, aligned):
        content = claim_content(claim, frozenset()) - mine[1][0]
        speaking = _speaking(claim, content, aligned.text, mine[0])
        theirs = None if speaking is None else speaking[1]
    else:
        return None  # no other sentence names the claim's subject
    if theirs is None or not _siblings(mine[1], theirs[1]):
        return None
    return Finding(
        "name_sibling",
        ReasonCode.ENTITY_MISMATCH,
        f"source {aligned.source_id} says this of {theirs[0]}, not of {mine[0]} "
        f'("{quote(aligned.text)}")',
        {"source_id": aligned.source_id, "claimed": mine[0], "stated": theirs[0]},
    )
