"""The ``"sentence"`` reply: the model names the deciding sentence of numbered evidence.

Against the stand-in server of ``test_judge_per_answer`` (it reads the prompt
the way a model would); the finding's quote is the named sentence, checked
against its span like any quote.
"""

from __future__ import annotations

from typing import Any

import pytest
import regex
import respx

from longtracer_core import InvalidInputError, JudgeConfig, LLMJudge, VerifyConfig
from longtracer_core.judge import JudgeRequest, JudgeSpan, pack_requests
from longtracer_core.judge.prompt import prompt_hash
from longtracer_core.judge.reply import parse_entry
from longtracer_core.providers.structured import InvalidOutput
from tests.core.judge.test_judge_per_answer import URL, StandIn, chat
from tests.helpers import verifier

SOURCES = [
    "The Webb telescope launched in December 2021. The launch used an Ariane 5 rocket. "
    "Its primary mirror is 6.5 metres across.",
    "The mirror is made of 18 beryllium segments. The telescope orbits the Sun near the L2 "
    "point. The L2 point is 1.5 million kilometres from Earth.",
]
ANSWER = " ".join(SOURCES)
_SENTENCE = regex.compile(r"\[(S\d+)\] (.*?)(?= \[S\d+\] |$)")
_WORD = regex.compile(r"\w+")


def sentences_of(passages: dict[str, str]) -> dict[str, str]:
    return {sid: text for p in passages.values() for sid, text in _SENTENCE.findall(p)}


def best_sentence(claim: str, passages: dict[str, str], hints: list[str]) -> dict[str, Any]:
    """SUPPORTED, naming the shown sentence that shares the most words with the claim."""
    words = set(_WORD.findall(claim.lower()))
    shown = sentences_of(passages)
    sid = max(shown, key=lambda s: len(words & set(_WORD.findall(shown[s].lower()))))
    return {"label": "SUPPORTED", "sentence": sid}


def run(server: StandIn, **judge: Any):
    respx.post(URL).mock(side_effect=server)
    config = VerifyConfig(judge=JudgeConfig(escalate="all", role="decide"))
    v = verifier(judge=LLMJudge(chat(**judge), reply="sentence"), config=config)
    return v.guard(ANSWER, SOURCES, policy="redact")


@respx.mock
def test_six_claims_one_request_and_each_finding_quotes_the_named_sentence():
    """One request; the prompt numbers every sentence; each finding is the named sentence,
    verified in the span it cites, and the reply schema allows only the ids shown."""
    server = StandIn(reply=best_sentence)
    g = run(server)
    assert server.requests == 1 and g.case.metadata["judge"]["escalated"] == 6
    (body,) = server.bodies
    user = body["messages"][1]["content"]
    passages = dict(enumerate(user.split("\n\nClaims:\n")[0].splitlines()[1:]))
    shown = sentences_of(passages)
    assert sorted(shown.values()) == sorted(regex.split(r"(?<=\.) ", ANSWER))
    item = body["response_format"]["json_schema"]["schema"]["$defs"]["verdict"]["anyOf"][0]
    assert item["properties"]["sentence"]["enum"] == list(shown)
    for claim in g.case.claims:
        (finding,) = claim.details["judge"]["findings"]
        named = best_sentence(claim.claim_text, passages, [])
        assert finding["verified"] and finding["quote"] == shown[named["sentence"]]
        ref = finding["quote_span"]
        quoted = g.trace.sources[ref["source_index"]]["text"][ref["start"] : ref["end"]]
        assert quoted == finding["quote"].rstrip(".")  # the span of the sentence's words
        assert claim.assessment.value == "SUPPORTED"


@respx.mock
def test_an_id_not_shown_is_asked_again_alone_and_touches_no_other_claim():
    """A sentence id the prompt never showed is an invalid entry: that claim alone is asked
    again; still invalid, it keeps the matcher's verdict and fails; the rest apply."""

    def unknown_for_ariane(claim, passages, hints):
        if "Ariane" in claim:
            return {"label": "SUPPORTED", "sentence": "S99"}
        return best_sentence(claim, passages, hints)

    server = StandIn(reply=unknown_for_ariane)
    g = run(server)
    assert server.requests > 1
    assert all(b["messages"][1]["content"].count("\n[C") == 1 for b in server.bodies[1:])
    only_it_failed(g, "Ariane")


def only_it_failed(guarded: Any, word: str) -> None:
    """The claim naming ``word`` failed and kept the matcher's verdict; the rest applied."""
    (bad,) = [c for c in guarded.case.claims if word in c.claim_text]
    assert bad.details["judge"]["outcome"] == "failed"
    assert bad.assessment.value == bad.details["judge"]["matcher"]["assessment"]
    others = [c for c in guarded.case.claims if c is not bad]
    assert all(c.details["judge"]["outcome"] in ("applied", "agreed") for c in others)


@respx.mock
def test_not_enough_info_names_no_sentence_and_supports_nothing():
    server = StandIn(
        reply=lambda claim, passages, hints: {"label": "NOT_ENOUGH_INFO", "sentence": "none"}
    )
    g = run(server)
    assert all(c.assessment.value != "SUPPORTED" for c in g.case.claims)
    assert all(c.details["judge"]["findings"] == [] for c in g.case.claims)


def test_sentences_are_numbered_across_passages_in_order():
    """S ids run on from one passage to the next; a span of one sentence is one id."""
    a = JudgeSpan("a", "doc-a", SOURCES[0], 0, len(SOURCES[0]))
    b = JudgeSpan("b", "doc-b", SOURCES[1], 0, len(SOURCES[1]))
    (pack,) = pack_requests(
        [JudgeRequest("c1", "x", (a,)), JudgeRequest("c2", "y", (b,))],
        max_prompt_tokens=3000, max_claims=10, max_span_chars=2000, reply="sentence",
    )  # fmt: skip
    assert [(sid, pid) for sid, (pid, _) in pack.sentences.items()] == [
        ("S1", "P1"), ("S2", "P1"), ("S3", "P1"), ("S4", "P2"), ("S5", "P2"), ("S6", "P2"),
    ]  # fmt: skip
    assert "[P2] (source doc-b) [S4] The mirror is made of 18 beryllium segments. [S5]" in (
        pack.evidence()
    )


def test_an_entry_is_read_as_a_verdict_on_its_sentence():
    shown = {"S1": ("P1", "Alpha launched in 2021."), "S2": ("P2", "Beta weighs 6 tonnes.")}

    def read(raw):
        return parse_entry("sentence", "C1", raw, ["P1", "P2"], shown)

    got = read({"label": "CONTRADICTED", "sentence": "S2"})
    assert (got.label, got.passage, got.quote) == ("CONTRADICTED", "P2", "Beta weighs 6 tonnes.")
    none = read({"label": "NOT_ENOUGH_INFO", "sentence": "none"})
    assert (none.passage, none.quote) == ("none", "")
    for bad in (
        {"label": "SUPPORTED", "sentence": "none"},
        {"label": "SUPPORTED", "sentence": "S3"},
        {"label": "SUPPORTED", "sentence": "S1", "quote": "Alpha"},
        {"label": "MAYBE", "sentence": "S1"},
    ):
        with pytest.raises(InvalidOutput):
            read(bad)


def test_each_reply_has_its_own_prompt_hash_and_a_bad_reply_is_refused():
    """Cached verdicts of one reply shape are never served to the other."""
    assert prompt_hash("quote") != prompt_hash("sentence")
    assert LLMJudge(chat(), reply="sentence").prompt_hash == prompt_hash("sentence")
    with pytest.raises(InvalidInputError):
        LLMJudge(chat(), reply="paraphrase")  # type: ignore[arg-type]
