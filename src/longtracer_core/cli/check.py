"""``longtracer-guard check``: verify one answer; the exit status is the quality gate."""

from __future__ import annotations

import argparse
import json
import warnings
from typing import TYPE_CHECKING

from ..config import POLICIES
from ..console.exits import CliError, ExitCode
from ..console.inputs import load_config, load_sources, read_text
from ..errors import JudgeUnavailableWarning, ModelUnavailableError
from .common import (
    EXIT_CODES,
    RAW,
    Streams,
    Subparsers,
    generator,
    judge_endpoint,
    judge_line,
    judge_options,
    model_options,
    new_embedder,
    write_output,
)

if TYPE_CHECKING:
    from ..pipeline.guarded import GuardedResponse

__all__ = ["add_command", "run"]

HELP = """\
Verify one answer against its sources. Prints each claim's verdict and the
answer after the policy; the exit status is the quality gate (0 PASS, 1 FAIL,
2 INDETERMINATE), so it fits shell pipelines and CI steps.

The answer comes from --answer FILE, --answer -, --answer-text TEXT, or
standard input when it is not a terminal. Sources: text and markdown files
(one source each, named by their path), .json (a list of strings or
{"text", "source_id", "class"} objects, or {"sources": [...]}), .jsonl (one
source per line), or a folder (every such file in it, sorted by path).

With --judge-url and --judge-model, an LLM on an OpenAI-compatible server
judges the claims the matcher could not settle (one request per answer); its
API key comes from the variable --judge-key-env names. A line on standard
error says what the judge did, or that it could not be used and why.
"""

EXAMPLES = """\
examples:
  echo "The bridge opened in 1932." | longtracer-guard check --sources bridge.txt
  longtracer-guard check --answer answer.md --sources docs/ --policy redact --format json
  longtracer-guard check --answer-text "..." --sources s.json --config guard.toml -q
  longtracer-guard check --answer answer.md --sources docs/ \\
      --judge-url http://127.0.0.1:8080/v1 --judge-model qwen2.5-7b-instruct
"""


def add_command(sub: Subparsers) -> None:
    """The ``check`` parser and its arguments."""
    check = sub.add_parser(
        "check",
        help="verify one answer; the exit status is the quality gate",
        description=HELP,
        epilog=EXAMPLES + "\n" + EXIT_CODES,
        formatter_class=RAW,
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
    judge_options(check)
    check.set_defaults(run=run)


def _answer(args: argparse.Namespace, streams: Streams) -> str:
    if args.answer_text is not None:
        return str(args.answer_text)
    if args.answer is not None:
        return read_text(args.answer, streams.stdin)
    if streams.stdin.isatty():
        raise CliError(
            "no answer: pass --answer FILE, --answer-text TEXT, or pipe it on standard input",
            ExitCode.USAGE,
        )
    return streams.stdin.read()


def _render(
    args: argparse.Namespace, guarded: GuardedResponse, policy: str, streams: Streams
) -> str:
    """The output in ``--format``: colour only for a terminal that is the output."""
    from ..console.render import case_record, render_text, use_colour

    if args.format == "json":
        return json.dumps(case_record(guarded, policy), ensure_ascii=False, indent=2) + "\n"
    if args.format == "html":
        from ..report import case_view, render_html

        view = case_view(case_record(guarded, policy))
        return render_html([view], generator=generator())
    colour = args.out in (None, "-") and use_colour(streams.stdout, args.color)
    return render_text(guarded, policy, colour=colour)


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Verify the answer, print or write it in ``--format``, exit with the gate."""
    from ..pipeline.guarded import unverified_response
    from ..pipeline.verifier import CitationVerifier

    reads_stdin = args.answer == "-" or (args.answer is None and args.answer_text is None)
    if "-" in args.sources and reads_stdin:
        raise CliError("standard input can hold the answer or a source, not both", ExitCode.USAGE)
    overrides = {"policy": args.policy} if args.policy else None
    config = load_config(args.config, overrides)
    sources = load_sources(args.sources, streams.stdin)
    answer = _answer(args, streams)
    endpoint = judge_endpoint(args)
    try:
        judge = endpoint.build() if endpoint is not None else None
        verifier = CitationVerifier(embedder=new_embedder(args.model), config=config, judge=judge)
        with warnings.catch_warnings():  # said once below, in the judge's line
            warnings.simplefilter("ignore", JudgeUnavailableWarning)
            guarded = verifier.guard(answer, sources, policy=config.policy)
    except ModelUnavailableError as err:  # fail closed: INDETERMINATE, answer withheld/marked
        guarded = unverified_response(answer, err, policy=config.policy, config=config)
    text = _render(args, guarded, config.policy, streams)
    to_file = args.out not in (None, "-")
    if to_file or not args.quiet:  # --quiet silences the terminal, not an --out file
        write_output(text, args.out, streams.stdout)
    gate = guarded.case.quality_gate.value
    judged = judge_line(guarded.case)
    if judged is not None and not args.quiet:
        streams.stderr.write(judged + "\n")
    if to_file and not args.quiet:
        from ..console.render import reading_note

        said = gate + reading_note(guarded.case)
        streams.stderr.write(f"{said}: {guarded.case.summary} ({args.out})\n")
    return int({"PASS": ExitCode.PASS, "FAIL": ExitCode.FAIL}.get(gate, ExitCode.INDETERMINATE))
