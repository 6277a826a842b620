"""The evidence-wide findings joined to the matcher's, and what a decisive one changes.

Each assessed claim keeps one finding in ``details["finding"]``: the first
decisive one in ``PRIORITY`` order, else the first of any kind. A decisive
finding overrides a supported band (a name no source holds is not supported by
a passage that shares the rest of the claim's words): a figure the evidence
gives otherwise makes the claim CONTRADICTED, a name or figure it lacks makes
it INSUFFICIENT_EVIDENCE; ``reason_detail`` names the finding's code. Every assessed
claim also records in ``details["words"]`` where the evidence holds its content words
(``scoring.evidence_index.claim_words``) and whether it speaks to the user (``addressed``: an
answer that applies the sources to the user's situation words it in the user's terms, not
the sources'), which the calibration reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..contracts import AssessmentAvailability, ClaimAssessment, ClaimResult, ReasonCode
from ..decompose.types import DraftClaim
from ..lexicon.grammar import ADDRESSED
from ..scoring.evidence import EvidenceIndex, evidence_findings
from ..scoring.evidence_index import claim_words
from ..scoring.findings import BLOCKING_KINDS, DECISIVE_KINDS, Finding
from .assess import SIMILARITY_GATE

__all__ = ["PRIORITY", "addressed", "join_findings"]

PRIORITY = (
    "contradiction",
    "figure_conflict",
    "figure_role",
    "unit_conflict",
    "negation_conflict",
    "direction_conflict",
    "name_absent",
    "acronym_absent",
    "label_name_absent",
    "figure_absent",
    "multiple_mismatch",
    "topic_conflict",
    "clause_absent",
    "clause_unlinked",
    "figure_binding",
    "name_binding",
    "name_sibling",
    "antecedent_named",
    "limit_dropped",
    "gate_direction",
    "gate_polarity",
    "gate_figure_role",
    "gate_entity",
    "gate_quantifier",
    "gate_causal",
    "figure_mismatch",
)
_CONTRADICTING = frozenset(
    {"figure_conflict", "unit_conflict", "negation_conflict", "direction_conflict"}
)


def _rank(kind: str) -> int:
    return PRIORITY.index(kind) if kind in PRIORITY else len(PRIORITY)


def _chosen(found: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    if not found:
        return None
    ordered = sorted(found, key=lambda f: _rank(str(f.get("kind"))))
    decisive = [f for f in ordered if f.get("kind") in DECISIVE_KINDS]
    return decisive[0] if decisive else ordered[0]


def _update(claim: ClaimResult, finding: dict[str, Any]) -> dict[str, Any]:
    """What a decisive evidence finding changes in a claim the matcher did not refute."""
    kind = str(finding["kind"])
    code = ReasonCode(finding["code"])
    if kind in _CONTRADICTING:
        return {
            "assessment": ClaimAssessment.CONTRADICTED,
            "reason": ReasonCode.CONTRADICTED_BY_EVIDENCE,
            "reason_detail": code,
            "supporting_sources": [],
            "contradicting_sources": [str(finding["source_id"])],
        }
    reason = claim.reason
    if claim.assessment is not ClaimAssessment.INSUFFICIENT_EVIDENCE or reason is None:
        cos = float(claim.details.get("cos", 0.0))
        reason = (
            ReasonCode.LOW_EVIDENCE_SIMILARITY if cos < SIMILARITY_GATE else ReasonCode.NOT_ENTAILED
        )
    return {
        "assessment": ClaimAssessment.INSUFFICIENT_EVIDENCE,
        "reason": reason,
        "reason_detail": code,
        "supporting_sources": [],
    }


def addressed(claim: ClaimResult) -> dict[str, float]:
    """``addressed``: 1.0 when the claim speaks to the user ("you", "your")."""
    return {"addressed": float(bool(ADDRESSED.search(claim.claim_text)))}


def join_findings(
    claim: ClaimResult, draft: DraftClaim, index: EvidenceIndex, question: str | None = None,
    before: Sequence[str] = (),
) -> ClaimResult:  # fmt: skip
    """``claim`` with the evidence-wide findings joined to the matcher's (names the user's
    ``question`` uses are the user's, never held against the answer; ``before``: the
    answer's claims an opening pronoun may point back to, ``subjects.claims_before``)."""
    if claim.availability is not AssessmentAvailability.ASSESSED:
        return claim
    own = claim.details.get("finding")
    found: list[dict[str, Any]] = [own] if isinstance(own, dict) else []
    context = [*draft.context, question] if question else list(draft.context)
    extra: list[Finding] = evidence_findings(
        claim.claim_text, index, context, draft.label, before=before
    )
    found.extend(f.as_dict() for f in extra)
    words = {"words": {**claim_words(claim.claim_text, index, context), **addressed(claim)}}
    chosen = _chosen(found)
    blocks = chosen is not None and chosen.get("kind") in DECISIVE_KINDS | BLOCKING_KINDS
    if (
        chosen is None
        or chosen is own
        or (claim.assessment is ClaimAssessment.SUPPORTED and not blocks)
    ):
        return claim.model_copy(update={"details": {**claim.details, **words}})
    update: dict[str, Any] = {"details": {**claim.details, **words, "finding": chosen}}
    if blocks and claim.assessment is not ClaimAssessment.CONTRADICTED:
        update.update(_update(claim, chosen))
    elif blocks and chosen.get("kind") in _CONTRADICTING:
        # contradicted by the matcher too: the decisive finding is what proves it wrong
        update["reason_detail"] = ReasonCode(chosen["code"])
    return claim.model_copy(update=update)
