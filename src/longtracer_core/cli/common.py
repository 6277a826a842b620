"""What several ``longtracer-guard`` commands share: streams, output, version, model options.

The judge options (``--judge-url``, ``--judge-model``, ``--judge-key-env``) name
an OpenAI-compatible server to judge the claims the matcher could not settle;
the API key is read from an environment variable, never from the command line,
so it is neither echoed nor kept in the shell's history.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TextIO, TypeAlias

from ..console.exits import CliError, ExitCode

if TYPE_CHECKING:
    from ..contracts import CaseResult
    from ..judge.endpoint import JudgeEndpoint
    from ..providers.embeddings import SentenceTransformerEmbedder

__all__ = [
    "EXIT_CODES",
    "RAW",
    "Command",
    "Parser",
    "Streams",
    "Subparsers",
    "generator",
    "judge_endpoint",
    "judge_line",
    "judge_options",
    "model_options",
    "new_embedder",
    "program_version",
    "write_output",
]

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

RAW = argparse.RawDescriptionHelpFormatter


@dataclass(frozen=True)
class Streams:
    """The three standard streams a command reads and writes (tests pass their own)."""

    stdin: TextIO
    stdout: TextIO
    stderr: TextIO


# One command's body: the parsed arguments and the streams in, the exit status out.
Command: TypeAlias = Callable[[argparse.Namespace, Streams], int]
Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


class Parser(argparse.ArgumentParser):
    """argparse with usage errors on exit code 64 (EX_USAGE) instead of 2."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(ExitCode.USAGE, f"{self.prog}: error: {message}\n")


def program_version() -> str:
    """The installed distribution's version (the package's own in a bare checkout)."""
    try:
        return version("longtracer-integrations")
    except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        from .. import __version__

        return __version__


def generator() -> str:
    """The name and version written into the HTML pages and summaries the commands make."""
    return f"longtracer-guard {program_version()}"


def write_output(text: str, out: str | None, stdout: TextIO) -> None:
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


def model_options(parser: argparse.ArgumentParser) -> None:
    """``--config`` and ``--model``: every command that verifies takes them."""
    parser.add_argument("--config", metavar="FILE", help="VerifyConfig as a .toml or .json file")
    parser.add_argument(
        "--model",
        metavar="NAME",
        help="embedding model name or local folder (default: the bundled all-MiniLM-L6-v2)",
    )


def new_embedder(name: str | None) -> SentenceTransformerEmbedder:
    """The embedder ``--model`` names (the bundled default without it); loads on first use."""
    from ..providers.embeddings import DEFAULT_EMBEDDING_MODEL, SentenceTransformerEmbedder

    return SentenceTransformerEmbedder(name or DEFAULT_EMBEDDING_MODEL)


def judge_options(parser: argparse.ArgumentParser) -> None:
    """``--judge-url``, ``--judge-model``, ``--judge-key-env`` and ``--judge-reply``: an LLM
    judge by its server."""
    from ..judge.endpoint import DEFAULT_KEY_ENV

    parser.add_argument(
        "--judge-url",
        metavar="URL",
        help="an OpenAI-compatible server (with /v1) that judges the claims the matcher "
        "could not settle; needs --judge-model",
    )
    parser.add_argument("--judge-model", metavar="NAME", help="the judge's model name")
    parser.add_argument(
        "--judge-key-env",
        metavar="VAR",
        default=DEFAULT_KEY_ENV,
        help=f"environment variable holding the judge's API key (default {DEFAULT_KEY_ENV}; "
        "unset: no key is sent)",
    )
    parser.add_argument(
        "--judge-reply",
        choices=["compact", "sentence", "quote"],
        default=None,
        help="what the judge writes per claim: the id of the deciding sentence (compact, the "
        "default: in one string with the label), or a quote copied from the evidence",
    )


def judge_endpoint(args: argparse.Namespace) -> JudgeEndpoint | None:
    """The endpoint the judge options name, None without them; half of them is a usage error."""
    from ..errors import InvalidInputError
    from ..judge.endpoint import JudgeEndpoint

    if args.judge_url is None and args.judge_model is None:
        return None
    if args.judge_url is None or args.judge_model is None:
        raise CliError("--judge-url and --judge-model go together", ExitCode.USAGE)
    try:
        reply = {"reply": args.judge_reply} if args.judge_reply else {}
        return JudgeEndpoint(args.judge_url, args.judge_model, key_env=args.judge_key_env, **reply)
    except InvalidInputError as err:
        raise CliError(str(err), ExitCode.USAGE) from None


def judge_line(case: CaseResult) -> str | None:
    """One line on what the judge did for a case; None when no judge ran."""
    meta = case.metadata.get("judge")
    if not isinstance(meta, dict):
        return None
    model = meta.get("model")
    if meta.get("unavailable"):
        return f"judge {model} could not be used, the matcher's verdicts stand: {meta.get('cause')}"
    tokens = meta.get("tokens") or {}
    used = (
        f", {tokens.get('prompt_tokens', 0)} prompt + "
        f"{tokens.get('completion_tokens', 0)} completion tokens"
        if tokens
        else ""
    )
    return (
        f"judge {model}: {meta.get('escalated', 0)} claims judged, "
        f"{meta.get('model_requests', 0)} requests{used}"
    )
