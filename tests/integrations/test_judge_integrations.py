"""judge= in both integrations: a framework model becomes an LLMJudge; quotes are still checked."""

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
from tests.core.judge.test_judge import PARTIAL, nei
from tests.helpers import SOURCES
from tests.integrations.llamaindex.test_llamaindex import (
    FABRICATED,
    FactLLM,
    KeywordEmbedding,
    build_index,
    fact,
)


def quote_the_claim(prompt: str) -> str:
    """A judge that always says SUPPORTED and quotes the claim itself: right only when it is there."""
    claim = re.search(r"Claim:\n<<<\n(.*?)\n>>>", prompt, re.S).group(1)
    return json.dumps({"span_id": "E1", "quote": claim, "label": "SUPPORTED"})


class ReadingChat(BaseChatModel):
    """A LangChain chat model that answers judge prompts with ``quote_the_claim``."""

    prompts: list[str] = Field(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "reading-chat"

    def _generate(self, messages: Any, stop: Any = None, run_manager: Any = None, **kw: Any):
        prompt = "\n".join(str(m.content) for m in messages)
        self.prompts.append(prompt)
        text = quote_the_claim(prompt)
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=text))])


class ReadingLLM(CustomLLM):
    """The same judge as a LlamaIndex LLM."""

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(model_name="reading-llm")

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        return CompletionResponse(text=quote_the_claim(prompt))

    @llm_completion_callback()
    def stream_complete(
        self, prompt: str, formatted: bool = False, **kwargs: Any
    ) -> CompletionResponseGen:
        raise NotImplementedError


# ---------------------------------------------------------------------- LangChain
def test_guard_with_a_chat_model_as_judge_lifts_a_quoted_partial_claim():
    """judge=<chat model>: an LLMJudge over it; the quoted evidence lifts the partial claim."""
    chat = ReadingChat()
    quoted = "The James Webb Space Telescope launched on 25 December 2021"
    g = GroundingGuard(
        policy="redact",
        verifier=CitationVerifier(embedder=HashEmbedder()),
        judge=chat,
    )
    out = g.invoke({"context": SOURCES, "answer": f"{quoted}. {PARTIAL}"})
    claims = out["grounding"].claims
    record = claims[1].details["judge"]
    assert record["model"] == "ReadingChat"
    # the model quoted the claim, which is not in the span: rejected; the claim stays
    # uncertain, kept and marked (nothing proves it wrong)
    assert record["outcome"] == "quote_unverified"
    assert claims[1].outcome is ClaimOutcome.UNCERTAIN
    assert f"{PARTIAL} [unverified]" in out["answer"]
    assert chat.prompts and "[E1]" in chat.prompts[0]


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
    """judge=<LlamaIndex LLM>, escalate=all, decide: facts confirmed by real quotes, the
    fabricated sentence's self-quote rejected, so it is still redacted."""
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
