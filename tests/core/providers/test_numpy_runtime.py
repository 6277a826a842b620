"""The NumPy runtime computes what sentence-transformers computes, without torch."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from longtracer_core import SentenceTransformerEmbedder
from longtracer_core.errors import ModelUnavailableError
from longtracer_core.providers.embeddings import REFERENCE_EMBEDDING_MODEL, packaged_model_path
from longtracer_core.providers.minilm import BertEncoder, _gelu, is_supported_folder

pytestmark = pytest.mark.model  # loads the packaged embedding model

TEXTS = [
    "The James Webb Space Telescope launched on 25 December 2021.",
    "Its primary mirror is 6.5 metres across.",
    "",
    "naïve café façade — ünïcödé text, 北京, emoji 🚀",
    "A" * 3,
    " ".join(["longer sentence with many words"] * 80),  # past 256 tokens: truncated
    "Short.",
]


@pytest.fixture(scope="module")
def torch_vectors():
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(str(packaged_model_path()), device="cpu")
    return model.encode(TEXTS, normalize_embeddings=True, convert_to_numpy=True)


def test_numpy_equals_sentence_transformers(torch_vectors):
    """Every text, incl. empty, non-Latin and over-long (truncated) ones, matches to 1e-5."""
    ours = SentenceTransformerEmbedder(REFERENCE_EMBEDDING_MODEL, backend="numpy").embed(TEXTS)
    assert ours.shape == torch_vectors.shape
    assert np.abs(ours - torch_vectors).max() < 1e-5


def test_results_do_not_depend_on_batch_composition():
    """A text embeds the same alone or among others of different lengths."""
    enc = SentenceTransformerEmbedder(backend="numpy")
    together = enc.embed(TEXTS)
    alone = np.stack([enc.embed([t])[0] for t in TEXTS])
    assert np.abs(together - alone).max() < 1e-5


def test_default_backend_is_numpy_and_never_imports_torch():
    """The default embedder runs without importing torch or sentence-transformers."""
    code = (
        "import sys\n"
        "from longtracer_core import check_case\n"
        "case = check_case('Webb launched in 2021.', ['Webb launched in 2021.'])\n"
        "assert case.quality_gate.value == 'PASS', case\n"
        "print(sorted(m for m in ('torch', 'sentence_transformers', 'transformers') "
        "if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_torch_backend_gives_the_same_verdicts():
    """backend='torch' and backend='numpy' give the same assessments on a case."""
    from longtracer_core import CitationVerifier

    draft = "Webb launched on 25 December 2021. Its mirror is 9 metres across."
    sources = ["Webb launched on 25 December 2021 aboard an Ariane 5.", "The mirror is 6.5 m."]
    name = REFERENCE_EMBEDDING_MODEL
    a = CitationVerifier(embedder=SentenceTransformerEmbedder(name, backend="numpy")).verify_case(
        draft, sources
    )
    b = CitationVerifier(embedder=SentenceTransformerEmbedder(name, backend="torch")).verify_case(
        draft, sources
    )
    assert [c.assessment for c in a.claims] == [c.assessment for c in b.claims]
    assert [c.confidence for c in a.claims] == pytest.approx(
        [c.confidence for c in b.claims], abs=1e-5
    )


def test_gelu_matches_the_exact_erf_form():
    """The float32 GELU equals x·Φ(x) (erf form) to 1e-6, with no denormal slowdowns."""
    import math

    x = np.linspace(-12, 12, 4001, dtype=np.float32)
    exact = np.array([v * 0.5 * (1 + math.erf(v / math.sqrt(2))) for v in x.tolist()])
    assert np.abs(_gelu(x) - exact).max() < 1e-6


def test_unsupported_folders_are_refused(tmp_path):
    """A folder that is not a BERT mean-pooling model is refused with a clear error."""
    assert not is_supported_folder(tmp_path)
    with pytest.raises(ModelUnavailableError):
        BertEncoder(tmp_path)
    with pytest.raises(ModelUnavailableError, match="NumPy backend"):
        SentenceTransformerEmbedder(str(tmp_path), backend="numpy")
