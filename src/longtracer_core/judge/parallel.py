"""Run a few blocking calls at once in threads, each in a copy of the caller's context.

Judge requests wait on a server, not on our CPU, so they overlap well in
threads. Each call runs in a copy of the caller's ``contextvars`` context, so
the case's deadline (``deadline.checkpoint``) and token metering
(``providers.chat.metered``) follow it into the worker.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

__all__ = ["map_in_threads"]

T = TypeVar("T")
R = TypeVar("R")


def map_in_threads(fn: Callable[[T], R], items: Sequence[T], max_workers: int) -> list[R]:
    """``[fn(x) for x in items]``, up to ``max_workers`` at once; results in order.

    One item (or ``max_workers=1``) runs in the calling thread. An exception
    from any call is raised here once all calls have finished.
    """
    if len(items) <= 1 or max_workers <= 1:
        return [fn(x) for x in items]
    with ThreadPoolExecutor(max_workers=min(max_workers, len(items))) as pool:
        futures = [pool.submit(contextvars.copy_context().run, fn, x) for x in items]
        return [f.result() for f in futures]
