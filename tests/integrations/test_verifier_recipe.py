"""One verifier recipe: every integration accepts and refuses the same parts, with the same error."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from langchain_core.language_models import FakeListChatModel
from llama_index.core.llms import MockLLM
from llama_index.core.query_engine import CustomQueryEngine

from longtracer_core import (
    CitationVerifier,
    InvalidInputError,
    LLMDecomposer,
    LLMJudge,
    RuleBasedDecomposer,
    VerifyConfig,
)
from longtracer_core.errors import ModelUnavailableError
from longtracer_core.pipeline import LazyVerifier, VerifierSpec
from longtracer_core.testing import FunctionJudge, HashEmbedder
from longtracer_integrations.agents import GroundingMiddleware
from longtracer_integrations.langchain import GroundingGuard
from longtracer_integrations.langgraph import grounding_node
from longtracer_integrations.llamaindex import (
    GroundedQueryEngine,
    GroundingEvaluator,
    GroundingPostprocessor,
)


class Echo(CustomQueryEngine):
    """A query engine that answers with the question (never called here)."""

    def custom_query(self, query_str: str) -> str:
        return query_str


def _nei(requests: Any) -> Any:
    raise AssertionError("never judged here")


# name -> (constructor, a model of its framework)
INTEGRATIONS: dict[str, tuple[Callable[..., Any], Callable[[], Any]]] = {
    "langchain.GroundingGuard": (GroundingGuard, lambda: FakeListChatModel(responses=["{}"])),
    "langgraph.grounding_node": (grounding_node, lambda: FakeListChatModel(responses=["{}"])),
    "agents.GroundingMiddleware": (
        GroundingMiddleware,
        lambda: FakeListChatModel(responses=["{}"]),
    ),
    "llamaindex.GroundingPostprocessor": (GroundingPostprocessor, MockLLM),
    "llamaindex.GroundingEvaluator": (GroundingEvaluator, MockLLM),
    "llamaindex.GroundedQueryEngine": (
        lambda **kw: GroundedQueryEngine(Echo(), **kw),
        MockLLM,
    ),
}

# the parts, by name; "model" is the integration's own kind of model
PARTS: dict[str, Callable[[], Any]] = {
    "verifier": lambda: CitationVerifier(embedder=HashEmbedder()),
    "decomposer": RuleBasedDecomposer,
    "judge": lambda: FunctionJudge(_nei),
    "config": VerifyConfig,
}

ACCEPTED = [
    (),
    ("verifier",),
    ("verifier", "judge"),
    ("verifier", "decomposer"),
    ("verifier", "llm=model"),
    ("verifier", "judge=model"),
    ("decomposer", "judge", "config"),
    ("llm=model", "judge=model", "config"),
]

REFUSED = [
    (("verifier", "config"), r"^pass either verifier= or config=, not both"),
    (("decomposer", "llm=model"), r"^pass decomposer= or llm= \(which builds an LLMDecomposer\)"),
    (("judge=junk",), r"^judge must be a Judge \(an LLMJudge or NliJudge\) or a .*, got str$"),
    (("llm=junk",), r"^llm must be a .*, got str$"),
    (("decomposer=junk",), r"^decomposer needs a decompose\(draft\) method, got str$"),
    (("verifier=junk",), r"^verifier needs guard\(\) and aguard\(\) \(a CitationVerifier\)$"),
]


def _arguments(parts: tuple[str, ...], model: Callable[[], Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for part in parts:
        name, _, kind = part.partition("=")
        if kind == "model":
            out[name] = model()
        elif kind == "junk":
            out[name] = "gpt"
        else:
            out[name] = PARTS[name]()
    return out


@pytest.mark.parametrize("integration", sorted(INTEGRATIONS))
@pytest.mark.parametrize("parts", ACCEPTED, ids=lambda p: "+".join(p) or "defaults")
def test_every_integration_accepts_the_same_parts(integration, parts):
    """The combinations the recipe allows construct in every integration (loading nothing)."""
    make, model = INTEGRATIONS[integration]
    assert make(**_arguments(parts, model)) is not None


@pytest.mark.parametrize("integration", sorted(INTEGRATIONS))
@pytest.mark.parametrize(("parts", "message"), REFUSED, ids=lambda p: "+".join(p))
def test_every_integration_refuses_the_same_parts_with_the_same_error(integration, parts, message):
    """A refused combination raises InvalidInputError with the recipe's one message, at
    construction, in every integration."""
    make, model = INTEGRATIONS[integration]
    with pytest.raises(InvalidInputError, match=message):
        make(**_arguments(parts, model))


def test_a_verifier_with_a_judge_or_decomposer_shares_its_embedder_and_caches():
    """verifier= plus judge= / llm= builds a sibling: the same embedder, config and span
    cache, the new judge and decomposer."""
    base = CitationVerifier(embedder=HashEmbedder(), config=VerifyConfig(policy="redact"))
    guard = GroundingGuard(
        verifier=base,
        judge=FakeListChatModel(responses=["{}"]),
        llm=FakeListChatModel(responses=["{}"]),
    )
    built = guard._recipe.get()
    assert built.embedder is base.embedder and built.cache is base.cache
    assert built.config is base.config
    assert isinstance(built.judge, LLMJudge) and isinstance(built.decomposer, LLMDecomposer)


def test_the_recipe_builds_once_under_concurrency():
    """Many threads asking for the verifier at once get one verifier, built once."""
    import concurrent.futures

    calls = []

    def factory() -> CitationVerifier:
        calls.append(1)
        return CitationVerifier(embedder=HashEmbedder())

    lazy = LazyVerifier(factory=factory)
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        built = list(pool.map(lambda _: lazy.get(), range(32)))
    assert len(calls) == 1 and all(b is built[0] for b in built)


def test_a_missing_model_gives_the_fail_closed_result():
    """When the model cannot be loaded, guard returns INDETERMINATE and withholds (redact)."""

    def missing() -> CitationVerifier:
        raise ModelUnavailableError("no runtime for the test model")

    lazy = LazyVerifier(factory=missing)
    out = lazy.guard("The bridge opened in 1932.", ["The bridge opened in 1932."], policy="redact")
    assert out.case.quality_gate.value == "INDETERMINATE"
    assert out.case.reason is not None and out.case.reason.value == "MODEL_UNAVAILABLE"
    assert "1932" not in out.text
    assert VerifierSpec().settings == VerifyConfig()


def test_ray_refuses_a_factory_with_a_config():
    """verify_dataset refuses verifier_factory= with config= (the factory's verifier has its
    own config), as the other integrations refuse verifier= with config=."""
    ray_dataset = pytest.importorskip("longtracer_integrations.ray._dataset")
    with pytest.raises(InvalidInputError, match="not both"):
        ray_dataset.verify_dataset(
            None,  # never read: the arguments are refused first
            answer_col="answer",
            sources_col="sources",
            config=VerifyConfig(),
            verifier_factory=lambda: CitationVerifier(embedder=HashEmbedder()),
        )
