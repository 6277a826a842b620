"""The verifier head: a small trained interaction model over frozen token vectors.

    python -m training.head --data DIR --run NAME [--epochs 4]

Claim and evidence are encoded separately by the frozen all-MiniLM-L6-v2 (the
pass the engine runs anyway to embed them); the head aligns every claim token
with the evidence tokens (soft attention), compares each token with what it
aligned to, reads the comparisons in order with one small transformer layer
(role and order errors show as aligned positions out of order) and pools them
into three logits: supported, contradicted, not enough information.

Every operation is a matrix product, a softmax, GELU or layer norm, so the
NumPy runtime reproduces it without torch.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from .features import MAX_TOKENS, Encoder, TokenStore, fill
from .halueval import cache_dir
from .metrics import auroc


def _positions(mask: torch.Tensor) -> torch.Tensor:
    """Each token's relative position in its text, 0..1 (padding 0)."""
    n = mask.sum(1, keepdim=True).clamp(min=2).to(torch.float32)
    pos = torch.arange(mask.shape[1], dtype=torch.float32)[None, :].expand_as(mask)
    return (pos / (n - 1)) * mask


class InteractionHead(nn.Module):
    """Soft alignment of claim tokens to the span, comparison, one transformer layer, 3 logits.

    Besides the learned comparison, each claim token carries two plain signals:
    its best cosine with any span token (raw vectors) and whether its word piece
    occurs in the span at all (a name or figure the span does not have).
    """

    def __init__(self, dim: int = 384, d: int = 128, heads: int = 4, dropout: float = 0.1) -> None:
        super().__init__()
        self.proj = nn.Linear(dim, d)
        self.compare = nn.Linear(4 * d + 4, d)
        self.layer = nn.TransformerEncoderLayer(
            d, heads, 2 * d, dropout=dropout, activation="gelu", batch_first=True, norm_first=False
        )
        self.out1 = nn.Linear(2 * d + 1, d)
        self.out2 = nn.Linear(d, 3)
        self.drop = nn.Dropout(dropout)
        self.d = d

    def forward(
        self,
        a: torch.Tensor,
        ma: torch.Tensor,
        s: torch.Tensor,
        ms: torch.Tensor,
        exact: torch.Tensor,
    ) -> torch.Tensor:
        ma_f, ms_f = ma.to(a.dtype), ms.to(s.dtype)
        pa = (a * ma_f[..., None]).sum(1) / ma_f.sum(1, keepdim=True)
        ps = (s * ms_f[..., None]).sum(1) / ms_f.sum(1, keepdim=True)
        cos = nn.functional.cosine_similarity(pa, ps, dim=-1)[:, None]
        big = torch.finfo(a.dtype).max / 4
        an = nn.functional.normalize(a, dim=-1)
        sn = nn.functional.normalize(s, dim=-1)
        raw = torch.einsum("bnd,bmd->bnm", an, sn).masked_fill(~ms[:, None, :], -2.0)
        best = raw.max(2).values  # each claim token's closest span token
        x, y = self.proj(a), self.proj(s)
        e = torch.einsum("bnd,bmd->bnm", x, y) / math.sqrt(self.d)
        att = torch.softmax(e.masked_fill(~ms[:, None, :], -big), dim=2)
        xa = att @ y
        pos_a, pos_s = _positions(ma), _positions(ms)
        aligned = (att * pos_s[:, None, :]).sum(2)
        feats = [pos_a[..., None], aligned[..., None], best[..., None], exact[..., None]]
        f = torch.cat([x, xa, x - xa, x * xa, *feats], -1)
        g = self.drop(nn.functional.gelu(self.compare(f)))
        g = self.layer(g, src_key_padding_mask=~ma)
        mean = (g * ma_f[..., None]).sum(1) / ma_f.sum(1, keepdim=True)
        mx = g.masked_fill(~ma[..., None], -big).max(1).values
        h = self.drop(nn.functional.gelu(self.out1(torch.cat([mean, mx, cos], -1))))
        out: torch.Tensor = self.out2(h)
        return out


def pad(arrays: list[np.ndarray]) -> tuple[torch.Tensor, torch.Tensor]:
    n = max(a.shape[0] for a in arrays)
    x = np.zeros((len(arrays), n, arrays[0].shape[1]), dtype=np.float32)
    m = np.zeros((len(arrays), n), dtype=bool)
    for i, a in enumerate(arrays):
        x[i, : a.shape[0]] = a
        m[i, : a.shape[0]] = True
    return torch.from_numpy(x), torch.from_numpy(m)


_TOKENIZER: Any = None


def token_ids(texts: list[str]) -> list[list[int]]:
    """Word-piece ids of each text, truncated as the stored vectors were."""
    global _TOKENIZER
    if _TOKENIZER is None:
        from tokenizers import Tokenizer

        from longtracer_core.providers.embeddings import packaged_model_path

        folder = packaged_model_path()
        assert folder is not None
        _TOKENIZER = Tokenizer.from_file(str(folder / "tokenizer.json"))
        _TOKENIZER.no_padding()
        _TOKENIZER.enable_truncation(MAX_TOKENS)
    return [e.ids for e in _TOKENIZER.encode_batch(texts)]


def exact_flags(claim_ids: list[list[int]], span_ids: list[list[int]], n: int) -> torch.Tensor:
    """1 where the claim's word piece occurs in the span (special tokens count as present)."""
    out = np.zeros((len(claim_ids), n), dtype=np.float32)
    for i, (c, s) in enumerate(zip(claim_ids, span_ids, strict=True)):
        have = set(s)
        out[i, : len(c)] = [1.0 if t in have else 0.0 for t in c]
    return torch.from_numpy(out)


def batch_tensors(store: TokenStore, rows: list[dict[str, Any]]) -> tuple[torch.Tensor, ...]:
    a, ma = pad([store.get(r["claim"]) for r in rows])
    s, ms = pad([store.get(r["span"]) for r in rows])
    ids = token_ids([r["claim"] for r in rows] + [r["span"] for r in rows])
    exact = exact_flags(ids[: len(rows)], ids[len(rows) :], a.shape[1])
    return a, ma, s, ms, exact


@torch.no_grad()
def predict(
    model: InteractionHead, store: TokenStore, rows: list[dict[str, Any]], batch: int = 256
) -> np.ndarray:
    model.eval()
    out = np.zeros((len(rows), 3), dtype=np.float32)
    for start in range(0, len(rows), batch):
        part = rows[start : start + batch]
        out[start : start + len(part)] = torch.softmax(
            model(*batch_tensors(store, part)), -1
        ).numpy()
    return out


def val_metrics(probs: np.ndarray, rows: list[dict[str, Any]]) -> dict[str, Any]:
    labels = np.array([r["label"] for r in rows])
    sup = probs[:, 0]
    res: dict[str, Any] = {
        "accuracy": round(float((probs.argmax(1) == labels).mean()), 4),
        "auroc_supported": round(auroc(sup[labels == 0].tolist(), sup[labels != 0].tolist()), 4),
    }
    kinds: dict[str, list[int]] = {}
    for i, r in enumerate(rows):
        kinds.setdefault(r["kind"].split("+")[0], []).append(i)
    res["accuracy_by_kind"] = {
        k: round(float((probs[idx].argmax(1) == labels[idx]).mean()), 3)
        for k, idx in sorted(kinds.items())
    }
    return res


def load_rows(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--data", type=Path, required=True)
    ap.add_argument("--run", required=True)
    ap.add_argument("--store", type=Path, default=None)
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--d", type=int, default=128)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--max-train", type=int, default=0, help="only the first N training pairs")
    ap.add_argument("--max-val", type=int, default=2000)
    ap.add_argument("--init", default="", help="start from this run's head")
    ap.add_argument("--extra", type=Path, default=None, help="more pairs (JSONL with 'fold')")
    ap.add_argument("--exclude-fold", type=int, default=-1)
    ap.add_argument("--extra-repeat", type=int, default=1)
    ap.add_argument("--drop-kinds", default="", help="comma-separated pair kinds to leave out")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    train = load_rows(args.data / "train.jsonl")
    val = load_rows(args.data / "val.jsonl")
    dropped = {k for k in args.drop_kinds.split(",") if k}
    train = [r for r in train if r["kind"].split(":")[0] not in dropped]
    if args.max_train:
        train = train[: args.max_train]
    val = val[: args.max_val]
    if args.extra is not None:
        extra = [r for r in load_rows(args.extra) if r.get("fold") != args.exclude_fold]
        train = train + extra * args.extra_repeat
    store_dir = args.store or cache_dir() / "tokens"
    store_dir.mkdir(parents=True, exist_ok=True)
    store = TokenStore(store_dir)
    texts = [t for r in val + train for t in (r["claim"], r["span"])]
    if store.missing(texts):
        fill(store, texts, Encoder(args.threads))
    model = InteractionHead(d=args.d)
    if args.init:
        model.load_state_dict(torch.load(cache_dir() / "runs" / args.init / "head.pt"))
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    steps_per_epoch = math.ceil(len(train) / args.batch)
    total = steps_per_epoch * args.epochs
    sched = torch.optim.lr_scheduler.OneCycleLR(
        opt, max_lr=args.lr, total_steps=total, pct_start=0.05
    )
    run_dir = cache_dir() / "runs" / args.run
    run_dir.mkdir(parents=True, exist_ok=True)
    loss_fn = nn.CrossEntropyLoss()
    t0 = time.perf_counter()
    history = []
    for epoch in range(args.epochs):
        model.train()
        order = list(range(len(train)))
        rng.shuffle(order)
        running = 0.0
        for step, start in enumerate(range(0, len(order), args.batch)):
            rows = [train[i] for i in order[start : start + args.batch]]
            labels = torch.tensor([r["label"] for r in rows])
            loss = loss_fn(model(*batch_tensors(store, rows)), labels)
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            sched.step()
            running = 0.98 * running + 0.02 * loss.item() if step else loss.item()
            if step % 100 == 0:
                el = time.perf_counter() - t0
                print(f"epoch {epoch} step {step}/{steps_per_epoch} loss {running:.4f} {el:.0f}s")
        metrics = val_metrics(predict(model, store, val), val)
        history.append({"epoch": epoch, "seconds": round(time.perf_counter() - t0, 1), **metrics})
        print(json.dumps(history[-1]), flush=True)
        torch.save(model.state_dict(), run_dir / "head.pt")
    summary = {"args": {k: str(v) for k, v in vars(args).items()}, "history": history}
    (run_dir / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
