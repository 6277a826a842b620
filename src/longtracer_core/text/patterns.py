"""Word lists as regular-expression alternatives."""

from __future__ import annotations

from collections.abc import Iterable

import regex

__all__ = ["alternation"]


def alternation(words: Iterable[str]) -> str:
    """``words`` as one alternation, each escaped, the longest first (so "not more than"
    is tried before "more than"); no group around it."""
    return "|".join(regex.escape(w) for w in sorted(words, key=len, reverse=True))
