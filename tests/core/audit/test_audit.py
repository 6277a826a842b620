"""The audit without Ray: record decoding, per-record isolation, rows, summary, the CLI command."""

from __future__ import annotations

import io
import json

import pytest

from longtracer_core import CitationVerifier
from longtracer_core.audit import (
    AUDIT_FIELDS,
    AuditKeys,
    AuditSummary,
    BadRecord,
    CaseInput,
    audit_fields,
    decode_line,
    decode_record,
    verify_inputs,
)
from longtracer_core.cli import main
from longtracer_core.console import ExitCode
from longtracer_core.report import case_view, render_html
from longtracer_core.testing import HashEmbedder
from tests.core.audit.audit_data import synthetic_cases
from tests.helpers import FABRICATED, SOURCES, SUPPORTED, SWAPPED, verifier

# -- decoding ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"id": "x", "sources": []}, "no 'answer' field"),
        ({"id": "x", "answer": 42, "sources": []}, "'answer' must be a string, got int"),
        ({"id": "x", "answer": "a"}, "no 'sources' field"),
        ({"id": "x", "answer": "a", "sources": "plain text"}, "is a string that is not JSON"),
        ({"id": "x", "answer": "a", "sources": {"text": "t"}}, "must be a list of sources"),
        ({"id": "x", "answer": "a", "sources": 7}, "must be a list of sources, got int"),
        ({"id": "x", "answer": "a", "sources": ["ok", 3]}, "sources[1] must be a string"),
        ({"id": "x", "answer": "a", "sources": [], "question": 5}, "'question' must be a string"),
        (["not", "an", "object"], "expected a JSON object, got list"),
    ],
)
def test_a_record_that_cannot_be_verified_says_why(record, message):
    """Each kind of broken record becomes a BadRecord whose message names the problem."""
    out = decode_record(record)
    assert isinstance(out, BadRecord)
    assert message in out.message
    if isinstance(record, dict):
        assert out.case_id == "x"


def test_sources_may_be_a_json_string_and_null_fields_are_dropped():
    """A JSON list in a string cell is decoded; null fields of object sources are dropped."""
    out = decode_record(
        {
            "answer": "a",
            "sources": json.dumps([{"text": "t", "source_id": None, "title": None}, "u"]),
        }
    )
    assert isinstance(out, CaseInput)
    assert out.sources == [{"text": "t"}, "u"]
    assert decode_record({"answer": "a", "sources": None}).sources == []  # type: ignore[union-attr]


def test_ids_come_from_the_id_field_or_a_stable_hash():
    """No id: the same record always gets the same id, a different record another one."""
    keys = AuditKeys(id="qid")
    assert decode_record({"qid": 17, "answer": "a", "sources": []}, keys).case_id == "17"
    a = decode_record({"answer": "a", "sources": ["s"]})
    b = decode_record({"answer": "a", "sources": ["s"]})
    c = decode_record({"answer": "b", "sources": ["s"]})
    assert a.case_id == b.case_id != c.case_id
    assert a.case_id.startswith("sha256:")


def test_a_line_that_is_not_json_is_a_bad_record():
    """decode_line: invalid JSON is a BadRecord naming the column; other keys are honoured."""
    bad = decode_line('{"answer": "a", ')
    assert isinstance(bad, BadRecord) and "invalid JSON" in bad.message
    keys = AuditKeys(answer="response", sources="docs")
    good = decode_line('{"response": "r", "docs": ["d"]}', keys)
    assert isinstance(good, CaseInput) and good.answer == "r" and good.sources == ["d"]


# -- verification, one failure per record --------------------------------------------


class PoisonEmbedder(HashEmbedder):
    """Fails any embedding call that contains the word POISON (the whole call, as a model would)."""

    def embed(self, texts):
        if any("POISON" in t for t in texts):
            raise RuntimeError("the embedding server rejected the request")
        return super().embed(texts)


def _inputs():
    return [
        CaseInput("ok-1", SUPPORTED, SOURCES),
        CaseInput("bad", "POISON " + SUPPORTED, SOURCES),
        CaseInput("ok-2", SWAPPED, SOURCES),
        BadRecord("broken", "", "no 'answer' field"),
        CaseInput("ok-3", FABRICATED, SOURCES),
    ]


def test_one_poisoned_record_fails_alone():
    """A record that breaks the shared embedding call is INDETERMINATE; the others get verdicts."""
    v = verifier(embedder=PoisonEmbedder())
    out = verify_inputs(v, _inputs())
    gates = {g.case.case_id: g.case.quality_gate.value for g in out}
    assert [g.case.case_id for g in out] == ["ok-1", "bad", "ok-2", "broken", "ok-3"]
    assert gates["bad"] == gates["broken"] == "INDETERMINATE"
    assert out[1].case.reason.value == "EVALUATION_FAILED"
    assert out[3].case.reason.value == "INVALID_INPUT"
    assert out[3].case.error_message == "no 'answer' field"
    alone = verifier(embedder=HashEmbedder())
    for g, text in zip([out[0], out[2], out[4]], [SUPPORTED, SWAPPED, FABRICATED], strict=True):
        expected = alone.verify_case(text, SOURCES)
        assert g.case.quality_gate == expected.quality_gate
        assert [c.assessment for c in g.case.claims] == [c.assessment for c in expected.claims]


class RaisingBatchVerifier(CitationVerifier):
    """A verifier whose batch call raises (as a stricter item validation might)."""

    def verify_batch(self, *args, **kwargs):
        raise ValueError("batch rejected")


def test_a_batch_call_that_raises_is_redone_record_by_record():
    """If verify_batch raises, every record is still verified on its own."""
    v = RaisingBatchVerifier(embedder=HashEmbedder())
    out = verify_inputs(
        v, [CaseInput("a", SUPPORTED, SOURCES), CaseInput("b", FABRICATED, SOURCES)]
    )
    assert [g.case.quality_gate.value for g in out] == ["PASS", "FAIL"]


def test_a_short_answer_is_read_with_its_question():
    """A one-word answer with a question is checked as question + answer (as eval does)."""
    v = verifier()
    sources = ["Hamlet is a tragedy written by William Shakespeare around 1600."]
    with_q = verify_inputs(v, [CaseInput("q", "Shakespeare", sources, "Who wrote Hamlet?")])
    assert "Who wrote Hamlet?" in with_q[0].case.claims[0].claim_text


# -- rows and summary ----------------------------------------------------------------


def test_audit_fields_count_claims_and_name_miscited_sources():
    """The row counts assessments, lists reasons, and names sources cited by unsupported claims."""
    v = verifier()
    sources = [
        {"source_id": "webb", "text": SOURCES[0]},
        {"source_id": "orbit", "text": SOURCES[2]},
    ]
    case = v.verify_case(f"{SUPPORTED} [1] {FABRICATED} [2]", sources)
    row = audit_fields(case)
    assert [name for name, _ in AUDIT_FIELDS] == list(row)
    assert row["n_claims"] == 2 and row["n_supported"] == 1
    assert row["n_insufficient_evidence"] + row["n_contradicted"] == 1
    assert row["cited_sources"] == ["webb", "orbit"]
    assert row["miscited_sources"] == ["orbit"]
    assert row["quality_gate"] == "FAIL" and row["reasons"]


def _row(case_id, gate, trust, reasons=(), miscited=(), cited=()):
    return {
        "case_id": case_id,
        "quality_gate": gate,
        "trust_score": trust,
        "n_claims": 1,
        "n_supported": int(gate == "PASS"),
        "n_insufficient_evidence": int(gate == "FAIL"),
        "n_contradicted": 0,
        "n_conflicting_sources": 0,
        "reasons": list(reasons),
        "cited_sources": list(cited),
        "miscited_sources": list(miscited),
    }


def test_summary_keeps_the_worst_cases_in_bounded_memory():
    """FAIL first (lowest trust first), then INDETERMINATE, then PASS; only `keep` are kept."""
    s = AuditSummary(keep=3)
    s.add(_row("p1", "PASS", 0.9))
    s.add(_row("f-high", "FAIL", 0.6, ["LOW_EVIDENCE_SIMILARITY"], ["d1"], ["d1"]))
    s.add(_row("i1", "INDETERMINATE", None, ["INVALID_INPUT"]))
    s.add(_row("f-low", "FAIL", 0.1, ["NUMERIC_MISMATCH"], ["d1", "d2"], ["d1", "d2"]))
    s.add(_row("p2", "PASS", 0.2, cited=["d2"]))
    assert [case_id for case_id, _ in s.worst()] == ["f-low", "f-high", "i1"]
    assert s.to_dict()["gates"] == {"PASS": 2, "FAIL": 2, "INDETERMINATE": 1}
    assert s.worst_sources() == [("d1", 2, 2), ("d2", 1, 2)]


def test_audit_report_escapes_and_counts_every_case():
    """The audit section counts all cases, shows how many are in full, and escapes source ids."""
    s = AuditSummary(keep=1)
    s.add(_row("a", "FAIL", 0.1, ["LOW_EVIDENCE_SIMILARITY"], ["<script>x</script>"], ["d"]))
    s.add(_row("b", "PASS", 0.9))
    v = verifier()
    g = v.guard(FABRICATED, SOURCES)
    record = {"case": g.case.model_dump(mode="json"), "trace": g.trace.model_dump(mode="json")}
    html = render_html([case_view(record)], audit=s.overview(1))
    assert "Grounding audit: 2 cases" in html
    assert "The page shows the 1 most serious cases" in html
    assert "<script>x</script>" not in html and "&lt;script&gt;x&lt;/script&gt;" in html


# -- the command ---------------------------------------------------------------------


def _write_logs(path, records, extra_lines=()):
    lines = [json.dumps(r) for r in records] + list(extra_lines)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.model
def test_audit_command_writes_one_row_per_record_and_a_report(tmp_path):
    """audit LOGS --out DIR: a row per line (bad ones INDETERMINATE), summary, report that `report` reads."""
    records = synthetic_cases(40, docs=12)  # few distinct sources: quick to embed
    records[5] = {"id": records[5]["id"], "answer": None, "sources": records[5]["sources"]}
    logs = tmp_path / "logs.jsonl"
    _write_logs(logs, records, ['{"id": "torn", "answer": "cut off'])
    out = io.StringIO()
    code = main(["audit", str(logs), "--out", str(tmp_path / "audit")], stdout=out)
    assert code == ExitCode.PASS
    rows = [json.loads(x) for x in (tmp_path / "audit" / "results.jsonl").read_text().splitlines()]
    assert len(rows) == 41
    assert len({r["case_id"] for r in rows}) == 41
    by_id = {r["case_id"]: r for r in rows}
    assert by_id[records[5]["id"]]["quality_gate"] == "INDETERMINATE"
    assert by_id[records[5]["id"]]["error"] == "'answer' is null; expected a string"
    assert by_id[records[5]["id"]]["input_problem"] == "null"
    torn = [r for r in rows if r["case_id"] not in {rec["id"] for rec in records}]
    assert len(torn) == 1 and "invalid JSON" in torn[0]["error"]
    assert torn[0]["case_id"] == "logs.jsonl:41" and torn[0]["input_problem"] == "not_json"
    assert [r["input_row"] for r in rows] == list(range(1, 42))
    summary = json.loads((tmp_path / "audit" / "summary.json").read_text())
    assert summary["cases"] == 41 and sum(summary["gates"].values()) == 41
    assert summary["gates"]["INDETERMINATE"] == 2
    assert summary["invalid_rows"] == 2
    assert summary["invalid_problems"] == {"answer: null": 1, "line: not_json": 1}
    assert summary["gates"]["FAIL"] > 0 and summary["worst_sources"]
    assert "cases: 41" in out.getvalue()
    html = (tmp_path / "audit" / "report.html").read_text()
    assert "Grounding audit: 41 cases" in html
    again = main(
        ["report", str(tmp_path / "audit" / "results.jsonl"), "-o", str(tmp_path / "r.html")],
        stderr=io.StringIO(),
    )
    assert again == ExitCode.PASS


def test_audit_refuses_a_folder_that_holds_an_audit(tmp_path):
    """An output folder with earlier results is refused (exit 73), never mixed into."""
    logs = tmp_path / "logs.jsonl"
    _write_logs(logs, [])
    (tmp_path / "audit").mkdir()
    (tmp_path / "audit" / "summary.json").write_text("{}")
    err = io.StringIO()
    assert main(["audit", str(logs), "--out", str(tmp_path / "audit")], stderr=err) == 73
    assert "already holds summary.json" in err.getvalue()


def test_audit_usage_and_input_errors(tmp_path):
    """A missing log file is exit 66; --concurrency without --ray is a usage error (64)."""
    err = io.StringIO()
    missing = ["audit", str(tmp_path / "nope.jsonl"), "--out", str(tmp_path / "o")]
    assert main(missing, stderr=err) == ExitCode.NO_INPUT
    logs = tmp_path / "logs.jsonl"
    _write_logs(logs, [])
    argv = ["audit", str(logs), "--out", str(tmp_path / "o2"), "--concurrency", "2"]
    assert main(argv, stderr=err) == ExitCode.USAGE
    assert "--concurrency needs --ray" in err.getvalue()
