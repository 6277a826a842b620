"""An offline RAG chain guarded by GroundingGuard, logging every case to JSONL.

    python examples/langchain_rag.py

In-memory vector store over a few documents (embedded by the default local
model through ``LocalEmbeddings``), a fake chat model whose answer holds one
fabricated sentence and one wrong number, and ``GroundingGuard(policy="redact")``
at the end of the chain. The ``GroundingCallbackHandler`` lets the guard see the
documents the retriever returned in this very run, and writes each case to
``out/grounding.jsonl``.
"""

from __future__ import annotations

import json
from pathlib import Path

from langchain_core.documents import Document
from langchain_core.language_models import FakeListChatModel
from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.runnables import RunnableLambda, RunnablePassthrough
from langchain_core.vectorstores import InMemoryVectorStore

from longtracer_core import CaseResult
from longtracer_integrations.langchain import (
    GroundingCallbackHandler,
    GroundingGuard,
    LocalEmbeddings,
)
from longtracer_integrations.observability import JsonlSink

DOCUMENTS = [
    Document(
        page_content="The Eiffel Tower was completed in 1889 for the Exposition Universelle. "
        "It is 330 metres tall including its antennas.",
        metadata={"source_id": "eiffel"},
    ),
    Document(
        page_content="The tower was designed by the engineering company of Gustave Eiffel. "
        "About 6 million people visit it every year.",
        metadata={"source_id": "visits"},
    ),
    Document(
        page_content="The Louvre is the world's most-visited museum and holds the Mona Lisa.",
        metadata={"source_id": "louvre"},
    ),
]

ANSWER = (
    "The Eiffel Tower was completed in 1889 for the Exposition Universelle. "
    "It was designed by the engineering company of Gustave Eiffel. "
    "About 9 million people visit it every year. "
    "Its top floor houses a private apartment where Napoleon III lived."
)


def main() -> None:
    embeddings = LocalEmbeddings()  # the default offline model, shared with the guard
    store = InMemoryVectorStore(embeddings)
    store.add_documents(DOCUMENTS)
    retriever = store.as_retriever(search_kwargs={"k": 2})
    prompt = ChatPromptTemplate.from_messages(
        [("system", "Answer from the context only.\n\n{context}"), ("human", "{question}")]
    )
    llm = FakeListChatModel(responses=[ANSWER])
    format_docs = RunnableLambda(lambda docs: "\n\n".join(d.page_content for d in docs))

    chain = (
        {"context": retriever | format_docs, "question": RunnablePassthrough()}
        | prompt
        | llm
        | StrOutputParser()
        | GroundingGuard(policy="redact")
    )
    log = Path("out/grounding.jsonl")
    handler = GroundingCallbackHandler(sinks=[JsonlSink(log)])

    answer = chain.invoke("Tell me about the Eiffel Tower.", config={"callbacks": [handler]})
    print("model answer:\n ", ANSWER)
    print("\ndelivered answer (redact):\n ", answer)
    record = json.loads(log.read_text(encoding="utf-8").splitlines()[-1])
    case = CaseResult.model_validate(record["case"])  # the logged record, read back
    print(f"\ngate: {case.quality_gate.value}  ({case.summary})")
    for claim in case.claims:
        outcome = claim.outcome.value if claim.outcome else "-"
        print(
            f"  {claim.claim_id} {outcome:<10} {claim.assessment.value:<22} "
            f"{claim.reason_text:<22} {claim.claim_text}\n     {claim.outcome_text}"
        )
    print(f"\ncase and trace appended to {log} (run {record['root_run_id']})")


if __name__ == "__main__":
    main()
