"""Calibrated probability that a claim is wrong, from the matcher's own features.

A logistic model over a handful of features the matcher already computed
(score, its parts, the gates, the finding, where the evidence holds the claim's
content words, and the claim's score beside the claims before it in the same
answer), fitted on the dev splits by ``benchmarks/fit_calibration.py`` and shipped as data
(``longtracer_core/data/calibration.json``, with its fit report). Pure: no I/O
but the one cached read of the shipped file.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..contracts import ClaimOutcome

__all__ = [
    "FEATURES",
    "Calibration",
    "claim_features",
    "default_calibration",
    "fit_logistic",
]

# The gates whose firing is a feature of its own (the rest count in "gates").
_GATES = ("polarity", "quantifier", "causal", "entity", "direction", "figure_role")
# ``details["words"]`` (scoring.evidence_index.claim_words, and ``addressed``: the claim speaks
# to the user); a claim whose matcher records none (the seed's) is read with the fit's
# dev means (``Calibration.defaults``)
_WORDS = ("absent", "absent_share", "best_share", "spread", "addressed")

FEATURES: tuple[str, ...] = (
    "score",
    "raw",
    "cos",
    "lex",
    "gates",
    *(f"gate_{g}" for g in _GATES),
    "numeric_mismatch",
    "decisive",
    "finding",
    "rel_max",
    "rel_median",
    "coverage_repair",
    *(f"words_{k}" for k in _WORDS),
)


def _fired(details: Mapping[str, Any]) -> set[str]:
    fired = details.get("gates_fired") or ()
    return {str(g) for g in fired} if isinstance(fired, (list, tuple)) else set()


def claim_features(
    details: Mapping[str, Any], outcome: ClaimOutcome | None, context: Sequence[float]
) -> dict[str, float]:
    """The calibration's inputs for one claim (``context``: the earlier claims' scores);
    the word features only when the matcher recorded them."""
    score = float(details.get("score", 0.0) or 0.0)
    fired = _fired(details)
    finding = details.get("finding")
    others = [float(s) for s in context]
    words = details.get("words")
    words = {k: float(words[k]) for k in _WORDS if k in words} if isinstance(words, Mapping) else {}
    return {
        "score": score,
        "raw": float(details.get("score_before_gates", score) or 0.0),
        "cos": float(details.get("cos", 0.0) or 0.0),
        "lex": float(details.get("lex", 0.0) or 0.0),
        "gates": float(len(fired)),
        **{f"gate_{g}": float(g in fired) for g in _GATES},
        "numeric_mismatch": float(bool(details.get("numeric_mismatch"))),
        "decisive": float(outcome is ClaimOutcome.REFUTED),
        "finding": float(isinstance(finding, dict)),
        "rel_max": score - max(others) if others else 0.0,
        "rel_median": score - float(np.median(others)) if others else 0.0,
        "coverage_repair": float(details.get("origin") == "coverage"),
        **{f"words_{k}": v for k, v in words.items()},
    }


@dataclass(frozen=True)
class Calibration:
    """A fitted logistic model: P(wrong) = σ(bias + Σ weight·feature); a feature a claim
    does not carry takes its value in ``defaults`` (the dev mean), else 0."""

    version: str
    features: tuple[str, ...]
    weights: tuple[float, ...]
    bias: float
    operating_points: Mapping[str, float]
    defaults: Mapping[str, float] = field(default_factory=dict)

    def p_wrong(
        self,
        details: Mapping[str, Any],
        outcome: ClaimOutcome | None,
        context: Sequence[float] = (),
    ) -> float:
        """The calibrated probability that the claim these ``details`` describe is wrong."""
        values = claim_features(details, outcome, context)
        z = self.bias + sum(
            w * values.get(f, self.defaults.get(f, 0.0))
            for f, w in zip(self.features, self.weights, strict=True)
        )
        return round(1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z)))), 4)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Calibration:
        features = tuple(str(f) for f in data["features"])
        weights = tuple(float(w) for w in data["weights"])
        if len(features) != len(weights):
            raise ValueError("calibration: one weight per feature")
        return cls(
            version=str(data["version"]),
            features=features,
            weights=weights,
            bias=float(data["bias"]),
            operating_points={k: float(v) for k, v in data.get("operating_points", {}).items()},
            defaults={k: float(v) for k, v in data.get("defaults", {}).items()},
        )


@lru_cache(maxsize=1)
def default_calibration() -> Calibration:
    """The shipped calibration (read once)."""
    text = resources.files("longtracer_core").joinpath("data/calibration.json").read_text("utf-8")
    return Calibration.from_dict(json.loads(text))


def fit_logistic(
    x: NDArray[np.float64], y: NDArray[np.float64], l2: float = 1.0, steps: int = 50
) -> tuple[NDArray[np.float64], float]:
    """L2-regularised logistic regression by Newton's method (weights, bias).

    Features are used as given; the bias is not regularised.
    """
    n, d = x.shape
    xb = np.hstack([x, np.ones((n, 1))])
    w = np.zeros(d + 1)
    reg = np.full(d + 1, l2)
    reg[-1] = 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-np.clip(xb @ w, -50, 50)))
        grad = xb.T @ (p - y) + reg * w
        hess = (xb * (p * (1 - p))[:, None]).T @ xb + np.diag(reg + 1e-9)
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-8:
            break
    return w[:-1], float(w[-1])
