"""``JudgeCache``: verdicts kept by (judge model, prompt hash, claim, span texts).

Span ids differ between cases while the texts repeat, so findings are stored
by the position of their span in the request and mapped back on a hit.
Failed verdicts are never cached. Thread-safe; least recently used out first.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict

from .types import Finding, JudgeRequest, JudgeVerdict

__all__ = ["JudgeCache"]

_Key = tuple[str, str | None, str, tuple[str, ...]]


class JudgeCache:
    """A bounded LRU of judge verdicts; ``maxsize=0`` keeps nothing."""

    def __init__(self, maxsize: int = 1024) -> None:
        self.maxsize = maxsize
        self._items: OrderedDict[_Key, JudgeVerdict] = OrderedDict()
        self._lock = threading.Lock()

    @staticmethod
    def _key(model_id: str, prompt_hash: str | None, request: JudgeRequest) -> _Key:
        return (model_id, prompt_hash, request.claim, tuple(s.text for s in request.spans))

    def get(
        self, model_id: str, prompt_hash: str | None, request: JudgeRequest
    ) -> JudgeVerdict | None:
        """The cached verdict for ``request``, its findings re-pointed at this request's spans."""
        with self._lock:
            hit = self._items.get(self._key(model_id, prompt_hash, request))
            if hit is None:
                return None
            self._items.move_to_end(self._key(model_id, prompt_hash, request))
        findings = tuple(
            dataclasses.replace(f, span_id=request.spans[int(f.span_id)].span_id)
            for f in hit.findings
        )
        return dataclasses.replace(hit, claim_id=request.claim_id, findings=findings)

    def put(
        self, model_id: str, prompt_hash: str | None, request: JudgeRequest, verdict: JudgeVerdict
    ) -> None:
        """Keep ``verdict`` unless it failed or names a span the request does not hold."""
        if self.maxsize <= 0 or verdict.error is not None:
            return
        position = {s.span_id: i for i, s in enumerate(request.spans)}
        stored: list[Finding] = []
        for f in verdict.findings:
            if f.span_id not in position:
                return
            stored.append(dataclasses.replace(f, span_id=str(position[f.span_id])))
        key = self._key(model_id, prompt_hash, request)
        with self._lock:
            self._items[key] = dataclasses.replace(verdict, findings=tuple(stored))
            self._items.move_to_end(key)
            while len(self._items) > self.maxsize:
                self._items.popitem(last=False)

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)
