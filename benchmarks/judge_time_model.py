"""Where a local judge's seconds go: a fit over the recorded runs of both judge benchmarks.

    .venv/bin/python -m benchmarks.judge_time_model

Reads every answer of ``docs/benchmarks/judge_modes_runs.jsonl``,
``docs/benchmarks/judge_reply_runs.jsonl`` and ``docs/benchmarks/judge_compact_runs.jsonl``
(the Qwen2.5-Coder-1.5B judge on one CPU thread, llama-cpp-python's server) and fits, by
least squares,

    judge seconds ≈ a · prompt tokens + b · completion tokens + c · model requests

then prints, per mode, the mean tokens and seconds and the part the fit gives the prompt
and the completion, and what per-answer mode would need to take a third of per-claim
mode's time. Nothing is measured here: it reads the runs the benchmarks recorded.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
RUNS = [
    ROOT / "docs" / "benchmarks" / "judge_modes_runs.jsonl",
    ROOT / "docs" / "benchmarks" / "judge_reply_runs.jsonl",
    ROOT / "docs" / "benchmarks" / "judge_compact_runs.jsonl",
]


def _runs() -> list[dict]:
    rows = []
    for path in RUNS:
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row.get("tokens") and row.get("model_requests"):
                rows.append(row)
    return rows


def main() -> None:
    rows = _runs()
    x = np.array(
        [
            [r["tokens"]["prompt_tokens"], r["tokens"]["completion_tokens"], r["model_requests"]]
            for r in rows
        ],
        dtype=float,
    )
    y = np.array([r["judge_seconds"] for r in rows])
    (a, b, c), *_ = np.linalg.lstsq(x, y, rcond=None)
    resid = y - x @ np.array([a, b, c])
    r2 = 1 - float(resid @ resid) / float(((y - y.mean()) ** 2).sum())
    print(f"{len(rows)} answers: {a:.4f} s per prompt token, {b:.4f} s per completion token,")
    print(f"{c:+.2f} s per request (prompt cache reuse between requests), R² {r2:.2f}")
    means = {}
    for mode in sorted({r["mode"] for r in rows}):
        m = np.array([[*x[i], y[i]] for i, r in enumerate(rows) if r["mode"] == mode])
        p, comp, req, sec = m.mean(axis=0)
        means[mode] = sec
        print(
            f"{mode:22s} n={len(m):3d} prompt {p:6.0f} completion {comp:5.0f} requests {req:4.2f}"
            f"  seconds {sec:5.1f} (fit: prompt {a * p:4.1f}, completion {b * comp:4.1f})"
        )
    if "per_claim" in means:
        print(f"a third of per-claim mode: {means['per_claim'] / 3:.1f} s per answer")


if __name__ == "__main__":
    main()
