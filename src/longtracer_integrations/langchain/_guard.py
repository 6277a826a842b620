"""``GroundingGuard``: a Runnable that checks an answer against its evidence, then acts on it.

The guard wires LangChain's run machinery (child runs, custom events, callbacks) to three
parts: the verifier recipe (``longtracer_core.pipeline.recipe``), the shapes of what it
reads and writes (``_shapes``) and, for streams, the sentence state machine
(``_streaming``). The sync and async paths are the same steps; only the awaits differ.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Sequence
from typing import Any, Literal

from langchain_core.callbacks import (
    AsyncCallbackManagerForChainRun,
    CallbackManagerForChainRun,
    adispatch_custom_event,
    dispatch_custom_event,
)
from langchain_core.language_models import BaseChatModel
from langchain_core.load.serializable import SerializedConstructor, SerializedNotImplemented
from langchain_core.runnables import ConfigurableFieldSpec, RunnableConfig, RunnableSerializable
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, SkipValidation

from longtracer_core import (
    CitationVerifier,
    Decomposer,
    GuardedResponse,
    Judge,
    Policy,
    QualityGate,
    SentenceStream,
    VerifyConfig,
)
from longtracer_core.errors import GroundingFailedError, ModelUnavailableError
from longtracer_core.pipeline import LazyVerifier, verifier_spec

from ..observability import Sink, dispatch
from . import _schemas
from ._backend import CHAT_MODELS
from ._handler import VERIFICATION_EVENT
from ._shapes import (
    GroundingEvidenceError,
    Keys,
    answer_of,
    evidence_of,
    policy_of,
    sink_event,
    verification_payload,
)
from ._streaming import MISSING, SENTENCE_EVENT, Release, SentenceRun, merge
from ._tracing import verdict_summary

__all__ = ["VERDICT_RUN", "GroundingEvidenceError", "GroundingGuard"]

VERDICT_RUN = "grounding_verdict"


class GroundingGuard(RunnableSerializable[Any, Any]):
    """Verify an answer claim by claim against its evidence, then flag or redact it.

    ``chain | GroundingGuard(policy="redact")``. Input and output shapes:

    * a dict (``create_retrieval_chain``, ``RunnablePassthrough.assign``): the
      answer under ``answer_key``, evidence under ``context_key`` (Documents,
      strings or one string); returns the same dict with the answer
      policy-applied, the ``CaseResult`` under ``output_key`` and the trace under
      ``output_key + "_trace"`` (the trace holds the original draft, so under
      redact it is left out unless ``include_trace=True``);
    * an ``AIMessage``: returns a copy with policy-applied content and the
      ``CaseResult`` (and trace) in ``response_metadata``; tool calls and other
      fields are kept;
    * a string: returns the policy-applied string.

    Evidence, in order: the input's context; ``config["configurable"]
    ["grounding_sources"]``; the documents retrievers returned earlier in the
    same run, found through a ``GroundingCallbackHandler`` in the callbacks. An
    explicitly empty list verifies to ``NO_SOURCES_SUPPLIED``; no evidence at all
    raises ``GroundingEvidenceError``. ``config["configurable"]
    ["grounding_policy"]`` overrides the policy per call.

    Streaming: ``stream_mode="sentence"`` releases each sentence as soon as it
    is complete and verified (needs the rule-based decomposer; a judge is asked
    about each sentence's uncertain claims as it settles), with a
    ``"grounding.sentence"`` custom event per release; the concatenated
    output equals ``invoke``'s. ``"buffered"`` buffers the whole answer,
    verifies it, then emits it once. ``"auto"`` (the default) streams by
    sentence whenever the verifier can, else buffers. In every mode no
    character of a redacted sentence is ever emitted. Each
    verification is dispatched as a custom event named
    ``"grounding.verification"`` (per-claim verdicts, the ``CaseResult`` and the
    trace), visible in ``astream_events`` and to callback handlers.
    ``llm=<chat model>`` decomposes with that model (JSON Schema structured output
    where supported, JSON mode otherwise) instead of the rule-based decomposer.
    ``judge=`` re-decides the claims the matcher is unsure of: an ``LLMJudge`` or
    ``NliJudge``, or a chat model, which becomes an ``LLMJudge`` over it
    (``VerifyConfig.judge`` of the verifier sets escalation, role and budget).

    ``on_fail="raise"`` raises ``GroundingFailedError`` (carrying the
    ``CaseResult``, the policy-applied text and the output) when the gate is
    not PASS, so ``guard.with_fallbacks([safer_chain])`` can take over. Each
    verification also runs as a child run named ``"grounding_verdict"`` whose
    outputs are the verdict (gate, summary, counts, per-claim verdicts; claim
    texts left out under redact), so LangSmith-style tracers show it even for
    string chains. ``config=`` builds the verifier from a ``VerifyConfig``.
    A guard built from plain settings (no live ``verifier``, ``llm``,
    ``judge``, ``decomposer`` or ``sinks``) is serialisable:
    ``loads(dumps(guard), valid_namespaces=["longtracer_integrations"],
    allowed_objects=[GroundingGuard])`` rebuilds it.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True, extra="forbid")

    name: str | None = "GroundingGuard"
    policy: Policy = "flag"
    # live objects, checked by the verifier recipe (longtracer_core.pipeline.recipe)
    verifier: SkipValidation[CitationVerifier | None] = Field(default=None, exclude=True)
    decomposer: SkipValidation[Decomposer | None] = Field(default=None, exclude=True)
    llm: SkipValidation[BaseChatModel | None] = Field(default=None, exclude=True)
    judge: SkipValidation[Judge | BaseChatModel | None] = Field(default=None, exclude=True)
    answer_key: str = "answer"
    context_key: str = "context"
    output_key: str = "grounding"
    sources_key: str = "grounding_sources"
    timeout: float | None = None
    include_trace: bool | None = None
    sinks: SkipValidation[Sequence[Sink]] = Field(default=(), exclude=True)
    config: VerifyConfig | None = None
    on_fail: Literal["return", "raise"] = "return"
    stream_mode: Literal["auto", "buffered", "sentence"] = "auto"

    _recipe: LazyVerifier = PrivateAttr()

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # after pydantic's validation, so a refused combination raises InvalidInputError as
        # it does in every integration (longtracer_core.pipeline.recipe)
        spec = verifier_spec(
            verifier=self.verifier,
            decomposer=self.decomposer,
            llm=self.llm,
            judge=self.judge,
            config=self.config,
            models=CHAT_MODELS,
        )
        self._recipe = LazyVerifier(spec)

    # -- serialisation, schemas, configurable keys --------------------------------------
    @classmethod
    def is_lc_serializable(cls) -> bool:
        return True

    @classmethod
    def get_lc_namespace(cls) -> list[str]:
        return ["longtracer_integrations", "langchain"]

    def to_json(self) -> SerializedConstructor | SerializedNotImplemented:
        """LangChain's JSON form; ``not_implemented`` when a live object is set (see the class)."""
        if any(getattr(self, name) not in (None, ()) for name in _schemas.LIVE_FIELDS):
            return self.to_json_not_implemented()
        return _schemas.with_plain_config(super().to_json())

    def get_input_schema(self, config: RunnableConfig | None = None) -> type[BaseModel]:
        return _schemas.input_schema(self.get_name(), self.answer_key, self.context_key)

    def get_output_schema(self, config: RunnableConfig | None = None) -> type[BaseModel]:
        return _schemas.output_schema(self.get_name(), self.answer_key, self.output_key)

    @property
    def config_specs(self) -> list[ConfigurableFieldSpec]:
        return _schemas.config_specs(self.sources_key)

    # -- the parts --------------------------------------------------------------------
    @property
    def _keys(self) -> Keys:
        return Keys(
            self.answer_key, self.context_key, self.output_key, self.sources_key, self.include_trace
        )

    def _get_verifier(self) -> CitationVerifier:
        """The verifier, built once and lazily (no model load at construction)."""
        return self._recipe.get()

    def _by_sentence(self) -> bool:
        """Stream by sentence? ``auto``: whenever the verifier can (the rule-based decomposer)."""
        if self.stream_mode == "auto":
            try:
                return SentenceStream.supports(self._get_verifier())
            except ModelUnavailableError:
                return False  # buffered: the answer then fails closed
        return self.stream_mode == "sentence"

    def _deliver(
        self,
        guarded: GuardedResponse,
        policy: Policy,
        run_manager: Any,
        value: Any,
        output: Any,
        released: str | None = None,
    ) -> Any:
        """Hand the case to the sinks; return ``output``, or raise under ``on_fail="raise"``."""
        dispatch(self.sinks, sink_event(guarded, policy, run_manager, value, self.answer_key))
        if self.on_fail == "raise" and guarded.case.quality_gate is not QualityGate.PASS:
            text = guarded.text if released is None else released
            raise GroundingFailedError(guarded.case, text, output)
        return output

    def _run(self, run_manager: Any, config: RunnableConfig) -> SentenceRun:
        """A sentence-mode state machine for this call, fed its parts explicitly."""
        return SentenceRun(
            keys=self._keys,
            policy=policy_of(config, self.policy),
            verifier=self._get_verifier,
            evidence=lambda acc: evidence_of(acc, config, run_manager, self._keys),
            case_id=str(run_manager.run_id),
            timeout=self.timeout,
        )

    # -- sync ---------------------------------------------------------------------------
    def _verify(
        self, text: str, sources: list[Any], policy: Policy, run_manager: CallbackManagerForChainRun
    ) -> GuardedResponse:
        """Verify inside the ``grounding_verdict`` child run, whose outputs are the verdict."""
        child = run_manager.get_child().on_chain_start(
            None, {"policy": policy}, name=VERDICT_RUN, run_type="chain"
        )
        try:
            guarded = self._recipe.guard(
                text, sources, policy=policy, timeout=self.timeout, case_id=str(run_manager.run_id)
            )
        except BaseException as err:
            child.on_chain_error(err)
            raise
        child.on_chain_end(verdict_summary(guarded, policy))
        return guarded

    def _guard(
        self, value: Any, run_manager: CallbackManagerForChainRun, config: RunnableConfig
    ) -> Any:
        text, rebuild = answer_of(value, self._keys)
        sources = evidence_of(value, config, run_manager, self._keys)
        policy = policy_of(config, self.policy)
        guarded = self._verify(text, sources, policy, run_manager)
        dispatch_custom_event(
            VERIFICATION_EVENT, verification_payload(guarded, policy), config=config
        )
        return self._deliver(guarded, policy, run_manager, value, rebuild(guarded))

    def invoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        return self._call_with_config(self._guard, input, config, **kwargs)

    def _emit(self, release: Release, config: RunnableConfig) -> Iterator[Any]:
        if release.event is not None:
            dispatch_custom_event(SENTENCE_EVENT, release.event, config=config)
        if release.chunk is not MISSING:
            yield release.chunk

    def _sentences(
        self, chunks: Iterator[Any], run_manager: CallbackManagerForChainRun, config: RunnableConfig
    ) -> Iterator[Any]:
        """Sentence mode: release each settled sentence as soon as it is verified."""
        run, child = self._run(run_manager, config), None
        for chunk in chunks:
            text = run.add(chunk)
            if text is None or run.stream is None:
                continue
            if child is None:
                child = run_manager.get_child().on_chain_start(
                    None, {"policy": run.policy}, name=VERDICT_RUN, run_type="chain"
                )
            yield from self._emit(run.released(run.stream.feed(text)), config)
        if run.acc is MISSING:
            return
        if run.stream is None or child is None:  # the evidence never came: buffered says why
            yield self._guard(run.acc, run_manager, config)
            return
        run.stream.feed(run.pending())
        tail, guarded = run.stream.finish()
        child.on_chain_end(verdict_summary(guarded, run.policy))
        yield from self._emit(Release(event=run.sentence_event(tail)), config)
        payload = verification_payload(guarded, run.policy)
        dispatch_custom_event(VERIFICATION_EVENT, payload, config=config)
        final = run.chunk(tail.text, final=guarded)
        yield self._deliver(guarded, run.policy, run_manager, run.acc, final, run.stream.released)

    def _transform(
        self, chunks: Iterator[Any], run_manager: CallbackManagerForChainRun, config: RunnableConfig
    ) -> Iterator[Any]:
        if self._by_sentence():
            yield from self._sentences(chunks, run_manager, config)
            return
        acc: Any = MISSING
        for chunk in chunks:
            acc = merge(acc, chunk)
        if acc is not MISSING:
            yield self._guard(acc, run_manager, config)

    def transform(
        self, input: Iterator[Any], config: RunnableConfig | None = None, **kwargs: Any
    ) -> Iterator[Any]:
        yield from self._transform_stream_with_config(input, self._transform, config, **kwargs)

    def stream(
        self, input: Any, config: RunnableConfig | None = None, **kwargs: Any
    ) -> Iterator[Any]:
        yield from self.transform(iter([input]), config, **kwargs)

    # -- async: the same steps, awaited -------------------------------------------------
    async def _averify(
        self,
        text: str,
        sources: list[Any],
        policy: Policy,
        run_manager: AsyncCallbackManagerForChainRun,
    ) -> GuardedResponse:
        child = await run_manager.get_child().on_chain_start(
            None, {"policy": policy}, name=VERDICT_RUN, run_type="chain"
        )
        try:
            guarded = await self._recipe.aguard(
                text, sources, policy=policy, timeout=self.timeout, case_id=str(run_manager.run_id)
            )
        except BaseException as err:
            await child.on_chain_error(err)
            raise
        await child.on_chain_end(verdict_summary(guarded, policy))
        return guarded

    async def _aguard(
        self, value: Any, run_manager: AsyncCallbackManagerForChainRun, config: RunnableConfig
    ) -> Any:
        text, rebuild = answer_of(value, self._keys)
        sources = evidence_of(value, config, run_manager, self._keys)
        policy = policy_of(config, self.policy)
        guarded = await self._averify(text, sources, policy, run_manager)
        payload = verification_payload(guarded, policy)
        await adispatch_custom_event(VERIFICATION_EVENT, payload, config=config)
        return self._deliver(guarded, policy, run_manager, value, rebuild(guarded))

    async def ainvoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        return await self._acall_with_config(self._aguard, input, config, **kwargs)

    async def _aemit(self, release: Release, config: RunnableConfig) -> AsyncIterator[Any]:
        if release.event is not None:
            await adispatch_custom_event(SENTENCE_EVENT, release.event, config=config)
        if release.chunk is not MISSING:
            yield release.chunk

    async def _asentences(
        self,
        chunks: AsyncIterator[Any],
        run_manager: AsyncCallbackManagerForChainRun,
        config: RunnableConfig,
    ) -> AsyncIterator[Any]:
        """Sentence mode for asyncio."""
        run, child = self._run(run_manager, config), None
        async for chunk in chunks:
            text = run.add(chunk)
            if text is None or run.stream is None:
                continue
            if child is None:
                child = await run_manager.get_child().on_chain_start(
                    None, {"policy": run.policy}, name=VERDICT_RUN, run_type="chain"
                )
            async for out in self._aemit(run.released(await run.stream.afeed(text)), config):
                yield out
        if run.acc is MISSING:
            return
        if run.stream is None or child is None:  # the evidence never came: buffered says why
            yield await self._aguard(run.acc, run_manager, config)
            return
        await run.stream.afeed(run.pending())
        tail, guarded = await run.stream.afinish()
        await child.on_chain_end(verdict_summary(guarded, run.policy))
        async for out in self._aemit(Release(event=run.sentence_event(tail)), config):
            yield out
        payload = verification_payload(guarded, run.policy)
        await adispatch_custom_event(VERIFICATION_EVENT, payload, config=config)
        final = run.chunk(tail.text, final=guarded)
        yield self._deliver(guarded, run.policy, run_manager, run.acc, final, run.stream.released)

    async def _atransform(
        self,
        chunks: AsyncIterator[Any],
        run_manager: AsyncCallbackManagerForChainRun,
        config: RunnableConfig,
    ) -> AsyncIterator[Any]:
        if self._by_sentence():
            async for out in self._asentences(chunks, run_manager, config):
                yield out
            return
        acc: Any = MISSING
        async for chunk in chunks:
            acc = merge(acc, chunk)
        if acc is not MISSING:
            yield await self._aguard(acc, run_manager, config)

    async def atransform(
        self, input: AsyncIterator[Any], config: RunnableConfig | None = None, **kwargs: Any
    ) -> AsyncIterator[Any]:
        async for out in self._atransform_stream_with_config(
            input, self._atransform, config, **kwargs
        ):
            yield out

    async def astream(
        self, input: Any, config: RunnableConfig | None = None, **kwargs: Any
    ) -> AsyncIterator[Any]:
        async def one() -> AsyncIterator[Any]:
            yield input

        async for out in self.atransform(one(), config, **kwargs):
            yield out
