"""``longtracer-guard eval``: detection figures on labelled records or the realistic corpus.

One path for both kinds of data: the data decides how records are loaded, measured and
summarised (:func:`_plan`); reading the config, the progress bar and writing the report are
shared.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..config import VerifyConfig
from ..console.exits import CliError, ExitCode
from ..console.inputs import load_config
from .common import RAW, Streams, Subparsers, model_options, new_embedder, write_output

__all__ = ["GRANULARITIES", "add_command", "run", "span_overrides"]

HELP = """\
Measure how well the verifier detects hallucinated responses on labelled data.
A response counts as predicted hallucinated when its gate is not PASS.

Input: JSON Lines, one record per line:
  {"id": "r1",                                   (optional)
   "source_text": ["passage", ...],              (or one string)
   "question": "...",                            (optional; short answers are read with it)
   "response": "the answer to check",
   "response_label": "supported" | "hallucinated",   (required)
   "hallucination_spans": [{"start": 0, "end": 9, "label_type": "Unwanted"}]}  (optional)

Spans labelled Unwanted* or Questionable mark hallucinated sentences (sentence-
level figures). A malformed line stops the run with file:line and exit 65.

A folder, or a JSONL file whose records carry "answer_label", is read as the
realistic corpus (tests/realistic, format in src/longtracer_core/evaluation/realistic_corpus.py):
answer- and sentence-level figures per split (--split dev|test|all).
"""

GRANULARITIES = ["sentence", "window", "passage"]

Progress = Callable[[int, int], None] | None
# A measurement: run with a progress callback, give the report.
Measure = Callable[[Progress], dict[str, Any]]


def add_command(sub: Subparsers) -> None:
    """The ``eval`` parser and its arguments."""
    ev = sub.add_parser(
        "eval",
        help="measure detection on labelled JSONL records",
        description=HELP,
        epilog="example:\n  longtracer-guard eval data/faithbench_dev.jsonl --out eval.json\n",
        formatter_class=RAW,
    )
    ev.add_argument("data", metavar="RECORDS", help="a JSONL file, or a realistic-corpus folder")
    ev.add_argument("--limit", type=int, metavar="N", help="only the first N records")
    ev.add_argument("--quiet", action="store_true", help="no progress bar")
    ev.add_argument("--out", metavar="FILE", help="write the full JSON report here")
    ev.add_argument(
        "--split",
        choices=["dev", "test", "all"],
        default="all",
        help="realistic corpus only: which split to measure (default: both, reported apart)",
    )
    ev.add_argument("--granularity", choices=GRANULARITIES)
    model_options(ev)
    ev.set_defaults(run=run)


def span_overrides(args: argparse.Namespace) -> dict[str, Any] | None:
    """``--granularity`` as a config override (None without it)."""
    return {"span_granularity": args.granularity} if args.granularity else None


def records_summary(report: dict[str, Any]) -> str:
    """The labelled-records report in a few lines: default figures, best bands, gates."""
    d = report["default"]
    r = d["response_level"]
    lines = [
        f"records: {report['records']} ({report['labels']['hallucinated']} hallucinated, "
        f"{report['labels']['supported']} supported)",
        f"default config  response-level: P {r['precision']:.3f}  R {r['recall']:.3f}  "
        f"F1 {r['f1']:.3f}  balanced acc {r['balanced_accuracy']:.3f}  acc {r['accuracy']:.3f}",
    ]
    if d["sentence_level"]:
        s = d["sentence_level"]
        lines.append(
            f"default config  sentence-level: P {s['precision']:.3f}  R {s['recall']:.3f}  "
            f"F1 {s['f1']:.3f}  balanced acc {s['balanced_accuracy']:.3f}"
        )
    best = report["band_sweep"]["best_f1"]
    b = best["response_level"]
    lines.append(
        f"best in bounds (bands {best['bands']}, NOT the default): F1 {b['f1']:.3f}  "
        f"balanced acc {b['balanced_accuracy']:.3f}"
    )
    lines.append(f"gates: {d['gates']}  ({report['cases_per_second']} cases/s)")
    return "\n".join(lines) + "\n"


def realistic_summary(report: dict[str, Any]) -> str:
    """The realistic-corpus report in one line per split."""
    lines = []
    for split in ("dev", "test"):
        if split not in report:
            continue
        a, s = report[split]["answer_level"], report[split]["sentence_level"]
        lines.append(
            f"{split:4s} answers {a['answers']:3d}: TPR {a['tpr']}  TNR {a['tnr']}  "
            f"BA {a['balanced_accuracy']} | sentences: false redaction {s['false_redaction']} "
            f"({s['faithful_redacted']}/{s['faithful']})  error redaction {s['error_redaction']} "
            f"({s['errors_redacted']}/{s['errors']})  AUROC {s['auroc']}"
        )
    return "\n".join(lines) + "\n"


def is_realistic(path: Path) -> bool:
    """A folder of corpus files, or a JSONL file whose records carry ``answer_label``."""
    if path.is_dir():
        return True
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                return '"answer_label"' in line
    return False


def _plan(
    args: argparse.Namespace, config: VerifyConfig
) -> tuple[Measure, Callable[[dict[str, Any]], str]]:
    """Load the records the data holds; how to measure them and how to summarise the report."""
    if is_realistic(Path(args.data)):
        from ..evaluation.realistic_corpus import load_realistic
        from ..evaluation.realistic_eval import evaluate_realistic
        from ..pipeline.verifier import CitationVerifier

        corpus = load_realistic(args.data, split=None if args.split == "all" else args.split)
        corpus = corpus[: args.limit] if args.limit else corpus
        verifier = CitationVerifier(embedder=new_embedder(args.model), config=config)
        return (lambda p: evaluate_realistic(corpus, verifier, progress=p)), realistic_summary

    from ..evaluation import evaluate_records, load_records

    records = load_records(args.data, limit=args.limit)
    embedder = new_embedder(args.model)
    return (
        lambda p: evaluate_records(records, embedder=embedder, config=config, progress=p)[1]
    ), records_summary


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Measure the data, write the full report to ``--out``, print the summary."""
    from ..console.progress import Progress as Bar

    data = Path(args.data)
    if not data.exists():
        raise CliError(f"{args.data}: no such file or folder", ExitCode.NO_INPUT)
    config = load_config(args.config, span_overrides(args))
    measure, summary = _plan(args, config)
    with Bar(data.name, None if args.quiet else streams.stderr) as bar:
        report = measure(None if args.quiet else bar)
    report["data"] = str(args.data)
    if args.out:
        write_output(
            json.dumps(report, indent=2, ensure_ascii=False) + "\n", args.out, streams.stdout
        )
    streams.stdout.write(summary(report))
    return ExitCode.PASS
