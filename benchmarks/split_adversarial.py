"""Give every adversarial case without one a dev/test ``split``, by evidence bundle.

    .venv/bin/python -m benchmarks.split_adversarial [--check]

Cases that share an evidence passage form one bundle (connected through any
shared passage), and a bundle stays on one side, so no passage is read on both
sides. Bundles are taken in the order of a hash of their passages (not of
anything the engine says about them) and each goes to the side that holds
fewer cases of the bundle's most common expected outcome so far (ties: dev),
which keeps both sides about half and about alike in what they expect. Cases
that already carry a split keep it. ``--check`` only says which files would
change.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "adversarial" / "data"


def bundles(cases: list[dict[str, Any]]) -> list[list[int]]:
    """Indices of cases connected through a shared evidence passage (union-find)."""
    parent = list(range(len(cases)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    owner: dict[str, int] = {}
    for i, case in enumerate(cases):
        for passage in case["evidence"]:
            if passage in owner:
                parent[find(i)] = find(owner[passage])
            else:
                owner[passage] = i
    groups: dict[int, list[int]] = {}
    for i in range(len(cases)):
        groups.setdefault(find(i), []).append(i)
    return list(groups.values())


def _key(cases: list[dict[str, Any]], group: list[int]) -> str:
    passages = sorted({p for i in group for p in cases[i]["evidence"]})
    return hashlib.sha256("\n".join(passages).encode()).hexdigest()


def assign(cases: list[dict[str, Any]]) -> list[str]:
    """The split of every case (existing splits kept when every case has one)."""
    if all(c.get("split") in ("dev", "test") for c in cases):
        return [c["split"] for c in cases]
    held: dict[str, Counter[str]] = {"dev": Counter(), "test": Counter()}
    out = [""] * len(cases)
    for group in sorted(bundles(cases), key=lambda g: _key(cases, g)):
        label = Counter(cases[i]["expected"] for i in group).most_common(1)[0][0]
        side = "dev" if held["dev"][label] <= held["test"][label] else "test"
        for i in group:
            out[i] = side
            held[side][cases[i]["expected"]] += 1
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="write nothing; list files to change")
    args = ap.parse_args()
    for path in sorted(DATA.glob("*.jsonl")):
        lines = [x for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
        cases = [json.loads(x) for x in lines]
        splits = assign(cases)
        if [c.get("split") for c in cases] == splits:
            continue
        rows = []
        for case, split in zip(cases, splits, strict=True):
            rows.append(json.dumps({**case, "split": split}, ensure_ascii=False))
        counts = Counter(splits)
        print(f"{path.name}: dev {counts['dev']}, test {counts['test']}")
        if not args.check:
            path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
