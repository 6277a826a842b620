"""A blur both clauses hold, the same word before the same word, does not keep a negation
from being read; a blur only one of them holds, or an idiom, still does."""

from __future__ import annotations

import pytest

from longtracer_core.scoring.blurs import same_blurs
from longtracer_core.scoring.evidence import evidence_findings, evidence_index

THROATS = (
    "Most sore throats are caused by viruses and get better within a week without "
    "antibiotics. Residents do not need a permit to fish in the lower lake."
)


def kinds(claim: str, evidence: str = THROATS) -> list[str]:
    return [f.kind for f in evidence_findings(claim, evidence_index([("S1", evidence)]))]


def test_a_negation_beside_a_shared_blur_is_read():
    claim = "Most sore throats are caused by viruses and don't get better within a week without antibiotics."
    assert "negation_conflict" in kinds(claim)


@pytest.mark.parametrize(
    "claim",
    [
        # the same polarity, the same blur
        "Most sore throats are caused by viruses and get better within a week without antibiotics.",
        # "without" is the claim's own way of saying the evidence's "not"
        "Residents can fish in the lower lake without a permit.",
        # the blur's word differs: another thing is left out
        "Most sore throats are caused by viruses and don't get better within a week without rest.",
    ],
)
def test_a_blur_only_one_clause_holds_still_keeps_the_negation_unread(claim):
    assert "negation_conflict" not in kinds(claim)


@pytest.mark.parametrize(
    ("claim", "clause", "same"),
    [
        ("They don't recover without antibiotics.", "They recover without antibiotics.", True),
        ("They don't recover without antibiotics.", "They recover without rest.", False),
        ("They can fish without a permit.", "They do not need a permit.", False),
        ("No more than two doses without food.", "Two doses without food.", False),  # an idiom
        ("It recovers.", "It recovers.", False),  # no blur at all: the plain reading decides
    ],
)
def test_same_blurs(claim, clause, same):
    assert same_blurs(claim, clause) is same


@pytest.mark.parametrize(
    ("evidence", "claim"),
    [
        # the blur's first content word differs: a licence is not a permit
        (
            "A permit is needed for anglers, but you can fish the lake without a licence.",
            "Without a permit, you cannot fish the lake.",
        ),
        # the evidence clause says more than the claim: "in most cases", "grounds"
        (
            "Children recover without medication in most cases, but a few need steroids.",
            "Some children do not recover without medication.",
        ),
        (
            "You can enter the castle grounds without a ticket.",
            "You cannot enter the castle without a ticket.",
        ),
    ],
)
def test_a_shared_blur_is_read_only_with_the_same_words(evidence, claim):
    assert "negation_conflict" not in kinds(claim, evidence)
