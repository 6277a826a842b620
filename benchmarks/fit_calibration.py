"""Fit the calibration of ``p_wrong`` on the dev splits and ship it as data.

    .venv/bin/python -m benchmarks.fit_calibration            # fit, print, write
    .venv/bin/python -m benchmarks.fit_calibration --dry-run  # fit and print only
    .venv/bin/python -m benchmarks.fit_calibration --dry-run --lines  # + dev rates per line

Reads every dev-split answer of the realistic corpus (``tests/realistic``, all
writers) and the dev paraphrases of the adversarial corpus (for the uncertain line only),
verifies them with the default engine, and fits a logistic model of
"the claim's sentence is wrong" on the features of ``scoring/calibration.py``
(claims of non-claim sentences left out). Writes
``src/longtracer_core/data/calibration.json`` with the weights, the balanced
and uncertain operating points (``_operating_points``), each feature's dev mean (the
value of a feature a claim does not carry) and a fit report. Test splits are never
read here.
"""

from __future__ import annotations

import argparse
import json
import time
from datetime import date
from pathlib import Path

import numpy as np

from longtracer_core import CitationVerifier
from longtracer_core.contracts import AssessmentAvailability, ClaimAssessment, ClaimOutcome
from longtracer_core.evaluation import load_corpus
from longtracer_core.evaluation.realistic_corpus import HUMAN, load_realistic
from longtracer_core.pipeline.verdicts import answer_contexts, may_pass_on_probability
from longtracer_core.scoring.calibration import FEATURES, claim_features, fit_logistic

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "longtracer_core" / "data" / "calibration.json"
BALANCED_FAITHFUL = 0.10
# A user forgives a flag, not a missed fabrication, but a guard that marks most correct
# sentences is switched off: the uncertain line flags as many wrong sentences as it can
# while marking at most this share of faithful ones (the budget the product sets).
FLAGGED_FAITHFUL = 0.30
# ... and at most this share of the faithful sentences of hand-written answers, which
# users' own answers resemble more than a small model's (the budget the product sets for
# answers written by people; model-written faithful sentences are flagged far less, so
# the share over every writer alone can hide a line that marks too many of them)
FLAGGED_FAITHFUL_HUMAN = 0.35
# ... and supports at least this share of the adversarial corpus's dev paraphrases (the
# specification's floor: a correct sentence reworded is not marked for its wording)
PARAPHRASES_SUPPORTED = 0.90
PARAPHRASES = ROOT / "tests" / "adversarial" / "data" / "paraphrase.jsonl"
L2 = 1.0


def _claim_reading(claim, ctx):
    """A claim's features and (refuted, always marked, below the band)."""
    feats = claim_features(claim.details, claim.outcome, ctx)
    refuted = claim.outcome is ClaimOutcome.REFUTED
    # below the band and unable to pass on probability: marked whatever p_wrong says
    below = claim.assessment is not ClaimAssessment.SUPPORTED
    always = below and not may_pass_on_probability(claim, len(ctx))
    return [feats[f] for f in FEATURES], (refuted, always, below)


def _paraphrases(verifier, weights, bias):
    """Per dev paraphrase of the adversarial corpus: (refuted, always, below, p_wrong) of
    each assessed claim, p_wrong under the fitted ``weights`` and ``bias``."""
    cases = [c for c in load_corpus(PARAPHRASES) if c.get("split") == "dev"]
    results = verifier.verify_batch(
        [
            {"response": c["claim"], "sources": list(c["evidence"]), "case_id": c["id"]}
            for c in cases
        ]
    )
    out = []
    for case in results:
        claims = list(case.claims)
        read = [
            _claim_reading(claim, ctx)
            for claim, ctx in zip(claims, answer_contexts(claims), strict=True)
            if claim.availability is AssessmentAvailability.ASSESSED
        ]
        out.append(
            [
                (*flags, float(1.0 / (1.0 + np.exp(-(np.dot(x, weights) + bias)))))
                for x, flags in read
            ]
        )
    return out


def _rows(verifier, records):
    guarded = verifier.verify_batch(
        [
            {
                "response": r.answer,
                "sources": r.engine_sources(),
                "case_id": r.id,
                "question": r.question,
            }
            for r in records
        ],
        with_traces=True,
        policy="redact",
    )
    rows = []
    for record, g in zip(records, guarded, strict=True):
        claims = list(g.case.claims)
        for claim, ctx in zip(claims, answer_contexts(claims), strict=True):
            if claim.availability is not AssessmentAvailability.ASSESSED:
                continue
            if claim.char_start is None or claim.char_end is None:
                continue
            touched = [
                (k, s.label)
                for k, s in enumerate(record.sentences)
                if s.start < claim.char_end and s.end > claim.char_start
            ]
            labels = {label for _, label in touched}
            if not labels & {"faithful", "error"}:
                continue
            wrong = int("error" in labels)
            feats, flags = _claim_reading(claim, ctx)
            human = record.writer == HUMAN
            keys = [(record.id, k, label, human) for k, label in touched if label != "non_claim"]
            rows.append((feats, wrong, flags, keys))
    return rows


def _keyed(rows, p):
    """Per labelled sentence (answer id, index, label, hand-written): (refuted, always
    marked, below the band, p_wrong) of each of its claims."""
    sentences: dict[tuple[str, int, str, bool], list[tuple[bool, bool, bool, float]]] = {}
    for (_, _, (refuted, always, below), keys), prob in zip(rows, p, strict=True):
        for key in keys:
            sentences.setdefault(key, []).append((refuted, always, below, float(prob)))
    return sentences


def _sentences(rows, p, human_only=False):
    """Per labelled sentence (of hand-written answers only, with ``human_only``): is it
    wrong, and (refuted, always marked, below the band, p_wrong) of each of its claims."""
    return [(k[2] == "error", c) for k, c in _keyed(rows, p).items() if k[3] or not human_only]


def _rates(sentences, hit):
    wrong = [any(hit(c) for c in claims) for is_wrong, claims in sentences if is_wrong]
    faithful = [any(hit(c) for c in claims) for is_wrong, claims in sentences if not is_wrong]
    return float(np.mean(faithful)), float(np.mean(wrong))


def _operating_points(rows, p, paraphrases):
    """``uncertain``: the p_wrong line that flags the most wrong sentences while faithful
    sentences flagged stay at or under FLAGGED_FAITHFUL (and those of hand-written
    answers at or under FLAGGED_FAITHFUL_HUMAN) and the dev paraphrases supported at or
    over PARAPHRASES_SUPPORTED, and of the lines that flag as many, the highest (no
    faithful flag that catches nothing); ``balanced``: the lowest line at which removing
    uncertain claims keeps faithful sentences removed at or under BALANCED_FAITHFUL."""
    sentences, human = _sentences(rows, p), _sentences(rows, p, human_only=True)
    grid = [float(t) for t in np.round(np.arange(0.02, 0.99, 0.01), 2)]

    def flags(c, tau):
        return c[0] or c[1] or (c[2] and c[3] >= tau)

    rates = {tau: _rates(sentences, lambda c, tau=tau: flags(c, tau)) for tau in grid}
    by_people = {tau: _rates(human, lambda c, tau=tau: flags(c, tau))[0] for tau in grid}
    kept = {
        tau: float(np.mean([not any(flags(c, tau) for c in case) for case in paraphrases]))
        for tau in grid
    }
    within = [
        tau
        for tau in grid
        if rates[tau][0] <= FLAGGED_FAITHFUL
        and by_people[tau] <= FLAGGED_FAITHFUL_HUMAN
        and kept[tau] >= PARAPHRASES_SUPPORTED
    ] or grid[-1:]
    most = max(rates[tau][1] for tau in within)
    line = max(tau for tau in within if rates[tau][1] == most)
    balanced = 1.0
    for tau in grid:
        f, _ = _rates(sentences, lambda c, tau=tau: c[0] or (c[2] and c[3] >= tau))
        if f <= BALANCED_FAITHFUL:
            balanced = tau
            break
    return {"uncertain": line, "balanced": max(balanced, line)}


def _line_table(rows, p, others: set[str]) -> None:
    """Print, per uncertain line, the dev sentences flagged (faithful, wrong) of every
    writer and of the other authors (``tests/realistic/others``), and what lowering the
    line by 0.01 adds over every writer: the table the line's rule is judged by."""

    def flags(c, tau):
        return c[0] or c[1] or (c[2] and c[3] >= tau)

    every = _sentences(rows, p)
    keys = [(k, claims) for k, claims in _keyed(rows, p).items()]
    theirs = [(k[2] == "error", claims) for k, claims in keys if k[0] in others]
    print("line  faithful all / others  wrong all / others  lowering 0.01 adds (F / W)")
    for tau in [float(t) for t in np.round(np.arange(0.04, 0.31, 0.01), 2)]:
        here = [_rates(s, lambda c, tau=tau: flags(c, tau)) for s in (every, theirs)]
        lower = [any(flags(c, tau - 0.01) for c in cl) - any(flags(c, tau) for c in cl)
                 for _, cl in every]  # fmt: skip
        added = [(w, d) for (w, _), d in zip(every, lower, strict=True) if d]
        print(
            f"{tau:.2f}  {here[0][0]:.3f} / {here[1][0]:.3f}        "
            f"{here[0][1]:.3f} / {here[1][1]:.3f}      "
            f"{sum(not w for w, _ in added)} / {sum(w for w, _ in added)}"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=str(ROOT / "tests" / "realistic"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--lines", action="store_true", help="print the dev rates per line")
    args = ap.parse_args()
    started = time.perf_counter()
    records = [r for r in load_realistic([args.corpus]) if r.split == "dev"]
    verifier = CitationVerifier()
    rows = _rows(verifier, records)
    x = np.array([r[0] for r in rows], dtype=np.float64)
    y = np.array([r[1] for r in rows], dtype=np.float64)
    weights, bias = fit_logistic(x, y, l2=L2)
    p = 1.0 / (1.0 + np.exp(-(x @ weights + bias)))
    points = _operating_points(rows, p, _paraphrases(verifier, weights, bias))
    report = {
        "version": f"calibration-{date.today().isoformat()}",
        "features": list(FEATURES),
        "weights": [round(float(w), 6) for w in weights],
        "bias": round(bias, 6),
        "operating_points": points,
        # the value of a feature a claim does not carry (the seed's matcher records no
        # word support): its dev mean
        "defaults": {f: round(float(v), 6) for f, v in zip(FEATURES, x.mean(axis=0), strict=True)},
        "fit": {
            "data": "realistic corpus, dev split (every writer); claims of labelled sentences",
            "answers": len(records),
            "claims": len(rows),
            "wrong_claims": int(y.sum()),
            "l2": L2,
            "uncertain_rule": (
                f"most wrong flagged with faithful flagged <= {FLAGGED_FAITHFUL} "
                f"(hand-written answers: <= {FLAGGED_FAITHFUL_HUMAN}) and adversarial dev "
                f"paraphrases supported >= {PARAPHRASES_SUPPORTED}; of equal lines the highest"
            ),
            "balanced_rule": f"lowest line keeping faithful sentences removed <= {BALANCED_FAITHFUL}",
            "seconds": round(time.perf_counter() - started, 1),
            "command": ".venv/bin/python -m benchmarks.fit_calibration",
        },
    }
    print(json.dumps({k: v for k, v in report.items() if k != "features"}, indent=1))
    if args.lines:
        _line_table(rows, p, {r.id for r in load_realistic(Path(args.corpus) / "others")})
    if not args.dry_run:
        OUT.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
