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
from typing import Any, Protocol, runtime_checkable

import numpy as np
from numpy.typing import NDArray

from ..errors import EvaluationFailedError, ModelUnavailableError

__all__ = ["NliScorer", "TransformersNli", "label_index", "nli_probabilities"]


@runtime_checkable
class NliScorer(Protocol):
    """Score (premise, hypothesis) pairs: one row of probabilities per pair.

    ``labels`` names the columns, in the model's own order (read it from the
    model config; never assume it), and must contain ``entailment`` and
    ``contradiction``.
    """

    @property
    def labels(self) -> Sequence[str]: ...

    def score(self, pairs: Sequence[tuple[str, str]]) -> NDArray[np.floating]: ...


def label_index(labels: Sequence[str], name: str) -> int:
    """The column of ``name`` (case-insensitive), or ``ValueError``."""
    lowered = [label.casefold() for label in labels]
    if name not in lowered:
        raise ValueError(f"NLI labels {list(labels)} lack {name!r}")
    return lowered.index(name)


def nli_probabilities(
    nli: NliScorer, pairs: Sequence[tuple[str, str]]
) -> tuple[NDArray[np.float64], int, int]:
    """Score ``pairs``; the probabilities and the entailment and contradiction columns.

    Scorer failures (other than an unavailable model) and rows of the wrong
    shape raise ``EvaluationFailedError``.
    """
    try:
        ent = label_index(nli.labels, "entailment")
        con = label_index(nli.labels, "contradiction")
        probs = np.asarray(nli.score(pairs), dtype=np.float64)
    except ModelUnavailableError:
        raise
    except Exception as err:  # any other scorer failure is an evaluation failure
        raise EvaluationFailedError(f"NLI scoring failed: {err}") from err
    if probs.shape != (len(pairs), len(nli.labels)):
        raise EvaluationFailedError(
            f"NLI scorer returned shape {probs.shape} for {len(pairs)} pairs"
        )
    return probs, ent, con


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
