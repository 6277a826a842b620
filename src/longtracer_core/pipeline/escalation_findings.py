"""What a judge's verdict does to a claim: verify its quotes, then apply it within the role.

A SUPPORTED or CONTRADICTED finding counts only when its quote is found in the
span it cites, and only when that span was shown to the judge in the same call
(``judge.quotes``). It must also be *anchored*: the cited span shares a word with
the claim, and for SUPPORTED states the claim's figures for the same thing while its
source names the claim's names, read by the evidence checks the offline engine applies
to the whole evidence (``scoring.evidence``). A model that names a real sentence about
something else ("supported S3" for a claim whose year S3 does not give) cannot lift the
claim, nor refute it under ``role="decide"`` with a sentence on another subject.
One verdict's findings touch only its own claim.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import Any, Literal

from ..config import JudgeConfig
from ..contracts import ClaimAssessment, ClaimResult, ReasonCode
from ..judge.quotes import verify_quote
from ..judge.types import JudgeVerdict
from ..scoring.evidence import evidence_findings, evidence_index
from ..scoring.evidence_index import claim_words
from ..scoring.names import name_index
from ..scoring.spans import Span

__all__ = ["OUTCOMES", "Outcome", "decide"]

Outcome = Literal[
    "applied",
    "agreed",
    "not_applied",
    "quote_unverified",
    "no_decision",
    "failed",
    "over_budget",
]
OUTCOMES: tuple[Outcome, ...] = (
    "applied",
    "agreed",
    "not_applied",
    "quote_unverified",
    "no_decision",
    "failed",
    "over_budget",
)
_Target = Literal["SUPPORTED", "CONTRADICTED", "CONFLICTING", "NOT_ENTAILED"]
# what a span lacks when it cannot support the claim whatever a judge says of it
_UNANCHORED = frozenset(
    {"name_absent", "acronym_absent", "figure_absent", "figure_conflict", "figure_role"}
)


def unanchored(
    claim_text: str, span: Span, source: Sequence[str], label: str = "SUPPORTED"
) -> list[str]:
    """What keeps ``span`` from deciding ``claim_text`` however a judge reads it, in words;
    empty when the span anchors the claim.

    Every finding needs a span that shares a word with the claim (a contradiction is
    about the same thing). A SUPPORTED one also needs the span to state the claim's
    figures for the same fact and its source (``source``: the texts of its source's
    spans) to name the claim's names: a passage says "its mirror" of the telescope its
    source named a sentence before."""
    index = evidence_index([(span.source_id, span.text)])
    lacking: list[str] = []
    if label == "SUPPORTED":
        index = replace(index, names=name_index(source))
        found = evidence_findings(claim_text, index)
        lacking = [f.text for f in found if f.kind in _UNANCHORED]
    if claim_words(claim_text, index)["absent_share"] >= 1.0:
        lacking.append("the cited span holds none of the claim's words")
    return lacking


def _lacking(claim_text: str, label: str, span: Span, spans_by_id: dict[str, Span]) -> list[str]:
    if label not in ("SUPPORTED", "CONTRADICTED"):
        return []
    # names are read in the source, for a SUPPORTED finding only
    source = (
        [s.text for s in spans_by_id.values() if s.source_id == span.source_id]
        if label == "SUPPORTED"
        else []
    )
    return unanchored(claim_text, span, source, label)


def _findings(
    claim_text: str,
    verdict: JudgeVerdict,
    shown: Collection[str],
    spans_by_id: dict[str, Span],
    config: JudgeConfig,
) -> list[dict[str, Any]]:
    out = []
    for f in verdict.findings:
        span = spans_by_id.get(f.span_id) if f.span_id in shown else None
        record: dict[str, Any] = {
            "span_id": f.span_id,
            "label": f.label,
            "quote": f.quote[:500],
            "score": f.score,
            "verified": False,
        }
        if span is not None:
            check = verify_quote(
                f.quote,
                span.text,
                mode=config.quote_match,
                min_overlap=config.quote_min_overlap,
                min_tokens=config.quote_min_tokens,
            )
            record.update(source_id=span.source_id, verified=check.verified, match=check.match)
            record["overlap"] = round(check.overlap, 6)
            lacking = _lacking(claim_text, f.label, span, spans_by_id) if check.verified else []
            if lacking:
                record.update(verified=False, unanchored=lacking)
            if check.verified and check.start is not None and check.end is not None:
                record["quote_span"] = {
                    "span_id": span.span_id,
                    "source_id": span.source_id,
                    "source_index": span.source_index,
                    "start": span.start + check.start,
                    "end": span.start + check.end,
                }
        out.append(record)
    return out


def _sources(findings: list[dict[str, Any]], label: str) -> list[str]:
    out: list[str] = []
    for f in findings:
        if f["verified"] and f["label"] == label and f["source_id"] not in out:
            out.append(f["source_id"])
    return out


def _target(verdict: JudgeVerdict, findings: list[dict[str, Any]]) -> _Target | None:
    supports, contras = _sources(findings, "SUPPORTED"), _sources(findings, "CONTRADICTED")
    if supports and contras:
        return "CONFLICTING" if set(supports) != set(contras) else None
    if supports:
        return "SUPPORTED"
    if contras:
        return "CONTRADICTED"
    if verdict.label == "NOT_ENOUGH_INFO" and not verdict.findings:
        return "NOT_ENTAILED"
    return None


def _update(target: _Target, findings: list[dict[str, Any]]) -> dict[str, Any]:
    supports, contras = _sources(findings, "SUPPORTED"), _sources(findings, "CONTRADICTED")
    if target == "SUPPORTED":
        return {
            "assessment": ClaimAssessment.SUPPORTED,
            "reason": ReasonCode.SUPPORTED_BY_EVIDENCE,
            "reason_detail": None,
            "supporting_sources": supports,
            "contradicting_sources": [],
        }
    if target == "CONTRADICTED":
        scores = [f["score"] for f in findings if f["verified"] and f["score"] is not None]
        update: dict[str, Any] = {
            "assessment": ClaimAssessment.CONTRADICTED,
            "reason": ReasonCode.CONTRADICTED_BY_EVIDENCE,
            "reason_detail": None,
            "supporting_sources": [],
            "contradicting_sources": contras,
        }
        if scores:
            update["confidence"] = max(scores)
        return update
    if target == "CONFLICTING":
        return {
            "assessment": ClaimAssessment.CONFLICTING_SOURCES,
            "reason": ReasonCode.CONFLICTING_EVIDENCE,
            "reason_detail": None,
            "supporting_sources": supports,
            "contradicting_sources": contras,
        }
    return {
        "assessment": ClaimAssessment.INSUFFICIENT_EVIDENCE,
        "reason": ReasonCode.NOT_ENTAILED,
        "reason_detail": None,
        "supporting_sources": [],
        "contradicting_sources": [],
    }


def _same(claim: ClaimResult, update: dict[str, Any]) -> bool:
    return bool(
        claim.assessment is update["assessment"]
        and claim.reason is update["reason"]
        and claim.reason_detail is update["reason_detail"]
    )


def decide(
    claim: ClaimResult,
    verdict: JudgeVerdict,
    shown: Collection[str],
    spans_by_id: dict[str, Span],
    config: JudgeConfig,
) -> tuple[ClaimResult, Outcome, list[dict[str, Any]]]:
    """The claim after ``verdict`` (or unchanged), the outcome, and the checked findings.

    ``shown`` holds the ids of the spans the judge saw in the call that gave
    the verdict; a finding citing any other span is not verified.
    """
    if verdict.error is not None:
        return claim, "failed", []
    findings = _findings(claim.claim_text, verdict, shown, spans_by_id, config)
    target = _target(verdict, findings)
    if target is None:
        unverified = any(not f["verified"] for f in findings)
        return claim, "quote_unverified" if unverified else "no_decision", findings
    update = _update(target, findings)
    # under "confirm" a judge only lifts: agreeing that a claim is contradicted must not
    # turn the matcher's doubt into a refutation (it would delete on the judge's word)
    if config.role == "confirm" and target != "SUPPORTED":
        return claim, "not_applied", findings
    if _same(claim, update):
        return claim, "agreed", findings
    return claim.model_copy(update=update), "applied", findings
