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
    processes writing the same file never tear or lose a line.
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
        line = (json.dumps(self.record(event), ensure_ascii=False, default=str) + "\n").encode()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._lock:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                if fcntl is not None:
                    fcntl.flock(fd, fcntl.LOCK_EX)
                view = memoryview(line)
                while view:
                    written = os.write(fd, view)
                    view = view[written:]
            finally:
                if fcntl is not None:
                    fcntl.flock(fd, fcntl.LOCK_UN)
                os.close(fd)
