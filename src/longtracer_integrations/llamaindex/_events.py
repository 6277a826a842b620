"""LlamaIndex instrumentation for grounding: an event per verified case and a handler for sinks.

Every grounding (postprocessor or ``GroundedQueryEngine``) emits one
``GroundingResultEvent`` through the LlamaIndex dispatcher of this module, so
any instrumentation event handler sees it. ``GroundingEventHandler`` forwards
those events to the observability sinks: attach it once to the root dispatcher
to collect every case in the process, instead of passing ``sinks=`` to each
component.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import llama_index.core.instrumentation as instrument
from llama_index.core.bridge.pydantic import Field
from llama_index.core.instrumentation.event_handlers import BaseEventHandler
from llama_index.core.instrumentation.events import BaseEvent

from longtracer_core import CaseResult, ClaimResult, TraceRecord
from longtracer_integrations.observability import GroundingEvent, dispatch

__all__ = ["GroundingEventHandler", "GroundingResultEvent", "GroundingSentenceEvent", "emit_result"]

dispatcher = instrument.get_dispatcher(__name__)


class GroundingResultEvent(BaseEvent):
    """One grounded answer: its ``CaseResult``, trace, the policy applied and the run ids."""

    case: CaseResult
    trace: TraceRecord | None = None
    policy: str | None = None
    origin: str = "llamaindex"
    run_id: str | None = None
    parent_run_id: str | None = None
    root_run_id: str | None = None
    changed: bool = False

    @classmethod
    def class_name(cls) -> str:
        return "GroundingResultEvent"

    def to_grounding_event(self) -> GroundingEvent:
        """The framework-free event the observability sinks take."""
        return GroundingEvent(
            case=self.case,
            trace=self.trace,
            origin=self.origin,
            run_id=self.run_id,
            parent_run_id=self.parent_run_id,
            root_run_id=self.root_run_id,
            policy=self.policy,
            attributes={"changed": self.changed},
        )


class GroundingSentenceEvent(BaseEvent):
    """Sentence-mode streaming released ``text``; ``claims`` are the verdicts behind it.

    One per release, as it happens; the whole case follows in a
    ``GroundingResultEvent`` when the stream ends.
    """

    claims: list[ClaimResult]
    text: str = ""
    upto: int = 0
    policy: str | None = None
    run_id: str | None = None

    @classmethod
    def class_name(cls) -> str:
        return "GroundingSentenceEvent"


class GroundingEventHandler(BaseEventHandler):
    """Send every ``GroundingResultEvent`` to ``sinks``; other events are ignored.

    ``instrument.get_dispatcher().add_event_handler(GroundingEventHandler(sinks=[...]))``
    collects the cases of every grounded query in the process. The dispatcher
    swallows handler exceptions, so a failing sink is logged by ``dispatch``.
    """

    sinks: Sequence[Any] = Field(default_factory=tuple)
    raise_error: bool = False

    @classmethod
    def class_name(cls) -> str:
        return "GroundingEventHandler"

    def handle(self, event: BaseEvent, **kwargs: Any) -> None:
        if isinstance(event, GroundingResultEvent):
            dispatch(self.sinks, event.to_grounding_event(), raise_error=self.raise_error)


def emit_result(event: GroundingResultEvent | GroundingSentenceEvent) -> None:
    """Emit ``event`` to the LlamaIndex event handlers (which never raise into the caller)."""
    dispatcher.event(event)
