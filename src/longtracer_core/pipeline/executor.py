"""Run cases in a worker pool under a timeout that stops the work, not only the wait.

``run`` / ``arun`` submit one case. Its timeout counts from the moment a worker
starts it: the case runs under a ``Deadline`` (src/longtracer_core/deadline.py) whose
checkpoints stop it once the time is up, and a caller that stops waiting sets
the deadline's cancel flag, so no worker keeps computing a result nobody reads.
Time spent waiting for a free worker is bounded by the same number of seconds:
a case not started by then is dropped from the queue and reported as such. A
timeout of ``float("inf")`` (or beyond what the platform can wait) means no limit.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

from ..deadline import Deadline, bounded
from ..errors import InvalidInputError

__all__ = ["CaseExecutor", "Stopped", "check_timeout"]

T = TypeVar("T")


@dataclass(frozen=True)
class Stopped:
    """Why a case gave no result: it timed out (running or queued), or was cancelled."""

    kind: Literal["timeout", "queue_timeout", "cancelled"]
    message: str


def check_timeout(timeout: object) -> float | None:
    """``timeout`` as seconds, or ``None`` for no limit; ``InvalidInputError`` if invalid."""
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        raise InvalidInputError(f"timeout must be a number of seconds, got {timeout!r}")
    if not timeout > 0:  # also NaN
        raise InvalidInputError(f"timeout must be positive, got {timeout!r}")
    if math.isinf(timeout) or timeout >= threading.TIMEOUT_MAX:
        return None
    return float(timeout)


@dataclass(eq=False)
class _Job(Generic[T]):
    work: Callable[[], T]
    timeout: float | None
    started: threading.Event = field(default_factory=threading.Event)
    cancel: threading.Event = field(default_factory=threading.Event)
    deadline: Deadline | None = None
    on_start: Callable[[], None] | None = None

    def __call__(self) -> T:
        limit = math.inf if self.timeout is None else self.timeout
        self.deadline = Deadline(time.monotonic() + limit, self.cancel)
        self.started.set()
        if self.on_start is not None:
            self.on_start()
        with bounded(self.deadline):
            self.deadline.check()
            return self.work()

    def remaining(self) -> float | None:
        """Seconds left to run (``None``: no limit)."""
        if self.timeout is None:
            return None
        return max(self.deadline.remaining(), 0.0) if self.deadline is not None else 0.0


class CaseExecutor:
    """A lazily started thread pool; ``close`` stops it and, if asked, the running cases."""

    def __init__(self, max_workers: int) -> None:
        if isinstance(max_workers, bool) or not isinstance(max_workers, int) or max_workers < 1:
            raise InvalidInputError(f"max_workers must be a positive int, got {max_workers!r}")
        self.max_workers = max_workers
        self._pool: concurrent.futures.ThreadPoolExecutor | None = None
        self._lock = threading.Lock()

    def close(self, cancel_pending: bool = False) -> None:
        """Shut the pool down; ``cancel_pending`` drops the cases not started yet (running
        ones finish; a caller that stops waiting for one stops it)."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=cancel_pending)

    def run(self, work: Callable[[], T], timeout: float) -> T | Stopped:
        """``work()`` in a worker, waiting at most ``timeout`` s to start and to finish."""
        job: _Job[T] = _Job(work, timeout)
        future = self._submit(job)
        if future is None:
            return Stopped("cancelled", "the verifier was closed")
        # a case dropped from the queue (pool shut down) ends the wait too
        future.add_done_callback(lambda _: job.started.set())
        if not job.started.wait(timeout) and future.cancel():
            return self._queued_too_long(timeout)
        job.started.wait()  # it started as the wait ended: time it from its start
        try:
            return future.result(timeout=job.remaining())
        except concurrent.futures.TimeoutError:
            job.cancel.set()
            return Stopped("timeout", f"no result within {timeout}s; the work was stopped")
        except concurrent.futures.CancelledError:
            return Stopped("cancelled", "the evaluation was cancelled")

    async def arun(self, work: Callable[[], T], timeout: float | None) -> T | Stopped:
        """``run`` for asyncio (``timeout=None``: no limit, the case still runs in a
        worker); cancelling the awaiting task stops the work too."""
        loop = asyncio.get_running_loop()
        started: asyncio.Future[None] = loop.create_future()
        job: _Job[T] = _Job(work, timeout, on_start=lambda: _notify(loop, started))
        cf_future = self._submit(job)
        if cf_future is None:
            return Stopped("cancelled", "the verifier was closed")
        future = asyncio.wrap_future(cf_future, loop=loop)
        either: set[asyncio.Future[Any]] = {started, future}
        try:
            first, _ = await asyncio.wait(
                either, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
            )
            if not first and cf_future.cancel():
                future.add_done_callback(_discard)
                return self._queued_too_long(timeout)
            await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
            finished, _ = await asyncio.wait({future}, timeout=job.remaining())
        except asyncio.CancelledError:
            job.cancel.set()
            cf_future.cancel()
            future.add_done_callback(_discard)
            raise
        if not finished:
            job.cancel.set()
            cf_future.cancel()
            future.add_done_callback(_discard)
            return Stopped("timeout", f"no result within {timeout}s; the work was stopped")
        if future.cancelled():
            return Stopped("cancelled", "the evaluation was cancelled")
        return future.result()

    def _queued_too_long(self, timeout: float | None) -> Stopped:
        return Stopped(
            "queue_timeout",
            f"not started within {timeout}s: all {self.max_workers} workers were busy",
        )

    def _submit(self, job: _Job[T]) -> concurrent.futures.Future[T] | None:
        with self._lock:
            if self._pool is None:
                self._pool = concurrent.futures.ThreadPoolExecutor(
                    max_workers=self.max_workers, thread_name_prefix="longtracer-verify"
                )
            pool = self._pool
        try:
            return pool.submit(job)
        except RuntimeError:  # shut down meanwhile
            return None


def _notify(loop: asyncio.AbstractEventLoop, started: asyncio.Future[None]) -> None:
    def mark() -> None:
        if not started.done():
            started.set_result(None)

    with contextlib.suppress(RuntimeError):  # a closed loop: nobody is waiting
        loop.call_soon_threadsafe(mark)


def _discard(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()
