"""Hostile records: each one is one typed INVALID_INPUT row naming the field and the problem."""

from __future__ import annotations

import io
import json

import pytest

from longtracer_core.audit import (
    AuditKeys,
    BadRecord,
    CaseInput,
    InputProblem,
    Where,
    audit_local,
    decode_line,
    decode_record,
    jsonl_records,
    read_records,
    representable,
)
from longtracer_core.cli import main
from longtracer_core.console import ExitCode
from tests.core.audit.audit_data import synthetic_cases
from tests.helpers import SOURCES, SUPPORTED, verifier

# -- decoding: field and problem -------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "field", "problem"),
    [
        ({"sources": []}, "answer", "missing"),
        ({"answer": None, "sources": "not a list"}, "answer", "null"),
        ({"answer": 42, "sources": []}, "answer", "wrong_type"),
        ({"answer": "a\ud800b", "sources": []}, "answer", "surrogate"),
        ({"answer": "a"}, "sources", "missing"),
        ({"answer": "a", "sources": "not a list"}, "sources", "wrong_type"),
        ({"answer": "a", "sources": ["ok", "bad \udfff"]}, "sources", "surrogate"),
        ({"answer": "a", "sources": [{"text": "t", "title": "\ud83d"}]}, "sources", "surrogate"),
        ({"answer": "a", "sources": [], "question": "\ud800?"}, "question", "surrogate"),
        ({"answer": "a", "sources": [], "question": ["q"]}, "question", "wrong_type"),
        ({"id": "x\ud800", "answer": "a", "sources": []}, "id", "surrogate"),
        ({"id": {"k": 1}, "answer": "a", "sources": []}, "id", "wrong_type"),
        (["not", "an", "object"], "record", "wrong_type"),
    ],
)
def test_each_hostile_record_names_its_field_and_problem(record, field, problem):
    """A record that cannot be verified is a BadRecord with the field, the problem and a message."""
    out = decode_record(record, where=Where("logs.jsonl", 3))
    assert isinstance(out, BadRecord)
    assert (out.field, out.problem) == (field, InputProblem(problem))
    assert out.message and out.where == Where("logs.jsonl", 3)
    assert "\ud800" not in out.case_id and "\udfff" not in out.case_id  # ids are always text
    if field == "id" or not isinstance(record, dict) or "id" not in record:
        assert out.case_id == "logs.jsonl:3"  # an unusable or absent id: the record's place


@pytest.mark.parametrize(
    ("line", "problem", "words"),
    [
        (b'{"answer": "a", ', "not_json", "invalid JSON"),
        (b'{"answer": "caf\xe9", "sources": []}', "undecodable", "byte 0xe9 at offset 15"),
        (b"[" * 100_000, "not_json", "RecursionError"),
        (b'{"answer": "a", "sources": [], "n": ' + b"1" * 5000 + b"}", "not_json", "ValueError"),
    ],
)
def test_a_line_that_cannot_be_read_is_one_bad_record(line, problem, words):
    """Bytes that are not UTF-8, or text that is not JSON (too deep, too long a number) are bad."""
    out = decode_line(line, where=Where("f.jsonl", 9))
    assert isinstance(out, BadRecord)
    assert out.problem is InputProblem(problem) and out.field == "line"
    assert words in out.message and out.case_id == "f.jsonl:9"


def test_surrogate_pairs_written_as_escapes_are_valid_text():
    """A properly paired escape (an emoji) is valid Unicode and verifies as usual."""
    out = decode_line('{"answer": "Webb \\ud83d\\ude80 launched.", "sources": ["s"]}')
    assert isinstance(out, CaseInput) and "\U0001f680" in out.answer


def test_without_a_place_the_id_is_a_hash_even_for_text_that_is_not_unicode():
    """decode_record without a place: the stable content hash, also for lone surrogates."""
    a = decode_record({"answer": "a\ud800", "sources": []})
    b = decode_record({"answer": "a\ud800", "sources": []})
    assert isinstance(a, BadRecord) and a.case_id == b.case_id and a.case_id.startswith("sha256:")


def test_representable_escapes_only_lone_surrogates():
    """representable: valid text unchanged; a lone surrogate becomes its escape, valid UTF-8."""
    assert representable("café ✓") == "café ✓"
    assert representable("a\ud800b") == "a\\ud800b"
    representable("a\udfff").encode("utf-8")


# -- reading: places, blank lines, size cap ---------------------------------------------------


def test_lines_keep_their_numbers_and_an_oversize_line_is_skipped_unread():
    """Blank lines are no records but count; a BOM and CRLF are fine; a long line is OVERSIZE."""
    good = json.dumps({"answer": SUPPORTED, "sources": SOURCES}).encode()
    data = b"\xef\xbb\xbf" + good + b"\r\n\n   \n" + b'{"answer": "' + b"x" * 5000 + b'"}\n' + good
    records = list(
        jsonl_records(io.BytesIO(data).read, "f.jsonl", AuditKeys(), max_record_bytes=4096)
    )
    assert [r.where.row for r in records if r.where] == [1, 4, 5]
    assert isinstance(records[0], CaseInput) and isinstance(records[2], CaseInput)
    big = records[1]
    assert isinstance(big, BadRecord) and big.problem is InputProblem.OVERSIZE
    assert "5,014 bytes; the limit is 4,096" in big.message


def test_a_folder_of_mixed_parquet_files_and_a_corrupt_one(tmp_path):
    """Each Parquet file keeps its own schema; a file that is not Parquet is one UNREADABLE row."""
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    folder = tmp_path / "logs"
    (folder / "day=2").mkdir(parents=True)
    pq.write_table(
        pa.table({"answer": ["a", "b"], "sources": [["s"], ["t"]]}), folder / "p1.parquet"
    )
    pq.write_table(
        pa.table({"answer": [1, 2, 3], "id": ["x", "y", "z"]}), folder / "day=2/p2.parquet"
    )
    (folder / "p3.parquet").write_bytes(b"PAR1 this is not a parquet file")
    (folder / "_SUCCESS").write_text("")  # markers are not inputs
    records = list(read_records(folder))
    assert [str(r.where) for r in records] == [
        "day=2/p2.parquet:1",
        "day=2/p2.parquet:2",
        "day=2/p2.parquet:3",
        "p1.parquet:1",
        "p1.parquet:2",
        "p3.parquet:1",
    ]
    assert [r.case_id for r in records[:3]] == ["x", "y", "z"]
    assert all(
        isinstance(r, BadRecord) and r.problem is InputProblem.WRONG_TYPE for r in records[:3]
    )
    assert isinstance(records[3], CaseInput) and records[3].case_id == "p1.parquet:1"
    assert isinstance(records[5], BadRecord) and records[5].problem is InputProblem.UNREADABLE


# -- the file, end to end ------------------------------------------------------------


def _hostile_file(path):
    """Five good rows, a lone surrogate, a null answer with bad sources, a line that is not JSON."""
    lines = [json.dumps(r) for r in synthetic_cases(5, docs=12)]
    lines.append('{"id": "surrogate", "answer": "The tower \\ud800 opened.", "sources": ["x"]}')
    lines.append('{"id": "nulls", "answer": null, "sources": "not a list"}')
    lines.append("this line is not JSON")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.model
def test_the_hostile_file_gives_eight_rows_a_summary_and_a_report(tmp_path):
    """The issue's eight lines: exit 0, eight rows, three INVALID_INPUT, outputs valid UTF-8."""
    logs = tmp_path / "logs.jsonl"
    _hostile_file(logs)
    out = io.StringIO()
    assert main(["audit", str(logs), "--out", str(tmp_path / "a")], stdout=out) == ExitCode.PASS
    text = (tmp_path / "a" / "results.jsonl").read_bytes().decode("utf-8")  # strict: valid UTF-8
    *lines, last = text.split("\n")  # JSON Lines: "\n" ends a line (a string may hold U+2028)
    assert last == ""
    rows = [json.loads(line) for line in lines]
    assert [r["input_row"] for r in rows] == list(range(1, 9))
    bad = {r["case_id"]: r for r in rows if r["reason"] == "INVALID_INPUT"}
    assert set(bad) == {"surrogate", "nulls", "logs.jsonl:8"}
    assert [(r["input_field"], r["input_problem"]) for r in bad.values()] == [
        ("answer", "surrogate"),
        ("answer", "null"),
        ("line", "not_json"),
    ]
    assert all(r["quality_gate"] == "INDETERMINATE" for r in bad.values())
    # the surrogate is kept, escaped: it reads back as the same text
    assert "\ud800" in bad["surrogate"]["trace"]["request"]["draft"]
    summary = json.loads((tmp_path / "a" / "summary.json").read_bytes().decode("utf-8"))
    assert summary["cases"] == 8 and summary["invalid_rows"] == 3
    assert summary["invalid_problems"] == {
        "answer: surrogate": 1,
        "answer: null": 1,
        "line: not_json": 1,
    }
    html = (tmp_path / "a" / "report.html").read_bytes().decode("utf-8")
    assert "3 of them could not be verified as given" in html
    assert "invalid rows: 3" in out.getvalue()


def test_an_oversize_answer_is_counted_as_invalid(tmp_path):
    """An answer past the verifier's limit is one INPUT_TOO_LARGE row, counted as invalid."""
    logs = tmp_path / "logs.jsonl"
    logs.write_text(
        json.dumps({"id": "big", "answer": "word " * 30_000, "sources": SOURCES})
        + "\n"
        + json.dumps({"id": "ok", "answer": SUPPORTED, "sources": SOURCES})
        + "\n"
    )
    summary = audit_local(logs, tmp_path / "r.jsonl", verifier())
    rows = [json.loads(x) for x in (tmp_path / "r.jsonl").read_text().splitlines()]
    assert rows[0]["reason"] == "INPUT_TOO_LARGE"
    assert summary.to_dict()["invalid_problems"] == {"INPUT_TOO_LARGE": 1}
    assert "characters; the limit is" in rows[0]["error"]
