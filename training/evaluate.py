"""Measure a verifier model against the matcher on data it never trained on.

    python -m training.evaluate --run NAME [--corpus tests/realistic] [--split dev] [--k 3]

Realistic corpus: every labelled sentence (faithful or error) is scored two
ways and the AUROC of "faithful above error" is reported for each:

- matcher: the lowest claim score among the claims the default verifier cut
  from that sentence (what the bands act on);
- model: for each of those claims, the highest P(supported) over its top ``k``
  candidate spans (the matcher's order), then the lowest over the claims.

A sentence the decomposer classed non-claim has no claim; it scores 1.0 for both
(it is never flagged), and the count is reported. Adversarial corpora: per
class, the share of claims whose P(supported) is ≥ 0.5 (and the matcher's
SUPPORTED share). FaithBench and HaluEval QA: response-level AUROC of the
lowest claim score, matcher vs model.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from longtracer_core import CitationVerifier, VerifyConfig
from longtracer_core.contracts import CaseResult
from longtracer_core.evaluation import load_corpus, load_records
from longtracer_core.evaluation.realistic import load_realistic
from longtracer_core.pipeline.sources import normalize_sources
from longtracer_core.scoring.spans import split_source

from .metrics import auroc

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("LONGTRACER_SHARED", ROOT.parent / "shared"))
if not SHARED.exists():
    SHARED = Path("/work/shared")

PairScorer = Callable[[Sequence[tuple[str, str]]], np.ndarray]  # → (n, 3) probabilities


@dataclass
class ClaimCands:
    claim: str
    matcher: float
    spans: list[str]  # top-k candidate span texts, best first


def span_texts(sources: Any, config: VerifyConfig) -> dict[str, str]:
    out: dict[str, str] = {}
    for doc in normalize_sources(sources, None):
        for s in split_source(
            doc.source_id,
            doc.text,
            granularity=config.span_granularity,
            window=config.span_window,
            span_class=doc.span_class,
            source_index=doc.index,
        ):
            out[s.span_id] = s.text
    return out


JOIN_CANDIDATES = False  # also score the claim against its top-k spans joined (fusion)


def claim_candidates(case: CaseResult, spans: dict[str, str], k: int) -> list[ClaimCands]:
    out = []
    for c in case.claims:
        cands = c.details.get("candidates") or []
        if "score" not in c.details:
            continue
        best = sorted(cands, key=lambda x: -x["score"])[:k]
        texts = [spans[x["span_id"]] for x in best]
        if JOIN_CANDIDATES and len(texts) > 1:
            texts.append(" ".join(dict.fromkeys(texts)))
        out.append(ClaimCands(c.claim_text, float(c.details["score"]), texts))
    return out


def model_claim_scores(cands: Sequence[ClaimCands], scorer: PairScorer) -> list[float]:
    pairs = [(c.claim, s) for c in cands for s in c.spans]
    probs = scorer(pairs) if pairs else np.zeros((0, 3))
    out, i = [], 0
    for c in cands:
        n = len(c.spans)
        out.append(float(probs[i : i + n, 0].max()) if n else 0.0)
        i += n
    return out


def realistic(
    corpus: Path,
    split: str,
    scorer: PairScorer | None,
    k: int,
    keep: Callable[[str], bool] = lambda group: True,
) -> dict[str, Any]:
    config = VerifyConfig()
    verifier = CitationVerifier(config=config)
    rows: list[dict[str, Any]] = []
    for rec in load_realistic(corpus, split=split):
        if not keep(rec.group):
            continue
        sources = [{"text": s["text"], "source_id": s["source_id"]} for s in rec.sources]
        case = verifier.verify_case(rec.answer, sources)
        spans = span_texts(sources, config)
        claims = [c for c in case.claims if "score" in c.details]
        cands = claim_candidates(case, spans, k)
        model_scores = model_claim_scores(cands, scorer) if scorer else [0.0] * len(cands)
        for sent in rec.sentences:
            if sent.label == "non_claim":
                continue
            idx = [
                i
                for i, c in enumerate(claims)
                if c.char_start < sent.end and c.char_end > sent.start
            ]
            rows.append(
                {
                    "record": rec.id,
                    "label": sent.label,
                    "error_type": sent.error_type,
                    "tags": list(sent.tags),
                    "text": sent.text,
                    "claims": len(idx),
                    "matcher": min((cands[i].matcher for i in idx), default=1.0),
                    "model": min((model_scores[i] for i in idx), default=1.0),
                }
            )
    faithful = [r for r in rows if r["label"] == "faithful"]
    errors = [r for r in rows if r["label"] == "error"]
    res: dict[str, Any] = {
        "sentences": {"faithful": len(faithful), "error": len(errors)},
        "without_claims": sum(r["claims"] == 0 for r in rows),
        "auroc_matcher": round(
            auroc([r["matcher"] for r in faithful], [r["matcher"] for r in errors]), 4
        ),
    }
    if scorer:
        res["auroc_model"] = round(
            auroc([r["model"] for r in faithful], [r["model"] for r in errors]), 4
        )
        res["model_error_below_0.5"] = round(np.mean([r["model"] < 0.5 for r in errors]), 3)
        res["model_faithful_below_0.5"] = round(np.mean([r["model"] < 0.5 for r in faithful]), 3)
        by_type: dict[str, list[float]] = {}
        for r in errors:
            by_type.setdefault(r["error_type"], []).append(r["model"])
        res["model_error_mean_by_type"] = {
            t: round(float(np.mean(v)), 3) for t, v in sorted(by_type.items())
        }
    res["rows"] = rows
    return res


def adversarial(folder: Path, scorer: PairScorer, k: int) -> dict[str, Any]:
    config = VerifyConfig()
    verifier = CitationVerifier(config=config)
    out: dict[str, Any] = {}
    for path in sorted(folder.glob("*.jsonl")):
        cases = load_corpus(path)
        groups: dict[str, list[tuple[float, float, bool]]] = {}
        for case in cases:
            sources = list(case["evidence"])
            result = verifier.verify_case(case["claim"], sources)
            cands = claim_candidates(result, span_texts(sources, config), k)
            if not cands:
                continue
            model = min(model_claim_scores(cands, scorer))
            matcher = min(c.matcher for c in cands)
            groups.setdefault(case["expected"], []).append(
                (model, matcher, case["expected"] == "supported")
            )
        for expected, vals in groups.items():
            good = [(m >= 0.5) == sup for m, _, sup in vals]
            out[f"{path.stem}/{expected}"] = {
                "cases": len(vals),
                "model_as_expected": round(float(np.mean(good)), 3),
                "matcher_supported_share": round(
                    float(np.mean([x >= 0.75 for _, x, _ in vals])), 3
                ),
            }
    return out


def labelled_data(name: str, scorer: PairScorer, k: int, limit: int) -> dict[str, Any]:
    from longtracer_core import SentenceTransformerEmbedder
    from longtracer_core.evaluation import QuestionAnswerDecomposer

    config = VerifyConfig()
    embedder = SentenceTransformerEmbedder()
    plain = CitationVerifier(embedder=embedder, config=config)
    model_s: list[tuple[float, bool]] = []
    matcher_s: list[tuple[float, bool]] = []
    for rec in load_records(SHARED / "data" / name, limit=limit):
        verifier = plain
        if rec.question:
            verifier = CitationVerifier(
                embedder=embedder,
                config=config,
                decomposer=QuestionAnswerDecomposer(rec.question),
            )
        sources = list(rec.sources)
        case = verifier.verify_case(rec.response, sources)
        cands = claim_candidates(case, span_texts(sources, config), k)
        if not cands:
            continue
        model_s.append((min(model_claim_scores(cands, scorer)), rec.hallucinated))
        matcher_s.append((min(c.matcher for c in cands), rec.hallucinated))

    def _au(vals: list[tuple[float, bool]]) -> float:
        return round(auroc([v for v, b in vals if not b], [v for v, b in vals if b]), 4)

    def _ba(vals: list[tuple[float, bool]], t: float) -> float:
        tpr = np.mean([v < t for v, b in vals if b])
        tnr = np.mean([v >= t for v, b in vals if not b])
        return round(float((tpr + tnr) / 2), 4)

    return {
        "responses": len(model_s),
        "auroc_matcher": _au(matcher_s),
        "auroc_model": _au(model_s),
        "balanced_accuracy_model_at_0.5": _ba(model_s, 0.5),
    }


def head_scorer(run: str) -> PairScorer:
    import torch

    from .features import Encoder, TokenStore, fill
    from .halueval import cache_dir
    from .head import InteractionHead, batch_tensors

    state = torch.load(cache_dir() / "runs" / run / "head.pt")
    d = state["proj.weight"].shape[0]
    model = InteractionHead(d=d)
    model.load_state_dict(state)
    model.eval()
    store_dir = cache_dir() / "tokens-eval"
    store_dir.mkdir(parents=True, exist_ok=True)
    store = TokenStore(store_dir)
    encoder = Encoder()

    def score(pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        texts = [t for p in pairs for t in p]
        if store.missing(texts):
            fill(store, texts, encoder)
        rows = [{"claim": c, "span": s} for c, s in pairs]
        with torch.no_grad():
            out = torch.softmax(model(*batch_tensors(store, rows)), -1).numpy()
        return out

    return score


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--run", default="")
    ap.add_argument("--corpus", type=Path, default=ROOT / "tests" / "realistic")
    ap.add_argument("--split", default="dev")
    ap.add_argument("--k", type=int, default=3)
    ap.add_argument("--adversarial", action="store_true")
    ap.add_argument("--data", action="store_true", help="FaithBench and HaluEval QA dev")
    ap.add_argument("--limit", type=int, default=300)
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--join", action="store_true", help="also score the top-k spans joined")
    ap.add_argument("--fold", type=int, default=-1, help="only groups of this fold")
    ap.add_argument("--folds", type=int, default=5)
    args = ap.parse_args()
    if args.split == "test":
        print("note: test split — report it, never tune on it")
    global JOIN_CANDIDATES
    JOIN_CANDIDATES = args.join
    scorer = head_scorer(args.run) if args.run else None
    report: dict[str, Any] = {"run": args.run, "k": args.k}
    if args.fold >= 0:
        from .realistic_pairs import fold_of

        def keep(group: str) -> bool:
            return fold_of(group, args.folds) == args.fold

        report["realistic"] = realistic(args.corpus, args.split, scorer, args.k, keep)
    else:
        report["realistic"] = realistic(args.corpus, args.split, scorer, args.k)
    if scorer and args.adversarial:
        report["adversarial"] = adversarial(ROOT / "tests" / "adversarial" / "data", scorer, args.k)
    if scorer and args.data:
        for name in ("faithbench_dev.jsonl", "halueval_qa_dev.jsonl"):
            report[name] = labelled_data(name, scorer, args.k, args.limit)
    brief = {k: v for k, v in report["realistic"].items() if k != "rows"}
    print(json.dumps({**{k: v for k, v in report.items() if k != "realistic"}, **brief}, indent=2))
    if args.out:
        args.out.write_text(json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
