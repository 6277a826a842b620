"""Cost of the opt-in conflict path: verify_case with and without detect_conflicts=True.

    .venv/bin/python -m benchmarks.bench_conflicts             # print
    .venv/bin/python -m benchmarks.bench_conflicts --write     # + docs/benchmarks/conflicts.json

Reference workload (../shared/bench/reference_workload.json), the default
verifier (packaged model, NumPy runtime), one interpreter: 5 warm-up calls per
path, then N calls per path interleaved (off, on, off, ...) so drift on a
shared machine falls on both alike; nearest-rank p50/p95. The seed's budget for
the opt-in path is +20 % p95 over the default path. Timing belongs here, never
in the test suite.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from datetime import UTC, datetime

from .bench_perf import ROOT, _workload, pct


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--warmup", type=int, default=5)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()

    from longtracer_core import CitationVerifier

    verifier = CitationVerifier()
    answer, sources = _workload()
    timings: dict[bool, list[float]] = {False: [], True: []}
    for flag in (False, True):
        for _ in range(args.warmup):
            verifier.verify_case(answer, sources, detect_conflicts=flag)
    conflicts = 0
    for _ in range(args.runs):
        for flag in (False, True):
            t = time.perf_counter()
            case = verifier.verify_case(answer, sources, detect_conflicts=flag)
            timings[flag].append((time.perf_counter() - t) * 1e3)
            if flag:
                conflicts = sum(c.assessment.value == "CONFLICTING_SOURCES" for c in case.claims)
    off95, on95 = pct(timings[False], 95), pct(timings[True], 95)
    result = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
        "runs": args.runs,
        "default_p50_ms": round(pct(timings[False], 50), 1),
        "default_p95_ms": round(off95, 1),
        "conflicts_p50_ms": round(pct(timings[True], 50), 1),
        "conflicts_p95_ms": round(on95, 1),
        "p95_overhead": round(on95 / off95 - 1.0, 3),
        "budget": 0.20,
        "conflicting_claims_found": conflicts,
    }
    print(json.dumps(result, indent=2))
    if args.write:
        out = ROOT / "docs" / "benchmarks" / "conflicts.json"
        out.write_text(json.dumps(result, indent=2) + "\n")
        print(f"written: {out}")


if __name__ == "__main__":
    main()
