"""The ``"compact"`` reply: one string per claim, the label and the deciding sentence's id.

Against the same stand-in server as the ``"sentence"`` reply; what follows the
entry (the finding's quote is the named sentence, verified in its span) is the
same for every reply shape.
"""

from __future__ import annotations

from typing import Any

import pytest
import respx

from longtracer_core import JudgeConfig, LLMJudge, VerifyConfig
from longtracer_core.judge.prompt import prompt_hash
from longtracer_core.judge.reply import parse_entry
from longtracer_core.providers.structured import InvalidOutput
from tests.core.judge.test_judge_per_answer import URL, StandIn, chat
from tests.core.judge.test_judge_sentence_reply import (
    ANSWER,
    SOURCES,
    best_sentence,
    only_it_failed,
)
from tests.helpers import verifier


def compact(claim: str, passages: dict[str, str], hints: list[str]) -> str:
    return f"supported {best_sentence(claim, passages, hints)['sentence']}"


def run(server: StandIn) -> Any:
    respx.post(URL).mock(side_effect=server)
    config = VerifyConfig(judge=JudgeConfig(escalate="all", role="decide"))
    v = verifier(judge=LLMJudge(chat(), reply="compact"), config=config)
    return v.guard(ANSWER, SOURCES, policy="redact")


@respx.mock
def test_six_claims_one_request_each_entry_one_string_naming_a_shown_sentence():
    server = StandIn(reply=compact)
    g = run(server)
    assert server.requests == 1 and g.case.metadata["judge"]["escalated"] == 6
    (body,) = server.bodies
    item = body["response_format"]["json_schema"]["schema"]["$defs"]["verdict"]
    assert item["type"] == "string" and item["enum"][-1] == "unknown"
    assert "supported S1" in item["enum"] and "contradicted S6" in item["enum"]
    assert "supported S7" not in item["enum"]  # only the six sentences shown
    user = body["messages"][1]["content"]  # sentences and claims, no other markup to read
    assert "[P1]" not in user and "(source" not in user and "(see" not in user
    assert "[S1]" in user and "[C6]" in user
    for claim in g.case.claims:
        (finding,) = claim.details["judge"]["findings"]
        assert finding["verified"] and claim.claim_text.rstrip(".") in finding["quote"]
        assert claim.assessment.value == "SUPPORTED"


@respx.mock
def test_a_malformed_entry_is_asked_again_alone_and_touches_no_other_claim():
    def bad_for_ariane(claim, passages, hints):
        return "supported" if "Ariane" in claim else compact(claim, passages, hints)

    server = StandIn(reply=bad_for_ariane)
    g = run(server)
    assert server.requests > 1
    only_it_failed(g, "Ariane")


@respx.mock
def test_not_enough_info_alone_supports_nothing():
    g = run(StandIn(reply=lambda claim, passages, hints: "unknown"))
    assert all(c.assessment.value != "SUPPORTED" for c in g.case.claims)
    assert all(c.details["judge"]["findings"] == [] for c in g.case.claims)


def test_an_entry_is_read_as_a_verdict_on_its_sentence():
    shown = {"S1": ("P1", "Alpha launched in 2021."), "S2": ("P2", "Beta weighs 6 tonnes.")}

    def read(raw: Any) -> Any:
        return parse_entry("compact", "C1", raw, ["P1", "P2"], shown)

    got = read("contradicted S2")
    assert (got.label, got.passage, got.quote) == ("CONTRADICTED", "P2", "Beta weighs 6 tonnes.")
    assert read("SUPPORTED S1").label == "SUPPORTED"  # a server in plain JSON mode
    for none in (read("unknown"), read("NOT_ENOUGH_INFO")):
        assert (none.label, none.passage, none.quote) == ("NOT_ENOUGH_INFO", "none", "")
    for bad in ("supported", "supported S3", "unknown S1", "maybe S1", "S1", 7, None,
                {"label": "SUPPORTED", "sentence": "S1"}):  # fmt: skip
        with pytest.raises(InvalidOutput):
            read(bad)


def test_the_compact_shape_has_its_own_prompt_hash():
    assert len({prompt_hash("quote"), prompt_hash("sentence"), prompt_hash("compact")}) == 3
    assert LLMJudge(chat(), reply="compact").prompt_hash == prompt_hash("compact")
