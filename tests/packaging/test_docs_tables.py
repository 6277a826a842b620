"""The three-outcomes tables of docs/benchmarks.md are the figures last measured: each is
rendered from docs/benchmarks/outcomes.json and styles.json (``benchmarks.outcome_tables``),
so a re-measurement that was not written into the page fails here."""

from __future__ import annotations

import difflib

import pytest

from benchmarks.outcome_tables import PAGE, TABLES, measured_figures, render


def _page() -> list[str]:
    return PAGE.read_text(encoding="utf-8").splitlines()


def test_every_table_in_the_page_is_the_measured_one():
    lines = _page()
    rendered = render(lines, measured_figures())
    diff = "\n".join(difflib.unified_diff(lines, rendered, "page", "measured", lineterm=""))
    assert rendered == lines, f"run: python -m benchmarks.outcome_tables --write\n{diff}"


def test_every_table_header_starts_exactly_one_line():
    lines = _page()
    counts = {header: sum(line.startswith(header) for line in lines) for header, _, _ in TABLES}
    assert counts == dict.fromkeys(counts, 1)


def test_a_changed_figure_shows_as_a_stale_row():
    measured = measured_figures()
    measured["realistic"]["dev"]["all"]["faithful_flagged"] = 0.999
    lines = _page()
    rendered = render(lines, measured)
    stale = [a for a, b in zip(rendered, lines, strict=True) if a != b]
    assert len(stale) == 1 and "| dev | all |" in stale[0] and "0.999" in stale[0]


def test_a_part_never_measured_is_an_error_not_a_stale_table():
    measured = measured_figures()
    del measured["styles"]
    with pytest.raises(KeyError):
        render(_page(), measured)
