"""The sink protocol and the event every integration hands to sinks."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from longtracer_core.contracts import CaseResult
from longtracer_core.pipeline import TraceRecord

__all__ = ["GroundingEvent", "Sink", "dispatch"]

_log = logging.getLogger("longtracer_integrations")


@dataclass(frozen=True)
class GroundingEvent:
    """One verified case and where it came from.

    ``run_id`` / ``parent_run_id`` / ``root_run_id`` identify the framework run
    (LangChain run ids, LlamaIndex span ids) as strings; ``origin`` names the
    integration; ``policy`` is what was applied to the text (or None if only
    observed). ``output_text`` is the policy-applied answer the caller received
    (None if only observed). ``parent`` is the tracing span (or OpenTelemetry
    context) of the run that was verified, when the integration could resolve
    it (e.g. through OpenInference's LangChain tracer); sinks that open spans
    parent on it, else on the current context. ``attributes["response_id"]``
    is the framework's id of the verified response, when it has one.
    """

    case: CaseResult
    trace: TraceRecord | None = None
    origin: str = "core"
    run_id: str | None = None
    parent_run_id: str | None = None
    root_run_id: str | None = None
    policy: str | None = None
    attributes: Mapping[str, Any] = field(default_factory=dict)
    output_text: str | None = None
    parent: Any = field(default=None, compare=False, repr=False)

    def run_ids(self) -> dict[str, str | None]:
        return {
            "run_id": self.run_id,
            "parent_run_id": self.parent_run_id,
            "root_run_id": self.root_run_id,
        }


@runtime_checkable
class Sink(Protocol):
    """Receives each verified case; one method."""

    def emit(self, event: GroundingEvent) -> None: ...


def dispatch(sinks: Iterable[Sink], event: GroundingEvent, *, raise_error: bool = False) -> None:
    """Hand ``event`` to every sink; a failing sink is logged and skipped unless ``raise_error``."""
    for sink in sinks:
        try:
            sink.emit(event)
        except Exception:
            if raise_error:
                raise
            _log.exception("grounding sink %r failed; continuing", sink)
