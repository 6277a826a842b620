"""The three outcomes, measured: what redact removes and flag marks, decisive precision, calibration.

    .venv/bin/python -m benchmarks.bench_outcomes [--write] [--part P ...] [--limit N]

1. The realistic corpus (``tests/realistic``, dev and test, hand-written and model-written
   answers reported apart, and the hand-written ones by author: ``others/`` holds answers
   written by authors who never saw the engine): faithful and wrong sentences removed under each strictness,
   flagged (refuted or uncertain), AUROC and ECE of ``p_wrong``, and the precision of each
   decisive finding kind (how often a sentence it refutes is really wrong).
2. The adversarial corpora (``tests/adversarial/data``): the share of cases of each expected
   class and variant that end refuted, uncertain or supported, per split.
3. The realistic answers whole: the seed's gate (PASS / FAIL) and the operators' reading
   (PASS / REVIEW / FAIL, ``contracts.case_reading``) of faithful answers and of answers
   with an error, per split.
4. FaithBench and HaluEval QA dev files from ``../shared/data`` (measurement only): for the
   seed matcher and the default engine side by side, the share of hallucinated and of
   supported answers with a refuted claim, and with a refuted or uncertain one.

Every figure comes from the default settings (the seed rows set ``score_model="seed-v1"``).
``--part`` measures some parts only (realistic, adversarial, labelled; default all);
``--write`` records them in docs/benchmarks/outcomes.json, keeping the other parts there.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections import Counter, defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from longtracer_core import CitationVerifier, VerifyConfig
from longtracer_core.contracts import CaseResult, ClaimOutcome
from longtracer_core.evaluation import load_corpus, load_records
from longtracer_core.evaluation.realistic_corpus import HUMAN, load_realistic
from longtracer_core.evaluation.realistic_eval import evaluate_realistic

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("LONGTRACER_SHARED", ROOT.parent / "shared"))
REALISTIC = ROOT / "tests" / "realistic"
OTHERS = REALISTIC / "others"  # hand-written answers by authors who never saw the engine
ADVERSARIAL = ROOT / "tests" / "adversarial" / "data"
DATA = ["faithbench_dev.jsonl", "halueval_qa_dev.jsonl"]
HEADLINE = (
    "faithful_removed_precise",
    "wrong_removed_precise",
    "faithful_removed_balanced",
    "wrong_removed_balanced",
    "faithful_removed_strict",
    "wrong_removed_strict",
    "faithful_flagged",
    "wrong_flagged",
    "auroc_p_wrong",
    "ece",
    "non_claims_flagged",
)


def worst(case: CaseResult) -> str:
    """The answer's strongest outcome: refuted over uncertain over supported."""
    outs = {c.outcome for c in case.claims if c.outcome is not None}
    for o in (ClaimOutcome.REFUTED, ClaimOutcome.UNCERTAIN, ClaimOutcome.SUPPORTED):
        if o in outs:
            return o.value
    return "none"


def realistic(verifier: CitationVerifier, limit: int | None) -> dict[str, Any]:
    """Per split, per writer: the outcome report of ``evaluation.outcome_metrics``; the
    hand-written answers also apart by author (the first authors' and ``others/``)."""
    records = load_realistic(REALISTIC)
    if limit:
        records = records[:limit]
    report = evaluate_realistic(records, verifier, with_misses=False)
    out: dict[str, Any] = {"seconds": report["seconds"], "answers": len(records)}
    for split in ("dev", "test"):
        part = report.get(split)
        if part is None:
            continue
        out[split] = {"all": part["outcomes"], **part["outcomes_by_writer"]}
    others = {r.id for r in load_realistic(OTHERS)}
    authors = {
        "first_authors": [r for r in records if r.writer == HUMAN and r.id not in others],
        "other_authors": [r for r in records if r.id in others],
    }
    for name, chosen in authors.items():
        by_author = evaluate_realistic(chosen, verifier, with_misses=False) if chosen else {}
        for split in ("dev", "test"):
            if split in by_author and split in out:
                out[split][name] = by_author[split]["outcomes"]
    return out


def answers(verifier: CitationVerifier, limit: int | None) -> dict[str, Any]:
    """Per split, per answer label: the share of answers at each gate and each reading."""
    records = load_realistic(REALISTIC)[:limit] if limit else load_realistic(REALISTIC)
    cases = verifier.verify_batch(
        [
            {"response": r.answer, "sources": r.engine_sources(), "question": r.question}
            for r in records
        ]
    )
    counts: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for r, case in zip(records, cases, strict=True):
        counts[(r.split, r.answer_label)]["gate " + case.quality_gate.value] += 1
        counts[(r.split, r.answer_label)]["reading " + case.reading.value] += 1
    out: dict[str, Any] = defaultdict(dict)
    for (split, label), n in sorted(counts.items()):
        total = sum(v for k, v in n.items() if k.startswith("gate "))
        out[split][label] = {"n": total, **{k: round(v / total, 3) for k, v in sorted(n.items())}}
    return dict(out)


def adversarial(verifier: CitationVerifier) -> dict[str, Any]:
    """Per corpus file, per (expected class or variant, split): the share of each outcome."""
    out: dict[str, Any] = {}
    for path in sorted(ADVERSARIAL.glob("*.jsonl")):
        cases = load_corpus(path)
        results = verifier.verify_batch(
            [
                {"response": c["claim"], "sources": list(c["evidence"]), "case_id": c["id"]}
                for c in cases
            ]
        )
        groups: dict[str, Counter[str]] = defaultdict(Counter)
        for c, r in zip(cases, results, strict=True):
            groups[f"{c.get('variant') or c['expected']}/{c.get('split', 'all')}"][worst(r)] += 1
        out[path.stem] = {
            key: {
                "n": sum(n.values()),
                **{o: round(k / sum(n.values()), 3) for o, k in sorted(n.items())},
            }
            for key, n in sorted(groups.items())
        }
    return out


def labelled(config: VerifyConfig) -> dict[str, Any]:
    """FaithBench and HaluEval QA: refuted / flagged shares by the answer's label."""
    verifier = CitationVerifier(config=config)
    out: dict[str, Any] = {}
    for name in DATA:
        records = load_records(SHARED / "data" / name)
        cases = verifier.verify_batch(
            [
                {
                    "response": r.response,
                    "sources": list(r.sources),
                    "case_id": r.id,
                    "question": r.question,
                }
                for r in records
            ]
        )
        by: dict[str, Counter[str]] = defaultdict(Counter)
        for r, case in zip(records, cases, strict=True):
            by[r.label][worst(case)] += 1
        row: dict[str, Any] = {}
        for label, n in sorted(by.items()):
            total = sum(n.values())
            row[label] = {
                "n": total,
                "refuted": round(n["REFUTED"] / total, 3),
                "refuted_or_uncertain": round((n["REFUTED"] + n["UNCERTAIN"]) / total, 3),
            }
        out[name.removesuffix(".jsonl")] = row
    return out


def show(results: dict[str, Any]) -> None:
    """Print the headline figures."""
    for split in ("dev", "test"):
        for writer, rep in results.get("realistic", {}).get(split, {}).items():
            figures = " ".join(f"{k}={rep.get(k)}" for k in HEADLINE)
            print(f"realistic {split} {writer} (f={rep['faithful']}, e={rep['errors']}): {figures}")
            for kind, row in rep["findings"].items():
                print(f"    {kind}: {row}")
    for split, labels in results.get("answers", {}).items():
        for label, row in labels.items():
            print(f"answers {split} {label}: {row}")
    for name, groups in results.get("adversarial", {}).items():
        for key, row in groups.items():
            print(f"adversarial {name} {key}: {row}")
    for model, data in results.get("labelled", {}).items():
        for name, row in data.items():
            print(f"{name} {model}: {row}")


PARTS = ("realistic", "answers", "adversarial", "labelled")


def measure(part: str, limit: int | None) -> dict[str, Any]:
    """One part's figures, timed."""
    started = time.perf_counter()
    if part == "realistic":
        out = realistic(CitationVerifier(), limit)
    elif part == "answers":
        out = answers(CitationVerifier(), limit)
    elif part == "adversarial":
        out = adversarial(CitationVerifier())
    else:
        out = {
            "seed-v1": labelled(VerifyConfig(score_model="seed-v1")),
            "default": labelled(VerifyConfig()),
        }
    print(f"{part}: {time.perf_counter() - started:.0f} s", flush=True)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="record docs/benchmarks/outcomes.json")
    ap.add_argument("--part", action="append", choices=PARTS, help="measure only these parts")
    ap.add_argument("--limit", type=int, default=None, help="the first N realistic answers")
    args = ap.parse_args()
    results: dict[str, Any] = {part: measure(part, args.limit) for part in args.part or PARTS}
    show(results)
    if args.write:
        path = ROOT / "docs" / "benchmarks" / "outcomes.json"
        kept = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        today = datetime.now(UTC).date().isoformat()
        kept = {k: v for k, v in kept.items() if "/" not in k}  # an old run's joined dates
        kept.update(results, command="python -m benchmarks.bench_outcomes --write [--part P]")
        kept.update({f"{part}_date": today for part in results})  # the day each part was run
        path.write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
