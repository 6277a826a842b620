"""Group-wise cross-validation on the realistic dev split.

    python -m training.crossval --init RUN --data DIR [--folds 5]

For each fold: start from the head of ``--init``, train one short pass on the
dev pairs of the other folds (``training.realistic_pairs``) mixed with synthetic
pairs, and score the held-out fold's sentences. The pooled AUROC over all folds
is a measurement on sentences the scoring model never trained on.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from .halueval import cache_dir
from .metrics import auroc


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--init", required=True)
    ap.add_argument("--data", type=Path, required=True)
    ap.add_argument("--corpus", type=Path, required=True)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--synthetic", type=int, default=4000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--join", action="store_true")
    args = ap.parse_args()
    extra = cache_dir() / "realistic-dev-pairs.jsonl"
    rows = []
    for fold in range(args.folds):
        run = f"{args.init}-cv{fold}"
        subprocess.run(
            [
                sys.executable,
                "-m",
                "training.head",
                "--data",
                str(args.data),
                "--run",
                run,
                "--init",
                args.init,
                "--epochs",
                "1",
                "--max-train",
                str(args.synthetic),
                "--max-val",
                "500",
                "--extra",
                str(extra),
                "--exclude-fold",
                str(fold),
                "--extra-repeat",
                str(args.repeat),
                "--lr",
                str(args.lr),
            ],
            check=True,
        )
        out = cache_dir() / "runs" / run / "realistic.json"
        cmd = [
            sys.executable,
            "-m",
            "training.evaluate",
            "--run",
            run,
            "--corpus",
            str(args.corpus),
            "--fold",
            str(fold),
            "--folds",
            str(args.folds),
            "--out",
            str(out),
        ]
        if args.join:
            cmd.append("--join")
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        rows.extend(json.loads(out.read_text())["realistic"]["rows"])
    faithful = [r for r in rows if r["label"] == "faithful"]
    errors = [r for r in rows if r["label"] == "error"]
    report = {
        "sentences": {"faithful": len(faithful), "error": len(errors)},
        "auroc_model_cv": round(
            auroc([r["model"] for r in faithful], [r["model"] for r in errors]), 4
        ),
        "auroc_matcher": round(
            auroc([r["matcher"] for r in faithful], [r["matcher"] for r in errors]), 4
        ),
    }
    (cache_dir() / "runs" / f"{args.init}-cv.json").write_text(json.dumps({**report, "rows": rows}))
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
