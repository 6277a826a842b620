"""longtracer_core: check an LLM answer against its evidence, claim by claim.

The framework-free engine. It never imports langchain, llama_index or
opentelemetry, and importing it loads no model.
"""

from .config import Bands, JudgeConfig, Limits, Policy, VerifyConfig
from .contracts import (
    AssessmentAvailability,
    CaseReading,
    CaseResult,
    ClaimAssessment,
    ClaimOutcome,
    ClaimResult,
    ExecutionStatus,
    LegacyVerificationAdapter,
    QualityGate,
    ReasonCode,
    compute_quality_gate,
)
from .decompose import Decomposer, Decomposition, DraftClaim, LLMDecomposer, RuleBasedDecomposer
from .errors import (
    ConfigError,
    DecompositionError,
    EmptySourcesWarning,
    EvaluationFailedError,
    InvalidInputError,
    JudgeError,
    JudgeUnavailableWarning,
    LongTracerError,
    ModelUnavailableError,
)
from .judge import Judge, JudgeEndpoint, LLMJudge, NliJudge
from .pipeline import (
    CitationVerifier,
    GuardedResponse,
    NliScorer,
    SentenceStream,
    TraceRecord,
    check_case,
)
from .providers import (
    ChatBackend,
    Embedder,
    EmbeddingCache,
    OpenAICompatibleChat,
    OpenAICompatibleEmbedder,
    SentenceTransformerEmbedder,
    TransformersNli,
)

__version__ = "0.1.0"

__all__ = [
    "AssessmentAvailability",
    "Bands",
    "CaseReading",
    "CaseResult",
    "ChatBackend",
    "CitationVerifier",
    "ClaimAssessment",
    "ClaimOutcome",
    "ClaimResult",
    "ConfigError",
    "Decomposer",
    "Decomposition",
    "DecompositionError",
    "DraftClaim",
    "Embedder",
    "EmbeddingCache",
    "EmptySourcesWarning",
    "EvaluationFailedError",
    "ExecutionStatus",
    "GuardedResponse",
    "InvalidInputError",
    "Judge",
    "JudgeConfig",
    "JudgeEndpoint",
    "JudgeError",
    "JudgeUnavailableWarning",
    "LLMDecomposer",
    "LLMJudge",
    "LegacyVerificationAdapter",
    "Limits",
    "LongTracerError",
    "ModelUnavailableError",
    "NliJudge",
    "NliScorer",
    "OpenAICompatibleChat",
    "OpenAICompatibleEmbedder",
    "Policy",
    "QualityGate",
    "ReasonCode",
    "RuleBasedDecomposer",
    "SentenceStream",
    "SentenceTransformerEmbedder",
    "TraceRecord",
    "TransformersNli",
    "VerifyConfig",
    "check_case",
    "compute_quality_gate",
]
