"""Verify decoded records in batches, so that one record's failure costs that record only.

Records go through ``CitationVerifier.verify_batch`` (one embedding pass for
the batch). A case that comes back unverified because the run failed (not
because its own input was refused) is verified again on its own: if another
record of the batch broke the shared embedding call, this case now gets its
real verdict, and a record that fails alone keeps its INDETERMINATE result. A
batch call that raises is redone record by record the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..config import Policy, resolve_policy
from ..contracts import AssessmentAvailability, CaseResult, ExecutionStatus, ReasonCode
from ..errors import InvalidInputError
from ..evaluation.records import QuestionAnswerDecomposer
from ..pipeline.guarded import GuardedResponse, unverified_response
from ..pipeline.verifier import CitationVerifier
from .records import BadRecord, CaseInput

__all__ = ["verify_inputs"]


# Reasons that say the record itself was refused, or that hold for every record
# (no model): verifying such a case again on its own cannot change it.
_NOT_RETRIED = frozenset(
    {ReasonCode.INVALID_INPUT, ReasonCode.INPUT_TOO_LARGE, ReasonCode.MODEL_UNAVAILABLE}
)


def _run_failed(case: CaseResult) -> bool:
    return (
        case.availability is AssessmentAvailability.NOT_EVALUATED
        and case.execution in (ExecutionStatus.ERROR, ExecutionStatus.TIMEOUT)
        and case.reason not in _NOT_RETRIED
    )


def _refused(verifier: CitationVerifier, bad: BadRecord, policy: Policy) -> GuardedResponse:
    return unverified_response(
        bad.answer,
        InvalidInputError(bad.message),
        policy=policy,
        config=verifier.config,
        case_id=bad.case_id,
    )


def _alone(verifier: CitationVerifier, item: CaseInput, policy: Policy) -> GuardedResponse:
    try:
        return verifier.guard(item.answer, item.sources, case_id=item.case_id, policy=policy)
    except Exception as err:  # the verifier's own contract says it should not; fail closed
        return unverified_response(
            item.answer, err, policy=policy, config=verifier.config, case_id=item.case_id
        )


def _batch(
    verifier: CitationVerifier, items: Sequence[CaseInput], policy: Policy
) -> list[GuardedResponse]:
    if not items:
        return []
    try:
        results: list[GuardedResponse] = verifier.verify_batch(
            [{"response": i.answer, "sources": i.sources, "case_id": i.case_id} for i in items],
            with_traces=True,
            policy=policy,
        )
    except Exception:
        return [_alone(verifier, item, policy) for item in items]
    if len(items) == 1:
        return results
    return [
        _alone(verifier, item, policy) if _run_failed(guarded.case) else guarded
        for item, guarded in zip(items, results, strict=True)
    ]


def verify_inputs(
    verifier: CitationVerifier,
    inputs: Sequence[CaseInput | BadRecord],
    *,
    policy: Policy | None = None,
) -> list[GuardedResponse]:
    """One ``GuardedResponse`` per input, in order; never raises for a record.

    A ``BadRecord`` becomes an INDETERMINATE case (``INVALID_INPUT``) with its
    message. A short answer with a question is read together with it (as
    ``eval`` does); the rest are verified in one batch.
    """
    chosen = resolve_policy(policy, verifier.config.policy)
    out: list[GuardedResponse | None] = [None] * len(inputs)
    batched: list[tuple[int, CaseInput]] = []
    for i, item in enumerate(inputs):
        if isinstance(item, BadRecord):
            out[i] = _refused(verifier, item, chosen)
            continue
        qa = QuestionAnswerDecomposer(item.question) if item.question else None
        if qa is not None and qa.reads_question(item.answer):
            out[i] = _alone(verifier.with_decomposer(qa), item, chosen)
        else:
            batched.append((i, item))
    done = _batch(verifier, [item for _, item in batched], chosen)
    for (i, _), guarded in zip(batched, done, strict=True):
        out[i] = guarded
    return [g for g in out if g is not None]
