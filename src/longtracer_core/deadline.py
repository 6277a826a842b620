"""Cooperative cancellation: a deadline the pipeline checks between stages and in long loops.

A case run with a ``timeout`` gets a ``Deadline`` when its work starts (time spent
waiting for a free worker is bounded separately). The stages and the long loops
(sentence splitting, decomposition, span features, embedding batches, scoring)
call ``checkpoint()``, which raises ``DeadlineExceeded`` once the deadline has
passed or ``WorkCancelled`` once the caller gave up, so a timed-out case stops
using CPU within one loop step instead of running to the end. Outside a bounded
run ``checkpoint()`` does nothing.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

__all__ = ["Deadline", "DeadlineExceeded", "WorkCancelled", "bounded", "checkpoint"]


class DeadlineExceeded(TimeoutError):
    """The case ran past its timeout; its work stopped at a checkpoint."""


class WorkCancelled(Exception):
    """The caller no longer waits for this case (it timed out or was cancelled)."""


@dataclass
class Deadline:
    """When a run must stop (``time.monotonic()`` seconds), and a flag to stop it sooner."""

    expires: float
    cancel: threading.Event = field(default_factory=threading.Event)

    @classmethod
    def after(cls, seconds: float) -> Deadline:
        return cls(time.monotonic() + seconds)

    def remaining(self) -> float:
        return self.expires - time.monotonic()

    def check(self) -> None:
        if self.cancel.is_set():
            raise WorkCancelled("the caller stopped waiting for this case")
        if time.monotonic() > self.expires:
            raise DeadlineExceeded("the case ran past its timeout and was stopped")


_current: ContextVar[Deadline | None] = ContextVar("longtracer_deadline", default=None)


def checkpoint() -> None:
    """Stop here if the current run's deadline passed or it was cancelled."""
    deadline = _current.get()
    if deadline is not None:
        deadline.check()


@contextmanager
def bounded(deadline: Deadline | None) -> Iterator[None]:
    """Run the body under ``deadline`` (``None``: unbounded)."""
    token = _current.set(deadline)
    try:
        yield
    finally:
        _current.reset(token)
