"""The ``longtracer-guard`` program: the top-level parser, dispatch, and errors as exit codes."""

from __future__ import annotations

import contextlib
import os
import sys
from typing import TextIO

from ..console.exits import CliError, ExitCode
from ..errors import ConfigError, InvalidInputError, ModelUnavailableError
from ..evaluation.realistic_corpus import CorpusError
from . import adversarial, audit, check, evaluate, report, schema
from .common import EXIT_CODES, RAW, Parser, Streams, program_version

__all__ = ["main", "parser"]

DESCRIPTION = """\
Check LLM answers against their sources, claim by claim, and look at the results.
Each command has its own help: longtracer-guard COMMAND --help.
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

# The commands in the order --help lists them; each module adds its own parser.
COMMANDS = (check, report, evaluate, adversarial, audit, schema)


def parser() -> Parser:
    """The program's parser: ``--version`` and one subparser per command."""
    top = Parser(
        prog="longtracer-guard",
        description=DESCRIPTION,
        epilog=EXAMPLES + "\n" + EXIT_CODES + "\nDocumentation: docs/guides/cli.md",
        formatter_class=RAW,
    )
    top.add_argument("--version", action="version", version=f"%(prog)s {program_version()}")
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command.add_command(sub)
    return top


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush does not fail again."""
    with contextlib.suppress(OSError, ValueError):  # not a real file (tests): nothing to do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def main(
    argv: list[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run ``longtracer-guard``; returns the exit status (see ``EXIT_CODES``)."""
    streams = Streams(
        stdin=stdin if stdin is not None else sys.stdin,
        stdout=stdout if stdout is not None else sys.stdout,
        stderr=stderr if stderr is not None else sys.stderr,
    )
    args = parser().parse_args(argv)
    try:
        return int(args.run(args, streams))
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
    streams.stderr.write(f"longtracer-guard: {message}\n")
    return int(code)
