"""``GroundingEvaluator``: the grounding check as a LlamaIndex ``BaseEvaluator``.

Where ``FaithfulnessEvaluator`` asks an LLM whether the answer follows from
the contexts, this one runs the claim-level check: ``passing`` is the quality
gate being PASS, ``score`` the share of assessed claims supported, and the
``CaseResult`` rides along in ``result.case``. It works with ``BatchEvalRunner``
like any evaluator. It observes only: the answer is not changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from llama_index.core.base.embeddings.base import BaseEmbedding
from llama_index.core.base.response.schema import Response
from llama_index.core.evaluation import BaseEvaluator, EvaluationResult
from llama_index.core.llms import LLM
from llama_index.core.prompts.mixin import PromptDictType

from longtracer_core import (
    CaseResult,
    CitationVerifier,
    Decomposer,
    Judge,
    QualityGate,
    VerifyConfig,
)
from longtracer_core.pipeline import as_source_list
from longtracer_integrations.observability import Sink, evaluation_result

from ._grounder import Grounder, RunIds, evidence_from_nodes, llamaindex_spec

__all__ = ["GroundingEvaluationResult", "GroundingEvaluator"]


class GroundingEvaluationResult(EvaluationResult):
    """An ``EvaluationResult`` that also carries the ``CaseResult``."""

    case: CaseResult | None = None


def _feedback(case: CaseResult) -> str:
    lines = [case.summary]
    for claim in case.claims:
        reason = claim.reason.value if claim.reason else "no reason"
        if claim.reason_detail is not None:
            reason += f", {claim.reason_detail.value}"
        lines.append(
            f"- {claim.claim_id} {claim.outcome_text}; {claim.assessment.value} ({reason}): "
            f"{claim.claim_text}"
        )
    return "\n".join(lines)


class GroundingEvaluator(BaseEvaluator):
    """Evaluate answers claim by claim against their contexts (or a ``Response``'s source nodes).

    Arguments are those of ``GroundingPostprocessor`` that build the verifier
    (``verifier``, ``decomposer``, ``llm``, ``judge``, ``embed_model``,
    ``config``, ``sinks``, ``timeout``). An answer that could not be verified
    (a model failed, a timeout) is ``passing=False`` with ``invalid_result=True``
    and the reason in ``invalid_reason``: never a pass.
    """

    def __init__(
        self,
        *,
        verifier: CitationVerifier | None = None,
        decomposer: Decomposer | None = None,
        llm: LLM | None = None,
        judge: Judge | LLM | None = None,
        embed_model: BaseEmbedding | None = None,
        config: VerifyConfig | None = None,
        sinks: Sequence[Sink] = (),
        timeout: float | None = None,
    ) -> None:
        spec = llamaindex_spec(
            verifier=verifier,
            decomposer=decomposer,
            llm=llm,
            judge=judge,
            embed_model=embed_model,
            config=config,
        )
        self._grounder = Grounder(spec, policy="flag", sinks=sinks, timeout=timeout)

    def _get_prompts(self) -> PromptDictType:
        return {}

    def _update_prompts(self, prompts_dict: PromptDictType) -> None:
        pass

    @staticmethod
    def _result(
        query: str | None, response: str, contexts: Sequence[str], case: CaseResult
    ) -> GroundingEvaluationResult:
        _, score, _ = evaluation_result(case)
        indeterminate = case.quality_gate is QualityGate.INDETERMINATE
        return GroundingEvaluationResult(
            query=query,
            response=response,
            contexts=list(contexts),
            passing=case.quality_gate is QualityGate.PASS,
            score=score if score is not None else 0.0,
            feedback=_feedback(case),
            invalid_result=indeterminate,
            invalid_reason=(case.error_message or case.summary) if indeterminate else None,
            case=case,
        )

    async def _evaluate(
        self, query: str | None, response: str | None, evidence: list[dict[str, Any]]
    ) -> GroundingEvaluationResult:
        text = response or ""
        guarded = await self._grounder.aguard(text, evidence, RunIds())
        return self._result(query, text, [e["text"] for e in evidence], guarded.case)

    async def aevaluate(
        self,
        query: str | None = None,
        response: str | None = None,
        contexts: Sequence[str] | None = None,
        **kwargs: Any,
    ) -> EvaluationResult:
        """Check ``response`` against ``contexts`` (no contexts verifies to NO_SOURCES_SUPPLIED;
        one string alone is one context, as in every entry point)."""
        listed = as_source_list(contexts) if contexts is not None else []
        evidence = [{"text": str(c), "source_id": f"context_{i}"} for i, c in enumerate(listed)]
        return await self._evaluate(query, response, evidence)

    async def aevaluate_response(
        self,
        query: str | None = None,
        response: Response | None = None,
        **kwargs: Any,
    ) -> EvaluationResult:
        """Check a ``Response`` against its own source nodes (their ids become source ids)."""
        if response is None:
            return await self._evaluate(query, None, [])
        evidence = evidence_from_nodes(response.source_nodes)
        return await self._evaluate(query, response.response, evidence)
