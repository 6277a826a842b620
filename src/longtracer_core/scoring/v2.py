"""Score model ``v2``: the seed's matcher, reading text the way chat answers write it.

Per (claim, span), v2 keeps the seed's geometric fusion ``clamp01(cos)^β ·
lex^(1−β)`` and its whole-pair numeric cap, and changes what goes in and what
comes out (docs/reference/matcher.md has the measurement behind each part):

* lexical coverage over Snowball stems, so inflections count as the same word;
* a word no span uses weighs half the heaviest IDF weight (the seed gives it
  the full weight): in chat answers most such words are synonyms;
* the v2 figure gate (``figures.py``): rounding, hedges, bounds, lenient forms;
* gates (``gates.py``): each gate that fires on the pair multiplies its score
  by ``GATE_PENALTY``; a claim's score is the best penalised pair;
* a claim whose strongest match (the highest score before gates and cap, at
  least ``CONTRADICTION_MIN``, the seed's supported edge) fires an opposing
  gate — direction, figure role or polarity — is CONTRADICTED by that span.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from .fusion import PairScore
from .gates import GateResult, check_gates

__all__ = [
    "CONTRADICTING_GATES",
    "CONTRADICTION_MIN",
    "GATE_PENALTY",
    "UNSEEN_SCALE",
    "GatedMatch",
    "gate_candidates",
    "opposes",
]

GATE_PENALTY = 0.75
UNSEEN_SCALE = 0.5
# Gates that say the evidence states the opposite, and how strong the match must be
CONTRADICTING_GATES = frozenset({"direction", "figure_role", "polarity"})
CONTRADICTION_MIN = 0.75


def opposes(gate: GateResult) -> bool:
    """Does a fired gate say the evidence states the opposite? Direction and figure role
    do; polarity only when it names the word the claim turns round, the claim being the
    evidence's clause with its negation dropped or added ("should be left to soak" /
    "should not be left to soak"; a negation of another word, "went beyond" / "were not
    limited to", is a hint: negations in paraphrase are often worded anew)."""
    if not gate.fired or gate.name not in CONTRADICTING_GATES:
        return False
    return gate.name != "polarity" or bool(gate.terms)


@dataclass(frozen=True, slots=True)
class GatedMatch:
    """The best penalised candidate of a claim and what the gates said."""

    index: int
    pair: PairScore  # ``score`` is the penalised score
    raw: float  # the pair's score before the gates (after the numeric cap)
    gates: tuple[GateResult, ...]
    contradicting: int | None  # the span index that contradicts the claim, if any
    contradiction: tuple[GateResult, ...] = ()


def _penalised(score: float, gates: Sequence[GateResult]) -> float:
    fired = sum(g.fired for g in gates)
    return float(score * GATE_PENALTY**fired)


def gate_candidates(
    claim: str,
    scored: Sequence[tuple[int, PairScore, float]],
    span_text: Callable[[int], str],
    supported_edge: float,
    optional: frozenset[str] = frozenset(),
    given: frozenset[str] = frozenset(),
) -> GatedMatch | None:
    """The candidate with the highest penalised score, gating lazily.

    ``scored`` holds (span index, pair score, uncapped fused score). Gates are
    run in order of decreasing pair score until no unchecked candidate could
    beat the best penalised one, which gives the exact maximum with few checks.
    ``given``: the figures of the claim's context and the user's question (the gates
    never hold the user's own figures against the claim).
    """
    if not scored:
        return None
    ranked = sorted(scored, key=lambda t: (-t[1].score, t[0]))
    checked: dict[int, tuple[GateResult, ...]] = {}
    best: tuple[float, int, PairScore, float] | None = None
    for si, ps, _ in ranked:
        if best is not None and ps.score <= best[0]:
            break
        gates = check_gates(claim, span_text(si), optional, given)
        checked[si] = gates
        value = _penalised(ps.score, gates)
        if best is None or value > best[0]:
            best = (value, si, ps, ps.score)
    assert best is not None
    value, si, ps, raw = best
    # the strongest match before gates and cap: does it speak against the claim?
    strong_si, _, strong_uncapped = max(scored, key=lambda t: (t[2], -t[0]))
    strong_gates = checked.get(strong_si) or check_gates(
        claim, span_text(strong_si), optional, given
    )
    opposing = tuple(g for g in strong_gates if opposes(g))
    # a reading that holds for the whole span (no part of it says it the claim's way)
    # speaks against the claim however strongly the span matches it
    strong = strong_uncapped >= max(supported_edge, CONTRADICTION_MIN)
    whole = any(g.whole_span for g in opposing)
    contradicting = strong_si if opposing and (strong or whole) else None
    return GatedMatch(
        index=si,
        pair=replace(ps, score=value),
        raw=raw,
        gates=checked[si],
        contradicting=contradicting,
        contradiction=opposing if contradicting is not None else (),
    )
