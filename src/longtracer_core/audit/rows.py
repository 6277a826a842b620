"""One audit row per case: the figures people filter and count by, beside the full result.

The same fields are written by the in-process audit (JSON Lines) and by Ray
Data (Parquet columns), so a summary reads either.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal

from ..contracts import CaseResult, ClaimAssessment, ClaimResult
from .records import BadRecord, CaseInput

__all__ = ["AUDIT_FIELDS", "INVALID_REASONS", "audit_fields"]

FieldKind = Literal["str", "str?", "float?", "int", "int?", "list[str]"]

# Reasons that say the record itself could not be verified as given.
INVALID_REASONS = frozenset({"INVALID_INPUT", "INPUT_TOO_LARGE"})

# name → kind, in output order. ``input_file``, ``input_row``: the record's place in
# the audit's input (file relative to it, row from 1; null for a dataset's rows);
# ``input_field``, ``input_problem``: what the reader refused (an ``InputProblem``);
# ``reasons``: the case's reason and those of its claims that are not supported;
# ``miscited_sources``: sources a claim cited (a marker such as [2]) although the
# claim is not supported.
AUDIT_FIELDS: tuple[tuple[str, FieldKind], ...] = (
    ("case_id", "str"),
    ("input_file", "str?"),
    ("input_row", "int?"),
    ("quality_gate", "str"),
    ("execution", "str"),
    ("availability", "str"),
    ("reason", "str?"),
    ("error", "str?"),
    ("input_field", "str?"),
    ("input_problem", "str?"),
    ("trust_score", "float?"),
    ("n_claims", "int"),
    ("n_supported", "int"),
    ("n_insufficient_evidence", "int"),
    ("n_contradicted", "int"),
    ("n_conflicting_sources", "int"),
    ("reasons", "list[str]"),
    ("cited_sources", "list[str]"),
    ("miscited_sources", "list[str]"),
)


def _distinct(values: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(values))


def _cited_sources(claim: ClaimResult) -> list[str]:
    """The source ids of the spans a claim cited, through its candidates' span → source map."""
    details: Mapping[str, Any] = claim.details
    by_span = {
        str(c.get("span_id")): str(c.get("source_id"))
        for c in details.get("candidates") or []
        if isinstance(c, Mapping) and c.get("source_id") is not None
    }
    out = []
    for span_id in details.get("cited_spans") or []:
        span = str(span_id)
        out.append(by_span.get(span) or span.rpartition("#")[0] or span)
    return _distinct(out)


def audit_fields(case: CaseResult, item: CaseInput | BadRecord | None = None) -> dict[str, Any]:
    """The row of ``case`` (verified from ``item``): every field of ``AUDIT_FIELDS``."""
    counts = {a: 0 for a in ClaimAssessment}
    cited: list[str] = []
    miscited: list[str] = []
    reasons = [case.reason.value] if case.reason is not None else []
    for claim in case.claims:
        counts[claim.assessment] += 1
        sources = _cited_sources(claim)
        cited.extend(sources)
        if claim.assessment is not ClaimAssessment.SUPPORTED:
            # the seed's code, then the finer cause where there is one
            reasons.extend(r.value for r in (claim.reason, claim.reason_detail) if r is not None)
            miscited.extend(sources)
    where = item.where if item is not None else None
    bad = item if isinstance(item, BadRecord) else None
    return {
        "case_id": case.case_id,
        "input_file": where.file if where is not None else None,
        "input_row": where.row if where is not None else None,
        "quality_gate": case.quality_gate.value,
        "execution": case.execution.value,
        "availability": case.availability.value,
        "reason": case.reason.value if case.reason is not None else None,
        "error": case.error_message,
        "input_field": bad.field if bad is not None else None,
        "input_problem": bad.problem.value if bad is not None and bad.problem else None,
        "trust_score": case.trust_score,
        "n_claims": len(case.claims),
        "n_supported": counts[ClaimAssessment.SUPPORTED],
        "n_insufficient_evidence": counts[ClaimAssessment.INSUFFICIENT_EVIDENCE],
        "n_contradicted": counts[ClaimAssessment.CONTRADICTED],
        "n_conflicting_sources": counts[ClaimAssessment.CONFLICTING_SOURCES],
        "reasons": _distinct(reasons),
        "cited_sources": _distinct(cited),
        "miscited_sources": _distinct(miscited),
    }
