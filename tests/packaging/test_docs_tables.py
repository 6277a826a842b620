"""The three-outcomes tables of docs/benchmarks.md are the figures last measured: each is
rendered from docs/benchmarks/outcomes.json and styles.json (``benchmarks.outcome_tables``),
so a re-measurement that was not written into the page fails here."""

from __future__ import annotations

import json

from benchmarks.outcome_tables import MEASURED, PAGE, TABLES, render


def _measured() -> dict:
    measured = json.loads((MEASURED / "outcomes.json").read_text(encoding="utf-8"))
    measured["styles"] = json.loads((MEASURED / "styles.json").read_text(encoding="utf-8"))
    return measured


def test_every_table_in_the_page_is_the_measured_one():
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    stale = [a for a, b in zip(render(lines, _measured()), lines, strict=False) if a != b]
    assert stale == [], "run: python -m benchmarks.outcome_tables --write"


def test_every_table_is_found_in_the_page():
    text = PAGE.read_text(encoding="utf-8")
    assert [header for header, _, _ in TABLES if header not in text] == []


def test_a_changed_figure_shows_as_a_stale_row():
    measured = _measured()
    measured["realistic"]["dev"]["all"]["faithful_flagged"] = 0.999
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    stale = [a for a, b in zip(render(lines, measured), lines, strict=False) if a != b]
    assert len(stale) == 1 and "| dev | all |" in stale[0] and "0.999" in stale[0]
