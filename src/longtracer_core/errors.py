"""The exceptions of longtracer_core, one tree under one base class.

    LongTracerError
    ├── InvalidInputError (ValueError)     the caller passed something unusable
    ├── ConfigError (ValueError)           a VerifyConfig rule is broken
    ├── ModelUnavailableError (ImportError) a model or its package cannot be loaded
    ├── EvaluationFailedError              a model or scorer failed while running
    │   ├── EmbeddingModelMismatchError    claims and spans from different embedders
    │   └── JudgeError                     the judge failed (on_failure="indeterminate")
    ├── DecompositionError                 no valid claims after the last retry
    ├── GroundingFailedError (RuntimeError) the gate did not pass and the caller asked to raise
    ├── BackendError                       an HTTP or chat backend failed
    │   └── BackendResponseError           the backend answered with garbage
    └── EmptySourcesWarning (UserWarning)  a warning, not raised: a source holds no text

    JudgeUnavailableWarning (UserWarning)  the judge answered none of a case's requests

User mistakes subclass ``ValueError`` so ordinary handlers catch them; run
failures do not. ``verify_case`` turns run failures into a ``CaseResult`` with
a reason; only the strict paths named in the docs raise them.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "BackendError",
    "BackendResponseError",
    "ConfigError",
    "DecompositionError",
    "EmbeddingModelMismatchError",
    "EmptySourcesWarning",
    "EvaluationFailedError",
    "GroundingFailedError",
    "InvalidInputError",
    "JudgeError",
    "JudgeUnavailableWarning",
    "LongTracerError",
    "ModelUnavailableError",
]


class LongTracerError(Exception):
    """Base class of every error this library raises on purpose."""


class InvalidInputError(LongTracerError, ValueError):
    """The caller passed an argument of the wrong type or value."""


class ConfigError(LongTracerError, ValueError):
    """A configuration value breaks one of the documented rules.

    ``problems`` lists each broken rule as ``"field: message"``.
    """

    problems: list[str]

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.problems = [message]


class ModelUnavailableError(LongTracerError, ImportError):
    """A model, its weights or the package that runs it cannot be loaded."""


class EvaluationFailedError(LongTracerError):
    """A model or scorer raised while evaluating a case."""


class EmbeddingModelMismatchError(EvaluationFailedError):
    """Claims and spans would be compared across two embedding spaces."""

    def __init__(self, expected: str, got: str) -> None:
        super().__init__(
            f"span embeddings come from {got!r} but claims are embedded with {expected!r}; "
            "cosine across embedding spaces is meaningless"
        )
        self.expected = expected
        self.got = got


class JudgeError(EvaluationFailedError):
    """The judge failed for a claim and the configuration asks for no fallback."""


class JudgeUnavailableWarning(UserWarning):
    """The judge could not be reached or understood: every request of a case failed.

    Issued once per verifier (again only after the judge has answered in
    between); the claims keep the matcher's verdicts and the case says so in
    ``case.metadata["judge"]["unavailable"]`` and ``["cause"]``.
    """


class DecompositionError(LongTracerError):
    """The decomposer produced no valid output after its last attempt.

    ``attempts`` holds how many calls were made and ``last_output`` the raw
    text of the final answer, so callers can log what went wrong.
    """

    def __init__(self, message: str, *, attempts: int = 0, last_output: Any = None) -> None:
        super().__init__(message)
        self.attempts = attempts
        self.last_output = last_output


class GroundingFailedError(LongTracerError, RuntimeError):
    """An answer's quality gate is not PASS and the integration was told to raise.

    Raised by the integrations' ``on_fail="raise"`` mode so a fallback can take
    over (``chain.with_fallbacks([...])``). ``case`` is the ``CaseResult``,
    ``text`` the policy-applied answer and ``output`` what the integration would
    have returned (same shape as its input).
    """

    def __init__(self, case: Any, text: str, output: Any = None) -> None:
        gate = getattr(getattr(case, "quality_gate", None), "value", "UNKNOWN")
        summary = getattr(case, "summary", "")
        super().__init__(f"grounding gate {gate}: {summary}")
        self.case = case
        self.text = text
        self.output = output


class BackendError(LongTracerError):
    """A chat or embedding backend could not be reached or refused the request."""

    def __init__(self, message: str, *, status_code: int | None = None) -> None:
        super().__init__(message)
        self.status_code = status_code


class BackendResponseError(BackendError):
    """A backend answered, but not with the shape that was asked for."""


class EmptySourcesWarning(LongTracerError, UserWarning):
    """Evidence was supplied but some or all of it holds no text.

    Usually a retriever that returned documents without content: the claims
    then cannot be supported, which must not read as a hallucination. The case
    lists the empty sources in ``metadata["empty_sources"]``; when every source
    is empty its reason is ``NO_SOURCE_TEXT``.
    """
