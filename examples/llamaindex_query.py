"""LlamaIndex: a query engine whose answers are grounded before they reach the user.

    python examples/llamaindex_query.py

Offline: a ``VectorStoreIndex`` over three documents, embedded with the core's
local model (the bundled all-MiniLM-L6-v2, float16) through
``LocalEmbedding``; an LLM stand-in that answers from the retrieved context and
adds one fabricated sentence; and ``GroundingPostprocessor`` in redact mode,
which removes that sentence. No API key, no network.
"""

from __future__ import annotations

import re
from typing import Any

from llama_index.core import Document, VectorStoreIndex
from llama_index.core.llms import CompletionResponse, CompletionResponseGen, CustomLLM, LLMMetadata
from llama_index.core.llms.callbacks import llm_completion_callback

from longtracer_integrations.llamaindex import GroundingPostprocessor, LocalEmbedding


def document(source_id: str, text: str) -> Document:
    """A document cited as ``source_id``; the id stays out of the LLM's and the embedder's text."""
    return Document(
        text=text,
        metadata={"source_id": source_id},
        excluded_llm_metadata_keys=["source_id"],
        excluded_embed_metadata_keys=["source_id"],
    )


DOCUMENTS = [
    document(
        "launch",
        "The James Webb Space Telescope launched on 25 December 2021 aboard an Ariane 5 "
        "rocket from Kourou, French Guiana.",
    ),
    document(
        "mirror",
        "Webb's primary mirror is 6.5 metres across. It is made of 18 hexagonal segments "
        "of gold-coated beryllium.",
    ),
    document(
        "orbit",
        "Webb circles the second Sun-Earth Lagrange point, about 1.5 million kilometres "
        "from Earth, too far away to be serviced by astronauts.",
    ),
]

FABRICATED = "In 2023 astronauts visited the telescope to replace a damaged mirror segment."


class ContextEchoLLM(CustomLLM):
    """Answers with the first sentence of each context passage, plus one fabricated sentence."""

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(model_name="context-echo")

    def _answer(self, prompt: str) -> str:
        context = prompt.split("---------------------")[1]
        passages = [p.strip() for p in re.split(r"\n\s*\n", context) if p.strip()]
        firsts = [re.split(r"(?<=\.)\s", p)[0] for p in passages]
        return " ".join([*firsts, FABRICATED])

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        return CompletionResponse(text=self._answer(prompt))

    @llm_completion_callback()
    def stream_complete(
        self, prompt: str, formatted: bool = False, **kwargs: Any
    ) -> CompletionResponseGen:
        text = self._answer(prompt)

        def one_chunk() -> CompletionResponseGen:
            yield CompletionResponse(text=text, delta=text)

        return one_chunk()


def main() -> None:
    index = VectorStoreIndex.from_documents(DOCUMENTS, embed_model=LocalEmbedding())
    engine = index.as_query_engine(
        llm=ContextEchoLLM(),
        similarity_top_k=2,
        node_postprocessors=[GroundingPostprocessor(policy="redact")],
    )
    response = engine.query("When did Webb launch and how big is its mirror?")
    case = response.metadata["grounding"]
    trace = response.metadata["grounding_trace"]

    print("before:", trace.request["draft"])
    print("after: ", response.response)
    print()
    print(f"{'claim':<6}{'outcome':<11}{'assessment':<23}{'score':>6}  sources  text")
    for claim in case.claims:
        sources = ",".join(claim.supporting_sources) or "-"
        outcome = claim.outcome.value if claim.outcome else "-"
        print(
            f"{claim.claim_id:<6}{outcome:<11}{claim.assessment.value:<23}"
            f"{(claim.confidence or 0.0):>6.2f}  {sources:<7}  {claim.claim_text}\n"
            f"{'':<17}{claim.outcome_text}"
        )
    print(f"\ngate: {case.quality_gate.value} ({case.summary})")
    print(f"evidence: {[s['source_id'] for s in trace.sources]}")


if __name__ == "__main__":
    main()
