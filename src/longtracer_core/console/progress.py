"""A progress bar for long runs (``eval``), drawn by tqdm on stderr, only on a terminal."""

from __future__ import annotations

import sys
from types import TracebackType
from typing import Never, TextIO

from tqdm import tqdm

__all__ = ["Progress"]


class Progress:
    """A ``(done, total)`` callback that drives a tqdm bar; silent when ``stream`` is no TTY.

    Use as a context manager so the bar is closed (and its line finished) on exit.
    """

    def __init__(self, label: str, stream: TextIO | None = None) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self._bar: tqdm[Never] | None = None

    @property
    def enabled(self) -> bool:
        isatty = getattr(self.stream, "isatty", None)
        return bool(isatty and isatty())

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        bar = self._bar
        if bar is None:
            bar = self._bar = tqdm(total=total, desc=self.label, unit="case", file=self.stream)
        bar.update(done - bar.n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
