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
twice, or its part has no words of its own (a bare list), nothing is read.

Figures of two kinds cross (``crossed``): "2% if repaid by 31 August 2025, rising to 3%
from 1 September 2025" of "3% … on or before 31 August 2025; 2% … between 1 September 2025
and 31 August 2026". A part of the claim gives one figure of each of two kinds together;
the sentence gives each of them in a part of its own, each with another figure of the
other's kind. Where a value is in two parts of the sentence, or the claim's part gives two
figures of one kind ("falls from 3% to 2% on 1 September"), nothing is read. A finding
here marks the claim uncertain; it never deletes it. Pure functions over text.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import regex

from ..contracts import ReasonCode
from ..lexicon.grammar import FRONTED_OPENERS
from ..lexicon.numbers import BOUND_SIDES
from ..lexicon.polarity import FIGURE_CLAUSE_ENDS
from ..lexicon.verbs import FINITE
from ..text.memo import short_text_cache
from ..text.words import lex_tokens
from .claim_figures import claim_figures, in_range
from .clause_checks import content_words
from .figures import figure_kind
from .findings import Finding, quote
from .unit_conflict import with_unit

__all__ = [
    "CLEARER",
    "Bound",
    "binding_finding",
    "bound_elsewhere",
    "crossed",
    "elsewhere_finding",
    "heading_finding",
    "listed",
]

# the words of another part a claim's part must hold to be read as that part
OWN = 2
# how much more of a claim's content words (a share) the sentence that gives another figure
# must hold than every sentence that states the claim's figure (``figure_findings.py``)
CLEARER = 0.25
# a comma before a relative word joins nothing: "…, which was £1,568" is of what precedes it
# ("aged 76 and over" is one figure's words, "more than 24 hours but no more than 7 days"
# one condition)
_JOIN = regex.compile(
    r";|,\s*(?:and|but|while|whereas)\b|,(?!\s*(?:which|who|whose|where|when)\b)"
    r"|\s(?:and|but|while|whereas)\s(?!(?:over|above|under|below|older|younger)\b)"
    r"(?<!\sbut\s(?=(?:no|not)\s+(?:more|less|later|earlier|fewer)\b))",
    regex.I,
)

# where a claim's clause that holds a figure ends: a contrast or an aside after it
_CONTRAST = regex.compile(r"[,;]|\b(?:" + "|".join(FIGURE_CLAUSE_ENDS) + r")\b", regex.I)
# the words before and after a figure that say which side of it a condition covers
_SIDES = {
    side: (
        regex.compile(r"\b(?:" + "|".join(before) + r")\s+(?:about\s+)?[$€£]?$", regex.I),
        regex.compile(r"\s*%?(?:\s*[\p{L}°]+)?\s+(?:" + "|".join(after) + r")\b", regex.I),
    )
    for side, (before, after) in BOUND_SIDES.items()
}
_SIDE_READINGS = frozenset(f"side:{side}" for side in BOUND_SIDES)
# "between 04:30 and 10:00" is one range, not two figures joined
_BETWEEN = regex.compile(r"\bbetween\s+[$€£]?$", regex.I)


@dataclass(frozen=True)
class _Figure:
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
def _figures(text: str) -> tuple[_Figure, ...]:
    """The figures of ``text``, a range read as one (its last end's kind and readings)."""
    out: list[_Figure] = []
    for (start, end, kind), need in claim_figures(text):
        num = need.number
        fig = _Figure(
            start, end, figure_kind(text, start, end, kind, num), frozenset(need.readings), ""
        )
        near = out and start - out[-1].end <= 6
        between = (
            out and _BETWEEN.search(text, 0, out[-1].start) and " and " in text[out[-1].end : start]
        )
        if (near and in_range(text, start, end)) or between:
            first = out.pop()
            fig = _Figure(first.start, end, fig.kind, fig.readings, "")
        out.append(fig)
    return tuple(_Figure(f.start, f.end, f.kind, f.readings, text[f.start : f.end]) for f in out)


def _parts(text: str, figures: Sequence[_Figure]) -> tuple[list[frozenset[str]], bool] | None:
    """Each figure's words: from the join before it to the join after it (None when two
    figures have nothing joining them), and whether the parts are elliptical. A lead-in is
    every part's, so no part's own: the words before a colon ("after 2 hours …;"), and the
    first part's words before its figure where every later part opens with its figure
    (elliptical: "keeps versions for 30 days on the Free plan and 180 days on the Pro
    plan")."""
    head = text.rfind(":", 0, figures[0].start) + 1 if figures else 0
    edges = [(head, head)]
    for left, right in itertools.pairwise(figures):
        join = _JOIN.search(text, left.end, right.start)
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


def listed(text: str, kind: str) -> bool:
    """Are the figures of ``kind`` in ``text`` a list whose later parts open with their
    figure ("2 g a day at ages 1 to 3, 3 g at 4 to 6"), each read with the first's
    words?"""
    same = [
        _Figure(start, end, kind, frozenset(need.readings), text[start:end])
        for (start, end, raw), need in claim_figures(text)
        if figure_kind(text, start, end, raw, need.number) == kind
    ]
    read = _parts(text, same) if len(same) > 1 else None
    return read is not None and read[1]


def _clause(text: str) -> bool:
    """Does ``text`` (a part after its figure) hold a verb of its own ("…, and 10 users are
    included in Business"): a clause, not an ellipsis?"""
    return any(w in FINITE for w in lex_tokens(text.casefold()))


def _near(claim: str, fig: _Figure, words: frozenset[str]) -> frozenset[str]:
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


def _bound(claim: str, sentence: str, fig: _Figure, ours: Sequence[_Figure]) -> str | None:
    """What ``sentence`` states for the part of ``claim`` that holds ``fig``, when that
    part is another part of the sentence than the one that states ``fig``."""
    same = [t for t in _figures(sentence) if t.kind == fig.kind]
    held = [i for i, t in enumerate(same) if t.readings & fig.readings]
    stated = frozenset().union(*(f.readings for f in ours))
    if len(held) != 1 or len(same) < 2:
        return None  # the value stated twice or not at all, or alone of its kind
    if any(t.readings & stated for i, t in enumerate(same) if i != held[0]):
        return None  # the claim states the other value too
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
            return other.written
    return None


def bound_elsewhere(claim: str, sentence: str) -> Bound | None:
    """A figure of ``claim`` that ``sentence`` states for another part of itself."""
    if sum(ch.isdigit() for ch in sentence) < 2 or not any(ch.isdigit() for ch in claim):
        return None  # two figures need two digits
    ours = _figures(claim)
    for fig in ours:
        stated = _bound(claim, sentence, fig, ours)
        if stated is not None:
            return Bound(fig.written, stated)
    return None


def _joined(text: str, start: int, end: int, fronted: int) -> bool:
    """Is there a join between ``start`` and ``end``, the comma at ``fronted`` aside?"""
    join = _JOIN.search(text, start, end)
    if join is not None and join.start() == fronted and join.group() == ",":
        join = _JOIN.search(text, fronted + 1, end)
    return join is not None


def _groups(text: str, claim: bool = False) -> list[list[_Figure]]:
    """The figures of ``text`` in its parts (a join between two figures starts a part),
    each read with every value it spans ("between 1 September 2025 and 31 August 2026");
    a claim's comma that closes a fronted phrase joins nothing ("Below 500 ft, the limit
    is 80 knots")."""
    opener = text.split(maxsplit=1)[0].casefold() if text.strip() else ""
    fronted = text.find(",") if claim and opener in FRONTED_OPENERS else -1
    raw = claim_figures(text)
    out: list[list[_Figure]] = []
    figures = _figures(text)
    for k, fig in enumerate(figures):
        every = frozenset().union(*(n.readings for (s, _, _), n in raw if fig.start <= s < fig.end))
        shown = with_unit(text, fig.start, fig.end)
        whole = _Figure(
            fig.start, fig.end, fig.kind, fig.readings | every | _side(text, fig), shown
        )
        if k == 0 or _joined(text, figures[k - 1].end, fig.start, fronted):
            out.append([whole])
        else:
            out[-1].append(whole)
    return out


def _side(text: str, fig: _Figure) -> frozenset[str]:
    """The side of ``fig`` its condition covers, as a reading ("side:below" for "up to 24
    hours"); the longer words before it decide ("no more than", not "more than")."""
    found: dict[str, int] = {}
    for side, (before, after) in _SIDES.items():
        m = before.search(text, 0, fig.start)
        if m is not None:
            found[side] = m.start()
        elif after.match(text, fig.end):
            found[side] = fig.end
    if not found:
        return frozenset()
    first = min(found.values())
    sides = [s for s, at in found.items() if at == first]
    return frozenset({f"side:{sides[0]}"}) if len(sides) == 1 else frozenset()


def _holding(parts: Sequence[list[_Figure]], fig: _Figure) -> list[_Figure] | None:
    """The one part that gives ``fig``'s value as written, with the side of it its
    condition covers: "2 hours" is not the end of "2 to 4 hours", nor "above £50,270" that
    of "between £12,571 and £50,270", nor "up to 24 hours" "more than 24 hours"; None: no
    part, or two."""
    held = [
        p for p in parts if any(f.kind == fig.kind and _same(f.readings, fig.readings) for f in p)
    ]
    return held[0] if len(held) == 1 else None


def _same(theirs: frozenset[str], mine: frozenset[str]) -> bool:
    """The same values, and the claim's side where it gives one ("80 knots" is "no more
    than 80 knots"; "up to 24 hours" is not "more than 24 hours")."""
    side = frozenset(r for r in mine if r.startswith("side:"))
    return theirs - _SIDE_READINGS == mine - side and (not side or side <= theirs)


def _other(part: Sequence[_Figure], kind: str) -> _Figure | None:
    """The part's one figure of ``kind`` (None: none, or two)."""
    kin = [f for f in part if f.kind == kind]
    return kin[0] if len(kin) == 1 else None


def crossed(claim: str, sentence: str) -> Bound | None:
    """Two figures ``claim`` gives together that ``sentence`` gives in two parts of
    itself, each with another figure of the other's kind."""
    if sum(ch.isdigit() for ch in sentence) < 4:
        return None  # four figures need four digits
    parts = _groups(sentence)
    if len(parts) < 2:
        return None
    for mine in _groups(claim, claim=True):
        for a, b in itertools.permutations(mine, 2):
            if a.kind == b.kind or _other(mine, a.kind) is None or _other(mine, b.kind) is None:
                continue
            with_a, with_b = _holding(parts, a), _holding(parts, b)
            if with_a is None or with_b is None or with_a is with_b:
                continue
            other_b, other_a = _other(with_a, b.kind), _other(with_b, a.kind)
            if other_b is not None and other_a is not None:
                return Bound(
                    f"{a.written} with {b.written}",
                    f"{a.written} with {other_b.written}, and {b.written} with {other_a.written}",
                )
    return None


def binding_finding(claim: str, sentence: str, source_id: str) -> Finding | None:
    """The finding for a figure of ``claim`` that ``sentence`` (the evidence sentence that
    says what the claim says) states for another part of itself, or for two figures the
    claim gives together that the sentence gives apart (``crossed``)."""
    bound = bound_elsewhere(claim, sentence)
    if bound is None:
        crossing = crossed(claim, sentence)
        if crossing is None:
            return None
        return Finding(
            "figure_binding",
            ReasonCode.FIGURE_ROLE_MISMATCH,
            f"source {source_id} gives {crossing.stated}; the claim gives {crossing.claimed} "
            f'("{quote(sentence)}")',
            crossing.proof(source_id),
        )
    return Finding(
        "figure_binding",
        ReasonCode.FIGURE_ROLE_MISMATCH,
        f"source {source_id} gives {bound.claimed} for another part of the sentence; for "
        f'this it gives {bound.stated} ("{quote(sentence)}")',
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
