"""``NliJudge``: an NLI model (any ``NliScorer``, e.g. ``TransformersNli``) as a judge.

Each (span, claim) pair of a request is scored in one batch. A span whose
entailment probability passes ``threshold`` is a SUPPORTED finding, one whose
contradiction probability passes it a CONTRADICTED finding; the quote is the
whole span (what the model read), so it always verifies. A scorer failure
fails the batch (``EvaluationFailedError``); the pipeline then falls back.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence

from ..errors import InvalidInputError
from ..providers.nli_scorer import NliScorer, nli_probabilities
from .types import Finding, JudgeRequest, JudgeVerdict, Label

__all__ = ["NliJudge"]


class NliJudge:
    """Judge claims with an NLI scorer over their top candidate spans."""

    def __init__(
        self, scorer: NliScorer, *, threshold: float = 0.5, model_id: str | None = None
    ) -> None:
        if not callable(getattr(scorer, "score", None)):
            raise InvalidInputError("scorer needs labels and score(pairs) (an NliScorer)")
        if not 0.0 < threshold < 1.0:
            raise InvalidInputError(f"threshold must lie in (0, 1), got {threshold!r}")
        self.scorer = scorer
        self.threshold = threshold
        self._model_id = model_id or str(
            getattr(scorer, "model_name", None) or type(scorer).__name__
        )

    @property
    def model_id(self) -> str:
        return self._model_id

    @property
    def prompt_hash(self) -> None:
        return None

    def judge(self, requests: Sequence[JudgeRequest]) -> list[JudgeVerdict]:
        """One scorer call for every (span, claim) pair of the batch."""
        pairs = [(span.text, r.claim) for r in requests for span in r.spans]
        if not pairs:
            return [JudgeVerdict(r.claim_id, "NOT_ENOUGH_INFO") for r in requests]
        started = time.perf_counter()
        probs, ent, con = nli_probabilities(self.scorer, pairs)
        each_ms = (time.perf_counter() - started) * 1e3 / len(requests)
        out: list[JudgeVerdict] = []
        row = 0
        for request in requests:
            findings: list[Finding] = []
            raw = []
            for span in request.spans:
                p_ent, p_con = float(probs[row, ent]), float(probs[row, con])
                row += 1
                raw.append({"span_id": span.span_id, "entailment": p_ent, "contradiction": p_con})
                if p_ent > self.threshold:
                    findings.append(Finding(span.span_id, "SUPPORTED", span.text, p_ent))
                elif p_con > self.threshold:
                    findings.append(Finding(span.span_id, "CONTRADICTED", span.text, p_con))
            out.append(
                JudgeVerdict(
                    claim_id=request.claim_id,
                    label=_label(findings),
                    findings=tuple(findings),
                    latency_ms=each_ms,
                    raw=raw,
                )
            )
        return out

    async def ajudge(self, requests: Sequence[JudgeRequest]) -> list[JudgeVerdict]:
        """``judge`` in a worker thread."""
        return await asyncio.to_thread(self.judge, requests)


def _label(findings: Sequence[Finding]) -> Label:
    if not findings:
        return "NOT_ENOUGH_INFO"
    best = max(findings, key=lambda f: f.score or 0.0)
    return best.label
