"""Conflict detection in the default engine and cancellation inside the engine."""

from __future__ import annotations

import asyncio
import concurrent.futures

import numpy as np
import pytest

from longtracer_core import CitationVerifier
from longtracer_core.contracts import ClaimAssessment as C
from longtracer_core.contracts import ClaimOutcome
from longtracer_core.contracts import ReasonCode as R
from longtracer_core.testing import FixedNli, HashEmbedder
from tests.helpers import SOURCES, SUPPORTED, layers, verifier

CLAIM = "The primary mirror is 6.5 metres across."
AGREE = "The primary mirror is 6.5 metres across."
OTHER_FIGURE = "The primary mirror is 8.2 metres across."


def test_default_engine_finds_a_planted_figure_conflict():
    """detect_conflicts=True, no extra model: SUCCESS and CONFLICTING_SOURCES on a planted conflict."""
    case = verifier().verify_case(CLAIM, [AGREE, OTHER_FIGURE], detect_conflicts=True)
    assert layers(case) == ("SUCCESS", "ASSESSED", None, "FAIL")
    (claim,) = case.claims
    assert claim.assessment is C.CONFLICTING_SOURCES and claim.reason is R.CONFLICTING_EVIDENCE
    assert claim.supporting_sources == ["source_0"] and claim.contradicting_sources == ["source_1"]
    reads = {r["source_id"]: r for r in claim.details["conflict"]}
    assert reads["source_1"]["gates_fired"] == ["figure_role"] and reads["source_0"]["supports"]
    assert case.metadata["conflict_detection"] == "enabled: 1 conflicting claim(s)"
    assert case.metadata["conflict_checks"]["gates"]["conflicting_claims"] == 1


def test_direction_reversal_across_sources_is_a_conflict():
    claim = "Prices rose sharply in 2020."
    sources = ["Prices rose sharply in 2020.", "Prices fell sharply in 2020."]
    (c,) = verifier().verify_case(claim, sources, detect_conflicts=True).claims
    assert c.assessment is C.CONFLICTING_SOURCES and c.contradicting_sources == ["source_1"]


def test_opposite_polarity_across_sources_is_a_conflict():
    claim = "The north bridge is open to heavy traffic."
    sources = [claim, "The north bridge is not open to heavy traffic."]
    (c,) = verifier().verify_case(claim, sources, detect_conflicts=True).claims
    assert c.assessment is C.CONFLICTING_SOURCES and c.contradicting_sources == ["source_1"]
    assert {r["source_id"]: r["gates_fired"] for r in c.details["conflict"]}["source_1"] == [
        "polarity"
    ]


def test_a_negation_on_the_only_source_is_not_a_conflict():
    """A conflict needs a second source that supports the claim; one negated source is not
    one: it contradicts the claim (the claim is its clause with the negation dropped)."""
    claim = "The north bridge is open to heavy traffic."
    case = verifier().verify_case(
        claim, ["The north bridge is not open to heavy traffic."], detect_conflicts=True
    )
    assert case.claims[0].assessment is C.CONTRADICTED
    assert case.claims[0].contradicting_sources == ["source_0"]
    assert case.metadata["conflict_detection"] == "enabled: 0 conflicting claim(s)"


def test_agreeing_sources_are_no_conflict():
    """Two sources that both support the claim: SUPPORTED, zero conflicts recorded."""
    case = verifier().verify_case(
        CLAIM, [AGREE, AGREE + " It is gold-coated."], detect_conflicts=True
    )
    assert case.claims[0].assessment is C.SUPPORTED
    assert case.metadata["conflict_detection"] == "enabled: 0 conflicting claim(s)"
    assert case.quality_gate.value == "PASS"


def test_without_the_option_the_same_input_is_not_a_conflict():
    """Off by default: the claim is judged on its best span; metadata says disabled."""
    case = verifier().verify_case(CLAIM, [AGREE, OTHER_FIGURE])
    assert case.claims[0].assessment is not C.CONFLICTING_SOURCES
    assert case.metadata["conflict_detection"] == "disabled"
    assert "conflict_checks" not in case.metadata


@pytest.mark.parametrize("response", ["", "Yes.", "The provided documents do not say."])
def test_no_claims_record_the_state_too(response):
    case = verifier().verify_case(response, SOURCES, detect_conflicts=True)
    assert case.execution.value == "SUCCESS"
    assert case.metadata["conflict_detection"] == "enabled: 0 conflicting claim(s)"


def test_one_source_cannot_conflict_with_itself():
    (c,) = verifier().verify_case(CLAIM, [OTHER_FIGURE], detect_conflicts=True).claims
    assert c.assessment is not C.CONFLICTING_SOURCES


def test_nli_pass_still_runs_when_configured():
    """With an NLI scorer the seed's NLI method adds its own count."""
    nli = FixedNli(lambda p, h: (0.05, 0.9, 0.05))
    case = verifier(nli=nli).verify_case(SUPPORTED, SOURCES, detect_conflicts=True)
    assert set(case.metadata["conflict_checks"]) == {"gates", "nli"}


class _CancellingEmbedder(HashEmbedder):
    def __init__(self, error: BaseException) -> None:
        super().__init__()
        self.error = error

    def embed(self, texts) -> np.ndarray:  # type: ignore[override]
        raise self.error


@pytest.mark.parametrize(
    "error", [asyncio.CancelledError(), concurrent.futures.CancelledError()], ids=type
)
def test_cancelled_error_inside_the_engine_is_cancelled(error):
    """A CancelledError raised by a model call: CANCELLED / EXECUTION_CANCELLED, not a failure."""
    v = CitationVerifier(embedder=_CancellingEmbedder(error))
    for case in (
        v.verify_case(SUPPORTED, SOURCES),
        v.verify_case(SUPPORTED, SOURCES, timeout=30),
        v.verify_batch([{"response": SUPPORTED, "sources": SOURCES}])[0],
    ):
        assert layers(case) == (
            "CANCELLED",
            "NOT_EVALUATED",
            "EXECUTION_CANCELLED",
            "INDETERMINATE",
        )
        assert case.claims == []
    v.close()


async def test_cancelled_error_inside_the_engine_async():
    v = CitationVerifier(embedder=_CancellingEmbedder(asyncio.CancelledError()))
    case = await v.verify_case_async(SUPPORTED, SOURCES)
    assert layers(case)[:3] == ("CANCELLED", "NOT_EVALUATED", "EXECUTION_CANCELLED")
    v.close()


def test_cancelled_error_in_the_decomposer_is_cancelled_not_decomposition_failed():
    class Cancelling:
        def decompose(self, draft):
            raise concurrent.futures.CancelledError()

    case = verifier(decomposer=Cancelling()).verify_case(SUPPORTED, SOURCES)
    assert layers(case)[:3] == ("CANCELLED", "NOT_EVALUATED", "EXECUTION_CANCELLED")


@pytest.mark.model  # the packaged embedding model scores the match
@pytest.mark.parametrize(
    ("claim", "source"),
    [
        (
            "A cast-iron pan should be left to soak.",
            "A cast-iron pan is dried straight after washing and should not be left to soak.",
        ),
        (
            "Cycling on the towpath is allowed on stretches narrower than two metres.",
            "Cycling on the towpath is not allowed on stretches narrower than two metres, "
            "where walkers have priority.",
        ),
    ],
)
def test_a_strong_match_that_negates_the_claims_word_is_never_supported(claim, source):
    """A claim that reuses its source's words with the negation dropped matches well enough
    for the supported band; the polarity gate on that strongest match makes it CONTRADICTED
    and marks it (uncertain: the finding is no quote of a decisive shape, so nothing is
    deleted)."""
    (c,) = CitationVerifier().verify_case(claim, [source]).claims
    assert c.assessment is C.CONTRADICTED and c.outcome is not ClaimOutcome.SUPPORTED
    assert c.details["contradicting_span"]["gates"] == ["polarity"]
