"""What a gate says about a (claim, span) pair (``gates.py``, ``entity_gate.py``)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["GateResult"]


@dataclass(frozen=True, slots=True)
class GateResult:
    """One gate's finding on a (claim, span) pair."""

    name: str
    fired: bool
    explanation: str = ""
    terms: tuple[str, ...] = ()  # direction: (the claim's word, the evidence's word), stems
