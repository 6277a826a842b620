"""Grounding for LlamaIndex: verify each answer against the nodes it was synthesised from.

``GroundingEvaluator`` is the same check as a ``BaseEvaluator`` (for
``BatchEvalRunner``). ``GroundingPostprocessor`` goes into
``node_postprocessors=[...]`` of a query or chat engine; ``GroundedQueryEngine``
wraps an engine you cannot rebuild. Both put the policy-applied text in the
response and the ``CaseResult`` in
``response.metadata["grounding"]``. ``LlamaIndexLLMBackend`` and
``LlamaIndexEmbedder`` let the verifier use LlamaIndex models; ``LocalEmbedding``
is the core's offline model as a LlamaIndex embed model.

Streaming: by default answers are buffered and grounded before the first chunk
is emitted (one chunk holding the policy-applied text); ``stream_mode="sentence"``
emits each sentence as soon as it is complete and verified. Either way
``redact`` never leaks a character of a removed sentence. See
``docs/guides/llamaindex.md``. Needs the ``[llamaindex]`` extra.
"""

from .._extras import require_extra

require_extra(
    "longtracer_integrations.llamaindex", "llama-index-core", "llamaindex", "llama_index.core"
)

from ._embeddings import LlamaIndexEmbedder, LocalEmbedding
from ._engine import GroundedQueryEngine
from ._errors import GroundingSetupError
from ._evaluator import GroundingEvaluationResult, GroundingEvaluator
from ._events import GroundingEventHandler, GroundingResultEvent, GroundingSentenceEvent
from ._llm import LlamaIndexLLMBackend
from ._postprocessor import GroundingPostprocessor
from ._simple_chat import GroundingNotAppliedWarning

__all__ = [
    "GroundedQueryEngine",
    "GroundingEvaluationResult",
    "GroundingEvaluator",
    "GroundingEventHandler",
    "GroundingNotAppliedWarning",
    "GroundingPostprocessor",
    "GroundingResultEvent",
    "GroundingSentenceEvent",
    "GroundingSetupError",
    "LlamaIndexEmbedder",
    "LlamaIndexLLMBackend",
    "LocalEmbedding",
]
