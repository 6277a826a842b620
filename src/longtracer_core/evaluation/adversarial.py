"""Adversarial corpora: each case is one claim and a small evidence plan.

A corpus file is JSONL with ``id``, ``claim``, ``evidence`` (list of passages),
``expected`` (``supported`` | ``unsupported``) and optional ``variant``. For
every class we report the share landing in the expected band (the
specification's metric: unsupported < partial edge, supported ≥ supported
edge), and the share whose assessment is or is not SUPPORTED (what the gate
and the redact policy act on; partial is not SUPPORTED).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..contracts import CaseResult, ClaimAssessment
from ..pipeline.verifier import CitationVerifier

__all__ = ["AdversarialCase", "load_corpus", "measure_corpus"]

AdversarialCase = dict[str, Any]


def load_corpus(path: str | Path) -> list[AdversarialCase]:
    """Read one corpus file."""
    with Path(path).open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _band(case: CaseResult) -> str:
    """The case's band: the worst claim band (a claim that splits is judged whole)."""
    if not case.claims:
        return "not_assessed"
    order = {"unsupported": 0, "partial": 1, "supported": 2}
    bands = [str(c.details.get("band", "unsupported")) for c in case.claims]
    return min(bands, key=lambda b: order.get(b, 0))


def _supported(case: CaseResult) -> bool:
    return bool(case.claims) and all(c.assessment is ClaimAssessment.SUPPORTED for c in case.claims)


def measure_corpus(cases: Sequence[AdversarialCase], verifier: CitationVerifier) -> dict[str, Any]:
    """Verify every case; report band counts and the shares that matter, by variant."""
    results = verifier.verify_batch(
        [
            {"response": c["claim"], "sources": list(c["evidence"]), "case_id": c["id"]}
            for c in cases
        ]
    )
    groups: dict[str, list[tuple[AdversarialCase, CaseResult]]] = {}
    for case, result in zip(cases, results, strict=True):
        groups.setdefault(case.get("variant", "all"), []).append((case, result))
        if "variant" in case:
            groups.setdefault("all", []).append((case, result))
    report: dict[str, Any] = {}
    for variant, rows in sorted(groups.items()):
        bands = Counter(_band(r) for _, r in rows)
        expected = {c["expected"] for c, _ in rows}
        in_band = sum(_band(r) == c["expected"] for c, r in rows)
        as_expected = sum(_supported(r) == (c["expected"] == "supported") for c, r in rows)
        report[variant] = {
            "cases": len(rows),
            "expected": sorted(expected),
            "bands": dict(sorted(bands.items())),
            "in_expected_band": round(in_band / len(rows), 4),
            "gate_as_expected": round(as_expected / len(rows), 4),
            "misses": [c["id"] for c, r in rows if _band(r) != c["expected"]],
        }
    return report
