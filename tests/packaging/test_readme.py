"""README.md runs as written: every code block, in order, in a fresh venv from the built wheel.

Each fenced block is taken exactly as the README shows it, with nothing added.
Python blocks run in their own interpreter of the venv; shell blocks run line
by line in bash, in one working folder shared by every block (so the CLI
reads the ``bridge.txt`` an earlier line wrote). Two kinds of line stand for
what a test cannot do literally: ``pip install longtracer-integrations[extra]``
installs the freshly built wheel with that extra (its dependencies from the
wheelhouse, ``tests.fresh_env.pip_install``), and the clone commands ``make
demo`` / ``make test`` are CI's own entry (``.ci/run`` runs ``make test`` first,
which runs this file), checked here only for what they are. A ``# exit N``
comment on a shell line is the status it must end with (default 0); a ``text``
block is the output of the Python block before it, each of its lines printed. Offline:
no model download, no API key; where a block needs a chat model the README
shows the fake it uses.
"""

from __future__ import annotations

import os
import re
import subprocess
import venv
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.fresh_env import build_wheel, pip_install

pytestmark = pytest.mark.e2e  # about the README as a whole; the block run is also slow

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
CLONE_COMMANDS = ("make demo", "make test")
_INSTALL = re.compile(r'pip install "?longtracer-integrations(\[[a-z,]+\])?"?')
_EXIT = re.compile(r"#\s*exits?\s+(\d+)")

# What each Python block must print (the README's comments say the same), by a line of
# code that names the block. A new block needs an entry here.
PRINTS = {
    "guarded = CitationVerifier().guard(": [
        "[removed: not supported by the sources] Its main span is 1,280 metres long. "
        "It is painted orange. [unverified]",
        "c1 refuted: the claim gives 1951; source bridge.txt gives 1937",
        "c2 supported by bridge.txt",
        "c3 uncertain: ",
    ],
    "case = check_case(": [
        "PASS - 2 of 2 claims supported by the sources.",
        "['bridge.txt']",
        "NO_SOURCE_TEXT - Every source is empty (no text)",
    ],
    "| GroundingGuard(": ["The bridge opened in 1937. [removed: not supported by the sources]"],
    'grounding_node(policy="redact")': [
        "Webb launched in 2021. [removed: not supported by the sources]",
        "FAIL",
    ],
    "GroundingPostprocessor(": [
        "[removed: not supported by the sources] Its main span is 1,280 metres long.",
        "FAIL",
    ],
    "VerifyConfig(policy=": ["[removed] Its main span is 1,280 metres long. [removed]"],
}


@dataclass(frozen=True)
class Block:
    """One fenced code block of the README."""

    language: str
    code: str
    line: int


def readme_blocks(text: str) -> list[Block]:
    """Every fenced block, in order, with the line its code starts on."""
    blocks = []
    for match in re.finditer(r"^```(\w*)\n(.*?)^```$", text, flags=re.S | re.M):
        line = text.count("\n", 0, match.start(2)) + 1
        blocks.append(Block(match.group(1), match.group(2), line))
    return blocks


def shell_commands(code: str) -> list[str]:
    """A shell block as the commands a user pastes one at a time (a heredoc stays whole)."""
    commands: list[str] = []
    lines = code.splitlines()
    i = 0
    while i < len(lines):
        command = lines[i]
        heredoc = re.search(r"<<\s*'?(\w+)'?", command)
        if heredoc:
            end = lines.index(heredoc.group(1), i + 1)
            command = "\n".join(lines[i : end + 1])
            i = end
        if command.strip():
            commands.append(command)
        i += 1
    return commands


def _expected_exit(command: str) -> int:
    found = _EXIT.search(command.splitlines()[0])
    return int(found.group(1)) if found else 0


def _without_comment(command: str) -> str:
    return command.split("#", 1)[0].strip()


def test_readme_leads_with_the_install_and_the_two_clone_commands():
    """The first block is `pip install longtracer-integrations`; the clone block is exactly
    `make demo` and `make test`, the Makefile defines both, and CI runs `make test` first
    (every other suite starts after it)."""
    blocks = readme_blocks(README.read_text(encoding="utf-8"))
    assert blocks[0].code.strip() == "pip install longtracer-integrations"
    clone = [b for b in blocks if b.code.lstrip().startswith("make ")]
    assert len(clone) == 1
    assert tuple(_without_comment(c) for c in shell_commands(clone[0].code)) == CLONE_COMMANDS
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^demo:", makefile, re.M) and re.search(r"^test:", makefile, re.M)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    code = "\n".join(line.split("#", 1)[0] for line in ci.splitlines())
    steps = re.findall(r'step "[^"]+" make (test[\w-]*)', code)  # the foreground suites
    assert steps and steps[0] == "test", steps
    # a suite in the background (the llm-server chain) starts only once make test passed
    background = [m.start() for m in re.finditer(r"^\s*make test-[\w-]+", code, re.M)]
    waited = code.find('while [ ! -e "$TESTED" ]')
    assert all(0 <= waited < at for at in background), "a background suite does not wait"
    assert code.index('step "make test" make test') < code.index('touch "$TESTED"')


def test_every_python_block_has_its_printed_lines_pinned():
    """Each Python block of the README is named by exactly one PRINTS entry."""
    blocks = [
        b for b in readme_blocks(README.read_text(encoding="utf-8")) if b.language == "python"
    ]
    for block in blocks:
        names = [key for key in PRINTS if key in block.code]
        assert len(names) == 1, f"README.md:{block.line}: named by {names}"
    assert len(blocks) == len(PRINTS)


@pytest.fixture(scope="module")
def readme_env(tmp_path_factory) -> tuple[Path, Path]:
    """A fresh venv (pip only) and the built wheel the README's install lines install."""
    where = tmp_path_factory.mktemp("readme")
    wheel = build_wheel(where)
    venv.EnvBuilder(with_pip=True).create(where / "venv")
    return where / "venv" / "bin", wheel


def _env(bin_dir: Path, home: Path) -> dict[str, str]:
    """Only the venv on PATH: no checkout on sys.path, no PYTHONPATH, no network hints."""
    return {
        "PATH": f"{bin_dir}:/usr/bin:/bin",
        "HOME": str(home),
        "HF_HUB_OFFLINE": "1",
        "LANG": os.environ.get("LANG", "C.UTF-8"),
    }


def _run_shell(block: Block, bin_dir: Path, wheel: Path, work: Path) -> None:
    for command in shell_commands(block.code):
        plain = _without_comment(command)
        if plain in CLONE_COMMANDS:
            continue  # CI's own entry: .ci/run runs `make test`, which runs this test
        install = _INSTALL.fullmatch(plain)
        if install:
            pip_install(bin_dir / "pip", f"{wheel}{install.group(1) or ''}")
            continue
        out = subprocess.run(
            ["bash", "-c", command],
            cwd=work,
            env=_env(bin_dir, work),
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert out.returncode == _expected_exit(command), (
            f"README.md:{block.line}: {command}\n{out.stdout[-2000:]}\n{out.stderr[-2000:]}"
        )


def _run_python(block: Block, bin_dir: Path, work: Path) -> str:
    out = subprocess.run(
        [str(bin_dir / "python"), "-c", block.code],
        cwd=work,
        env=_env(bin_dir, work),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, f"README.md:{block.line}\n{out.stderr[-3000:]}"
    (name,) = [key for key in PRINTS if key in block.code]
    for expected in PRINTS[name]:
        assert expected in out.stdout, f"README.md:{block.line}: {expected!r} not in\n{out.stdout}"
    return out.stdout


def _check_output(block: Block, printed: str | None) -> None:
    """A ``text`` block shows what the Python block before it prints: every line of it."""
    assert printed is not None, f"README.md:{block.line}: a text block follows no Python block"
    for line in block.code.splitlines():
        assert line.strip() in printed, f"README.md:{block.line}: {line!r} not in\n{printed}"


@pytest.mark.slow
def test_every_block_runs_as_written_in_order(readme_env, tmp_path):
    """Every block of README.md, top to bottom, unmodified, in a fresh venv from the wheel:
    Python blocks exit 0 and print what the README says (a ``text`` block after one is its
    output, line for line); shell lines end with the status their `# exit N` comment names;
    the TOML written by a block is what the CLI reads."""
    bin_dir, wheel = readme_env
    blocks = readme_blocks(README.read_text(encoding="utf-8"))
    assert {b.language for b in blocks} <= {"bash", "python", "text"}
    printed: str | None = None
    for block in blocks:
        if block.language == "python":
            printed = _run_python(block, bin_dir, tmp_path)
        elif block.language == "text":
            _check_output(block, printed)
        else:
            _run_shell(block, bin_dir, wheel, tmp_path)
            printed = None
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "The bridge opened in 1951." in html
