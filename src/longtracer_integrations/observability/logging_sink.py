"""``LoggingSink``: one structured log record per case."""

from __future__ import annotations

import logging
from typing import Any

from longtracer_core.contracts import (
    AssessmentAvailability,
    CaseResult,
    ClaimAssessment,
    QualityGate,
)
from longtracer_core.pipeline.judgement import case_judgement

from .base import GroundingEvent

__all__ = ["LoggingSink", "case_fields", "evaluation_result"]


def evaluation_result(case: CaseResult) -> tuple[str, float | None, str]:
    """The verdict as an evaluation: label (the gate, lower case), score, explanation.

    The score is the share of assessed claims that are supported (None when no
    claim was assessed); every sink and evaluator that reports a score uses this one.
    """
    assessed = [c for c in case.claims if c.availability is AssessmentAvailability.ASSESSED]
    score = (
        sum(c.assessment is ClaimAssessment.SUPPORTED for c in assessed) / len(assessed)
        if assessed
        else None
    )
    return case.quality_gate.value.lower(), score, case.summary


def case_fields(event: GroundingEvent) -> dict[str, Any]:
    """The flat fields every sink reports for a case."""
    case = event.case
    counts = case.assessment_counts
    outcomes = case.outcome_counts
    fields: dict[str, Any] = {
        "case_id": case.case_id,
        "schema_version": case.schema_version,
        "execution": case.execution.value,
        "availability": case.availability.value,
        "quality_gate": case.quality_gate.value,
        "reading": case.reading.value,
        "reason": case.reason.value if case.reason is not None else None,
        "claims": len(case.claims),
        "refuted": outcomes["REFUTED"],
        "uncertain": outcomes["UNCERTAIN"],
        "supported": counts["SUPPORTED"],
        "contradicted": counts["CONTRADICTED"],
        "insufficient_evidence": counts["INSUFFICIENT_EVIDENCE"],
        "conflicting_sources": counts["CONFLICTING_SOURCES"],
        "latency_ms": case.latency_ms,
        "score_model": case.metadata.get("score_model"),
        "embed_model": case.metadata.get("embed_model"),
        "plan_hash": case.metadata.get("plan_hash"),
        "origin": event.origin,
        "policy": event.policy,
        **event.run_ids(),
        **case_judgement(case),
    }
    if case.error_message:
        fields["error_message"] = case.error_message
    return fields


class LoggingSink:
    """Log each case once: INFO when the gate passes, WARNING when it fails or is indeterminate.

    The record's message reads ``grounding case=<id> gate=<gate> ...``; the same
    fields are attached as ``record.grounding`` (a dict) for structured handlers.
    """

    def __init__(self, logger: logging.Logger | str | None = None) -> None:
        if isinstance(logger, logging.Logger):
            self.logger = logger
        else:
            self.logger = logging.getLogger(logger or "longtracer.grounding")

    def emit(self, event: GroundingEvent) -> None:
        fields = case_fields(event)
        level = logging.INFO if event.case.quality_gate is QualityGate.PASS else logging.WARNING
        keys = (
            "case_id",
            "quality_gate",
            "reading",
            "execution",
            "availability",
            "reason",
            "claims",
            "refuted",
            "uncertain",
            "supported",
            "insufficient_evidence",
            "contradicted",
        )
        message = "grounding " + " ".join(f"{k}={fields[k]}" for k in keys)
        self.logger.log(level, message, extra={"grounding": fields})
