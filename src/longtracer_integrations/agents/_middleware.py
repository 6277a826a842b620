"""``GroundingMiddleware``: ground the final answer of a LangChain 1.x ``create_agent`` agent.

Needs the ``langchain`` package (the ``[agents]`` extra) and LangGraph, which
it depends on. The middleware runs once, after the agent loop (``after_agent``),
on the last AI message: the evidence is the tool results since the last human
message (or ``grounding_sources`` in the config, or retriever documents in the
run tree), and the grounded message replaces the draft in place (same id).
"""

from __future__ import annotations

from typing import Annotated, Any, NotRequired

from langchain.agents.middleware import AgentMiddleware, AgentState

from longtracer_core import Policy

from ..langchain import GroundingGuard
from ..langgraph import grounding_node

__all__ = ["GroundingMiddleware"]


def _keep_last(left: Any, right: Any) -> Any:
    return right


class GroundingAgentState(AgentState[Any]):
    """The agent state plus the verdict of the last grounded answer (plain data)."""

    grounding: NotRequired[Annotated[dict[str, Any], _keep_last]]


class GroundingMiddleware(AgentMiddleware[GroundingAgentState, Any, Any]):
    """``create_agent(model, tools, middleware=[GroundingMiddleware(policy="redact")])``.

    After the agent's last step the final AI message is verified against what
    its tools returned; under ``redact`` the unsupported sentences are removed
    from the message the caller (and the agent's memory) gets. The verdict is
    in ``state["grounding"]`` and the message's ``response_metadata
    ["grounding"]``. Options are those of ``grounding_node`` (``verifier=``,
    ``config=``, ``judge=``, ``on_fail="raise"``, ``sinks=``, ...).
    """

    state_schema = GroundingAgentState

    def __init__(
        self,
        guard: GroundingGuard | None = None,
        *,
        policy: Policy = "flag",
        **options: Any,
    ) -> None:
        super().__init__()
        if guard is None:
            options["policy"] = policy
        self._node = grounding_node(guard, name="grounding", **options)

    @property
    def name(self) -> str:
        return "GroundingMiddleware"

    def after_agent(self, state: Any, runtime: Any) -> dict[str, Any] | None:
        return self._node.invoke(state)

    async def aafter_agent(self, state: Any, runtime: Any) -> dict[str, Any] | None:
        return await self._node.ainvoke(state)
