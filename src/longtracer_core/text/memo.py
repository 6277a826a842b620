"""Memoisation of pure functions of short texts (claims, sentences, span texts).

The same claim and span texts are read many times in one case (by the
decomposer, the matcher's gates and the evidence checks) and the same source
spans again in every case that cites them. A function of a text that returns an
immutable value is cached here when the text is short; a long text (a whole
source) is computed each time, so the cache's size stays bounded by
``maxsize × MAX_CHARS`` characters.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

__all__ = ["MAX_CHARS", "short_text_cache"]

# texts longer than this are not cached (a claim or a sentence is far shorter)
MAX_CHARS = 2_000

P = ParamSpec("P")
R = TypeVar("R")


def short_text_cache(maxsize: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Cache ``fn(text, ...)`` (hashable arguments) for texts of at most ``MAX_CHARS`` characters
    (least recently used first out); ``fn`` must be pure and return an immutable value."""

    def wrap(fn: Callable[P, R]) -> Callable[P, R]:
        cached: Callable[..., R] = functools.lru_cache(maxsize=maxsize)(fn)

        @functools.wraps(fn)
        def call(*args: P.args, **kwargs: P.kwargs) -> R:
            text = args[0] if args else None
            if not isinstance(text, str) or len(text) > MAX_CHARS:
                return fn(*args, **kwargs)
            return cached(*args, **kwargs)

        return call

    return wrap
