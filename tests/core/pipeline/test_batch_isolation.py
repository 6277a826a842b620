"""verify_batch: one bad item fails alone, and unknown keys are rejected by name."""

from __future__ import annotations

import pytest

from longtracer_core.testing import HashEmbedder
from tests.helpers import SOURCES, SUPPORTED, layers, verifier

BAD = "The telescope \ud800 launched in 2021."


class _Picky(HashEmbedder):
    """Fails on any batch holding a lone surrogate, as a real tokenizer's encoder does."""

    def embed(self, texts):
        for text in texts:
            text.encode("utf-8")  # UnicodeEncodeError on a lone surrogate
        return super().embed(texts)


class _Flaky(HashEmbedder):
    """Raises on any batch that holds the text "POISON"."""

    def embed(self, texts):
        if any("POISON" in t for t in texts):
            raise RuntimeError("embedder failed on one text")
        return super().embed(texts)


@pytest.mark.parametrize(
    ("embedder", "bad"),
    [(_Picky(), BAD), (_Flaky(), "The POISON telescope launched in 2021.")],
    ids=["lone_surrogate", "embedder_error"],
)
def test_one_bad_item_fails_alone(embedder, bad):
    """Ten good items and one the embedder cannot take: the ten succeed as they would
    alone, the bad one is an ERROR case."""
    items = [(SUPPORTED, SOURCES)] * 5 + [(bad, SOURCES)] + [(SUPPORTED, SOURCES)] * 5
    cases = verifier(embedder=embedder).verify_batch(items)
    assert [c.execution.value for c in cases] == ["SUCCESS"] * 5 + ["ERROR"] + ["SUCCESS"] * 5
    assert layers(cases[5])[:3] == ("ERROR", "NOT_EVALUATED", "EVALUATION_FAILED")
    alone = verifier(embedder=embedder).verify_case(SUPPORTED, SOURCES)
    assert all(c.claims == alone.claims for i, c in enumerate(cases) if i != 5)


@pytest.mark.parametrize("key", ["source_metdata", "detect_conflict", "soruces"])
def test_unknown_item_keys_are_rejected_by_name(key):
    """A misspelt key is INVALID_INPUT naming it (a cache-class source must never count as
    evidence because its metadata key was misspelt); the other items are verified."""
    items = [
        {"response": SUPPORTED, "sources": SOURCES, key: [{"class": "cache"}] * 3},
        {"response": SUPPORTED, "sources": SOURCES},
    ]
    bad, good = verifier().verify_batch(items)
    assert layers(bad) == ("ERROR", "NOT_EVALUATED", "INVALID_INPUT", "INDETERMINATE")
    assert repr(key) in bad.error_message
    assert layers(good) == ("SUCCESS", "ASSESSED", None, "PASS")


@pytest.mark.parametrize("metadata", [[1, 2, 3], ["a", "b", "c"], {"a": 1}, "x"])
def test_non_dict_metadata_is_invalid_input(metadata):
    """Metadata that is not one dict per source: INVALID_INPUT, never EVALUATION_FAILED."""
    (case,) = verifier().verify_batch(
        [{"response": SUPPORTED, "sources": SOURCES, "source_metadata": metadata}]
    )
    assert layers(case)[:3] == ("ERROR", "NOT_EVALUATED", "INVALID_INPUT")
