"""The --help text of the program and of every command, byte for byte as committed."""

from __future__ import annotations

from pathlib import Path

import pytest

from longtracer_core.cli import main

HELP = Path(__file__).parent / "help"
COMMANDS = ["check", "report", "eval", "adversarial", "audit", "schema"]


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_text_is_unchanged(command, capsys, monkeypatch):
    """`longtracer-guard [COMMAND] --help` at 80 columns prints exactly the committed text."""
    monkeypatch.setenv("COLUMNS", "80")
    argv = ["--help"] if command is None else [command, "--help"]
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 0
    expected = (HELP / f"{command or 'longtracer-guard'}.txt").read_text(encoding="utf-8")
    assert capsys.readouterr().out == expected


def test_every_command_has_its_committed_help():
    """Every command the parser knows has a committed help file (a new one adds its own)."""
    from longtracer_core.cli.app import parser

    sub = next(a for a in parser()._actions if a.dest == "command")
    assert sorted(sub.choices) == sorted(COMMANDS)
    assert sorted(p.stem for p in HELP.glob("*.txt")) == sorted([*COMMANDS, "longtracer-guard"])
