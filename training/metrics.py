"""AUROC by ranks (ties count half): how well a score separates two groups."""

from __future__ import annotations

from collections.abc import Sequence


def auroc(positives: Sequence[float], negatives: Sequence[float]) -> float:
    """P(score of a random positive > score of a random negative), ties counted half."""
    if not positives or not negatives:
        return float("nan")
    scored = sorted([(v, 1) for v in positives] + [(v, 0) for v in negatives])
    rank_sum = 0.0
    i = 0
    while i < len(scored):
        j = i
        while j < len(scored) and scored[j][0] == scored[i][0]:
            j += 1
        avg_rank = (i + j + 1) / 2  # ranks are 1-based
        rank_sum += avg_rank * sum(1 for k in range(i, j) if scored[k][1])
        i = j
    n_pos, n_neg = len(positives), len(negatives)
    return (rank_sum - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)
