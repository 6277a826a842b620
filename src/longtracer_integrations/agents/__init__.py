"""LangChain 1.x agents: ``GroundingMiddleware`` grounds the final answer of ``create_agent``.

Needs the ``[agents]`` extra (the ``langchain`` package, which brings LangGraph)::

    pip install "longtracer-integrations[agents]"

Built on the LangGraph grounding node, which is built on the LangChain guard: this
package imports both, and neither imports it.
"""

from .._extras import require_extra

require_extra("GroundingMiddleware", "langchain 1.x", "agents", "langchain.agents.middleware")

from ._middleware import GroundingMiddleware

__all__ = ["GroundingMiddleware"]
