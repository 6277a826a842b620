"""Every entry point reads evidence the same way and says what it saw when there is none.

One source given alone (a string) is a list of one in the core, the LangChain
guard, the LangGraph node and the LlamaIndex evaluator; something that is
neither is refused with the same message; a missing-evidence error lists the
input's keys and names the setting that points at the documents.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from langgraph.graph import END, START, StateGraph

from longtracer_core import InvalidInputError
from longtracer_integrations.langchain import GroundingEvidenceError, GroundingGuard
from longtracer_integrations.langgraph import GroundingState, grounding_node
from longtracer_integrations.llamaindex import GroundingEvaluator
from tests.helpers import FABRICATED, SOURCES, SUPPORTED, verifier

ANSWER = f"{SUPPORTED} {FABRICATED}"
EVIDENCE = SOURCES[0]  # one string alone


class State(GroundingState, total=False):
    question: str
    answer: str
    documents: Any
    retrieved: Any


def _graph(**node_options: Any) -> Any:
    builder = StateGraph(State)
    builder.add_node("grounding", grounding_node(verifier=verifier(), **node_options))
    builder.add_edge(START, "grounding")
    builder.add_edge("grounding", END)
    return builder.compile()


def _core(evidence: Any) -> list[str]:
    case = verifier().verify_case(ANSWER, evidence)
    return [c.assessment.value for c in case.claims]


def _guard_context(evidence: Any) -> list[str]:
    out = GroundingGuard(verifier=verifier()).invoke({"answer": ANSWER, "context": evidence})
    return [c.assessment.value for c in out["grounding"].claims]


def _guard_config(evidence: Any) -> list[str]:
    guard = GroundingGuard(verifier=verifier(), output_key="g")
    out = guard.invoke({"answer": ANSWER}, {"configurable": {"grounding_sources": evidence}})
    return [c.assessment.value for c in out["g"].claims]


def _node(evidence: Any) -> list[str]:
    out = _graph().invoke({"answer": ANSWER, "documents": evidence})
    return [c["assessment"] for c in out["grounding"]["claims"]]


def _evaluator(evidence: Any) -> list[str]:
    result = GroundingEvaluator(verifier=verifier()).evaluate(
        query="q", response=ANSWER, contexts=evidence
    )
    assert result.case is not None
    return [c.assessment.value for c in result.case.claims]


ENTRY_POINTS: dict[str, Callable[[Any], list[str]]] = {
    "verify_case": _core,
    "guard_context": _guard_context,
    "guard_grounding_sources": _guard_config,
    "langgraph_node": _node,
    "llamaindex_evaluator": _evaluator,
}


@pytest.mark.parametrize("entry", ENTRY_POINTS.values(), ids=ENTRY_POINTS.keys())
def test_one_string_alone_is_one_source_everywhere(entry):
    """A single string of evidence is read as one source, exactly as a list holding it."""
    assert entry(EVIDENCE) == entry([EVIDENCE]) == ["SUPPORTED", "INSUFFICIENT_EVIDENCE"]


@pytest.mark.parametrize(
    "entry",
    [ENTRY_POINTS["guard_context"], ENTRY_POINTS["langgraph_node"]],
    ids=["guard_context", "langgraph_node"],
)
def test_evidence_of_another_kind_is_refused_as_the_core_refuses_it(entry):
    """Evidence that is neither a list nor one source: the integrations raise the message the
    core puts in its INVALID_INPUT case."""
    case = verifier().verify_case(ANSWER, 7)
    assert case.reason is not None and case.reason.value == "INVALID_INPUT"
    with pytest.raises(InvalidInputError) as info:
        entry(7)
    assert str(info.value) == case.error_message


def test_guard_missing_evidence_error_lists_the_input_keys_and_context_key():
    """A dict input whose documents sit under another key: the error lists the keys it saw and
    says to set context_key=."""
    guard = GroundingGuard(verifier=verifier())
    with pytest.raises(GroundingEvidenceError) as info:
        guard.invoke({"answer": ANSWER, "question": "q", "docs": [EVIDENCE]})
    message = str(info.value)
    assert "keys: ['answer', 'docs', 'question']" in message
    assert "context_key=" in message and "grounding_sources" in message
    assert "GroundingCallbackHandler" in message


def test_guard_missing_evidence_error_for_a_string_names_the_three_ways():
    """A plain string answer has no keys to list: the error names the three ways in."""
    with pytest.raises(GroundingEvidenceError) as info:
        GroundingGuard(verifier=verifier()).invoke(ANSWER)
    message = str(info.value)
    assert "keys:" not in message
    assert "'context'" in message and "grounding_sources" in message


def test_node_missing_evidence_error_lists_the_state_keys_and_documents_key():
    """grounding_node with documents under another state key: the error lists the state's keys
    and says to set documents_key= (not the guard's internal context_key)."""
    with pytest.raises(GroundingEvidenceError) as info:
        _graph().invoke({"answer": ANSWER, "question": "q", "retrieved": [EVIDENCE]})
    message = str(info.value)
    assert "'question'" in message or "question," in message  # the state's keys are listed
    assert "retrieved" in message
    assert "documents_key=" in message and "context_key" not in message
    out = _graph(documents_key="retrieved").invoke({"answer": ANSWER, "retrieved": [EVIDENCE]})
    assert out["grounding"]["quality_gate"] == "FAIL"
