"""The per-answer prompt: passages once (overlaps merged), claims last, packed by tokens."""

from __future__ import annotations

from longtracer_core.judge import JudgeRequest, JudgeSpan, estimate_tokens, pack_requests
from longtracer_core.judge.reply import SYSTEM_PROMPTS

SOURCE = "Alpha launched in 2021. Beta weighs 6 tonnes. Gamma orbits at L2. Delta is cold."


def span(span_id: str, start: int, end: int, source: str = "S1") -> JudgeSpan:
    return JudgeSpan(span_id, source, SOURCE[start:end], start, end)


FIRST_TWO = span("w0", 0, 45)  # "Alpha ... Beta weighs 6 tonnes."
LAST_THREE = span("w1", 24, len(SOURCE))  # "Beta ... Delta is cold."
GAMMA = span("s2", 46, 65)


def pack(*requests: JudgeRequest, budget: int = 3000, claims: int = 100):
    return pack_requests(
        requests, max_prompt_tokens=budget, max_claims=claims, max_span_chars=2000, reply="quote"
    )


def test_overlapping_spans_of_a_source_are_one_passage():
    """Two windows sharing a sentence are shown once, as their union; a sentence inside joins."""
    (p,) = pack(
        JudgeRequest("c1", "Alpha launched in 2021.", (FIRST_TWO,)),
        JudgeRequest("c2", "Gamma orbits at L2.", (GAMMA, LAST_THREE)),
    )
    (passage,) = p.passages
    assert passage.text == SOURCE and {m.span_id for m in passage.members} == {"w0", "w1", "s2"}
    assert p.hints == {"C1": ("P1",), "C2": ("P1",)}
    assert p.messages(["C1", "C2"])[1]["content"].count("Beta weighs 6 tonnes") == 1


def test_a_finding_on_a_merged_passage_cites_the_member_holding_the_quote():
    """The shortest member span holding the quote is cited; an invented quote, the longest."""
    (p,) = pack(JudgeRequest("c1", "Gamma is at L2.", (FIRST_TWO, GAMMA, LAST_THREE)))
    assert p.cited("P1", "Gamma orbits at L2").span_id == "s2"
    assert p.cited("P1", "Alpha launched in 2021").span_id == "w0"
    assert p.cited("P1", "Epsilon is hot").span_id == "w1"
    assert p.cited("none", "") is None


def test_spans_of_other_sources_stay_apart_in_first_seen_order():
    """Passages are numbered in the order the claims' spans first appear."""
    other = JudgeSpan("t0", "S2", "Omega is far away.", 0, 18)
    (p,) = pack(
        JudgeRequest("c1", "Omega is far.", (other,)),
        JudgeRequest("c2", "Gamma orbits at L2.", (GAMMA,)),
    )
    assert [(x.pid, x.source_id) for x in p.passages] == [("P1", "S2"), ("P2", "S1")]


def test_system_prompt_and_passages_come_first_and_stay_the_same_for_one_claim():
    """Asking one claim of a pack repeats the pack's bytes up to the claims."""
    (p,) = pack(
        JudgeRequest("c1", "Alpha launched in 2021.", (FIRST_TWO,)),
        JudgeRequest("c2", "Gamma orbits at L2.", (GAMMA,)),
    )
    both, one = p.messages(["C1", "C2"]), p.messages(["C2"])
    assert both[0] == one[0] == {"role": "system", "content": SYSTEM_PROMPTS["quote"]}
    head = both[1]["content"].split("Claims:\n")[0]
    assert one[1]["content"] == head + "Claims:\n[C2] Gamma orbits at L2. (see P2)"


def test_claims_are_packed_by_the_token_budget_not_by_a_count():
    """Short claims share a request; when the estimate would pass the budget a new one starts."""
    requests = [JudgeRequest(f"c{i}", f"Claim number {i} is here.", (GAMMA,)) for i in range(40)]
    (one,) = pack(*requests)
    size = estimate_tokens(str(one.messages(list(one.claims))))
    several = pack(*requests, budget=size // 3)
    assert len(several) >= 3 and sum(len(x.claims) for x in several) == 40
    assert [len(x.claims) for x in pack(*requests, claims=16)] == [16, 16, 8]
