"""What the three outcomes do to labelled sentences: removed, flagged, decisive, calibrated.

For a corpus whose every sentence is labelled ``faithful`` / ``error`` /
``non_claim`` (the realistic corpus), read from each answer's claims:

* **removed** — the sentence's text would not reach the user under ``redact``,
  at each ``strictness`` (``precise`` is the default);
* **flagged** — ``flag`` marks it (a claim in it is REFUTED or UNCERTAIN); for
  ``non_claim`` lines only this is counted (``non_claims_flagged``);
* **decisive precision** — per finding kind, how often a REFUTED claim's
  finding sits on a wrong sentence (the bar: 9 in 10), and the same count for
  the kinds that only keep a claim UNCERTAIN (candidates for promotion);
* **calibration** — AUROC of ``p_wrong`` over sentences (a sentence's value is
  the highest ``p_wrong`` of its claims) and its expected calibration error over
  claims (a claim is wrong when its sentence is).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..config import STRICTNESS, VerifyConfig
from ..contracts import AssessmentAvailability, ClaimOutcome, ClaimResult
from ..pipeline.policy import claim_action

__all__ = ["SentenceVerdict", "expected_calibration_error", "outcome_report", "sentence_verdict"]


class SentenceVerdict:
    """One labelled sentence and what each policy setting does to it."""

    __slots__ = ("claims", "flagged", "label", "p_wrong", "removed", "withheld", "writer")

    def __init__(
        self, label: str, claims: Sequence[ClaimResult], withheld: bool, writer: str = "human"
    ) -> None:
        self.label = label
        self.writer = writer
        self.withheld = withheld
        self.claims = tuple(claims)
        base = VerifyConfig()
        self.removed = {
            s: withheld
            or any(
                claim_action(c, "redact", base.model_copy(update={"strictness": s})) == "redact"
                for c in self.claims
            )
            for s in STRICTNESS
        }
        self.flagged = withheld or any(
            c.outcome in (ClaimOutcome.REFUTED, ClaimOutcome.UNCERTAIN) for c in self.claims
        )
        values = [c.p_wrong for c in self.claims if c.p_wrong is not None]
        self.p_wrong = max(values) if values else 0.0


def sentence_verdict(
    label: str, claims: Sequence[ClaimResult], withheld: bool, writer: str = "human"
) -> SentenceVerdict:
    """The verdict of one sentence from the assessed claims that overlap it."""
    assessed = [c for c in claims if c.availability is AssessmentAvailability.ASSESSED]
    return SentenceVerdict(label, assessed, withheld, writer)


def _rate(num: int, den: int) -> float | None:
    return round(num / den, 4) if den else None


def _auroc(pos: Sequence[float], neg: Sequence[float]) -> float | None:
    if not pos or not neg:
        return None
    p, n = np.asarray(pos, dtype=np.float64), np.asarray(neg, dtype=np.float64)
    greater = (p[:, None] > n[None, :]).sum()
    ties = (p[:, None] == n[None, :]).sum()
    return round(float((greater + 0.5 * ties) / (p.size * n.size)), 4)


def expected_calibration_error(
    probs: Sequence[float], labels: Sequence[int], bins: int = 10
) -> tuple[float | None, list[dict[str, Any]]]:
    """ECE over equal-width bins, and the reliability table (mean p vs observed rate)."""
    if not probs:
        return None, []
    p = np.asarray(probs, dtype=np.float64)
    y = np.asarray(labels, dtype=np.float64)
    edges = np.linspace(0.0, 1.0, bins + 1)
    index = np.clip(np.digitize(p, edges[1:-1]), 0, bins - 1)
    table, ece = [], 0.0
    for b in range(bins):
        mask = index == b
        if not mask.any():
            continue
        mean_p, rate = float(p[mask].mean()), float(y[mask].mean())
        ece += mask.sum() / p.size * abs(mean_p - rate)
        table.append(
            {"bin": f"{edges[b]:.1f}-{edges[b + 1]:.1f}", "n": int(mask.sum()),
             "mean_p_wrong": round(mean_p, 4), "observed_wrong": round(rate, 4)}
        )  # fmt: skip
    return round(float(ece), 4), table


def _kinds(verdicts: Sequence[SentenceVerdict]) -> dict[str, dict[str, Any]]:
    """Per finding kind: on how many faithful / wrong sentences it made a claim REFUTED,
    and (as a candidate) on how many it stood without deciding."""
    table: dict[str, Counter[str]] = {}
    for v in verdicts:
        if v.label not in ("faithful", "error"):
            continue
        seen: set[tuple[str, str]] = set()
        for c in v.claims:
            found = c.details.get("finding")
            if not isinstance(found, dict) or c.outcome is ClaimOutcome.SUPPORTED:
                continue
            role = "decisive" if c.outcome is ClaimOutcome.REFUTED else "candidate"
            seen.add((str(found.get("kind")), role))
        for kind, role in seen:
            table.setdefault(kind, Counter())[f"{role}_{v.label}"] += 1
    out = {}
    for kind, n in sorted(table.items()):
        row: dict[str, Any] = dict(sorted(n.items()))
        for role in ("decisive", "candidate"):
            right, wrong = n[f"{role}_error"], n[f"{role}_faithful"]
            row[f"{role}_precision"] = _rate(right, right + wrong)
        out[kind] = row
    return out


def outcome_report(verdicts: Sequence[SentenceVerdict]) -> dict[str, Any]:
    """Removed / flagged rates, decisive precision per kind, AUROC and ECE of ``p_wrong``."""
    faithful = [v for v in verdicts if v.label == "faithful"]
    errors = [v for v in verdicts if v.label == "error"]
    report: dict[str, Any] = {"faithful": len(faithful), "errors": len(errors)}
    for s in STRICTNESS:
        report[f"faithful_removed_{s}"] = _rate(sum(v.removed[s] for v in faithful), len(faithful))
        report[f"wrong_removed_{s}"] = _rate(sum(v.removed[s] for v in errors), len(errors))
    report["faithful_flagged"] = _rate(sum(v.flagged for v in faithful), len(faithful))
    report["wrong_flagged"] = _rate(sum(v.flagged for v in errors), len(errors))
    # talk, headings and refusals: in no rate above, but a mark on them is one a user sees
    talk = [v for v in verdicts if v.label == "non_claim"]
    report["non_claims"] = len(talk)
    report["non_claims_flagged"] = _rate(sum(v.flagged for v in talk), len(talk))
    report["auroc_p_wrong"] = _auroc([v.p_wrong for v in errors], [v.p_wrong for v in faithful])
    claims = {
        id(c): (c.p_wrong, int(v.label == "error"))
        for v in faithful + errors
        for c in v.claims
        if c.p_wrong is not None
    }
    ece, table = expected_calibration_error(
        [p for p, _ in claims.values()], [y for _, y in claims.values()]
    )
    report["ece"] = ece
    report["reliability"] = table
    report["findings"] = _kinds(verdicts)
    return report
