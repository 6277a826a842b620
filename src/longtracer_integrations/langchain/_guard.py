"""``GroundingGuard``: a Runnable that checks an answer against its evidence, then acts on it."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from typing import Any, Literal

from langchain_core.callbacks import (
    AsyncCallbackManagerForChainRun,
    CallbackManagerForChainRun,
    adispatch_custom_event,
    dispatch_custom_event,
)
from langchain_core.language_models import BaseChatModel
from langchain_core.load.serializable import SerializedConstructor, SerializedNotImplemented
from langchain_core.messages import BaseMessage
from langchain_core.runnables import ConfigurableFieldSpec, RunnableConfig, RunnableSerializable
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from longtracer_core import (
    CitationVerifier,
    GuardedResponse,
    Judge,
    LLMDecomposer,
    LLMJudge,
    Policy,
    QualityGate,
    SentenceStream,
    VerifyConfig,
)
from longtracer_core.config import resolve_policy
from longtracer_core.errors import GroundingFailedError, InvalidInputError, ModelUnavailableError
from longtracer_core.pipeline import as_source_list, unverified_response

from ..observability import GroundingEvent, dispatch
from . import _schemas
from ._backend import LangChainChatBackend
from ._handler import VERIFICATION_EVENT, GroundingCallbackHandler
from ._streaming import MISSING, SENTENCE_EVENT, SentenceRun, merge
from ._tracing import claim_verdict, run_span, verdict_summary

__all__ = ["VERDICT_RUN", "GroundingEvidenceError", "GroundingGuard"]

VERDICT_RUN = "grounding_verdict"
# fields that hold live objects: a guard that sets one cannot be rebuilt from JSON
_LIVE_FIELDS = ("verifier", "decomposer", "llm", "judge", "sinks")


class GroundingEvidenceError(InvalidInputError):
    """No evidence could be found to check the answer against."""


def _evidence_error(context_key: str, sources_key: str, value: Any) -> GroundingEvidenceError:
    seen = ""
    if isinstance(value, Mapping):
        seen = (
            f"The input dict has no {context_key!r} key (keys: {sorted(map(str, value))}); "
            "if one of them holds the documents, set context_key=<that key>. "
        )
    return GroundingEvidenceError(
        f"GroundingGuard found no evidence to check the answer against. {seen}Supply it in one "
        f"of three ways: (1) a dict input holding the documents under {context_key!r} (the "
        "context_key), as create_retrieval_chain or RunnablePassthrough.assign produce; "
        f"(2) config={{'configurable': {{{sources_key!r}: [...]}}}}; (3) a "
        "GroundingCallbackHandler in config['callbacks'], so the documents a retriever "
        "returned earlier in the same run are used. An explicitly empty list is accepted "
        "and verifies to NO_SOURCES_SUPPLIED."
    )


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
    is complete and verified (needs the rule-based decomposer and no judge),
    with a ``"grounding.sentence"`` custom event per release; the concatenated
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
    verifier: CitationVerifier | None = Field(default=None, exclude=True)
    decomposer: Any = Field(default=None, exclude=True)
    llm: BaseChatModel | None = Field(default=None, exclude=True)
    judge: Any = Field(default=None, exclude=True)
    answer_key: str = "answer"
    context_key: str = "context"
    output_key: str = "grounding"
    sources_key: str = "grounding_sources"
    timeout: float | None = None
    include_trace: bool | None = None
    sinks: Sequence[Any] = Field(default=(), exclude=True)
    config: VerifyConfig | None = None
    on_fail: Literal["return", "raise"] = "return"
    stream_mode: Literal["auto", "buffered", "sentence"] = "auto"

    _built: CitationVerifier | None = PrivateAttr(default=None)
    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)

    def model_post_init(self, context: Any, /) -> None:
        super().model_post_init(context)
        if self.config is not None and self.verifier is not None:
            raise InvalidInputError(
                "pass either verifier= or config=, not both: a CitationVerifier has its config"
            )

    # -- serialisation, schemas, configurable keys --------------------------------------
    @classmethod
    def is_lc_serializable(cls) -> bool:
        return True

    @classmethod
    def get_lc_namespace(cls) -> list[str]:
        return ["longtracer_integrations", "langchain"]

    def to_json(self) -> SerializedConstructor | SerializedNotImplemented:
        """LangChain's JSON form; ``not_implemented`` when a live object is set (see the class)."""
        if any(getattr(self, name) not in (None, ()) for name in _LIVE_FIELDS):
            return self.to_json_not_implemented()
        serialized = super().to_json()
        kwargs = serialized.get("kwargs")
        if isinstance(kwargs, dict) and isinstance(kwargs.get("config"), VerifyConfig):
            kwargs["config"] = kwargs["config"].model_dump(mode="json")
        return serialized

    def get_input_schema(self, config: RunnableConfig | None = None) -> type[BaseModel]:
        return _schemas.input_schema(self.get_name(), self.answer_key, self.context_key)

    def get_output_schema(self, config: RunnableConfig | None = None) -> type[BaseModel]:
        return _schemas.output_schema(self.get_name(), self.answer_key, self.output_key)

    @property
    def config_specs(self) -> list[ConfigurableFieldSpec]:
        return _schemas.config_specs(self.sources_key)

    # -- the verifier, built once and lazily (no model load at construction) ----------
    def _get_verifier(self) -> CitationVerifier:
        if self._built is not None:
            return self._built
        with self._lock:
            if self._built is None:
                decomposer = self.decomposer
                if decomposer is None and self.llm is not None:
                    decomposer = LLMDecomposer(LangChainChatBackend(self.llm))
                base = self.verifier
                judge = _as_judge(self.judge)
                if base is not None and judge is not None:
                    base = base.with_judge(judge)
                if base is None:
                    self._built = CitationVerifier(
                        decomposer=decomposer, judge=judge, config=self.config
                    )
                elif decomposer is None:
                    self._built = base
                else:
                    self._built = base.with_decomposer(decomposer)
        assert self._built is not None
        return self._built

    def _verifier_or_none(self, text: str, policy: Any) -> GuardedResponse | None:
        """``None`` when the verifier can be built; else the fail-closed result (a missing
        model withholds or marks the answer, as the LlamaIndex grounder does)."""
        try:
            self._get_verifier()
        except ModelUnavailableError as err:
            return unverified_response(text, err, policy=policy, config=self.config)
        return None

    def _by_sentence(self) -> bool:
        """Stream by sentence? ``auto``: whenever the verifier can (no judge, rule-based)."""
        if self.stream_mode == "auto":
            try:
                return SentenceStream.supports(self._get_verifier())
            except ModelUnavailableError:
                return False  # buffered: the answer then fails closed
        return self.stream_mode == "sentence"

    # -- input and output shapes --------------------------------------------------------
    def _answer(self, value: Any) -> tuple[str, Callable[[GuardedResponse], Any]]:
        if isinstance(value, str):
            return value, lambda g: g.text
        if isinstance(value, BaseMessage):
            return value.text, lambda g: self._rebuild_message(value, g)
        if isinstance(value, Mapping):
            if self.answer_key not in value:
                raise InvalidInputError(
                    f"GroundingGuard: the input dict has no {self.answer_key!r} key "
                    f"(keys: {sorted(map(str, value))}); set answer_key=..."
                )
            inner, rebuild_inner = self._answer(value[self.answer_key])

            def rebuild(g: GuardedResponse) -> Any:
                out = dict(value)
                out[self.answer_key] = rebuild_inner(g)
                out[self.output_key] = g.case
                if self._with_trace(g):
                    out[f"{self.output_key}_trace"] = g.trace
                return out

            return inner, rebuild
        raise InvalidInputError(
            f"GroundingGuard accepts a str, a message or a dict, got {type(value).__name__}"
        )

    def _rebuild_message(self, message: BaseMessage, g: GuardedResponse) -> BaseMessage:
        if isinstance(message.content, str) or not g.changed:
            content: Any = g.text if isinstance(message.content, str) else message.content
        else:
            others = [
                b
                for b in message.content
                if not (isinstance(b, dict) and b.get("type") == "text") and not isinstance(b, str)
            ]
            content = [{"type": "text", "text": g.text}, *others]
        metadata = {**message.response_metadata, self.output_key: g.case}
        if self._with_trace(g):
            metadata[f"{self.output_key}_trace"] = g.trace
        return message.model_copy(update={"content": content, "response_metadata": metadata})

    def _with_trace(self, g: GuardedResponse) -> bool:
        """Attach the trace? It holds the original draft, so not by default under redact."""
        if self.include_trace is not None:
            return self.include_trace
        return g.trace.policy.get("policy") != "redact"

    def _evidence(self, value: Any, config: RunnableConfig, run_manager: Any) -> list[Any]:
        if isinstance(value, Mapping) and value.get(self.context_key) is not None:
            return as_source_list(value[self.context_key])
        configurable = config.get("configurable") or {}
        if configurable.get(self.sources_key) is not None:
            return as_source_list(configurable[self.sources_key])
        for handler in getattr(run_manager, "handlers", []):
            if isinstance(handler, GroundingCallbackHandler):
                docs = handler.documents_for(run_manager.run_id)
                if docs is not None:
                    return list(docs)
        raise _evidence_error(self.context_key, self.sources_key, value)

    def _policy(self, config: RunnableConfig) -> Policy:
        chosen = (config.get("configurable") or {}).get("grounding_policy")
        return resolve_policy(chosen, self.policy, name="grounding_policy")

    def _payload(self, g: GuardedResponse, policy: str) -> dict[str, Any]:
        return {
            "case": g.case,
            "trace": g.trace,
            "text": g.text,
            "policy": policy,
            "case_id": g.case.case_id,
            "quality_gate": g.case.quality_gate.value,
            "changed": g.changed,
            "claims": [claim_verdict(c, with_text=True) for c in g.case.claims],
        }

    def _event(
        self, g: GuardedResponse, policy: str, run_manager: Any, value: Any
    ) -> GroundingEvent:
        response_id = _response_id(value, self.answer_key)
        return GroundingEvent(
            case=g.case,
            trace=g.trace,
            origin="langchain",
            policy=policy,
            run_id=str(run_manager.run_id),
            parent_run_id=str(run_manager.parent_run_id) if run_manager.parent_run_id else None,
            output_text=g.text,
            parent=run_span(run_manager.run_id, getattr(run_manager, "handlers", ())),
            attributes={"response_id": response_id} if response_id else {},
        )

    def _outcome(self, g: GuardedResponse, rebuild: Callable[[GuardedResponse], Any]) -> Any:
        output = rebuild(g)
        if self.on_fail == "raise" and g.case.quality_gate is not QualityGate.PASS:
            raise GroundingFailedError(g.case, g.text, output)
        return output

    # -- sync ---------------------------------------------------------------------------
    def _verify(
        self, text: str, sources: list[Any], policy: Any, run_manager: CallbackManagerForChainRun
    ) -> GuardedResponse:
        """Verify inside the ``grounding_verdict`` child run, whose outputs are the verdict."""
        child = run_manager.get_child().on_chain_start(
            None, {"policy": policy}, name=VERDICT_RUN, run_type="chain"
        )
        try:
            guarded = self._verifier_or_none(text, policy)
            if guarded is None:
                guarded = self._get_verifier().guard(
                    text,
                    sources,
                    policy=policy,
                    timeout=self.timeout,
                    case_id=str(run_manager.run_id),
                )
        except BaseException as err:
            child.on_chain_error(err)
            raise
        child.on_chain_end(verdict_summary(guarded, policy))
        return guarded

    def _guard(
        self, value: Any, run_manager: CallbackManagerForChainRun, config: RunnableConfig
    ) -> Any:
        text, rebuild = self._answer(value)
        sources = self._evidence(value, config, run_manager)
        policy = self._policy(config)
        guarded = self._verify(text, sources, policy, run_manager)
        dispatch_custom_event(VERIFICATION_EVENT, self._payload(guarded, policy), config=config)
        dispatch(self.sinks, self._event(guarded, policy, run_manager, value))
        return self._outcome(guarded, rebuild)

    def invoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        return self._call_with_config(self._guard, input, config, **kwargs)

    def _finish_stream(
        self, run: SentenceRun, guarded: GuardedResponse, tail: str, config: RunnableConfig
    ) -> Any:
        dispatch(self.sinks, self._event(guarded, run.policy, run.run_manager, run.acc))
        out = run.chunk(tail, final=guarded)
        if self.on_fail == "raise" and guarded.case.quality_gate is not QualityGate.PASS:
            raise GroundingFailedError(guarded.case, run.stream.released if run.stream else "", out)
        return out

    def _sentences(
        self,
        chunks: Iterator[Any],
        run_manager: CallbackManagerForChainRun,
        config: RunnableConfig,
    ) -> Iterator[Any]:
        """Sentence mode: release each settled sentence as soon as it is verified."""
        run = SentenceRun(self, run_manager, config)
        child = None
        for chunk in chunks:
            run.add(chunk)
            if not run.open():
                continue
            if child is None:
                child = run_manager.get_child().on_chain_start(
                    None, {"policy": run.policy}, name=VERDICT_RUN, run_type="chain"
                )
            assert run.stream is not None
            step = run.stream.feed(run.pending())
            if step.claims:
                dispatch_custom_event(SENTENCE_EVENT, run.sentence_payload(step), config=config)
            if step.text:
                yield run.chunk(step.text)
        if run.acc is MISSING:
            return
        if run.stream is None:  # the evidence never came: the buffered path says why
            yield self._guard(run.acc, run_manager, config)
            return
        run.stream.feed(run.pending())
        tail, guarded = run.stream.finish()
        assert child is not None
        child.on_chain_end(verdict_summary(guarded, run.policy))
        if tail.claims:
            dispatch_custom_event(SENTENCE_EVENT, run.sentence_payload(tail), config=config)
        dispatch_custom_event(VERIFICATION_EVENT, self._payload(guarded, run.policy), config=config)
        yield self._finish_stream(run, guarded, tail.text, config)

    def _transform(
        self,
        chunks: Iterator[Any],
        run_manager: CallbackManagerForChainRun,
        config: RunnableConfig,
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

    # -- async --------------------------------------------------------------------------
    async def _averify(
        self,
        text: str,
        sources: list[Any],
        policy: Any,
        run_manager: AsyncCallbackManagerForChainRun,
    ) -> GuardedResponse:
        child = await run_manager.get_child().on_chain_start(
            None, {"policy": policy}, name=VERDICT_RUN, run_type="chain"
        )
        try:
            guarded = self._verifier_or_none(text, policy)
            if guarded is None:
                guarded = await self._get_verifier().aguard(
                    text,
                    sources,
                    policy=policy,
                    timeout=self.timeout,
                    case_id=str(run_manager.run_id),
                )
        except BaseException as err:
            await child.on_chain_error(err)
            raise
        await child.on_chain_end(verdict_summary(guarded, policy))
        return guarded

    async def _aguard(
        self, value: Any, run_manager: AsyncCallbackManagerForChainRun, config: RunnableConfig
    ) -> Any:
        text, rebuild = self._answer(value)
        sources = self._evidence(value, config, run_manager)
        policy = self._policy(config)
        guarded = await self._averify(text, sources, policy, run_manager)
        await adispatch_custom_event(
            VERIFICATION_EVENT, self._payload(guarded, policy), config=config
        )
        dispatch(self.sinks, self._event(guarded, policy, run_manager, value))
        return self._outcome(guarded, rebuild)

    async def ainvoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        return await self._acall_with_config(self._aguard, input, config, **kwargs)

    async def _asentences(
        self,
        chunks: AsyncIterator[Any],
        run_manager: AsyncCallbackManagerForChainRun,
        config: RunnableConfig,
    ) -> AsyncIterator[Any]:
        """Sentence mode for asyncio."""
        run = SentenceRun(self, run_manager, config)
        child = None
        async for chunk in chunks:
            run.add(chunk)
            if not run.open():
                continue
            if child is None:
                child = await run_manager.get_child().on_chain_start(
                    None, {"policy": run.policy}, name=VERDICT_RUN, run_type="chain"
                )
            assert run.stream is not None
            step = await run.stream.afeed(run.pending())
            if step.claims:
                await adispatch_custom_event(
                    SENTENCE_EVENT, run.sentence_payload(step), config=config
                )
            if step.text:
                yield run.chunk(step.text)
        if run.acc is MISSING:
            return
        if run.stream is None:  # the evidence never came: the buffered path says why
            yield await self._aguard(run.acc, run_manager, config)
            return
        await run.stream.afeed(run.pending())
        tail, guarded = await run.stream.afinish()
        assert child is not None
        await child.on_chain_end(verdict_summary(guarded, run.policy))
        if tail.claims:
            await adispatch_custom_event(SENTENCE_EVENT, run.sentence_payload(tail), config=config)
        await adispatch_custom_event(
            VERIFICATION_EVENT, self._payload(guarded, run.policy), config=config
        )
        yield self._finish_stream(run, guarded, tail.text, config)

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


def _as_judge(value: Any) -> Judge | None:
    """A judge as given, or an ``LLMJudge`` over a LangChain chat model."""
    if value is None or isinstance(value, Judge):
        return value
    if isinstance(value, BaseChatModel):
        return LLMJudge(LangChainChatBackend(value))
    raise InvalidInputError(
        f"judge must be an LLMJudge, an NliJudge or a chat model, got {type(value).__name__}"
    )


def _response_id(value: Any, answer_key: str) -> str | None:
    """The id the framework gave the verified message (``AIMessage.id``), if any."""
    if isinstance(value, Mapping):
        value = value.get(answer_key)
    if isinstance(value, BaseMessage):
        return value.id or value.response_metadata.get("id") or None
    return None
