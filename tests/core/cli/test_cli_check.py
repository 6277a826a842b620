"""longtracer-guard check: one answer against source files, the gate as the exit status."""

from __future__ import annotations

import io
import json
import re

import pytest

import longtracer_core.cli as cli
import longtracer_core.cli.check as check_command
from longtracer_core.console import ExitCode
from longtracer_core.errors import ModelUnavailableError
from tests.core.cli.test_cli import Tty, run

pytestmark = pytest.mark.model  # the bundled embedding model does the checking

SOURCE = (
    "The Golden Gate Bridge opened to traffic in 1937. Its main span is 1,280 metres long.\n"
    "The bridge is painted International Orange."
)
FAITHFUL = "The Golden Gate Bridge opened in 1937. Its main span is 1,280 metres long."
FABRICATED = "The Golden Gate Bridge opened in 1937. It was designed by Gustave Eiffel in Paris."


@pytest.fixture
def source(tmp_path):
    path = tmp_path / "bridge.txt"
    path.write_text(SOURCE)
    return path


def test_faithful_answer_on_stdin_passes(source):
    """A faithful answer piped on stdin: exit 0, every claim SUPPORTED, the answer unchanged."""
    code, out, err = run(["check", "--sources", str(source)], stdin=FAITHFUL)
    assert code == ExitCode.PASS == 0, err
    assert out.startswith("PASS")
    assert out.count("SUPPORTED") == 2 and "UNSUPPORTED" not in out
    assert out.rstrip().endswith(FAITHFUL)


def test_fabricated_answer_fails_and_is_flagged(source):
    """A fabricated sentence: exit 1; its outcome, finding in words and the seed's reason
    printed; marked with the same words in the answer."""
    code, out, _ = run(["check", "--sources", str(source)], stdin=FABRICATED)
    assert code == ExitCode.FAIL == 1
    assert out.startswith("FAIL") and "Outcomes: 1 supported, 1 refuted." in out
    assert "REFUTED" in out and "refuted: no source names 'Gustave'" in out
    assert "reason: NOT_ENTAILED" in out and "p_wrong" in out
    answer = out.split("answer (flag):")[1]
    assert "Gustave Eiffel in Paris. [refuted: no source names 'Gustave'" in answer


def test_redact_policy_removes_the_unsupported_sentence(source):
    """--policy redact: the fabricated sentence never reaches the printed answer."""
    code, out, _ = run(
        ["check", "--sources", str(source), "--policy", "redact", "--answer-text", FABRICATED]
    )
    assert code == 1
    answer = out.split("answer (redact):")[1]
    assert "Eiffel" not in answer and "[removed: not supported by the sources]" in answer
    assert "opened in 1937" in answer


def test_answer_past_the_size_limit_is_indeterminate(tmp_path, source):
    """An answer past the configured limit is not checked: exit 2 (INDETERMINATE), not 0 or 1."""
    cfg = tmp_path / "c.json"
    cfg.write_text('{"limits": {"max_response_chars": 20}}')
    code, out, _ = run(["check", "--sources", str(source), "--config", str(cfg)], stdin=FAITHFUL)
    assert code == ExitCode.INDETERMINATE == 2
    assert out.startswith("INDETERMINATE") and "INPUT_TOO_LARGE" in out


def test_an_answer_with_nothing_to_check_fails(source):
    """An answer that is only a question asserts nothing: FAIL (exit 1), as the contract says."""
    code, out, _ = run(["check", "--sources", str(source)], stdin="Is the bridge orange?")
    assert code == 1 and out.startswith("FAIL")


def test_missing_model_is_indeterminate_and_withholds(source, monkeypatch):
    """No usable model: exit 2 with MODEL_UNAVAILABLE; under redact the answer is withheld."""

    def unavailable(name):
        raise ModelUnavailableError("no runtime for the test model")

    monkeypatch.setattr(check_command, "new_embedder", unavailable)
    code, out, _ = run(
        ["check", "--sources", str(source), "--policy", "redact", "--answer-text", FABRICATED]
    )
    assert code == 2
    assert "MODEL_UNAVAILABLE" in out and "no runtime for the test model" in out
    assert "Eiffel" not in out and "[answer withheld" in out


def test_answer_file_and_sources_folder_of_every_kind(tmp_path):
    """--answer FILE and a folder with .md, .json and .jsonl sources; ids and classes kept."""
    docs = tmp_path / "docs"
    (docs / "sub").mkdir(parents=True)
    (docs / "a.md").write_text("# Bridge\n\nThe Golden Gate Bridge opened in 1937.")
    (docs / "b.json").write_text(
        json.dumps(
            [
                {
                    "text": "The main span of the Golden Gate Bridge is 1,280 metres long.",
                    "source_id": "span-doc",
                }
            ]
        )
    )
    (docs / "sub" / "c.jsonl").write_text(
        json.dumps({"text": "The bridge was designed by Gustave Eiffel.", "class": "cache"}) + "\n"
    )
    (docs / ".hidden.txt").write_text("The bridge was designed by Gustave Eiffel.")
    (docs / "notes.bin").write_text("The bridge was designed by Gustave Eiffel.")
    answer = tmp_path / "answer.txt"
    answer.write_text(FAITHFUL)
    code, out, _ = run(
        ["check", "--answer", str(answer), "--sources", str(docs), "--format", "json"]
    )
    assert code == 0
    record = json.loads(out)
    sources = record["trace"]["sources"]
    assert [s["source_id"] for s in sources] == ["a.md", "span-doc", "sub/c.jsonl:1"]
    assert [s["class"] for s in sources] == ["truth", "truth", "cache"]
    assert record["case"]["quality_gate"] == "PASS" and record["text"] == FAITHFUL
    assert record["policy"] == "flag"


def test_cache_class_sources_cannot_support_a_claim(tmp_path):
    """A claim found only in a 'cache' source is not supported: class survives the file format."""
    src = tmp_path / "s.jsonl"
    src.write_text(
        json.dumps({"text": "The bridge was designed by Gustave Eiffel.", "class": "cache"})
    )
    code, _, _ = run(
        ["check", "--sources", str(src)], stdin="The bridge was designed by Gustave Eiffel."
    )
    assert code != 0


@pytest.mark.parametrize(
    ("name", "content", "code", "message"),
    [
        (
            "s.jsonl",
            '{"text": "ok"}\n{"text": 3}\n',
            65,
            "s.jsonl:2: a source object needs a string 'text'",
        ),
        ("s.jsonl", '{"text": "ok"}\n{"text": "x"\n', 65, "s.jsonl:2: invalid JSON"),
        (
            "s.json",
            '[{"text": "ok", "class": "gold"}]',
            65,
            "class 'gold' is not 'truth' or 'cache'",
        ),
        ("s.json", '[{"text": "ok", "url": "x"}]', 65, "unknown source field(s) url"),
        ("s.json", "[1]", 65, "a source must be a string or an object"),
        ("s.txt", b"\xff\xfe bad bytes", 65, "not UTF-8 text"),
    ],
)
def test_malformed_sources_name_file_and_line(tmp_path, name, content, code, message):
    """Malformed source files: one line naming file (and line), exit 65, before any model work."""
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    got, out, err = run(["check", "--sources", str(path)], stdin=FAITHFUL)
    assert got == code
    assert message in err and err.count("\n") == 1 and out == ""


def test_missing_source_file_exits_66(tmp_path):
    """A source path that does not exist: exit 66 naming it."""
    code, _, err = run(["check", "--sources", str(tmp_path / "nope.txt")], stdin=FAITHFUL)
    assert code == ExitCode.NO_INPUT == 66 and "nope.txt: no such file" in err


def test_no_answer_on_a_terminal_is_a_usage_error(source):
    """No --answer and stdin is a terminal: exit 64 saying how to pass one (no hanging read)."""
    err = io.StringIO()
    code = cli.main(
        ["check", "--sources", str(source)], stdin=Tty(), stdout=io.StringIO(), stderr=err
    )
    assert code == 64 and "pipe it on standard input" in err.getvalue()


def test_stdin_cannot_hold_answer_and_source(source):
    """Answer and a source both from stdin is refused (exit 64)."""
    code, _, err = run(["check", "--sources", "-"], stdin=FAITHFUL)
    assert code == 64 and "not both" in err


def test_source_from_stdin(tmp_path):
    """--sources - reads one text source from stdin when the answer comes from elsewhere."""
    code, out, _ = run(["check", "--answer-text", FAITHFUL, "--sources", "-"], stdin=SOURCE)
    assert code == 0 and out.startswith("PASS")


def test_config_file_sets_policy_and_option_overrides_it(tmp_path, source):
    """A TOML config sets the policy and its notice; --policy on the command line wins."""
    cfg = tmp_path / "guard.toml"
    cfg.write_text('policy = "redact"\nredaction_notice = "[cut]"\n[bands]\nsupported = 0.8\n')
    code, out, _ = run(["check", "--sources", str(source), "--config", str(cfg)], stdin=FABRICATED)
    assert (
        code == 1
        and "answer (redact):" in out
        and "[cut]" in out
        and "Eiffel" not in out.split("answer (redact):")[1]
    )
    code, out, _ = run(
        ["check", "--sources", str(source), "--config", str(cfg), "--policy", "flag"],
        stdin=FABRICATED,
    )
    assert re.search(
        r"Eiffel in Paris\. \[(refuted: .+|unverified)\]", out.split("answer (flag):")[1]
    )


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("c.toml", "beta = 1.5\n", "open interval"),
        ("c.toml", "beta = \n", "invalid TOML"),
        ("c.json", '{"beta": 0.5,}', "c.json:1: invalid JSON"),
        ("c.json", '{"no_such_setting": 1}', "no_such_setting"),
        ("c.json", "[1, 2]", "expected a table/object"),
    ],
)
def test_invalid_config_exits_78(tmp_path, source, name, content, message):
    """A broken or malformed config file: exit 78 naming the file and the problem."""
    cfg = tmp_path / name
    cfg.write_text(content)
    code, _, err = run(["check", "--sources", str(source), "--config", str(cfg)], stdin=FAITHFUL)
    assert code == ExitCode.CONFIG == 78
    assert message in err and name in err


def test_colour_only_on_a_terminal_and_never_with_no_color(source, monkeypatch):
    """Colour codes appear on a TTY, not in a pipe, not under NO_COLOR; --color always forces them."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    tty = Tty()
    cli.main(
        ["check", "--sources", str(source)],
        stdin=io.StringIO(FABRICATED),
        stdout=tty,
        stderr=io.StringIO(),
    )
    assert "\x1b[" in tty.getvalue()
    _, piped, _ = run(["check", "--sources", str(source)], stdin=FABRICATED)
    assert "\x1b[" not in piped
    monkeypatch.setenv("NO_COLOR", "1")
    tty = Tty()
    cli.main(
        ["check", "--sources", str(source)],
        stdin=io.StringIO(FABRICATED),
        stdout=tty,
        stderr=io.StringIO(),
    )
    assert "\x1b[" not in tty.getvalue()
    _, forced, _ = run(["check", "--sources", str(source), "--color", "always"], stdin=FABRICATED)
    assert "\x1b[" in forced


def test_quiet_prints_nothing_but_keeps_the_exit_status(source):
    """-q: no output at all; the exit status still carries the gate."""
    assert run(["check", "-q", "--sources", str(source)], stdin=FABRICATED) == (1, "", "")
    assert run(["check", "-q", "--sources", str(source)], stdin=FAITHFUL) == (0, "", "")


def test_quiet_still_writes_the_out_file(tmp_path, source):
    """-q with --out: the terminal stays silent, the file is written."""
    target = tmp_path / "case.json"
    code, out, err = run(
        ["check", "-q", "--sources", str(source), "--format", "json", "-o", str(target)],
        stdin=FABRICATED,
    )
    assert (code, out, err) == (1, "", "")
    assert json.loads(target.read_text())["case"]["quality_gate"] == "FAIL"


def test_out_file_gets_the_output_and_stderr_the_gate(tmp_path, source):
    """--out writes the chosen format to the file; stderr gets one line with the gate."""
    out_file = tmp_path / "deep" / "case.html"
    code, out, err = run(
        ["check", "--sources", str(source), "--format", "html", "--out", str(out_file)],
        stdin=FABRICATED,
    )
    assert code == 1 and out == ""
    assert err.startswith("FAIL: ") and str(out_file) in err
    html = out_file.read_text()
    assert html.startswith("<!doctype html>") and "Gustave Eiffel" in html


def test_unwritable_out_exits_73(tmp_path, source):
    """An --out path that cannot be written: exit 73."""
    blocker = tmp_path / "file"
    blocker.write_text("")
    code, _, err = run(
        ["check", "--sources", str(source), "--out", str(blocker / "x.json")], stdin=FAITHFUL
    )
    assert code == ExitCode.CANT_CREATE == 73 and "cannot write" in err


def test_json_record_round_trips_through_report(tmp_path, source):
    """check --format json writes the record report reads: case, trace, policy and text."""
    case_file = tmp_path / "case.json"
    code, _, _ = run(
        ["check", "--sources", str(source), "--format", "json", "-o", str(case_file)],
        stdin=FABRICATED,
    )
    assert code == 1
    record = json.loads(case_file.read_text())
    assert set(record) == {"case", "trace", "policy", "text"}
    assert record["trace"]["request"]["draft"] == FABRICATED
    html_file = tmp_path / "r.html"
    assert run(["report", str(case_file), "-o", str(html_file)])[0] == 0
    assert "Gustave Eiffel" in html_file.read_text()
