"""The reason table of docs/reference/contract.md, one test per row (default engine, v2 score model).

``reason`` is the seed's code; ``reason_detail`` is our finer cause where the
seed has no code for it. Judge rows are pinned in tests/core/judge/test_judge.py and the
conflict row in tests/core/scoring/test_conflicts.py.
"""

from __future__ import annotations

import pytest

from longtracer_core import VerifyConfig
from longtracer_core.contracts import AssessmentAvailability as A
from longtracer_core.contracts import ClaimAssessment as C
from longtracer_core.contracts import QualityGate as G
from longtracer_core.contracts import ReasonCode as R
from longtracer_core.decompose.rules import too_short
from longtracer_core.pipeline.assess import SIMILARITY_GATE
from tests.helpers import SOURCES, SUPPORTED, SWAPPED, layers, verifier

# row: response, expected (assessment, reason, reason_detail)
ROWS = {
    "supported": (SUPPORTED, (C.SUPPORTED, R.SUPPORTED_BY_EVIDENCE, None)),
    "contradicted: strong match, opposing figure role": (
        SWAPPED,
        # the figure the evidence states otherwise is the decisive finding that proves it
        (C.CONTRADICTED, R.CONTRADICTED_BY_EVIDENCE, R.NUMERIC_MISMATCH),
    ),
    "under the 0.25 similarity gate": (
        "Bananas are grown by monks in quiet gardens.",
        (C.INSUFFICIENT_EVIDENCE, R.LOW_EVIDENCE_SIMILARITY, None),
    ),
    "a figure no source states (decisive, under the gate)": (
        "Bananas were first grown in 1889 by monks.",
        (C.INSUFFICIENT_EVIDENCE, R.LOW_EVIDENCE_SIMILARITY, R.NUMERIC_MISMATCH),
    ),
    "a name no source holds (decisive)": (
        "The telescope's mirror is made of gold and orbits Mars.",
        (C.INSUFFICIENT_EVIDENCE, R.NOT_ENTAILED, R.ENTITY_MISMATCH),
    ),
    "partial band": (
        "In 2021 an Ariane launcher carried the Webb observatory into space.",
        (C.INSUFFICIENT_EVIDENCE, R.NOT_ENTAILED, R.PARTIAL_SUPPORT),
    ),
    "numeric gate held it down": (
        "The primary mirror is made of 18 beryllium segments and weighs 705 kilograms.",
        (C.INSUFFICIENT_EVIDENCE, R.NOT_ENTAILED, R.NUMERIC_MISMATCH),
    ),
    "a v2 gate kept a strong match down": (
        "The James Webb Space Telescope always launched aboard an Ariane 5 rocket.",
        (C.INSUFFICIENT_EVIDENCE, R.NOT_ENTAILED, R.QUANTIFIER_MISMATCH),
    ),
    "an evidence clause turned around (decisive)": (
        "The James Webb Space Telescope did not launch aboard an Ariane 5 rocket.",
        (C.CONTRADICTED, R.CONTRADICTED_BY_EVIDENCE, R.POLARITY_MISMATCH),
    ),
}


@pytest.mark.parametrize("row", list(ROWS))
def test_claim_reason_row(row):
    """Each assessed-claim row of the table: assessment, the seed's reason, our detail."""
    response, expected = ROWS[row]
    (claim,) = verifier().verify_case(response, SOURCES).claims
    assert (claim.assessment, claim.reason, claim.reason_detail) == expected
    cos = claim.details["cos"]
    if claim.reason is R.LOW_EVIDENCE_SIMILARITY:
        assert cos < SIMILARITY_GATE
    if claim.reason is R.NOT_ENTAILED:
        assert cos >= SIMILARITY_GATE


def test_no_sources_supplied_row():
    case = verifier().verify_case(SUPPORTED, [])
    assert case.reason is R.NO_SOURCES_SUPPLIED
    assert [(c.assessment, c.reason) for c in case.claims] == [
        (C.INSUFFICIENT_EVIDENCE, R.NO_SOURCES_SUPPLIED)
    ]


def test_no_source_text_row():
    (claim,) = verifier().verify_case(SUPPORTED, [""]).claims
    assert (claim.assessment, claim.reason) == (C.INSUFFICIENT_EVIDENCE, R.NO_SOURCE_TEXT)


def test_honest_uncertainty_row():
    case = verifier().verify_case(
        "The provided documents do not contain that information.", SOURCES
    )
    (claim,) = case.claims
    assert (claim.availability, claim.reason) == (A.NOT_EVALUATED, R.HONEST_UNCERTAINTY)
    assert layers(case) == ("SUCCESS", "NO_ASSESSABLE_CLAIMS", "HONEST_UNCERTAINTY_ONLY", "PASS")


def test_no_row_emits_a_reason_longtracer_cannot_read():
    """Claim reasons stay within the seed's codes; our finer causes only in reason_detail."""
    seed = {
        R.SUPPORTED_BY_EVIDENCE,
        R.CONTRADICTED_BY_EVIDENCE,
        R.CONFLICTING_EVIDENCE,
        R.LOW_EVIDENCE_SIMILARITY,
        R.NOT_ENTAILED,
        R.HONEST_UNCERTAINTY,
        R.NO_SOURCE_TEXT,
        R.NO_SOURCES_SUPPLIED,
    }
    v = verifier()
    for response, _ in ROWS.values():
        for claim in v.verify_case(response, SOURCES).claims:
            assert claim.reason in seed


# --- too short to hold a claim: the boundary ----------------------------------

TOO_SHORT = ["Yes.", "Yes, it does.", "Sure!", "It does [1].", "No, it is."]
LONG_ENOUGH = ["Paris is big.", "It is 4.", "Yes, 1889.", "No, it is not."]


@pytest.mark.parametrize("response", TOO_SHORT)
def test_too_short_gives_no_extractable_claims(response):
    """Fewer than three word tokens and no figure, after one opening answer word."""
    assert too_short(response)
    case = verifier().verify_case(response, SOURCES)
    assert layers(case) == ("SUCCESS", "NO_ASSESSABLE_CLAIMS", "NO_EXTRACTABLE_CLAIMS", "FAIL")
    assert case.claims == []


@pytest.mark.parametrize("response", LONG_ENOUGH)
def test_three_tokens_or_a_figure_is_assessed(response):
    """Just past the boundary the response is assessed (and here, not supported)."""
    assert not too_short(response)
    case = verifier().verify_case(response, SOURCES)
    assert case.availability is A.ASSESSED and case.claims
    assert case.quality_gate is G.FAIL


def test_a_short_refusal_is_still_a_refusal():
    """The too-short rule never turns an honest refusal into a failure."""
    case = verifier().verify_case("I don't know.", SOURCES)
    assert case.reason is R.HONEST_UNCERTAINTY_ONLY and case.quality_gate is G.PASS


def test_seed_v1_model_follows_the_same_reasons():
    """The seed-v1 score model maps to the same seed codes."""
    v = verifier(config=VerifyConfig(score_model="seed-v1"))
    (claim,) = v.verify_case("Bananas were first grown in 1889 by monks.", SOURCES).claims
    assert claim.reason is R.LOW_EVIDENCE_SIMILARITY


def test_a_context_reading_decomposer_decides_for_itself():
    """With a decomposer that knows the question, a two-word answer is still a claim."""
    from longtracer_core.evaluation.records import QuestionAnswerDecomposer

    v = verifier(decomposer=QuestionAnswerDecomposer("Who wrote the first published algorithm?"))
    case = v.verify_case("Ada Lovelace", ["Ada Lovelace wrote the first published algorithm."])
    assert case.availability is A.ASSESSED and case.claims


def test_too_short_reads_the_whole_response_not_only_its_head():
    """Padding before a bare 'Yes.' keeps it too short; content after padding is found."""
    assert too_short(" " * 300 + "Yes, it does.")
    assert not too_short(" " * 300 + "Paris is big.")
    assert not too_short("Paris is a large city. " * 40)
