"""``check_case``: the one-liner. Model loading happens inside, so a missing model is reported."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from ..config import VerifyConfig
from ..contracts import (
    AssessmentAvailability,
    CaseResult,
    ExecutionStatus,
    ReasonCode,
    build_case,
)
from ..errors import InvalidInputError, ModelUnavailableError
from ..judge.types import Judge
from ..providers.embeddings import DEFAULT_EMBEDDING_MODEL, SentenceTransformerEmbedder
from .executor import check_timeout
from .verifier import CitationVerifier

__all__ = ["check_case"]

# one loaded embedder per model, shared; verifiers per (model, config), the most recently
# used _MAX_VERIFIERS kept (an evicted one is closed, its threads end)
_EMBEDDERS: dict[str, SentenceTransformerEmbedder] = {}
_VERIFIERS: OrderedDict[tuple[str, str], CitationVerifier] = OrderedDict()
_MAX_VERIFIERS = 8
_LOCK = threading.Lock()


def _verifier(embedding_model: str, config: VerifyConfig) -> CitationVerifier:
    key = (embedding_model, config.model_dump_json())
    with _LOCK:
        verifier = _VERIFIERS.get(key)
        if verifier is not None:
            _VERIFIERS.move_to_end(key)
            return verifier
        embedder = _EMBEDDERS.get(embedding_model)
        if embedder is None:
            embedder = SentenceTransformerEmbedder(embedding_model)
            embedder.load()
            _EMBEDDERS[embedding_model] = embedder
        verifier = CitationVerifier(embedder=embedder, config=config)
        _VERIFIERS[key] = verifier
        while len(_VERIFIERS) > _MAX_VERIFIERS:
            _, old = _VERIFIERS.popitem(last=False)
            old.close()
        return verifier


def check_case(
    response: Any,
    sources: Any,
    source_metadata: Any = None,
    case_id: str | None = None,
    timeout: float | None = None,
    detect_conflicts: bool = False,
    embedding_model: str | None = None,
    config: VerifyConfig | None = None,
    judge: Judge | None = None,
    question: str | None = None,
) -> CaseResult:
    """Verify ``response`` against ``sources`` with the default (or named) local model.

    ``embedding_model`` is a model name or a local folder. Never raises for
    evaluation problems: a model that cannot be loaded is
    ``ERROR / NOT_EVALUATED / MODEL_UNAVAILABLE``. A non-positive ``timeout``
    raises ``InvalidInputError``. The verifier is built once per (model,
    config) and reused, so later calls pay no loading cost. ``judge`` (an
    ``LLMJudge`` or ``NliJudge``) re-decides the claims the matcher is unsure of,
    as ``config.judge`` says; for verdicts cached across calls, keep a
    ``CitationVerifier(judge=...)`` instead. ``question``: the user's question,
    whose names are never held against the answer.
    """
    check_timeout(timeout)
    if config is not None and not isinstance(config, VerifyConfig):
        raise InvalidInputError("config must be a VerifyConfig")
    if judge is not None and not isinstance(judge, Judge):
        raise InvalidInputError("judge must be an LLMJudge, an NliJudge or another Judge")
    try:
        verifier = _verifier(embedding_model or DEFAULT_EMBEDDING_MODEL, config or VerifyConfig())
    except ModelUnavailableError as err:
        return build_case(
            case_id=case_id if isinstance(case_id, str) and case_id else "unverified",
            execution=ExecutionStatus.ERROR,
            availability=AssessmentAvailability.NOT_EVALUATED,
            reason=ReasonCode.MODEL_UNAVAILABLE,
            error_message=str(err),
        )
    if judge is not None:
        verifier = verifier.with_judge(judge)
    return verifier.verify_case(
        response,
        sources,
        source_metadata=source_metadata,
        case_id=case_id,
        timeout=timeout,
        detect_conflicts=detect_conflicts,
        question=question,
    )
