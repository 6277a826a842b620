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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from llama_index.core.base.embeddings.base import BaseEmbedding
from llama_index.core.llms import LLM

from longtracer_core import (
    CaseResult,
    CitationVerifier,
    Decomposer,
    GuardedResponse,
    InvalidInputError,
    Judge,
    Policy,
    SentenceStream,
    VerifyConfig,
)
from longtracer_core.config import resolve_policy
from longtracer_core.pipeline import LazyVerifier, StreamStep, VerifierSpec, verifier_spec
from longtracer_integrations.observability import Sink, dispatch

from ._embeddings import LlamaIndexEmbedder
from ._events import GroundingResultEvent, GroundingSentenceEvent, emit_result
from ._llm import LLMS

__all__ = ["ORIGIN", "Grounder", "Policy", "RunIds", "evidence_from_nodes", "llamaindex_spec"]

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


def llamaindex_spec(
    *,
    verifier: CitationVerifier | None = None,
    decomposer: Decomposer | None = None,
    llm: LLM | None = None,
    judge: Judge | LLM | None = None,
    embed_model: BaseEmbedding | None = None,
    config: VerifyConfig | None = None,
) -> VerifierSpec:
    """The verifier recipe for LlamaIndex arguments: an LLM decomposes or judges, an embed
    model embeds (through ``LlamaIndexEmbedder``)."""
    if embed_model is not None and not isinstance(embed_model, BaseEmbedding):
        raise InvalidInputError(
            f"embed_model must be a LlamaIndex BaseEmbedding, got {type(embed_model).__name__}"
        )
    return verifier_spec(
        verifier=verifier,
        decomposer=decomposer,
        llm=llm,
        judge=judge,
        embedder=LlamaIndexEmbedder(embed_model) if embed_model is not None else None,
        config=config,
        models=LLMS,
        embedder_name="embed_model",
    )


def _check_outputs(sinks: Sequence[Sink], metadata_key: str, timeout: float | None) -> None:
    for sink in sinks:
        if not callable(getattr(sink, "emit", None)):
            raise InvalidInputError(f"sink {sink!r} has no emit(event) method")
    if not isinstance(metadata_key, str) or not metadata_key:
        raise InvalidInputError("metadata_key must be a non-empty string")
    if timeout is not None and not timeout > 0:
        raise InvalidInputError(f"timeout must be positive, got {timeout!r}")


class Grounder:
    """Verify answers with one policy and report each case; shared by every entry point.

    ``spec`` is the verifier recipe (``llamaindex_spec``); the verifier is built on first use.
    """

    def __init__(
        self,
        spec: VerifierSpec,
        *,
        policy: Policy = "flag",
        sinks: Sequence[Sink] = (),
        metadata_key: str = "grounding",
        include_trace: bool = True,
        timeout: float | None = None,
        stream_mode: StreamMode = "auto",
    ) -> None:
        if stream_mode not in ("auto", "buffered", "sentence"):
            raise InvalidInputError(
                f"stream_mode must be 'auto', 'buffered' or 'sentence', got {stream_mode!r}"
            )
        _check_outputs(sinks, metadata_key, timeout)
        self.policy: Policy = resolve_policy(policy)
        self.stream_mode: StreamMode = stream_mode
        self.sinks = tuple(sinks)
        self.metadata_key = metadata_key
        self.include_trace = include_trace
        self.timeout = timeout
        self.recipe = LazyVerifier(spec)

    # ------------------------------------------------------------------ verifier
    @property
    def verifier(self) -> CitationVerifier:
        """The verifier, built on first use (the default embedding model loads lazily)."""
        return self.recipe.get()

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
        return self.recipe.unverified(text, err, policy=self.policy, metadata={"origin": ORIGIN})

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
