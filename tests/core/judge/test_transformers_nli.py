"""TransformersNli loads a real sequence-classification model (a tiny random one built here)."""

from __future__ import annotations

import numpy as np
import pytest

from longtracer_core import CitationVerifier
from longtracer_core.contracts import AssessmentAvailability
from longtracer_core.providers import TransformersNli
from longtracer_core.providers.embeddings import packaged_model_path
from longtracer_core.testing import HashEmbedder

LABELS = {0: "CONTRADICTION", 1: "NEUTRAL", 2: "ENTAILMENT"}  # not the order NLI code assumes


@pytest.fixture(scope="module")
def tiny_nli(tmp_path_factory):
    """A 2-layer BERT classifier with random weights, saved like a hub model."""
    import torch
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizerFast

    torch.manual_seed(0)
    folder = tmp_path_factory.mktemp("tiny-nli")
    tokenizer = BertTokenizerFast(vocab_file=str(packaged_model_path() / "vocab.txt"))
    config = BertConfig(
        vocab_size=tokenizer.vocab_size,
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        num_labels=3,
        id2label=LABELS,
        label2id={v: k for k, v in LABELS.items()},
    )
    BertForSequenceClassification(config).save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    return str(folder)


def test_labels_come_from_the_model_config(tiny_nli):
    """The label order is read from id2label, lower-cased."""
    assert list(TransformersNli(tiny_nli).labels) == ["contradiction", "neutral", "entailment"]


def test_scores_are_probabilities_per_pair(tiny_nli):
    """One row per pair, in label order, each summing to 1; empty input gives no rows."""
    nli = TransformersNli(tiny_nli, batch_size=2)
    probs = nli.score([("A is B.", "A is B."), ("x", "y"), ("The sky is blue.", "It is red.")])
    assert probs.shape == (3, 3)
    assert np.allclose(probs.sum(axis=1), 1.0, atol=1e-5)
    assert nli.score([]).shape == (0, 3)


def test_verifier_runs_contradiction_and_conflict_detection_with_it(tiny_nli):
    """With a real (random) NLI model the verifier runs NLI and records conflict detection."""
    v = CitationVerifier(embedder=HashEmbedder(), nli=TransformersNli(tiny_nli))
    case = v.verify_case(
        "The mirror has 18 segments.",
        ["The mirror has 18 segments.", "The mirror has 18 gold segments."],
        detect_conflicts=True,
    )
    assert case.execution.value == "SUCCESS"
    assert case.availability is AssessmentAvailability.ASSESSED
    assert "nli" in case.claims[0].details
    assert "conflict_detection" in case.metadata


def test_missing_model_is_model_unavailable_not_a_crash(tmp_path, monkeypatch):
    """An unloadable NLI model gives MODEL_UNAVAILABLE when the verifier first needs it."""
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    v = CitationVerifier(embedder=HashEmbedder(), nli=TransformersNli(str(tmp_path / "nothing")))
    case = v.verify_case("The mirror has 18 segments.", ["The mirror has 18 segments."])
    assert case.reason is not None and case.reason.value == "MODEL_UNAVAILABLE"
    assert case.quality_gate.value == "INDETERMINATE"
