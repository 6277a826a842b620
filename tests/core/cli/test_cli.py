"""The longtracer-guard command line: eval, adversarial, help, version and exit codes."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from longtracer_core.cli import main
from longtracer_core.console import ExitCode
from tests.conftest import shared_file

RECORDS = [
    {
        "id": "r1",
        "source_text": ["The bridge opened in 1932 and is 503 metres long."],
        "question": None,
        "response": "The bridge opened in 1932.",
        "hallucination_spans": [],
        "response_label": "supported",
    },
    {
        "id": "r2",
        "source_text": ["The bridge opened in 1932 and is 503 metres long."],
        "question": None,
        "response": "The bridge opened in 1957.",
        "hallucination_spans": [{"start": 21, "end": 25, "text": "1957", "label_type": "Unwanted"}],
        "response_label": "hallucinated",
    },
    {
        "id": "r3",
        "source_text": ["Ada Lovelace wrote the first published algorithm."],
        "question": "Who wrote the first published algorithm?",
        "response": "Ada Lovelace",
        "hallucination_spans": [],
        "response_label": "supported",
    },
]


class Tty(io.StringIO):
    """A text stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def run(argv, stdin=""):
    """main() with captured streams: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def write_records(path, records):
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    return path


def test_eval_writes_a_report(tmp_path):
    """eval reports response- and sentence-level figures, the band table and the sweep."""
    data = write_records(tmp_path / "records.jsonl", RECORDS)
    out = tmp_path / "report.json"
    code, printed, _ = run(["eval", str(data), "--out", str(out), "--quiet"])
    assert code == 0
    report = json.loads(out.read_text())
    d = report["default"]
    assert report["records"] == 3 and report["labels"] == {"hallucinated": 1, "supported": 2}
    assert d["response_level"]["tp"] == 1 and d["response_level"]["fp"] == 0
    assert d["sentence_level"]["tp"] == 1
    assert set(d["worst_band_by_label"]) == {"supported", "partial", "unsupported", "not_assessed"}
    assert report["band_sweep"]["best_f1"]["bands"]["supported"] <= 0.85
    assert "NOT the default" in printed and "balanced acc" in printed


@pytest.mark.e2e
@pytest.mark.model
def test_eval_on_the_shared_dev_file_runs_from_the_console_script(tmp_path):
    """The installed console script runs on the real dev data (a slice); no bar off a terminal."""
    data = shared_file("data", "halueval_qa_dev.jsonl")
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "longtracer_core.cli",
            "eval",
            str(data),
            "--limit",
            "6",
            "--out",
            str(tmp_path / "r.json"),
        ],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    assert "records: 6" in out.stdout
    assert out.stderr == ""  # stderr is a pipe here: the progress bar stays off


def test_eval_progress_bar_draws_on_a_terminal(tmp_path):
    """On a terminal, eval draws a tqdm bar that reaches the last record."""
    data = write_records(tmp_path / "records.jsonl", RECORDS)
    err = Tty()
    assert main(["eval", str(data)], stdout=io.StringIO(), stderr=err) == 0
    assert "3/3" in err.getvalue() and "records.jsonl" in err.getvalue()


def test_eval_record_without_label_is_an_error_naming_its_line(tmp_path):
    """A record without response_label stops eval with file:line and exit 65; nothing is assumed."""
    unlabelled = {k: v for k, v in RECORDS[1].items() if k != "response_label"}
    data = write_records(tmp_path / "records.jsonl", [RECORDS[0], unlabelled])
    code, out, err = run(["eval", str(data), "--quiet"])
    assert code == ExitCode.DATA == 65
    assert f"{data}:2: response_label is missing" in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert out == ""


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ('{"response": "x", "source_text": ["y"], "response_label": "supported"', "invalid JSON"),
        ('{"response": "x", "source_text": ["y"], "response_label": "maybe"}', "'maybe'"),
        ('{"response": 3, "source_text": ["y"], "response_label": "supported"}', "response"),
        ('{"response": "x", "source_text": [1], "response_label": "supported"}', "source_text"),
        ('["not", "an", "object"]', "expected a JSON object"),
    ],
)
def test_eval_malformed_lines_name_file_and_line(tmp_path, line, problem):
    """Each kind of malformed record is one line on stderr, naming file:line, exit 65."""
    data = tmp_path / "d.jsonl"
    data.write_text(json.dumps(RECORDS[0]) + "\n\n" + line + "\n")
    code, _, err = run(["eval", str(data), "--quiet"])
    assert code == 65
    assert err.startswith(f"longtracer-guard: {data}:3: ") and problem in err


def test_eval_missing_file_exits_66(tmp_path):
    """A records file that does not exist: exit 66, not a traceback."""
    code, _, err = run(["eval", str(tmp_path / "nope.jsonl"), "--quiet"])
    assert code == ExitCode.NO_INPUT == 66 and "no such file" in err


def test_bad_config_is_a_clear_error(tmp_path):
    """An invalid --config exits 78 (EX_CONFIG) with the broken rule named."""
    cfg = tmp_path / "cfg.json"
    cfg.write_text('{"beta": 1.0}')
    data = write_records(tmp_path / "d.jsonl", RECORDS[:1])
    code, _, err = run(["eval", str(data), "--config", str(cfg), "--quiet"])
    assert code == ExitCode.CONFIG == 78
    assert "open interval" in err and str(cfg) in err


def test_adversarial_on_an_empty_folder_exits_66(tmp_path):
    """adversarial needs *.jsonl corpora; an empty folder is a missing input."""
    code, _, err = run(["adversarial", str(tmp_path)])
    assert code == 66 and "no corpus files" in err


def test_adversarial_measures_each_corpus(tmp_path):
    """adversarial prints one line per class and writes the JSON report."""
    case = {
        "id": "n1",
        "claim": "The bridge is 503 metres long.",
        "evidence": ["The bridge opened in 1932 and is 503 metres long."],
        "expected": "supported",
    }
    (tmp_path / "mini.jsonl").write_text(json.dumps(case) + "\n")
    out = tmp_path / "adv.json"
    code, printed, _ = run(["adversarial", str(tmp_path), "--out", str(out)])
    assert code == 0
    assert "mini/all: 1 cases, in expected band 1.000" in printed
    assert json.loads(out.read_text())["mini"]["all"]["cases"] == 1


def test_version_prints_the_package_version(capsys):
    """--version prints the installed distribution's version and exits 0."""
    from importlib.metadata import version

    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert (
        capsys.readouterr().out.strip() == f"longtracer-guard {version('longtracer-integrations')}"
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["check", "--help"],
        ["report", "--help"],
        ["eval", "--help"],
        ["audit", "--help"],
    ],
)
def test_help_is_plain_text_with_examples(capsys, argv):
    """--help is plain text (no reST markup), with examples; the top level lists the exit codes."""
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 0
    text = capsys.readouterr().out
    assert "``" not in text and ".. " not in text
    assert "example" in text
    if argv == ["--help"] or argv == ["check", "--help"]:
        assert "64  usage error" in text and "1   FAIL" in text
    if argv == ["eval", "--help"]:
        assert '"response_label": "supported" | "hallucinated"' in text


def test_usage_errors_exit_64(capsys):
    """A wrong option or a missing required one is a usage error: exit 64, not argparse's 2."""
    for argv in (["check", "--sources"], ["check", "--bogus"], ["nonsense"], []):
        with pytest.raises(SystemExit) as info:
            main(argv)
        assert info.value.code == ExitCode.USAGE == 64, argv
    assert "usage: longtracer-guard" in capsys.readouterr().err
