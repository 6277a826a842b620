"""Asking the judge: cached verdicts first, then calls within the per-case budget.

``requests="per_answer"`` hands every escalated claim of the case to one
``judge()`` call (an ``LLMJudge`` packs them into as few model requests as its
token budget allows). ``"per_claim"`` makes one call per claim, ``batch_size``
of them at once in threads, in the synchronous path too. The budget
(``max_calls`` claims, ``max_seconds``) is checked before each call; claims
past it are not asked. Model calls and their token counts are metered for the
case (``providers.chat.metered``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..config import JudgeConfig
from ..errors import JudgeError
from ..judge.cache import JudgeCache
from ..judge.parallel import map_in_threads
from ..judge.types import Judge, JudgeRequest, JudgeVerdict
from ..providers.chat import metered

__all__ = ["Asked", "Budget", "ask_judge"]

Job = tuple[int, JudgeRequest]


@dataclass
class Budget:
    """The per-case judge budget: claims sent and seconds spent."""

    config: JudgeConfig
    clock: Callable[[], float]
    started: float
    calls: int = 0

    def allowance(self, wanted: int) -> int:
        """How many of ``wanted`` claims may still be sent now."""
        if self.clock() - self.started >= self.config.max_seconds:
            return 0
        return max(0, min(wanted, self.config.max_calls - self.calls))


@dataclass
class Asked:
    """What the judge said: per job index (verdict, cached), the span ids shown with it,
    the ``judge()`` calls made, and one usage record per model request answered."""

    verdicts: dict[int, tuple[JudgeVerdict, bool]] = field(default_factory=dict)
    shown: dict[int, frozenset[str]] = field(default_factory=dict)
    judge_calls: int = 0
    usage: list[dict[str, int]] = field(default_factory=list)


def _call(judge: Judge, batch: Sequence[JudgeRequest]) -> list[JudgeVerdict]:
    """The judge's verdicts for ``batch``; a raising or misbehaving judge fails every request."""
    try:
        verdicts = list(judge.judge(batch))
    except Exception as err:  # a judge failure is the batch's error, handled by the caller
        message = f"{type(err).__name__}: {err}"[:500]
        return [JudgeVerdict(r.claim_id, "NOT_ENOUGH_INFO", error=message) for r in batch]
    if [v.claim_id for v in verdicts] != [r.claim_id for r in batch]:
        message = f"the judge returned {len(verdicts)} verdicts out of order for {len(batch)}"
        return [JudgeVerdict(r.claim_id, "NOT_ENOUGH_INFO", error=message) for r in batch]
    return verdicts


def _take(
    asked: Asked,
    batch: Sequence[Job],
    verdicts: Sequence[JudgeVerdict],
    judge: Judge,
    config: JudgeConfig,
    cache: JudgeCache | None,
) -> None:
    shown = frozenset(s.span_id for _, r in batch for s in r.spans)
    for (i, request), verdict in zip(batch, verdicts, strict=True):
        if verdict.error is not None and config.on_failure == "indeterminate":
            raise JudgeError(
                f"judge {judge.model_id} failed on claim {request.claim_id}: {verdict.error}"
            )
        if cache is not None:
            cache.put(judge.model_id, judge.prompt_hash, request, verdict)
        asked.verdicts[i] = (verdict, False)
        asked.shown[i] = shown


def _per_answer(
    pending: list[Job], judge: Judge, config: JudgeConfig, cache: JudgeCache | None, b: Budget
) -> Asked:
    asked = Asked()
    while pending and (allowed := b.allowance(len(pending))):
        batch, pending = pending[:allowed], pending[allowed:]
        b.calls += len(batch)
        asked.judge_calls += 1
        _take(asked, batch, _call(judge, [r for _, r in batch]), judge, config, cache)
    return asked


def _per_claim(
    pending: list[Job], judge: Judge, config: JudgeConfig, cache: JudgeCache | None, b: Budget
) -> Asked:
    asked = Asked()
    while pending and (allowed := b.allowance(min(config.batch_size, len(pending)))):
        batch, pending = pending[:allowed], pending[allowed:]
        b.calls += len(batch)
        asked.judge_calls += len(batch)
        answers = map_in_threads(lambda job: _call(judge, [job[1]]), batch, config.batch_size)
        for job, (verdict,) in zip(batch, answers, strict=True):
            _take(asked, [job], [verdict], judge, config, cache)
    return asked


def ask_judge(
    jobs: Sequence[Job],
    judge: Judge,
    config: JudgeConfig,
    cache: JudgeCache | None,
    budget: Budget,
) -> Asked:
    """Cached verdicts, then the judge as ``config.requests`` says, while the budget lasts.

    Raises ``JudgeError`` on a failed request when ``config.on_failure`` is
    ``"indeterminate"``.
    """
    hits: dict[int, tuple[JudgeVerdict, bool]] = {}
    shown: dict[int, frozenset[str]] = {}
    pending: list[Job] = []
    for i, request in jobs:
        hit = cache.get(judge.model_id, judge.prompt_hash, request) if cache else None
        if hit is None:
            pending.append((i, request))
        else:
            hits[i], shown[i] = (hit, True), frozenset(s.span_id for s in request.spans)
    ask = _per_answer if config.requests == "per_answer" else _per_claim
    with metered() as usage:
        asked = ask(pending, judge, config, cache, budget)
    asked.verdicts.update(hits)
    asked.shown.update(shown)
    asked.usage = list(usage)
    return asked
