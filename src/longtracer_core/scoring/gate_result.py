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
    # what the gate read holds against every stretch of its span too: no part of the span
    # says it the claim's way (the direction gate's reading by subject)
    whole_span: bool = False
