"""Decomposition of a draft into atomic claims: rule-based (default) or LLM."""

from .classify import classify_sentence, is_refusal
from .coverage import enforce_coverage
from .llm import DECOMPOSE_PROMPT_VERSION, DecompositionOutput, LLMDecomposer
from .rules import RuleBasedDecomposer
from .types import Decomposer, Decomposition, DraftClaim, NonClaim, NonClaimRule

__all__ = [
    "DECOMPOSE_PROMPT_VERSION",
    "Decomposer",
    "Decomposition",
    "DecompositionOutput",
    "DraftClaim",
    "LLMDecomposer",
    "NonClaim",
    "NonClaimRule",
    "RuleBasedDecomposer",
    "classify_sentence",
    "enforce_coverage",
    "is_refusal",
]
