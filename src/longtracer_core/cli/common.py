"""What several ``longtracer-guard`` commands share: streams, output, version, model options."""

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
    from ..providers.embeddings import SentenceTransformerEmbedder

__all__ = [
    "EXIT_CODES",
    "RAW",
    "Command",
    "Parser",
    "Streams",
    "Subparsers",
    "generator",
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
