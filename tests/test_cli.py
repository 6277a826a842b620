"""The longtracer-guard command line: eval and adversarial reports."""

from __future__ import annotations

import json
import subprocess
import sys

from longtracer_core.cli import main

from .conftest import shared_file

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


def test_eval_writes_a_report(tmp_path, capsys):
    """eval reports response- and sentence-level figures, the band table and the sweep."""
    data = tmp_path / "records.jsonl"
    data.write_text("\n".join(json.dumps(r) for r in RECORDS) + "\n")
    out = tmp_path / "report.json"
    assert main(["eval", str(data), "--out", str(out), "--quiet"]) == 0
    report = json.loads(out.read_text())
    d = report["default"]
    assert report["records"] == 3 and report["labels"] == {"hallucinated": 1, "supported": 2}
    assert d["response_level"]["tp"] == 1 and d["response_level"]["fp"] == 0
    assert d["sentence_level"]["tp"] == 1
    assert set(d["worst_band_by_label"]) == {"supported", "partial", "unsupported", "not_assessed"}
    assert report["band_sweep"]["best_f1"]["bands"]["supported"] <= 0.85
    printed = capsys.readouterr().out
    assert "NOT the default" in printed and "balanced acc" in printed


def test_eval_on_the_shared_dev_file_runs_from_the_console_script(tmp_path):
    """The installed console script runs on the real dev data (a slice)."""
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
    assert "6/6" in out.stderr  # the progress bar reached the end


def test_bad_config_is_a_clear_error(tmp_path, capsys):
    """An invalid --config exits 2 with the broken rule named."""
    cfg = tmp_path / "cfg.json"
    cfg.write_text('{"beta": 1.0}')
    data = tmp_path / "d.jsonl"
    data.write_text(json.dumps(RECORDS[0]) + "\n")
    assert main(["eval", str(data), "--config", str(cfg), "--quiet"]) == 2
    assert "open interval" in capsys.readouterr().err
