"""The hybrid matcher's math: fusion, bands, IDF coverage, candidates, best match."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from longtracer_core import VerifyConfig
from longtracer_core.scoring import (
    Span,
    band,
    best_match,
    build_plan,
    fuse,
    idf_table,
    lex_tokens,
    lexical_coverage,
    match_claims,
    pair_score,
    select_candidates,
)
from longtracer_core.scoring.fusion import PairScore
from longtracer_core.scoring.matching import span_features

CFG = VerifyConfig(score_model="seed-v1")  # the pure matcher functions are the seed's


# --- fusion: the specification's worked numbers ---------------------------------------


@pytest.mark.parametrize(
    ("cos", "lex", "expected", "expected_band", "arithmetic_band"),
    [
        # topical fabrication: geometric 0.49 unsupported; arithmetic 0.59 would read partial
        (0.8, 0.2, 0.49, "unsupported", "partial"),
        # genuine paraphrase: geometric 0.78 supported (arithmetic 0.795 agrees)
        (0.9, 0.6, 0.78, "supported", "supported"),
    ],
)
def test_worked_examples(cos, lex, expected, expected_band, arithmetic_band):
    """β = 0.65: cos 0.8/lex 0.2 → 0.49 unsupported; cos 0.9/lex 0.6 → 0.78 supported."""
    score = fuse(cos, lex, 0.65)
    assert score == pytest.approx(expected, abs=0.005)
    assert band(score, CFG) == expected_band
    arithmetic = 0.65 * cos + 0.35 * lex
    assert band(arithmetic, CFG) == arithmetic_band


def test_geometric_fusion_is_why_topical_fabrication_fails():
    """The spec moved to geometric fusion because the arithmetic blend let cosine outvote lex."""
    assert pytest.approx(0.59) == 0.65 * 0.8 + 0.35 * 0.2
    assert band(0.59, CFG) == "partial"
    assert band(fuse(0.8, 0.2, 0.65), CFG) == "unsupported"


@pytest.mark.parametrize(("cos", "lex"), [(0.0, 0.0), (0.0, 0.7), (0.7, 0.0), (0.3, 0.9)])
def test_beta_fast_paths(cos, lex):
    """β = 1 is pure cosine, β = 0 pure lex, and 0^0 is never evaluated."""
    assert fuse(cos, lex, 1.0) == cos
    assert fuse(cos, lex, 0.0) == lex


def test_negative_cosine_clamps_to_zero():
    """cos < 0 clamps to 0 before fusion, so the pair scores 0 (not a complex number)."""
    assert fuse(-0.4, 0.9, 0.65) == 0.0
    assert fuse(-0.4, 0.9, 1.0) == 0.0
    assert fuse(float("nan"), 0.9, 0.65) == 0.0
    assert fuse(1.3, 1.0, 0.65) == 1.0


@pytest.mark.parametrize(
    ("score", "expected"),
    [
        (0.75, "supported"),
        (0.7499, "partial"),
        (0.50, "partial"),
        (0.4999, "unsupported"),
        (0.0, "unsupported"),
        (1.0, "supported"),
    ],
)
def test_bands_default(score, expected):
    """Band edges: supported ≥ 0.75, partial ∈ [0.50, 0.75), unsupported < 0.50."""
    assert band(score, CFG) == expected


def test_bands_follow_configuration():
    """Configured bands move the edges."""
    cfg = VerifyConfig(bands={"supported": 0.80, "partial": 0.45})
    assert band(0.78, cfg) == "partial"
    assert band(0.46, cfg) == "partial"
    assert band(0.44, cfg) == "unsupported"


# --- lexical coverage ------------------------------------------------------------------

PLAN_TEXTS = [
    "The history of Rome is long and the city is old.",
    "The population of the region is growing and the economy is strong.",
    "The river runs through the valley and is wide.",
    "The climate of the coast is mild and the winters are short.",
    "The cathedral is the oldest building of the town and is visited often.",
    "The museum opened in the spring and is free on Sundays.",
    "The harbour is deep and the ships are large.",
    "The railway reached the town in the last century and is still in use.",
]


def test_verbatim_containment_is_full_coverage_however_long_the_span():
    """A claim contained verbatim in a span has lex 1.0, whatever the span's length."""
    claim = "The railway reached the town"
    idf = idf_table([lex_tokens(t) for t in PLAN_TEXTS])
    for extra in (0, 10, 200):
        span = PLAN_TEXTS[7] + " Filler words appear here." * extra
        assert lexical_coverage(lex_tokens(claim), lex_tokens(span), idf) == 1.0


def test_function_words_alone_cannot_lift_the_score():
    """A claim sharing only 'the of and is' with a span gets low coverage and stays unsupported."""
    idf = idf_table([lex_tokens(t) for t in PLAN_TEXTS])
    claim = "The capital of France is Paris and the Louvre is its museum."
    span = PLAN_TEXTS[0]
    shared = set(lex_tokens(claim)) & set(lex_tokens(span))
    assert shared == {"the", "of", "is", "and"}
    lex = lexical_coverage(lex_tokens(claim), lex_tokens(span), idf)
    assert lex < 0.35
    # even with a generous cosine the pair stays out of the supported band
    assert band(pair_score(0.8, claim, span, idf, CFG).score, CFG) != "supported"


def test_idf_is_plan_local_and_unseen_tokens_weigh_most():
    """idf(t) = ln(1 + N/df); a token no span contains weighs ln(1 + N)."""
    spans = [["a", "b"], ["a", "c"], ["a", "c", "c"]]
    idf = idf_table(spans)
    assert idf["a"] == pytest.approx(math.log(1 + 3 / 3))
    assert idf["c"] == pytest.approx(math.log(1 + 3 / 2))
    assert idf["b"] == pytest.approx(math.log(1 + 3 / 1))
    assert idf["zzz"] == pytest.approx(math.log(1 + 3))
    assert idf["zzz"] >= max(idf["a"], idf["b"], idf["c"])


def test_coverage_weighs_a_token_no_span_holds_with_the_unseen_weight():
    """With the plan's IdfTable, a claim word absent from every span costs ln(1 + N) of coverage."""
    idf = idf_table([["a", "b"], ["a", "c"]])
    lex = lexical_coverage(["a", "zzz"], ["a", "b"], idf)
    assert lex == pytest.approx(math.log(1 + 2 / 2) / (math.log(1 + 2 / 2) + math.log(1 + 2)))


def test_coverage_uses_multiset_intersection():
    """A token repeated in the claim needs as many occurrences in the span."""
    idf = {"x": 1.0, "y": 1.0}
    assert lexical_coverage(["x", "x", "y"], ["x", "y"], idf) == pytest.approx(2 / 3)
    assert lexical_coverage(["x", "x", "y"], ["x", "x", "y"], idf) == 1.0


def test_empty_claim_has_zero_coverage():
    """A claim without tokens covers nothing."""
    assert lexical_coverage([], ["a"], {"a": 1.0}) == 0.0


# --- candidates and best match ---------------------------------------------------------


def _spans(n: int, cache: set[int] = frozenset()) -> list[Span]:  # type: ignore[assignment]
    return [
        Span(f"s{i}", "src", f"text {i}", 0, 6, "cache" if i in cache else "truth", 0)
        for i in range(n)
    ]


def test_candidates_are_cited_union_top_m_in_plan_order():
    """Candidates = cited spans ∪ top-m by cosine, returned in plan order."""
    cos = np.array([0.1, 0.9, 0.2, 0.8, 0.3, 0.05])
    assert select_candidates(cos, _spans(6), cited=[5], m=2) == [1, 3, 5]


def test_unresolvable_and_cache_citations_are_ignored():
    """A cited index that does not exist, or a cache span, is not a candidate."""
    cos = np.array([0.1, 0.9, 0.2])
    assert select_candidates(cos, _spans(3, cache={0}), cited=[0, 7, -1], m=1) == [1]


def test_cache_spans_are_never_candidates():
    """Cache-class spans never enter the candidates, however similar."""
    cos = np.array([0.99, 0.2, 0.1])
    assert select_candidates(cos, _spans(3, cache={0}), cited=[], m=1) == [1]


def test_top_m_ties_keep_plan_order():
    """Equal cosines at the cut keep the earlier spans."""
    cos = np.array([0.5, 0.5, 0.5, 0.5])
    assert select_candidates(cos, _spans(4), cited=[], m=2) == [0, 1]


def test_best_match_ties_keep_first_span():
    """Equal scores: the first candidate in plan order wins (strictly greater)."""
    a = PairScore(0.8, 0.9, 0.7, True)
    b = PairScore(0.8, 0.95, 0.65, True)
    assert best_match([(2, a), (5, b)]) == (2, a)
    assert best_match([]) is None


def test_match_claims_reports_numeric_mismatch():
    """A wrong figure on a near-verbatim span is capped and flagged as a numeric mismatch."""
    spans = [
        Span("o#0", "o", "L2 lies about 1.5 million kilometres from Earth.", 0, 48),
        Span("o#1", "o", "The telescope reached its orbit in January 2022.", 49, 97),
    ]
    plan = build_plan(spans)
    claims = [
        "L2 lies about 3.5 million kilometres from Earth.",
        "L2 lies about 1.5 million kilometres from Earth.",
    ]
    cos = np.array([[0.97, 0.3], [0.99, 0.3]])
    wrong, right = match_claims(claims, cos, plan, [(), ()], CFG, candidates_m=8)
    assert wrong.best is not None and wrong.best.score <= 0.2
    assert wrong.numeric_mismatch
    assert right.best_index == 0 and right.best is not None
    assert band(right.best.score, CFG) == "supported"
    assert not right.numeric_mismatch


def test_match_claims_vectorised_equals_pairwise():
    """The batched matcher gives the same numbers as pair_score on each candidate."""
    rng = np.random.default_rng(7)
    texts = PLAN_TEXTS
    spans = [Span(f"s{i}", "src", t, 0, len(t)) for i, t in enumerate(texts)]
    plan = build_plan(spans)
    claims = [
        "The railway reached the town in 1901.",
        "The museum is free on Sundays.",
        "The harbour is deep.",
    ]
    cos = rng.uniform(-0.2, 1.0, size=(len(claims), len(spans)))
    for claim, match, row in zip(
        claims, match_claims(claims, cos, plan, [()] * 3, CFG, candidates_m=3), cos, strict=True
    ):
        assert len(match.candidates) == 3
        for si, ps in match.candidates:
            assert ps == pair_score(row[si], claim, texts[si], plan.idf, CFG)


# --- properties ------------------------------------------------------------------------

unit = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)
any_cos = st.floats(min_value=-1.0, max_value=1.0, allow_nan=False)
betas = st.floats(min_value=0.01, max_value=0.99)


@given(any_cos, unit, betas)
def test_fuse_in_unit_interval(cos, lex, beta):
    assert 0.0 <= fuse(cos, lex, beta) <= 1.0


@given(any_cos, any_cos, unit, betas)
def test_fuse_monotone_in_cos(c1, c2, lex, beta):
    lo, hi = sorted((c1, c2))
    assert fuse(lo, lex, beta) <= fuse(hi, lex, beta)


@given(any_cos, unit, unit, betas)
def test_fuse_monotone_in_lex(cos, l1, l2, beta):
    lo, hi = sorted((l1, l2))
    assert fuse(cos, lo, beta) <= fuse(cos, hi, beta)


words = st.lists(
    st.sampled_from(["alpha", "beta", "gamma", "delta", "the", "of", "42", "7"]), max_size=12
)


@given(words, words, any_cos)
def test_pair_score_bounds_and_numeric_cap(claim_words, span_words, cos):
    """Scores and lex lie in [0, 1]; a failing numeric gate always caps at 0.2."""
    claim, span = " ".join(claim_words), " ".join(span_words)
    idf = idf_table([lex_tokens(span), lex_tokens("alpha beta")])
    ps = pair_score(cos, claim, span, idf, CFG)
    assert 0.0 <= ps.score <= 1.0 and 0.0 <= ps.lex <= 1.0
    if not ps.numeric_ok:
        assert ps.score <= CFG.numeric_cap


@given(words, words)
def test_sub_multiset_claim_has_full_coverage(claim_words, extra):
    """A claim whose tokens are a sub-multiset of the span's has lex = 1."""
    if not claim_words:
        return
    span = claim_words + extra
    idf = idf_table([span, ["alpha"]])
    assert lexical_coverage(claim_words, span, idf) == pytest.approx(1.0)


def test_v2_a_best_match_that_states_the_figures_is_no_figure_mismatch():
    """The passage that states the claim's 636 km is its best match; a closer-worded one
    without the figure, capped, is no sign the figures are wrong (v2; the seed still
    reads it so)."""
    config = VerifyConfig()  # v2
    spans = [
        Span("o#0", "o", "Lake Baikal stretches across southern Siberia from end to end.", 0, 61),
        Span("o#1", "o", "The crescent-shaped lake is about 636 km long.", 62, 108),
    ]
    plan = build_plan(spans, lambda text: span_features(text, "v2"), model="v2")
    claims = ["Baikal stretches about 636 km from end to end.", "Baikal stretches 736 km."]
    cos = np.array([[0.95, 0.7], [0.95, 0.7]])
    right, wrong = match_claims(claims, cos, plan, [(), ()], config, candidates_m=8, model="v2")
    assert right.best_index == 1 and right.best is not None and right.best.numeric_ok
    assert not right.numeric_mismatch
    assert wrong.numeric_mismatch


def test_v2_figure_gate_asks_for_figures_not_for_numbers_of_names_or_codes():
    """A model code ("WH-50"), a quarter ("Q2") or a rule's number is no figure the span
    must state (the evidence-wide checks read them the same way); an ordinal date, a
    figure glued to its unit ("500mg", "450hp") and a decade ("1980s") are."""
    config = VerifyConfig()  # v2
    spans = [
        Span("o#0", "o", "Battery life: up to 30 hours with noise cancelling on.", 0, 54),
        Span("o#1", "o", "Claims received by the 20th are paid that month.", 55, 104),
        Span("o#2", "o", "The adult dose is 100mg, and the engine gives 300hp.", 105, 157),
        Span("o#3", "o", "Prices rose sharply during the 1990s.", 158, 195),
    ]
    plan = build_plan(spans, lambda text: span_features(text, "v2"), model="v2")
    claims = [
        "The WH-50 battery lasts up to 30 hours with noise cancelling on.",
        "Claims received by the 25th are paid that month.",
        "Claims received by the 20th are paid that month.",
        "The adult dose is 500mg, and the engine gives 300hp.",
        "The adult dose is 100mg, and the engine gives 450hp.",
        "Prices rose sharply during the 1980s.",
    ]
    cos = np.full((6, 4), 0.2)
    for row, col in ((0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3)):
        cos[row, col] = 0.95
    code, ordinal, right, dose, power, decade = match_claims(
        claims, cos, plan, [()] * 6, config, candidates_m=8, model="v2"
    )
    assert not code.numeric_mismatch
    assert ordinal.numeric_mismatch
    assert not right.numeric_mismatch
    assert dose.numeric_mismatch and power.numeric_mismatch and decade.numeric_mismatch
