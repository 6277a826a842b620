"""One recipe for a verifier, shared by every integration: typed parts, built lazily, fail-closed.

The rules, the same for LangChain, LangGraph, LlamaIndex and Ray:

* ``verifier=`` is a ready verifier (a ``CitationVerifier``). With it, ``decomposer=`` and
  ``judge=`` make a sibling that shares its embedder, configuration and caches
  (``with_decomposer``, ``with_judge``); ``embedder=`` and ``config=`` are refused, since a
  verifier has its own.
* Without a verifier the parts build one: ``CitationVerifier(embedder, decomposer, config,
  judge=judge)``; a missing part takes the engine's default.
* A framework's model given for a part is turned into the part by its integration
  (``IntegrationModels``): ``llm=`` becomes an ``LLMDecomposer``, a model given as ``judge=``
  an ``LLMJudge``. ``decomposer=`` and ``llm=`` together are refused.
* ``LazyVerifier`` builds the verifier on first use, once, under a lock (constructing an
  integration loads no model), and its ``guard`` gives the fail-closed result when the
  model cannot be loaded: the answer withheld under ``redact``, marked under ``flag``.

Every refusal is an ``InvalidInputError`` raised when the integration is constructed.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..config import Policy, VerifyConfig
from ..decompose.types import Decomposer
from ..errors import InvalidInputError, ModelUnavailableError
from ..judge.types import Judge
from ..providers.embeddings import Embedder
from .guarded import GuardedResponse, unverified_response
from .verifier import CitationVerifier

__all__ = ["IntegrationModels", "LazyVerifier", "VerifierSpec", "verifier_spec"]


@dataclass(frozen=True)
class VerifierSpec:
    """What a verifier is made of: a ready ``verifier``, or the parts to build one.

    Checked when made (see the module's rules); ``build`` makes the verifier.
    """

    verifier: CitationVerifier | None = None
    decomposer: Decomposer | None = None
    judge: Judge | None = None
    embedder: Embedder | None = None
    config: VerifyConfig | None = None
    embedder_name: str = "embedder"

    def __post_init__(self) -> None:
        if self.verifier is not None:
            if not all(callable(getattr(self.verifier, m, None)) for m in ("guard", "aguard")):
                raise InvalidInputError("verifier needs guard() and aguard() (a CitationVerifier)")
            for method, part in (("with_judge", self.judge), ("with_decomposer", self.decomposer)):
                if part is not None and not callable(getattr(self.verifier, method, None)):
                    raise InvalidInputError(
                        f"this verifier cannot take another part (it has no {method}()); pass "
                        "a CitationVerifier, or build one with the part"
                    )
            for name, value in (("config", self.config), (self.embedder_name, self.embedder)):
                if value is not None:
                    raise InvalidInputError(
                        f"pass either verifier= or {name}=, not both: a CitationVerifier has "
                        f"its own {'config' if name == 'config' else 'embedder'}"
                    )
        if self.config is not None and not isinstance(self.config, VerifyConfig):
            raise InvalidInputError(f"config must be a VerifyConfig, got {_kind(self.config)}")
        if self.decomposer is not None and not callable(
            getattr(self.decomposer, "decompose", None)
        ):
            raise InvalidInputError(
                f"decomposer needs a decompose(draft) method, got {_kind(self.decomposer)}"
            )
        if self.embedder is not None and not callable(getattr(self.embedder, "embed", None)):
            raise InvalidInputError(
                f"embedder needs an embed(texts) method, got {_kind(self.embedder)}"
            )
        if self.judge is not None and not isinstance(self.judge, Judge):
            raise InvalidInputError(
                f"judge must be a Judge (an LLMJudge or NliJudge), got {_kind(self.judge)}"
            )

    @property
    def settings(self) -> VerifyConfig:
        """The configuration the verifier will have (known before it is built)."""
        found = getattr(self.verifier, "config", None) if self.verifier is not None else self.config
        return found if isinstance(found, VerifyConfig) else VerifyConfig()

    def build(self) -> CitationVerifier:
        """The verifier: the given one (with this spec's decomposer and judge), or a new one.

        A new one with the default embedder may raise ``ModelUnavailableError``.
        """
        if self.verifier is None:
            return CitationVerifier(
                embedder=self.embedder,
                decomposer=self.decomposer,
                config=self.config,
                judge=self.judge,
            )
        built = self.verifier
        if self.judge is not None:
            built = built.with_judge(self.judge)
        if self.decomposer is not None:
            built = built.with_decomposer(self.decomposer)
        return built


@dataclass(frozen=True)
class IntegrationModels:
    """How an integration recognises its framework's models and turns one into a part.

    ``name`` says what such a model is in error messages ("a LangChain chat model");
    ``decomposer`` and ``judge`` wrap one (an ``LLMDecomposer`` or ``LLMJudge`` over a
    backend for it).
    """

    name: str
    is_model: Callable[[object], bool]
    decomposer: Callable[[Any], Decomposer]
    judge: Callable[[Any], Judge]


def verifier_spec(
    *,
    verifier: CitationVerifier | None = None,
    decomposer: Decomposer | None = None,
    llm: object | None = None,
    judge: Judge | object | None = None,
    embedder: Embedder | None = None,
    config: VerifyConfig | None = None,
    models: IntegrationModels | None = None,
    embedder_name: str = "embedder",
) -> VerifierSpec:
    """The spec an integration's arguments describe: its models become parts, then the rules."""
    if decomposer is not None and llm is not None:
        raise InvalidInputError(
            "pass decomposer= or llm= (which builds an LLMDecomposer), not both"
        )
    if llm is not None:
        if models is None or not models.is_model(llm):
            wanted = models.name if models is not None else "a model of the integration"
            raise InvalidInputError(f"llm must be {wanted}, got {_kind(llm)}")
        decomposer = models.decomposer(llm)
    if judge is not None and not isinstance(judge, Judge):
        if models is None or not models.is_model(judge):
            also = f" or {models.name}" if models is not None else ""
            raise InvalidInputError(
                f"judge must be a Judge (an LLMJudge or NliJudge){also}, got {_kind(judge)}"
            )
        judge = models.judge(judge)
    return VerifierSpec(
        verifier=verifier,
        decomposer=decomposer,
        judge=judge,
        embedder=embedder,
        config=config,
        embedder_name=embedder_name,
    )


class LazyVerifier:
    """A spec's verifier, built on first use (once, under a lock); fail-closed when it cannot be.

    ``factory`` builds the verifier instead of ``spec`` (Ray actors build theirs from a
    picklable factory); then the configuration is known only once it is built.
    """

    def __init__(
        self,
        spec: VerifierSpec | None = None,
        *,
        factory: Callable[[], CitationVerifier] | None = None,
    ) -> None:
        self.spec = spec if spec is not None else VerifierSpec()
        self._factory = factory if factory is not None else self.spec.build
        self._built: CitationVerifier | None = None
        self._lock = threading.Lock()

    @property
    def built(self) -> CitationVerifier | None:
        """The verifier if it has been built, else None (nothing is loaded to answer)."""
        return self._built

    @property
    def config(self) -> VerifyConfig:
        """The verifier's configuration (the spec's until it is built)."""
        found = getattr(self._built, "config", None)
        return found if isinstance(found, VerifyConfig) else self.spec.settings

    def get(self) -> CitationVerifier:
        """The verifier, built now if it is not yet (may raise ``ModelUnavailableError``)."""
        built = self._built
        if built is None:
            with self._lock:
                if self._built is None:
                    self._built = self._factory()
                built = self._built
        return built

    def unverified(
        self,
        text: str,
        error: BaseException,
        *,
        policy: Policy,
        case_id: str | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> GuardedResponse:
        """The fail-closed result for ``text``: INDETERMINATE, withheld or marked."""
        return unverified_response(
            text, error, policy=policy, config=self.config, case_id=case_id, metadata=metadata
        )

    def guard(
        self,
        text: str,
        sources: Sequence[Any],
        *,
        policy: Policy,
        timeout: float | None = None,
        case_id: str | None = None,
    ) -> GuardedResponse:
        """``CitationVerifier.guard``, or the fail-closed result when the model is missing."""
        try:
            verifier = self.get()
        except ModelUnavailableError as err:
            return self.unverified(text, err, policy=policy, case_id=case_id)
        return verifier.guard(text, sources, policy=policy, timeout=timeout, case_id=case_id)

    async def aguard(
        self,
        text: str,
        sources: Sequence[Any],
        *,
        policy: Policy,
        timeout: float | None = None,
        case_id: str | None = None,
    ) -> GuardedResponse:
        """``guard`` for asyncio."""
        try:
            verifier = self.get()
        except ModelUnavailableError as err:
            return self.unverified(text, err, policy=policy, case_id=case_id)
        return await verifier.aguard(text, sources, policy=policy, timeout=timeout, case_id=case_id)


def _kind(value: object) -> str:
    return type(value).__name__
