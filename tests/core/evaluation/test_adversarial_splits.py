"""Adversarial corpora with a dev/test split: the split is usable for choosing and for reporting."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from longtracer_core.evaluation import load_corpus

CORPUS = Path(__file__).resolve().parents[2] / "adversarial" / "data"
# variant -> the outcome a case of that variant expects
SPLIT_CORPORA = {
    "figure_role": {"wrong_role": "unsupported", "right_role": "supported"},
    "entity_absent": {"absent_name": "unsupported", "name_variant": "supported"},
}


ALL_CORPORA = sorted(p.stem for p in CORPUS.glob("*.jsonl"))


def test_every_corpus_is_split():
    """Every adversarial corpus we write is split (benchmarks/split_adversarial.py)."""
    assert len(ALL_CORPORA) >= 9 and set(SPLIT_CORPORA) <= set(ALL_CORPORA)


@pytest.mark.parametrize("stem", ALL_CORPORA)
def test_each_evidence_bundle_stays_on_one_side(stem):
    """Every case is dev or test, about half each, and no passage is seen on both sides."""
    cases = load_corpus(CORPUS / f"{stem}.jsonl")
    assert len({c["id"] for c in cases}) == len(cases)
    sides: dict[str, set[str]] = {}
    for case in cases:
        assert case["split"] in ("dev", "test"), case["id"]
        for passage in case["evidence"]:
            sides.setdefault(passage, set()).add(case["split"])
    assert [p for p, s in sides.items() if len(s) > 1] == []
    share_dev = sum(c["split"] == "dev" for c in cases) / len(cases)
    assert 0.4 <= share_dev <= 0.6
    for outcome in {c["expected"] for c in cases}:  # each expected outcome on both sides
        assert {c["split"] for c in cases if c["expected"] == outcome} == {"dev", "test"}


@pytest.mark.parametrize("stem", sorted(SPLIT_CORPORA))
def test_variants_carry_their_expected_outcome_on_both_sides(stem):
    """Each variant expects one outcome and has at least 15 cases in dev and in test."""
    cases = load_corpus(CORPUS / f"{stem}.jsonl")
    expected = SPLIT_CORPORA[stem]
    for case in cases:
        assert expected[case["variant"]] == case["expected"], case["id"]
    counts = Counter((c["variant"], c["split"]) for c in cases)
    for variant in expected:
        for split in ("dev", "test"):
            assert counts[(variant, split)] >= 15, (variant, split)
