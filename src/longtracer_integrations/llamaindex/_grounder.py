"""The grounding step both entry points share: verify a text against its nodes, fail closed.

``Grounder`` holds the policy, the verifier (built on first use, so nothing
loads at construction), the sinks and the metadata key. ``guard`` never raises:
any failure — the verifier cannot be built, the model is missing, a bug — comes
back as a ``NOT_EVALUATED`` case whose text follows the verifier's
``on_unverified`` rule (withheld under ``redact``, annotated under ``flag``).
Each result is handed to the sinks and emitted as a ``GroundingResultEvent``.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from llama_index.core.base.embeddings.base import BaseEmbedding
from llama_index.core.llms import LLM

from longtracer_core import (
    CaseResult,
    CitationVerifier,
    GuardedResponse,
    InvalidInputError,
    Judge,
    LLMDecomposer,
    LLMJudge,
    Policy,
    SentenceStream,
    VerifyConfig,
)
from longtracer_core.config import resolve_policy
from longtracer_core.pipeline import StreamStep, unverified_response
from longtracer_integrations.observability import dispatch

from ._embeddings import LlamaIndexEmbedder
from ._events import GroundingResultEvent, GroundingSentenceEvent, emit_result
from ._llm import LlamaIndexLLMBackend

__all__ = ["ORIGIN", "Grounder", "Policy", "RunIds", "evidence_from_nodes"]

StreamMode = Literal["auto", "buffered", "sentence"]
ORIGIN = "llamaindex"
_log = logging.getLogger("longtracer_integrations.llamaindex")


@dataclass(frozen=True)
class RunIds:
    """Where a grounding happened: LlamaIndex span ids (the engine span and its ancestors)."""

    run_id: str | None = None
    parent_run_id: str | None = None
    root_run_id: str | None = None


def evidence_from_nodes(nodes: Iterable[Any] | None) -> list[dict[str, Any]]:
    """Snapshot nodes as plain source records, so later changes to the nodes cannot alter evidence.

    Each record holds the node's text (no metadata) and its source id: metadata
    ``source_id``/``id``, else the node id. ``class``/``span_class`` metadata is
    passed on only when it is a class the core knows (``truth``/``cache``), so an
    unrelated ``class`` field in a document's metadata cannot invalidate a case.
    """
    records: list[dict[str, Any]] = []
    for index, item in enumerate(nodes or ()):
        node = getattr(item, "node", item)
        getter = getattr(node, "get_content", None)
        text = getter() if callable(getter) else getattr(node, "text", item)
        meta = getattr(node, "metadata", None)
        meta = meta if isinstance(meta, Mapping) else {}
        sid = meta.get("source_id") or meta.get("id") or getattr(node, "node_id", None)
        record: dict[str, Any] = {
            "text": text if isinstance(text, str) else str(text),
            "source_id": str(sid) if sid not in (None, "") else f"source_{index}",
        }
        span_class = meta.get("class", meta.get("span_class"))
        if span_class in ("truth", "cache"):
            record["class"] = span_class
        records.append(record)
    return records


class Grounder:
    """Verify answers with one policy and report each case; shared by both entry points."""

    def __init__(
        self,
        *,
        policy: Policy = "flag",
        verifier: Any = None,
        decomposer: Any = None,
        llm: LLM | None = None,
        judge: Any = None,
        embed_model: BaseEmbedding | None = None,
        config: VerifyConfig | None = None,
        sinks: Sequence[Any] = (),
        metadata_key: str = "grounding",
        include_trace: bool = True,
        timeout: float | None = None,
        stream_mode: StreamMode = "auto",
    ) -> None:
        if stream_mode not in ("auto", "buffered", "sentence"):
            raise InvalidInputError(
                f"stream_mode must be 'auto', 'buffered' or 'sentence', got {stream_mode!r}"
            )
        chosen = resolve_policy(policy)
        parts = {
            "decomposer": decomposer,
            "llm": llm,
            "judge": judge,
            "embed_model": embed_model,
            "config": config,
        }
        given = [name for name, value in parts.items() if value is not None]
        if verifier is not None and given:
            raise InvalidInputError(
                f"pass either verifier= or the parts to build one ({', '.join(given)}=), not "
                "both: a CitationVerifier already has its decomposer, embedder and config"
            )
        if verifier is not None and not callable(getattr(verifier, "guard", None)):
            raise InvalidInputError("verifier needs guard() and aguard() (a CitationVerifier)")
        if decomposer is not None and llm is not None:
            raise InvalidInputError("pass decomposer= or llm= (which builds an LLMDecomposer)")
        if llm is not None and not isinstance(llm, LLM):
            raise InvalidInputError(f"llm must be a LlamaIndex LLM, got {type(llm).__name__}")
        if embed_model is not None and not isinstance(embed_model, BaseEmbedding):
            raise InvalidInputError(
                f"embed_model must be a LlamaIndex BaseEmbedding, got {type(embed_model).__name__}"
            )
        if config is not None and not isinstance(config, VerifyConfig):
            raise InvalidInputError("config must be a VerifyConfig")
        if judge is not None and not isinstance(judge, (Judge, LLM)):
            raise InvalidInputError(
                f"judge must be an LLMJudge, an NliJudge or a LlamaIndex LLM, "
                f"got {type(judge).__name__}"
            )
        for sink in sinks:
            if not callable(getattr(sink, "emit", None)):
                raise InvalidInputError(f"sink {sink!r} has no emit(event) method")
        if not isinstance(metadata_key, str) or not metadata_key:
            raise InvalidInputError("metadata_key must be a non-empty string")
        if timeout is not None and not timeout > 0:
            raise InvalidInputError(f"timeout must be positive, got {timeout!r}")
        self.policy: Policy = chosen
        self.stream_mode: StreamMode = stream_mode
        self.sinks = tuple(sinks)
        self.metadata_key = metadata_key
        self.include_trace = include_trace
        self.timeout = timeout
        self._verifier = verifier
        self._decomposer = decomposer
        self._llm = llm
        self._judge = judge
        self._embed_model = embed_model
        self._config = config
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ verifier
    @property
    def verifier(self) -> Any:
        """The verifier, built on first use (the default embedding model loads lazily)."""
        if self._verifier is None:
            with self._lock:
                if self._verifier is None:
                    self._verifier = self._build_verifier()
        return self._verifier

    def _build_verifier(self) -> CitationVerifier:
        decomposer = self._decomposer
        if self._llm is not None:
            decomposer = LLMDecomposer(LlamaIndexLLMBackend(self._llm))
        embedder = LlamaIndexEmbedder(self._embed_model) if self._embed_model is not None else None
        judge = self._judge
        if isinstance(judge, LLM):  # the shortcut: the engine's own LLM as the judge
            judge = LLMJudge(LlamaIndexLLMBackend(judge))
        return CitationVerifier(
            embedder=embedder, decomposer=decomposer, config=self._config, judge=judge
        )

    def _config_now(self) -> VerifyConfig:
        config = getattr(self._verifier, "config", None) or self._config
        return config if isinstance(config, VerifyConfig) else VerifyConfig()

    # ------------------------------------------------------------------ grounding
    def guard(self, text: str, evidence: Sequence[Any], ids: RunIds) -> GuardedResponse:
        """Verify ``text`` and apply the policy; never raises, always reports once."""
        try:
            guarded: GuardedResponse = self.verifier.guard(
                text, list(evidence), policy=self.policy, timeout=self.timeout
            )
        except Exception as err:
            guarded = self.failed(text, err)
        self.publish(guarded, ids)
        return guarded

    async def aguard(self, text: str, evidence: Sequence[Any], ids: RunIds) -> GuardedResponse:
        """``guard`` for asyncio: verification runs in the verifier's worker pool."""
        try:
            guarded: GuardedResponse = await self.verifier.aguard(
                text, list(evidence), policy=self.policy, timeout=self.timeout
            )
        except Exception as err:
            guarded = self.failed(text, err)
        self.publish(guarded, ids)
        return guarded

    def failed(self, text: str, err: BaseException) -> GuardedResponse:
        """The fail-closed result for an answer that could not be verified."""
        _log.warning("grounding failed; the answer is treated as unverified", exc_info=err)
        return unverified_response(
            text, err, policy=self.policy, config=self._config_now(), metadata={"origin": ORIGIN}
        )

    def open_stream(self, evidence: Sequence[Any]) -> SentenceStream | None:
        """A sentence stream over ``evidence`` in sentence mode; None means buffer instead.

        A verifier that cannot stream (an LLM decomposer, a judge) buffers:
        silently under ``auto``, with a warning when ``sentence`` was asked for.
        """
        if self.stream_mode == "buffered":
            return None
        if self.stream_mode == "auto" and not SentenceStream.supports(self.verifier):
            return None
        try:
            return SentenceStream(
                self.verifier, list(evidence), policy=self.policy, timeout=self.timeout
            )
        except InvalidInputError as err:
            _log.warning("sentence streaming is not possible here, buffering instead: %s", err)
            return None

    def publish_sentence(self, step: StreamStep, ids: RunIds) -> None:
        """Emit a ``GroundingSentenceEvent`` for claims a stream just released; never raises."""
        if not step.claims:
            return
        try:
            emit_result(
                GroundingSentenceEvent(
                    claims=list(step.claims),
                    text=step.text,
                    upto=step.upto,
                    policy=self.policy,
                    run_id=ids.run_id,
                )
            )
        except Exception:
            _log.exception("could not report a released sentence")

    # ------------------------------------------------------------------ reporting
    def publish(self, guarded: GuardedResponse, ids: RunIds) -> None:
        """Hand the case to the sinks and the LlamaIndex event handlers; never raises."""
        try:
            event = GroundingResultEvent(
                case=guarded.case,
                trace=guarded.trace,
                policy=self.policy,
                origin=ORIGIN,
                run_id=ids.run_id,
                parent_run_id=ids.parent_run_id,
                root_run_id=ids.root_run_id,
                changed=guarded.changed,
            )
            if self.sinks:
                dispatch(self.sinks, event.to_grounding_event())
            emit_result(event)
        except Exception:
            _log.exception("could not report a grounding result")

    def attach(self, metadata: dict[str, Any] | None, guarded: GuardedResponse) -> dict[str, Any]:
        """Put the case (and trace) into ``metadata`` under the metadata key; returns the dict."""
        out = metadata if metadata is not None else {}
        out[self.metadata_key] = guarded.case
        if self.include_trace:
            out[f"{self.metadata_key}_trace"] = guarded.trace
        return out

    def case_of(self, metadata: Mapping[str, Any] | None) -> CaseResult | None:
        """The case a previous grounding attached to ``metadata``, if any."""
        found = (metadata or {}).get(self.metadata_key)
        return found if isinstance(found, CaseResult) else None
