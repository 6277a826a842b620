"""The realistic corpus and its harness: the corpus's rules, the metrics, the eval command."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from longtracer_core import CitationVerifier, VerifyConfig
from longtracer_core.cli import main
from longtracer_core.evaluation.realistic_corpus import CorpusError, load_realistic, parse_record
from longtracer_core.evaluation.realistic_eval import auroc, evaluate_realistic, sentence_outcomes
from longtracer_core.testing import HashEmbedder

CORPUS = Path(__file__).resolve().parents[2] / "realistic"
SOURCES = [
    {
        "source_id": "S1",
        "text": "The Danube passes through ten countries. It ends at the Black Sea.",
    },
    {"source_id": "S2", "text": "The Rhine rises in the Swiss Alps and flows to the North Sea."},
]


def record(rid: str, answer: str, sentences: list[dict], label: str = "faithful", **kw) -> dict:
    extra = {"writer": kw.pop("writer")} if "writer" in kw else {}
    return {
        **extra,
        "id": rid,
        "group": kw.pop("group", "geo-01"),
        "split": kw.pop("split", "dev"),
        "domain": "geo",
        "question": "Tell me about rivers.",
        "sources": kw.pop("sources", SOURCES),
        "answer": answer,
        "answer_label": label,
        "sentences": sentences,
    }


def test_corpus_has_the_promised_shape():
    """≥ 160 answers over ≥ 8 domains, both splits, a faithful and an erroneous answer per question."""
    records = [r for r in load_realistic(CORPUS) if r.writer == "human"]
    assert len(records) >= 160
    assert len({r.domain for r in records}) >= 8
    assert Counter(r.split for r in records).keys() == {"dev", "test"}
    by_group: dict[str, list[str]] = {}
    for r in records:
        by_group.setdefault(r.group, []).append(r.answer_label)
        assert 2 <= len(r.sources) <= 5
    assert all(sorted(v) == ["faithful", "has_error"] for v in by_group.values())
    errors = [s for r in records for s in r.sentences if s.label == "error"]
    assert {s.error_type for s in errors} >= {"figure", "entity_swap", "negation", "direction"}


def _model_record(rid: str, **kw) -> dict:
    """A model-written answer to geo-01 (writer set, sentences labelled)."""
    return record(
        rid,
        "The Danube flows through ten countries [1]. It ends at the Black Sea [1].",
        kw.pop(
            "sentences",
            [
                {"text": "The Danube flows through ten countries [1].", "label": "faithful"},
                {"text": "It ends at the Black Sea [1].", "label": "faithful"},
            ],
        ),
        writer=kw.pop("writer", "qwen"),
        **kw,
    )


def _planted(rid: str, planted: str | None = "entity_absent", **kw) -> dict:
    error = {"type": "entity_swap", "evidence": "S1: it ends at the Black Sea"}
    if planted is not None:
        error["planted"] = planted
    return record(
        rid,
        "The Danube flows through ten countries [1]. It ends at the Baltic Sea [1].",
        [
            {"text": "The Danube flows through ten countries [1].", "label": "faithful"},
            {"text": "It ends at the Baltic Sea [1].", "label": "error", "error": error},
        ],
        label="has_error",
        writer=kw.pop("writer", "qwen+planted"),
        **kw,
    )


def test_model_answers_load_from_a_sub_folder_with_their_writer(tmp_path):
    """A folder is read with its sub-folders; records say who wrote them (default human)."""
    _mini_corpus(tmp_path)
    (tmp_path / "model").mkdir()
    rows = [_model_record("geo-01-qwen-a"), _planted("geo-01-qwen-a-planted")]
    (tmp_path / "model" / "geo.jsonl").write_text(
        "".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8"
    )
    records = {r.id: r for r in load_realistic(tmp_path)}
    assert records["geo-01-faithful"].writer == "human"
    assert records["geo-01-qwen-a"].writer == "qwen"
    planted = records["geo-01-qwen-a-planted"]
    assert [s.planted for s in planted.sentences] == [None, "entity_absent"]


def test_a_group_stays_on_one_side_of_the_split(tmp_path):
    """A model answer to a dev question filed under test is rejected."""
    _mini_corpus(tmp_path)
    stray = _model_record("geo-01-qwen-a", split="test")
    (tmp_path / "model.jsonl").write_text(json.dumps(stray) + "\n", encoding="utf-8")
    with pytest.raises(CorpusError, match="same split"):
        load_realistic(tmp_path)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (_planted("geo-01-p", planted=None), "exactly one error.planted"),
        (_planted("geo-01-p", planted="typo"), "not a planted class"),
        (_planted("geo-01-p", writer="qwen"), "only for a writer ending in"),
        (_model_record("geo-01-q", writer=""), "writer must be"),
    ],
)
def test_planted_copies_name_their_one_planted_error(raw, message):
    """A planted copy holds exactly one planted error of a known class; others hold none."""
    with pytest.raises(CorpusError, match=message):
        parse_record(raw)


def test_model_written_answers_may_hold_more_than_two_errors():
    """A model's own mistakes are all labelled; the 1-or-2 rule is for hand-written answers."""
    wrong = {"type": "unsupported_detail", "evidence": "S1 says nothing of it"}
    sentences = [
        {"text": f"Claim {n} is made up.", "label": "error", "error": wrong} for n in range(3)
    ]
    answer = " ".join(s["text"] for s in sentences)
    assert (
        len(parse_record(record("m", answer, sentences, "has_error", writer="qwen")).sentences) == 3
    )
    with pytest.raises(CorpusError, match="1 to 2 error sentences"):
        parse_record(record("h", answer, sentences, "has_error"))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"sentences": [{"text": "Not in the answer.", "label": "faithful"}]}, "not in the answer"),
        ({"sentences": [{"text": "The Danube passes", "label": "faithful"}]}, "not covered"),
        (
            {"sentences": [{"text": "The Danube passes through ten countries.", "label": "error"}]},
            "error.type",
        ),
        (
            {"sentences": [{"text": "The Danube passes through ten countries.", "label": "odd"}]},
            "label",
        ),
        ({"sources": SOURCES[:1]}, "2 to 5"),
    ],
)
def test_broken_records_are_rejected_with_the_rule(change, message):
    """A record that breaks a rule raises CorpusError naming the record and the rule."""
    raw = record(
        "geo-01-faithful",
        "The Danube passes through ten countries.",
        [{"text": "The Danube passes through ten countries.", "label": "faithful"}],
    )
    raw.update(change)
    with pytest.raises(CorpusError, match=message):
        parse_record(raw)


def test_auroc_counts_ties_half():
    """AUROC is the Mann-Whitney probability, ties counted half."""
    assert auroc([0.9, 0.8], [0.1, 0.2]) == 1.0
    assert auroc([0.1], [0.9]) == 0.0
    assert auroc([0.5], [0.5]) == 0.5
    assert auroc([], [0.5]) is None


def _mini_corpus(tmp_path: Path) -> Path:
    good = record(
        "geo-01-faithful",
        "The Danube passes through ten countries. It ends at the Black Sea.",
        [
            {"text": "The Danube passes through ten countries.", "label": "faithful"},
            {"text": "It ends at the Black Sea.", "label": "faithful", "tags": ["pronoun"]},
        ],
    )
    bad = record(
        "geo-01-error",
        "The Danube passes through ten countries. Its delta hosts forty volcanic islands.",
        [
            {"text": "The Danube passes through ten countries.", "label": "faithful"},
            {
                "text": "Its delta hosts forty volcanic islands.",
                "label": "error",
                "error": {"type": "unsupported_detail", "evidence": "no source mentions islands"},
            },
        ],
        label="has_error",
    )
    path = tmp_path / "geo.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in (good, bad)) + "\n", encoding="utf-8")
    return path


def test_harness_reports_redaction_by_label(tmp_path):
    """Faithful sentences pass, the planted error is redacted under the seed's strict rule,
    and the report counts both."""
    records = load_realistic(_mini_corpus(tmp_path))
    strict = VerifyConfig(strictness="strict")
    report = evaluate_realistic(records, CitationVerifier(embedder=HashEmbedder(), config=strict))
    dev = report["dev"]
    assert dev["sentence_level"]["faithful"] == 3
    assert dev["sentence_level"]["errors_redacted"] == 1
    assert dev["answer_level"]["tpr"] == 1.0
    assert dev["causes"]["error_redaction_by_type"]["unsupported_detail"]["redacted"] == 1
    assert "test" not in report  # no test records: no test section


def test_harness_reports_the_three_outcomes(tmp_path):
    """The default keeps and marks the uncertain error (nothing proves it wrong): flagged,
    not removed; the outcome table says so for each strictness."""
    records = load_realistic(_mini_corpus(tmp_path))
    outcomes = evaluate_realistic(records, CitationVerifier(embedder=HashEmbedder()))["dev"][
        "outcomes"
    ]
    assert outcomes["wrong_flagged"] == 1.0 and outcomes["wrong_removed_precise"] == 0.0
    assert outcomes["wrong_removed_strict"] == 1.0
    assert outcomes["faithful_removed_precise"] == 0.0


def test_eval_command_reads_a_corpus_folder(tmp_path, capsys):
    """`longtracer-guard eval FOLDER` measures the corpus and prints each split."""
    folder = tmp_path / "corpus"
    folder.mkdir()
    _mini_corpus(folder)
    out = tmp_path / "report.json"
    code = main(["eval", str(folder), "--quiet", "--out", str(out)])
    assert code == 0
    assert "dev  answers   2" in capsys.readouterr().out
    assert json.loads(out.read_text("utf-8"))["dev"]["answer_level"]["answers"] == 2


def test_per_cause_table_names_the_finer_cause():
    """A redacted figure swap is counted under NUMERIC_MISMATCH, not the seed's catch-all NOT_ENTAILED."""
    swapped = record(
        "geo-03-error",
        "The Danube passes through twelve countries.",
        [
            {
                "text": "The Danube passes through twelve countries.",
                "label": "error",
                "error": {"type": "figure", "evidence": "ten countries"},
            }
        ],
        group="geo-03",
        label="has_error",
    )
    rec = parse_record(swapped)
    strict = VerifyConfig(strictness="strict")
    guarded = CitationVerifier(embedder=HashEmbedder(), config=strict).guard(
        rec.answer, [s["text"] for s in rec.sources], policy="redact"
    )
    (outcome,) = sentence_outcomes(rec, guarded)
    assert outcome.redacted
    assert outcome.claims[0].reason_detail is not None
    assert outcome.mechanism == outcome.claims[0].reason_detail.value == "NUMERIC_MISMATCH"


def test_outcome_table_counts_the_marks_on_non_claim_lines(tmp_path):
    """Talk is in no rate, but a mark on it is one a user sees: the table counts how many
    non-claim lines ``flag`` marks (a pleasantry is not; a refusal naming a figure the
    evidence lacks is checked and marked)."""
    lines = [
        {"text": "Sorry to hear about your trip!", "label": "non_claim"},
        {
            "text": "The sources don't say whether the 2019 figure covers barges.",
            "label": "non_claim",
            "tags": ["refusal"],
        },
    ]
    talk = " ".join(line["text"] for line in lines)
    good = record(
        "geo-02-faithful",
        f"{talk} The Danube passes through ten countries.",
        [*lines, {"text": "The Danube passes through ten countries.", "label": "faithful"}],
        group="geo-02",
    )
    error = {"type": "unsupported_detail", "evidence": "no source mentions islands"}
    bad = record(
        "geo-02-error",
        f"{talk} Its delta hosts forty volcanic islands.",
        [
            *lines,
            {"text": "Its delta hosts forty volcanic islands.", "label": "error", "error": error},
        ],
        label="has_error",
        group="geo-02",
    )
    path = tmp_path / "talk.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in (good, bad)) + "\n", encoding="utf-8")
    outcomes = evaluate_realistic(load_realistic(path), CitationVerifier(embedder=HashEmbedder()))[
        "dev"
    ]["outcomes"]
    assert outcomes["non_claims"] == 4
    assert outcomes["non_claims_flagged"] == 0.5
