"""Timeouts stop the work: a timed-out case frees its worker, queue wait is not run time.

The huge case below (sources near the 2,000,000-character limit, a few hundred
claims) takes well over a minute to verify; with cooperative cancellation it
stops at the next checkpoint once its timeout passes.
"""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from longtracer_core.contracts import ExecutionStatus, QualityGate, ReasonCode
from longtracer_core.deadline import Deadline, DeadlineExceeded, WorkCancelled, bounded
from longtracer_core.decompose.rules import RuleBasedDecomposer
from longtracer_core.scoring.matching import build_plan
from longtracer_core.scoring.spans import split_source
from longtracer_core.testing import HashEmbedder
from longtracer_core.text.sentences import split_sentences
from tests.helpers import SOURCES, SUPPORTED, verifier

ROOT = Path(__file__).resolve().parents[3]
_WORDS = "the of telescope mirror orbit launch rocket sun earth point segments metres".split()


def _prose(chars: int, seed: int) -> str:
    rng = random.Random(seed)
    out, size = [], 0
    while size < chars:
        words = " ".join(rng.choice(_WORDS) for _ in range(12))
        sentence = f"{words.capitalize()} {rng.randint(1, 10**6)}."
        out.append(sentence)
        size += len(sentence) + 1
    return " ".join(out)


def huge_case() -> tuple[str, list[str]]:
    """An answer of ~350 sentences and ten sources of 190,000 characters each."""
    return _prose(30_000, 1)[:30_000], [_prose(190_000, 10 + i) for i in range(10)]


def test_after_four_timed_out_huge_cases_a_trivial_case_completes():
    """Four huge cases time out on a 4-worker verifier; their work stops, so a trivial
    case then gets a worker and completes normally within its own timeout."""
    v = verifier(max_workers=4)
    response, sources = huge_case()
    results: list = [None] * 4

    def run(k: int) -> None:
        results[k] = v.verify_case(response, sources, case_id=f"huge{k}", timeout=0.5)

    threads = [threading.Thread(target=run, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [r.execution for r in results] == [ExecutionStatus.TIMEOUT] * 4
    assert all(r.reason is ReasonCode.EVALUATION_TIMEOUT for r in results)

    trivial = v.verify_case(SUPPORTED, SOURCES, timeout=20)
    assert trivial.execution is ExecutionStatus.SUCCESS
    assert trivial.quality_gate is QualityGate.PASS
    v.close()


def test_a_timed_out_case_does_not_hold_up_interpreter_exit():
    """A script whose only case timed out exits at once: the abandoned work stopped."""
    script = (
        "from tests.core.pipeline.test_timeouts import huge_case\n"
        "from tests.helpers import verifier\n"
        "r, s = huge_case()\n"
        "case = verifier().verify_case(r, s, timeout=0.5)\n"
        "print(case.execution.value)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "TIMEOUT"


class _GatedEmbedder(HashEmbedder):
    """Blocks on texts holding "BLOCK" until released; sleeps on texts holding "SLOW"."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()
        self.slow_seconds = 0.0

    def embed(self, texts):
        if any("BLOCK" in t for t in texts):
            self.release.wait(30)
        if any("SLOW" in t for t in texts):
            time.sleep(self.slow_seconds)
        return super().embed(texts)


def test_queue_wait_is_not_counted_as_run_time():
    """A case that waits 2.5 s for the only worker, then runs 2 s, completes under
    timeout=4: the timeout counts from the start of its work."""
    emb = _GatedEmbedder()
    emb.slow_seconds = 2.0
    v = verifier(embedder=emb, max_workers=1)
    blocker = threading.Thread(
        target=v.verify_case,
        args=("The BLOCK telescope launched.", SOURCES),
        kwargs={"timeout": 30},
    )
    blocker.start()
    time.sleep(0.2)  # the blocker holds the only worker
    result: list = []
    waiter = threading.Thread(
        target=lambda: result.append(
            v.verify_case("The SLOW telescope launched in 2021.", SOURCES, timeout=4)
        )
    )
    waiter.start()
    time.sleep(2.5)
    emb.release.set()
    waiter.join()
    blocker.join()
    assert result[0].execution is ExecutionStatus.SUCCESS
    v.close()


def test_a_case_that_never_gets_a_worker_times_out_in_the_queue():
    """Queue wait is bounded by the same timeout and reported as such."""
    emb = _GatedEmbedder()
    v = verifier(embedder=emb, max_workers=1)
    blocker = threading.Thread(
        target=v.verify_case,
        args=("The BLOCK telescope launched.", SOURCES),
        kwargs={"timeout": 30},
    )
    blocker.start()
    time.sleep(0.2)
    try:
        case = v.verify_case(SUPPORTED, SOURCES, timeout=0.3)
    finally:
        emb.release.set()
        blocker.join()
    assert case.execution is ExecutionStatus.TIMEOUT
    assert case.reason is ReasonCode.EVALUATION_TIMEOUT
    assert "not started within 0.3s" in (case.error_message or "")
    assert v.verify_case(SUPPORTED, SOURCES, timeout=5).execution is ExecutionStatus.SUCCESS


@pytest.mark.parametrize("timeout", [float("inf"), 1e300])
def test_an_infinite_timeout_means_no_limit(timeout):
    """inf (or more seconds than the platform can wait) is no limit, not an OverflowError."""
    v = verifier()
    assert v.verify_case(SUPPORTED, SOURCES, timeout=timeout).quality_gate is QualityGate.PASS
    guarded = asyncio.run(v.aguard(SUPPORTED, SOURCES, timeout=timeout))
    assert guarded.case.execution is ExecutionStatus.SUCCESS


@pytest.mark.parametrize("timeout", [float("nan"), 0, -1.0, "5", True])
def test_invalid_timeouts_are_rejected(timeout):
    from longtracer_core.errors import InvalidInputError

    with pytest.raises(InvalidInputError):
        verifier().verify_case(SUPPORTED, SOURCES, timeout=timeout)


def test_an_async_timeout_stops_the_work():
    """aguard times out too, and a second call after it completes."""
    v = verifier(max_workers=1)
    response, sources = huge_case()

    async def main():
        first = await v.aguard(response, sources, timeout=0.5)
        second = await v.aguard(SUPPORTED, SOURCES, timeout=20)
        return first, second

    first, second = asyncio.run(main())
    assert first.case.execution is ExecutionStatus.TIMEOUT
    assert second.case.quality_gate is QualityGate.PASS


@pytest.mark.parametrize(
    "work",
    [
        lambda text: split_sentences(text),
        lambda text: RuleBasedDecomposer().decompose(text),
        lambda text: build_plan(split_source("s", text)),
    ],
    ids=["split_sentences", "decompose", "build_plan"],
)
def test_long_loops_check_the_deadline(work):
    """Each long loop stops under a passed deadline or a set cancel flag, and runs to the
    end without one."""
    text = _prose(60_000, 3)
    expired = Deadline(time.monotonic() - 1.0)
    with bounded(expired), pytest.raises(DeadlineExceeded):
        work(text)
    cancelled = Deadline(time.monotonic() + 3600)
    cancelled.cancel.set()
    with bounded(cancelled), pytest.raises(WorkCancelled):
        work(text)
    work(text)
