"""Error rates: adversarial corpora and the labelled dev data, per span granularity.

    .venv/bin/python -m benchmarks.bench_quality [--write]

For each granularity (sentence; windows of up to 2 and 3 sentences; whole
passages) it measures the adversarial classes and runs the evaluation on
../shared/data/faithbench_dev.jsonl and halueval_qa_dev.jsonl, on otherwise
default settings. ``--write`` records everything in docs/benchmarks/quality.json.
The default granularity was chosen from these figures (docs/design/decisions.md).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from datetime import UTC, datetime
from pathlib import Path

from longtracer_core import CitationVerifier, SentenceTransformerEmbedder, VerifyConfig
from longtracer_core.evaluation import evaluate_records, load_corpus, load_records, measure_corpus

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("LONGTRACER_SHARED", ROOT.parent / "shared"))
CORPUS = ROOT / "tests" / "adversarial" / "data"
DATA = ["faithbench_dev.jsonl", "halueval_qa_dev.jsonl"]
SETTINGS = [("sentence", 2), ("window", 2), ("window", 3), ("passage", 2)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--only-default", action="store_true", help="just the default config")
    args = ap.parse_args()
    embedder = SentenceTransformerEmbedder()
    settings = [("window", 3)] if args.only_default else SETTINGS
    out: dict = {"date": datetime.now(UTC).isoformat(timespec="seconds"), "runs": {}}
    for granularity, window in settings:
        name = granularity if granularity != "window" else f"window{window}"
        config = VerifyConfig(span_granularity=granularity, span_window=window)
        verifier = CitationVerifier(embedder=embedder, config=config)
        row: dict = {"adversarial": {}, "data": {}}
        for path in sorted(CORPUS.glob("*.jsonl")):
            rep = measure_corpus(load_corpus(path), verifier)
            row["adversarial"][path.stem] = {
                k: {m: v[m] for m in ("cases", "bands", "in_expected_band", "gate_as_expected")}
                for k, v in rep.items()
            }
        for data in DATA:
            t = time.perf_counter()
            _, report = evaluate_records(
                load_records(SHARED / "data" / data), embedder=embedder, config=config
            )
            sweep = report["band_sweep"]
            row["data"][data] = {
                "default": {
                    k: report["default"][k]
                    for k in (
                        "response_level",
                        "sentence_level",
                        "gates",
                        "worst_band_by_label",
                        "worst_score_histogram",
                    )
                },
                "best_in_bounds": {
                    "best_f1": sweep["best_f1"],
                    "best_balanced_accuracy": sweep["best_balanced_accuracy"],
                },
                "seconds": round(time.perf_counter() - t, 1),
            }
        out["runs"][name] = row
        adv = row["adversarial"]
        print(
            name,
            "| number",
            adv["number_swap"]["all"]["in_expected_band"],
            "| topical band",
            adv["topical_fabrication"]["all"]["in_expected_band"],
            "gate",
            adv["topical_fabrication"]["all"]["gate_as_expected"],
            "| paraphrase",
            adv["paraphrase"]["all"]["in_expected_band"],
            "| entity band",
            adv["entity_swap"]["all"]["in_expected_band"],
            "gate",
            adv["entity_swap"]["all"]["gate_as_expected"],
            "| FB BA",
            row["data"]["faithbench_dev.jsonl"]["default"]["response_level"]["balanced_accuracy"],
            "| HE acc",
            row["data"]["halueval_qa_dev.jsonl"]["default"]["response_level"]["accuracy"],
            flush=True,
        )
    if args.write:
        path = ROOT / "docs" / "benchmarks" / "quality.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(out, indent=2) + "\n")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
