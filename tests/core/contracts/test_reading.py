"""The operators' reading: FAIL only when the evidence refutes a claim, REVIEW when claims
are uncertain, beside the seed's gate (which stays as it was)."""

from __future__ import annotations

import pytest

from longtracer_core.console.render import render_text
from longtracer_core.contracts import CaseReading, QualityGate, case_reading
from longtracer_core.report.html import render_html
from longtracer_core.report.view import case_view
from tests.helpers import SOURCES, SUPPORTED, verifier

UNCERTAIN = "Bananas are grown by monks in quiet gardens."
REFUTED = "The James Webb Space Telescope did not launch aboard an Ariane 5 rocket."


@pytest.mark.parametrize(
    ("answer", "gate", "reading"),
    [
        (SUPPORTED, QualityGate.PASS, CaseReading.PASS),
        (f"{SUPPORTED} {UNCERTAIN}", QualityGate.FAIL, CaseReading.REVIEW),
        (f"{SUPPORTED} {UNCERTAIN} {REFUTED}", QualityGate.FAIL, CaseReading.FAIL),
        ("I do not know; the sources do not say.", QualityGate.PASS, CaseReading.PASS),
        ("", QualityGate.FAIL, CaseReading.REVIEW),  # nothing to check is no proof of error
    ],
)
def test_the_reading_splits_the_gate_fail_by_what_the_evidence_proves(answer, gate, reading):
    case = verifier().verify_case(answer, SOURCES)
    assert case.quality_gate is gate  # the seed's gate is unchanged
    assert case.reading is reading == case_reading(case)


def test_an_unverified_case_reads_indeterminate():
    case = verifier().verify_case(SUPPORTED, SOURCES, timeout=1e-9)
    assert case.quality_gate is QualityGate.INDETERMINATE
    assert case.reading is CaseReading.INDETERMINATE


def test_a_record_read_back_gives_the_same_reading():
    case = verifier().verify_case(f"{SUPPORTED} {UNCERTAIN}", SOURCES)
    again = type(case).model_validate_json(case.model_dump_json())
    assert again.reading is CaseReading.REVIEW
    assert "reading" not in case.model_dump()  # a reading, never stored in the record


def test_the_console_and_the_report_show_the_reading_beside_the_gate():
    v = verifier()
    guarded = v.guard(f"{SUPPORTED} {UNCERTAIN}", SOURCES, policy="flag")
    assert render_text(guarded, "flag", colour=False).startswith("FAIL (reading: REVIEW)")
    html = render_html([case_view({"case": guarded.case.model_dump(mode="json")})])
    assert 'class="badge g-REVIEW"' in html
    passed = v.guard(SUPPORTED, SOURCES, policy="flag")
    assert render_text(passed, "flag", colour=False).startswith("PASS  ")
