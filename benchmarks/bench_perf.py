"""Performance of verify_case on the reference workload, at scale, and against LongTracer 0.3.1.

    .venv/bin/python -m benchmarks.bench_perf                # ours: workload + scale runs
    .venv/bin/python -m benchmarks.bench_perf --compare      # + longtracer 0.3.1, alternating
    .venv/bin/python -m benchmarks.bench_perf --write        # record in docs/benchmarks/

Methodology mirrors ../shared/bench/longtracer-baseline/longtracer_baseline.py:
each measurement runs in a FRESH interpreter (peak RSS per mode), 5 discarded
warm-up calls, then N timed calls; nearest-rank p50/p95. ``--rounds R`` repeats
each mode in R fresh processes, modes interleaved (ours, theirs, ours, ...), and
reports medians. Timing belongs here, never in the test suite.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("LONGTRACER_SHARED", ROOT.parent / "shared"))
WORKLOAD = SHARED / "bench" / "reference_workload.json"
BASELINE = SHARED / "bench" / "longtracer-baseline" / "longtracer_baseline.py"


def pct(values: list[float], p: float) -> float:
    """Nearest-rank percentile (as the baseline script computes it)."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, math.ceil(p / 100.0 * len(ordered)) - 1))
    return ordered[k]


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def _workload() -> tuple[str, list[dict]]:
    wl = json.loads(WORKLOAD.read_text())
    return wl["answer"], [{"source_id": s["source_id"], "text": s["text"]} for s in wl["sources"]]


# -- children (run in fresh interpreters) ------------------------------------------------


def child_case(runs: int, warmup: int, backend: str) -> dict:
    t0 = time.perf_counter()
    from longtracer_core import CitationVerifier, SentenceTransformerEmbedder

    t_import = time.perf_counter()
    embedder = SentenceTransformerEmbedder(backend=backend)  # type: ignore[arg-type]
    embedder.load()
    t_load = time.perf_counter()
    verifier = CitationVerifier(embedder=embedder)
    answer, sources = _workload()
    t = time.perf_counter()
    first = verifier.verify_case(answer, sources)
    cold_ms = (time.perf_counter() - t) * 1e3
    for _ in range(warmup):
        verifier.verify_case(answer, sources)
    timings = []
    for _ in range(runs):
        t = time.perf_counter()
        case = verifier.verify_case(answer, sources)
        timings.append((time.perf_counter() - t) * 1e3)
    return {
        "mode": f"ours:{backend}",
        "import_s": t_import - t0,
        "model_load_s": t_load - t_import,
        "cold_first_case_ms": cold_ms,
        "p50_ms": pct(timings, 50),
        "p95_ms": pct(timings, 95),
        "mean_ms": statistics.fmean(timings),
        "peak_rss_mb": peak_rss_mb(),
        "timings_ms": [round(x, 2) for x in timings],
        "assessments": [c.assessment.value for c in case.claims],
        "first_gate": first.quality_gate.value,
    }


def _synthetic(n_claims: int, n_spans: int, seed: int = 0) -> tuple[str, list[str]]:
    """An answer of n_claims sentences over sources holding n_spans sentences, 5 per source."""
    rng = random.Random(seed)
    _, sources = _workload()
    base_sentences = [s for src in sources for s in src["text"].split(". ") if s]
    words = " ".join(src["text"] for src in sources).split()
    sentences = []
    for i in range(n_spans):
        if i < len(base_sentences):
            sentences.append(base_sentences[i].rstrip(".") + ".")
        else:
            sentences.append(
                " ".join(rng.choice(words) for _ in range(rng.randint(10, 22)))
                .capitalize()
                .rstrip(".")
                + "."
            )
    docs = [" ".join(sentences[i : i + 5]) for i in range(0, n_spans, 5)]
    claims = []
    for i in range(n_claims):
        if i % 2 == 0:
            claims.append(rng.choice(sentences))
        else:
            claims.append(
                " ".join(rng.choice(words) for _ in range(rng.randint(8, 18)))
                .capitalize()
                .rstrip(".")
                + "."
            )
    return " ".join(claims), docs


def child_scale(runs: int) -> dict:
    from longtracer_core import CitationVerifier

    verifier = CitationVerifier()
    verifier.embedder.embed(["warm up"])  # type: ignore[attr-defined]
    out: dict = {"mode": "scale"}
    for n_claims, n_spans in ((32, 50), (100, 500)):
        answer, docs = _synthetic(n_claims, n_spans)
        t = time.perf_counter()
        case = verifier.verify_case(answer, docs)
        cold = (time.perf_counter() - t) * 1e3
        timings = []
        for _ in range(runs):
            t = time.perf_counter()
            verifier.verify_case(answer, docs)
            timings.append((time.perf_counter() - t) * 1e3)
        out[f"{n_claims}x{n_spans}"] = {
            "claims": len(case.claims),
            "source_sentences": n_spans,
            "cold_ms": cold,
            "p50_ms": pct(timings, 50),
            "p95_ms": pct(timings, 95),
        }
    # 1,000 cases through the batch path: 125 distinct 8-claim answers over 25 source sets
    answer, sources = _workload()
    items = []
    rng = random.Random(1)
    sentences = [s for src in sources for s in src["text"].split(". ")]
    for i in range(1000):
        picked = rng.sample(sentences, 6)
        text = " ".join(s.rstrip(".") + "." for s in picked)
        items.append({"response": text, "sources": sources, "case_id": f"b{i}"})
    t = time.perf_counter()
    cases = verifier.verify_batch(items)
    elapsed = time.perf_counter() - t
    out["batch_1000"] = {
        "cases": len(cases),
        "seconds": elapsed,
        "cases_per_s": len(cases) / elapsed,
        "claims": sum(len(c.claims) for c in cases),
    }
    out["peak_rss_mb"] = peak_rss_mb()
    return out


def child_profile() -> dict:
    import cProfile
    import io
    import pstats

    from longtracer_core import CitationVerifier

    verifier = CitationVerifier()
    answer, sources = _workload()
    for _ in range(5):
        verifier.verify_case(answer, sources)
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(50):
        verifier.verify_case(answer, sources)
    prof.disable()
    buf = io.StringIO()
    stats = pstats.Stats(prof, stream=buf)
    total = sum(v[3] for k, v in stats.stats.items() if k[2] == "verify_case") or 1.0
    groups = {
        "embedding: encode() incl. tokenisation": ("minilm.py", "encode"),
        "  of which the BERT forward pass": ("minilm.py", "_forward"),
        "decomposition": ("rules.py", "decompose"),
        "coverage check": ("coverage.py", "enforce_coverage"),
        "plan (spans, IDF)": ("matching.py", "build_plan"),
        "matching (top-m, lex, numeric)": ("matching.py", "match_claims"),
        "assessment + CaseResult": ("verifier.py", "_finish"),
        "trace": ("verifier.py", "_trace"),
    }
    shares = {}
    for label, (file, func) in groups.items():
        cum = sum(v[3] for k, v in stats.stats.items() if k[0].endswith(file) and k[2] == func)
        shares[label] = round(100 * cum / total, 1)
    stats.sort_stats("cumulative").print_stats(20)
    return {
        "mode": "profile",
        "share_of_verify_case_pct": shares,
        "per_call_ms": 1000 * total / 50,
        "top": buf.getvalue()[-6000:],
    }


# -- parent ---------------------------------------------------------------------------------


def _spawn(args: list[str]) -> dict:
    cmd = [sys.executable, "-m", "benchmarks.bench_perf", *args]
    proc = subprocess.run(
        cmd,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"},
    )
    line = next((ln for ln in proc.stdout.splitlines()[::-1] if ln.startswith("RESULT ")), None)
    if proc.returncode != 0 or line is None:
        raise SystemExit(proc.stdout[-3000:] + proc.stderr[-3000:])
    return json.loads(line[7:])


def _baseline(runs: int) -> dict:
    python = Path(os.environ.get("LT_VENV", "/tmp/vlt")) / "bin" / "python"
    if not python.exists():
        raise SystemExit(
            f"{python} missing: run bash {BASELINE.parent}/setup_longtracer_baseline.sh"
        )
    out = Path("/tmp/lt_baseline_once.json")
    proc = subprocess.run(
        [str(python), str(BASELINE), "--modes", "case", "--runs", str(runs), "--json", str(out)],
        capture_output=True,
        text=True,
        env={
            **os.environ,
            "HF_HOME": os.environ.get("LT_HF_HOME", "/tmp/lt_hf"),
            "HF_HUB_OFFLINE": "1",
        },
    )
    if proc.returncode != 0:
        raise SystemExit(proc.stdout[-3000:] + proc.stderr[-3000:])
    data = json.loads(out.read_text())
    res = data["results"][0]
    return {
        "mode": "longtracer-0.3.1:verify_case",
        **{k: res[k] for k in ("model_load_s", "p50_ms", "p95_ms", "mean_ms", "peak_rss_mb")},
        "environment": res["environment"],
    }


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--runs", type=int, default=50)
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--compare", action="store_true", help="also run longtracer 0.3.1")
    ap.add_argument("--write", action="store_true", help="write docs/benchmarks/perf.json")
    ap.add_argument("--_child", help=argparse.SUPPRESS)
    ap.add_argument("--backend", default="auto")
    args = ap.parse_args()
    if args._child == "case":
        print("RESULT " + json.dumps(child_case(args.runs, args.warmup, args.backend)))
        return 0
    if args._child == "scale":
        print("RESULT " + json.dumps(child_scale(max(5, args.runs // 10))))
        return 0
    if args._child == "profile":
        print("RESULT " + json.dumps(child_profile()))
        return 0

    results: list[dict] = []
    for r in range(args.rounds):
        for backend in ("numpy", "torch"):
            res = _spawn(
                [
                    "--_child",
                    "case",
                    "--runs",
                    str(args.runs),
                    "--warmup",
                    str(args.warmup),
                    "--backend",
                    backend,
                ]
            )
            res["round"] = r + 1
            results.append(res)
            print(
                f"round {r + 1} ours ({backend:5}) p50 {res['p50_ms']:6.1f} ms  p95 "
                f"{res['p95_ms']:6.1f} ms  RSS {res['peak_rss_mb']:5.0f} MB  load "
                f"{res['model_load_s']:.2f}s  cold {res['cold_first_case_ms']:.0f} ms",
                flush=True,
            )
        if args.compare:
            res = _baseline(args.runs)
            res["round"] = r + 1
            results.append(res)
            print(
                f"round {r + 1} longtracer 0.3.1  p50 {res['p50_ms']:6.1f} ms  p95 "
                f"{res['p95_ms']:6.1f} ms  RSS {res['peak_rss_mb']:5.0f} MB  load "
                f"{res['model_load_s']:.2f}s",
                flush=True,
            )
    scale = _spawn(["--_child", "scale", "--runs", str(args.runs)])
    print("scale:", json.dumps({k: v for k, v in scale.items() if k != "mode"}, indent=1))
    profile = _spawn(["--_child", "profile"])
    print("where the time goes (% of verify_case):", profile["share_of_verify_case_pct"])
    summary: dict = {}
    for mode in sorted({r["mode"] for r in results}):
        rows = [r for r in results if r["mode"] == mode]
        summary[mode] = {
            k: statistics.median(r[k] for r in rows)
            for k in ("p50_ms", "p95_ms", "peak_rss_mb", "model_load_s")
        }
        if "cold_first_case_ms" in rows[0]:
            summary[mode]["cold_first_case_ms"] = statistics.median(
                r["cold_first_case_ms"] for r in rows
            )
    lt = summary.get("longtracer-0.3.1:verify_case")
    if lt:
        for mode, row in summary.items():
            if mode.startswith("ours"):
                row["p95_ratio_vs_longtracer"] = row["p95_ms"] / lt["p95_ms"]
                row["rss_ratio_vs_longtracer"] = row["peak_rss_mb"] / lt["peak_rss_mb"]
    print("summary (medians over rounds):", json.dumps(summary, indent=1))
    report = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {
            "cpu": _cpu(),
            "logical_cpus": os.cpu_count(),
            "python": platform.python_version(),
            "loadavg": os.getloadavg(),
        },
        "runs": args.runs,
        "warmup": args.warmup,
        "rounds": args.rounds,
        "summary": summary,
        "scale": scale,
        "profile": profile["share_of_verify_case_pct"],
        "profile_per_call_ms": profile["per_call_ms"],
        "results": results,
    }
    if args.write:
        out = ROOT / "docs" / "benchmarks" / "perf.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=2) + "\n")
        print(f"wrote {out}")
    return 0


def _cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


if __name__ == "__main__":
    raise SystemExit(main())
