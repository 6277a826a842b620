"""``longtracer-guard audit``: verify many logged answers, in this process or on Ray Data."""

from __future__ import annotations

import argparse
import importlib
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..config import POLICIES
from ..console.exits import CliError, ExitCode
from ..console.inputs import load_config
from .common import (
    RAW,
    Streams,
    Subparsers,
    generator,
    judge_endpoint,
    judge_options,
    model_options,
    new_embedder,
)

if TYPE_CHECKING:
    from ..audit import AuditKeys, AuditSummary
    from ..config import VerifyConfig

__all__ = ["add_command", "run"]

HELP = """\
Verify many logged answers and count what went wrong: which answers were
ungrounded, which reasons came up, which sources were cited by claims they do
not support. Writes, into a new folder DIR:
  results.jsonl   (in-process) one row per record: its place (input_file,
                  input_row), gate, counts, reasons, the CaseResult and its
                  trace (a file `report` reads), or
  results/        (--ray) the same rows as Parquet files
  summary.json    gates, claim assessments, top reasons, worst sources, worst
                  cases, invalid rows by problem
  report.html     the totals, then the most serious cases in full
  audit.json      what the audit ran on (for --resume)

Input: JSON Lines (one record per line) or Parquet (a file or a folder), each
record with an answer, its sources (a list of strings or {"text", "source_id"}
objects, or that list as a JSON string) and optionally an id and the question;
--answer-key, --sources-key, --id-key, --question-key name the fields; a
record without an id is named by its place (file:row). Every record gives one
row: one that cannot be verified (a line that is not JSON or not UTF-8, text
that is not valid Unicode, a null or missing answer, sources that are not a
list, a line over 64 MiB) becomes an INDETERMINATE row with reason
INVALID_INPUT naming the field and the problem; the run goes on, the summary
counts these rows, and the exit status stays 0.

--resume continues an audit that was interrupted (killed, pre-empted): the
rows already written stay, a torn last row is dropped, only the records
without a row are verified, and the summary and report cover every record
once. DIR must hold an audit of the same LOGS with the same keys.

Without --ray, one process verifies in batches. With --ray, Ray Data runs
--concurrency actors, each holding one verifier (the model loaded once per
actor); --ray-address joins an existing cluster (then LOGS and DIR must be on
storage every node reads, such as a shared mount or an object store).

With --judge-url and --judge-model, an LLM judges the claims the matcher could
not settle, one request per answer (with --ray, each actor has its own client);
the API key comes from the variable --judge-key-env names.
"""

EXAMPLES = """\
examples:
  longtracer-guard audit logs/rag.jsonl --out out/audit
  longtracer-guard audit logs/rag.jsonl --out out/audit --resume
  longtracer-guard audit logs/day.parquet --out out/audit --ray --concurrency 8
"""

_OUTPUTS = ("results.jsonl", "results", "summary.json", "report.html", "audit.json")


def add_command(sub: Subparsers) -> None:
    """The ``audit`` parser and its arguments."""
    audit = sub.add_parser(
        "audit",
        help="verify many logged answers (JSONL or Parquet); --ray for Ray Data",
        description=HELP,
        epilog=EXAMPLES,
        formatter_class=RAW,
    )
    audit.add_argument("logs", metavar="LOGS", help=".jsonl file, .parquet file or folder")
    audit.add_argument(
        "--out", "-o", metavar="DIR", required=True, help="a new folder for the results"
    )
    audit.add_argument("--ray", action="store_true", help="run on Ray Data (extra [ray])")
    audit.add_argument(
        "--resume",
        action="store_true",
        help="continue the interrupted audit in DIR: keep its rows, verify the rest",
    )
    audit.add_argument(
        "--concurrency", type=int, default=1, metavar="N", help="Ray actors (default 1)"
    )
    audit.add_argument(
        "--ray-address", metavar="ADDR", help="an existing Ray cluster (default: start one here)"
    )
    audit.add_argument(
        "--batch-size", type=int, default=64, metavar="N", help="cases per batch (default 64)"
    )
    audit.add_argument("--answer-key", default="answer", metavar="KEY")
    audit.add_argument("--sources-key", default="sources", metavar="KEY")
    audit.add_argument("--question-key", default="question", metavar="KEY")
    audit.add_argument("--id-key", default="id", metavar="KEY")
    audit.add_argument("--policy", choices=POLICIES, help="recorded in each trace")
    audit.add_argument("--no-trace", action="store_true", help="do not store traces")
    audit.add_argument(
        "--report-cases",
        type=int,
        default=100,
        metavar="N",
        help="how many of the worst cases report.html shows in full (default 100)",
    )
    audit.add_argument("--quiet", "-q", action="store_true", help="print nothing")
    model_options(audit)
    judge_options(audit)
    audit.set_defaults(run=run)


def _settings(args: argparse.Namespace, keys: AuditKeys) -> dict[str, Any]:
    """What the audit runs on, recorded in audit.json: --resume continues only the same audit."""
    return {
        "logs": str(Path(args.logs).resolve()) if "://" not in args.logs else args.logs,
        "keys": [keys.answer, keys.sources, keys.question, keys.id],
        "engine": "ray" if args.ray else "in-process",
        "trace": not args.no_trace,
    }


def _out_folder(out: str, settings: dict[str, Any], resume: bool) -> Path:
    """The output folder: new, or (``--resume``) one holding this same audit; never mixed."""
    from ..audit import check_manifest, write_manifest

    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise CliError(f"{out}: exists and is not a folder", ExitCode.CANT_CREATE)
    taken = [name for name in _OUTPUTS if (folder / name).exists()]
    if taken and not resume:
        raise CliError(
            f"{out}: already holds {', '.join(taken)}; choose a new folder, or add --resume "
            "to continue that audit",
            ExitCode.CANT_CREATE,
        )
    if taken:
        problem = check_manifest(folder, settings)
        if problem is not None:
            raise CliError(problem, ExitCode.CANT_CREATE)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_manifest(folder, settings)
    except OSError as err:
        message = f"{out}: cannot create ({err.strerror or err})"
        raise CliError(message, ExitCode.CANT_CREATE) from None
    return folder


def _on_ray(
    args: argparse.Namespace, keys: AuditKeys, config: VerifyConfig, folder: Path
) -> tuple[AuditSummary, Path]:
    """Run the audit on Ray Data (imported only here: the core never needs it)."""
    if not (args.ray_address or os.environ.get("RAY_ADDRESS")):
        # a Ray started here listens on 127.0.0.1 only and reports no usage
        # statistics (both read when ray is imported)
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    try:
        on_ray = importlib.import_module("longtracer_integrations.ray")
    except ImportError as err:
        raise CliError(str(err), ExitCode.UNAVAILABLE) from None
    results = folder / "results"
    try:
        summary: AuditSummary = on_ray.audit_with_ray(
            args.logs,
            results,
            keys=keys,
            config=config,
            model=args.model,
            judge=judge_endpoint(args),
            concurrency=args.concurrency,
            batch_size=args.batch_size,
            with_trace=not args.no_trace,
            keep=args.report_cases,
            address=args.ray_address,
            progress=not args.quiet,
            resume=args.resume,
        )
    except on_ray.AuditStoppedError as err:  # rows written are kept for --resume
        raise CliError(str(err), ExitCode.TEMPFAIL) from None
    return summary, results


def _here(
    args: argparse.Namespace, keys: AuditKeys, config: VerifyConfig, folder: Path
) -> tuple[AuditSummary, Path]:
    """Run the audit in this process, ``verify_batch`` per chunk."""
    from ..audit import audit_local
    from ..pipeline.verifier import CitationVerifier

    endpoint = judge_endpoint(args)
    judge = endpoint.build() if endpoint is not None else None
    verifier = CitationVerifier(embedder=new_embedder(args.model), config=config, judge=judge)
    results = folder / "results.jsonl"
    summary = audit_local(
        args.logs,
        results,
        verifier,
        keys=keys,
        batch_size=args.batch_size,
        with_trace=not args.no_trace,
        keep=args.report_cases,
        resume=args.resume,
    )
    return summary, results


def _checked(args: argparse.Namespace) -> None:
    """Usage errors found before any work: missing logs, counts out of range, judge options."""
    if "://" not in args.logs and not Path(args.logs).exists():
        raise CliError(f"{args.logs}: no such file or folder", ExitCode.NO_INPUT)
    if args.concurrency < 1 or args.batch_size < 1 or args.report_cases < 0:
        raise CliError(
            "--concurrency and --batch-size must be at least 1, --report-cases at least 0",
            ExitCode.USAGE,
        )
    if args.concurrency != 1 and not args.ray:
        raise CliError("--concurrency needs --ray (one process verifies alone)", ExitCode.USAGE)
    judge_endpoint(args)  # half the judge options, or a bad URL: a usage error before DIR is made


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Verify the logs, write results, summary and report; print the totals."""
    from ..audit import AuditKeys, write_summary

    _checked(args)
    config = load_config(args.config, {"policy": args.policy} if args.policy else None)
    keys = AuditKeys(
        answer=args.answer_key,
        sources=args.sources_key,
        question=args.question_key or None,
        id=args.id_key or None,
    )
    folder = _out_folder(args.out, _settings(args, keys), args.resume)
    started = time.perf_counter()
    try:
        summary, results = (_on_ray if args.ray else _here)(args, keys, config, folder)
    except ImportError as err:  # Parquet without pyarrow
        raise CliError(str(err), ExitCode.UNAVAILABLE) from None
    elapsed = time.perf_counter() - started
    rate = summary.cases / elapsed if elapsed > 0 else 0.0
    paths = write_summary(
        summary,
        folder,
        generator=generator(),
        extra={
            "logs": str(args.logs),
            "results": str(results),
            "engine": f"ray ({args.concurrency} actors)" if args.ray else "in-process",
            "seconds": round(elapsed, 3),
            "cases_per_second": round(rate, 2),
        },
    )
    if not args.quiet:
        streams.stdout.write(summary.render_text())
        streams.stdout.write(
            f"{summary.cases} cases in {elapsed:.1f} s ({rate:.1f} cases/s)\n"
            f"results: {results}\nsummary: {paths['summary']}\nreport:  {paths['report']}\n"
        )
    return ExitCode.PASS
