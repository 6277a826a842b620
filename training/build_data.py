"""Build the contrastive claim-vs-evidence pairs the verifier model trains on.

    python -m training.build_data [--docs 4000] [--dialogue 1500] [--seed 13]

Positives are statements the evidence supports: HaluEval summarization *right*
summary sentences with their best document window, HaluEval dialogue *right*
responses with their knowledge, and meaning-preserving rewrites of those
(number/unit/date formats, synonyms, moved clauses, pronoun subjects, dropped
asides, fused pairs). Negatives are minimal edits of the same positives
(``training.edits``), counterfactual pairs (the same edit applied to claim and
evidence is a positive again; the original claim against the edited evidence
is a negative), and the claim against a topical window of the same document that
does not hold it (not enough information). HaluEval's own hallucinated
responses enter only with ``--halueval-negatives N``.

Labels: 0 supported, 1 contradicted, 2 not enough information. Output goes to
the cache folder (``training.halueval.cache_dir()``), split by document into
train and val, never into the repository; a manifest records the inputs' ids and
the outputs' sha256.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from longtracer_core.text.sentences import split_sentences

from . import edits
from .halueval import FILES, cache_dir, records

LABELS = {"supported": 0, "contradicted": 1, "nei": 2}
_STOP = frozenset(
    """a an the and or but of to in on at by for with from as is are was were be been being has
    have had that this these those it its he she they them his her their there which who
    whom what when where why how not no will would can could should may might must do does
    did said says say also than then so such into over after before about more most very
    just other some any all one two new""".split()
)
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’\-]*")


def content(text: str) -> set[str]:
    """Lower-cased content words, crude plural folding: what 'covers' a claim."""
    out = set()
    for w in _WORD.findall(text):
        lw = w.lower().strip("'’")
        if lw in _STOP or (len(lw) < 3 and not lw.isdigit()):
            continue
        if lw.endswith("s") and len(lw) > 4 and not lw.endswith("ss"):
            lw = lw[:-1]
        out.add(lw)
    return out


def coverage(claim: set[str], window: set[str]) -> float:
    return len(claim & window) / len(claim) if claim else 0.0


@dataclass(frozen=True)
class Base:
    """A supported statement with the evidence window that holds it."""

    doc: str
    claim: str
    span: str
    windows: tuple[str, ...]  # other windows of the same document (topical, for NEI)
    others: tuple[str, ...]  # other supported statements of the same document


def sentences(text: str) -> list[str]:
    return [s.text.strip() for s in split_sentences(text) if len(s.text.split()) >= 4]


def _best_window(claim: str, sents: Sequence[str], sets: Sequence[set[str]]) -> str | None:
    want = content(claim)
    if len(want) < 3:
        return None
    covs = [coverage(want, s) for s in sets]
    best = max(range(len(sents)), key=lambda i: covs[i])
    chosen = [best]
    if covs[best] < 0.85:
        rest = [i for i in range(len(sents)) if i != best]
        if rest:
            second = max(rest, key=lambda i: coverage(want, sets[best] | sets[i]))
            if coverage(want, sets[best] | sets[second]) > covs[best] + 0.1:
                chosen.append(second)
    union: set[str] = set().union(*(sets[i] for i in chosen))
    window = " ".join(sents[i] for i in sorted(chosen))
    if coverage(want, union) < 0.75:
        return None
    if any(n not in window for n in edits.numbers(claim)):
        return None
    if len(window.split()) > 110:
        return None
    return window


def _topical_windows(claim: str, sents: Sequence[str], sets: Sequence[set[str]]) -> list[str]:
    want = content(claim)
    out = []
    for i in range(len(sents)):
        cov = coverage(want, sets[i])
        if 0.0 < cov <= 0.35:
            out.append(sents[i])
    return out[:6]


def summarization_bases(n_docs: int, rng: random.Random) -> list[Base]:
    rows = list(records("summarization"))
    order = list(range(len(rows)))
    rng.shuffle(order)
    bases: list[Base] = []
    for idx in order[:n_docs]:
        row = rows[idx]
        sents = sentences(row["document"])[:60]
        if len(sents) < 3:
            continue
        sets = [content(s) for s in sents]
        claims = sentences(row["right_summary"])
        found: list[tuple[str, str, list[str]]] = []
        for claim in claims:
            window = _best_window(claim, sents, sets)
            if window is not None:
                found.append((claim, window, _topical_windows(claim, sents, sets)))
        for claim, window, topical in found:
            others = tuple(c for c, _, _ in found if c != claim)
            bases.append(Base(f"sum-{idx}", claim, window, tuple(topical), others))
    return bases


_PERSONAL = re.compile(r"(?<![\w])(I|I'm|I've|me|my|you|your|we|us|our)(?![\w])", re.I)


def dialogue_bases(n: int, rng: random.Random) -> list[Base]:
    rows = list(records("dialogue"))
    order = list(range(len(rows)))
    rng.shuffle(order)
    bases: list[Base] = []
    for idx in order:
        if len(bases) >= n:
            break
        row = rows[idx]
        knowledge = row["knowledge"].strip()
        for sent in sentences(row["right_response"]) or [row["right_response"].strip()]:
            if _PERSONAL.search(sent) or sent.endswith("?") or len(sent.split()) < 5:
                continue
            if coverage(content(sent), content(knowledge)) >= 0.6:
                bases.append(Base(f"dia-{idx}", sent, knowledge, (), ()))
    return bases


@dataclass
class Pair:
    claim: str
    span: str
    label: int
    kind: str
    doc: str

    def row(self) -> dict[str, Any]:
        return {
            "claim": self.claim,
            "span": self.span,
            "label": self.label,
            "kind": self.kind,
            "doc": self.doc,
        }


def _lower_first(text: str) -> str:
    first = text.split()[0] if text.split() else ""
    if first in edits.ENTITY_STOP and first != "I":
        return text[:1].lower() + text[1:]
    return text


def _edit_kinds(claim: str, span: str, rng: random.Random, pool: Sequence[str]) -> list[Any]:
    made = []
    for name, maker in edits.EDITS.items():
        e = maker(claim, span, rng, pool)
        if e is not None and e.applies(claim) and e.apply(claim) != claim:
            made.append((name, e))
    return made


def pairs_for(
    base: Base,
    rng: random.Random,
    pool: Sequence[str],
    kind_counts: Counter[str],
) -> list[Pair]:
    """Every pair one supported statement yields (labels balanced by construction)."""
    c, s, doc = base.claim, base.span, base.doc
    out = [Pair(c, s, 0, "positive", doc)]
    # meaning-preserving rewrites
    rewrites = [(k, f(c, rng)) for k, f in edits.REWRITES.items()]
    rewrites = [(k, r) for k, r in rewrites if r and r != c]
    pron = edits.rewrite_pronoun(c, s, rng)
    if pron:
        rewrites.append(("pronoun", pron))
    rng.shuffle(rewrites)
    for k, r in rewrites[:2]:
        out.append(Pair(r, s, 0, f"rewrite:{k}", doc))
    # minimal edits: the rarest kinds first, so every kind is well represented
    made = _edit_kinds(c, s, rng, pool)
    made.sort(key=lambda t: (kind_counts[t[0]], rng.random()))
    for name, e in made[:2]:
        kind_counts[name] += 1
        neg = e.apply(c)
        out.append(Pair(neg, s, LABELS[e.label], f"edit:{name}", doc))
        if pron and rng.random() < 0.25 and e.applies(pron):
            out.append(Pair(e.apply(pron), s, LABELS[e.label], f"edit:{name}+pronoun", doc))
        if e.applies(s) and e.label == "contradicted" and rng.random() < 0.6:
            s2 = e.apply(s)
            if s2 != s:
                out.append(Pair(neg, s2, 0, f"counterfactual:{name}", doc))
                out.append(Pair(c, s2, 1, f"counterfactual-neg:{name}", doc))
    # not enough information: a topical window of the same document that lacks the claim
    if base.windows and rng.random() < 0.5:
        out.append(Pair(c, rng.choice(base.windows), 2, "nei:window", doc))
    # fusion: two supported statements joined, against both windows (supported) or one (nei)
    if base.others and rng.random() < 0.25:
        other = rng.choice(base.others)
        if not content(other) <= content(s):
            joined = c.rstrip(".!? ") + rng.choice([", and ", "; "]) + _lower_first(other)
            out.append(Pair(joined, s, 2, "nei:fusion", doc))
    for p in out:
        p.claim = edits.surface_noise(p.claim, rng)
    return out


def dialogue_negatives(n: int, rng: random.Random, skip: set[str]) -> list[Pair]:
    """HaluEval's own hallucinated dialogue responses (a measured minority, off by default)."""
    out: list[Pair] = []
    rows = list(records("dialogue"))
    order = list(range(len(rows)))
    rng.shuffle(order)
    for idx in order:
        if len(out) >= n:
            break
        if f"dia-{idx}" in skip:
            continue
        row = rows[idx]
        out.append(
            Pair(row["hallucinated_response"].strip(), row["knowledge"].strip(), 2, "halueval", "")
        )
        out[-1].doc = f"dia-{idx}"
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--docs", type=int, default=4000, help="HaluEval summarization documents")
    ap.add_argument("--dialogue", type=int, default=1500, help="HaluEval dialogue positives")
    ap.add_argument("--halueval-negatives", type=int, default=0)
    ap.add_argument("--val-fraction", type=float, default=0.08)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    bases = summarization_bases(args.docs, rng) + dialogue_bases(args.dialogue, rng)
    pool = sorted({e for b in bases for e in edits.entities(b.span)})
    kind_counts: Counter[str] = Counter()
    pairs: list[Pair] = []
    for base in bases:
        pairs.extend(pairs_for(base, rng, pool, kind_counts))
    if args.halueval_negatives:
        docs = {b.doc for b in bases}
        pairs.extend(dialogue_negatives(args.halueval_negatives, rng, docs))
    docs = sorted({p.doc for p in pairs})
    val_docs = set(random.Random(args.seed + 1).sample(docs, int(len(docs) * args.val_fraction)))
    out_dir = (
        args.out or cache_dir() / f"pairs-s{args.seed}-d{args.docs}-h{args.halueval_negatives}"
    )
    out_dir.mkdir(parents=True, exist_ok=True)
    manifest: dict[str, Any] = {
        "args": {k: str(v) for k, v in vars(args).items()},
        "inputs": {k: v[1] for k, v in FILES.items()},
        "bases": len(bases),
        "edit_kinds": dict(kind_counts),
    }
    for split in ("train", "val"):
        rows = [p.row() for p in pairs if (p.doc in val_docs) == (split == "val")]
        random.Random(args.seed + 2).shuffle(rows)
        path = out_dir / f"{split}.jsonl"
        text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
        path.write_text(text, encoding="utf-8")
        manifest[split] = {
            "pairs": len(rows),
            "labels": dict(Counter(r["label"] for r in rows)),
            "kinds": dict(Counter(r["kind"].split(":")[0] for r in rows)),
            "sha256": hashlib.sha256(text.encode()).hexdigest(),
        }
    (out_dir / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    print(json.dumps(manifest, indent=2))
    print(out_dir)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
