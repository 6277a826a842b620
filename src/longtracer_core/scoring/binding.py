"""A figure the evidence states, but for another part of the same sentence.

"The emetic form starts 1 to 5 hours after eating, while the diarrhoeal form begins 8 to
16 hours after eating": a claim that "the vomiting form starts 8 to 16 hours after eating"
states a figure the sentence holds, tied to what the sentence ties another figure to. The
evidence-wide figure check (``figure_findings.py``) sees the figure stated and passes it; this
check reads which part of the sentence each figure belongs to.

A sentence's figures of one kind are split into parts at the words that join them (a
comma, a semicolon, "and", "but", "while", "whereas" between two figures; a range is one
figure). A part's own words are those no other part holds. The claim's figure is bound
elsewhere when the claim's part holds at least ``OWN`` of another part's own words and
none of its own part's. Where nothing joins two figures, the claim's value is stated
twice, or its part has no words of its own (a bare list), nothing is read. Two figures
of two kinds a sentence gives in two parts are read by ``tiers.py``. A finding here marks
the claim uncertain; it never deletes it. Pure functions over text.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import regex

from ..contracts import ReasonCode
from ..lexicon.polarity import FIGURE_CLAUSE_ENDS
from ..lexicon.verbs import FINITE
from ..text.memo import short_text_cache
from ..text.words import lex_tokens
from .claim_figures import claim_figures, in_range
from .clause_checks import content_words
from .figures import figure_kind
from .findings import Finding, quote

__all__ = [
    "CLEARER",
    "Bound",
    "binding_finding",
    "bound_elsewhere",
    "bound_finding",
    "JOIN",
    "Figure",
    "read_figures",
    "elsewhere_finding",
    "heading_finding",
]

# the words of another part a claim's part must hold to be read as that part
OWN = 2
# how much more of a claim's content words (a share) the sentence that gives another figure
# must hold than every sentence that states the claim's figure (``figure_findings.py``)
CLEARER = 0.25
# a comma before a relative word joins nothing: "…, which was £1,568" is of what precedes it
# ("aged 76 and over" is one figure's words, "more than 24 hours but no more than 7 days"
# one condition)
JOIN = regex.compile(
    r";|,\s*(?:and|but|while|whereas)\b|,(?!\s*(?:which|who|whose|where|when)\b)"
    r"|\s(?:and|but|while|whereas)\s(?!(?:over|above|under|below|older|younger)\b)"
    r"(?<!\sbut\s(?=(?:no|not)\s+(?:more|less|later|earlier|fewer)\b))",
    regex.I,
)

# where a claim's clause that holds a figure ends: a contrast or an aside after it
_CONTRAST = regex.compile(r"[,;]|\b(?:" + "|".join(FIGURE_CLAUSE_ENDS) + r")\b", regex.I)
# what stands between a range's two ends: its unit at most, and "to" or a dash
_RANGE_GAP = regex.compile(r"\s*(?:[\p{L}%°]+\.?\s*)?(?:–|—|-|to)\s*[$€£]?", regex.I)
# "between 04:30 and 10:00" is one range, not two figures joined
_BETWEEN = regex.compile(r"\bbetween\s+[$€£]?$", regex.I)


@dataclass(frozen=True)
class Figure:
    """A figure of a text: where it stands, its kind, its readings, as written."""

    start: int
    end: int
    kind: str
    readings: frozenset[str]
    written: str


@dataclass(frozen=True)
class Bound:
    """What the claim gives (a figure, or a name in ``name_binding.py``) and what the
    sentence gives in its place."""

    claimed: str
    stated: str

    def proof(self, source_id: str) -> dict[str, str]:
        """A finding's evidence: the source, what the claim gives, what the source gives."""
        return {"source_id": source_id, "claimed": self.claimed, "stated": self.stated}


@short_text_cache(maxsize=4096)
def read_figures(text: str) -> tuple[Figure, ...]:
    """The figures of ``text``, a range read as one (its last end's kind and readings)."""
    out: list[Figure] = []
    for (start, end, kind), need in claim_figures(text):
        num = need.number
        fig = Figure(
            start, end, figure_kind(text, start, end, kind, num), frozenset(need.readings), ""
        )
        # the range's first end right before it ("10 to 14", "1–14", "101 g to 250 g"),
        # not a figure of the part before ("£12; 15–30 days")
        near = out and _RANGE_GAP.fullmatch(text, out[-1].end, start)
        between = (
            out and _BETWEEN.search(text, 0, out[-1].start) and " and " in text[out[-1].end : start]
        )
        if (near and in_range(text, start, end)) or between:
            first = out.pop()
            fig = Figure(first.start, end, fig.kind, fig.readings, "")
        out.append(fig)
    return tuple(Figure(f.start, f.end, f.kind, f.readings, text[f.start : f.end]) for f in out)


def _parts(text: str, figures: Sequence[Figure]) -> tuple[list[frozenset[str]], bool] | None:
    """Each figure's words: from the join before it to the join after it (None when two
    figures have nothing joining them), and whether the parts are elliptical. A lead-in is
    every part's, so no part's own: the words before a colon ("after 2 hours …;"), and the
    first part's words before its figure where every later part opens with its figure
    (elliptical: "keeps versions for 30 days on the Free plan and 180 days on the Pro
    plan")."""
    head = text.rfind(":", 0, figures[0].start) + 1 if figures else 0
    edges = [(head, head)]
    for left, right in itertools.pairwise(figures):
        join = JOIN.search(text, left.end, right.start)
        if join is None:
            return None
        edges.append((join.start(), join.end()))
    edges.append((len(text), len(text)))
    elliptical = len(figures) > 1 and all(
        not content_words(text[edges[k][1] : figures[k].start])
        and not _clause(text[figures[k].end : edges[k + 1][0]])
        for k in range(1, len(figures))
    )
    if elliptical:
        edges[0] = (figures[0].start, figures[0].start)
    words = [content_words(text[edges[i][1] : edges[i + 1][0]]) for i in range(len(edges) - 1)]
    return [frozenset(w) for w in words], elliptical


def _clause(text: str) -> bool:
    """Does ``text`` (a part after its figure) hold a verb of its own ("…, and 10 users are
    included in Business"): a clause, not an ellipsis?"""
    return any(w in FINITE for w in lex_tokens(text.casefold()))


def _near(claim: str, fig: Figure, words: frozenset[str]) -> frozenset[str]:
    """``words`` of the claim's part that come before the end of the clause that holds
    ``fig``: a contrast after it ("30 days unless you upgrade to Pro", "£12, with
    discounts for children") says nothing of which part the figure is."""
    cut = _CONTRAST.search(claim, fig.end)
    return words & frozenset(content_words(claim[: cut.start() if cut else len(claim)]))


def _own(parts: Sequence[frozenset[str]]) -> list[frozenset[str]]:
    return [
        p - frozenset().union(*(q for j, q in enumerate(parts) if j != i))
        for i, p in enumerate(parts)
    ]


def _bound(claim: str, sentence: str, fig: Figure, ours: Sequence[Figure]) -> str | None:
    """What ``sentence`` states for the part of ``claim`` that holds ``fig``, when that
    part is another part of the sentence than the one that states ``fig``."""
    same = [t for t in read_figures(sentence) if t.kind == fig.kind]
    held = [i for i, t in enumerate(same) if t.readings & fig.readings]
    stated = frozenset().union(*(f.readings for f in ours))
    if len(held) != 1 or len(same) < 2:
        return None  # the value stated twice or not at all, or alone of its kind
    also = [i for i, t in enumerate(same) if i != held[0] and t.readings & stated]
    if len(also) > 1:
        return None  # the claim states the other values too
    kin = [f for f in ours if f.kind == fig.kind]
    read, mine = _parts(sentence, same), _parts(claim, kin)
    if read is None or mine is None:
        return None
    (parts, elliptical), words = read, mine[0][kin.index(fig)]
    own = _own(parts)
    default = elliptical and held[0] == 0  # "costs £12, or £6 for children": the default's
    if (not own[held[0]] and not default) or words & own[held[0]]:
        return None  # a bare list ("in 1998, 2002 and 2024") says nothing of its parts
    for i, other in enumerate(same):
        # an elliptical part's own words are few ("on the Pro plan"): all of them will do,
        # read in the claim's clause that holds the figure
        needed = min(OWN, len(own[i])) if elliptical else OWN
        near = _near(claim, fig, words) if needed < OWN else words
        if i != held[0] and own[i] and len(near & own[i]) >= needed:
            # the claim states the other value too: only where it gives it this part's
            # words ("120 km/h on rural roads and 90 km/h on motorways", both swapped)
            if also and (also != [i] or not _swapped(kin, mine[0], other, own[held[0]], own[i])):
                return None
            return other.written
    return None


def _swapped(
    kin: Sequence[Figure], words: Sequence[frozenset[str]], value: Figure,
    held: frozenset[str], own: frozenset[str],
) -> bool:  # fmt: skip
    """Does the claim's part that holds ``value`` hold the words of the part that states
    the claim's other figure (``held``), and none of ``value``'s own part?"""
    at = [k for k, f in enumerate(kin) if f.readings & value.readings]
    if len(at) != 1 or not held:
        return False
    mine = words[at[0]]
    return len(mine & held) >= min(OWN, len(held)) and not mine & own


def bound_elsewhere(claim: str, sentence: str) -> Bound | None:
    """A figure of ``claim`` that ``sentence`` states for another part of itself."""
    if sum(ch.isdigit() for ch in sentence) < 2 or not any(ch.isdigit() for ch in claim):
        return None  # two figures need two digits
    ours = read_figures(claim)
    for fig in ours:
        stated = _bound(claim, sentence, fig, ours)
        if stated is not None:
            return Bound(fig.written, stated)
    return None


def binding_finding(claim: str, sentence: str, source_id: str) -> Finding | None:
    """The finding for a figure of ``claim`` that ``sentence`` (the evidence sentence that
    says what the claim says) states for another part of itself."""
    bound = bound_elsewhere(claim, sentence)
    if bound is None:
        return None
    said = (
        f"gives {bound.claimed} for another part of the sentence; for this it gives {bound.stated}"
    )
    return bound_finding(bound, said, source_id, sentence)


def bound_finding(bound: Bound, said: str, source_id: str, sentence: str) -> Finding:
    """A ``figure_binding`` finding: what source ``source_id`` ``said`` in ``sentence``
    (``binding_finding``, ``tiers.tier_finding``). It marks the claim, never deletes it."""
    return Finding(
        "figure_binding",
        ReasonCode.FIGURE_ROLE_MISMATCH,
        f'source {source_id} {said} ("{quote(sentence)}")',
        bound.proof(source_id),
    )


def heading_finding(claimed: str, source_id: str, sentence: str) -> Finding:
    """The finding for a listed figure the claim gives for another measure than the one
    its list in ``sentence`` is headed by ("A 40 g serving gives you 12 g of protein" of
    "Per 100 g: … protein 12 g"). It marks the claim uncertain, never deletes it."""
    return Finding(
        "figure_binding",
        ReasonCode.FIGURE_ROLE_MISMATCH,
        f"source {source_id} gives {claimed} for the measure its list is headed by, not for "
        f'the claim\'s ("{quote(sentence)}")',
        Bound(claimed, claimed).proof(source_id),
    )


def elsewhere_finding(claimed: str, stated: str, source_id: str, sentence: str) -> Finding:
    """The finding for a figure the evidence states only in sentences that say clearly less
    of what the claim says than ``sentence``, which gives ``stated`` ("Smokers are advised
    to take an extra 35 mg a day" for "an extra 40 mg", where 40 mg is the adult intake
    another source gives). It marks the claim uncertain, never deletes it."""
    return Finding(
        "figure_binding",
        ReasonCode.FIGURE_ROLE_MISMATCH,
        f'source {source_id} gives {stated} where the claim gives {claimed} ("{quote(sentence)}")',
        Bound(claimed, stated).proof(source_id),
    )
