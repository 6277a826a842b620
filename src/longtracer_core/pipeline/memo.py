"""A least-recently-used cache bounded by the characters it holds, not by its entry count.

Keys are digests, so a cached source's text is held once (in its spans), never
again as a key; an entry larger than the whole budget is computed and not kept.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

__all__ = ["CharBoundedCache", "text_key"]

V = TypeVar("V")


def text_key(*parts: object) -> str:
    """A digest of ``parts`` (their ``repr``s), to key an entry without keeping the text."""
    digest = hashlib.blake2b(digest_size=20)
    for part in parts:
        raw = part if isinstance(part, str) else repr(part)
        digest.update(f"{type(part).__name__}:{len(raw)}:".encode())
        digest.update(raw.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


class CharBoundedCache(Generic[V]):
    """Maps keys to values of a known size in characters; evicts the oldest past ``max_chars``."""

    def __init__(self, max_chars: int, size: Callable[[V], int]) -> None:
        self.max_chars = max_chars
        self._size = size
        self._items: OrderedDict[str, tuple[V, int]] = OrderedDict()
        self._chars = 0
        self._lock = threading.Lock()

    @property
    def chars(self) -> int:
        """Characters held now."""
        return self._chars

    def get_or_compute(self, key: str, compute: Callable[[], V]) -> V:
        with self._lock:
            hit = self._items.get(key)
            if hit is not None:
                self._items.move_to_end(key)
                return hit[0]
        value = compute()
        chars = self._size(value)
        if chars > self.max_chars:
            return value
        with self._lock:
            if key not in self._items:
                self._items[key] = (value, chars)
                self._chars += chars
            while self._chars > self.max_chars:
                _, (_, dropped) = self._items.popitem(last=False)
                self._chars -= dropped
        return value


def spans_chars(spans: Sequence[object]) -> int:
    """Characters of span text held by a tuple of spans."""
    return sum(len(getattr(s, "text", "")) for s in spans)
