"""longtracer_core: check an LLM answer against its evidence, claim by claim.

The framework-free engine. It never imports langchain, llama_index or
opentelemetry, and importing it loads no model.
"""

from .config import Bands, Limits, VerifyConfig
from .contracts import (
    AssessmentAvailability,
    CaseResult,
    ClaimAssessment,
    ClaimResult,
    ExecutionStatus,
    QualityGate,
    ReasonCode,
    compute_quality_gate,
)
from .errors import (
    ConfigError,
    DecompositionError,
    EvaluationFailedError,
    InvalidInputError,
    LongTracerError,
    ModelUnavailableError,
)

__version__ = "0.1.0"

__all__ = [
    "AssessmentAvailability",
    "Bands",
    "CaseResult",
    "ClaimAssessment",
    "ClaimResult",
    "ConfigError",
    "DecompositionError",
    "EvaluationFailedError",
    "ExecutionStatus",
    "InvalidInputError",
    "Limits",
    "LongTracerError",
    "ModelUnavailableError",
    "QualityGate",
    "ReasonCode",
    "VerifyConfig",
    "compute_quality_gate",
]
