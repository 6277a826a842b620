"""LangGraph integration: a grounding node for graphs with dict state or ``MessagesState``.

Needs the ``[langgraph]`` extra::

    pip install "longtracer-integrations[langgraph]"
"""

try:
    import langgraph.graph  # noqa: F401
except ImportError as err:  # pragma: no cover - exercised in a fresh environment
    raise ImportError(
        "longtracer_integrations.langgraph needs langgraph: "
        'pip install "longtracer-integrations[langgraph]"'
    ) from err

from longtracer_core.errors import GroundingFailedError

from ._node import GroundingState, check_state_schema, grounding_node

__all__ = ["GroundingFailedError", "GroundingState", "check_state_schema", "grounding_node"]
