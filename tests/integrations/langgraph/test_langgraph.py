"""grounding_node in real LangGraph graphs: dict state, MessagesState, MemorySaver checkpoints."""

from __future__ import annotations

import warnings
from typing import Annotated, Any, TypedDict

import pytest
from langchain_core.documents import Document
from langchain_core.embeddings import DeterministicFakeEmbedding
from langchain_core.language_models import FakeListChatModel
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langchain_core.retrievers import BaseRetriever
from langchain_core.vectorstores import InMemoryVectorStore
from langgraph.checkpoint.memory import MemorySaver
from langgraph.graph import END, START, MessagesState, StateGraph

from longtracer_core import InvalidInputError
from longtracer_integrations.langchain import GroundingCallbackHandler, GroundingEvidenceError
from longtracer_integrations.langgraph import (
    GroundingFailedError,
    GroundingState,
    check_state_schema,
    grounding_node,
)
from tests.helpers import FABRICATED, SOURCES, SUPPORTED, verifier

ANSWER = f"{SUPPORTED} {FABRICATED}"
NOTICE = "[removed: not supported by the sources]"


class ListRetriever(BaseRetriever):
    """Returns the fixed sources as Documents (a real BaseRetriever, so callbacks fire)."""

    def _get_relevant_documents(self, query: str, *, run_manager: Any) -> list[Document]:
        return [
            Document(page_content=s, metadata={"source_id": f"s{i}"}) for i, s in enumerate(SOURCES)
        ]


def _append(left: list[Any], right: list[Any]) -> list[Any]:
    return [*left, *right]


class RagState(GroundingState):
    question: str
    documents: Annotated[list[Document], _append]  # a list reducer: a node returning it doubles it
    answer: str


def _rag_graph(node: Any) -> Any:
    llm = FakeListChatModel(responses=[ANSWER])
    retriever = ListRetriever()

    def retrieve(state: RagState) -> dict[str, Any]:
        return {"documents": retriever.invoke(state["question"])}

    def generate(state: RagState) -> dict[str, Any]:
        return {"answer": llm.invoke(state["question"]).text}

    builder = StateGraph(RagState)
    builder.add_node("retrieve", retrieve)
    builder.add_node("generate", generate)
    builder.add_node("grounding", node)
    builder.add_edge(START, "retrieve")
    builder.add_edge("retrieve", "generate")
    builder.add_edge("generate", "grounding")
    builder.add_edge("grounding", END)
    return builder.compile(checkpointer=MemorySaver())


def test_dict_state_graph_redacts_and_keeps_documents_once():
    """retriever → LLM → grounding with MemorySaver: answer redacted, verdict as plain data."""
    app = _rag_graph(grounding_node(policy="redact", verifier=verifier()))
    config = {"configurable": {"thread_id": "t1"}}
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checkpointer must not warn about our types
        out = app.invoke({"question": "When did Webb launch?"}, config)
    assert out["answer"] == f"{SUPPORTED} {NOTICE}"
    assert len(out["documents"]) == len(SOURCES)  # the node did not return the documents again
    verdict = out["grounding"]
    assert isinstance(verdict, dict)
    assert verdict["quality_gate"] == "FAIL"
    assert [c["assessment"] for c in verdict["claims"]] == ["SUPPORTED", "INSUFFICIENT_EVIDENCE"]
    # the checkpoint holds the same plain data, and reads back from the saver
    saved = app.get_state(config).values
    assert saved["grounding"] == verdict
    assert saved["answer"] == out["answer"]


def test_node_returns_only_changed_keys():
    """The node's update holds the answer and the verdict, nothing else from the state."""
    node = grounding_node(verifier=verifier())
    update = node.invoke({"question": "q", "answer": SUPPORTED, "documents": SOURCES})
    assert set(update) == {"answer", "grounding"}
    assert update["grounding"]["quality_gate"] == "PASS"


def test_messages_state_grounds_last_ai_message_in_place():
    """MessagesState: the last AI message is replaced (same id), the verdict in its metadata."""
    llm = FakeListChatModel(responses=[ANSWER])

    def chat(state: MessagesState) -> dict[str, Any]:
        return {"messages": [llm.invoke(state["messages"])]}

    builder = StateGraph(MessagesState)
    builder.add_node("chat", chat)
    builder.add_node("grounding", grounding_node(policy="redact", verifier=verifier()))
    builder.add_edge(START, "chat")
    builder.add_edge("chat", "grounding")
    builder.add_edge("grounding", END)
    app = builder.compile(checkpointer=MemorySaver())
    config = {"configurable": {"thread_id": "m1", "grounding_sources": SOURCES}}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = app.invoke({"messages": [HumanMessage("When did Webb launch?")]}, config)
    messages = out["messages"]
    assert [type(m).__name__ for m in messages] == ["HumanMessage", "AIMessage"]  # not appended
    assert messages[-1].content == f"{SUPPORTED} {NOTICE}"
    verdict = messages[-1].response_metadata["grounding"]
    assert isinstance(verdict, dict) and verdict["quality_gate"] == "FAIL"
    assert "grounding_trace" not in messages[-1].response_metadata  # the draft stays out of state
    # a second turn on the same thread: the checkpoint restores plain messages
    out = app.invoke({"messages": [HumanMessage("And its mirror?")]}, config)
    assert len(out["messages"]) == 4


def test_messages_state_uses_tool_results_as_evidence():
    """Without documents in state or config, tool results since the last human turn are the evidence."""
    node = grounding_node(policy="redact", verifier=verifier())
    state = {
        "messages": [
            HumanMessage("When did Webb launch?"),
            AIMessage("", tool_calls=[{"name": "search", "args": {"q": "webb"}, "id": "call1"}]),
            ToolMessage("\n".join(SOURCES), tool_call_id="call1"),
            AIMessage(ANSWER, id="final"),
        ]
    }
    update = node.invoke(state)
    (grounded,) = update["messages"]
    assert grounded.id == "final"
    assert grounded.content == f"{SUPPORTED} {NOTICE}"


def test_documents_from_the_run_tree():
    """With a GroundingCallbackHandler, documents a retriever returned in an earlier node are used."""

    class S(GroundingState):
        question: str
        answer: str

    retriever = ListRetriever()

    def retrieve(state: S) -> dict[str, Any]:
        retriever.invoke(state["question"])  # the documents are not put in state
        return {}

    def generate(state: S) -> dict[str, Any]:
        return {"answer": ANSWER}

    builder = StateGraph(S)
    builder.add_node("retrieve", retrieve)
    builder.add_node("generate", generate)
    builder.add_node("grounding", grounding_node(policy="redact", verifier=verifier()))
    builder.add_edge(START, "retrieve")
    builder.add_edge("retrieve", "generate")
    builder.add_edge("generate", "grounding")
    builder.add_edge("grounding", END)
    app = builder.compile()
    out = app.invoke({"question": "q"}, {"callbacks": [GroundingCallbackHandler()]})
    assert out["answer"] == f"{SUPPORTED} {NOTICE}"
    assert out["grounding"]["claims"][0]["assessment"] == "SUPPORTED"


def test_on_fail_raise_in_a_graph():
    """on_fail='raise' surfaces GroundingFailedError with the case and the redacted text."""
    node = grounding_node(policy="redact", verifier=verifier(), on_fail="raise")
    with pytest.raises(GroundingFailedError) as info:
        node.invoke({"answer": ANSWER, "documents": SOURCES})
    assert info.value.case.quality_gate.value == "FAIL"
    assert FABRICATED not in info.value.text


async def test_async_node():
    """ainvoke grounds through the guard's async path."""
    node = grounding_node(policy="flag", verifier=verifier())
    update = await node.ainvoke({"answer": ANSWER, "documents": SOURCES})
    assert update["answer"].endswith("[refuted: no source names 'Atlantis']")


def test_state_schema_check_and_bad_state():
    """A dict state without a verdict channel is refused up front; a state without an answer is a clear error."""

    class NoVerdict(TypedDict):
        answer: str

    with pytest.raises(InvalidInputError, match="drop the verdict"):
        check_state_schema(NoVerdict)
    check_state_schema(RagState)
    check_state_schema(MessagesState)
    with pytest.raises(InvalidInputError, match="neither 'answer' nor 'messages'"):
        grounding_node(verifier=verifier()).invoke({"question": "q", "documents": SOURCES})


# -- the LangChain RAG tutorial's graph, unchanged ----------------------------------------


class TutorialState(TypedDict):
    """The state of the LangChain RAG tutorial (question, context, answer): no grounding key."""

    question: str
    context: list[Document]
    answer: str


def _tutorial_graph(node: Any) -> Any:
    """The tutorial's retrieve → generate sequence, with the grounding node appended."""
    vector_store = InMemoryVectorStore(DeterministicFakeEmbedding(size=64))
    vector_store.add_documents([Document(page_content=s) for s in SOURCES])
    llm = FakeListChatModel(responses=[ANSWER])

    def retrieve(state: TutorialState) -> dict[str, Any]:
        retrieved_docs = vector_store.similarity_search(state["question"])
        return {"context": retrieved_docs}

    def generate(state: TutorialState) -> dict[str, Any]:
        docs_content = "\n\n".join(doc.page_content for doc in state["context"])
        response = llm.invoke(f"{state['question']}\n\n{docs_content}")
        return {"answer": response.content}

    builder = StateGraph(TutorialState).add_sequence([retrieve, generate, ("grounding", node)])
    builder.add_edge(START, "retrieve")
    return builder.compile()


@pytest.mark.model
def test_the_tutorial_graph_redacts_with_no_node_settings():
    """State question/context/answer, grounding_node(policy="redact"), the bundled model."""
    out = _tutorial_graph(grounding_node(policy="redact")).invoke({"question": "When?"})
    assert out["answer"] == f"{SUPPORTED} {NOTICE}"
    assert FABRICATED not in out["answer"]


def test_evidence_from_context_and_the_verdict_says_so():
    """No `documents` key: `context` is read, and the verdict names the key it used."""
    node = grounding_node(policy="redact", verifier=verifier())
    docs = [Document(page_content=s) for s in SOURCES]
    update = node.invoke({"question": "q", "context": docs, "answer": ANSWER})
    assert update["answer"] == f"{SUPPORTED} {NOTICE}"
    assert update["grounding"]["metadata"]["evidence"] == {"from": "state", "key": "context"}
    out = _tutorial_graph(grounding_node(policy="redact", verifier=verifier())).invoke(
        {"question": "When?"}
    )
    assert out["answer"] == f"{SUPPORTED} {NOTICE}"


def test_documents_come_before_context_and_keys_can_be_named():
    """`documents` wins over `context`; documents_key names one key or an ordered list."""
    node = grounding_node(verifier=verifier())
    state = {"answer": SUPPORTED, "documents": SOURCES, "context": ["unrelated text"]}
    update = node.invoke(state)
    assert update["grounding"]["metadata"]["evidence"] == {"from": "state", "key": "documents"}
    assert update["grounding"]["quality_gate"] == "PASS"
    named = grounding_node(verifier=verifier(), documents_key=["docs", "context"])
    update = named.invoke({"answer": SUPPORTED, "documents": ["x"], "docs": SOURCES})
    assert update["grounding"]["metadata"]["evidence"] == {"from": "state", "key": "docs"}
    with pytest.raises(InvalidInputError, match="documents_key must name"):
        grounding_node(verifier=verifier(), documents_key=[])


def test_config_evidence_is_named_in_the_verdict():
    """Evidence from config['configurable']['grounding_sources'] is named as such."""
    node = grounding_node(verifier=verifier())
    config = {"configurable": {"grounding_sources": SOURCES}}
    update = node.invoke({"answer": SUPPORTED}, config)
    assert update["grounding"]["metadata"]["evidence"] == {
        "from": "config",
        "key": "grounding_sources",
    }


def test_no_evidence_error_lists_the_keys_it_looked_at():
    """The error names each state key it read (absent or None), the config key and the run."""
    node = grounding_node(verifier=verifier())
    with pytest.raises(GroundingEvidenceError) as info:
        node.invoke({"question": "q", "answer": ANSWER, "context": None})
    message = str(info.value)
    assert "state['documents'] (absent)" in message
    assert "state['context'] (None)" in message
    assert "config['configurable']['grounding_sources']" in message
    assert "GroundingCallbackHandler" in message
    assert "The state holds: answer, context, question" in message
    named = grounding_node(verifier=verifier(), documents_key="docs")
    with pytest.raises(GroundingEvidenceError, match=r"state\['docs'\] \(absent\)") as info:
        named.invoke({"answer": ANSWER})
    assert "state['context']" not in str(info.value)


# -- LangChain 1.x create_agent ----------------------------------------------------------
def test_create_agent_middleware_grounds_the_final_answer():
    """GroundingMiddleware: the agent's final answer is checked against its tool results."""
    from langchain.agents import create_agent
    from langchain_core.language_models import FakeMessagesListChatModel
    from langchain_core.tools import tool

    from longtracer_integrations.agents import GroundingMiddleware

    class ToolFakeModel(FakeMessagesListChatModel):
        def bind_tools(self, tools, **kwargs):
            return self

    @tool
    def search(query: str) -> str:
        """Search the telescope facts."""
        return "\n".join(SOURCES)

    model = ToolFakeModel(
        responses=[
            AIMessage("", tool_calls=[{"name": "search", "args": {"query": "webb"}, "id": "c1"}]),
            AIMessage(ANSWER, id="final"),
        ]
    )
    agent = create_agent(
        model,
        tools=[search],
        middleware=[GroundingMiddleware(policy="redact", verifier=verifier())],
        checkpointer=MemorySaver(),
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = agent.invoke(
            {"messages": [HumanMessage("When did Webb launch?")]},
            {"configurable": {"thread_id": "a1"}},
        )
    final = out["messages"][-1]
    assert final.id == "final"
    assert final.content == f"{SUPPORTED} {NOTICE}"
    assert out["grounding"]["quality_gate"] == "FAIL"
    assert sum(isinstance(m, AIMessage) and m.id == "final" for m in out["messages"]) == 1


def test_middleware_under_its_old_langchain_name_warns_and_is_the_same_class():
    """The deprecated `langchain.GroundingMiddleware` still works, warning where it moved."""
    import longtracer_integrations.langchain as lc
    from longtracer_integrations.agents import GroundingMiddleware

    with pytest.warns(DeprecationWarning, match="longtracer_integrations.agents"):
        assert lc.GroundingMiddleware is GroundingMiddleware
    assert "GroundingMiddleware" not in lc.__all__
