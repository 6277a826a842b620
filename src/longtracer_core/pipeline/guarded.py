"""What a verification hands back: ``GuardedResponse``, and fail-closed results."""

from __future__ import annotations

import asyncio
import concurrent.futures
import uuid
from dataclasses import dataclass
from typing import Any

from ..config import Policy, VerifyConfig
from ..contracts import (
    AssessmentAvailability,
    CaseResult,
    ExecutionStatus,
    ReasonCode,
    build_case,
)
from ..deadline import WorkCancelled
from ..errors import (
    DecompositionError,
    EmbeddingModelMismatchError,
    InvalidInputError,
    JudgeError,
    ModelUnavailableError,
)
from .policy import unverified_text
from .trace import TraceRecord, bare_trace

__all__ = ["GuardedResponse", "failure_reason", "unverified_response"]


@dataclass(frozen=True)
class GuardedResponse:
    """The policy-applied answer, the original, and the record of why."""

    text: str
    original_text: str
    case: CaseResult
    trace: TraceRecord

    @property
    def changed(self) -> bool:
        return self.text != self.original_text


# Cancellation raised inside the engine (a model call's future cancelled, an
# asyncio task cancelled under an embedder): CANCELLED, not a failure.
CANCELLATIONS = (asyncio.CancelledError, concurrent.futures.CancelledError)
# What the engine's safe wrappers turn into a typed outcome.
FAILURES = (Exception, asyncio.CancelledError)


def failure_reason(err: BaseException) -> tuple[ExecutionStatus, ReasonCode, str]:
    """Map an exception to the execution status, reason and message of an unverified case."""
    if isinstance(err, CANCELLATIONS):
        return (
            ExecutionStatus.CANCELLED,
            ReasonCode.EXECUTION_CANCELLED,
            "the evaluation was cancelled",
        )
    if isinstance(err, ModelUnavailableError):
        return ExecutionStatus.ERROR, ReasonCode.MODEL_UNAVAILABLE, str(err)
    if isinstance(err, EmbeddingModelMismatchError):
        return ExecutionStatus.ERROR, ReasonCode.EMBEDDING_MODEL_MISMATCH, str(err)
    if isinstance(err, JudgeError):
        return ExecutionStatus.ERROR, ReasonCode.JUDGE_FAILED, str(err)
    if isinstance(err, DecompositionError):
        return ExecutionStatus.ERROR, ReasonCode.DECOMPOSITION_FAILED, str(err)
    if isinstance(err, InvalidInputError):
        return ExecutionStatus.ERROR, ReasonCode.INVALID_INPUT, str(err)
    if isinstance(err, WorkCancelled):
        return ExecutionStatus.CANCELLED, ReasonCode.EXECUTION_CANCELLED, str(err)
    if isinstance(err, TimeoutError):
        return ExecutionStatus.TIMEOUT, ReasonCode.EVALUATION_TIMEOUT, str(err) or "timed out"
    return ExecutionStatus.ERROR, ReasonCode.EVALUATION_FAILED, f"{type(err).__name__}: {err}"


def unverified_response(
    response: str,
    error: BaseException,
    *,
    policy: Policy = "redact",
    config: VerifyConfig | None = None,
    case_id: str | None = None,
    metadata: dict[str, Any] | None = None,
) -> GuardedResponse:
    """The fail-closed result for an answer that could not be verified at all.

    For integrations whose own machinery failed before or around the verifier
    (even constructing it): an INDETERMINATE case with the reason ``error``
    maps to, and the answer withheld (redact) or marked unverified (flag).
    """
    execution, reason, message = failure_reason(error)
    case = build_case(
        case_id=case_id or uuid.uuid4().hex[:16],
        execution=execution,
        availability=AssessmentAvailability.NOT_EVALUATED,
        reason=reason,
        error_message=message,
        metadata=metadata,
    )
    config = config or VerifyConfig()
    text, mode = unverified_text(response, policy=policy, config=config)
    trace = bare_trace(case.case_id or "", response, case).model_copy(
        update={"policy": {"policy": policy, "unverified": mode, "actions": []}}
    )
    return GuardedResponse(text=text, original_text=response, case=case, trace=trace)
