"""Evaluate the verifier on labelled records: response- and sentence-level detection.

A response is predicted hallucinated when its gate is not PASS (FAIL or
INDETERMINATE: never PASS what was not checked). A response sentence is
labelled hallucinated when it overlaps a span labelled ``Unwanted*`` or
``Questionable`` (the dataset's own binarisation; ``Benign`` spans do not
count), and predicted hallucinated when it overlaps an assessed claim that is
not SUPPORTED. The band sweep re-thresholds the stored claim scores within
the allowed bounds (±0.10) and is reported apart from the default's figures.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..config import BAND_OVERRIDE_BOUND, DEFAULT_BANDS, MIN_BAND_GAP, VerifyConfig
from ..contracts import AssessmentAvailability, CaseResult, ClaimAssessment, QualityGate
from ..pipeline.verifier import CitationVerifier
from ..providers.embeddings import Embedder, EmbeddingCache
from ..scoring.fusion import band
from ..text.sentences import split_answer
from .metrics import confusion, histogram
from .records import EvalRecord, QuestionAnswerDecomposer

__all__ = ["EvalResult", "evaluate_records", "sweep_bands"]

_HALLUCINATION_LABELS = ("Unwanted", "Questionable")


@dataclass(frozen=True)
class EvalResult:
    """One record's case and what the report needs from it."""

    record: EvalRecord
    case: CaseResult

    def claim_scores(self) -> list[tuple[float, int | None, int | None]]:
        """(score, start, end) of each assessed claim; failed cases have none."""
        return [
            (float(c.details.get("score", 0.0)), c.char_start, c.char_end)
            for c in self.case.claims
            if c.availability is AssessmentAvailability.ASSESSED
        ]


def _gold_sentences(record: EvalRecord) -> list[tuple[int, int, bool]]:
    bad = [
        (s, e) for s, e, label in record.spans if any(tag in label for tag in _HALLUCINATION_LABELS)
    ]
    out = []
    for sentence in split_answer(record.response):
        hit = any(s < sentence.end and e > sentence.start for s, e in bad)
        out.append((sentence.start, sentence.end, hit))
    return out


def _predicted_hallucinated(result: EvalResult, supported: float | None = None) -> bool:
    case = result.case
    if supported is None:
        return case.quality_gate is not QualityGate.PASS
    if case.availability is not AssessmentAvailability.ASSESSED:
        return case.quality_gate is not QualityGate.PASS
    scores = result.claim_scores()
    if not scores:
        return True
    nli_flags = any(
        c.assessment in (ClaimAssessment.CONTRADICTED, ClaimAssessment.CONFLICTING_SOURCES)
        for c in case.claims
    )
    return nli_flags or any(score < supported for score, _, _ in scores)


def _sentence_pairs(
    results: Sequence[EvalResult], supported: float | None
) -> list[tuple[bool, bool]]:
    pairs = []
    for r in results:
        if not r.record.spans and r.record.label == "hallucinated":
            continue  # no span labels: no sentence-level truth for this record
        gold = _gold_sentences(r.record)
        failed = r.case.availability is AssessmentAvailability.NOT_EVALUATED
        for start, end, is_bad in gold:
            if failed:
                predicted = True
            else:
                predicted = False
                for c in r.case.claims:
                    if c.availability is not AssessmentAvailability.ASSESSED:
                        continue
                    if c.char_start is None or c.char_end is None:
                        continue
                    if not (c.char_start < end and c.char_end > start):
                        continue
                    score = float(c.details.get("score", 0.0))
                    if supported is None:
                        bad = c.assessment is not ClaimAssessment.SUPPORTED
                    else:
                        bad = score < supported
                    predicted = predicted or bad
            pairs.append((predicted, is_bad))
    return pairs


def sweep_bands(results: Sequence[EvalResult], step: float = 0.01) -> dict[str, Any]:
    """Re-threshold stored scores over every allowed band setting; best response-level F1.

    Only the supported edge decides SUPPORTED (and so the gate); the partial edge
    only moves claims between the partial and unsupported bands.
    """
    grid = []
    lo = DEFAULT_BANDS["supported"] - BAND_OVERRIDE_BOUND
    hi = DEFAULT_BANDS["supported"] + BAND_OVERRIDE_BOUND
    for supported in np.arange(lo, hi + 1e-9, step):
        s = round(float(supported), 4)
        cm = confusion((_predicted_hallucinated(r, s), r.record.hallucinated) for r in results)
        grid.append({"supported": s, **cm.report()})
    best = max(grid, key=lambda g: (g["f1"], g["balanced_accuracy"]))
    best_ba = max(grid, key=lambda g: (g["balanced_accuracy"], g["f1"]))
    partial = min(DEFAULT_BANDS["partial"], round(best["supported"] - MIN_BAND_GAP, 4))
    partial = max(partial, DEFAULT_BANDS["partial"] - BAND_OVERRIDE_BOUND)
    return {
        "best_f1": {
            "bands": {"supported": best["supported"], "partial": partial},
            "response_level": {k: v for k, v in best.items() if k != "supported"},
        },
        "best_balanced_accuracy": {
            "bands": {"supported": best_ba["supported"]},
            "response_level": {k: v for k, v in best_ba.items() if k != "supported"},
        },
        "grid": grid,
    }


def evaluate_records(
    records: Sequence[EvalRecord],
    *,
    embedder: Embedder,
    config: VerifyConfig | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[list[EvalResult], dict[str, Any]]:
    """Verify every record and build the report (default figures, confusion, sweep)."""
    config = config or VerifyConfig()
    cache = EmbeddingCache()
    shared = CitationVerifier(embedder=embedder, config=config, cache=cache)
    started = time.perf_counter()
    cases: list[CaseResult | None] = [None] * len(records)
    plain = [i for i, r in enumerate(records) if not r.question]
    done = 0
    if plain:
        batch = shared.verify_batch(
            [
                {
                    "response": records[i].response,
                    "sources": list(records[i].sources),
                    "case_id": records[i].id,
                }
                for i in plain
            ],
            progress=(lambda d, t: progress(d, len(records))) if progress else None,
        )
        for i, case in zip(plain, batch, strict=True):
            cases[i] = case
        done = len(plain)
    for i, record in enumerate(records):
        if cases[i] is not None:
            continue
        verifier = CitationVerifier(
            embedder=embedder,
            config=config,
            cache=cache,
            decomposer=QuestionAnswerDecomposer(record.question or ""),
        )
        cases[i] = verifier.verify_case(record.response, list(record.sources), case_id=record.id)
        done += 1
        if progress is not None:
            progress(done, len(records))
    elapsed = time.perf_counter() - started
    results = [EvalResult(r, c) for r, c in zip(records, cases, strict=True) if c is not None]
    return results, build_report(results, config, elapsed)


def build_report(
    results: Sequence[EvalResult], config: VerifyConfig, elapsed_s: float
) -> dict[str, Any]:
    response_cm = confusion((_predicted_hallucinated(r), r.record.hallucinated) for r in results)
    sentence_pairs = _sentence_pairs(results, None)
    has_spans = any(r.record.spans for r in results)
    band_table: dict[str, dict[str, int]] = {
        b: {"hallucinated": 0, "supported": 0}
        for b in ("supported", "partial", "unsupported", "not_assessed")
    }
    dist: dict[str, list[float]] = {"hallucinated": [], "supported": []}
    for r in results:
        scores = [s for s, _, _ in r.claim_scores()]
        key = "hallucinated" if r.record.hallucinated else "supported"
        if r.case.availability is not AssessmentAvailability.ASSESSED or not scores:
            band_table["not_assessed"][key] += 1
            continue
        worst = min(scores)
        band_table[band(worst, config)][key] += 1
        dist[key].append(worst)
    gates: dict[str, int] = {}
    reasons: dict[str, int] = {}
    for r in results:
        gates[r.case.quality_gate.value] = gates.get(r.case.quality_gate.value, 0) + 1
        if r.case.reason is not None:
            reasons[r.case.reason.value] = reasons.get(r.case.reason.value, 0) + 1
    return {
        "records": len(results),
        "labels": {
            "hallucinated": sum(r.record.hallucinated for r in results),
            "supported": sum(not r.record.hallucinated for r in results),
        },
        "config": {
            "beta": config.beta,
            "bands": config.bands.model_dump(),
            "candidates_m": config.candidates_m,
            "span_granularity": config.span_granularity,
            "span_window": config.span_window,
        },
        "default": {
            "response_level": response_cm.report(),
            "sentence_level": confusion(sentence_pairs).report() if has_spans else None,
            "gates": gates,
            "case_reasons": reasons,
            "worst_band_by_label": band_table,
            "worst_score_histogram": {k: histogram(v) for k, v in dist.items()},
        },
        "band_sweep": sweep_bands(results),
        "seconds": round(elapsed_s, 2),
        "cases_per_second": round(len(results) / elapsed_s, 2) if elapsed_s else None,
    }
