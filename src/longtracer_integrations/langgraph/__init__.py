"""LangGraph integration: a grounding node for graphs with dict state or ``MessagesState``.

Needs the ``[langgraph]`` extra::

    pip install "longtracer-integrations[langgraph]"
"""

from .._extras import require_extra

require_extra("longtracer_integrations.langgraph", "langgraph", "langgraph", "langgraph.graph")

from longtracer_core.errors import GroundingFailedError

from ._node import GroundingState, check_state_schema, grounding_node

__all__ = ["GroundingFailedError", "GroundingState", "check_state_schema", "grounding_node"]
