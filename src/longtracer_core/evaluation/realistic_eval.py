"""Measure the guard on the realistic corpus: answers, sentences, scores, causes.

For every answer the verifier runs with ``policy="redact"``. Reported per split:

* answer level — an answer with a planted error is caught when its gate is not
  PASS (TPR); a faithful answer passes when its gate is PASS (TNR);
* sentence level — the share of faithful sentences the guard redacts (false
  redaction) and the share of planted-error sentences it redacts;
* AUROC of the claim score for error vs faithful sentences (a sentence's score
  is the lowest score of the assessed claims overlapping it; a sentence no
  claim overlaps scores 1.0, as the guard lets it through);
* the per-cause tables that drive the work: false redaction by style tag and
  by mechanism (why the matcher kept the claim down), catch rate by error type;
* a sweep of the supported edge within its allowed bounds, for choosing bands
  on the dev split only.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..config import BAND_OVERRIDE_BOUND, DEFAULT_BANDS
from ..contracts import AssessmentAvailability, ClaimAssessment, ClaimResult, QualityGate
from ..pipeline.guarded import GuardedResponse
from ..pipeline.verifier import CitationVerifier
from .outcome_metrics import SentenceVerdict, outcome_report, sentence_verdict
from .realistic_corpus import GoldSentence, RealisticRecord

__all__ = ["SentenceOutcome", "auroc", "evaluate_realistic", "sentence_outcomes"]


@dataclass(frozen=True)
class SentenceOutcome:
    """What the guard did with one labelled sentence."""

    record_id: str
    domain: str
    gold: GoldSentence
    redacted: bool
    score: float
    claims: tuple[ClaimResult, ...]
    verdict: SentenceVerdict

    @property
    def mechanism(self) -> str:
        """Why a redacted sentence was redacted: the worst overlapping claim's finer
        cause (``reason_detail``) when it has one, else its seed reason."""
        if not self.claims:
            return "withheld" if self.redacted else "not_a_claim"
        worst = min(self.claims, key=lambda c: float(c.details.get("score", 0.0)))
        if worst.assessment is ClaimAssessment.SUPPORTED:
            return "supported"
        code = worst.reason_detail or worst.reason
        reason = code.value if code is not None else "unknown"
        if worst.details.get("origin") == "coverage":
            reason += "+coverage_repair"
        return reason


def auroc(positive: Sequence[float], negative: Sequence[float]) -> float | None:
    """P(score of a positive > score of a negative), ties count half (Mann–Whitney)."""
    if not positive or not negative:
        return None
    pos = np.asarray(positive, dtype=np.float64)
    neg = np.asarray(negative, dtype=np.float64)
    greater = (pos[:, None] > neg[None, :]).sum()
    ties = (pos[:, None] == neg[None, :]).sum()
    return float((greater + 0.5 * ties) / (pos.size * neg.size))


def _overlaps(claim: ClaimResult, start: int, end: int) -> bool:
    return (
        claim.char_start is not None
        and claim.char_end is not None
        and claim.char_start < end
        and claim.char_end > start
    )


def _redacted_ranges(guarded: GuardedResponse) -> list[tuple[int, int]]:
    policy = guarded.trace.policy or {}
    if policy.get("unverified") == "withhold":
        return [(0, len(guarded.original_text))]
    return [
        (int(a["draft_span"][0]), int(a["draft_span"][1]))
        for a in policy.get("actions", [])
        if a.get("action") in ("redact", "withhold")
    ]


def sentence_outcomes(record: RealisticRecord, guarded: GuardedResponse) -> list[SentenceOutcome]:
    """One outcome per labelled sentence of ``record`` (non-claims included)."""
    ranges = _redacted_ranges(guarded)
    withheld = (guarded.trace.policy or {}).get("unverified") == "withhold"
    assessed = [c for c in guarded.case.claims if c.availability is AssessmentAvailability.ASSESSED]
    out = []
    for gold in record.sentences:
        claims = tuple(c for c in assessed if _overlaps(c, gold.start, gold.end))
        redacted = any(a < gold.end and b > gold.start for a, b in ranges)
        score = min((float(c.details.get("score", 0.0)) for c in claims), default=1.0)
        verdict = sentence_verdict(gold.label, claims, withheld, getattr(record, "writer", "human"))
        out.append(
            SentenceOutcome(record.id, record.domain, gold, redacted, score, claims, verdict)
        )
    return out


def _rate(num: int, den: int) -> float | None:
    return round(num / den, 4) if den else None


def _sentence_report(outcomes: Sequence[SentenceOutcome]) -> dict[str, Any]:
    faithful = [o for o in outcomes if o.gold.label == "faithful"]
    errors = [o for o in outcomes if o.gold.label == "error"]
    non_claims = [o for o in outcomes if o.gold.label == "non_claim"]
    fr = sum(o.redacted for o in faithful)
    er = sum(o.redacted for o in errors)
    score = auroc([-o.score for o in errors], [-o.score for o in faithful])
    return {
        "faithful": len(faithful),
        "errors": len(errors),
        "non_claims": len(non_claims),
        "faithful_redacted": fr,
        "false_redaction": _rate(fr, len(faithful)),
        "errors_redacted": er,
        "error_redaction": _rate(er, len(errors)),
        "non_claims_redacted": _rate(sum(o.redacted for o in non_claims), len(non_claims)),
        "auroc": round(score, 4) if score is not None else None,
    }


def _by(
    outcomes: Sequence[SentenceOutcome], keys: Callable[[SentenceOutcome], Sequence[str]]
) -> dict[str, dict[str, Any]]:
    table: dict[str, list[int]] = {}
    for o in outcomes:
        for key in keys(o):
            row = table.setdefault(key, [0, 0])
            row[0] += 1
            row[1] += int(o.redacted)
    return {
        k: {"n": n, "redacted": r, "rate": _rate(r, n)}
        for k, (n, r) in sorted(table.items(), key=lambda kv: (-kv[1][1], kv[0]))
    }


def _causes(outcomes: Sequence[SentenceOutcome]) -> dict[str, Any]:
    faithful = [o for o in outcomes if o.gold.label == "faithful"]
    errors = [o for o in outcomes if o.gold.label == "error"]
    redacted = [o for o in faithful if o.redacted]
    return {
        "false_redaction_by_tag": _by(faithful, lambda o: o.gold.tags or ("untagged",)),
        "false_redaction_by_mechanism": dict(Counter(o.mechanism for o in redacted).most_common()),
        "false_redaction_by_domain": _by(faithful, lambda o: (o.domain,)),
        "error_redaction_by_type": _by(errors, lambda o: (o.gold.error_type or "unknown",)),
        "missed_errors_by_mechanism": dict(
            Counter(o.mechanism for o in errors if not o.redacted).most_common()
        ),
    }


def _sweep(outcomes: Sequence[SentenceOutcome], step: float = 0.01) -> list[dict[str, Any]]:
    """Sentence rates if the supported edge moved (a claim passes at score ≥ edge)."""
    faithful = [o for o in outcomes if o.gold.label == "faithful" and o.claims]
    errors = [o for o in outcomes if o.gold.label == "error" and o.claims]
    n_f = sum(o.gold.label == "faithful" for o in outcomes)
    n_e = sum(o.gold.label == "error" for o in outcomes)
    lo = DEFAULT_BANDS["supported"] - BAND_OVERRIDE_BOUND
    rows = []
    for edge in np.arange(lo, lo + 2 * BAND_OVERRIDE_BOUND + 1e-9, step):
        e = round(float(edge), 4)
        rows.append(
            {
                "supported": e,
                "false_redaction": _rate(sum(o.score < e for o in faithful), n_f),
                "error_redaction": _rate(sum(o.score < e for o in errors), n_e),
            }
        )
    return rows


def _answer_report(
    records: Sequence[RealisticRecord], guarded: Sequence[GuardedResponse]
) -> dict[str, Any]:
    bad = [g for r, g in zip(records, guarded, strict=True) if r.has_error]
    good = [g for r, g in zip(records, guarded, strict=True) if not r.has_error]
    tp = sum(g.case.quality_gate is not QualityGate.PASS for g in bad)
    tn = sum(g.case.quality_gate is QualityGate.PASS for g in good)
    tpr, tnr = _rate(tp, len(bad)), _rate(tn, len(good))
    ba = round((tpr + tnr) / 2, 4) if tpr is not None and tnr is not None else None
    gates = Counter(g.case.quality_gate.value for g in guarded)
    return {
        "answers": len(records),
        "with_error": len(bad),
        "faithful": len(good),
        "tpr": tpr,
        "tnr": tnr,
        "balanced_accuracy": ba,
        "gates": dict(sorted(gates.items())),
    }


def _misses(outcomes: Sequence[SentenceOutcome]) -> list[dict[str, Any]]:
    rows = []
    for o in outcomes:
        wrong = (o.gold.label == "faithful" and o.redacted) or (
            o.gold.label == "error" and not o.redacted
        )
        if not wrong:
            continue
        rows.append(
            {
                "record": o.record_id,
                "label": o.gold.label,
                "text": o.gold.text,
                "tags": list(o.gold.tags),
                "error_type": o.gold.error_type,
                "mechanism": o.mechanism,
                "score": round(o.score, 4),
                "claims": [
                    {
                        "claim_text": c.claim_text,
                        "assessment": c.assessment.value,
                        "reason": c.reason.value if c.reason else None,
                        "reason_detail": c.reason_detail.value if c.reason_detail else None,
                        **{
                            k: round(float(v), 4)
                            for k, v in c.details.items()
                            if k in ("score", "cos", "lex") and v is not None
                        },
                    }
                    for c in o.claims
                ],
            }
        )
    return rows


def evaluate_realistic(
    records: Sequence[RealisticRecord],
    verifier: CitationVerifier,
    *,
    progress: Callable[[int, int], None] | None = None,
    with_misses: bool = True,
) -> dict[str, Any]:
    """Guard every answer (redact) and report each split and both together."""
    started = time.perf_counter()
    guarded: list[GuardedResponse] = verifier.verify_batch(
        [
            {
                "response": r.answer,
                "sources": r.engine_sources(),
                "case_id": r.id,
                "question": r.question,
            }
            for r in records
        ],
        progress=progress,
        with_traces=True,
        policy="redact",
    )
    elapsed = time.perf_counter() - started
    report: dict[str, Any] = {
        "config": verifier.config.model_dump(mode="json", exclude={"limits"}),
        "seconds": round(elapsed, 2),
    }
    for split in ("dev", "test", "all"):
        idx = [i for i, r in enumerate(records) if split == "all" or r.split == split]
        if not idx:
            continue
        recs = [records[i] for i in idx]
        gs = [guarded[i] for i in idx]
        outcomes = [o for r, g in zip(recs, gs, strict=True) for o in sentence_outcomes(r, g)]
        part: dict[str, Any] = {
            "answer_level": _answer_report(recs, gs),
            "outcomes": outcome_report([o.verdict for o in outcomes]),
            "outcomes_by_writer": {
                writer: outcome_report([o.verdict for o in outcomes if o.verdict.writer == writer])
                for writer in sorted({o.verdict.writer for o in outcomes})
            },
            "sentence_level": _sentence_report(outcomes),
            "causes": _causes(outcomes),
            "supported_edge_sweep": _sweep(outcomes),
        }
        if with_misses and split != "all":
            part["misses"] = _misses(outcomes)
        report[split] = part
    return report
