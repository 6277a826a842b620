"""Render the three-outcomes tables of docs/benchmarks.md from their measured JSON.

    .venv/bin/python -m benchmarks.outcome_tables          # print the tables
    .venv/bin/python -m benchmarks.outcome_tables --write  # replace them in docs/benchmarks.md

Reads ``docs/benchmarks/outcomes.json`` (``bench_outcomes --write``) and
``docs/benchmarks/styles.json`` (``bench_styles --write``); each table in the page is found
by its header row (which must start exactly one line) and its rows, the lines after its
``|---|`` rule that start with ``|``, are replaced, so the prose around the tables is never
touched and a figure in a table is always the one measured last.
"""

from __future__ import annotations

import argparse
import difflib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from longtracer_core.scoring.findings import DECISIVE_KINDS

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "benchmarks.md"
MEASURED = ROOT / "docs" / "benchmarks"
WRITERS = (
    ("all", "all"),
    ("human", "hand-written"),
    ("first_authors", "hand-written, first authors"),
    ("other_authors", "hand-written, other authors"),
    ("qwen2.5-coder-1.5b-instruct-q4_k_m", "model-written"),
)


def _f(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def outcomes_table(realistic: dict[str, Any]) -> list[str]:
    rows = []
    for split in ("dev", "test"):
        for key, name in WRITERS:
            r = realistic[split][key]
            rows.append(
                _row(
                    [
                        split,
                        name,
                        f"{r['faithful']:,} / {r['errors']:,}",
                        _f(r["faithful_removed_precise"]),
                        _f(r["wrong_removed_precise"]),
                        f"{_f(r['faithful_removed_balanced'])} / {_f(r['wrong_removed_balanced'])}",
                        f"{_f(r['faithful_removed_strict'])} / {_f(r['wrong_removed_strict'])}",
                        _f(r["faithful_flagged"]),
                        _f(r["wrong_flagged"]),
                        _f(r["auroc_p_wrong"]),
                        _f(r["ece"]),
                    ]
                )
            )
    return rows


def reliability_table(realistic: dict[str, Any]) -> list[str]:
    dev, test = realistic["dev"]["all"]["reliability"], realistic["test"]["all"]["reliability"]
    rows = []
    for d, t in zip(dev, test, strict=True):
        rows.append(
            _row(
                [
                    d["bin"],
                    str(d["n"]),
                    f"{d['mean_p_wrong']:.2f} / {d['observed_wrong']:.2f}",
                    str(t["n"]),
                    f"{t['mean_p_wrong']:.2f} / {t['observed_wrong']:.2f}",
                ]
            )
        )
    return rows


def findings_table(realistic: dict[str, Any]) -> list[str]:
    dev, test = realistic["dev"]["all"]["findings"], realistic["test"]["all"]["findings"]
    rows = []
    for kind in sorted(set(dev) | set(test)):
        mode = "decisive" if kind in DECISIVE_KINDS else "candidate"
        cells = [f"`{kind}`", mode]
        for split in (dev, test):
            f = split.get(kind, {})
            wrong, faithful = f.get(f"{mode}_error", 0), f.get(f"{mode}_faithful", 0)
            cells += [f"{wrong} / {faithful}", _f(f.get(f"{mode}_precision"))]
        rows.append(_row(cells))
    return rows


def adversarial_table(adversarial: dict[str, Any]) -> list[str]:
    rows = []
    for name, groups in sorted(adversarial.items()):
        for key, g in sorted(groups.items()):
            outcomes = [_f(g.get(o, 0.0)) for o in ("REFUTED", "UNCERTAIN", "SUPPORTED")]
            rows.append(_row([name, key, str(g["n"]), *outcomes]))
    return rows


def labelled_table(labelled: dict[str, Any]) -> list[str]:
    rows = []
    for engine in ("default", "seed-v1"):
        for name in ("faithbench_dev", "halueval_qa_dev"):
            cells = [name, engine]
            for label in ("hallucinated", "supported"):
                r = labelled[engine][name][label]
                refuted, either = r["refuted"], r["refuted_or_uncertain"]
                cells.append(f"{_f(refuted)} / {_f(either)} (n={r['n']})")
            rows.append(_row(cells))
    return rows


def answers_table(answers: dict[str, Any]) -> list[str]:
    rows = []
    for split in ("dev", "test"):
        for label, name in (("faithful", "faithful"), ("has_error", "with an error")):
            a = answers[split][label]
            gate = f"{a.get('gate PASS', 0):.3f} / {a.get('gate FAIL', 0):.3f}"
            reading = " / ".join(
                f"{a.get(f'reading {r}', 0):.3f}" for r in ("PASS", "REVIEW", "FAIL")
            )
            rows.append(_row([split, f"{name} ({a['n']})", gate, reading]))
    return rows


def styles_table(styles: dict[str, Any]) -> list[str]:
    rows = []
    for style in styles["dev"]:
        cells = [f"`{style}`"]
        for split in ("dev", "test"):
            s = styles[split][style]
            cells.append(f"{_f(s['faithful_removed'])} / {_f(s['faithful_flagged'])}")
            cells.append(f"{_f(s['wrong_removed'])} / {_f(s['wrong_flagged'])}")
        rows.append(_row(cells))
    return rows


# each table: the start of its header row in the page, and its rows from the measured data
TABLES: tuple[tuple[str, str, Callable[[dict[str, Any]], list[str]]], ...] = (
    ("| split | writer | faithful / wrong sentences |", "realistic", outcomes_table),
    ("| p_wrong bin | dev: claims |", "realistic", reliability_table),
    ("| kind | decisive? | dev: wrong / faithful |", "realistic", findings_table),
    ("| adversarial corpus | class / split |", "adversarial", adversarial_table),
    ("| file | engine | hallucinated answers:", "labelled", labelled_table),
    ("| split | answers | gate PASS / FAIL |", "answers", answers_table),
    ("| style | dev: faithful removed / flagged |", "styles", styles_table),
)


def render(lines: list[str], measured: dict[str, Any]) -> list[str]:
    """The page with every table's rows replaced (header and rule lines kept). A table
    whose measured part is missing, or whose header is not followed by its rule, is an
    error, never a table left as it was."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        out.append(line)
        match = [t for t in TABLES if line.startswith(t[0])]
        i += 1
        if match:
            _, part, rows = match[0]
            if i >= len(lines) or not lines[i].startswith("|---"):
                raise ValueError(f"the table {line[:40]!r} has no |---| rule under its header")
            out.append(lines[i])
            i += 1
            while i < len(lines) and lines[i].startswith("|"):
                i += 1
            out.extend(rows(measured[part]))  # KeyError: the part was never measured
    return out


def measured_figures() -> dict[str, Any]:
    """The measured JSON the tables show: outcomes.json, with styles.json as "styles"."""
    measured: dict[str, Any] = json.loads((MEASURED / "outcomes.json").read_text("utf-8"))
    measured["styles"] = json.loads((MEASURED / "styles.json").read_text("utf-8"))
    return measured


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite docs/benchmarks.md")
    args = parser.parse_args()
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    new = render(lines, measured_figures())
    if args.write:
        PAGE.write_text("\n".join(new) + "\n", encoding="utf-8")
        print(f"wrote {PAGE}")
    else:
        print("\n".join(difflib.unified_diff(lines, new, "page", "measured", lineterm="")))


if __name__ == "__main__":
    main()
