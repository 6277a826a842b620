"""``longtracer-guard report``: case records rendered as one self-contained HTML page."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..console.exits import CliError, ExitCode
from ..console.inputs import iter_json_values, read_text
from .common import RAW, Streams, Subparsers, generator, write_output

if TYPE_CHECKING:
    from ..report import CaseView

__all__ = ["add_command", "run"]

HELP = """\
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

EXAMPLES = """\
examples:
  longtracer-guard report case.json -o report.html
  longtracer-guard report logs/grounding.jsonl -o audit.html
"""


def add_command(sub: Subparsers) -> None:
    """The ``report`` parser and its arguments."""
    report = sub.add_parser(
        "report",
        help="render case records as one self-contained HTML page",
        description=HELP,
        epilog=EXAMPLES,
        formatter_class=RAW,
    )
    report.add_argument(
        "inputs", metavar="RECORDS", nargs="+", help=".json or .jsonl files (- for stdin)"
    )
    report.add_argument("--out", "-o", metavar="FILE", help="the HTML file (default: stdout)")
    report.set_defaults(run=run)


def _views(paths: list[str], streams: Streams) -> list[CaseView]:
    """One view per record in the files; a bad record names its file and line (or item)."""
    from ..report import RecordError, case_view

    views = []
    for path in paths:
        text = read_text(path, streams.stdin)
        for line, value in iter_json_values(path, text):
            many = isinstance(value, list) and not path.endswith(".jsonl")
            for k, record in enumerate(value if many else [value]):
                where = f"{path}: item {k}" if many else f"{path}:{line}"
                try:
                    views.append(case_view(record))
                except RecordError as err:
                    raise CliError(f"{where}: {err}", ExitCode.DATA) from None
    return views


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Read every record, write the page, say how many cases it holds."""
    from ..report import render_html

    views = _views(args.inputs, streams)
    if not views:
        raise CliError(f"{', '.join(args.inputs)}: no case records", ExitCode.DATA)
    write_output(render_html(views, generator=generator()), args.out, streams.stdout)
    if args.out not in (None, "-"):
        streams.stderr.write(f"wrote {len(views)} case(s) to {args.out}\n")
    return ExitCode.PASS
