"""Per-claim vs per-answer judge requests on the realistic corpus, with a real model.

Used by ``benchmarks/bench_judge.py modes`` (run) and ``modes-report`` (figures).

The run asks the judge about every realistic answer twice, once per mode
(``JudgeConfig.requests``), the order alternating between answers, with no
verdict cache shared between modes and one server per mode (each mode's requests
follow its own, as in steady use, so a server's prompt cache holds that mode's
system prompt). Each (answer, mode) is one line of a JSONL
progress file as soon as it is done, so a stopped run resumes where it was;
a line is asked again only when the claims the engine escalates for it have
changed (the engine moved on). A line holds what the model was asked and said
(for replay), the judge stage's wall time, its model requests and tokens.

The report replays the stored verdicts through the current engine (no model
needed), so the sentence figures always follow the engine as it is: faithful
sentences removed (redact, default strictness: refuted claims only) and
flagged (removed or marked unverified), wrong sentences removed and flagged,
the engine without a judge beside both modes, and the agreement of the two
modes claim by claim (the judge's label, the claim's outcome). Intervals are 95 %
bootstrap intervals over answers (2,000 resamples, fixed seed); ratios of the
two modes are paired over the same answers.
"""

from __future__ import annotations

import itertools
import json
import os
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from longtracer_core import CitationVerifier, JudgeConfig, VerifyConfig
from longtracer_core.evaluation.realistic_corpus import RealisticRecord, load_realistic
from longtracer_core.evaluation.realistic_eval import sentence_outcomes
from longtracer_core.judge import Finding, Judge, JudgeRequest, JudgeVerdict
from longtracer_core.pipeline.escalation import escalates, judge_request
from longtracer_core.pipeline.prepare import spans_of
from longtracer_core.pipeline.sources import normalize_sources

# a run's modes: how claims are sent (JudgeConfig.requests) and what the model writes per
# claim (LLMJudge reply); the ratios and agreements compare each mode with BASELINE
MODES: dict[str, tuple[str, str]] = {
    "per_answer": ("per_answer", "quote"),
    "per_claim": ("per_claim", "quote"),
    "per_answer_sentence": ("per_answer", "sentence"),
    "per_answer_compact": ("per_answer", "compact"),
}
BASELINE = "per_claim"
SEED = 20240601
RESAMPLES = 2000


# ---------------------------------------------------------------------- data
def corpus(root: Path, splits: Sequence[str], limit: int | None) -> list[RealisticRecord]:
    """The realistic answers of ``splits``: hand-written and model-written (``root/model``)
    in turn, each taken round the domains, so the first ``limit`` of a split spread evenly;
    the splits in turn too, so a run stopped early has measured every split alike."""
    per_split: list[list[RealisticRecord]] = []
    for split in splits:
        model = load_realistic(root / "model", split=split) if (root / "model").is_dir() else []
        written = {r.id for r in model}
        hand = [r for r in load_realistic(root, split=split) if r.id not in written]
        mixed = _round_robin([_round_robin(_by_domain(hand)), _round_robin(_by_domain(model))])
        per_split.append(mixed[:limit])
    return _round_robin(per_split)


def _by_domain(records: Sequence[RealisticRecord]) -> list[list[RealisticRecord]]:
    domains: dict[str, list[RealisticRecord]] = {}
    for r in records:
        domains.setdefault(r.domain, []).append(r)
    return list(domains.values())


def _round_robin(lists: Sequence[Sequence[RealisticRecord]]) -> list[RealisticRecord]:
    """One of each list in turn (the first ``n`` are spread over all of them)."""
    return [r for row in itertools.zip_longest(*lists) for r in row if r is not None]


def judge_config(mode: str) -> JudgeConfig:
    """The default escalation with no per-case budget in the way of the measurement."""
    return JudgeConfig(
        requests=MODES[mode][0],
        max_calls=1000,
        max_seconds=1e9,
        cache_size=0,
        batch_size=4,
    )


def escalated(v: CitationVerifier, record: RealisticRecord) -> list[str]:
    """The claims the engine sends to the judge for ``record`` (its texts), in order."""
    sources = [dict(s) for s in record.sources]
    case = v.verify_case(record.answer, sources)
    spans = {s.span_id: s for s in spans_of(v._engine, normalize_sources(sources, None))}
    config = judge_config("per_answer")
    out = []
    for claim in case.claims:
        if escalates(claim, config) and judge_request(claim, spans, config.top_k) is not None:
            out.append(claim.claim_text)
    return out


# ---------------------------------------------------------------------- recording, replay
def _key(request: JudgeRequest) -> str:
    return json.dumps([request.claim, [s.text for s in request.spans]])


class Recording:
    """A judge wrapper that keeps every verdict (for the progress file)."""

    def __init__(self, inner: Judge) -> None:
        self.inner = inner
        self.seen: list[dict[str, Any]] = []

    @property
    def model_id(self) -> str:
        return self.inner.model_id

    @property
    def prompt_hash(self) -> str | None:
        return self.inner.prompt_hash

    def judge(self, requests: Sequence[JudgeRequest]) -> list[JudgeVerdict]:
        out = self.inner.judge(requests)
        for request, v in zip(requests, out, strict=True):
            self.seen.append(
                {
                    "key": _key(request),
                    "label": v.label,
                    "findings": [[f.span_id, f.label, f.quote] for f in v.findings],
                    "error": v.error,
                    "attempts": v.attempts,
                    "tokens": v.tokens,
                }
            )
        return out

    async def ajudge(self, requests: Sequence[JudgeRequest]) -> list[JudgeVerdict]:
        return self.judge(requests)


class Replay:
    """A judge that answers from stored verdicts (an unknown request is an error verdict)."""

    def __init__(self, seen: Iterable[dict[str, Any]], model_id: str, prompt_hash: str) -> None:
        self.verdicts = {s["key"]: s for s in seen}
        self._model_id, self._prompt_hash = model_id, prompt_hash

    @property
    def model_id(self) -> str:
        return self._model_id

    @property
    def prompt_hash(self) -> str | None:
        return self._prompt_hash

    def judge(self, requests: Sequence[JudgeRequest]) -> list[JudgeVerdict]:
        out = []
        for r in requests:
            s = self.verdicts.get(_key(r))
            if s is None:
                out.append(JudgeVerdict(r.claim_id, "NOT_ENOUGH_INFO", error="not recorded"))
                continue
            findings = tuple(Finding(a, b, c) for a, b, c in s["findings"])
            out.append(JudgeVerdict(r.claim_id, s["label"], findings, error=s["error"]))
        return out

    async def ajudge(self, requests: Sequence[JudgeRequest]) -> list[JudgeVerdict]:
        return self.judge(requests)


# ---------------------------------------------------------------------- the run
def done_lines(path: Path) -> dict[tuple[str, str], dict[str, Any]]:
    """The progress file's lines by (answer id, mode); the last line of a pair wins."""
    out: dict[tuple[str, str], dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                out[(row["id"], row["mode"])] = row
    return out


def run_modes(
    records: Sequence[RealisticRecord],
    make_judge: Callable[[str], Judge],
    embedder: Any,
    progress: Path,
    modes: Sequence[str] = ("per_answer", "per_claim"),
) -> None:
    """Ask the judge about each answer in each of ``modes`` (the order turning from answer
    to answer); append one line per (answer, mode). ``make_judge(mode)`` makes a judge."""
    done = done_lines(progress)
    plain = CitationVerifier(embedder=embedder)
    for n, record in enumerate(records):
        wanted = escalated(plain, record)
        order = [*modes[n % len(modes) :], *modes[: n % len(modes)]]
        for mode in order:
            row = done.get((record.id, mode))
            if row is not None and row["escalated_claims"] == wanted:
                continue
            recording = Recording(make_judge(mode))
            v = CitationVerifier(
                embedder=embedder,
                judge=recording,
                config=VerifyConfig(judge=judge_config(mode)),
                cache=plain.cache,
            )
            started = time.perf_counter()
            guarded = v.guard(record.answer, [dict(s) for s in record.sources], policy="redact")
            meta = guarded.case.metadata.get("judge", {})
            if meta.get("unavailable"):  # the server is gone: stop; a rerun resumes here
                raise SystemExit(f"{record.id} {mode}: judge unavailable: {meta.get('cause')}")
            line = {
                "id": record.id,
                "split": record.split,
                "mode": mode,
                "escalated_claims": wanted,
                "judge_seconds": (meta.get("elapsed_ms") or 0.0) / 1e3,
                "guard_seconds": time.perf_counter() - started,
                "model_requests": meta.get("model_requests", 0),
                "tokens": meta.get("tokens") or {},
                "failed": meta.get("failed", 0),
                "model": recording.model_id,
                "prompt_hash": recording.prompt_hash,
                "seen": recording.seen,
                "finished": time.strftime("%Y-%m-%dT%H:%M:%S"),
                "load_average": list(os.getloadavg()),
            }
            with progress.open("a") as fh:
                fh.write(json.dumps(line) + "\n")
            print(
                f"{record.id:28} {mode:19} {line['judge_seconds']:7.1f}s "
                f"req={line['model_requests']} tok={line['tokens']} esc={len(wanted)}",
                flush=True,
            )


# ---------------------------------------------------------------------- the report
def _boot(values: np.ndarray, stat: Callable[[np.ndarray], float]) -> list[float]:
    rng = np.random.default_rng(SEED)
    n = len(values)
    draws = [stat(values[rng.integers(0, n, n)]) for _ in range(RESAMPLES)]
    return [round(float(np.percentile(draws, 2.5)), 4), round(float(np.percentile(draws, 97.5)), 4)]


def _rate(rows: np.ndarray) -> tuple[float | None, list[float] | None]:
    """sum(hits) / sum(totals) over answers (columns 0 and 1), with its interval."""
    if rows.size == 0 or rows[:, 1].sum() == 0:
        return None, None

    def stat(r: np.ndarray) -> float:
        return float(r[:, 0].sum() / max(r[:, 1].sum(), 1))

    return round(stat(rows), 4), _boot(rows, stat)


def _mean(values: Sequence[float]) -> dict[str, Any]:
    arr = np.asarray(values, dtype=float)
    return {"mean": round(float(arr.mean()), 3), "ci95": _boot(arr, lambda a: float(a.mean()))}


def _ratio(num: Sequence[float], den: Sequence[float]) -> dict[str, Any]:
    pairs = np.column_stack([num, den]).astype(float)

    def stat(p: np.ndarray) -> float:
        return float(p[:, 0].sum() / max(p[:, 1].sum(), 1e-9))

    return {"ratio": round(stat(pairs), 4), "ci95": _boot(pairs, stat)}


# the per-answer counts, in this order
COUNTS = (
    "faithful_removed",
    "faithful_flagged",
    "faithful",
    "errors_removed",
    "errors_flagged",
    "errors",
)


def _sentences(record: RealisticRecord, guarded: Any) -> tuple[int, ...]:
    """COUNTS for one answer: removed = gone from the redacted text, flagged = removed or
    marked (an UNCERTAIN or REFUTED claim in the sentence)."""
    outcomes = sentence_outcomes(record, guarded)
    faithful = [o for o in outcomes if o.gold.label == "faithful"]
    errors = [o for o in outcomes if o.gold.label == "error"]
    return (
        sum(o.redacted for o in faithful),
        sum(o.redacted or o.verdict.flagged for o in faithful),
        len(faithful),
        sum(o.redacted for o in errors),
        sum(o.redacted or o.verdict.flagged for o in errors),
        len(errors),
    )


def _claims(guarded: Any) -> dict[str, tuple[str | None, str | None]]:
    out = {}
    for c in guarded.case.claims:
        record = c.details.get("judge")
        if record is not None:
            out[c.claim_text] = (record.get("label"), c.outcome.value if c.outcome else None)
    return out


def run_modes_of(lines: dict[tuple[str, str], dict[str, Any]]) -> list[str]:
    """The modes a progress file holds, in ``MODES`` order."""
    return [m for m in MODES if any(mode == m for _, mode in lines)]


def replayed(
    records: Sequence[RealisticRecord], lines: dict[tuple[str, str], dict[str, Any]], embedder: Any
) -> dict[str, dict[str, Any]]:
    """Per answer: sentence counts without a judge and in each mode, and the judged claims
    (answers measured in every mode of the file only)."""
    out: dict[str, dict[str, Any]] = {}
    plain = CitationVerifier(embedder=embedder)
    modes = run_modes_of(lines)
    for record in records:
        if not all((record.id, m) in lines for m in modes):
            continue
        sources = [dict(s) for s in record.sources]
        alone = plain.guard(record.answer, sources, policy="redact")
        row: dict[str, Any] = {"no_judge": _sentences(record, alone)}
        for mode in modes:
            line = lines[(record.id, mode)]
            judge = Replay(line["seen"], line["model"], line["prompt_hash"])
            v = CitationVerifier(
                embedder=embedder,
                judge=judge,
                config=VerifyConfig(judge=judge_config(mode)),
                cache=plain.cache,
            )
            guarded = v.guard(record.answer, sources, policy="redact")
            row[mode] = _sentences(record, guarded)
            row[f"{mode}_claims"] = _claims(guarded)
            # a claim whose evidence changed since the run: the model never saw it
            row[f"{mode}_unrecorded"] = sum(
                (c.details.get("judge") or {}).get("error") == "not recorded"
                for c in guarded.case.claims
            )
        out[record.id] = row
    return out


def _agreement(rows: Sequence[dict[str, Any]], mode: str) -> dict[str, Any]:
    label, final = [], []
    for row in rows:
        a, b = row[f"{mode}_claims"], row[f"{BASELINE}_claims"]
        shared = [k for k in a if k in b]
        label.append([sum(a[k][0] == b[k][0] for k in shared), len(shared)])
        final.append([sum(a[k][1] == b[k][1] for k in shared), len(shared)])
    lab, lab_ci = _rate(np.asarray(label, dtype=float))
    fin, fin_ci = _rate(np.asarray(final, dtype=float))
    return {
        "claims": int(sum(n for _, n in label)),
        "judge_label": lab,
        "judge_label_ci95": lab_ci,
        "outcome": fin,
        "outcome_ci95": fin_ci,
    }


def _sentence_rates(counts: np.ndarray) -> dict[str, Any]:
    """The sentence rates (columns as COUNTS) with their intervals."""
    out: dict[str, Any] = {
        "faithful_sentences": int(counts[:, 2].sum()),
        "error_sentences": int(counts[:, 5].sum()),
    }
    for name, hit, total in (
        ("faithful_removed", 0, 2),
        ("faithful_flagged", 1, 2),
        ("errors_removed", 3, 5),
        ("errors_flagged", 4, 5),
    ):
        out[name], out[f"{name}_ci95"] = _rate(counts[:, [hit, total]])
    return out


def _costs(mine: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Requests, tokens and seconds per answer of one mode's lines."""
    return {
        "requests_per_answer": _mean([m["model_requests"] for m in mine]),
        "prompt_tokens_per_answer": _mean([m["tokens"].get("prompt_tokens", 0) for m in mine]),
        "completion_tokens_per_answer": _mean(
            [m["tokens"].get("completion_tokens", 0) for m in mine]
        ),
        "seconds_per_answer": _mean([m["judge_seconds"] for m in mine]),
        "failed_claims": int(sum(m["failed"] for m in mine)),
    }


def _ratios(num: Sequence[dict[str, Any]], den: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One mode over another, paired by answer: seconds, tokens, prompt tokens, requests."""

    def tokens(m: dict[str, Any], key: str | None = None) -> float:
        t = m["tokens"]
        return t.get(key, 0) if key else t.get("prompt_tokens", 0) + t.get("completion_tokens", 0)

    return {
        "seconds": _ratio([m["judge_seconds"] for m in num], [m["judge_seconds"] for m in den]),
        "tokens": _ratio([tokens(m) for m in num], [tokens(m) for m in den]),
        "prompt_tokens": _ratio(
            [tokens(m, "prompt_tokens") for m in num], [tokens(m, "prompt_tokens") for m in den]
        ),
        "completion_tokens": _ratio(
            [tokens(m, "completion_tokens") for m in num],
            [tokens(m, "completion_tokens") for m in den],
        ),
        "requests": _ratio([m["model_requests"] for m in num], [m["model_requests"] for m in den]),
    }


def report(
    records: Sequence[RealisticRecord], lines: dict[tuple[str, str], dict[str, Any]], embedder: Any
) -> dict[str, Any]:
    """The side-by-side table per split (and both splits together)."""
    rows = replayed(records, lines, embedder)
    modes = run_modes_of(lines)
    out: dict[str, Any] = {}
    for split in ("dev", "test", "all"):
        ids = [r.id for r in records if r.id in rows and (split == "all" or r.split == split)]
        if not ids:
            continue
        table: dict[str, Any] = {"answers": len(ids)}
        for mode in ("no_judge", *modes):
            table[mode] = _sentence_rates(np.asarray([rows[i][mode] for i in ids], dtype=float))
            if mode != "no_judge":
                table[mode].update(_costs([lines[(i, mode)] for i in ids]))
                table[mode]["replay_unrecorded_claims"] = sum(
                    rows[i][f"{mode}_unrecorded"] for i in ids
                )
        for mode in modes if BASELINE in modes else []:
            if mode != BASELINE:
                table[f"{mode}_over_{BASELINE}"] = _ratios(
                    [lines[(i, mode)] for i in ids], [lines[(i, BASELINE)] for i in ids]
                )
                table[f"{mode}_agreement"] = _agreement([rows[i] for i in ids], mode)
        out[split] = table
    return out


# ---------------------------------------------------------------------- hosted cost
# Published list prices in US$ per 1M tokens (input, cached input, output), as the providers'
# pricing pages listed them; computed costs below are estimates, not measurements.
PRICES = {
    "gpt-4o-mini": (0.15, 0.075, 0.60),
    "gpt-4.1-nano": (0.10, 0.025, 0.40),
    "gpt-4.1-mini": (0.40, 0.10, 1.60),
    "gpt-4o": (2.50, 1.25, 10.00),
}


def cost_table(table: dict[str, Any]) -> dict[str, Any]:
    """US$ per 1,000 answers from the measured tokens per answer, at list prices."""
    out: dict[str, Any] = {"note": "computed from measured token counts, not measured"}
    for mode in [m for m in MODES if m in table]:
        prompt = table[mode]["prompt_tokens_per_answer"]["mean"]
        completion = table[mode]["completion_tokens_per_answer"]["mean"]
        out[mode] = {
            name: round(1000 * (prompt * p_in + completion * p_out) / 1e6, 4)
            for name, (p_in, _, p_out) in PRICES.items()
        }
    return out
