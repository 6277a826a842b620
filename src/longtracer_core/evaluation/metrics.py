"""Detection metrics as pure functions over (predicted, gold) pairs."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

__all__ = ["Confusion", "confusion", "histogram"]


@dataclass(frozen=True)
class Confusion:
    """Counts for detecting the positive class (hallucinated)."""

    tp: int
    fp: int
    tn: int
    fn: int

    @property
    def n(self) -> int:
        return self.tp + self.fp + self.tn + self.fn

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    @property
    def accuracy(self) -> float:
        return (self.tp + self.tn) / self.n if self.n else 0.0

    @property
    def specificity(self) -> float:
        return self.tn / (self.tn + self.fp) if self.tn + self.fp else 0.0

    @property
    def balanced_accuracy(self) -> float:
        return (self.recall + self.specificity) / 2

    def report(self) -> dict[str, Any]:
        return {
            **asdict(self),
            "precision": round(self.precision, 4),
            "recall": round(self.recall, 4),
            "f1": round(self.f1, 4),
            "accuracy": round(self.accuracy, 4),
            "balanced_accuracy": round(self.balanced_accuracy, 4),
        }


def confusion(pairs: Iterable[tuple[bool, bool]]) -> Confusion:
    """Count (predicted positive, gold positive) pairs."""
    tp = fp = tn = fn = 0
    for predicted, gold in pairs:
        if predicted and gold:
            tp += 1
        elif predicted:
            fp += 1
        elif gold:
            fn += 1
        else:
            tn += 1
    return Confusion(tp, fp, tn, fn)


def histogram(values: Sequence[float], bins: int = 10) -> list[int]:
    """Counts of ``values`` in ``bins`` equal bins over [0, 1] (1.0 in the last bin)."""
    counts = [0] * bins
    for v in values:
        i = min(bins - 1, max(0, int(v * bins)))
        counts[i] += 1
    return counts
