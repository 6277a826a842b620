"""Judges for the claims the matcher is unsure of: an LLM with verified quotes, or NLI.

``CitationVerifier(judge=LLMJudge(backend))`` or ``judge=NliJudge(scorer)``;
``VerifyConfig.judge`` (``JudgeConfig``) says which claims escalate, the role,
the budget and what a failure does. See docs/guides/judge.md.
"""

from .cache import JudgeCache
from .llm import JUDGE_PROMPT_VERSION, JudgeOutput, LLMJudge
from .nli_judge import NliJudge
from .quotes import QuoteCheck, verify_quote
from .types import Finding, Judge, JudgeRequest, JudgeSpan, JudgeVerdict, Label

__all__ = [
    "JUDGE_PROMPT_VERSION",
    "Finding",
    "Judge",
    "JudgeCache",
    "JudgeOutput",
    "JudgeRequest",
    "JudgeSpan",
    "JudgeVerdict",
    "LLMJudge",
    "Label",
    "NliJudge",
    "QuoteCheck",
    "verify_quote",
]
