"""``longtracer-guard adversarial``: measure the adversarial corpora in a folder."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ..console.exits import CliError, ExitCode
from ..console.inputs import load_config
from .common import RAW, Streams, Subparsers, model_options, new_embedder, write_output
from .evaluate import GRANULARITIES, span_overrides

__all__ = ["add_command", "run"]


def add_command(sub: Subparsers) -> None:
    """The ``adversarial`` parser and its arguments."""
    adv = sub.add_parser(
        "adversarial",
        help="measure the adversarial corpora in a folder",
        description="Measure each *.jsonl corpus in a folder: the share of cases in the "
        "expected band and with the expected gate, per class.",
        formatter_class=RAW,
    )
    adv.add_argument("corpus", metavar="FOLDER")
    adv.add_argument("--out", metavar="FILE", help="write the full JSON report here")
    adv.add_argument("--granularity", choices=GRANULARITIES)
    model_options(adv)
    adv.set_defaults(run=run)


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Measure every corpus file: one line per corpus and variant, the JSON to ``--out``."""
    from ..evaluation import load_corpus, measure_corpus
    from ..pipeline.verifier import CitationVerifier

    corpus = Path(args.corpus)
    files = sorted(corpus.glob("*.jsonl")) if corpus.is_dir() else []
    if not files:
        raise CliError(
            f"{args.corpus}: no corpus files (*.jsonl) in this folder", ExitCode.NO_INPUT
        )
    verifier = CitationVerifier(
        embedder=new_embedder(args.model), config=load_config(args.config, span_overrides(args))
    )
    report: dict[str, Any] = {}
    for path in files:
        report[path.stem] = measure_corpus(load_corpus(path), verifier)
        for variant, row in report[path.stem].items():
            streams.stdout.write(
                f"{path.stem}/{variant}: {row['cases']} cases, in expected band "
                f"{row['in_expected_band']:.3f}, gate as expected {row['gate_as_expected']:.3f}\n"
            )
    if args.out:
        write_output(
            json.dumps(report, indent=2, ensure_ascii=False) + "\n", args.out, streams.stdout
        )
    return ExitCode.PASS
