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
the words only one piece holds (``member_pieces``); a denial is never read. Both findings
mark the claim uncertain; they never delete it. Pure functions over text.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..contracts import ReasonCode
from ..lexicon.grammar import DEMONSTRATIVES, PERSONAL
from ..lexicon.polarity import CONTRAST_WORDS
from ..text.words import negation_word, negation_words
from .clause_checks import content_words
from .contrast import as_not
from .evidence_index import EvidenceIndex, EvidenceSentence, claim_content, closest_sentence
from .family_names import (
    FIRST_WORD,
    Name,
    name_runs,
    numbers_of,
    parts_of,
    same_name,
    siblings,
    subject_of,
    wordy,
    written_names,
)
from .figure_findings import ALIGNED
from .findings import Finding, quote
from .member_pieces import figured_piece

__all__ = ["antecedent_finding", "claims_before", "sibling_finding"]

# the words a claim that points back opens with: what it stands for is in a claim before
_POINTING = PERSONAL | DEMONSTRATIVES
# the claims read back at most: the one that names, and those that point back after it
_BACK = 3


def claims_before(texts: Sequence[str], k: int) -> tuple[str, ...]:
    """The claims before ``texts[k]`` its opening pronoun may stand for something of: back
    over those that point back themselves ("That one needs a three-phase supply") to the
    first that does not ("Voltaro also sells a Home 22 model"), ``_BACK`` at most."""
    out: list[str] = []
    for text in reversed(texts[max(0, k - _BACK) : k]):
        out.append(text)
        first = FIRST_WORD.match(text)
        if first is None or first.group(1).casefold() not in _POINTING:
            break
    return tuple(reversed(out))


def _speaking(
    claim: str, content: frozenset[str], sentence: str, own: str = ""
) -> tuple[int, tuple[str, Name] | None] | None:
    """Which piece of ``sentence`` holds most of the claim's figures (not those of ``own``,
    its subject's name as written, when it opens with one: then a piece's subject may be a
    numbered first word too), then most of its ``content`` words, and its subject; None
    when two pieces hold as much (which one it is cannot be read)."""
    numbers = numbers_of(claim, own)
    parts = parts_of(sentence, numbered=bool(own))
    held = sorted(
        ((len(numbers & numbers_of(p)), len(content & frozenset(content_words(p)))), i)
        for i, (p, _) in enumerate(parts)
    )
    if not held or (len(held) > 1 and held[-1][0] == held[-2][0]):
        return None
    best = held[-1][1]
    return best, parts[best][1]


def antecedent_finding(claim: str, before: Sequence[str], index: EvidenceIndex) -> Finding | None:
    """The finding for a claim whose opening pronoun, read after the claims ``before`` it,
    stands for a thing the evidence sentence does not say this of (see the module)."""
    first = FIRST_WORD.match(claim)
    if first is None or first.group(1).casefold() not in PERSONAL or not before:
        return None
    content = claim_content(claim, frozenset())
    aligned, share = closest_sentence(content, index)
    if aligned is None or share < ALIGNED:
        return None
    speaking = _speaking(claim, content, aligned.text)
    subject = None if speaking is None else speaking[1]
    prior = [(w, (s, n)) for text in before for w, s, n, _ in name_runs(text)]
    if speaking is None or subject is None or any(same_name(subject[1], b) for _, b in prior):
        return None
    parts = parts_of(aligned.text)
    others = [o[1] for i, (_, o) in enumerate(parts) if i != speaking[0] and o is not None]
    other = next((w for w, name in prior if any(same_name(name, o) for o in others)), None)
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
    claim: str, subject: tuple[str, Name], index: EvidenceIndex
) -> EvidenceSentence | None:
    """The one evidence sentence that holds most of the claim's figures (not those of its
    subject's name), then most of its content words other than its subject's (``ALIGNED``
    of them at least); None when two hold as much."""
    words = wordy(claim_content(claim, frozenset()) - subject[1][0])
    numbers = numbers_of(claim, subject[0])
    if not words:
        return None
    held = sorted(
        ((len(numbers & numbers_of(s.text)), len(words & s.content)), i)
        for i, s in enumerate(index.sentences)
    )
    if not held or (len(held) > 1 and held[-1][0] == held[-2][0]):
        return None
    (_, shared), best = held[-1]
    return index.sentences[best] if shared / len(words) >= ALIGNED else None


def _named(name: Name, sentences: Sequence[EvidenceSentence], aligned: EvidenceSentence) -> bool:
    """Is ``name`` written whole in a sentence other than ``aligned`` (each of its words, its
    number): a thing the sources name apart from what that sentence speaks of (not "Leo
    Messi" for "Lionel Messi", nor "Switzerland's Federal Council" for "the Swiss Federal
    Council", which no sentence writes)?"""
    return any(
        name[0] <= s and name[1] == n
        for t in sentences
        if t is not aligned
        for s, n in written_names(t.text)
    )


def _denies(claim: str) -> bool:
    """Does the claim deny or set one thing against another ("not", "unlike", "rather than")?"""
    tokens = negation_words(as_not(claim))
    return any(negation_word(t) or t in CONTRAST_WORDS for t in tokens)


def sibling_finding(claim: str, index: EvidenceIndex) -> Finding | None:
    """The finding for a claim that gives the name it opens with what the evidence sentence
    that says the rest of it gives a sibling of that name (see the module)."""
    mine = subject_of(claim, numbered=True)
    if mine is None or _denies(claim):
        return None  # a denial gives its subject nothing ("Stairwell D does not reach the roof")
    aligned = _predicate_sentence(claim, mine, index)
    if aligned is None:
        return None  # no one sentence says it
    if any(same_name(mine[1], named) for named in written_names(aligned.text)):
        theirs = figured_piece(claim, mine, aligned.text)  # the sentence names both
    elif _named(mine[1], index.sentences, aligned):
        content = claim_content(claim, frozenset()) - mine[1][0]
        speaking = _speaking(claim, content, aligned.text, mine[0])
        theirs = None if speaking is None else speaking[1]
    else:
        return None  # no other sentence names the claim's subject
    if theirs is None or not siblings(mine[1], theirs[1]):
        return None
    return Finding(
        "name_sibling",
        ReasonCode.ENTITY_MISMATCH,
        f"source {aligned.source_id} says this of {theirs[0]}, not of {mine[0]} "
        f'("{quote(aligned.text)}")',
        {"source_id": aligned.source_id, "claimed": mine[0], "stated": theirs[0]},
    )
