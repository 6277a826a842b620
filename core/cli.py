"""``longtracer-guard``: command-line entry points.

longtracer-guard eval DATA.jsonl [--config cfg.json] [--out report.json] [--limit N]
longtracer-guard eval tests/realistic [--split dev|test] [--out report.json]
longtracer-guard adversarial CORPUS_DIR [--config cfg.json] [--out report.json]
longtracer-guard schema
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from .config import VerifyConfig
from .errors import ConfigError, ModelUnavailableError
from .evaluation.realistic import CorpusError

__all__ = ["main"]


class ProgressBar:
    """A small text progress bar on stderr (no dependency); silent when not a terminal."""

    def __init__(self, label: str, stream: TextIO = sys.stderr, width: int = 30) -> None:
        self.label = label
        self.stream = stream
        self.width = width
        self.started = time.perf_counter()
        self.tty = stream.isatty()
        self._last = -1

    def __call__(self, done: int, total: int) -> None:
        pct = int(100 * done / total) if total else 100
        if not self.tty and pct // 10 == self._last // 10 and done != total:
            return
        self._last = pct
        filled = int(self.width * done / total) if total else self.width
        rate = done / max(time.perf_counter() - self.started, 1e-9)
        line = (
            f"{self.label} [{'#' * filled}{'.' * (self.width - filled)}] "
            f"{done}/{total} {pct:3d}% {rate:5.1f}/s"
        )
        end = "\n" if done >= total or not self.tty else ""
        self.stream.write(("\r" if self.tty else "") + line + end)
        self.stream.flush()


def _config(path: str | None, granularity: str | None) -> VerifyConfig:
    data: dict[str, Any] = {}
    if path:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    if granularity:
        data["span_granularity"] = granularity
    return VerifyConfig.model_validate(data)


def _embedder(name: str | None) -> Any:
    from .providers.embeddings import DEFAULT_EMBEDDING_MODEL, SentenceTransformerEmbedder

    return SentenceTransformerEmbedder(name or DEFAULT_EMBEDDING_MODEL)


def _write(report: dict[str, Any], out: str | None) -> None:
    text = json.dumps(report, indent=2, ensure_ascii=False)
    if out:
        Path(out).parent.mkdir(parents=True, exist_ok=True)
        Path(out).write_text(text + "\n", encoding="utf-8")


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
    return "\n".join(lines)


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
    return "\n".join(lines)


def _eval_realistic(args: argparse.Namespace) -> int:
    from .evaluation.realistic import load_realistic
    from .evaluation.realistic_eval import evaluate_realistic
    from .pipeline.verifier import CitationVerifier

    records = load_realistic(args.data, split=None if args.split == "all" else args.split)
    if args.limit:
        records = records[: args.limit]
    verifier = CitationVerifier(
        embedder=_embedder(args.model), config=_config(args.config, args.granularity)
    )
    report = evaluate_realistic(
        records, verifier, progress=None if args.quiet else ProgressBar(Path(args.data).name)
    )
    report["data"] = str(args.data)
    _write(report, args.out)
    print(_realistic_summary(report))
    return 0


def _eval(args: argparse.Namespace) -> int:
    from .evaluation import evaluate_records, load_records

    if _is_realistic(Path(args.data)):
        return _eval_realistic(args)

    config = _config(args.config, args.granularity)
    records = load_records(args.data, limit=args.limit)
    _, report = evaluate_records(
        records,
        embedder=_embedder(args.model),
        config=config,
        progress=None if args.quiet else ProgressBar(Path(args.data).name),
    )
    report["data"] = str(args.data)
    _write(report, args.out)
    print(_summary(report))
    return 0


def _adversarial(args: argparse.Namespace) -> int:
    from .evaluation import load_corpus, measure_corpus
    from .pipeline.verifier import CitationVerifier

    verifier = CitationVerifier(
        embedder=_embedder(args.model), config=_config(args.config, args.granularity)
    )
    report: dict[str, Any] = {}
    for path in sorted(Path(args.corpus).glob("*.jsonl")):
        report[path.stem] = measure_corpus(load_corpus(path), verifier)
        for variant, row in report[path.stem].items():
            print(
                f"{path.stem}/{variant}: {row['cases']} cases, in expected band "
                f"{row['in_expected_band']:.3f}, gate as expected {row['gate_as_expected']:.3f}"
            )
    _write(report, args.out)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="longtracer-guard",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--config", help="VerifyConfig as a JSON file")
        p.add_argument(
            "--granularity",
            choices=["sentence", "window", "passage"],
            help="override span_granularity",
        )
        p.add_argument("--model", help="embedding model name or local folder")
        p.add_argument("--out", help="write the full JSON report here")

    ev = sub.add_parser("eval", help="evaluate on labelled JSONL records")
    ev.add_argument("data")
    ev.add_argument("--limit", type=int)
    ev.add_argument("--quiet", action="store_true", help="no progress bar")
    ev.add_argument(
        "--split",
        choices=["dev", "test", "all"],
        default="all",
        help="realistic corpus only: which split to measure (default: both, reported apart)",
    )
    common(ev)
    adv = sub.add_parser("adversarial", help="measure the adversarial corpora in a folder")
    adv.add_argument("corpus")
    common(adv)
    sub.add_parser("schema", help="print the CaseResult JSON Schema")
    args = parser.parse_args(argv)
    try:
        if args.command == "eval":
            return _eval(args)
        if args.command == "adversarial":
            return _adversarial(args)
        from .contracts.schema import render_schema

        sys.stdout.write(render_schema())
        return 0
    except (ConfigError, ModelUnavailableError, FileNotFoundError, CorpusError) as err:
        print(f"longtracer-guard: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
