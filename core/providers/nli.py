"""An NLI scorer over any Hugging Face sequence-classification model (opt-in).

``TransformersNli("cross-encoder/nli-deberta-v3-xsmall")`` (or a local folder)
scores (premise, hypothesis) pairs; the label order is read from the model's
own config (``id2label``), never assumed. Give it to
``CitationVerifier(nli=...)`` to get CONTRADICTED claims and
``detect_conflicts``. Needs torch and transformers (the ``[embeddings]`` extra);
nothing is imported or loaded until the first call.
"""

from __future__ import annotations

import importlib.util
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import EvaluationFailedError, ModelUnavailableError

__all__ = ["TransformersNli"]


class TransformersNli:
    """NLI probabilities from a sequence-classification model, in its own label order."""

    def __init__(
        self,
        model_name_or_path: str,
        *,
        device: str = "cpu",
        batch_size: int = 16,
        max_length: int = 512,
    ) -> None:
        for package in ("torch", "transformers"):
            if importlib.util.find_spec(package) is None:
                raise ModelUnavailableError(
                    f"TransformersNli needs {package}: "
                    'pip install "longtracer-integrations[embeddings]"'
                )
        self.model_name = model_name_or_path
        self.device = device
        self.batch_size = batch_size
        self.max_length = max_length
        self._lock = threading.Lock()
        self._loaded: tuple[Any, Any, tuple[str, ...]] | None = None

    def _load(self) -> tuple[Any, Any, tuple[str, ...]]:
        with self._lock:
            if self._loaded is None:
                try:
                    from transformers import AutoModelForSequenceClassification, AutoTokenizer

                    tokenizer = AutoTokenizer.from_pretrained(self.model_name)
                    model = AutoModelForSequenceClassification.from_pretrained(self.model_name)
                except Exception as err:  # any loader failure means unavailable
                    raise ModelUnavailableError(
                        f"could not load NLI model {self.model_name!r}: {err}"
                    ) from err
                model.eval().to(self.device)
                id2label = model.config.id2label
                labels = tuple(str(id2label[i]).lower() for i in range(len(id2label)))
                if "entailment" not in labels or "contradiction" not in labels:
                    raise ModelUnavailableError(
                        f"{self.model_name!r} labels {labels} lack entailment/contradiction"
                    )
                self._loaded = (tokenizer, model, labels)
            return self._loaded

    @property
    def labels(self) -> Sequence[str]:
        return self._load()[2]

    def score(self, pairs: Sequence[tuple[str, str]]) -> NDArray[np.float64]:
        """Probabilities per pair (rows sum to 1), columns in ``labels`` order."""
        tokenizer, model, labels = self._load()
        if not pairs:
            return np.zeros((0, len(labels)))
        import torch

        out = []
        try:
            with torch.inference_mode():
                for i in range(0, len(pairs), self.batch_size):
                    chunk = pairs[i : i + self.batch_size]
                    enc = tokenizer(
                        [p for p, _ in chunk],
                        [h for _, h in chunk],
                        padding=True,
                        truncation=True,
                        max_length=self.max_length,
                        return_tensors="pt",
                    ).to(self.device)
                    logits = model(**enc).logits
                    out.append(torch.softmax(logits, dim=-1).cpu().numpy())
        except Exception as err:  # translated in one place
            raise EvaluationFailedError(f"NLI scoring failed: {err}") from err
        return np.concatenate(out).astype(np.float64)
