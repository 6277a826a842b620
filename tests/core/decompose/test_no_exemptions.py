"""No rule, label or model exempts factual text from verification.

Regression tests for ways unsupported text could once reach the user under
redact: lead-ins that swallowed statements, refusals joined to statements,
model-labelled refusals, partly restated sentences, unlocatable claims.
"""

from __future__ import annotations

import pytest

from longtracer_core import LLMDecomposer, VerifyConfig
from longtracer_core.contracts import ClaimAssessment, ClaimOutcome
from longtracer_core.testing import FixedNli, FunctionChat
from tests.helpers import actions_on, verifier

STRICT = VerifyConfig(strictness="strict")


def _checked(guarded, word):
    """Every claim holding ``word`` was assessed, is not SUPPORTED, and its sentence was
    marked or removed."""
    held = [c for c in guarded.case.claims if word in c.claim_text.lower()]
    assert held, guarded.case.claims
    for claim in held:
        assert claim.outcome is not ClaimOutcome.SUPPORTED
        assert actions_on(guarded, claim) & {"mark", "flag", "redact", "withhold"}


SOURCES = ["The Eiffel Tower is in Paris.", "It was completed in 1889 for the World's Fair."]
FAKE = "gold"


@pytest.mark.parametrize(
    "draft",
    [
        "I'm not sure, the tower is made of solid gold and weighs 3 grams.",
        "I don't know the date, but the tower is made of solid gold.",
        "Great question, the tower is made of solid gold.",
        "I might be wrong, but the tower is made of solid gold.",
        "Sure, the tower is made of solid gold.",
        "Here is the answer: the tower is made of solid gold.",
        "Check the official records: the tower is made of solid gold.",
        "The Eiffel Tower is in Paris. Solid gold tower weighs 3 grams:",
        "The Eiffel Tower is in Paris. Gold, 1750.",
        "# The tower is made of solid gold and weighs 3 grams\nThe Eiffel Tower is in Paris.",
    ],
)
def test_statements_behind_lead_ins_are_verified_and_redacted(draft):
    """Text after a refusal, pleasantry, hedge or label, and statement-like headings, is checked:
    marked by default, removed under the seed's strict rule."""
    g = verifier().guard(draft, SOURCES, policy="redact")
    assert g.case.quality_gate.value != "PASS"
    _checked(g, FAKE if FAKE in draft.lower() else "1750")
    strict = verifier(config=STRICT).guard(draft, SOURCES, policy="redact")
    assert FAKE not in strict.text.lower() and "1750" not in strict.text


@pytest.mark.parametrize(
    ("draft", "claims"),
    [
        ("I'm not sure, but the tower was completed in 1750.", ["I'm not sure", "1750"]),
        ("The sources don't give the 1889 attendance.", ["The sources don't give", "1889"]),
        ("I don't know the date, but it is in Paris.", ["I don't know the date", "Paris"]),
    ],
)
def test_a_refusal_joined_to_a_statement_gives_each_claim_once(draft, claims):
    """The refusal and the statement after it are one claim each: the coverage check
    does not add the sentence back (it once did, so each claim came twice)."""
    case = verifier().verify_case(draft, SOURCES)
    assert len(case.claims) == len(claims)
    for claim, held in zip(case.claims, claims, strict=True):
        assert held in claim.claim_text


@pytest.mark.parametrize(
    "draft",
    [
        "No evidence suggests the tower was completed in 1750. The Eiffel Tower is in Paris.",
        "No data shows the tower is made of gold.",
    ],
)
def test_negative_statements_are_not_refusals(draft):
    """'No evidence suggests X' states something; it is verified, not exempted as a refusal."""
    g = verifier().guard(draft, SOURCES, policy="redact")
    assert g.case.quality_gate.value == "FAIL"
    assert all(c.reason.value != "HONEST_UNCERTAINTY" for c in g.case.claims)


def test_model_labelled_refusal_does_not_exempt_a_sentence():
    """An LLM that words a factual sentence's claim as a refusal does not exempt it."""
    draft = "The tower is made of solid gold and weighs 3 grams."
    out = {
        "claims": [
            {
                "claim_text": f"I do not know whether {draft[:-1].lower()}.",
                "draft_span": [0, len(draft)],
                "cited_markers": [],
            }
        ],
        "non_claims": [],
    }
    v = verifier(decomposer=LLMDecomposer(FunctionChat(lambda m, s: out)))
    g = v.guard(draft, SOURCES, policy="redact")
    assert g.case.quality_gate.value == "FAIL"
    # verified, not exempted: never delivered bare (removed when refuted, marked when uncertain)
    assert FAKE not in g.text or g.text == f"{draft} [unverified]"


def test_a_refusal_does_not_lend_its_negation_to_the_claim_after_it():
    """A model that keeps a sentence's refusal but drops the "not" of the statement after
    it does not cover the sentence: the refusal's own "not" counts for its own part only,
    so the sentence comes back as our rules read it, negation and all."""
    draft = "I'm not sure, but the tower is not in Paris."
    out = {
        "claims": [
            {"claim_text": "I'm not sure", "draft_span": [0, 12], "cited_markers": []},
            {"claim_text": "The tower is in Paris.", "draft_span": [18, 44], "cited_markers": []},
        ],
        "non_claims": [],
    }
    v = verifier(decomposer=LLMDecomposer(FunctionChat(lambda m, s: out)))
    texts = [c.claim_text for c in v.verify_case(draft, SOURCES).claims]
    assert "The tower is not in Paris." in texts


def test_partly_restated_sentence_is_verified_whole():
    """A claim that restates most of a sentence but drops a clause does not cover it."""
    draft = "The Eiffel Tower was completed in 1889 for the World's Fair, and it cures cancer."
    out = {
        "claims": [
            {
                "claim_text": "The Eiffel Tower was completed in 1889 for the World's Fair.",
                "draft_span": [0, len(draft)],
                "cited_markers": [],
            }
        ],
        "non_claims": [],
    }
    v = verifier(decomposer=LLMDecomposer(FunctionChat(lambda m, s: out)), config=STRICT)
    g = v.guard(draft, SOURCES, policy="redact")
    assert g.trace.coverage_repairs
    assert "cancer" not in g.text
    assert g.case.quality_gate.value == "FAIL"


def test_unlocatable_unsupported_claim_withholds_the_answer_in_strict_redact():
    """An unsupported claim with no span in the draft: strict redact withholds the whole
    answer; by default the whole answer is marked, since the claim cannot be placed."""
    draft = "The Eiffel Tower is in Paris."
    out = {
        "claims": [
            {"claim_text": draft, "draft_span": [0, len(draft)], "cited_markers": []},
            {
                "claim_text": "Zebras run the gift shop on weekends.",
                "draft_span": None,
                "cited_markers": [],
            },
        ],
        "non_claims": [],
    }
    v = verifier(decomposer=LLMDecomposer(FunctionChat(lambda m, s: out)), config=STRICT)
    g = v.guard(draft, SOURCES, policy="redact")
    assert g.text == v.config.unverified_notice
    assert g.trace.policy["actions"][0]["action"] == "withhold"
    marked = verifier(decomposer=v.decomposer).guard(draft, SOURCES, policy="redact")
    assert marked.text == f"{draft} [unverified]"
    assert marked.trace.policy["actions"][-1]["action"] == "mark"


def test_unassessable_failing_answer_is_withheld_in_redact():
    """A FAIL with nothing assessable ('Paris.') is withheld under redact, marked under flag."""
    v = verifier()
    red = v.guard("Paris.", SOURCES, policy="redact")
    assert red.case.reason.value == "NO_EXTRACTABLE_CLAIMS" and red.text != "Paris."
    flag = v.guard("Paris.", SOURCES, policy="flag")
    assert flag.text.startswith("Paris.") and flag.text != "Paris."
    refusal = v.guard("I don't know.", SOURCES, policy="redact")
    assert refusal.text == "I don't know."  # an honest refusal passes and is delivered


def test_flag_marks_contradicted_claims_whatever_their_band():
    """A claim NLI contradicts is flagged even when its matcher band was partial or supported."""
    v = verifier(nli=FixedNli(lambda p, h: (0.9, 0.05, 0.05)))
    g = v.guard("The Eiffel Tower is in Paris.", SOURCES, policy="flag")
    (claim,) = g.case.claims
    assert claim.assessment is ClaimAssessment.CONTRADICTED
    # an NLI verdict is no decisive finding (its precision is unmeasured here): uncertain
    assert claim.outcome is ClaimOutcome.UNCERTAIN
    assert g.text.endswith("[unverified]")
    assert g.trace.claims[0].verdict == "contradicted"


@pytest.mark.parametrize(
    ("draft", "laundered"),
    [
        ("The Eiffel Tower is not in Paris.", "The Eiffel Tower is in Paris."),
        (
            "The Eiffel Tower was completed in 1889 and is haunted.",
            "The Eiffel Tower was completed in 1889.",
        ),
        (
            "The Eiffel Tower was completed in 1889 for the World's Fair by ghosts.",
            "The Eiffel Tower was completed in 1889 for the World's Fair.",
        ),
    ],
    ids=["dropped_negation", "dropped_predicate", "dropped_short_phrase"],
)
def test_a_model_claim_cannot_launder_its_sentence(draft, laundered):
    """A model's claim that drops a negation or any content word (even past 85 % of the
    sentence) does not cover the sentence: our own rules' claim restating all of it is
    added and verified too."""
    out = {
        "claims": [{"claim_text": laundered, "draft_span": [0, len(draft)], "cited_markers": []}],
        "non_claims": [],
    }
    v = verifier(decomposer=LLMDecomposer(FunctionChat(lambda m, s: out)))
    g = v.guard(draft, SOURCES, policy="redact")
    assert g.trace.coverage_repairs
    repaired = {c.claim_id: c.claim_text for c in g.case.claims}
    assert [repaired[i] for i in g.trace.coverage_repairs] == [draft]


def test_a_laundered_sentence_is_redacted():
    """The dropped part is verified, so strict redact removes the sentence (and the default
    marks it)."""
    draft = "The Eiffel Tower was completed in 1889 and is haunted."
    laundered = "The Eiffel Tower was completed in 1889."
    out = {
        "claims": [{"claim_text": laundered, "draft_span": [0, len(draft)], "cited_markers": []}],
        "non_claims": [],
    }
    decomposer = LLMDecomposer(FunctionChat(lambda m, s: out))
    g = verifier(decomposer=decomposer, config=STRICT).guard(draft, SOURCES, policy="redact")
    assert g.case.quality_gate.value == "FAIL"
    assert "haunted" not in g.text
    _checked(verifier(decomposer=decomposer).guard(draft, SOURCES, policy="redact"), "haunted")
