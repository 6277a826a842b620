"""Matcher throughput: pairs scored per second, and word segmentation speed.

    .venv/bin/python -m benchmarks.bench_matcher [--claims 100 --spans 500]

Prints the figures; ``--write`` also records them in docs/benchmarks/matcher.json.
Not part of the test run (timing belongs in benchmarks, not assertions).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from longtracer_core import VerifyConfig
from longtracer_core.scoring import Span, build_plan, match_claims, word_segments

ROOT = Path(__file__).resolve().parents[1]
VOCAB = [
    "the",
    "of",
    "and",
    "in",
    "to",
    "a",
    "is",
    "was",
    "for",
    "on",
    "with",
    "as",
    "by",
    "at",
    "from",
    "telescope",
    "mirror",
    "orbit",
    "launch",
    "infrared",
    "sunshield",
    "segment",
    "rocket",
    "agency",
    "galaxy",
    "planet",
    "atmosphere",
    "water",
    "carbon",
    "dioxide",
    "instrument",
    "cooled",
    "kelvin",
    "metres",
    "million",
    "kilometres",
    "images",
    "released",
    "observatory",
    "science",
    "beryllium",
    "gold",
    "hexagonal",
    "layer",
    "tennis",
    "court",
    "cryocooler",
    "wavelength",
    "micrometre",
]


def _sentence(rng: random.Random) -> str:
    words = [rng.choice(VOCAB) for _ in range(rng.randint(8, 22))]
    if rng.random() < 0.5:
        words.insert(rng.randrange(len(words)), str(rng.randint(1, 3000)))
    return " ".join(words).capitalize() + "."


def bench_pairs(n_claims: int, n_spans: int, m: int, repeats: int = 5) -> dict[str, float]:
    rng = random.Random(0)
    claims = [_sentence(rng) for _ in range(n_claims)]
    spans = [
        Span(f"s{i}", f"src{i // 5}", t, 0, len(t))
        for i, t in enumerate(_sentence(rng) for _ in range(n_spans))
    ]
    cfg = VerifyConfig()
    cos = np.random.default_rng(0).uniform(-0.1, 1.0, size=(n_claims, n_spans))
    t0 = time.perf_counter()
    plan = build_plan(spans)
    plan_s = time.perf_counter() - t0
    timings = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        match_claims(claims, cos, plan, [()] * n_claims, cfg, candidates_m=m)
        timings.append(time.perf_counter() - t0)
    best = min(timings)
    pairs = n_claims * min(m, n_spans)
    return {
        "claims": n_claims,
        "spans": n_spans,
        "candidates_m": m,
        "pairs": pairs,
        "plan_build_ms": plan_s * 1e3,
        "match_ms": best * 1e3,
        "pairs_per_s": pairs / best,
    }


def bench_segments(repeats: int = 5) -> dict[str, float]:
    rng = random.Random(1)
    text = " ".join(_sentence(rng) for _ in range(2000))
    timings = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        word_segments(text)
        timings.append(time.perf_counter() - t0)
    return {"chars": len(text), "chars_per_s": len(text) / min(timings)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--claims", type=int, default=100)
    parser.add_argument("--spans", type=int, default=500)
    parser.add_argument("--write", action="store_true", help="record in docs/benchmarks/")
    args = parser.parse_args()
    results = {
        "date": datetime.now(UTC).date().isoformat(),
        "machine": f"{platform.machine()} {platform.processor() or ''} python {platform.python_version()}",
        "candidate_path": bench_pairs(args.claims, args.spans, m=8),
        "all_pairs": bench_pairs(args.claims, args.spans, m=args.spans, repeats=2),
        "word_segments": bench_segments(),
    }
    print(json.dumps(results, indent=2))
    if args.write:
        out = ROOT / "docs" / "benchmarks" / "matcher.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
