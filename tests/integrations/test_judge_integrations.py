"""judge= in both integrations: a framework model becomes an LLMJudge; citations are still checked."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from llama_index.core.llms import CompletionResponse, CompletionResponseGen, CustomLLM, LLMMetadata
from llama_index.core.llms.callbacks import llm_completion_callback
from pydantic import Field

from longtracer_core import (
    CitationVerifier,
    ClaimOutcome,
    InvalidInputError,
    JudgeConfig,
    LLMJudge,
    VerifyConfig,
)
from longtracer_core.testing import FunctionJudge, HashEmbedder, ScriptedChat
from longtracer_integrations.langchain import GroundingGuard
from longtracer_integrations.llamaindex import GroundingPostprocessor
from tests.core.judge.test_judge import PARTIAL, nei, supports
from tests.helpers import SOURCES
from tests.integrations.llamaindex.test_llamaindex import (
    FABRICATED,
    FactLLM,
    KeywordEmbedding,
    build_index,
    fact,
)


def cite_the_last_sentence(prompt: str) -> str:
    """A judge that says "supported" of every claim and names the last sentence shown: right
    only when that sentence states the claim (it holds the claim's names, figures, words)."""
    last = re.findall(r"\[(S\d+)\]", prompt)[-1]
    claims = re.findall(r"^\[(C\d+)\] ", prompt, re.M)
    return json.dumps({cid: f"supported {last}" for cid in claims})


class ReadingChat(BaseChatModel):
    """A LangChain chat model that answers judge prompts with ``cite_the_last_sentence``."""

    prompts: list[str] = Field(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "reading-chat"

    def _generate(self, messages: Any, stop: Any = None, run_manager: Any = None, **kw: Any):
        prompt = "\n".join(str(m.content) for m in messages)
        self.prompts.append(prompt)
        text = cite_the_last_sentence(prompt)
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=text))])


class ReadingLLM(CustomLLM):
    """The same judge as a LlamaIndex LLM."""

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(model_name="reading-llm")

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        return CompletionResponse(text=cite_the_last_sentence(prompt))

    @llm_completion_callback()
    def stream_complete(
        self, prompt: str, formatted: bool = False, **kwargs: Any
    ) -> CompletionResponseGen:
        raise NotImplementedError


# ---------------------------------------------------------------------- LangChain
def test_guard_with_a_chat_model_as_judge_checks_its_quote():
    """judge=<chat model>: an LLMJudge over it gets the uncertain claim; the sentence it names
    (about the orbit, without the claim's year) does not state the claim, so the verdict is
    rejected and the claim stays uncertain and marked."""
    chat = ReadingChat()
    g = GroundingGuard(
        policy="redact",
        verifier=CitationVerifier(embedder=HashEmbedder()),
        judge=chat,
    )
    out = g.invoke({"context": SOURCES, "answer": PARTIAL})
    (claim,) = out["grounding"].claims
    record = claim.details["judge"]
    assert record["model"] == "ReadingChat"
    assert record["outcome"] == "quote_unverified"
    assert claim.outcome is ClaimOutcome.UNCERTAIN
    assert f"{PARTIAL} [unverified]" in out["answer"]
    assert chat.prompts and "[S1]" in chat.prompts[0]


def test_guard_judge_accepts_a_judge_object_and_rejects_anything_else():
    """judge= takes a Judge as is; a non-judge is a clear error on first use."""
    judge = FunctionJudge(nei)
    g = GroundingGuard(verifier=CitationVerifier(embedder=HashEmbedder()), judge=judge)
    out = g.invoke({"context": SOURCES, "answer": PARTIAL})
    assert judge.batches == [["c1"]]
    assert out["grounding"].claims[0].details["judge"]["model"] == "function-judge"
    with pytest.raises(InvalidInputError, match="judge"):
        GroundingGuard(verifier=CitationVerifier(embedder=HashEmbedder()), judge="gpt").invoke(
            {"context": SOURCES, "answer": PARTIAL}
        )


# ---------------------------------------------------------------------- LlamaIndex
def test_postprocessor_with_an_llm_judge_keeps_quoted_facts_and_redacts_the_invention():
    """judge=<LlamaIndex LLM>, escalate=all, decide: the fact confirmed by the sentence that
    states it; the same sentence named for the fabricated one (no Mars, no 1850) is rejected,
    so it is still redacted."""
    pp = GroundingPostprocessor(
        policy="redact",
        judge=ReadingLLM(),
        embed_model=KeywordEmbedding(),
        config=VerifyConfig(judge=JudgeConfig(escalate="all", role="decide")),
    )
    qe = build_index(3).as_query_engine(llm=FactLLM(), similarity_top_k=1, node_postprocessors=[pp])
    response = qe.query("alpha?")
    case = response.metadata["grounding"]
    records = {c.claim_text: c.details["judge"] for c in case.claims}
    assert records[fact(0)]["outcome"] == "agreed"
    assert records[FABRICATED]["outcome"] == "quote_unverified"
    assert fact(0) in response.response and FABRICATED not in response.response


def test_postprocessor_judge_is_a_part_of_the_verifier():
    """judge= with verifier= judges with the verifier's embedder and caches; junk is refused."""
    base = CitationVerifier(embedder=HashEmbedder())
    pp = GroundingPostprocessor(verifier=base, judge=ReadingLLM())
    built = pp._grounder.verifier
    assert isinstance(built.judge, LLMJudge) and built.embedder is base.embedder
    with pytest.raises(ValueError, match="judge"):
        GroundingPostprocessor(judge="gpt")
    pp = GroundingPostprocessor(judge=LLMJudge(ScriptedChat([])), embed_model=KeywordEmbedding())
    assert isinstance(pp._grounder.verifier.judge, LLMJudge)


def test_guard_with_a_judge_streams_by_sentence():
    """GroundingGuard(judge=..., stream_mode='sentence'): sentences released as they settle,
    the judge asked per sentence, and the streamed text equals invoke's."""
    from langchain_core.runnables import RunnableGenerator

    from longtracer_core.judge import Finding, JudgeVerdict

    def quotes_first_span(request):
        span = request.spans[0]
        quote = " ".join(span.text.split()[:6])
        return JudgeVerdict(
            request.claim_id, "SUPPORTED", (Finding(span.span_id, "SUPPORTED", quote),)
        )

    answer = f"{PARTIAL} The telescope was repaired by astronauts in 2023. More"
    words = re.findall(r"\S+\s*", answer)

    def gen(_: Any):
        yield from words

    def guard(judge):
        return GroundingGuard(
            policy="redact",
            verifier=CitationVerifier(embedder=HashEmbedder()),
            judge=judge,
            stream_mode="sentence",
        )

    config = {"configurable": {"grounding_sources": SOURCES}}
    judge = FunctionJudge(quotes_first_span)
    chunks = list((RunnableGenerator(gen) | guard(judge)).stream(None, config))
    expected = guard(FunctionJudge(quotes_first_span)).invoke(answer, config)
    assert len([c for c in chunks if c]) >= 2 and "".join(chunks) == expected
    assert PARTIAL in expected and len(judge.batches) >= 1


# ---------------------------------------------------------------------- LangGraph, evaluator
def _escalating_verifier() -> CitationVerifier:
    return CitationVerifier(
        embedder=HashEmbedder(), config=VerifyConfig(judge=JudgeConfig(escalate="all"))
    )


def test_langgraph_node_with_a_judge_lifts_the_quoted_claim():
    """grounding_node(judge=...): the judge's verified quote makes the claim SUPPORTED, and the
    verdict the node writes into the state says the judge did it."""
    from longtracer_integrations.langgraph import grounding_node

    judge = FunctionJudge(supports())
    node = grounding_node(policy="redact", verifier=_escalating_verifier(), judge=judge)
    update = node.invoke({"answer": PARTIAL, "documents": SOURCES})
    assert judge.batches == [["c1"]]
    assert update["answer"] == PARTIAL
    (claim,) = update["grounding"]["claims"]
    assert claim["assessment"] == "SUPPORTED"
    assert update["grounding"]["metadata"]["judge"]["applied"] == 1


def test_llamaindex_evaluator_with_a_judge_passes_what_the_quote_supports():
    """GroundingEvaluator(judge=...): the judge's verified quote turns the partial claim into a
    pass; a judge that finds nothing leaves it failing."""
    from longtracer_integrations.llamaindex import GroundingEvaluator

    lifted = GroundingEvaluator(verifier=_escalating_verifier(), judge=FunctionJudge(supports()))
    kept = GroundingEvaluator(verifier=_escalating_verifier(), judge=FunctionJudge(nei))
    good = lifted.evaluate(query="q", response=PARTIAL, contexts=SOURCES)
    bad = kept.evaluate(query="q", response=PARTIAL, contexts=SOURCES)
    assert (good.passing, good.score) == (True, 1.0)
    assert good.case.claims[0].details["judge"]["outcome"] == "applied"
    assert (
        bad.passing is False and bad.case.claims[0].details["judge"]["label"] == "NOT_ENOUGH_INFO"
    )
