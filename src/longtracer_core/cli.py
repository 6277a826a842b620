"""``longtracer-guard``: the command line. One function per subcommand; the parts in ``console``."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from .config import POLICIES
from .console.exits import CliError, ExitCode
from .console.inputs import iter_json_values, load_config, load_sources, read_text
from .errors import ConfigError, InvalidInputError, ModelUnavailableError
from .evaluation.realistic import CorpusError

if TYPE_CHECKING:
    from .audit import AuditKeys, AuditSummary
    from .config import VerifyConfig

__all__ = ["main"]

DESCRIPTION = """\
Check LLM answers against their sources, claim by claim, and look at the results.
Each command has its own help: longtracer-guard COMMAND --help.
"""

EXIT_CODES = """\
exit status:
  0   PASS (check) / success (other commands)
  1   FAIL: at least one claim is not supported by the sources
  2   INDETERMINATE: the check could not run (model missing, input past a limit, ...)
  64  usage error (bad or missing arguments)
  65  malformed input file (the message names file:line)
  66  input file missing or unreadable
  69  the embedding model cannot be loaded (eval, adversarial)
  73  output file cannot be written
  75  audit --ray stopped before the end (the cluster made no progress); the rows
      written are kept: run it again with --resume
  78  invalid configuration (--config or an option out of bounds)
"""

EXAMPLES = """\
examples:
  echo "Webb launched in 2021." | longtracer-guard check --sources notes.md
  longtracer-guard check --answer answer.txt --sources docs/ --policy redact
  longtracer-guard check --answer-text "..." --sources s.jsonl --format json --out case.json
  longtracer-guard report case.json -o report.html
  longtracer-guard report grounding.jsonl -o audit.html
  longtracer-guard eval records.jsonl --out eval.json
  longtracer-guard eval tests/realistic --split dev
  longtracer-guard audit logs/rag.jsonl --out out/audit [--ray --concurrency 4]
"""

CHECK_HELP = """\
Verify one answer against its sources. Prints each claim's verdict and the
answer after the policy; the exit status is the quality gate (0 PASS, 1 FAIL,
2 INDETERMINATE), so it fits shell pipelines and CI steps.

The answer comes from --answer FILE, --answer -, --answer-text TEXT, or
standard input when it is not a terminal. Sources: text and markdown files
(one source each, named by their path), .json (a list of strings or
{"text", "source_id", "class"} objects, or {"sources": [...]}), .jsonl (one
source per line), or a folder (every such file in it, sorted by path).
"""

CHECK_EXAMPLES = """\
examples:
  echo "The bridge opened in 1932." | longtracer-guard check --sources bridge.txt
  longtracer-guard check --answer answer.md --sources docs/ --policy redact --format json
  longtracer-guard check --answer-text "..." --sources s.json --config guard.toml -q
"""

REPORT_HELP = """\
Turn case records into one static HTML file (no network, no external files):
each answer with its claims highlighted by verdict; click a claim for its
closest evidence (the exact source slice), its score parts and the candidates
considered. Several cases get a summary first: gate counts, reasons, the score
distribution, the lowest-scoring claims, and a filter by gate and verdict.

Input: .json files holding a record ({"case": ..., "trace": ...}, as written
by check --format json), a list of records, a bare CaseResult or a bare trace;
or .jsonl files with one record per line (a JsonlSink log). Source text is
shown only for records that carry their trace.
"""

EVAL_HELP = """\
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
realistic corpus (tests/realistic, format in src/longtracer_core/evaluation/realistic.py):
answer- and sentence-level figures per split (--split dev|test|all).
"""


AUDIT_HELP = """\
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
"""

AUDIT_EXAMPLES = """\
examples:
  longtracer-guard audit logs/rag.jsonl --out out/audit
  longtracer-guard audit logs/rag.jsonl --out out/audit --resume
  longtracer-guard audit logs/day.parquet --out out/audit --ray --concurrency 8
"""


def _version() -> str:
    try:
        return version("longtracer-integrations")
    except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        from . import __version__

        return __version__


class _Parser(argparse.ArgumentParser):
    """argparse with usage errors on exit code 64 (EX_USAGE) instead of 2."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(ExitCode.USAGE, f"{self.prog}: error: {message}\n")


def _write(text: str, out: str | None, stdout: TextIO) -> None:
    """Write ``text`` to ``out`` (a file; ``-`` or None is standard output)."""
    if out is None or out == "-":
        stdout.write(text)
        stdout.flush()
        return
    path = Path(out)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as err:
        raise CliError(
            f"{out}: cannot write ({err.strerror or err})", ExitCode.CANT_CREATE
        ) from None


def _embedder(name: str | None) -> Any:
    from .providers.embeddings import DEFAULT_EMBEDDING_MODEL, SentenceTransformerEmbedder

    return SentenceTransformerEmbedder(name or DEFAULT_EMBEDDING_MODEL)


# -- check ---------------------------------------------------------------------------


def _answer(args: argparse.Namespace, stdin: TextIO) -> str:
    if args.answer_text is not None:
        return str(args.answer_text)
    if args.answer is not None:
        return read_text(args.answer, stdin)
    if stdin.isatty():
        raise CliError(
            "no answer: pass --answer FILE, --answer-text TEXT, or pipe it on standard input",
            ExitCode.USAGE,
        )
    return stdin.read()


def _check(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    from .console.render import case_record, render_text, use_colour
    from .pipeline.outcomes import unverified_response
    from .pipeline.verifier import CitationVerifier

    reads_stdin = args.answer == "-" or (args.answer is None and args.answer_text is None)
    if "-" in args.sources and reads_stdin:
        raise CliError("standard input can hold the answer or a source, not both", ExitCode.USAGE)
    overrides = {"policy": args.policy} if args.policy else None
    config = load_config(args.config, overrides)
    sources = load_sources(args.sources, stdin)
    answer = _answer(args, stdin)
    try:
        verifier = CitationVerifier(embedder=_embedder(args.model), config=config)
        guarded = verifier.guard(answer, sources, policy=config.policy)
    except ModelUnavailableError as err:  # fail closed: INDETERMINATE, answer withheld/marked
        guarded = unverified_response(answer, err, policy=config.policy, config=config)
    if args.format == "json":
        text = json.dumps(case_record(guarded, config.policy), ensure_ascii=False, indent=2) + "\n"
    elif args.format == "html":
        from .report import case_view, render_html

        view = case_view(case_record(guarded, config.policy))
        text = render_html([view], generator=f"longtracer-guard {_version()}")
    else:
        colour = args.out in (None, "-") and use_colour(stdout, args.color)
        text = render_text(guarded, config.policy, colour=colour)
    to_file = args.out not in (None, "-")
    if to_file or not args.quiet:  # --quiet silences the terminal, not an --out file
        _write(text, args.out, stdout)
    if to_file and not args.quiet:
        gate = guarded.case.quality_gate.value
        stderr.write(f"{gate}: {guarded.case.summary} ({args.out})\n")
    gate = guarded.case.quality_gate.value
    return int({"PASS": ExitCode.PASS, "FAIL": ExitCode.FAIL}.get(gate, ExitCode.INDETERMINATE))


# -- report --------------------------------------------------------------------------


def _report(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    from .report import RecordError, case_view, render_html

    views = []
    for path in args.inputs:
        text = read_text(path, stdin)
        for line, value in iter_json_values(path, text):
            many = isinstance(value, list) and not path.endswith(".jsonl")
            for k, record in enumerate(value if many else [value]):
                where = f"{path}: item {k}" if many else f"{path}:{line}"
                try:
                    views.append(case_view(record))
                except RecordError as err:
                    raise CliError(f"{where}: {err}", ExitCode.DATA) from None
    if not views:
        raise CliError(f"{', '.join(args.inputs)}: no case records", ExitCode.DATA)
    _write(render_html(views, generator=f"longtracer-guard {_version()}"), args.out, stdout)
    if args.out not in (None, "-"):
        stderr.write(f"wrote {len(views)} case(s) to {args.out}\n")
    return ExitCode.PASS


# -- eval and adversarial ------------------------------------------------------------


def _overrides(args: argparse.Namespace) -> dict[str, Any] | None:
    return {"span_granularity": args.granularity} if args.granularity else None


def _summary(report: dict[str, Any]) -> str:
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


def _is_realistic(path: Path) -> bool:
    """A folder of corpus files, or a JSONL file whose records carry ``answer_label``."""
    if path.is_dir():
        return True
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                return '"answer_label"' in line
    return False


def _realistic_summary(report: dict[str, Any]) -> str:
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


def _eval_realistic(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    from .console.progress import Progress
    from .evaluation.realistic import load_realistic
    from .evaluation.realistic_eval import evaluate_realistic
    from .pipeline.verifier import CitationVerifier

    config = load_config(args.config, _overrides(args))
    records = load_realistic(args.data, split=None if args.split == "all" else args.split)
    if args.limit:
        records = records[: args.limit]
    verifier = CitationVerifier(embedder=_embedder(args.model), config=config)
    with Progress(Path(args.data).name, None if args.quiet else stderr) as progress:
        report = evaluate_realistic(records, verifier, progress=None if args.quiet else progress)
    report["data"] = str(args.data)
    if args.out:
        _write(json.dumps(report, indent=2, ensure_ascii=False) + "\n", args.out, stdout)
    stdout.write(_realistic_summary(report))
    return ExitCode.PASS


def _eval(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    from .console.progress import Progress
    from .evaluation import evaluate_records, load_records

    data = Path(args.data)
    if not data.exists():
        raise CliError(f"{args.data}: no such file or folder", ExitCode.NO_INPUT)
    if _is_realistic(data):
        return _eval_realistic(args, stdout, stderr)
    config = load_config(args.config, _overrides(args))
    records = load_records(args.data, limit=args.limit)
    with Progress(Path(args.data).name, None if args.quiet else stderr) as progress:
        _, report = evaluate_records(
            records,
            embedder=_embedder(args.model),
            config=config,
            progress=None if args.quiet else progress,
        )
    report["data"] = str(args.data)
    if args.out:
        _write(json.dumps(report, indent=2, ensure_ascii=False) + "\n", args.out, stdout)
    stdout.write(_summary(report))
    return ExitCode.PASS


def _adversarial(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    from .evaluation import load_corpus, measure_corpus
    from .pipeline.verifier import CitationVerifier

    corpus = Path(args.corpus)
    files = sorted(corpus.glob("*.jsonl")) if corpus.is_dir() else []
    if not files:
        raise CliError(
            f"{args.corpus}: no corpus files (*.jsonl) in this folder", ExitCode.NO_INPUT
        )
    verifier = CitationVerifier(
        embedder=_embedder(args.model), config=load_config(args.config, _overrides(args))
    )
    report: dict[str, Any] = {}
    for path in files:
        report[path.stem] = measure_corpus(load_corpus(path), verifier)
        for variant, row in report[path.stem].items():
            stdout.write(
                f"{path.stem}/{variant}: {row['cases']} cases, in expected band "
                f"{row['in_expected_band']:.3f}, gate as expected {row['gate_as_expected']:.3f}\n"
            )
    if args.out:
        _write(json.dumps(report, indent=2, ensure_ascii=False) + "\n", args.out, stdout)
    return ExitCode.PASS


# -- audit ---------------------------------------------------------------------------

_AUDIT_OUTPUTS = ("results.jsonl", "results", "summary.json", "report.html", "audit.json")


def _audit_out(out: str, settings: dict[str, Any], resume: bool) -> Path:
    """The output folder: new, or (``--resume``) one holding this same audit; never mixed."""
    from .audit import check_manifest, write_manifest

    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise CliError(f"{out}: exists and is not a folder", ExitCode.CANT_CREATE)
    taken = [name for name in _AUDIT_OUTPUTS if (folder / name).exists()]
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


def _audit_on_ray(
    args: argparse.Namespace, keys: AuditKeys, config: VerifyConfig, folder: Path
) -> tuple[AuditSummary, Path]:
    """Run the audit on Ray Data (imported only here: the core never needs it)."""
    import importlib

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
            concurrency=args.concurrency,
            batch_size=args.batch_size,
            with_trace=not args.no_trace,
            keep=args.report_cases,
            address=args.ray_address,
            progress=not args.quiet,
            resume=args.resume,
        )
    except on_ray.AuditStoppedError as err:
        raise CliError(str(err), ExitCode.TEMPFAIL) from None
    return summary, results


def _audit_here(args: argparse.Namespace, keys: Any, config: Any, folder: Path) -> tuple[Any, Path]:
    """Run the audit in this process, ``verify_batch`` per chunk."""
    from .audit import audit_local
    from .pipeline.verifier import CitationVerifier

    verifier = CitationVerifier(embedder=_embedder(args.model), config=config)
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


def _audit(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    import time

    from .audit import AuditKeys, write_summary

    if "://" not in args.logs and not Path(args.logs).exists():
        raise CliError(f"{args.logs}: no such file or folder", ExitCode.NO_INPUT)
    if args.concurrency < 1 or args.batch_size < 1 or args.report_cases < 0:
        raise CliError(
            "--concurrency and --batch-size must be at least 1, --report-cases at least 0",
            ExitCode.USAGE,
        )
    if args.concurrency != 1 and not args.ray:
        raise CliError("--concurrency needs --ray (one process verifies alone)", ExitCode.USAGE)
    config = load_config(args.config, {"policy": args.policy} if args.policy else None)
    keys = AuditKeys(
        answer=args.answer_key,
        sources=args.sources_key,
        question=args.question_key or None,
        id=args.id_key or None,
    )
    settings = {
        "logs": str(Path(args.logs).resolve()) if "://" not in args.logs else args.logs,
        "keys": [keys.answer, keys.sources, keys.question, keys.id],
        "engine": "ray" if args.ray else "in-process",
        "trace": not args.no_trace,
    }
    folder = _audit_out(args.out, settings, args.resume)
    started = time.perf_counter()
    try:
        run = _audit_on_ray if args.ray else _audit_here
        summary, results = run(args, keys, config, folder)
    except ImportError as err:  # Parquet without pyarrow
        raise CliError(str(err), ExitCode.UNAVAILABLE) from None
    elapsed = time.perf_counter() - started
    rate = summary.cases / elapsed if elapsed > 0 else 0.0
    paths = write_summary(
        summary,
        folder,
        generator=f"longtracer-guard {_version()}",
        extra={
            "logs": str(args.logs),
            "results": str(results),
            "engine": f"ray ({args.concurrency} actors)" if args.ray else "in-process",
            "seconds": round(elapsed, 3),
            "cases_per_second": round(rate, 2),
        },
    )
    if not args.quiet:
        stdout.write(summary.render_text())
        stdout.write(
            f"{summary.cases} cases in {elapsed:.1f} s ({rate:.1f} cases/s)\n"
            f"results: {results}\nsummary: {paths['summary']}\nreport:  {paths['report']}\n"
        )
    return ExitCode.PASS


def _schema(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    from .contracts.schema import render_schema

    stdout.write(render_schema())
    return ExitCode.PASS


# -- the parser ----------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    raw = argparse.RawDescriptionHelpFormatter
    parser = _Parser(
        prog="longtracer-guard",
        description=DESCRIPTION,
        epilog=EXAMPLES + "\n" + EXIT_CODES + "\nDocumentation: docs/guides/cli.md",
        formatter_class=raw,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def model_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--config", metavar="FILE", help="VerifyConfig as a .toml or .json file")
        p.add_argument(
            "--model",
            metavar="NAME",
            help="embedding model name or local folder (default: the bundled all-MiniLM-L6-v2)",
        )

    check = sub.add_parser(
        "check",
        help="verify one answer; the exit status is the quality gate",
        description=CHECK_HELP,
        epilog=CHECK_EXAMPLES + "\n" + EXIT_CODES,
        formatter_class=raw,
    )
    given = check.add_mutually_exclusive_group()
    given.add_argument("--answer", metavar="FILE", help="the answer, from a file (- for stdin)")
    given.add_argument("--answer-text", metavar="TEXT", help="the answer itself")
    check.add_argument(
        "--sources",
        metavar="PATH",
        nargs="+",
        action="extend",
        required=True,
        help="source files or folders (text, markdown, .json, .jsonl; - for stdin)",
    )
    check.add_argument("--policy", choices=POLICIES, help="default: the config's (flag)")
    check.add_argument("--format", choices=["text", "json", "html"], default="text")
    check.add_argument("--out", "-o", metavar="FILE", help="write the output here, not stdout")
    check.add_argument("--color", choices=["auto", "always", "never"], default="auto")
    check.add_argument(
        "--quiet", "-q", action="store_true", help="print nothing (--out is still written)"
    )
    model_options(check)

    report = sub.add_parser(
        "report",
        help="render case records as one self-contained HTML page",
        description=REPORT_HELP,
        epilog="examples:\n  longtracer-guard report case.json -o report.html\n"
        "  longtracer-guard report logs/grounding.jsonl -o audit.html\n",
        formatter_class=raw,
    )
    report.add_argument(
        "inputs", metavar="RECORDS", nargs="+", help=".json or .jsonl files (- for stdin)"
    )
    report.add_argument("--out", "-o", metavar="FILE", help="the HTML file (default: stdout)")

    ev = sub.add_parser(
        "eval",
        help="measure detection on labelled JSONL records",
        description=EVAL_HELP,
        epilog="example:\n  longtracer-guard eval data/faithbench_dev.jsonl --out eval.json\n",
        formatter_class=raw,
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
    ev.add_argument("--granularity", choices=["sentence", "window", "passage"])
    model_options(ev)

    adv = sub.add_parser(
        "adversarial",
        help="measure the adversarial corpora in a folder",
        description="Measure each *.jsonl corpus in a folder: the share of cases in the "
        "expected band and with the expected gate, per class.",
        formatter_class=raw,
    )
    adv.add_argument("corpus", metavar="FOLDER")
    adv.add_argument("--out", metavar="FILE", help="write the full JSON report here")
    adv.add_argument("--granularity", choices=["sentence", "window", "passage"])
    model_options(adv)

    audit = sub.add_parser(
        "audit",
        help="verify many logged answers (JSONL or Parquet); --ray for Ray Data",
        description=AUDIT_HELP,
        epilog=AUDIT_EXAMPLES,
        formatter_class=raw,
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

    sub.add_parser("schema", help="print the CaseResult JSON Schema")
    return parser


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush does not fail again."""
    with contextlib.suppress(OSError, ValueError):  # not a real file (tests): nothing to do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


_COMMANDS = {
    "check": _check,
    "report": _report,
    "eval": _eval,
    "adversarial": _adversarial,
    "schema": _schema,
    "audit": _audit,
}


def main(
    argv: list[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run ``longtracer-guard``; returns the exit status (see ``EXIT_CODES``)."""
    stdin = stdin if stdin is not None else sys.stdin
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    args = _parser().parse_args(argv)
    try:
        return int(_COMMANDS[args.command](args, stdin, stdout, stderr))
    except CliError as err:
        code, message = err.code, str(err)
    except ConfigError as err:
        code, message = ExitCode.CONFIG, str(err)
    except ModelUnavailableError as err:
        code, message = ExitCode.UNAVAILABLE, str(err)
    except (InvalidInputError, CorpusError) as err:  # a malformed records file (file:line)
        code, message = ExitCode.DATA, str(err)
    except BrokenPipeError:  # the reader went away (| head): not an error of ours
        _silence_stdout()
        return int(ExitCode.PASS)
    stderr.write(f"longtracer-guard: {message}\n")
    return int(code)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
