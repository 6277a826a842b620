"""Pairs from the realistic corpus's dev split, for group-wise cross-validation.

    python -m training.realistic_pairs --corpus tests/realistic --folds 5

Faithful sentences give positives (each claim the default verifier cut from the
sentence, against its best candidate span) and, through ``training.edits``,
minimal-edit negatives; planted-error sentences give negatives against their top
candidates. Each pair carries its group's fold number, so a model can train on
the other folds and be measured on the held-out one. Only the dev split is read.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from collections import Counter
from pathlib import Path

from longtracer_core import CitationVerifier, VerifyConfig
from longtracer_core.evaluation.realistic import load_realistic

from . import edits
from .evaluate import ROOT, claim_candidates, span_texts
from .halueval import cache_dir


def fold_of(group: str, folds: int) -> int:
    return int(hashlib.sha1(group.encode()).hexdigest(), 16) % folds


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--corpus", type=Path, default=ROOT / "tests" / "realistic")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=13)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    config = VerifyConfig()
    verifier = CitationVerifier(config=config)
    rows: list[dict[str, object]] = []
    records = load_realistic(args.corpus, split="dev")
    pool = sorted({e for r in records for s in r.sources for e in edits.entities(s["text"])})
    for rec in records:
        fold = fold_of(rec.group, args.folds)
        sources = [{"text": s["text"], "source_id": s["source_id"]} for s in rec.sources]
        case = verifier.verify_case(rec.answer, sources)
        cands = claim_candidates(case, span_texts(sources, config), 3)
        claims = [c for c in case.claims if "score" in c.details]
        for sent in rec.sentences:
            if sent.label == "non_claim":
                continue
            for i, c in enumerate(claims):
                if not (c.char_start < sent.end and c.char_end > sent.start) or not cands[i].spans:
                    continue
                claim, span = cands[i].claim, cands[i].spans[0]
                base = {"doc": rec.group, "fold": fold}
                if sent.label == "error":
                    label = 2 if sent.error_type in {"unsupported_detail", "causal"} else 1
                    for s in cands[i].spans[:2]:
                        rows.append(
                            {
                                **base,
                                "claim": claim,
                                "span": s,
                                "label": label,
                                "kind": f"realistic-error:{sent.error_type}",
                            }
                        )
                    continue
                rows.append(
                    {**base, "claim": claim, "span": span, "label": 0, "kind": "realistic-positive"}
                )
                made = []
                for name, maker in edits.EDITS.items():
                    e = maker(claim, span, rng, pool)
                    if e is not None and e.applies(claim) and e.apply(claim) != claim:
                        made.append((name, e))
                rng.shuffle(made)
                for name, e in made[:2]:
                    rows.append(
                        {
                            **base,
                            "claim": e.apply(claim),
                            "span": span,
                            "label": edits_label(e.label),
                            "kind": f"realistic-edit:{name}",
                        }
                    )
                    if e.applies(span) and rng.random() < 0.6:
                        s2 = e.apply(span)
                        rows.append(
                            {
                                **base,
                                "claim": e.apply(claim),
                                "span": s2,
                                "label": 0,
                                "kind": f"realistic-counterfactual:{name}",
                            }
                        )
                        rows.append(
                            {
                                **base,
                                "claim": claim,
                                "span": s2,
                                "label": 1,
                                "kind": f"realistic-counterfactual-neg:{name}",
                            }
                        )
    out = cache_dir() / "realistic-dev-pairs.jsonl"
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    print(len(rows), Counter(str(r["label"]) for r in rows), Counter(r["fold"] for r in rows))
    print(out)
    return 0


def edits_label(label: str) -> int:
    return 1 if label == "contradicted" else 2


if __name__ == "__main__":
    raise SystemExit(main())
