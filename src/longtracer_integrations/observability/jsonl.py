"""``JsonlSink``: one whole JSON line per case, safe under concurrent writers."""

from __future__ import annotations

import json
import os
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .base import GroundingEvent

try:  # POSIX advisory locks keep whole lines whole across processes
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["JsonlSink"]


class JsonlSink:
    """Append each case (and its trace) as one JSON line to ``path``.

    Each line is written with a single ``write`` on a file opened with
    ``O_APPEND``, under a thread lock and an exclusive ``flock``, so threads and
    processes writing the same file never tear or lose a line. A line cut short
    by a failed write (a full disk) is newline-terminated before the next
    record, and text that cannot be UTF-8 (a lone surrogate) is written as its
    JSON escape.
    """

    def __init__(self, path: str | os.PathLike[str], *, include_trace: bool = True) -> None:
        self.path = Path(path)
        self.include_trace = include_trace
        self._lock = threading.Lock()

    def record(self, event: GroundingEvent) -> dict[str, Any]:
        """The JSON object written for ``event``."""
        out: dict[str, Any] = {
            "ts": datetime.now(UTC).isoformat(timespec="milliseconds"),
            "origin": event.origin,
            "policy": event.policy,
            **event.run_ids(),
            "case": event.case.model_dump(mode="json"),
        }
        if self.include_trace and event.trace is not None:
            out["trace"] = event.trace.model_dump(mode="json")
        if event.attributes:
            out["attributes"] = dict(event.attributes)
        return out

    def emit(self, event: GroundingEvent) -> None:
        # a lone surrogate (only ever inside a JSON string) becomes its JSON escape "\udXXX"
        text = json.dumps(self.record(event), ensure_ascii=False, default=str) + "\n"
        line = text.encode("utf-8", "backslashreplace")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._lock:
            fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                if fcntl is not None:
                    fcntl.flock(fd, fcntl.LOCK_EX)
                # a write cut short (a full disk) left a fragment: end it, so this
                # record starts a line of its own and only the fragment is lost
                if _ends_mid_line(fd):
                    line = b"\n" + line
                view = memoryview(line)
                while view:
                    written = os.write(fd, view)
                    view = view[written:]
            finally:
                if fcntl is not None:
                    fcntl.flock(fd, fcntl.LOCK_UN)
                os.close(fd)


def _ends_mid_line(fd: int) -> bool:
    size = os.fstat(fd).st_size
    return size > 0 and os.pread(fd, 1, size - 1) != b"\n"
