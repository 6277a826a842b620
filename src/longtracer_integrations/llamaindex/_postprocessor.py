"""``GroundingPostprocessor``: ground an engine's final answer from ``node_postprocessors``.

The postprocessor passes its nodes through untouched (a new list of the same
objects) and files a grounding under the query or chat engine span it runs in;
the shared span handler (``_spans``) grounds the synthesizer's result of that
same span with the nodes the synthesizer received. See ``docs/guides/llamaindex.md``.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, Literal

from llama_index.core.base.embeddings.base import BaseEmbedding
from llama_index.core.bridge.pydantic import ConfigDict, Field, PrivateAttr
from llama_index.core.instrumentation.span import active_span_id
from llama_index.core.llms import LLM
from llama_index.core.postprocessor.types import BaseNodePostprocessor
from llama_index.core.schema import NodeWithScore, QueryBundle
from pydantic import SkipValidation

from longtracer_core import CitationVerifier, Decomposer, Judge, Policy, VerifyConfig
from longtracer_integrations.observability import Sink

from ._errors import GroundingSetupError
from ._grounder import Grounder, evidence_from_nodes, llamaindex_spec
from ._simple_chat import GROUNDING_MARKER, watch_simple_chat
from ._spans import Registration, install

__all__ = ["GroundingPostprocessor"]

_log = logging.getLogger("longtracer_integrations.llamaindex")

_OUTSIDE_ENGINE = (
    "GroundingPostprocessor ran outside a query or chat engine, so no answer can be tied to "
    "these nodes. Put it in index.as_query_engine(node_postprocessors=[...]) or "
    "as_chat_engine(..., node_postprocessors=[...]), or wrap the engine in GroundedQueryEngine. "
    "(This also happens when the grounding span handler was removed from the root dispatcher "
    "while the query was running.)"
)


_GROUNDER_FIELDS = frozenset(
    {
        "policy",
        "verifier",
        "decomposer",
        "llm",
        "judge",
        "embed_model",
        "config",
        "sinks",
        "metadata_key",
        "include_trace",
        "timeout",
        "stream_mode",
    }
)


class GroundingPostprocessor(BaseNodePostprocessor):
    """Verify the answer synthesised from these nodes and flag or redact what they do not support.

    ``index.as_query_engine(node_postprocessors=[GroundingPostprocessor(policy="redact")])``
    gives a ``Response`` whose ``.response`` is policy-applied, with the
    ``CaseResult`` in ``metadata[metadata_key]`` and the trace in
    ``metadata[metadata_key + "_trace"]`` (``include_trace=False`` leaves it out;
    the trace holds the original draft). Streaming engines get a buffered,
    grounded stream.

    ``verifier`` is a ``CitationVerifier``; without one, a verifier is built on
    first use from ``decomposer``/``llm`` (an ``LLMDecomposer`` over the LLM),
    ``judge`` (an ``LLMJudge``/``NliJudge``, or a LlamaIndex LLM wrapped in an
    ``LLMJudge``: it re-decides the claims the matcher is unsure of),
    ``embed_model`` (the index's embed model through ``LlamaIndexEmbedder``;
    default: the local all-MiniLM-L6-v2) and ``config``. ``policy`` wins over
    ``config.policy``. ``strict`` (default: on for ``redact``) raises
    ``GroundingSetupError`` when the postprocessor runs outside an engine instead
    of letting an ungrounded answer through with a warning.
    """

    model_config = ConfigDict(
        arbitrary_types_allowed=True, extra="forbid", validate_assignment=True
    )

    policy: Policy = Field(
        default="flag", description="'flag' annotates unsupported sentences, 'redact' removes them."
    )
    # live objects, checked by the verifier recipe (longtracer_core.pipeline.recipe)
    verifier: SkipValidation[CitationVerifier | None] = Field(
        default=None, exclude=True, description="A CitationVerifier to use."
    )
    decomposer: SkipValidation[Decomposer | None] = Field(
        default=None, exclude=True, description="A claim decomposer."
    )
    llm: SkipValidation[LLM | None] = Field(
        default=None, exclude=True, description="LLM for decomposition."
    )
    judge: SkipValidation[Judge | LLM | None] = Field(
        default=None,
        exclude=True,
        description="Judge for the claims the matcher is unsure of: an LLMJudge, an NliJudge, "
        "or a LlamaIndex LLM (wrapped in an LLMJudge).",
    )
    embed_model: SkipValidation[BaseEmbedding | None] = Field(
        default=None, exclude=True, description="Embed model for the matcher."
    )
    config: VerifyConfig | None = Field(default=None, description="Matcher and policy settings.")
    sinks: SkipValidation[Sequence[Sink]] = Field(
        default=(), exclude=True, description="Observability sinks."
    )
    metadata_key: str = Field(default="grounding", min_length=1)
    include_trace: bool = Field(default=True, description="Also attach the trace record.")
    timeout: float | None = Field(default=None, gt=0, description="Seconds per verification.")
    strict: bool | None = Field(
        default=None, description="Raise outside an engine (default: True for redact)."
    )
    stream_mode: Literal["auto", "buffered", "sentence"] = Field(
        default="auto",
        description="Streams: 'sentence' emits each sentence as soon as it is complete and "
        "verified; 'buffered' emits the grounded answer once at the end; 'auto' streams by "
        "sentence whenever the verifier can (the rule-based decomposer; a judge is asked per "
        "sentence).",
    )

    _grounder: Grounder = PrivateAttr()

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # after pydantic's validation, so a refused combination raises InvalidInputError as
        # it does in every integration (longtracer_core.pipeline.recipe)
        self._grounder = self._build_grounder()

    def model_post_init(self, context: Any, /) -> None:
        super().model_post_init(context)
        install()
        watch_simple_chat()

    def __setattr__(self, name: str, value: Any) -> None:
        # Changing a setting after construction (pp.policy = "redact") must take effect,
        # never leave the old policy silently in force.
        super().__setattr__(name, value)
        if name in _GROUNDER_FIELDS:
            self._grounder = self._build_grounder()

    def _build_grounder(self) -> Grounder:
        spec = llamaindex_spec(
            verifier=self.verifier,
            decomposer=self.decomposer,
            llm=self.llm,
            judge=self.judge,
            embed_model=self.embed_model,
            config=self.config,
        )
        return Grounder(
            spec,
            policy=self.policy,
            sinks=tuple(self.sinks),
            metadata_key=self.metadata_key,
            include_trace=self.include_trace,
            timeout=self.timeout,
            stream_mode=self.stream_mode,
        )

    @classmethod
    def class_name(cls) -> str:
        return "GroundingPostprocessor"

    def _register(self, nodes: Sequence[NodeWithScore]) -> None:
        handler = install()  # defensive: someone may have replaced the root's span handlers
        owner = handler.owner_of(active_span_id.get())
        if owner is None:
            strict = self.strict if self.strict is not None else self.policy == "redact"
            if strict:
                raise GroundingSetupError(_OUTSIDE_ENGINE)
            _log.warning(_OUTSIDE_ENGINE)
            return
        evidence: list[dict[str, Any]] | BaseException
        try:
            evidence = evidence_from_nodes(nodes)
        except Exception as err:  # grounded later as a failure, never silently skipped
            evidence = err
        handler.register(owner, Registration(self._grounder, evidence))

    def _postprocess_nodes(
        self, nodes: list[NodeWithScore], query_bundle: QueryBundle | None = None
    ) -> list[NodeWithScore]:
        self._register(nodes)
        return list(nodes)

    async def _apostprocess_nodes(
        self, nodes: list[NodeWithScore], query_bundle: QueryBundle | None = None
    ) -> list[NodeWithScore]:
        # No thread hop (the base class uses asyncio.to_thread): registering is a dict insert.
        self._register(nodes)
        return list(nodes)


# what watch_simple_chat recognises a grounding postprocessor by (it never imports this class)
setattr(GroundingPostprocessor, GROUNDING_MARKER, True)
