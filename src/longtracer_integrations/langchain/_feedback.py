"""``LangSmithFeedbackSink``: the verdict as LangSmith feedback on the guard's run."""

from __future__ import annotations

import threading
from typing import Any

from ..observability import GroundingEvent
from ..observability.logging_sink import case_fields, evaluation_result

__all__ = ["LangSmithFeedbackSink"]


class LangSmithFeedbackSink:
    """Post each verdict as feedback (key ``grounding``) on the LangChain run that was verified.

    LangSmith shows feedback beside the run: score = the share of assessed
    claims supported, value = the gate in lower case (``pass``/``fail``/
    ``indeterminate``), comment = the summary, and the case id, reason and
    counts in ``extra``. The client is a ``langsmith.Client`` (default: built on
    first use from the environment), or the client of a ``LangChainTracer``
    passed as ``tracer=``. Events without a run id (plain-Python checks) are
    skipped. A failed post raises, which ``dispatch`` logs.
    """

    def __init__(self, client: Any = None, *, tracer: Any = None, key: str = "grounding") -> None:
        if client is None and tracer is not None:
            client = tracer.client
        self._client = client
        self.key = key
        self._lock = threading.Lock()

    @property
    def client(self) -> Any:
        if self._client is None:
            with self._lock:
                if self._client is None:
                    from langsmith import Client

                    self._client = Client()
        return self._client

    def emit(self, event: GroundingEvent) -> None:
        if event.run_id is None:
            return
        label, score, _ = evaluation_result(event.case)
        fields = case_fields(event)
        extra = {
            k: fields[k]
            for k in (
                "case_id",
                "reason",
                "claims",
                "supported",
                "insufficient_evidence",
                "contradicted",
                "conflicting_sources",
                "policy",
            )
            if fields.get(k) is not None
        }
        self.client.create_feedback(
            run_id=event.run_id,
            key=self.key,
            score=score,
            value=label,
            comment=event.case.summary,
            extra=extra,
        )
