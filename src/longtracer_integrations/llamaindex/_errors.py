"""The one error this integration adds to the ``LongTracerError`` tree."""

from __future__ import annotations

from longtracer_core import LongTracerError

__all__ = ["GroundingSetupError"]


class GroundingSetupError(LongTracerError, RuntimeError):
    """The postprocessor ran where no answer can be tied to its nodes.

    Raised (in strict mode, the default for ``policy="redact"``) when
    ``GroundingPostprocessor`` is called outside a query or chat engine span —
    a direct ``postprocess_nodes`` call, a custom pipeline, or a query already
    running when the grounding span handler was removed. Failing loudly keeps an
    ungrounded answer from passing as grounded.
    """
