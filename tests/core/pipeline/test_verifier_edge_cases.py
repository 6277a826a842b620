"""Every row of the edge-case table and every failure path, all four layers asserted."""

from __future__ import annotations

import asyncio
import threading

import numpy as np
import pytest

from longtracer_core import (
    CitationVerifier,
    EmptySourcesWarning,
    InvalidInputError,
    SentenceStream,
    VerifyConfig,
    check_case,
)
from longtracer_core.contracts import AssessmentAvailability as A
from longtracer_core.contracts import ClaimAssessment as C
from longtracer_core.contracts import ClaimOutcome
from longtracer_core.contracts import ReasonCode as R
from longtracer_core.decompose.rules import RuleBasedDecomposer
from longtracer_core.errors import ModelUnavailableError
from longtracer_core.testing import FixedNli, FunctionEmbedder, HashEmbedder
from tests.helpers import FABRICATED, SOURCES, SUPPORTED, SWAPPED, layers, verifier


@pytest.mark.parametrize("response", ["", "   \n\t "])
def test_empty_response(response):
    """'' or whitespace: SUCCESS / NO_ASSESSABLE_CLAIMS / EMPTY_RESPONSE / no claims / FAIL."""
    case = verifier().verify_case(response, SOURCES)
    assert layers(case) == ("SUCCESS", "NO_ASSESSABLE_CLAIMS", "EMPTY_RESPONSE", "FAIL")
    assert case.claims == []


@pytest.mark.parametrize("response", ["Yes.", "Paris.", "OK!"])
def test_too_short_response(response):
    """Too short to contain a claim: NO_EXTRACTABLE_CLAIMS / FAIL, with its own summary."""
    case = verifier().verify_case(response, SOURCES)
    assert layers(case) == ("SUCCESS", "NO_ASSESSABLE_CLAIMS", "NO_EXTRACTABLE_CLAIMS", "FAIL")
    assert case.claims == []
    assert case.summary != verifier().verify_case("", SOURCES).summary


def test_claims_without_sources_skip_embedding():
    """sources=[]: ASSESSED / NO_SOURCES_SUPPLIED; all INSUFFICIENT_EVIDENCE; FAIL; no embed call."""
    embedder = HashEmbedder()
    nli = FixedNli(lambda p, h: (0.99, 0.005, 0.005))  # would say "contradiction" if asked
    case = verifier(embedder=embedder, nli=nli).verify_case(f"{SUPPORTED} {SWAPPED}", [])
    assert layers(case) == ("SUCCESS", "ASSESSED", "NO_SOURCES_SUPPLIED", "FAIL")
    assert len(case.claims) == 2
    for claim in case.claims:
        assert claim.assessment is C.INSUFFICIENT_EVIDENCE  # never CONTRADICTED
        assert claim.reason is R.NO_SOURCES_SUPPLIED
    assert embedder.calls == []
    assert case.trust_score == 0.0


@pytest.mark.parametrize("sources", [[""], ["   "], ["", "\n"]])
def test_sources_without_usable_text(sources):
    """Sources present but empty: ASSESSED / NO_SOURCE_TEXT / INSUFFICIENT_EVIDENCE / FAIL, with
    the case's own reason, a summary that points at the retriever, and a warning."""
    embedder = HashEmbedder()
    with pytest.warns(EmptySourcesWarning, match="every source is empty"):
        case = verifier(embedder=embedder).verify_case(SUPPORTED, sources)
    assert layers(case) == ("SUCCESS", "ASSESSED", "NO_SOURCE_TEXT", "FAIL")
    assert [(c.assessment, c.reason) for c in case.claims] == [
        (C.INSUFFICIENT_EVIDENCE, R.NO_SOURCE_TEXT)
    ]
    assert case.summary.startswith("Every source is empty") and "retriever" in case.summary
    assert case.metadata["empty_sources"] == [f"source_{i}" for i in range(len(sources))]
    assert embedder.calls == []


def test_empty_evidence_reads_differently_from_a_made_up_answer():
    """Blank documents and an answer the evidence does not hold both FAIL, but only the first
    carries NO_SOURCE_TEXT; the second has no case reason and no empty sources."""
    with pytest.warns(EmptySourcesWarning):
        blank = verifier().verify_case(FABRICATED, [{"text": "", "source_id": "doc1"}])
    made_up = verifier().verify_case(FABRICATED, SOURCES)
    assert (blank.quality_gate.value, blank.reason) == ("FAIL", R.NO_SOURCE_TEXT)
    assert (made_up.quality_gate.value, made_up.reason) == ("FAIL", None)
    assert "empty" not in made_up.summary and "empty_sources" not in made_up.metadata


def test_some_empty_sources_are_named_in_the_summary():
    """One blank source among good ones: the claims are assessed against the rest; the summary
    and metadata name the blank one and a warning says so."""
    sources = [{"text": SOURCES[0], "source_id": "good"}, {"text": " ", "source_id": "blank"}]
    with pytest.warns(EmptySourcesWarning, match="some sources are empty"):
        case = verifier().verify_case(SUPPORTED, sources)
    assert layers(case) == ("SUCCESS", "ASSESSED", None, "PASS")
    assert case.summary.endswith("1 of 2 sources are empty (blank).")
    assert case.metadata["empty_sources"] == ["blank"]


@pytest.mark.parametrize(
    "refusal",
    [
        "The provided documents do not contain the launch cost.",
        "I don't know.",
        "I’m not sure which rocket was used.",
    ],
)
def test_only_an_honest_refusal_passes(refusal):
    """Only a refusal: NO_ASSESSABLE_CLAIMS / HONEST_UNCERTAINTY_ONLY; claim NOT_EVALUATED; PASS."""
    case = verifier().verify_case(refusal, SOURCES)
    assert layers(case) == ("SUCCESS", "NO_ASSESSABLE_CLAIMS", "HONEST_UNCERTAINTY_ONLY", "PASS")
    assert [(c.availability, c.assessment, c.reason) for c in case.claims] == [
        (A.NOT_EVALUATED, C.INSUFFICIENT_EVIDENCE, R.HONEST_UNCERTAINTY)
    ]


def test_refusal_plus_factual_claims_gate_follows_assessed_claims():
    """Refusal plus claims: ASSESSED; the refusal is NOT_EVALUATED; gate from the others."""
    refusal = "The documents do not say how much it cost."
    good = verifier().verify_case(f"{SUPPORTED} {refusal}", SOURCES)
    assert layers(good) == ("SUCCESS", "ASSESSED", None, "PASS")
    assert [c.availability for c in good.claims] == [A.ASSESSED, A.NOT_EVALUATED]
    bad = verifier().verify_case(f"{FABRICATED} {refusal}", SOURCES)
    assert layers(bad) == ("SUCCESS", "ASSESSED", None, "FAIL")


def test_model_missing_is_reported_by_check_case(tmp_path, monkeypatch):
    """Model missing: check_case reports ERROR / NOT_EVALUATED / MODEL_UNAVAILABLE / INDETERMINATE."""
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    empty = tmp_path / "no-model-here"
    empty.mkdir()
    case = check_case(SUPPORTED, SOURCES, embedding_model=str(empty))
    assert layers(case) == ("ERROR", "NOT_EVALUATED", "MODEL_UNAVAILABLE", "INDETERMINATE")
    assert case.claims == [] and case.error_message


def test_verifier_constructor_raises_when_runtime_missing(monkeypatch):
    """CitationVerifier() with the default model raises ModelUnavailableError (an ImportError)."""
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        # neither runtime (NumPy needs tokenizers; torch needs sentence-transformers)
        lambda name, *a: (
            None if name in ("sentence_transformers", "tokenizers") else real(name, *a)
        ),
    )
    with pytest.raises(ModelUnavailableError) as info:
        CitationVerifier()
    assert isinstance(info.value, ImportError)
    assert "longtracer-integrations[embeddings]" in str(info.value)


def test_model_failing_while_scoring():
    """A model error while scoring (e.g. out of memory): ERROR / EVALUATION_FAILED / INDETERMINATE."""

    def oom(texts):
        raise MemoryError("CUDA out of memory")

    case = verifier(embedder=FunctionEmbedder(oom)).verify_case(SUPPORTED, SOURCES)
    assert layers(case) == ("ERROR", "NOT_EVALUATED", "EVALUATION_FAILED", "INDETERMINATE")
    assert "MemoryError" in case.error_message and case.claims == []


def test_embedder_returning_garbage_is_evaluation_failed():
    """An embedder answering with the wrong shape or NaNs never yields numbers."""
    wrong = verifier(embedder=FunctionEmbedder(lambda t: np.ones((1, 4)))).verify_case(
        f"{SUPPORTED} {SWAPPED}", SOURCES
    )
    assert layers(wrong) == ("ERROR", "NOT_EVALUATED", "EVALUATION_FAILED", "INDETERMINATE")
    nan = verifier(embedder=FunctionEmbedder(lambda t: np.full((len(t), 4), np.nan)))
    assert layers(nan.verify_case(SUPPORTED, SOURCES))[2] == "EVALUATION_FAILED"


class _Blocking:
    """An embedder that waits until released; counts finished calls."""

    model_id = "blocking"

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = threading.Event()
        self.finished = 0

    def embed(self, texts):
        self.started.set()
        self.release.wait(10)
        self.finished += 1
        return HashEmbedder().embed(texts)


def test_timeout_returns_when_the_limit_passes():
    """timeout exceeded: TIMEOUT / NOT_EVALUATED / EVALUATION_TIMEOUT; the late result is discarded."""
    blocking = _Blocking()
    v = verifier(embedder=blocking)
    case = v.verify_case(SUPPORTED, SOURCES, timeout=0.2)
    # the worker is still blocked: the case came back without waiting for it
    assert blocking.finished == 0
    assert layers(case) == ("TIMEOUT", "NOT_EVALUATED", "EVALUATION_TIMEOUT", "INDETERMINATE")
    assert case.claims == []
    blocking.release.set()
    v.close()


async def test_async_timeout():
    """verify_case_async honours timeout the same way."""
    blocking = _Blocking()
    v = verifier(embedder=blocking)
    case = await v.verify_case_async(SUPPORTED, SOURCES, timeout=0.2)
    assert blocking.finished == 0
    assert layers(case) == ("TIMEOUT", "NOT_EVALUATED", "EVALUATION_TIMEOUT", "INDETERMINATE")
    blocking.release.set()
    v.close()


@pytest.mark.parametrize("timeout", [0, -1, -0.5])
def test_non_positive_timeout_raises(timeout):
    """A non-positive timeout raises InvalidInputError (sync, async and check_case)."""
    v = verifier()
    with pytest.raises(InvalidInputError):
        v.verify_case(SUPPORTED, SOURCES, timeout=timeout)
    with pytest.raises(InvalidInputError):
        asyncio.run(v.verify_case_async(SUPPORTED, SOURCES, timeout=timeout))
    with pytest.raises(InvalidInputError):
        check_case(SUPPORTED, SOURCES, timeout=timeout)


async def test_cancelled_evaluation_future_gives_cancelled():
    """The evaluation future cancelled (pool shut down): CANCELLED / EXECUTION_CANCELLED."""
    blocking = _Blocking()
    v = CitationVerifier(embedder=blocking, max_workers=1)
    first = asyncio.create_task(v.verify_case_async(SUPPORTED, SOURCES))
    await asyncio.to_thread(blocking.started.wait, 5)
    second = asyncio.create_task(v.verify_case_async(SUPPORTED, SOURCES))
    await asyncio.sleep(0.05)  # let the second evaluation queue behind the first
    v.close(cancel_pending=True)
    case = await second
    assert layers(case) == ("CANCELLED", "NOT_EVALUATED", "EXECUTION_CANCELLED", "INDETERMINATE")
    blocking.release.set()
    assert layers(await first)[0] == "SUCCESS"


def test_cancelled_evaluation_future_sync_path():
    """The same with the sync API and a timeout (the evaluation runs in the pool)."""
    blocking = _Blocking()
    v = CitationVerifier(embedder=blocking, max_workers=1)
    results = {}

    def first():
        results["first"] = v.verify_case(SUPPORTED, SOURCES, timeout=30)

    def second():
        results["second"] = v.verify_case(SUPPORTED, SOURCES, timeout=30)

    t1 = threading.Thread(target=first)
    t1.start()
    assert blocking.started.wait(5)
    t2 = threading.Thread(target=second)
    t2.start()
    for _ in range(100):
        pool = v._executor._pool
        if pool is not None and pool._work_queue.qsize():
            break
        threading.Event().wait(0.01)
    v.close(cancel_pending=True)
    t2.join(5)
    blocking.release.set()
    t1.join(5)
    assert layers(results["second"])[:3] == ("CANCELLED", "NOT_EVALUATED", "EXECUTION_CANCELLED")
    assert layers(results["first"])[0] == "SUCCESS"


async def test_cancelling_the_awaiting_task_propagates():
    """Cancelling the task that awaits verify_case_async raises CancelledError, as asyncio requires."""
    blocking = _Blocking()
    v = verifier(embedder=blocking)
    task = asyncio.create_task(v.verify_case_async(SUPPORTED, SOURCES))
    await asyncio.to_thread(blocking.started.wait, 5)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    blocking.release.set()
    v.close()


@pytest.mark.parametrize(
    ("response", "sources", "kwargs"),
    [
        (123, SOURCES, {}),
        (None, SOURCES, {}),
        (SUPPORTED, None, {}),
        (SUPPORTED, [1, 2], {}),
        (SUPPORTED, [{"no_text": 1}], {}),
        (SUPPORTED, SOURCES, {"source_metadata": [{}]}),
        (SUPPORTED, SOURCES, {"source_metadata": "x"}),
        (SUPPORTED, SOURCES, {"case_id": 5}),
        (SUPPORTED, SOURCES, {"detect_conflicts": "yes"}),
        (SUPPORTED, [{"text": "x", "class": "gold"}], {}),
    ],
)
def test_wrong_argument_types(response, sources, kwargs):
    """Wrong argument types: ERROR / NOT_EVALUATED / INVALID_INPUT / INDETERMINATE, and the
    summary (what people print) ends with the cause."""
    case = verifier().verify_case(response, sources, **kwargs)
    assert layers(case) == ("ERROR", "NOT_EVALUATED", "INVALID_INPUT", "INDETERMINATE")
    assert case.claims == [] and case.error_message
    assert case.summary.endswith(f"Cause: {case.error_message.rstrip('.')}.")


@pytest.mark.parametrize(
    "one",
    [
        SOURCES[0],
        {"text": SOURCES[0], "source_id": "only"},
        type("Doc", (), {"page_content": SOURCES[0], "metadata": {"source_id": "only"}})(),
    ],
    ids=["string", "mapping", "document"],
)
def test_one_source_alone_is_a_list_of_one(one):
    """check_case and the verifier read one source given alone (a string, a mapping, a document)
    as a list of one, as the integrations do."""
    alone = verifier().verify_case(SUPPORTED, one)
    listed = verifier().verify_case(SUPPORTED, [one])
    assert layers(alone) == layers(listed) == ("SUCCESS", "ASSESSED", None, "PASS")
    assert alone.claims[0].supporting_sources == listed.claims[0].supporting_sources
    stream = SentenceStream(verifier(), one)
    stream.feed(SUPPORTED)
    _, streamed = stream.finish()
    assert streamed.case.claims[0].supporting_sources == listed.claims[0].supporting_sources


@pytest.mark.parametrize("bad", [None, 7, b"bytes", {1, 2}])
def test_sources_of_another_kind_are_refused_with_the_kind_named(bad):
    """Sources that are neither a list nor one source: INVALID_INPUT whose summary says what
    was given and what is accepted."""
    case = verifier().verify_case(SUPPORTED, bad)
    assert layers(case) == ("ERROR", "NOT_EVALUATED", "INVALID_INPUT", "INDETERMINATE")
    assert f"got {type(bad).__name__}" in case.summary and "one source" in case.summary


def test_detect_conflicts_without_nli_runs_in_the_default_engine():
    """detect_conflicts=True without an NLI scorer is assessed (gate-based checks), not an error."""
    case = verifier().verify_case(SUPPORTED, SOURCES, detect_conflicts=True)
    assert layers(case) == ("SUCCESS", "ASSESSED", None, "PASS")
    assert case.metadata["conflict_detection"] == "enabled: 0 conflicting claim(s)"


def test_embedding_model_mismatch_is_never_a_number():
    """Source embeddings from another model: ERROR / EMBEDDING_MODEL_MISMATCH, no scores."""
    sources = [{"text": SOURCES[0], "embedding": [0.1] * 512, "embedding_model": "other-model"}]
    case = verifier().verify_case(SUPPORTED, sources)
    assert layers(case) == ("ERROR", "NOT_EVALUATED", "EMBEDDING_MODEL_MISMATCH", "INDETERMINATE")
    assert "other-model" in case.error_message


def test_supplied_embeddings_of_the_same_model_are_used():
    """Source embeddings from the same model are accepted and the case is assessed."""
    emb = HashEmbedder()
    vec = emb.embed([SOURCES[0]])[0].tolist()
    sources = [{"text": SOURCES[0], "embedding": vec, "embedding_model": emb.model_id}]
    case = verifier(embedder=emb).verify_case(SUPPORTED, sources)
    assert layers(case) == ("SUCCESS", "ASSESSED", None, "PASS")


@pytest.mark.parametrize(
    ("limits", "response", "sources"),
    [
        ({"max_response_chars": 20}, SUPPORTED, SOURCES),
        ({"max_sources": 2}, SUPPORTED, SOURCES),
        ({"max_source_chars": 50}, SUPPORTED, SOURCES),
        ({"max_claims": 1}, f"{SUPPORTED} {SWAPPED}", SOURCES),
    ],
)
def test_size_limits_give_a_clear_reason(limits, response, sources):
    """Inputs past a configured limit: SKIPPED / NOT_EVALUATED / INPUT_TOO_LARGE, message names it."""
    v = verifier(config=VerifyConfig(limits=limits))
    case = v.verify_case(response, sources)
    assert layers(case) == ("SKIPPED", "NOT_EVALUATED", "INPUT_TOO_LARGE", "INDETERMINATE")
    assert "limit" in case.error_message


def test_nli_contradiction_and_conflicts():
    """With an NLI scorer: contradiction → CONTRADICTED; entail + contradict across sources → CONFLICTING."""
    claim = "The mirror is made of 18 beryllium segments."

    def nli_fn(premise: str, hypothesis: str):
        if "gold" in premise:
            return (0.9, 0.05, 0.05)  # contradiction, entailment, neutral
        return (0.05, 0.9, 0.05)

    sources = [
        "The mirror is made of 18 beryllium segments.",
        "The mirror is made of 18 gold segments, not beryllium segments.",
    ]
    v = verifier(nli=FixedNli(nli_fn))
    case = v.verify_case(claim, sources, detect_conflicts=True)
    (c,) = case.claims
    assert c.assessment is C.CONFLICTING_SOURCES and c.reason is R.CONFLICTING_EVIDENCE
    assert c.supporting_sources == ["source_0"] and c.contradicting_sources == ["source_1"]
    assert case.metadata["conflict_checks"]["nli"]["conflicting_claims"] == 1
    assert case.metadata["conflict_detection"] == "enabled: 1 conflicting claim(s)"
    assert layers(case) == ("SUCCESS", "ASSESSED", None, "FAIL")
    contra = verifier(nli=FixedNli(lambda p, h: (0.8, 0.1, 0.1))).verify_case(claim, sources[:1])
    assert contra.claims[0].assessment is C.CONTRADICTED
    assert contra.claims[0].confidence == pytest.approx(0.8)


def test_nli_failure_is_an_error_not_a_skip():
    """An NLI scorer that raises gives ERROR / EVALUATION_FAILED, never a silent skip."""

    def broken(p, h):
        raise RuntimeError("nli exploded")

    case = verifier(nli=FixedNli(broken)).verify_case(SUPPORTED, SOURCES, detect_conflicts=True)
    assert layers(case) == ("ERROR", "NOT_EVALUATED", "EVALUATION_FAILED", "INDETERMINATE")


def test_unrelated_class_metadata_on_documents_is_ignored():
    """A document category under metadata 'class' does not invalidate the case."""

    class Doc:
        def __init__(self, text, metadata):
            self.page_content = text
            self.metadata = metadata

    case = verifier().verify_case(SUPPORTED, [Doc(SOURCES[0], {"class": "news"})])
    assert layers(case) == ("SUCCESS", "ASSESSED", None, "PASS")
    cached = verifier().verify_case(SUPPORTED, [Doc(SOURCES[0], {"span_class": "cache"})])
    assert cached.claims[0].assessment is C.INSUFFICIENT_EVIDENCE


@pytest.mark.parametrize(
    ("error", "reason", "execution"),
    [
        (ModelUnavailableError("no model"), "MODEL_UNAVAILABLE", "ERROR"),
        (RuntimeError("boom"), "EVALUATION_FAILED", "ERROR"),
        (TimeoutError(), "EVALUATION_TIMEOUT", "TIMEOUT"),
    ],
)
def test_unverified_response_fails_closed(error, reason, execution):
    """unverified_response: INDETERMINATE with the error's reason; redact withholds, flag marks."""
    from longtracer_core.pipeline import unverified_response

    red = unverified_response(SUPPORTED, error, policy="redact")
    assert layers(red.case) == (execution, "NOT_EVALUATED", reason, "INDETERMINATE")
    assert SUPPORTED not in red.text and red.trace.request["draft"] == SUPPORTED
    flag = unverified_response(SUPPORTED, error, policy="flag")
    assert flag.text.startswith(SUPPORTED) and flag.text != SUPPORTED


def test_supplied_embeddings_never_reach_other_cases():
    """A caller's vector for a source is used for that case only, never cached for others."""
    emb = HashEmbedder()
    v = verifier(embedder=emb)
    poisoned = [{"text": SOURCES[0], "embedding": [1.0, 0.0, 0.0], "embedding_model": emb.model_id}]
    bad = v.verify_case(SUPPORTED, poisoned)
    assert layers(bad)[2] == "EMBEDDING_MODEL_MISMATCH"  # dimension 3 is not this model's
    clean = v.verify_case(SUPPORTED, [SOURCES[0]])
    assert layers(clean) == ("SUCCESS", "ASSESSED", None, "PASS")


def test_cache_eviction_mid_batch_does_not_fail_cases():
    """A tiny span cache evicting entries during a batch never turns into an error."""
    from longtracer_core import EmbeddingCache

    v = verifier(cache=EmbeddingCache(max_entries=2))
    v.verify_case(SUPPORTED, SOURCES)  # fill the cache
    cases = v.verify_batch([(SUPPORTED, SOURCES), (SWAPPED, SOURCES), (FABRICATED, SOURCES)])
    assert [c.execution.value for c in cases] == ["SUCCESS"] * 3


def test_closed_verifier_reports_cancelled_instead_of_raising():
    """After close(), a timed verification returns CANCELLED rather than raising."""
    v = verifier()
    v.verify_case(SUPPORTED, SOURCES, timeout=5)
    v.close()
    # a fresh pool would be created; simulate the race (shut down meanwhile) instead:
    import concurrent.futures

    pool = concurrent.futures.ThreadPoolExecutor(1)
    pool.shutdown()
    v._executor._pool = pool
    case = v.verify_case(SUPPORTED, SOURCES, timeout=5)
    assert layers(case)[:3] == ("CANCELLED", "NOT_EVALUATED", "EXECUTION_CANCELLED")


def test_max_workers_must_be_positive():
    """max_workers < 1 is refused at construction."""
    with pytest.raises(InvalidInputError):
        verifier(max_workers=0)


def test_detect_conflicts_on_an_empty_response_is_empty_response():
    """An empty response stays EMPTY_RESPONSE with conflict detection on."""
    case = verifier().verify_case("", SOURCES, detect_conflicts=True)
    assert layers(case) == ("SUCCESS", "NO_ASSESSABLE_CLAIMS", "EMPTY_RESPONSE", "FAIL")


def test_numeric_mismatch_only_when_the_figure_held_the_claim_down():
    """An unrelated claim with a year is LOW_EVIDENCE_SIMILARITY, not NUMERIC_MISMATCH, under
    the seed's matcher; the default names the year no source states as its decisive finding."""
    args = ("Bananas were first grown in 1889 by monks.", ["The Eiffel Tower is a tower in Paris."])
    seed = verifier(config=VerifyConfig(score_model="seed-v1")).verify_case(*args).claims[0]
    assert seed.reason is R.LOW_EVIDENCE_SIMILARITY and seed.reason_detail is None
    claim = verifier().verify_case(*args).claims[0]
    assert claim.reason is R.LOW_EVIDENCE_SIMILARITY
    assert claim.reason_detail is R.NUMERIC_MISMATCH and claim.finding == "no source states 1889"


def test_a_figure_of_the_users_question_is_theirs_to_the_matcher_too():
    """An answer that restates the user's own figure needs no source to state it: the
    matcher's figure gate reads the question as the evidence-wide checks do."""
    claim = f"{SOURCES[0][:-1]}, 18 years before your trip."
    alone = verifier().verify_case(claim, SOURCES).claims[0]
    assert alone.reason_detail is R.NUMERIC_MISMATCH
    question = "My trip is 18 years after the launch: when did the telescope launch?"
    asked = verifier().verify_case(claim, SOURCES, question=question).claims[0]
    assert asked.assessment is C.SUPPORTED


def test_the_users_figure_is_theirs_to_the_gates_too():
    """The user's "5 kWh battery" set against a rule's 4–15 kWh range: no source ties the
    user's figure to another fact's unit and value, so the claim is supported once the
    question says whose battery it is (without it, 5 kWh reads as a wrong bound)."""
    sources = [
        "To qualify for the grant, the battery must have a usable capacity between 4 kWh and "
        "15 kWh.",
        "A typical 5 kWh battery completes about one full cycle a day.",
    ]
    claim = "To qualify for the grant, your 5 kWh battery's usable capacity must be between 4 kWh and 15 kWh."
    alone = verifier().verify_case(claim, sources).claims[0]
    assert alone.assessment is C.CONTRADICTED and alone.outcome is ClaimOutcome.UNCERTAIN
    question = "Could I add a 5 kWh battery to my 4 kWp solar array?"
    asked = verifier().verify_case(claim, sources, question=question).claims[0]
    assert asked.assessment is C.SUPPORTED and asked.outcome is ClaimOutcome.SUPPORTED


def test_the_users_figure_sets_no_sources_in_conflict():
    """Conflict detection reads the user's figures as the matcher does: a source giving
    another battery size does not contradict a claim about the user's own 5 kWh battery."""
    sources = [
        "Home batteries with a usable capacity of 5 kWh or more qualify for the storage grant.",
        "A home battery with a usable capacity of 10 kWh qualifies for the storage grant.",
    ]
    claim = "Your home battery with a usable capacity of 5 kWh qualifies for the storage grant."
    alone = verifier().verify_case(claim, sources, detect_conflicts=True).claims[0]
    assert alone.assessment is C.CONFLICTING_SOURCES
    question = "Does my 5 kWh home battery qualify for the storage grant?"
    asked = verifier().verify_case(claim, sources, question=question, detect_conflicts=True)
    assert asked.claims[0].assessment is C.SUPPORTED
    assert asked.claims[0].contradicting_sources == []


class _CountingDecomposer(RuleBasedDecomposer):
    """The rule-based decomposer, counting its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def decompose(self, draft):
        self.calls += 1
        return super().decompose(draft)


def test_claim_limit_is_checked_before_decomposing():
    """An answer with more sentences needing a claim than max_claims is SKIPPED before the
    decomposer runs (a 99k-character answer used to be decomposed first, for 25 s)."""
    decomposer = _CountingDecomposer()
    v = verifier(decomposer=decomposer, config=VerifyConfig(limits={"max_claims": 5}))
    case = v.verify_case(" ".join([SUPPORTED] * 6), SOURCES)
    assert layers(case) == ("SKIPPED", "NOT_EVALUATED", "INPUT_TOO_LARGE", "INDETERMINATE")
    assert "6 sentences" in case.error_message
    assert decomposer.calls == 0
    assert v.verify_case(" ".join([SUPPORTED] * 5), SOURCES).execution.value == "SUCCESS"
    assert decomposer.calls == 1


def test_source_count_is_checked_before_reading_the_sources():
    """Past max_sources the case is SKIPPED without reading a single source."""

    class Exploding:
        @property
        def page_content(self):
            raise AssertionError("a source was read")

    v = verifier(config=VerifyConfig(limits={"max_sources": 3}))
    case = v.verify_case(SUPPORTED, [Exploding()] * 4)
    assert layers(case) == ("SKIPPED", "NOT_EVALUATED", "INPUT_TOO_LARGE", "INDETERMINATE")


def test_a_source_title_given_by_the_caller_is_name_evidence():
    """{"text", "title"}: a name the title holds is no absent name, so the redacting guard
    keeps the sentence it deletes without the title."""
    from longtracer_core.contracts import ClaimOutcome

    text = "Employees receive 10 days of paid sick leave per calendar year."
    answer = "Norvale Systems gives employees 10 days of paid sick leave per calendar year."
    v = verifier()
    bare = v.guard(answer, [{"text": text, "source_id": "h1"}], policy="redact")
    titled = v.guard(
        answer,
        [{"text": text, "source_id": "h1", "title": "Norvale Systems – Sick Leave"}],
        policy="redact",
    )
    assert bare.case.claims[0].outcome is ClaimOutcome.REFUTED
    assert titled.case.claims[0].outcome is not ClaimOutcome.REFUTED
    assert "Norvale" in titled.text and "Norvale" not in bare.text


def test_an_unsupported_elaboration_is_marked_never_deleted():
    """'..., reflecting improved efficiency and cost control' on a supported statement: the
    claim is UNCERTAIN (flag marks it) and redact keeps the sentence."""
    from longtracer_core.contracts import ClaimOutcome

    source = "Operating margin widened to 18.5% in the third quarter."
    answer = (
        "Operating margin widened to 18.5% in the third quarter, reflecting improved "
        "efficiency and tighter cost control."
    )
    g = verifier().guard(answer, [source], policy="redact")
    (claim,) = g.case.claims
    assert claim.outcome is ClaimOutcome.UNCERTAIN
    assert claim.details["finding"]["kind"] == "clause_absent"
    assert "reflecting improved efficiency" in g.text
    plain = verifier().guard("Operating margin widened to 18.5% in the third quarter.", [source])
    assert plain.case.claims[0].outcome is ClaimOutcome.SUPPORTED
