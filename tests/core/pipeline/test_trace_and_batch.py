"""The trace (determinism, completeness, resolution) and verify_batch (same answers, one pass)."""

from __future__ import annotations

import json

from longtracer_core import VerifyConfig
from longtracer_core.testing import HashEmbedder
from tests.helpers import FABRICATED, SOURCES, SUPPORTED, SWAPPED, verifier

DRAFT = f"{SUPPORTED} [1] {SWAPPED} {FABRICATED} What else?"


def _strip_volatile(trace_json: str) -> dict:
    data = json.loads(trace_json)
    data.pop("ts")
    data.pop("query_id")
    return data


def test_trace_bytes_are_identical_for_identical_inputs():
    """Same inputs twice (fresh verifiers): byte-identical trace JSON apart from ts and query id."""
    a = verifier().guard(DRAFT, SOURCES, policy="redact", case_id="q1").trace
    b = verifier().guard(DRAFT, SOURCES, policy="redact", case_id="q1").trace
    assert a.to_json().replace(a.ts, "") == b.to_json().replace(b.ts, "")
    c = verifier().guard(DRAFT, SOURCES, policy="redact", case_id="other").trace
    assert _strip_volatile(a.to_json()) == _strip_volatile(c.to_json())


def test_trace_holds_the_specified_fields():
    """query id, plan hash, prompt hash, models, claims with draft span/verdict/score/best span/candidates, stats, ts."""
    trace = verifier().guard(DRAFT, SOURCES, case_id="q7").trace
    data = json.loads(trace.to_json())
    assert data["query_id"] == "q7"
    assert len(data["plan_hash"]) == 16 and len(data["prompt_hash"]) == 16
    assert data["models"]["embed"] == "hash-bow-512"
    assert data["models"]["score_model"] == "v2" and data["models"]["plan_model"] == "v1"
    assert data["request"]["draft"] == DRAFT
    claim = data["claims"][0]
    for key in ("text", "draft_span", "verdict", "score", "best_span_ref", "candidates_considered"):
        assert key in claim
    assert data["claims"][0]["cited_markers"] == ["1"]
    assert data["non_claims"] == [
        {"text": "What else?", "draft_span": [len(DRAFT) - 10, len(DRAFT)], "rule": "question"}
    ]
    assert data["stats"]["claims"] == 3 and data["stats"]["supported"] == 1
    assert data["ts"]


def test_trace_resolves_claim_to_span_to_source_slice():
    """trace.resolve(claim_id) gives the exact source text of the best span."""
    trace = verifier().guard(DRAFT, SOURCES).trace
    for claim in trace.claims:
        ref = claim.best_span_ref
        assert ref is not None
        text = trace.resolve(claim.claim_id)
        assert text == SOURCES[ref.source_index][ref.start : ref.end]
        assert text  # every claim resolves fully
    assert trace.resolve("c1") == SOURCES[0]


def test_claim_details_carry_raw_scores():
    """details: band, score, cos, lex, numeric_ok, best span ref, candidates considered."""
    case = verifier().verify_case(DRAFT, SOURCES)
    swapped = case.claims[1]
    d = swapped.details
    assert d["band"] == "unsupported" and d["numeric_ok"] is False and d["numeric_mismatch"]
    # the span states another figure in the same role: the swap is contradicted
    assert swapped.reason.value == "CONTRADICTED_BY_EVIDENCE"
    assert d["contradicting_span"]["gates"] == ["figure_role"]
    assert {"score", "cos", "lex", "best_span", "candidates"} <= set(d)
    assert swapped.confidence == d["score"] <= 0.2
    assert (swapped.char_start, swapped.char_end) == (
        DRAFT.index(SWAPPED),
        DRAFT.index(SWAPPED) + len(SWAPPED),
    )
    assert case.claims[0].supporting_sources == ["source_0"]


def test_unresolvable_marker_does_not_rescue_a_claim():
    """A citation marker is a hint: citing a source does not make a fabricated claim supported."""
    case = verifier().verify_case(f"{FABRICATED} [1] [S9]", SOURCES)
    (claim,) = case.claims
    assert claim.assessment.value == "INSUFFICIENT_EVIDENCE"
    assert claim.details["cited_spans"] == ["source_0#0"]


def test_cache_class_sources_never_support():
    """A 'cache' source with the claim verbatim does not support it."""
    sources = [{"text": FABRICATED, "class": "cache"}, SOURCES[0]]
    case = verifier().verify_case(FABRICATED, sources)
    assert case.claims[0].assessment.value == "INSUFFICIENT_EVIDENCE"


def test_verify_batch_matches_verify_case_item_by_item():
    """Each batch result equals the verify_case result for that item (assessments and scores)."""
    items = [
        {"response": DRAFT, "sources": SOURCES, "case_id": "a"},
        {"response": SUPPORTED, "sources": SOURCES[:1], "case_id": "b"},
        (f"{FABRICATED}", []),
        {"response": "", "sources": SOURCES, "case_id": "d"},
        {"response": 42, "sources": SOURCES, "case_id": "e"},
    ]
    seen = []
    batch = verifier().verify_batch(items, progress=lambda done, total: seen.append((done, total)))
    singles = []
    for item in items:
        if isinstance(item, tuple):
            singles.append(verifier().verify_case(*item))
        else:
            singles.append(verifier().verify_case(**item))
    for b, s in zip(batch, singles, strict=True):
        assert b.model_dump(exclude={"latency_ms", "case_id"}) == s.model_dump(
            exclude={"latency_ms", "case_id"}
        )
    assert seen[-1] == (5, 5)


def test_verify_batch_embeds_once_and_shares_span_embeddings():
    """The batch path makes one embedding call for all cases; shared spans are embedded once."""
    emb = HashEmbedder()
    v = verifier(embedder=emb)
    v.verify_batch([(SUPPORTED, SOURCES), (SWAPPED, SOURCES), (FABRICATED, SOURCES)])
    assert len(emb.calls) == 1
    texts = emb.calls[0]
    assert len(texts) == len(set(texts))
    assert sum(t == SOURCES[0] for t in texts) == 1


def test_span_embeddings_are_cached_across_cases():
    """A second case over the same sources embeds only its claims."""
    emb = HashEmbedder()
    v = verifier(embedder=emb)
    v.verify_case(SUPPORTED, SOURCES)
    v.verify_case(SWAPPED, SOURCES)
    assert emb.calls[1] == [SWAPPED]


def test_window_and_passage_granularity_offer_longer_spans():
    """Window spans join consecutive sentences; passage spans are whole sources; both resolve."""
    source = "Alpha is first. Beta is second. Gamma is third."
    for gran, expected in [
        ("window", {"source_0#0-1", "source_0#1-2", "source_0#0"}),
        ("passage", {"source_0#all"}),
    ]:
        v = verifier(config=VerifyConfig(span_granularity=gran))
        trace = v.guard("Alpha is first and Beta is second.", [source]).trace
        ids = {s.span_id for s in trace.plan}
        assert expected <= ids
        for s in trace.plan:
            assert source[s.start : s.end]
