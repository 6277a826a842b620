"""longtracer-guard report: records in, one self-contained, escaped HTML page out."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from html.parser import HTMLParser

import pytest

from longtracer_core.console.render import case_record
from longtracer_core.report import RecordError, case_view, render_html
from longtracer_integrations.observability import GroundingEvent, JsonlSink
from tests.core.cli.test_cli import run
from tests.helpers import FABRICATED, SOURCES, SUPPORTED, SWAPPED, verifier

HOSTILE = (
    "The telescope launched on 25 December 2021 aboard an Ariane 5 rocket. "
    "<script>document.title='pwned'</script> It was repaired by "
    '<img src=x onerror="document.body.dataset.pwned=1">astronauts in 2023.'
)


class Page(HTMLParser):
    """Collects tags, attributes and text of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[str] = []
        self._in_script = False
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script:
            self.scripts.append(data)
        else:
            self.text.append(data)


def parse(html: str) -> Page:
    page = Page()
    page.feed(html)
    return page


def record(answer: str, policy: str = "flag") -> dict:
    return case_record(verifier().guard(answer, SOURCES, policy=policy), policy)


def test_one_case_page_shows_answer_claims_evidence_and_parts():
    """The answer with every claim highlighted and linked; each claim's span slice and parts."""
    rec = record(f"{SUPPORTED} {SWAPPED} {FABRICATED}")
    html = render_html([case_view(rec)])
    page = parse(html)
    claims = rec["case"]["claims"]
    links = [a for t, a in page.tags if t == "a" and "hl" in (a.get("class") or "").split()]
    assert [a["href"] for a in links] == [f"#case-1-c{j}" for j in range(1, len(claims) + 1)]
    items = [a for t, a in page.tags if t == "li" and a.get("id", "").startswith("case-1-c")]
    assert [a["id"] for a in items] == [f"case-1-c{j}" for j in range(1, len(claims) + 1)]
    assert [a["data-verdict"] for a in items] == ["supported", "refuted", "refuted"]
    # each claim says its outcome in words, the seed's codes beside it
    assert "refuted: the claim gives 3.5 million; source source_2 gives 1500000" in html
    assert "refuted: no source names &#x27;Atlantis&#x27;" in html
    assert "CONTRADICTED_BY_EVIDENCE" in html and "NOT_ENTAILED (ENTITY_MISMATCH)" in html
    # the closest evidence of the swapped claim is the exact slice of its source
    from longtracer_core.pipeline.trace import TraceRecord

    trace = TraceRecord.model_validate(rec["trace"])
    swapped = next(c for c in claims if "3.5 million" in c["claim_text"])
    assert f"<mark>{trace.resolve(swapped['claim_id'])}</mark>" in html
    assert "cosine" in html and "coverage (IDF lexical)" in html and "numeric gate" in html
    assert "Candidates considered" in html


def test_every_piece_of_text_is_escaped_and_only_our_script_can_run():
    """<script> and <img onerror> in an answer stay text; the CSP admits only the page's script."""
    rec = record(HOSTILE)
    rec["case"]["case_id"] = '"><script>alert(1)</script>'
    rec["trace"]["sources"][0]["source_id"] = "<b onmouseover=alert(1)>src</b>"
    html = render_html([case_view(rec)])
    page = parse(html)
    assert [t for t, _ in page.tags].count("script") == 1
    assert not any(t == "img" for t, _ in page.tags)
    assert not any(k.startswith("on") for _, attrs in page.tags for k in attrs)
    text = "".join(page.text)
    assert "<script>document.title='pwned'</script>" in text
    assert '<img src=x onerror="document.body.dataset.pwned=1">' in text
    (csp,) = [
        a["content"] for t, a in page.tags if a.get("http-equiv") == "Content-Security-Policy"
    ]
    digest = base64.b64encode(hashlib.sha256(page.scripts[0].encode()).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in csp and "default-src 'none'" in csp


def test_page_needs_no_network():
    """No element loads anything: no src, no stylesheet link, no absolute URL in an attribute."""
    html = render_html([case_view(record(f"{SUPPORTED} {FABRICATED}"))])
    page = parse(html)
    assert not any("src" in attrs for _, attrs in page.tags)
    assert not any(t == "link" for t, _ in page.tags)
    hrefs = [a["href"] for _, a in page.tags if "href" in a]
    assert hrefs and all(h.startswith("#") for h in hrefs)
    assert not re.search(r"url\(|@import|https?://", html)


def test_many_cases_get_a_summary_with_counts_histogram_and_worst_claims(tmp_path):
    """A JSONL sink log becomes a summary (gates, reasons, scores, worst claims) plus every case."""
    log = tmp_path / "grounding.jsonl"
    sink = JsonlSink(log)
    v = verifier()
    answers = [SUPPORTED, f"{SUPPORTED} {SWAPPED}", FABRICATED, "   "]
    for answer in answers:
        guarded = v.guard(answer, SOURCES, policy="redact")
        sink.emit(GroundingEvent(case=guarded.case, trace=guarded.trace, policy="redact"))
    out = tmp_path / "audit.html"
    code, _, err = run(["report", str(log), "-o", str(out)])
    assert code == 0 and "wrote 4 case(s)" in err
    html = out.read_text()
    page = parse(html)
    assert 'id="summary"' in html and "<svg" in html
    sections = [a for t, a in page.tags if t == "section" and "case" in (a.get("class") or "")]
    assert [s["data-gate"] for s in sections] == ["PASS", "FAIL", "FAIL", "FAIL"]
    assert "CONTRADICTED_BY_EVIDENCE" in html and "EMPTY_RESPONSE" in html
    worst = [a for t, a in page.tags if t == "tr" and a.get("class") == "worst"]
    assert worst and all(w["data-verdict"] != "supported" for w in worst)
    (form,) = [a for t, a in page.tags if t == "form"]
    assert "hidden" in form  # the filter appears only when the script runs


def test_bare_case_result_and_bare_trace_are_accepted():
    """A CaseResult alone renders (no source text, said so); a trace alone renders its claims."""
    rec = record(f"{SUPPORTED} {FABRICATED}")
    bare = case_view(rec["case"])
    assert not bare.has_trace and bare.claims and bare.answer is None
    assert "has no trace" in render_html([bare])
    from_trace = case_view(rec["trace"])
    assert [c.verdict for c in from_trace.claims] == ["supported", "refuted"]
    assert from_trace.claims[1].finding == bare.claims[1].finding  # the trace keeps the finding
    assert from_trace.claims[0].evidence  # the trace holds the sources


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"case": {"case_id": "x", "execution": "MAYBE"}}\n', "invalid case"),
        ('{"hello": 1}\n', "not a case record"),
        ("[1, 2]\n", "expected a JSON object"),
        ('{"case": \n', "invalid JSON"),
    ],
)
def test_malformed_records_name_the_file_and_exit_65(tmp_path, content, message):
    """A record that is not a case: one line naming file and line (or item), exit 65."""
    path = tmp_path / ("bad.jsonl" if not content.startswith("[") else "bad.json")
    path.write_text(content)
    code, _, err = run(["report", str(path), "-o", str(tmp_path / "r.html")])
    assert code == 65 and message in err and str(path) in err
    assert not (tmp_path / "r.html").exists()


def test_empty_log_is_an_error(tmp_path):
    """An empty JSONL file has no cases to show: exit 65."""
    path = tmp_path / "empty.jsonl"
    path.write_text("\n")
    code, _, err = run(["report", str(path)])
    assert code == 65 and "no case records" in err


def test_record_error_is_a_value_error():
    """RecordError is a ValueError, so library users can catch it the ordinary way."""
    with pytest.raises(ValueError):
        case_view({"nothing": True})
    assert issubclass(RecordError, ValueError)


def test_jsonl_lines_end_at_newline_only(tmp_path):
    """Text a JSON string holds unescaped (U+0085, U+2028, U+2029), as an audit's
    results.jsonl writes it, does not split a record: each line is one case."""
    odd = f"{SUPPORTED} Next\u0085line\u2028and\u2029paragraph."
    path = tmp_path / "results.jsonl"
    lines = [json.dumps(record(odd), ensure_ascii=False), json.dumps(record(SUPPORTED))]
    path.write_text("\n".join(lines) + "\r\n", encoding="utf-8")
    code, out, err = run(["report", str(path)])
    assert code == 0, err
    assert out.count('<section class="case"') == 2


def test_report_json_list_of_records(tmp_path):
    """A .json file may hold a list of records; each becomes a case."""
    path = tmp_path / "cases.json"
    path.write_text(json.dumps([record(SUPPORTED), record(FABRICATED)]))
    code, out, _ = run(["report", str(path)])
    assert code == 0 and out.count('<section class="case"') == 2
