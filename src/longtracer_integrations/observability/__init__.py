"""Sinks for verified cases: structured logging, JSONL files, OpenTelemetry.

Framework-free: the LangChain and LlamaIndex integrations both hand their
``GroundingEvent``s here. ``OpenTelemetrySink`` and ``PhoenixAnnotationSink``
need the ``[otel]`` extra and are imported lazily, so this package imports
without OpenTelemetry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import GroundingEvent, Sink, dispatch
from .jsonl import JsonlSink
from .logging_sink import LoggingSink, case_fields, evaluation_result

if TYPE_CHECKING:
    from .otel import OpenTelemetrySink
    from .phoenix import PhoenixAnnotationSink

__all__ = [
    "GroundingEvent",
    "JsonlSink",
    "LoggingSink",
    "OpenTelemetrySink",
    "PhoenixAnnotationSink",
    "Sink",
    "case_fields",
    "dispatch",
    "evaluation_result",
]


def __getattr__(name: str) -> Any:
    if name == "OpenTelemetrySink":
        from .otel import OpenTelemetrySink

        return OpenTelemetrySink
    if name == "PhoenixAnnotationSink":
        from .phoenix import PhoenixAnnotationSink

        return PhoenixAnnotationSink
    raise AttributeError(name)
