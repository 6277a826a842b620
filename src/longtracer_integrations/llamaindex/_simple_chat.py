"""Warn when a ``GroundingPostprocessor`` is handed to an engine that never calls it.

``index.as_chat_engine(chat_mode="simple", node_postprocessors=[...])`` builds a
``SimpleChatEngine``, which talks to the LLM directly: it retrieves nothing,
accepts the ``node_postprocessors`` keyword and drops it, so the answers go out
ungrounded and nothing says so. ``watch_simple_chat`` wraps
``SimpleChatEngine.from_defaults`` once (it is the only way that engine is
built from an index) to raise a ``GroundingNotAppliedWarning`` in that case.

A grounding postprocessor is recognised by the class attribute ``GROUNDING_MARKER``, not by
importing its class: the postprocessor imports this module, never the other way.
"""

from __future__ import annotations

import functools
import threading
import warnings
from typing import Any

from llama_index.core.chat_engine import SimpleChatEngine

__all__ = ["GROUNDING_MARKER", "GroundingNotAppliedWarning", "watch_simple_chat"]

_LOCK = threading.Lock()
_MARK = "__longtracer_watched__"
# Set to True on a postprocessor class whose work is lost when the engine never calls it.
GROUNDING_MARKER = "__longtracer_grounds_answer__"

MESSAGE = (
    "GroundingPostprocessor was passed to a SimpleChatEngine (chat_mode='simple'), which "
    "retrieves no nodes and never calls node postprocessors: its answers are NOT grounded. "
    "Use chat_mode='context' or 'condense_plus_context', or wrap the engine in "
    "GroundedQueryEngine (which then has no evidence to check against)."
)


class GroundingNotAppliedWarning(UserWarning):
    """A grounding component was configured where it will never run."""


def _holds_grounding(postprocessors: Any) -> bool:
    return isinstance(postprocessors, (list, tuple)) and any(
        getattr(type(p), GROUNDING_MARKER, False) is True for p in postprocessors
    )


def watch_simple_chat() -> None:
    """Wrap ``SimpleChatEngine.from_defaults`` (idempotent) so a dropped grounding warns."""
    with _LOCK:
        current = SimpleChatEngine.__dict__["from_defaults"]
        if getattr(current.__func__, _MARK, False):
            return
        original = current.__func__

        @functools.wraps(original)
        def from_defaults(cls: Any, *args: Any, **kwargs: Any) -> Any:
            if _holds_grounding(kwargs.get("node_postprocessors")):
                warnings.warn(MESSAGE, GroundingNotAppliedWarning, stacklevel=3)
            return original(cls, *args, **kwargs)

        setattr(from_defaults, _MARK, True)
        SimpleChatEngine.from_defaults = classmethod(from_defaults)  # type: ignore[method-assign,assignment]
