"""The judge stage: escalation, roles, quote verification, budgets, cache and failures."""

from __future__ import annotations

import pytest

from longtracer_core import (
    ClaimAssessment,
    ClaimOutcome,
    JudgeConfig,
    LLMJudge,
    NliJudge,
    VerifyConfig,
)
from longtracer_core.errors import ConfigError
from longtracer_core.judge import Finding, JudgeRequest, JudgeVerdict
from longtracer_core.pipeline import normalize_sources
from longtracer_core.pipeline.escalation import apply_judge
from longtracer_core.pipeline.escalation_findings import decide
from longtracer_core.pipeline.prepare import spans_of
from longtracer_core.testing import FixedNli, FunctionJudge, ScriptedChat
from tests.helpers import SOURCES, SUPPORTED, layers, verifier

C = ClaimAssessment
# a paraphrase the bag-of-words matcher leaves in the partial band
PARTIAL = "In 2021 an Ariane launcher carried the Webb observatory into space."
# a claim the matcher finds no support for
UNSUPPORTED = "The telescope was repaired by astronauts from a space shuttle in 2023."
QUOTE = "launched on 25 December 2021 aboard an Ariane 5 rocket"


def supports(quote: str = QUOTE, label: str = "SUPPORTED"):
    """A judge that cites the first span shown with ``quote``."""

    def fn(request: JudgeRequest) -> JudgeVerdict:
        span = request.spans[0]
        return JudgeVerdict(request.claim_id, label, (Finding(span.span_id, label, quote),))

    return fn


def nei(request: JudgeRequest) -> JudgeVerdict:
    return JudgeVerdict(request.claim_id, "NOT_ENOUGH_INFO")


def check(judge, text: str = PARTIAL, sources=SOURCES, strictness="strict", **judge_config):
    """Guard ``text`` under redact (strict redact shows what the judge left unsupported)."""
    config = VerifyConfig(strictness=strictness, judge=JudgeConfig(**judge_config))
    return verifier(judge=judge, config=config).guard(text, sources, policy="redact")


def judged(g):
    (claim,) = g.case.claims
    return claim, claim.details.get("judge")


# -- escalation and roles -----------------------------------------------------------------


def test_partial_claim_with_a_verified_quote_becomes_supported():
    """The default cascade: a partial claim, a verified quote → SUPPORTED and kept in redact."""
    g = check(FunctionJudge(supports()))
    claim, record = judged(g)
    assert claim.assessment is C.SUPPORTED and claim.reason.value == "SUPPORTED_BY_EVIDENCE"
    assert claim.details["band"] == "partial"  # the matcher's band stays
    assert claim.supporting_sources == ["source_0"]
    assert (
        record["outcome"] == "applied" and record["matcher"]["reason_detail"] == "PARTIAL_SUPPORT"
    )
    assert g.text == PARTIAL and g.case.quality_gate.value == "PASS"


def test_verified_quote_offsets_resolve_to_the_source_text():
    """The trace records the quote's offsets in its source; slicing the source gives the quote."""
    g = check(FunctionJudge(supports()))
    (trace_claim,) = g.trace.claims
    (finding,) = trace_claim.judge["findings"]
    ref = finding["quote_span"]
    assert g.trace.sources[ref["source_index"]]["text"][ref["start"] : ref["end"]] == QUOTE
    assert trace_claim.verdict == "supported"
    assert g.trace.models["judge_model"] == "function-judge"
    assert g.trace.stats["judge"]["applied"] == 1


def test_an_invented_quote_is_rejected_and_the_matcher_verdict_kept():
    """SUPPORTED with a quote that is not in the span: quote_unverified, still redacted."""
    invented = "the telescope was launched in 2021 on an Ariane rocket"
    g = check(FunctionJudge(supports(invented)))
    claim, record = judged(g)
    assert (
        claim.assessment is C.INSUFFICIENT_EVIDENCE
        and claim.reason_text == "NOT_ENTAILED (PARTIAL_SUPPORT)"
    )
    assert record["outcome"] == "quote_unverified"
    assert record["findings"][0]["verified"] is False
    assert PARTIAL not in g.text


def test_a_finding_on_a_span_not_shown_is_not_verified():
    """A judge citing a span id it was not shown gets no credit, even with a real quote."""

    def elsewhere(request):
        return JudgeVerdict(
            request.claim_id, "SUPPORTED", (Finding("no-such-span", "SUPPORTED", QUOTE),)
        )

    claim, record = judged(check(FunctionJudge(elsewhere)))
    assert claim.assessment is C.INSUFFICIENT_EVIDENCE and record["outcome"] == "quote_unverified"


@pytest.mark.parametrize(
    ("role", "assessment", "outcome"),
    [("confirm", C.INSUFFICIENT_EVIDENCE, "not_applied"), ("decide", C.CONTRADICTED, "applied")],
)
def test_a_contradiction_applies_only_when_the_judge_decides(role, assessment, outcome):
    """confirm: the judge can only lift claims; decide: a verified contradiction → CONTRADICTED."""
    g = check(FunctionJudge(supports(label="CONTRADICTED")), role=role)
    claim, record = judged(g)
    assert claim.assessment is assessment and record["outcome"] == outcome
    if role == "decide":
        assert claim.reason.value == "CONTRADICTED_BY_EVIDENCE"
        assert claim.contradicting_sources == ["source_0"]


def test_under_confirm_agreeing_that_a_claim_is_contradicted_refutes_nothing():
    """A claim already CONTRADICTED (here by an earlier judge under decide) and a verified
    CONTRADICTED verdict: under confirm it is not applied (no decisive finding, nothing
    deleted on the judge's word); under decide the judge agrees."""
    claim, _ = judged(check(FunctionJudge(supports(label="CONTRADICTED")), role="decide"))
    assert claim.assessment is C.CONTRADICTED
    spans = {s.span_id: s for s in spans_of(verifier()._engine, normalize_sources(SOURCES, None))}
    span_id = claim.details["judge"]["findings"][0]["span_id"]
    verdict = JudgeVerdict(
        claim.claim_id, "CONTRADICTED", (Finding(span_id, "CONTRADICTED", QUOTE),)
    )
    for role, outcome in (("confirm", "not_applied"), ("decide", "agreed")):
        after, got, findings = decide(claim, verdict, {span_id}, spans, JudgeConfig(role=role))
        assert got == outcome and findings[0]["verified"] and after is claim


@pytest.mark.parametrize(
    ("role", "reason"), [("confirm", "NOT_ENTAILED (PARTIAL_SUPPORT)"), ("decide", "NOT_ENTAILED")]
)
def test_not_enough_info(role, reason):
    """NOT_ENOUGH_INFO: kept under confirm, NOT_ENTAILED under decide; never SUPPORTED."""
    claim, record = judged(check(FunctionJudge(nei), role=role))
    assert claim.assessment is C.INSUFFICIENT_EVIDENCE and claim.reason_text == reason
    assert record["label"] == "NOT_ENOUGH_INFO" and record["findings"] == []


def test_decide_can_demote_a_supported_claim_when_all_escalate():
    """escalate=all, role=decide: a matcher-supported claim the judge finds unsupported is not kept."""
    g = check(FunctionJudge(nei), text=SUPPORTED, escalate="all", role="decide")
    claim, record = judged(g)
    assert (
        claim.assessment is C.INSUFFICIENT_EVIDENCE
        and record["matcher"]["assessment"] == "SUPPORTED"
    )
    assert g.trace.claims[0].verdict == "unsupported"


def test_confirm_never_sends_supported_claims():
    """Under confirm the judge could not change a SUPPORTED claim, so it is not asked."""
    judge = FunctionJudge(nei)
    claim, record = judged(check(judge, text=SUPPORTED, escalate="all"))
    assert judge.batches == [] and record is None and claim.assessment is C.SUPPORTED


NUMERIC = "The telescope orbits the Sun near the L2 point, 3.5 million kilometres from Earth."


@pytest.mark.parametrize(
    ("escalate", "sent"),
    [("none", set()), ("partial", {"c1"}), ("gated", {"c1", "c3"}), ("all", {"c1", "c2", "c3"})],
)
def test_escalation_policies_pick_nested_sets(escalate, sent):
    """none ⊂ partial ⊂ gated (partial or a gate fired) ⊂ all, by band and details."""
    text = f"{PARTIAL} {UNSUPPORTED} {NUMERIC}"
    judge = FunctionJudge(nei)
    g = check(judge, text=text, escalate=escalate)
    assert {cid for batch in judge.batches for cid in batch} == sent
    assert g.case.metadata["judge"]["escalated"] == len(sent)


@pytest.mark.parametrize(
    ("role", "sent"), [("confirm", {"c1", "c2"}), ("decide", {"c1", "c2", "c3"})]
)
def test_by_default_the_judge_gets_the_uncertain_claims_and_under_decide_the_refuted(role, sent):
    """escalate='uncertain' (the default): the claims the offline engine left UNCERTAIN; under
    role='decide' the REFUTED ones too, for a second look."""
    assert JudgeConfig().escalate == "uncertain"
    judge = FunctionJudge(nei)
    g = check(judge, text=f"{PARTIAL} {UNSUPPORTED} {NUMERIC}", role=role)
    plain = verifier().verify_case(f"{PARTIAL} {UNSUPPORTED} {NUMERIC}", SOURCES)
    assert [c.outcome.value for c in plain.claims] == [
        "UNCERTAIN",
        "UNCERTAIN",
        "REFUTED",
    ]  # c2: an unstated figure, marked
    assert {cid for batch in judge.batches for cid in batch} == sent
    assert g.case.metadata["judge"]["escalate"] == "uncertain"


def test_a_judge_that_finds_no_support_is_not_overruled_by_a_probability():
    """A claim the offline engine passed as likely supported, sent anyway (escalate='partial'):
    the judge's NOT_ENOUGH_INFO leaves it UNCERTAIN (marked), whatever its p_wrong."""
    plain = verifier().verify_case(three_partials(), SOURCES)
    passed = [c.claim_id for c in plain.claims if c.outcome is ClaimOutcome.SUPPORTED]
    g = check(FunctionJudge(nei), text=three_partials(), escalate="partial", strictness="precise")
    judged_out = {c.claim_id: c.outcome for c in g.case.claims}
    assert passed and all(judged_out[cid] is ClaimOutcome.UNCERTAIN for cid in passed)
    assert g.text.count("[unverified]") == 3


def test_a_claim_likely_supported_offline_is_not_sent_by_default():
    """Partial-band claims the offline engine already passed as likely supported stay unasked;
    escalate='partial' would send all three."""
    plain = verifier().verify_case(three_partials(), SOURCES)
    passed = {c.claim_id for c in plain.claims if c.outcome is ClaimOutcome.SUPPORTED}
    assert passed and all(c.assessment is not C.SUPPORTED for c in plain.claims)
    judge = FunctionJudge(nei)
    check(judge, text=three_partials())
    asked = {cid for batch in judge.batches for cid in batch}
    assert asked == {c.claim_id for c in plain.claims} - passed


def test_the_judge_sees_the_top_k_distinct_spans_best_first():
    """top_k spans, windows holding an already chosen span skipped, the best span first."""
    seen = []

    def spy(request):
        seen.append(request)
        return nei(request)

    check(FunctionJudge(spy), top_k=2)
    (request,) = seen
    assert len(request.spans) == 2 and request.claim == PARTIAL
    assert request.spans[0].text.startswith("The James Webb Space Telescope launched")


# -- budget, cache, failure ----------------------------------------------------------------


def three_partials() -> str:
    return (
        f"{PARTIAL} The primary mirror of the telescope is 6.5 metres wide. "
        "The mirror has 18 segments made of beryllium."
    )


def test_max_calls_leaves_the_rest_with_the_matcher_and_a_note():
    """max_calls=1: one claim judged, the others over_budget with their matcher verdicts."""
    judge = FunctionJudge(supports())
    g = check(judge, text=three_partials(), escalate="partial", max_calls=1, batch_size=4)
    outcomes = [c.details["judge"]["outcome"] for c in g.case.claims]
    assert judge.batches == [["c1"]]
    assert outcomes[1:] == ["over_budget", "over_budget"]
    assert all(c.reason_detail.value == "PARTIAL_SUPPORT" for c in g.case.claims[1:])
    assert g.trace.stats["judge"]["over_budget"] == 2


def test_max_seconds_is_checked_before_each_batch():
    """Per claim, a clock past max_seconds after the first batch: the second is never sent."""
    g = check(FunctionJudge(nei), text=three_partials(), escalate="none")
    ticks = iter([0.0, 0.0, 5.0, 5.0, 5.0])
    judge = FunctionJudge(nei)
    config = JudgeConfig(max_seconds=1.0, batch_size=2, requests="per_claim", escalate="partial")
    spans = spans_of(verifier()._engine, normalize_sources(SOURCES, None))
    claims, meta = apply_judge(g.case.claims, spans, judge, config, clock=lambda: next(ticks))
    assert sorted(judge.batches) == [["c1"], ["c2"]]
    assert meta["over_budget"] == 1 and claims[2].details["judge"]["outcome"] == "over_budget"


def test_verdicts_are_cached_across_cases_but_failures_are_not():
    """The same claim and spans twice: one judge call; a failed verdict is asked again."""
    judge = FunctionJudge(supports())
    v = verifier(judge=judge)
    first = v.verify_case(PARTIAL, SOURCES)
    second = v.verify_case(PARTIAL, SOURCES)
    assert len(judge.batches) == 1
    assert second.claims[0].details["judge"]["cached"] is True
    assert second.claims[0].assessment is first.claims[0].assessment is C.SUPPORTED

    calls = []

    def flaky(request):
        calls.append(1)
        return JudgeVerdict(request.claim_id, "NOT_ENOUGH_INFO", error="down")

    v2 = verifier(judge=FunctionJudge(flaky))
    v2.verify_case(PARTIAL, SOURCES)
    v2.verify_case(PARTIAL, SOURCES)
    assert len(calls) == 2


def test_a_raising_judge_falls_back_to_the_matcher():
    """A judge that raises: every request failed, verdicts kept, the case still assessed."""

    def broken(request):
        raise RuntimeError("judge exploded")

    g = check(FunctionJudge(broken), text=three_partials(), escalate="partial")
    assert [c.details["judge"]["outcome"] for c in g.case.claims] == ["failed"] * 3
    assert all(c.assessment is C.INSUFFICIENT_EVIDENCE for c in g.case.claims)
    assert "judge exploded" in g.case.claims[0].details["judge"]["error"]
    assert layers(g.case) == ("SUCCESS", "ASSESSED", None, "FAIL")


def test_a_raising_judge_with_indeterminate_fails_the_case():
    """on_failure='indeterminate': ERROR / NOT_EVALUATED / JUDGE_FAILED, no claims reported."""

    def broken(request):
        raise RuntimeError("judge exploded")

    g = check(FunctionJudge(broken), on_failure="indeterminate")
    assert layers(g.case) == ("ERROR", "NOT_EVALUATED", "JUDGE_FAILED", "INDETERMINATE")
    assert g.case.claims == [] and PARTIAL not in g.text


def test_a_judge_returning_the_wrong_number_of_verdicts_fails_its_batch():
    """Verdicts must come one per request, in order; otherwise the batch failed."""

    class Short(FunctionJudge):
        def judge(self, requests):
            return []

    claim, record = judged(check(Short(nei)))
    assert record["outcome"] == "failed" and claim.assessment is C.INSUFFICIENT_EVIDENCE


def test_a_judge_without_the_protocol_is_rejected():
    """CitationVerifier(judge=...) checks the object at construction."""
    with pytest.raises(ValueError, match="judge"):
        verifier(judge=object())


@pytest.mark.parametrize(
    "bad",
    [
        {"escalate": "some"},
        {"role": "veto"},
        {"max_seconds": 0},
        {"top_k": 0},
        {"quote_min_overlap": 0.3},
        {"unknown": 1},
    ],
)
def test_judge_config_is_validated(bad):
    """JudgeConfig rejects unknown values and keys with a ConfigError naming the field."""
    with pytest.raises(ConfigError) as info:
        VerifyConfig(judge=bad)
    assert "judge" in str(info.value)


# -- NLI as a judge --------------------------------------------------------------------------


def test_nli_judge_supports_and_conflicts():
    """NliJudge: entailment lifts a partial claim; one source entailing, another contradicting → CONFLICTING."""
    ent = FixedNli(lambda p, h: (0.02, 0.95, 0.03))
    claim, record = judged(check(NliJudge(ent)))
    assert claim.assessment is C.SUPPORTED and record["findings"][0]["score"] == pytest.approx(0.95)

    sources = [
        "The mirror is made of 18 beryllium segments and it is gold coated.",
        "The mirror is made of 18 gold segments, not beryllium segments.",
    ]

    def by_source(premise, hypothesis):
        return (0.9, 0.05, 0.05) if "not beryllium" in premise else (0.05, 0.9, 0.05)

    text = "The mirror has 18 segments made of beryllium."
    claim, record = judged(
        check(
            NliJudge(FixedNli(by_source)), text=text, sources=sources, role="decide", escalate="all"
        )
    )
    assert claim.assessment is C.CONFLICTING_SOURCES
    assert claim.supporting_sources == ["source_0"] and claim.contradicting_sources == ["source_1"]


def test_nli_judge_failure_falls_back():
    """A scorer that raises: outcome failed, the claim keeps the matcher's verdict."""

    def broken(p, h):
        raise RuntimeError("nli down")

    claim, record = judged(check(NliJudge(FixedNli(broken))))
    assert record["outcome"] == "failed" and claim.assessment is C.INSUFFICIENT_EVIDENCE


# -- the LLM judge's conversation -------------------------------------------------------------


def request() -> JudgeRequest:
    from longtracer_core.judge import JudgeSpan

    return JudgeRequest(
        "c1",
        PARTIAL,
        (JudgeSpan("s0:w", "source_0", SOURCES[0]), JudgeSpan("s1", "source_1", SOURCES[1])),
    )


def test_llm_judge_maps_passage_ids_back_to_span_ids():
    """The model answers P2; the finding names the real span id, the raw output is kept."""
    out = {"label": "SUPPORTED", "passage": "P2", "quote": "made of 18 beryllium segments"}
    chat = ScriptedChat([{"C1": out}])
    (verdict,) = LLMJudge(chat, reply="quote").judge([request()])
    assert verdict.findings == (Finding("s1", "SUPPORTED", "made of 18 beryllium segments"),)
    assert verdict.raw == out and verdict.attempts == 1
    system, user = chat.calls[0]
    assert system["role"] == "system" and "[P1] (source source_0) " + SOURCES[0] in user["content"]
    assert user["content"].endswith(f"[C1] {PARTIAL} (see P1, P2)")


@pytest.mark.parametrize(
    "bad",
    [
        {"label": "SUPPORTED", "passage": "P7", "quote": "x y z"},  # a passage not shown
        {"label": "SUPPORTED", "passage": "none", "quote": "x y z"},  # a label without one
        {"label": "CONTRADICTED", "passage": "P1", "quote": " "},  # a label without a quote
        {"label": "TRUE", "passage": "P1", "quote": "x"},  # not a label
        {"label": "SUPPORTED", "passage": "P1", "quote": "x", "why": "extra"},
    ],
)
def test_llm_judge_reasks_invalid_output_with_the_error(bad):
    """An invalid verdict is re-asked with the error appended, then accepted."""
    good = {"label": "NOT_ENOUGH_INFO", "passage": "none", "quote": ""}
    chat = ScriptedChat([{"C1": bad}, {"C1": good}])
    (verdict,) = LLMJudge(chat, reply="quote").judge([request()])
    assert verdict.label == "NOT_ENOUGH_INFO" and verdict.attempts == 2 and verdict.error is None
    assert chat.calls[1][-1]["role"] == "user" and "invalid" in chat.calls[1][-1]["content"]


def test_llm_judge_gives_an_error_verdict_after_the_last_retry():
    """Garbage every time: an error verdict carrying the attempts, never a label that counts."""
    chat = ScriptedChat(["no", {"x": 1}, "still no"])
    (verdict,) = LLMJudge(chat, max_retries=2).judge([request()])
    assert verdict.error is not None and verdict.attempts == 3 and verdict.findings == ()


def test_prompt_hash_is_stable_and_recorded():
    """The prompt hash keys the cache and reaches the record."""
    from longtracer_core.judge.prompt import PROMPT_HASH

    judge = LLMJudge(ScriptedChat([{"C1": "unknown"}]))
    assert judge.prompt_hash == PROMPT_HASH and len(PROMPT_HASH) == 16
    g = verifier(judge=judge).guard(PARTIAL, SOURCES)
    assert g.case.claims[0].details["judge"]["prompt_hash"] == PROMPT_HASH


@pytest.mark.model
def test_check_case_takes_a_judge():
    """check_case(..., judge=...) escalates on the default model; a non-judge is an input error."""
    from longtracer_core import check_case

    judge = FunctionJudge(nei)
    config = VerifyConfig(judge=JudgeConfig(escalate="all", role="decide"))
    case = check_case(SUPPORTED, SOURCES, config=config, judge=judge)
    assert judge.batches == [["c1"]]
    (claim,) = case.claims
    assert claim.reason.value == "NOT_ENTAILED" and case.quality_gate.value == "FAIL"
    with pytest.raises(ValueError, match="judge"):
        check_case(SUPPORTED, SOURCES, judge="gpt-4")


def test_a_cached_verdict_points_at_the_spans_of_the_new_case():
    """Same claim and span texts under other source ids: the hit cites this case's span."""
    judge = FunctionJudge(supports())
    v = verifier(judge=judge)
    v.verify_case(PARTIAL, SOURCES)
    renamed = [{"text": t, "source_id": f"doc-{i}"} for i, t in enumerate(SOURCES)]
    case = v.verify_case(PARTIAL, renamed)
    (claim,) = case.claims
    assert len(judge.batches) == 1 and claim.details["judge"]["cached"] is True
    assert claim.assessment is C.SUPPORTED and claim.supporting_sources == ["doc-0"]
    (finding,) = claim.details["judge"]["findings"]
    assert finding["verified"] and finding["quote_span"]["source_id"] == "doc-0"
