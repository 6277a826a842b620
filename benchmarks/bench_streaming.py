"""Streaming a guarded answer: buffered vs sentence mode, time to first character and overhead.

    .venv/bin/python -m benchmarks.bench_streaming            # print the table
    .venv/bin/python -m benchmarks.bench_streaming --write    # also docs/benchmarks/streaming.json
    .venv/bin/python -m benchmarks.bench_streaming --warm-sources --write  # sources cached
    OPENBLAS_NUM_THREADS=1 .venv/bin/python -m benchmarks.bench_streaming --write \
        --out docs/benchmarks/streaming_blas1.json                      # one BLAS thread

The reference workload's answer (8 claims, 5 sources) is streamed word by word
(a word with its trailing space stands for a token) from a fake model at
``--rate`` tokens per second into ``fake_model | GroundingGuard(...)``, with
the default verifier (bundled model, NumPy runtime) and a cold span-embedding
cache per run, so every run embeds the sources as a new query would. Each run
records when the model wrote its first and last token and when the consumer
got its first character and the end of the stream. Modes alternate, runs
repeat ``--runs`` times; medians are reported. Timing belongs here, never in
the test suite.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import regex

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("LONGTRACER_SHARED", ROOT.parent / "shared"))
WORKLOAD = SHARED / "bench" / "reference_workload.json"
OUT = ROOT / "docs" / "benchmarks" / "streaming.json"
OUT_WARM = ROOT / "docs" / "benchmarks" / "streaming_warm_sources.json"


def _workload() -> tuple[str, list[dict[str, str]]]:
    wl = json.loads(WORKLOAD.read_text())
    return wl["answer"], [{"source_id": s["source_id"], "text": s["text"]} for s in wl["sources"]]


def one_run(
    mode: str, policy: str, answer: str, sources: list[Any], rate: float, cache: Any
) -> dict[str, Any]:
    from langchain_core.runnables import RunnableGenerator

    from longtracer_core import CitationVerifier, EmbeddingCache
    from longtracer_integrations.langchain import GroundingGuard

    verifier = CitationVerifier(embedder=EMBEDDER, cache=cache or EmbeddingCache())
    guard = GroundingGuard(verifier=verifier, policy=policy, stream_mode=mode)
    tokens = regex.findall(r"\S+\s*", answer)
    marks: dict[str, float] = {}

    def model(_: Any) -> Iterator[str]:
        # token i arrives at start + i / rate whatever the consumer does (as from a server
        # that keeps generating); a consumer busy verifying finds the tokens waiting
        start = marks["start"] = time.perf_counter()
        for i, token in enumerate(tokens):
            time.sleep(max(0.0, start + i / rate - time.perf_counter()))
            yield token
        marks["last_token"] = max(time.perf_counter(), start + (len(tokens) - 1) / rate)

    chain = RunnableGenerator(model) | guard
    cpu0 = time.process_time()
    out = []
    first_char = None
    config = {"configurable": {"grounding_sources": sources}}
    for chunk in chain.stream(None, config):
        if chunk and first_char is None:
            first_char = time.perf_counter()
        out.append(chunk)
    end = time.perf_counter()
    cpu = time.process_time() - cpu0
    assert first_char is not None
    return {
        "tokens": len(tokens),
        "ttfc_s": first_char - marks["start"],
        "generation_s": (len(tokens) - 1) / rate,
        "overhead_after_last_token_s": end - (marks["start"] + (len(tokens) - 1) / rate),
        "chunks": len(out),
        "cpu_s": cpu,
        "text": "".join(out),
    }


EMBEDDER: Any = None


def main() -> int:
    global EMBEDDER
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rate", type=float, default=30.0)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--out", type=Path, help="where --write writes (default by --warm-sources)")
    parser.add_argument(
        "--warm-sources",
        action="store_true",
        help="span embeddings already cached (the same documents retrieved before)",
    )
    args = parser.parse_args()
    from longtracer_core import CitationVerifier, EmbeddingCache, SentenceTransformerEmbedder

    answer, sources = _workload()
    EMBEDDER = SentenceTransformerEmbedder()
    shared = EmbeddingCache() if args.warm_sources else None
    CitationVerifier(embedder=EMBEDDER, cache=shared).verify_case(answer, sources)  # load once
    results: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for _ in range(args.runs):
        for policy in ("redact", "flag"):
            for mode in ("buffered", "sentence"):
                run = one_run(mode, policy, answer, sources, args.rate, shared)
                results.setdefault(policy, {}).setdefault(mode, []).append(run)
    summary: dict[str, Any] = {}
    n_tokens = len(regex.findall(r"\S+\s*", answer))
    print(f"{n_tokens} tokens at {args.rate:g} tokens/s, {args.runs} runs per mode, medians")
    print(
        "| policy | mode | first character s | generation s | overhead after last token "
        "| chunks | CPU s |"
    )
    print("|---|---|---|---|---|---|---|")
    for policy, modes in results.items():
        texts = {m: {r["text"] for r in runs} for m, runs in modes.items()}
        assert texts["buffered"] == texts["sentence"], "sentence mode changed the text"
        for mode, runs in modes.items():
            row = {
                key: statistics.median(r[key] for r in runs)
                for key in (
                    "ttfc_s",
                    "generation_s",
                    "overhead_after_last_token_s",
                    "chunks",
                    "cpu_s",
                )
            }
            summary.setdefault(policy, {})[mode] = row
            print(
                f"| {policy} | {mode} | {row['ttfc_s']:.2f} | {row['generation_s']:.2f} | "
                f"{row['overhead_after_last_token_s'] * 1000:.0f} ms | {row['chunks']:.0f} | "
                f"{row['cpu_s']:.2f} |"
            )
    if args.write:
        record = {
            "when": datetime.now(UTC).isoformat(timespec="seconds"),
            "machine": f"{platform.machine()} {os.cpu_count()} cores",
            "load_average_1m_at_end": os.getloadavg()[0],
            "rate_tokens_per_s": args.rate,
            "runs": args.runs,
            "workload": "shared/bench/reference_workload.json",
            "sources": "span embeddings cached" if args.warm_sources else "cold cache per run",
            "openblas_num_threads": os.environ.get("OPENBLAS_NUM_THREADS"),
            "results": summary,
        }
        out = (args.out or (OUT_WARM if args.warm_sources else OUT)).resolve()
        out.write_text(json.dumps(record, indent=2) + "\n")
        print(f"wrote {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
