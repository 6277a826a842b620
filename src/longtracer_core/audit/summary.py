"""Totals over an audit's rows: gates, reasons, sources cited wrongly, the worst cases.

``AuditSummary.add`` takes the fields of one row (``audit_fields``), so it
counts rows from the in-process audit and from Ray's Parquet output alike,
in one pass and in bounded memory (only the ``keep`` worst cases are kept).
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..report.view import AuditOverview
from .rows import INVALID_REASONS

__all__ = ["AuditSummary"]

_GATES = ("PASS", "FAIL", "INDETERMINATE")
_SEVERITY = {"FAIL": 0, "INDETERMINATE": 1, "PASS": 2}
_ASSESSMENTS = (
    ("n_supported", "supported"),
    ("n_insufficient_evidence", "insufficient evidence"),
    ("n_contradicted", "contradicted"),
    ("n_conflicting_sources", "conflicting sources"),
)


@dataclass
class _Ranked:
    """A case in the worst-cases heap; ordered so the least serious is popped first."""

    key: tuple[int, float, str, int]
    case_id: str = field(compare=False)
    record: Any = field(compare=False, default=None)

    def __lt__(self, other: _Ranked) -> bool:  # a max-heap on severity through heapq
        return self.key > other.key


@dataclass
class AuditSummary:
    """Running totals; ``keep`` bounds how many worst cases are remembered for the report."""

    keep: int = 100
    top: int = 10
    cases: int = 0
    claims: int = 0
    gates: Counter[str] = field(default_factory=Counter)
    assessments: Counter[str] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    cited: Counter[str] = field(default_factory=Counter)
    miscited: Counter[str] = field(default_factory=Counter)
    invalid: Counter[str] = field(default_factory=Counter)
    _worst: list[_Ranked] = field(default_factory=list, repr=False)

    def add(self, row: Mapping[str, Any], record: Any = None) -> None:
        """Count one row; ``record`` (the case record) is kept if the case is among the worst."""
        gate = str(row["quality_gate"])
        self.cases += 1
        self.claims += int(row["n_claims"])
        self.gates[gate] += 1
        for name, _ in _ASSESSMENTS:
            self.assessments[name] += int(row[name])
        self.reasons.update(row["reasons"] or [])
        self.cited.update(row["cited_sources"] or [])
        self.miscited.update(row["miscited_sources"] or [])
        if row.get("reason") in INVALID_REASONS:
            problem = row.get("input_problem")
            self.invalid[f"{row.get('input_field')}: {problem}" if problem else row["reason"]] += 1
        if self.keep <= 0:
            return
        trust = row.get("trust_score")
        key = (
            _SEVERITY.get(gate, 1),
            float(trust) if trust is not None else 0.0,
            str(row["case_id"]),
            self.cases,
        )
        ranked = _Ranked(key, str(row["case_id"]), record)
        if len(self._worst) < self.keep:
            heapq.heappush(self._worst, ranked)
        elif ranked.key < self._worst[0].key:
            heapq.heapreplace(self._worst, ranked)

    def attach(self, records: Mapping[str, Any]) -> None:
        """Give the kept cases their records by case id (fetched after counting, on Ray)."""
        for ranked in self._worst:
            if ranked.record is None and ranked.case_id in records:
                ranked.record = records[ranked.case_id]

    def worst(self) -> list[tuple[str, Any]]:
        """``(case_id, record)`` of the kept cases, most serious first."""
        return [(r.case_id, r.record) for r in sorted(self._worst, key=lambda r: r.key)]

    def worst_sources(self) -> list[tuple[str, int, int]]:
        """``(source_id, times cited by an unsupported claim, times cited)``, worst first."""
        rows = [(s, n, self.cited[s]) for s, n in self.miscited.items()]
        rows.sort(key=lambda r: (-r[1], -r[2], r[0]))
        return rows[: self.top]

    def to_dict(self) -> dict[str, Any]:
        """The totals as plain JSON values (``summary.json``)."""
        return {
            "cases": self.cases,
            "claims": self.claims,
            "gates": {g: self.gates.get(g, 0) for g in _GATES},
            "claim_assessments": {k: self.assessments.get(k, 0) for k, _ in _ASSESSMENTS},
            "top_reasons": dict(self.reasons.most_common(self.top)),
            "worst_sources": [
                {"source_id": s, "miscited": n, "cited": c} for s, n, c in self.worst_sources()
            ],
            "worst_cases": [case_id for case_id, _ in self.worst()],
            "invalid_rows": sum(self.invalid.values()),
            "invalid_problems": dict(self.invalid.most_common()),
        }

    def overview(self, shown: int) -> AuditOverview:
        """The totals for the HTML report, which shows ``shown`` cases in full."""
        return AuditOverview(
            cases=self.cases,
            claims=self.claims,
            gates=tuple((g, self.gates.get(g, 0)) for g in _GATES),
            reasons=tuple(self.reasons.most_common(self.top)),
            sources=tuple(self.worst_sources()),
            shown=shown,
            invalid=tuple(self.invalid.most_common()),
        )

    def render_text(self) -> str:
        """A few lines for the terminal."""
        gates = "  ".join(f"{g} {self.gates.get(g, 0)}" for g in _GATES)
        claims = ", ".join(f"{self.assessments.get(k, 0)} {name}" for k, name in _ASSESSMENTS)
        lines = [
            f"cases: {self.cases}  ({gates})",
            f"claims: {self.claims}  ({claims})",
        ]
        if self.reasons:
            top = ", ".join(f"{r} {n}" for r, n in self.reasons.most_common(self.top))
            lines.append(f"top reasons (cases): {top}")
        if self.invalid:
            listed = ", ".join(f"{k} {n}" for k, n in self.invalid.most_common(self.top))
            lines.append(f"invalid rows: {sum(self.invalid.values())}  ({listed})")
        sources = self.worst_sources()
        if sources:
            listed = ", ".join(f"{s} {n}/{c}" for s, n, c in sources)
            lines.append(f"worst sources (cited by unsupported claims / cited): {listed}")
        return "\n".join(lines) + "\n"
