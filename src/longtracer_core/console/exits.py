"""Exit codes of ``longtracer-guard`` and the one error type that carries them.

``check`` exits with its quality gate (0 PASS, 1 FAIL, 2 INDETERMINATE), the
other subcommands with 0 on success. Problems with the invocation or its
inputs use the BSD ``sysexits.h`` codes from 64 up, as ``grep`` and ``ruff``
keep 0-2 for results, so a CI step can tell "the answer failed" from "the
check could not run".
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["CliError", "ExitCode"]


class ExitCode(IntEnum):
    """What a ``longtracer-guard`` exit status means."""

    PASS = 0  # check: the answer passed; other subcommands: success
    FAIL = 1  # check: at least one claim is not supported
    INDETERMINATE = 2  # check: nothing could be verified (no claims, model missing, ...)
    USAGE = 64  # bad arguments (EX_USAGE)
    DATA = 65  # an input file is malformed: the message names file:line (EX_DATAERR)
    NO_INPUT = 66  # an input file is missing or unreadable (EX_NOINPUT)
    UNAVAILABLE = 69  # the embedding model could not be loaded (EX_UNAVAILABLE)
    CANT_CREATE = 73  # the output file cannot be written (EX_CANTCREAT)
    TEMPFAIL = 75  # stopped before the end; what was done is kept, run again (EX_TEMPFAIL)
    CONFIG = 78  # the configuration is invalid (EX_CONFIG)


class CliError(Exception):
    """A problem the command line reports in one line and exits with ``code``."""

    def __init__(self, message: str, code: ExitCode) -> None:
        super().__init__(message)
        self.code = code
