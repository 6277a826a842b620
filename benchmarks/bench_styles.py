"""Does formatting alone change the verdicts? The realistic answers, re-written in other styles.

    .venv/bin/python -m benchmarks.bench_styles [--write] [--split dev|test]

Every answer of the realistic corpus (``tests/realistic``) is re-written from its labelled
sentences alone (faithful and wrong; non-claims left out), one sentence per line, in each
style below, and verified with the default settings. The words of every sentence stay
as they were; only the formatting a chat interface adds changes:

* ``lines`` — one sentence per line, nothing else;
* ``bullets`` / ``numbered`` — a "- " or "1. " list item per sentence;
* ``bold_labels`` — a bold label before each sentence ("**Note:** …");
* ``bold_figures`` — every figure in bold ("**4 g**"), citation markers left alone;
* ``citations`` — a marker after each sentence ("… [2].");
* ``headings`` — a markdown heading before every third sentence ("## Details");
* ``lead_ins`` — every other sentence opened by a connective ("Notably, the …"): the
  only style that touches words (the first letter is lower-cased);
* ``one_paragraph`` — every sentence in one paragraph, a full stop added where a line
  had none (a table row, a label);
* ``bold_leads`` / ``html_emphasis`` — the first three words in bold, as markdown
  ("**Voyager 1 launched** on …") or as HTML ("<b>…</b>");
* ``emoji_bullets`` — an emoji opening each line ("✅ …", "⚠️ …");
* ``caret_citations`` / ``link_citations`` / ``located_citations`` — a marker after each
  sentence as a caret ("…2007^1."), a link ("… ([Source 1](https://…)).") or with a page
  ("… (Source 1, p. 3).").

For each style and split: faithful sentences removed (refuted) and flagged, wrong ones
removed and flagged. A style that moves these figures far from ``lines`` points at a
formatting the engine misreads. ``--write`` records them in docs/benchmarks/styles.json.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import regex

from longtracer_core import CitationVerifier
from longtracer_core.evaluation.outcome_metrics import sentence_verdict
from longtracer_core.evaluation.realistic_corpus import RealisticRecord, load_realistic
from longtracer_core.text.citations import strip_markers

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "benchmarks" / "styles.json"
LABELS = ("Note", "Key point", "In brief", "Detail")
HEADINGS = ("## Overview", "## Details", "## Key facts", "## In practice")
LEAD_INS = ("Notably, ", "In addition, ", "Importantly, ", "Also, ")
_FIGURE = regex.compile(
    r"(?<![\w*\[^【/.,])(\d[\d,]*(?:\.\d+)?(?:\s?(?:%|g|mg|km|hours|days|years|months))?)"
    r"(?![\]】\w/])"
)
_END = regex.compile(r"([.!?])$")
# the first three words of a sentence that opens with them, to set in bold
_LEAD = regex.compile(r"^((?:[^\s*_<\[|]+\s+){2}[^\s*_<\[|,;:]+)(?=\s)")
EMOJI = ("✅", "👉", "⚠️", "🔹")
# a sentence that ends, its citation markers aside
_ENDS = regex.compile(r"[.!?:][\"'”’)]*$")

Style = Callable[[int, str], str]
STYLES: dict[str, tuple[Style, str]] = {
    "lines": (lambda i, t: t, "\n"),
    "bullets": (lambda i, t: f"- {t}", "\n"),
    "numbered": (lambda i, t: f"{i + 1}. {t}", "\n"),
    "bold_labels": (lambda i, t: f"**{LABELS[i % len(LABELS)]}:** {t}", "\n"),
    "bold_figures": (lambda i, t: _FIGURE.sub(r"**\1**", t), "\n"),
    "citations": (lambda i, t: _END.sub(rf" [{i % 3 + 1}]\1", t) if _END.search(t) else t, "\n"),
    "headings": (lambda i, t: f"{HEADINGS[i // 3 % 4]}\n{t}" if i % 3 == 0 else t, "\n"),
    "lead_ins": (lambda i, t: LEAD_INS[i % 4] + t[:1].lower() + t[1:] if i % 2 else t, "\n"),
    "one_paragraph": (lambda i, t: t if _ENDS.search(strip_markers(t)[0]) else f"{t}.", " "),
    "bold_leads": (lambda i, t: _LEAD.sub(r"**\1**", t), "\n"),
    "emoji_bullets": (lambda i, t: f"{EMOJI[i % len(EMOJI)]} {t}", "\n"),
    "html_emphasis": (lambda i, t: _LEAD.sub(r"<b>\1</b>", t), "\n"),
    "caret_citations": (
        lambda i, t: _END.sub(rf"^{i % 3 + 1}\1", t) if _END.search(t) else t,
        "\n",
    ),
    "link_citations": (
        lambda i, t: (
            _END.sub(rf" ([Source {i % 3 + 1}](https://example.org/{i % 3 + 1}))\1", t)
            if _END.search(t)
            else t
        ),
        "\n",
    ),
    "located_citations": (
        lambda i, t: _END.sub(rf" (Source {i % 3 + 1}, p. {i + 2})\1", t) if _END.search(t) else t,
        "\n",
    ),
}


def rewrite(record: RealisticRecord, style: str) -> tuple[str, list[tuple[int, int, str]]]:
    """The answer in ``style`` and (start, end, label) of each of its labelled sentences."""
    shape, joiner = STYLES[style]
    parts: list[str] = []
    spans: list[tuple[int, int, str]] = []
    pos = 0
    kept = [s for s in record.sentences if s.label in ("faithful", "error")]
    for i, sentence in enumerate(kept):
        text = shape(i, sentence.text.strip())
        if parts:
            pos += len(joiner)
        spans.append((pos, pos + len(text), sentence.label))
        parts.append(text)
        pos += len(text)
    return joiner.join(parts), spans


def measure(
    records: list[RealisticRecord], style: str, verifier: CitationVerifier
) -> dict[str, Any]:
    """Faithful and wrong sentences removed and flagged, written in ``style``."""
    written = [rewrite(r, style) for r in records]
    cases = verifier.verify_batch(
        [
            {"response": text, "sources": r.engine_sources(), "question": r.question}
            for r, (text, _) in zip(records, written, strict=True)
        ]
    )
    counts = {k: 0 for k in ("faithful", "error")}
    removed = dict(counts)
    flagged = dict(counts)
    for (_, spans), case in zip(written, cases, strict=True):
        for start, end, label in spans:
            claims = [
                c
                for c in case.claims
                if c.char_start is not None and c.char_start < end and (c.char_end or 0) > start
            ]
            verdict = sentence_verdict(label, claims, False)
            counts[label] += 1
            removed[label] += verdict.removed["precise"]
            flagged[label] += verdict.flagged
    return {
        "faithful": counts["faithful"],
        "wrong": counts["error"],
        "faithful_removed": round(removed["faithful"] / counts["faithful"], 4),
        "faithful_flagged": round(flagged["faithful"] / counts["faithful"], 4),
        "wrong_removed": round(removed["error"] / counts["error"], 4),
        "wrong_flagged": round(flagged["error"] / counts["error"], 4),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--split", choices=("dev", "test"), action="append")
    args = ap.parse_args()
    started = time.perf_counter()
    verifier = CitationVerifier()
    corpus = load_realistic(ROOT / "tests" / "realistic")
    results: dict[str, Any] = {}
    for split in args.split or ("dev", "test"):
        records = [r for r in corpus if r.split == split]
        results[split] = {}
        for style in STYLES:
            row = measure(records, style, verifier)
            results[split][style] = row
            print(split, style, row, flush=True)
    if args.write:
        out = {
            "date": datetime.now(UTC).isoformat(timespec="seconds"),
            "command": ".venv/bin/python -m benchmarks.bench_styles --write",
            "seconds": round(time.perf_counter() - started, 1),
            **results,
        }
        OUT.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
