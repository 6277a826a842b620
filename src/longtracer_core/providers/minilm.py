"""A NumPy runtime for BERT-family sentence-transformers models (all-MiniLM-L6-v2 and kin).

It computes exactly what sentence-transformers computes for a
``Transformer → Pooling(mean) → Normalize`` model (embeddings agree to ~1e-7;
``tests/core/providers/test_numpy_runtime.py`` checks against sentence-transformers), without
importing torch: the default model loads in a fraction of a second and the
process stays around 200 MB instead of 600 MB. Weights are read from
``model.safetensors`` through a memory map; tokenisation uses the model's own
``tokenizer.json`` through the ``tokenizers`` package.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import ModelUnavailableError

__all__ = ["BertEncoder", "is_supported_folder"]

F32 = NDArray[np.float32]
_SQRT_HALF = 0.7071067811865476


def _read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def is_supported_folder(path: Path) -> bool:
    """True when ``path`` holds a BERT sentence-transformers model this runtime reproduces."""
    try:
        config = _read_json(path / "config.json")
        modules = _read_json(path / "modules.json")
    except (OSError, ValueError):
        return False
    if config.get("model_type") != "bert" or config.get("hidden_act") != "gelu":
        return False
    if config.get("position_embedding_type", "absolute") != "absolute":
        return False
    kinds = [m.get("type", "").rsplit(".", 1)[-1] for m in modules]
    if kinds[:2] != ["Transformer", "Pooling"] or kinds[2:] not in ([], ["Normalize"]):
        return False
    pooling = modules[1].get("path") or "1_Pooling"
    try:
        pool = _read_json(path / pooling / "config.json")
    except (OSError, ValueError):
        return False
    mean_only = pool.get("pooling_mode_mean_tokens") and not any(
        pool.get(k)
        for k in (
            "pooling_mode_cls_token",
            "pooling_mode_max_tokens",
            "pooling_mode_mean_sqrt_len_tokens",
        )
    )
    return (
        bool(mean_only)
        and (path / "model.safetensors").exists()
        and (path / "tokenizer.json").exists()
    )


_DTYPES = {"F32": np.float32, "F16": np.float16}
_WORD_TABLE = "embeddings.word_embeddings.weight"


def _load_safetensors(path: Path) -> dict[str, NDArray[Any]]:
    """The float tensors of a safetensors file (float32 or float16), through a memory map.

    Tensors used in products are copied into aligned float32 arrays (BLAS needs
    them; safetensors offsets are not aligned). The large word-embedding table
    stays a view on the map in its stored type, so only the rows of tokens
    actually seen are paged in (and converted to float32 when looked up).
    """
    with path.open("rb") as fh:
        (n,) = struct.unpack("<Q", fh.read(8))
        header = json.loads(fh.read(n))
    raw = np.memmap(path, dtype=np.uint8, mode="r")
    base = 8 + n
    tensors: dict[str, NDArray[Any]] = {}
    for name, info in header.items():
        if name == "__metadata__" or info["dtype"] not in _DTYPES:
            continue
        start, end = info["data_offsets"]
        view = raw[base + start : base + end].view(_DTYPES[info["dtype"]])
        arr = view.reshape(info["shape"])
        key = name.removeprefix("bert.")
        tensors[key] = arr if key == _WORD_TABLE else np.array(arr, dtype=np.float32)
    return tensors


def _layer_norm(x: F32, gamma: F32, beta: F32, eps: float) -> F32:
    mean = x.mean(-1, keepdims=True)
    centred: F32 = x - mean
    var = np.mean(centred * centred, axis=-1, keepdims=True)
    centred /= np.sqrt(var + eps)
    centred *= gamma
    centred += beta
    return centred


def _gelu(x: F32) -> F32:
    """Exact (erf) GELU in float32: erf by Abramowitz-Stegun 7.1.26 (|error| < 1.5e-7).

    Written as in-place passes over one or two buffers (no boolean masks, which are
    slow in NumPy), and with exp's argument bounded so no denormals are produced.
    """
    z = np.abs(x) * np.float32(_SQRT_HALF)
    t = np.float32(0.3275911) * z
    t += np.float32(1.0)
    np.reciprocal(t, out=t)
    poly = np.float32(1.061405429) * t
    poly += np.float32(-1.453152027)
    poly *= t
    poly += np.float32(1.421413741)
    poly *= t
    poly += np.float32(-0.284496736)
    poly *= t
    poly += np.float32(0.254829592)
    poly *= t
    np.square(z, out=z)
    np.minimum(z, np.float32(80.0), out=z)  # exp(-80) is still normal: no slow denormals
    np.negative(z, out=z)
    np.exp(z, out=z)
    poly *= z  # 1 - erf(|x|/√2)
    np.subtract(np.float32(1.0), poly, out=poly)  # erf(|x|/√2)
    np.copysign(poly, x, out=poly)  # erf(x/√2)
    poly += np.float32(1.0)
    poly *= x
    poly *= np.float32(0.5)
    return poly


class BertEncoder:
    """Encode texts with a BERT sentence-transformers model folder, in NumPy."""

    def __init__(self, folder: str | Path) -> None:
        path = Path(folder)
        if not is_supported_folder(path):
            raise ModelUnavailableError(f"{path} is not a BERT mean-pooling model folder")
        try:
            from tokenizers import Tokenizer
        except ImportError as err:
            raise ModelUnavailableError(
                'the NumPy runtime needs the tokenizers package: pip install "tokenizers"'
            ) from err
        config = _read_json(path / "config.json")
        modules = _read_json(path / "modules.json")
        st_config: dict[str, Any] = {}
        if (path / "sentence_bert_config.json").exists():
            st_config = _read_json(path / "sentence_bert_config.json")
        self.max_length = int(st_config.get("max_seq_length") or 512)
        self.normalize = any(m.get("type", "").endswith("Normalize") for m in modules)
        self.heads = int(config["num_attention_heads"])
        self.hidden = int(config["hidden_size"])
        self.eps = float(config.get("layer_norm_eps", 1e-12))
        self.tokenizer = Tokenizer.from_file(str(path / "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(self.max_length)
        w = _load_safetensors(path / "model.safetensors")
        self.word = w[_WORD_TABLE]
        self.position = w["embeddings.position_embeddings.weight"]
        self.token_type = w["embeddings.token_type_embeddings.weight"]
        self.emb_ln = (w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        self.layers = []
        for i in range(int(config["num_hidden_layers"])):
            p = f"encoder.layer.{i}."
            qkv_w = np.concatenate(
                [w[p + f"attention.self.{n}.weight"] for n in ("query", "key", "value")]
            ).T
            qkv_b = np.concatenate(
                [w[p + f"attention.self.{n}.bias"] for n in ("query", "key", "value")]
            )
            self.layers.append(
                (
                    np.ascontiguousarray(qkv_w),
                    qkv_b,
                    w[p + "attention.output.dense.weight"].T,
                    w[p + "attention.output.dense.bias"],
                    w[p + "attention.output.LayerNorm.weight"],
                    w[p + "attention.output.LayerNorm.bias"],
                    w[p + "intermediate.dense.weight"].T,
                    w[p + "intermediate.dense.bias"],
                    w[p + "output.dense.weight"].T,
                    w[p + "output.dense.bias"],
                    w[p + "output.LayerNorm.weight"],
                    w[p + "output.LayerNorm.bias"],
                )
            )

    def _forward(self, ids: NDArray[np.int64], types: NDArray[np.int64], mask: F32) -> F32:
        """Mean-pooled last hidden states. The dense layers run on the real tokens only
        (packed rows, no padding); attention unpacks them into the padded batch."""
        batch, length = ids.shape
        rows = np.flatnonzero(mask.reshape(-1) > 0)
        x = self.word[ids].astype(np.float32)
        x += self.position[:length][None]
        x += self.token_type[types]
        x = _layer_norm(x.reshape(batch * length, self.hidden)[rows], *self.emb_ln, self.eps)
        bias = ((1.0 - mask) * np.float32(-1e9))[:, None, None, :].astype(np.float32)
        for qkv_w, qkv_b, o_w, o_b, g1, b1, i_w, i_b, f_w, f_b, g2, b2 in self.layers:
            qkv = x @ qkv_w
            qkv += qkv_b
            attn = self._attention(qkv, rows, batch, length, bias) @ o_w
            attn += o_b
            attn += x
            x = _layer_norm(attn, g1, b1, self.eps)
            h = x @ i_w
            h += i_b
            h = _gelu(h)
            out = h @ f_w
            out += f_b
            out += x
            x = _layer_norm(out, g2, b2, self.eps)
        full = np.zeros((batch * length, self.hidden), dtype=np.float32)
        full[rows] = x
        summed = full.reshape(batch, length, self.hidden).sum(1)
        pooled: F32 = summed / np.maximum(mask.sum(1, keepdims=True), np.float32(1e-9))
        return pooled

    def _attention(
        self, qkv: F32, rows: NDArray[np.intp], batch: int, length: int, bias: F32
    ) -> F32:
        """Self-attention of the packed rows ``qkv`` (query, key, value side by side):
        the context vector of each real token, packed the same way."""
        heads, dh = self.heads, self.hidden // self.heads
        full = np.zeros((batch * length, 3 * self.hidden), dtype=np.float32)
        full[rows] = qkv
        split = full.reshape(batch, length, 3, heads, dh)
        q = split[:, :, 0].transpose(0, 2, 1, 3)
        k = split[:, :, 1].transpose(0, 2, 3, 1)
        v = split[:, :, 2].transpose(0, 2, 1, 3)
        scores = q @ k
        scores *= np.float32(1.0 / np.sqrt(dh))
        scores += bias
        scores -= scores.max(-1, keepdims=True)
        np.exp(scores, out=scores)
        scores /= scores.sum(-1, keepdims=True)
        ctx = (scores @ v).transpose(0, 2, 1, 3).reshape(batch * length, self.hidden)
        packed: F32 = ctx[rows].astype(np.float32, copy=False)
        return packed

    def encode(self, texts: Sequence[str], batch_size: int = 32) -> F32:
        """Embed ``texts`` (batched by token length to avoid padding), unit rows if Normalize."""
        if not texts:
            return np.zeros((0, self.hidden), dtype=np.float32)
        encodings = self.tokenizer.encode_batch(list(texts))
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids))
        out = np.zeros((len(texts), self.hidden), dtype=np.float32)
        for start in range(0, len(order), batch_size):
            chunk = order[start : start + batch_size]
            length = max(len(encodings[i].ids) for i in chunk)
            ids = np.zeros((len(chunk), length), dtype=np.int64)
            types = np.zeros((len(chunk), length), dtype=np.int64)
            mask = np.zeros((len(chunk), length), dtype=np.float32)
            for row, i in enumerate(chunk):
                enc = encodings[i]
                n = len(enc.ids)
                ids[row, :n] = enc.ids
                types[row, :n] = enc.type_ids
                mask[row, :n] = enc.attention_mask
            out[chunk] = self._forward(ids, types, mask)
        if self.normalize:
            norms = np.linalg.norm(out, axis=1, keepdims=True)
            norms[norms == 0] = 1.0
            out /= norms
        return out
