"""A sibling inside one sentence: the evidence sentence names the claim's subject and a
sibling, each in a piece of its own. The claim's figures choose the piece that speaks
("Node 22 will be supported until April 2026" against "Node 20 will be supported until
April 2026, and Node 22 until April 2027"); a claim without figures of its own is told by
the words only one piece holds ("Terminal 3 serves Star Alliance airlines" against
"Terminal 2 serves Star Alliance airlines, and Terminal 3 serves oneworld carriers").
Read for ``subjects.sibling_finding``. Pure functions over text.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..lexicon.grammar import ECHO_WORDS
from ..text.memo import short_text_cache
from ..text.words import lex_tokens
from . import family_names as fam
from .clause_checks import content_words
from .evidence_index import claim_content
from .name_binding import sentence_pieces

__all__ = ["Piece", "figured_piece", "pieces_of", "sibling_in"]

# the words of a sibling's piece alone a claim holds to be told by them (one may be a wider
# word: "Terminal 3 serves airlines" where the sentence says "oneworld carriers")
_TOLD = 2

# a piece of a sentence, the text of the members it speaks of, and those (written, name)
Piece = tuple[str, str, tuple[tuple[str, fam.Name], ...]]


@short_text_cache(maxsize=4096)
def pieces_of(sentence: str) -> tuple[Piece, ...]:
    """The pieces of a sentence that names a family's members, each with the text of the
    members it speaks of and those members (written, name): those it opens with, else
    its subject."""
    families = {s for s, n in fam.written_names(sentence) if n is not None}
    out: list[Piece] = []
    for piece, subject in fam.parts_of(sentence, numbered=True):
        lead = fam.leading_members(piece, families)
        if lead is not None:
            out.append((piece, lead[0], tuple((lead[0], member) for member in lead[1])))
        elif out and subject is not None and fam.subject_of(piece, numbered=True) is None:
            # a piece that opens with a verb speaks of the piece before's ("…; buy 5 or more
            # and get 15% off")
            out.append((piece, "", out[-1][2]))
        else:
            out.append((piece, subject[0] if subject else "", (subject,) if subject else ()))
    return tuple(out)


def sibling_in(
    mine: fam.Name, members: Sequence[tuple[str, fam.Name]]
) -> tuple[str, fam.Name] | None:
    """The first sibling of ``mine`` among a piece's members; None when it is one of them."""
    if any(fam.same_name(mine, m) for _, m in members):
        return None
    return next((m for m in members if fam.siblings(mine, m[1])), None)


def figured_piece(
    claim: str, mine: tuple[str, fam.Name], sentence: str
) -> tuple[str, fam.Name] | None:
    """In a sentence that names the claim's subject too, the sibling that the piece giving
    the claim's figures (not those of a name) speaks of, where another piece is the claim's
    subject's: "Node 22 will be supported until April 2026" against "Node 20 will be
    supported until April 2026, and Node 22 until April 2027". A claim without figures of
    its own is read by its words (``_worded_piece``)."""
    pieces = pieces_of(sentence)
    if not any(fam.same_name(mine[1], m) for _, _, ms in pieces for _, m in ms):
        return None
    named = fam.written_names(claim)
    if any(fam.siblings(mine[1], m) and m in named for _, _, ms in pieces for _, m in ms):
        return None  # the claim names the sibling too ("Node 22 outlives Node 20, whose …")
    numbers = fam.numbers_of(claim, mine[0])
    if not numbers:
        return _worded_piece(claim, mine, pieces)
    held = [(len(numbers & fam.numbers_of(p, lead)), ms) for p, lead, ms in pieces]
    best = max(n for n, _ in held)
    giving = [ms for n, ms in held if n == best]
    return sibling_in(mine[1], giving[0]) if best and len(giving) == 1 else None


def _worded_piece(
    claim: str, mine: tuple[str, fam.Name], pieces: Sequence[Piece]
) -> tuple[str, fam.Name] | None:
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
    words = fam.wordy(claim_content(claim, frozenset()) - family)
    stems = [fam.wordy(frozenset(content_words(p)) - family) for p, _, _ in pieces]
    own = [s.difference(*(t for j, t in enumerate(stems) if j != i)) for i, s in enumerate(stems)]
    home = [
        i for i, (_, _, ms) in enumerate(pieces) if any(fam.same_name(mine[1], m) for _, m in ms)
    ]
    held_home = frozenset().union(*(own[i] for i in home))
    if not held_home or words & held_home or any(_echoes(pieces[i][0]) for i in home):
        return None
    taken = []
    for i, (piece, lead, members) in enumerate(pieces):
        sibling = sibling_in(mine[1], members)
        verb = content_words(piece.replace(lead, " ", 1))[:1]
        if sibling is not None and len(words & (own[i] - frozenset(verb))) >= _TOLD:
            taken.append(sibling)
    return taken[0] if taken and all(t == taken[0] for t in taken) else None


def _echoes(piece: str) -> bool:
    """Does a piece take another's predicate ("and Apollo 12 did too", "as well")?"""
    return any(t in ECHO_WORDS for t in lex_tokens(piece))
