"""A judge's SUPPORTED citation must state the claim: names, figures and words anchored.

A model that names a real sentence about something else (a sentence id in the
compact reply always exists; a quote can be copied from any passage) must not
lift the claim. The cited span has to state the claim's figures, its source has
to name the claim's names, and it has to share at least one of the claim's
words; otherwise the finding is not verified and the claim keeps the offline verdict.
"""

from __future__ import annotations

import pytest

from longtracer_core import JudgeConfig, VerifyConfig
from longtracer_core.judge import Finding, JudgeRequest, JudgeVerdict
from longtracer_core.testing import FunctionJudge
from tests.helpers import verifier

SOURCES = [
    "The James Webb Space Telescope launched in December 2021. "
    "Its primary mirror is 6.5 metres across.",
    "The Hubble Space Telescope, launched in 1990, carries a mirror 2.4 metres across.",
    "Ticket sales at the museum rose sharply over the summer.",
]
MIRROR = "Its primary mirror is 6.5 metres across."


def citing(sentence: str, label: str = "SUPPORTED"):
    """A judge that gives every claim ``label``, citing ``sentence`` in a span that holds it."""

    def fn(request: JudgeRequest) -> JudgeVerdict:
        span = next(s for s in request.spans if sentence in s.text)
        return JudgeVerdict(request.claim_id, label, (Finding(span.span_id, label, sentence),))

    return fn


def judged(claim_text: str, sentence: str, label: str = "SUPPORTED"):
    config = VerifyConfig(judge=JudgeConfig(escalate="all", role="decide", top_k=8))
    judge = FunctionJudge(citing(sentence, label))
    g = verifier(judge=judge, config=config).guard(claim_text, SOURCES)
    (claim,) = g.case.claims
    (finding,) = claim.details["judge"]["findings"]
    return claim, finding


def test_a_sentence_that_states_the_claim_lifts_it_though_its_source_names_it_earlier():
    """ "Its primary mirror" stands for the telescope its source named a sentence before."""
    claim, finding = judged("Webb's primary mirror is 6.5 metres across.", MIRROR)
    assert finding["verified"] and "unanchored" not in finding
    assert claim.assessment.value == "SUPPORTED"


@pytest.mark.parametrize(
    ("claim_text", "cited", "lacking"),
    [
        # the cited source never names Hubble: the sentence is about another telescope
        ("The primary mirror of the Hubble telescope is 6.5 metres across.", MIRROR, "Hubble"),
        # the cited sentence gives the mirror another figure
        ("Webb's primary mirror is 8 metres across.", MIRROR, "8"),
        # the cited sentence shares no word with the claim
        (
            "The observatory carries a coronagraph.",
            "Ticket sales at the museum rose sharply over the summer.",
            "none of the claim's words",
        ),
    ],
)
def test_a_sentence_that_does_not_state_the_claim_lifts_nothing(claim_text, cited, lacking):
    claim, finding = judged(claim_text, cited)
    assert finding["verified"] is False
    assert any(lacking in why for why in finding["unanchored"])
    assert claim.details["judge"]["outcome"] == "quote_unverified"
    assert claim.assessment.value == claim.details["judge"]["matcher"]["assessment"]


def test_a_contradiction_must_be_about_the_claim():
    """Under role="decide" a CONTRADICTED citation refutes (and redact deletes): only with a
    sentence on the claim's subject, never with one that shares no word with it."""
    launch = "The James Webb Space Telescope launched in December 2021."
    claim, finding = judged("The Webb telescope launched in 2019.", launch, "CONTRADICTED")
    assert finding["verified"] and claim.assessment.value == "CONTRADICTED"
    museum = "Ticket sales at the museum rose sharply over the summer."
    claim, finding = judged("The observatory carries a coronagraph.", museum, "CONTRADICTED")
    assert finding["verified"] is False and finding["unanchored"]
    assert claim.assessment.value == claim.details["judge"]["matcher"]["assessment"]
    assert claim.outcome.value != "REFUTED"
