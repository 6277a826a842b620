"""Judges for the claims the matcher is unsure of: an LLM with verified quotes, or NLI.

``CitationVerifier(judge=LLMJudge(backend))`` or ``judge=NliJudge(scorer)``;
``VerifyConfig.judge`` (``JudgeConfig``) says which claims escalate, the role,
the budget and what a failure does. See docs/guides/judge.md.
"""

from .cache import JudgeCache
from .endpoint import DEFAULT_KEY_ENV, JudgeEndpoint
from .llm import LLMJudge
from .nli_judge import NliJudge
from .parallel import map_in_threads
from .prompt import JUDGE_PROMPT_VERSION, ClaimVerdict, Pack, estimate_tokens, pack_requests
from .quotes import QuoteCheck, verify_quote
from .types import Finding, Judge, JudgeRequest, JudgeSpan, JudgeVerdict, Label

__all__ = [
    "DEFAULT_KEY_ENV",
    "JUDGE_PROMPT_VERSION",
    "ClaimVerdict",
    "Finding",
    "Judge",
    "JudgeCache",
    "JudgeEndpoint",
    "JudgeRequest",
    "JudgeSpan",
    "JudgeVerdict",
    "LLMJudge",
    "Label",
    "NliJudge",
    "Pack",
    "QuoteCheck",
    "estimate_tokens",
    "map_in_threads",
    "pack_requests",
    "verify_quote",
]
