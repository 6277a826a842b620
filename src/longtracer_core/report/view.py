"""What a report shows, read from the records people keep.

A record is what ``check --format json`` writes and what ``JsonlSink`` appends:
an object with ``case`` (a CaseResult) and, optionally, ``trace`` (the trace
record, which holds the answer and the source texts), ``policy`` and ``text``
(the policy-applied answer). A bare CaseResult or a bare trace is accepted
too. The view keeps plain values only; rendering escapes all of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import ValidationError

from ..contracts import CaseResult, ClaimResult, claim_outcome
from ..pipeline.trace import TraceRecord

__all__ = [
    "AuditOverview",
    "CaseView",
    "ClaimView",
    "EvidenceView",
    "RecordError",
    "case_view",
    "case_views",
    "claim_verdict",
]

_CORE_PARTS = ("score", "cos", "lex", "numeric_ok")


class RecordError(ValueError):
    """A record that is neither a case record, a CaseResult nor a trace."""


@dataclass(frozen=True)
class EvidenceView:
    """A span of a source: the exact slice and a little context on each side."""

    source_id: str
    start: int
    end: int
    before: str
    text: str
    after: str
    label: str = "best span"


@dataclass(frozen=True)
class ClaimView:
    """One claim as the report shows it."""

    claim_id: str
    text: str
    verdict: str  # the outcome in a word: supported, uncertain, refuted, refusal, not assessed
    finding: str  # the outcome and its finding in words (ClaimResult.outcome_text)
    p_wrong: float | None
    assessment: str
    reason: str
    score: float | None
    start: int | None
    end: int | None
    parts: tuple[tuple[str, str], ...]  # (name, value) rows: cos, coverage, gates, judge, ...
    evidence: tuple[EvidenceView, ...]
    candidates: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class CaseView:
    """One case as the report shows it."""

    case_id: str
    gate: str
    execution: str
    availability: str
    reason: str | None
    summary: str
    error_message: str | None
    answer: str | None
    output: str | None
    policy: str | None
    claims: tuple[ClaimView, ...]
    sources: tuple[tuple[str, str], ...]  # (source_id, text)
    models: Mapping[str, Any] = field(default_factory=dict)
    bands: Mapping[str, float] = field(default_factory=dict)
    has_trace: bool = False
    notes: tuple[str, ...] = ()  # case-level warnings: a judge that could not be used, ...
    reading: str = ""  # the operators' reading: PASS, REVIEW, FAIL, INDETERMINATE


@dataclass(frozen=True)
class AuditOverview:
    """Totals over every case of an audit, shown above the (few) cases the page holds."""

    cases: int
    claims: int
    gates: tuple[tuple[str, int], ...]
    reasons: tuple[tuple[str, int], ...]  # (reason, cases with it), most frequent first
    sources: tuple[tuple[str, int, int], ...]  # (source_id, times miscited, times cited)
    shown: int  # how many cases the page shows in full
    invalid: tuple[tuple[str, int], ...] = ()  # ("field: problem" or reason, rows), most first


def _fmt(value: Any) -> str:
    if value is None:
        return "n/a"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.3f}"
    if isinstance(value, (list, tuple)):
        return ", ".join(_fmt(v) for v in value) or "none"
    if isinstance(value, Mapping):
        return "; ".join(f"{k}: {_fmt(v)}" for k, v in value.items()) or "none"
    return str(value)


def _parts(details: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """The score parts a person reads: cosine, coverage, numeric gate, then anything else."""
    rows: list[tuple[str, str]] = []
    named = {"cos": "cosine", "lex": "coverage (IDF lexical)"}
    for key, label in named.items():
        if key in details:
            rows.append((label, _fmt(details[key])))
    if "numeric_ok" in details:
        gate = details["numeric_ok"]
        rows.append(("numeric gate", "n/a" if gate is None else "pass" if gate else "fail"))
    skip = {
        *_CORE_PARTS,
        "best_span",
        "candidates",
        "numeric_conflict_span",
        "cited_spans",
        "origin",
        "kind",
        "judge",
        "finding",  # shown in words above the parts
    }
    for key, value in details.items():
        if key in skip or value in (None, [], {}, ""):
            continue
        rows.append((key.replace("_", " "), _fmt(value)))
    return tuple(rows)


def _judge_rows(record: Any) -> tuple[tuple[str, str], ...]:
    """The judge's verdict in words: label, what it did, its quote and whether it was found."""
    if not isinstance(record, Mapping):
        return ()
    outcome = str(record.get("outcome", "")).replace("_", " ")
    label = record.get("label")
    rows = [("judge", f"{label} ({outcome})" if label else outcome)]
    if record.get("model"):
        rows.append(("judge model", str(record["model"])))
    for finding in record.get("findings") or ():
        if not isinstance(finding, Mapping) or finding.get("verified"):
            continue
        quote = str(finding.get("quote", ""))
        lacking = finding.get("unanchored")
        if lacking:  # found, but it does not state the claim
            rows.append(("judge's citation, not stating the claim", quote))
            rows.append(("the cited passage lacks", "; ".join(map(str, lacking))))
        else:
            rows.append(("judge's quote, not found in its passage", quote))
    if record.get("error"):
        rows.append(("judge error", str(record["error"])))
    return tuple(rows)


def _judge_quotes(record: Any, sources: list[tuple[str, str]]) -> list[EvidenceView | None]:
    """The judge's verified quotes as evidence slices."""
    if not isinstance(record, Mapping):
        return []
    return [
        _slice(sources, f.get("quote_span"), f"judge's quote ({str(f.get('label', '')).lower()})")
        for f in record.get("findings") or ()
        if isinstance(f, Mapping) and f.get("verified")
    ]


def _notes(case: CaseResult) -> tuple[str, ...]:
    """Case-level warnings worth a line above the claims."""
    judge = case.metadata.get("judge")
    if isinstance(judge, Mapping) and judge.get("unavailable"):
        return (
            f"The judge ({judge.get('model')}) could not be used, so the matcher's verdicts "
            f"stand: {judge.get('cause')}",
        )
    return ()


def _slice(
    sources: list[tuple[str, str]], ref: Mapping[str, Any] | None, label: str, context: int = 160
) -> EvidenceView | None:
    if not ref:
        return None
    try:
        index, start, end = int(ref["source_index"]), int(ref["start"]), int(ref["end"])
        source_id, text = sources[index]
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    if not (0 <= start <= end <= len(text)):
        return None
    lead = max(0, start - context)
    tail = min(len(text), end + context)
    return EvidenceView(
        source_id=source_id,
        start=start,
        end=end,
        before=("…" if lead > 0 else "") + text[lead:start],
        text=text[start:end],
        after=text[end:tail] + ("…" if tail < len(text) else ""),
        label=label,
    )


def claim_verdict(claim: ClaimResult) -> str:
    """A claim's verdict in a word: its outcome (supported, uncertain, refuted), or why it
    has none (refusal, not assessed). A record without outcomes reads as the guard reads
    it: supported when the seed's assessment is, else uncertain."""
    outcome = claim_outcome(claim)
    if outcome is None:
        return "refusal" if claim.details.get("kind") == "refusal" else "not assessed"
    return outcome.value.lower()


def _candidates(
    details: Mapping[str, Any], sources: list[tuple[str, str]], plan: Mapping[str, Any]
) -> tuple[dict[str, Any], ...]:
    """The candidates considered, each with its span's text when the trace has it."""
    out = []
    for cand in details.get("candidates", []):
        if not isinstance(cand, Mapping):
            continue
        row = dict(cand)
        ref = plan.get(str(cand.get("span_id")))
        if ref is not None:
            found = _slice(sources, ref, "candidate", context=0)
            if found is not None:
                row["text"] = found.text
                row.setdefault("source_id", found.source_id)
        out.append(row)
    return tuple(out)


def _claim_view(
    claim: ClaimResult,
    sources: list[tuple[str, str]],
    plan: Mapping[str, Any],
) -> ClaimView:
    details = claim.details
    best = _slice(sources, details.get("best_span"), "closest evidence")
    conflict = _slice(sources, details.get("numeric_conflict_span"), "states other figures")
    if (
        best is not None
        and conflict is not None
        and (conflict.start, conflict.end)
        == (
            best.start,
            best.end,
        )
    ):
        best, conflict = replace(best, label="closest evidence, states other figures"), None
    evidence = [best, conflict, *_judge_quotes(details.get("judge"), sources)]
    score = details.get("score")
    return ClaimView(
        claim_id=claim.claim_id,
        text=claim.claim_text,
        verdict=claim_verdict(claim),
        finding=claim.outcome_text,
        p_wrong=claim.p_wrong,
        assessment=claim.assessment.value,
        reason=claim.reason_text,
        score=float(score) if isinstance(score, (int, float)) else None,
        start=claim.char_start,
        end=claim.char_end,
        parts=_parts(details) + _judge_rows(details.get("judge")),
        evidence=tuple(e for e in evidence if e is not None),
        candidates=_candidates(details, sources, plan),
    )


def _case_from_trace(trace: TraceRecord) -> CaseResult:
    """A CaseResult-shaped view of a bare trace (claims carry what the trace keeps)."""
    outcome = trace.outcome
    claims = []
    for c in trace.claims:
        best = c.best_span_ref.model_dump() if c.best_span_ref else None
        claims.append(
            {
                "claim_id": c.claim_id,
                "claim_text": c.text,
                "assessment": c.assessment,
                "availability": "NOT_EVALUATED" if c.verdict == "refusal" else "ASSESSED",
                # the trace writes the seed's reason and our finer cause as "CODE (DETAIL)"
                "reason": c.reason.split(" ")[0] if c.reason != "-" else None,
                "reason_detail": c.reason.partition("(")[2].rstrip(")") or None,
                "outcome": c.outcome,
                "finding": c.finding,
                "p_wrong": c.p_wrong,
                "details": {
                    "band": c.verdict,
                    "score": c.score,
                    "best_span": best,
                    "candidates": [k.model_dump() for k in c.candidates_considered],
                    "judge": c.judge,
                },
                "char_start": c.draft_span[0] if c.draft_span else None,
                "char_end": c.draft_span[1] if c.draft_span else None,
            }
        )
    return CaseResult.model_validate(
        {
            "case_id": trace.query_id,
            "execution": outcome.get("execution", "SUCCESS"),
            "availability": outcome.get("availability", "ASSESSED"),
            "quality_gate": outcome.get("quality_gate", "INDETERMINATE"),
            "reason": outcome.get("reason"),
            "error_message": outcome.get("error_message"),
            "claims": claims,
            "metadata": {"judge": trace.stats["judge"]} if "judge" in trace.stats else {},
        }
    )


def _first_error(err: ValidationError) -> str:
    item = err.errors(include_url=False)[0]
    loc = ".".join(str(p) for p in item["loc"])
    return f"{loc}: {item['msg']}" if loc else str(item["msg"])


def case_view(record: Any) -> CaseView:
    """The view of one record; ``RecordError`` says what is wrong with it."""
    if not isinstance(record, Mapping):
        raise RecordError(f"expected a JSON object, got {type(record).__name__}")
    if "case" in record:
        raw_case, raw_trace = record["case"], record.get("trace")
    elif "quality_gate" in record and "case_id" in record:
        raw_case, raw_trace = record, None
    elif "query_id" in record and "outcome" in record:
        raw_case, raw_trace = None, record
    else:
        raise RecordError(
            "not a case record: expected 'case' (and 'trace'), a CaseResult or a trace"
        )
    trace: TraceRecord | None = None
    if raw_trace is not None:
        try:
            trace = TraceRecord.model_validate(raw_trace)
        except ValidationError as err:
            raise RecordError(f"invalid trace: {_first_error(err)}") from None
    try:
        case = (
            CaseResult.model_validate(raw_case) if raw_case is not None else _case_from_trace(trace)  # type: ignore[arg-type]
        )
    except ValidationError as err:
        raise RecordError(f"invalid case: {_first_error(err)}") from None
    sources = (
        [(str(s.get("source_id", "")), str(s.get("text", ""))) for s in trace.sources]
        if trace
        else []
    )
    plan = {p.span_id: p.model_dump() for p in trace.plan} if trace else {}
    draft = trace.request.get("draft") if trace else None
    bands = trace.stats.get("bands") if trace else None
    return CaseView(
        case_id=case.case_id or "",
        gate=case.quality_gate.value,
        execution=case.execution.value,
        availability=case.availability.value,
        reason=case.reason.value if case.reason is not None else None,
        summary=case.summary,
        error_message=case.error_message,
        answer=draft if isinstance(draft, str) else None,
        output=record.get("text") if isinstance(record.get("text"), str) else None,
        policy=record.get("policy") if isinstance(record.get("policy"), str) else None,
        claims=tuple(_claim_view(c, sources, plan) for c in case.claims),
        sources=tuple(sources),
        models=dict(trace.models) if trace else {},
        bands=dict(bands) if isinstance(bands, Mapping) else {},
        has_trace=trace is not None,
        notes=_notes(case),
        reading=case.reading.value,
    )


def case_views(records: Iterable[Any]) -> list[CaseView]:
    return [case_view(r) for r in records]
