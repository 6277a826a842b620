"""A clause whose subject only the sentence before names, said its other way, is never read as
turned round (correct sentences a reading that lent it that subject deleted), and a claim
about another period or value than the sentence that moves the other way is never refuted."""

from __future__ import annotations

import pytest

from longtracer_core import CitationVerifier
from longtracer_core.contracts import ClaimOutcome
from longtracer_core.scoring.direction_gate import direction_gate
from longtracer_core.scoring.evidence import evidence_findings, evidence_index
from longtracer_core.testing import HashEmbedder


def kinds(claim: str, evidence: str) -> list[str]:
    return [f.kind for f in evidence_findings(claim, evidence_index([("S1", evidence)]))]


BOILERS = (
    "From January 2026, new homes in the Marden region may no longer be fitted with gas "
    "boilers. Existing boilers do not have to be removed, and repairs to them remain permitted."
)


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        # the claim's own way, with the words the sentence before lends it
        ("In the Marden region, existing gas boilers do not have to be removed.", BOILERS),
        # the sentence before speaks of the denied word itself: two statements side by side
        (
            "Velmor is approved for children.",
            "Velmor is approved for children. Dabrix is not approved for children.",
        ),
        # a claim that sets the two side by side lends nothing
        (
            "Between Velmor and Dabrix, Velmor is approved for children.",
            "Velmor is licensed for children. Dabrix is not approved for children.",
        ),
        (
            "Of Velmor and Dabrix, only Velmor is approved for children.",
            "Velmor is approved for children. Dabrix is not approved for children.",
        ),
    ],
)
def test_a_sentence_before_lends_no_subject_to_a_negated_clause(claim, evidence):
    """Correct sentences: nothing may refute them."""
    assert "negation_conflict" not in kinds(claim, evidence)


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        # found in review: a pronoun may stand for another thing than the sentence before names
        (
            "The older bridge survived the flood.",
            "The older bridge came through the flood intact, unlike the new footbridge. It did "
            "not survive the flood.",
        ),
        (
            "Apples can be stored in the fridge.",
            "Apples, pears and grapes keep well in the fridge. Bananas are different; they "
            "cannot be stored in the fridge.",
        ),
        (
            "Anna's brother works in engineering.",
            "Anna's brother is employed as an engineer at Siemens. She does not work in "
            "engineering.",
        ),
        # found in a second review: a clause that narrows the negated one ("when", "if")
        (
            "A visa is required for anyone who intends to work in the country.",
            "Anyone who intends to work in the country must apply for a visa before arrival. A "
            "visa is not required when the visit is for tourism.",
        ),
        (
            "Registered dogs are permitted in Elm Park on a lead.",
            "Registered dogs may be walked in Elm Park on a lead. Dogs are not permitted when the "
            "park hosts events.",
        ),
        (
            "The bonus is not paid to agency contractors.",
            "Agency contractors are excluded from the scheme. The bonus is paid when the year's "
            "results are published.",
        ),
        # a later clause takes its scene from its own sentence, not from the one before
        (
            "Adults need a second dose of the vaccine.",
            "Adults require two doses of the vaccine. For children a single dose is enough; a "
            "second dose is not needed.",
        ),
    ],
)
def test_a_clause_that_may_speak_of_something_else_borrows_no_subject(claim, evidence):
    """Correct sentences the first version of the rule deleted."""
    assert "negation_conflict" not in kinds(claim, evidence)


def test_a_claim_the_negated_clause_does_not_speak_of_is_not_refuted():
    found = kinds(
        "In the Marden region, existing gas boilers have to be serviced every year.", BOILERS
    )
    assert "negation_conflict" not in found


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        ("Staff turnover at Fenwick fell to 9% in 2023.", "Staff turnover at Fenwick rose to 17% in 2022."),
        ("Hotel occupancy in Port Sella rose to 78%.", "Hotel occupancy in Port Sella fell to 54%."),
        ("In the control group blood pressure rose by 2 mmHg.", "In the intervention group blood pressure dropped 8 mmHg."),
    ],
)  # fmt: skip
def test_a_sentence_that_states_another_figure_of_the_kind_turns_no_direction(claim, sentence):
    assert not direction_gate(claim, sentence).fired


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        ("Staff turnover at Fenwick fell to 17% in 2022.", "Staff turnover at Fenwick rose to 17% in 2022."),
        # a figure the sentence lacks is no other value: "version 5" is named elsewhere
        ("Memory use rose by 30 percent in version 5.", "Memory use dropped by 30 percent."),
        # found in review: rounded figures, background figures, another figure further on
        ("Profits fell by 20% in 2023.", "Profits rose by 19.8% in 2023."),
        ("Output at the plant, which opened in 1998, fell 12% in 2023.", "The plant opened in 1998 and employs 400 people. Output rose 12% in 2023."),
        ("The company's 300 stores saw sales fall 4%.", "The company runs 300 stores. Sales rose 4% across its stores, and it opened 20 new ones."),
        ("Turnover fell by 15% to £2m in the year to March 2024.", "Turnover rose by 15% to £2 million in the year to March 2024."),
        ("The village, home to 800 people, lies 5 km east of the town.", "The village has 800 inhabitants. It lies 5 km west of the town and 12 km from the coast."),
    ],
)  # fmt: skip
def test_the_same_figures_turned_round_still_fire(claim, sentence):
    assert direction_gate(claim, sentence).fired


PERIODS = [
    (
        "Fenwick Logistics' staff turnover fell to 9% in 2023, a ten-year low.",
        "Staff turnover at Fenwick Logistics rose to 17% in 2022. In 2023 it fell to 9%, its "
        "lowest level in a decade.",
    ),
    (
        "Port Sella's hotel occupancy rose to 78% in the second quarter.",
        "Hotel occupancy in Port Sella fell to 54% in the first quarter. It recovered in the "
        "second quarter, rising to 78%.",
    ),
    (
        "In the Tevra trial's control group, average systolic blood pressure rose by 2 mmHg.",
        "In the Tevra hypertension trial, average systolic blood pressure in the intervention "
        "group dropped 8 mmHg over six months. In the control group it rose by 2 mmHg.",
    ),
]


@pytest.mark.parametrize(("answer", "source"), PERIODS)
def test_a_correct_sentence_about_the_other_period_is_never_deleted(answer, source):
    verifier = CitationVerifier(embedder=HashEmbedder())
    guarded = verifier.guard(answer, [{"source_id": "S1", "text": source}], policy="redact")
    assert all(c.outcome is not ClaimOutcome.REFUTED for c in guarded.case.claims)
    assert guarded.text.strip()


def test_the_same_period_turned_round_is_still_refuted():
    verifier = CitationVerifier(embedder=HashEmbedder())
    source = (
        "Staff turnover at Fenwick Logistics rose to 17% in 2022. In 2023 it fell to 9%, its "
        "lowest level in a decade."
    )
    guarded = verifier.guard(
        "Staff turnover at Fenwick Logistics fell to 17% in 2022.",
        [{"source_id": "S1", "text": source}],
        policy="redact",
    )
    assert [c.outcome for c in guarded.case.claims] == [ClaimOutcome.REFUTED]
