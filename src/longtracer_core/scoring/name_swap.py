"""A claim that copies an evidence sentence but puts another name of the case in it.

"Brindle's chief executive, Jonah Feld, said the acquisition would add about 400 engineers"
against "Brindle's chief executive, Marcus Lee, said the acquisition would add about 400
engineers": every name of the claim is in the evidence (Jonah Feld co-founded the company
that is bought), so ``name_absent`` is silent. And the sentence never names Jonah Feld, so
``name_binding`` (two names of one sentence, their roles swapped) is silent too. The claim
is the sentence word for word, except that where the sentence names Marcus Lee the claim
names someone else.

Read clause by clause against the evidence sentence closest to the claim. The words of the
two are aligned in order (``difflib``), and the clause must share at least four content
words with the sentence, and at least 60 % of its own, in the aligned stretches. A finding
needs one stretch where the claim writes a name and the sentence another:

* both names stand inside their sentences, never first in a sentence, a label or a line
  (a capitalised opener is no name), and a title ("Dr", "Ms") is no name;
* neither is the other in another form: an abbreviation written with its full stop
  ("Arts." / "Articles"), a name cut short ("Marc" / "Marcus") or an acronym of three
  letters or fewer ("US" / "American") is the same name, and two names some evidence
  sentence writes together are one thing or part of one (an alias, a former name, a part
  and its whole: "Myanmar was called Burma", "Meta Platforms owns Facebook");
* neither stretch is a description ("the Kremlin" for Russia, "the French president" for
  Macron: a "the" before the first name of the stretch);
* the sentence names none of the claim's names and the claim none of the sentence's;
* the evidence holds the claim's name elsewhere (a name it lacks is ``name_absent``'s),
  and no evidence sentence that names it says the clause as well.

A name's number put for another after the same name word ("PEP 554" for "PEP 684") is a
swap too, where some evidence sentence writes the claim's. A finding marks the claim
uncertain; it never deletes it. Pure functions over text.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence

import regex

from ..lexicon.polarity import CLAUSE_BREAKS
from ..text.memo import short_text_cache
from ..text.words import fold, function_words
from .binding import Bound
from .evidence_index import EvidenceIndex
from .findings import Finding
from .name_binding import bound_name_finding
from .name_words import name_lexicon, opener_words
from .names import holds, text_names

__all__ = ["name_swap_finding"]

# shared content words a clause needs with the sentence, in number and in share
MIN_SHARED = 4
SHARE = 0.6
# the longest stretches read as one name put for another (claim side, sentence side:
# "Isabel Ruiz" for "the Dutch rider Femke de Groot")
_LONGEST = (4, 6)

_TOKEN = regex.compile(r"[\p{L}\p{N}](?:[\p{L}\p{N}]|[-.’'](?=[\p{L}\p{N}]))*")
_CLAUSES = regex.compile(CLAUSE_BREAKS, regex.IGNORECASE)
_OPENS = regex.compile(r"[.:;!?\n]")  # what opens a sentence, a label or a line
_ACRONYM = 3
_SHORTEST = 3  # letters of a name cut short


Tokens = tuple[tuple[str, int, int], ...]


@short_text_cache(maxsize=4096)
def _tokens(text: str) -> Tokens:
    return tuple((m[0], m.start(), m.end()) for m in _TOKEN.finditer(text))


def _content(words: Sequence[str]) -> list[str]:
    skip = function_words()
    return [w for w in words if w.casefold() not in skip]


def _named(word: str) -> bool:
    """A capitalised word that is no function word, opener or title ("Dr"), or a code
    ("WH-50")."""
    folded = word.casefold()
    if folded in function_words() or folded in opener_words() or folded in name_lexicon().titles:
        return False
    has_digit = any(c.isdigit() for c in word)
    return word[:1].isupper() or (has_digit and any(c.isalpha() for c in word))


def _abbreviates(short: tuple[str, int, int], text: str, long: str) -> bool:
    """Is ``short`` (a token of ``text``) an abbreviation of ``long``: written with a full
    stop, its letters those of ``long`` in order, from its first ("Arts." of "Articles";
    "Austria" abbreviates no "Australia")?"""
    if text[short[2] : short[2] + 1] != ".":
        return False
    a, b = short[0].casefold(), long.casefold()
    if not a or a[0] != b[:1]:
        return False
    rest = iter(b)
    return all(c in rest for c in a)


def _same_name(mine: Tokens, claim: str, theirs: Tokens, sentence: str) -> bool:
    words = [w for w, _, _ in (*mine, *theirs)]
    if any(len(w.replace(".", "")) <= _ACRONYM and w.replace(".", "").isupper() for w in words):
        return True  # an acronym stands for too many forms to tell
    return any(
        _abbreviates(x, claim, y[0]) or _abbreviates(y, sentence, x[0]) or _shortens(x[0], y[0])
        for x in mine
        for y in theirs
    )


def _shortens(a: str, b: str) -> bool:
    """Is one name the other cut short ("Marc" / "Marcus", "Chris" / "Christopher")?"""
    a, b = fold(a), fold(b)
    return min(len(a), len(b)) >= _SHORTEST and (a.startswith(b) or b.startswith(a))


def _together(mine: str, theirs: str, index: EvidenceIndex) -> bool:
    """Does an evidence sentence write both names (an alias, a former name, a part and
    its whole: "Myanmar was called Burma", "Meta Platforms owns Facebook", "ibuprofen is
    sold as Advil and as Nurofen")? Read by each name's first word."""
    a, b = (fold(n.split()[0]) for n in (mine, theirs))
    for s in index.sentences:
        words = {fold(w) for w, _, _ in _tokens(s.text)}
        if a in words and b in words:
            return True
    return False


def _described(stretch: Tokens, first: tuple[str, int, int]) -> bool:
    """Does a "the" open the stretch before its first name (a stand-in: "the Kremlin" for
    Russia, "the French president" for Macron, "the Gunners" for Arsenal)?"""
    return any(w.casefold() == "the" for w, start, _ in stretch if start < first[1])


def _inside(text: str, tokens: Tokens, i: int) -> bool:
    """Does token ``i`` stand inside its sentence (not first in it, a label or a line)?"""
    return i > 0 and not _OPENS.search(text[tokens[i - 1][2] : tokens[i][1]])


def _shared(
    clause: Sequence[str], sentence: Sequence[str]
) -> tuple[difflib.SequenceMatcher[str], int]:
    matcher = difflib.SequenceMatcher(None, clause, sentence, autojunk=False)
    same = [clause[b.a + k] for b in matcher.get_matching_blocks() for k in range(b.size)]
    return matcher, len(_content(same))


def _said_of(written: str, clause: Sequence[str], shared: int, index: EvidenceIndex) -> bool:
    """Does an evidence sentence that names ``written`` say the clause as well?"""
    for s in index.sentences:
        if _written_in(written, s.text):
            words = [w.casefold() for w, _, _ in _tokens(s.text)]
            if _shared(clause, words)[1] >= shared - 1:
                return True
    return False


def _numbered(
    claim: str, mine: Tokens, at: tuple[int, int], sentence: str, theirs: Tokens
) -> Bound | None:
    """One number put for another after the same name word ("PEP 554" for "PEP 684",
    "Pixel 7" for "Pixel 8"): a name's number is no figure the figure checks read."""
    i, j = at
    a, b = mine[i][0], theirs[j][0]
    head = mine[i - 1][0]
    if not (a.isdigit() and b.isdigit() and a != b and _named(head)):
        return None
    if head.casefold() != theirs[j - 1][0].casefold():
        return None
    return Bound(claim[mine[i - 1][1] : mine[i][2]], sentence[theirs[j - 1][1] : theirs[j][2]])


def _written_in(name: str, text: str) -> bool:
    return (
        regex.search(
            rf"(?<![\p{{L}}\p{{N}}]){regex.escape(name)}(?![\p{{L}}\p{{N}}])", text, regex.I
        )
        is not None
    )


def _named_swap(
    claim: str, mine: Tokens, at: tuple[int, int, int, int], sentence: str, theirs: Tokens,
    index: EvidenceIndex,
) -> Bound | None:  # fmt: skip
    """The names of one aligned stretch, the claim's put for the sentence's."""
    i1, i2, j1, j2 = at
    if i2 - i1 == 1 and j2 - j1 == 1:
        bound = _numbered(claim, mine, (i1, j1), sentence, theirs)
        if bound is not None:
            held = any(_written_in(bound.claimed, s.text) for s in index.sentences)
            fresh = not _written_in(bound.claimed, sentence) and not _written_in(
                bound.stated, claim
            )
            return bound if held and fresh else None
    x = tuple(t for t in mine[i1:i2] if _named(t[0]))
    y = tuple(t for t in theirs[j1:j2] if _named(t[0]))
    if not x or not y or _same_name(x, claim, y, sentence):
        return None
    if _described(mine[i1:i2], x[0]) or _described(theirs[j1:j2], y[0]):
        return None
    if any(holds(w, text_names(sentence)) for w, _, _ in x) or any(
        holds(w, text_names(claim)) for w, _, _ in y
    ):
        return None
    if not all(holds(w, index.names) for w, _, _ in x):
        return None
    bound = Bound(claim[x[0][1] : x[-1][2]], sentence[y[0][1] : y[-1][2]])
    return None if _together(bound.claimed, bound.stated, index) else bound


def _swap(claim: str, part: tuple[int, int], sentence: str, index: EvidenceIndex) -> Bound | None:
    mine = tuple(t for t in _tokens(claim) if part[0] <= t[1] < part[1])
    theirs = _tokens(sentence)
    clause = [w.casefold() for w, _, _ in mine]
    needed = len(_content(clause))
    matcher, shared = _shared(clause, [w.casefold() for w, _, _ in theirs])
    if shared < max(MIN_SHARED, SHARE * needed):
        return None
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "replace" or i2 - i1 > _LONGEST[0] or j2 - j1 > _LONGEST[1]:
            continue
        if not (_inside(claim, mine, i1) and _inside(sentence, theirs, j1)):
            continue
        bound = _named_swap(claim, mine, (i1, i2, j1, j2), sentence, theirs, index)
        if bound is not None and not _said_of(bound.claimed, clause, shared, index):
            return bound
    return None


def _parts(text: str) -> list[tuple[int, int]]:
    out, start = [], 0
    for m in _CLAUSES.finditer(text):
        out.append((start, m.start()))
        start = m.end()
    out.append((start, len(text)))
    return [(a, b) for a, b in out if text[a:b].strip()]


def name_swap_finding(
    claim: str, sentence: str, source_id: str, index: EvidenceIndex
) -> Finding | None:
    """The finding for a clause of ``claim`` that says what ``sentence`` (the evidence
    sentence closest to it) says, with another name of the case where the sentence names
    its own (``name_binding``: marked, never deleted)."""
    for part in _parts(claim):
        bound = _swap(claim, part, sentence, index)
        if bound is not None:
            return bound_name_finding(bound, sentence, source_id)
    return None
