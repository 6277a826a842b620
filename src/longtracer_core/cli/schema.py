"""``longtracer-guard schema``: print the CaseResult JSON Schema."""

from __future__ import annotations

import argparse

from ..console.exits import ExitCode
from .common import Streams, Subparsers

__all__ = ["add_command", "run"]


def add_command(sub: Subparsers) -> None:
    """The ``schema`` parser (no arguments)."""
    sub.add_parser("schema", help="print the CaseResult JSON Schema").set_defaults(run=run)


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Write the schema committed at ``docs/schema/case_result.v1.json``."""
    from ..contracts.schema import render_schema

    streams.stdout.write(render_schema())
    return ExitCode.PASS
