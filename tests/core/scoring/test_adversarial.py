"""Adversarial corpora on the default configuration: measured rates pinned as a ratchet.

The specification's floors (number swap and topical fabrication ≥ 0.95 in the
unsupported band; paraphrase ≥ 0.90 supported) are compared in
docs/benchmarks.md. Where we fall short the floor is reported as missed, and the
pins below are what we measure today: a change that makes any class worse fails.
Each pin allows one case of slack, because a BLAS build can move a score that
sits exactly on a band edge by 1e-7.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from longtracer_core import CitationVerifier, EmbeddingCache, VerifyConfig
from longtracer_core.evaluation import load_corpus, measure_corpus

pytestmark = pytest.mark.model  # the packaged embedding model scores every case

CORPUS = Path(__file__).resolve().parents[2] / "adversarial" / "data"

# (corpus, variant) -> (cases, measured in-band count, measured gate-as-expected count)
# for the default score model, v2 (docs/benchmarks.md, section 1)
PINNED_V2 = {
    ("number_swap", "all"): (94, 90, 93),
    # 2026-12-03: the polarity gate reads the clauses that say the same thing; two
    # fabrications were held below the band only by a negation in an unrelated clause
    # (their outcomes did not change: both stay uncertain on p_wrong)
    # 2026-12-05: one more fabrication in the band ("Tern's borrow checker was adapted
    # from the Rust compiler"), four more held by a gate
    ("topical_fabrication", "all"): (89, 22, 67),
    # 2026-12-03: two evidence plans now hold the passage naming the claim's subject
    # (paraphrase-019, -131), as the name doctrine requires of a paraphrase; a clause
    # that refers back (", and retail buyers got the rest") is not cut off
    ("paraphrase", "all"): (132, 123, 121),
    # 2026-12-03: a code ("R21", "LHS 5021 b", "GPL 3.0") is no figure the spans must
    # state, so four cases left the unsupported band; all four are still refuted (their
    # names are absent), which is what the outcome tables measure
    ("entity_swap", "all"): (92, 8, 54),
    ("date_unit_variation", "format_only"): (32, 29, 29),
    ("date_unit_variation", "value_changed"): (40, 40, 40),
    ("date_unit_variation", "unit_conversion"): (8, 0, 0),
    # 2026-12-05: a polarity fire on the strongest match contradicts the claim when the
    # claim is the evidence's clause with its negation turned (``v2.opposes``), so most
    # flipped negations are CONTRADICTED (gate 62 → 95) rather than left in the band
    # (band 5 → 4: a contradicted claim's score is no longer what keeps it out)
    # 2026-12-05: the polarity hint needs the claim to speak of the word the evidence
    # denies (``gates._speaks_of_denied``); two flipped claims were held in the band by a
    # negation in a sentence about something else (band 4 → 2), and two are now SUPPORTED
    # (gate 95 → 93: "Milk is added to the eggs" passes on a span without the sentence
    # that denies it); on the realistic dev split the hints dropped had flagged 24
    # faithful sentences and 3 wrong ones
    ("negation", "flipped"): (122, 2, 93),
    ("negation", "faithful_negation"): (57, 45, 45),
    ("direction", "reversed"): (145, 1, 57),
    ("direction", "faithful_direction"): (71, 60, 50),
    ("figure_role", "wrong_role"): (47, 18, 25),
    ("figure_role", "right_role"): (36, 12, 12),
    ("entity_absent", "absent_name"): (49, 4, 31),
    ("entity_absent", "name_variant"): (47, 33, 33),
}
# the same for the seed's score model (its formula unchanged; the claims come from
# today's decomposer, so single-claim cases can split or read their context)
PINNED = {
    ("number_swap", "all"): (94, 93, 93),
    ("topical_fabrication", "all"): (89, 30, 86),
    ("paraphrase", "all"): (132, 85, 85),
    ("entity_swap", "all"): (92, 2, 30),
    ("date_unit_variation", "format_only"): (32, 25, 25),
    ("date_unit_variation", "value_changed"): (40, 40, 40),
    ("date_unit_variation", "unit_conversion"): (8, 0, 0),
    ("negation", "flipped"): (122, 1, 33),
    ("negation", "faithful_negation"): (57, 23, 23),
    ("direction", "reversed"): (145, 0, 25),
    ("direction", "faithful_direction"): (71, 43, 43),
    ("figure_role", "wrong_role"): (47, 17, 32),
    ("figure_role", "right_role"): (36, 6, 6),
    ("entity_absent", "absent_name"): (49, 3, 21),
    ("entity_absent", "name_variant"): (47, 25, 25),
}


# both score models read the same claims and passages: one embedding cache serves both
CACHE = EmbeddingCache()


@pytest.fixture(scope="module")
def reports() -> dict[str, dict]:
    """The seed's score model: its pins are the seed matcher's, unchanged."""
    verifier = CitationVerifier(config=VerifyConfig(score_model="seed-v1"), cache=CACHE)
    return {
        p.stem: measure_corpus(load_corpus(p), verifier) for p in sorted(CORPUS.glob("*.jsonl"))
    }


def test_corpora_are_big_enough():
    """At least 60 cases per class, over several domains."""
    for path in CORPUS.glob("*.jsonl"):
        cases = load_corpus(path)
        assert len(cases) >= 60, path.name
        assert len({c["domain"] for c in cases}) >= 8, path.name


@pytest.fixture(scope="module")
def reports_v2() -> dict[str, dict]:
    """The default score model."""
    verifier = CitationVerifier(config=VerifyConfig(), cache=CACHE)
    return {
        p.stem: measure_corpus(load_corpus(p), verifier) for p in sorted(CORPUS.glob("*.jsonl"))
    }


@pytest.mark.parametrize(("corpus", "variant"), sorted(PINNED_V2))
def test_v2_rates_do_not_get_worse(reports_v2, corpus, variant):
    """Default model: each class where it should at least as often as measured (one case slack)."""
    _check(PINNED_V2[(corpus, variant)], reports_v2[corpus][variant], corpus, variant)


@pytest.mark.parametrize(("corpus", "variant"), sorted(PINNED))
def test_rates_do_not_get_worse(reports, corpus, variant):
    """Each class lands where it should at least as often as measured (one case of slack)."""
    _check(PINNED[(corpus, variant)], reports[corpus][variant], corpus, variant)


def _check(pin: tuple[int, int, int], row: dict, corpus: str, variant: str) -> None:
    cases, in_band, as_expected = pin
    assert row["cases"] == cases
    got_band = round(row["in_expected_band"] * cases)
    got_gate = round(row["gate_as_expected"] * cases)
    assert got_band >= in_band - 1, f"{corpus}/{variant}: in band {got_band} < pinned {in_band}"
    assert got_gate >= as_expected - 1, (
        f"{corpus}/{variant}: gate {got_gate} < pinned {as_expected}"
    )


def test_number_swaps_meet_the_specification_floor(reports):
    """Number-swapped claims land unsupported in ≥ 95 % of cases (seed floor)."""
    assert reports["number_swap"]["all"]["in_expected_band"] >= 0.95


def test_topical_fabrications_are_never_passed(reports):
    """Topical fabrications are not SUPPORTED in ≥ 95 % of cases (gate), even where partial."""
    assert reports["topical_fabrication"]["all"]["gate_as_expected"] >= 0.95


def test_entity_swap_gap_is_still_open(reports):
    """Entity swaps are a recorded limitation of a cosine/lexical matcher (needs NLI).

    This test fails when the gap closes (≥ 95 % unsupported): then update the
    docs' limitation note and pin the new rate.
    """
    assert reports["entity_swap"]["all"]["in_expected_band"] < 0.95, (
        "the entity-swap gap closed: update docs/benchmarks.md and the pins"
    )
