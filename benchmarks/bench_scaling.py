"""How the engine's cost grows with its input: the sentence splitter on up to 2 MB of
prose, and every input family of tests/core/pipeline/test_complexity.py timed at n and 2n.

    .venv/bin/python -m benchmarks.bench_scaling [--write]

Prints the figures; ``--write`` records them in docs/benchmarks/scaling.json and in
the generated block of docs/benchmarks.md (§ 8). CPU time (``time.process_time``),
best of three runs. The families are timed because an operation count cannot see
inside one regular-expression call, where backtracking used to hide: a family
passes when doubling its input costs at most ``MAX_RATIO`` times the CPU time.
Not part of the test run (timing belongs in benchmarks, not assertions).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from longtracer_core.text.sentences import split_sentences
from tests.core.pipeline.test_complexity import FAMILIES

ROOT = Path(__file__).resolve().parents[1]
MB = 1_000_000
SIZES_MB = (0.1, 0.2, 0.4, 0.8, 1.6, 2.0)
FAMILY_SIZE = 20_000
MAX_RATIO = 3.0  # generous: CPU time is noisy on a shared machine
BEGIN, END = "<!-- scaling:begin -->", "<!-- scaling:end -->"


def corpus_prose() -> str:
    """The realistic corpus's source passages, one paragraph each (abbreviations, figures,
    units, quotes: the prose a splitter meets)."""
    texts: list[str] = []
    for path in sorted((ROOT / "tests" / "realistic").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            texts.extend(s["text"] for s in record["sources"])
    return "\n\n".join(dict.fromkeys(texts))


def prose_of(size: int, base: str) -> str:
    return (base * (size // len(base) + 1))[:size]


def cpu(fn: Callable[..., Any], *args: Any, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn(*args)
        best = min(best, time.process_time() - start)
    return best


def splitter_growth() -> list[dict[str, float]]:
    base = corpus_prose()
    rows = []
    for mb in SIZES_MB:
        text = prose_of(int(mb * MB), base)
        seconds = cpu(split_sentences, text)
        rows.append(
            {
                "mb": mb,
                "seconds": round(seconds, 3),
                "sentences": len(split_sentences(text)),
                "mb_per_s": round(mb / seconds, 2),
            }
        )
        print(f"split_sentences {mb:4.1f} MB: {seconds:6.3f} s ({mb / seconds:.2f} MB/s)")
    return rows


def family_ratios() -> list[dict[str, Any]]:
    rows = []
    for name in sorted(FAMILIES):
        fn, make = FAMILIES[name]
        small = cpu(fn, *make(FAMILY_SIZE))
        large = cpu(fn, *make(2 * FAMILY_SIZE))
        ratio = large / max(small, 1e-6)
        ok = ratio <= MAX_RATIO or large < 0.01  # below 10 ms the clock is the noise
        rows.append(
            {
                "family": name,
                "n_s": round(small, 4),
                "2n_s": round(large, 4),
                "ratio": round(ratio, 2),
                "ok": ok,
            }
        )
        print(f"{name:55s} {small:8.4f} s → {large:8.4f} s  ×{ratio:.2f} {'ok' if ok else 'SLOW'}")
    return rows


def markdown(growth: list[dict[str, float]], families: list[dict[str, Any]]) -> str:
    lines = [
        BEGIN,
        f"`split_sentences` on the realistic corpus's source passages, repeated to size "
        f"({platform.processor() or platform.machine()}, Python {platform.python_version()}, "
        "CPU time, best of 3):",
        "",
        "| MB | seconds | sentences | MB/s |",
        "|---:|---:|---:|---:|",
    ]
    lines += [
        f"| {r['mb']} | {r['seconds']} | {r['sentences']} | {r['mb_per_s']} |" for r in growth
    ]
    lines += [
        "",
        f"Every input family of `tests/core/pipeline/test_complexity.py` at {FAMILY_SIZE:,} and "
        f"{2 * FAMILY_SIZE:,} characters (a family passes at ≤ {MAX_RATIO}× per doubling):",
        "",
        "| family | n (s) | 2n (s) | ratio |",
        "|---|---:|---:|---:|",
    ]
    lines += [f"| {r['family']} | {r['n_s']} | {r['2n_s']} | {r['ratio']} |" for r in families]
    lines.append(END)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="record the figures in docs/")
    args = parser.parse_args(argv)
    growth = splitter_growth()
    families = family_ratios()
    if args.write:
        record = {
            "when": datetime.now(UTC).isoformat(timespec="seconds"),
            "python": platform.python_version(),
            "splitter": growth,
            "families": families,
        }
        out = ROOT / "docs" / "benchmarks" / "scaling.json"
        out.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
        doc = ROOT / "docs" / "benchmarks.md"
        text = doc.read_text(encoding="utf-8")
        start, end = text.index(BEGIN), text.index(END) + len(END)
        doc.write_text(text[:start] + markdown(growth, families) + text[end:], encoding="utf-8")
    return 0 if all(r["ok"] for r in families) else 1


if __name__ == "__main__":
    sys.exit(main())
