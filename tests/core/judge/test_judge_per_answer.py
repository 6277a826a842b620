"""One judge request per answer, against a stand-in OpenAI-compatible server (respx).

The stand-in reads the prompt the way a model would (passages ``[P1]`` …, claims
``[C1]`` …), answers what each test scripts, and counts the requests and the
structured-output forms it was sent.
"""

from __future__ import annotations

import json
import re
import threading
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
import respx

from longtracer_core import (
    JudgeConfig,
    JudgeUnavailableWarning,
    LLMJudge,
    OpenAICompatibleChat,
    VerifyConfig,
)
from tests.helpers import SOURCES, verifier

BASE = "http://standin.test/v1"
URL = f"{BASE}/chat/completions"
SIX = (
    "The Webb telescope launched in December 2021. The launch used an Ariane 5 rocket. "
    "The primary mirror is 6.5 metres across. The mirror is made of 18 beryllium "
    "segments. The telescope orbits the Sun near the L2 point. The L2 point is 1.5 million "
    "kilometres from Earth."
)

# a verdict: the claim, the sentences shown (key -> (passage id, text)) and the keys of the
# claim's own passages' sentences -> (label, key of the cited sentence), (label, None), or
# (label, an invented quote), or None to leave the claim out
Verdict = Callable[[str, dict[str, tuple[str, str]], list[str]], tuple[str, str | None] | None]
# a raw reply: the claim, the passages (id -> text) and its hints -> the entry as written
Raw = Callable[[str, dict[str, str], list[str]], Any]
SENTENCE = re.compile(r"\[(S\d+)\] (.*?)(?= \[S\d+\] |$)")


def shared(claim: str, text: str) -> int:
    return len(set(re.findall(r"\w+", claim.lower())) & set(re.findall(r"\w+", text.lower())))


def best_sentence(claim: str, sentences: dict[str, tuple[str, str]], own: list[str]):
    """SUPPORTED, citing the sentence of the claim's own passages closest to it in words
    (what a model that reads does)."""
    return "SUPPORTED", max(own, key=lambda k: shared(claim, sentences[k][1]))


def first_words(claim: str, passages: dict[str, str], hints: list[str]) -> dict[str, Any]:
    """A raw quote entry: SUPPORTED, quoting the first words of the claim's first passage."""
    pid = hints[0]
    return {"label": "SUPPORTED", "passage": pid, "quote": " ".join(passages[pid].split()[:8])}


def _sentences(passages: dict[str, str]) -> dict[str, tuple[str, str]]:
    """The sentences shown (key -> passage id, text): numbered ``[S1]`` ones, else each
    passage cut at its full stops (keys ``P1.0`` …)."""
    out: dict[str, tuple[str, str]] = {}
    for pid, text in passages.items():
        numbered = SENTENCE.findall(text)
        parts = numbered or [(f"{pid}.{i}", t) for i, t in enumerate(re.split(r"(?<=\.) ", text))]
        out.update((key, (pid, t)) for key, t in parts)
    return out


def _shape(evidence: str) -> str:
    """The reply shape the evidence's layout belongs to (the same in every structured form)."""
    if "[S1]" not in evidence:
        return "quote"
    return "sentence" if "\n[P1]" in evidence else "compact"


def _entry(shape: str, verdict: tuple[str, str | None], sentences: dict[str, tuple[str, str]]):
    """The verdict written as the request's reply shape asks."""
    label, cited = verdict
    if shape == "compact":
        return "unknown" if cited is None else f"{label.lower()} {cited}"
    if shape == "sentence":
        return {"label": label, "sentence": cited or "none"}
    if cited is None:
        return {"label": label, "passage": "none", "quote": ""}
    pid, quote = sentences.get(cited, (next(iter(sentences.values()))[0], cited))
    return {"label": label, "passage": pid, "quote": quote}


@dataclass
class StandIn:
    """A chat-completions server that answers each claim of a request.

    ``verdict`` decides each claim and the stand-in writes it in the reply shape
    the request's schema asks for; a ``reply`` instead writes the entry itself.
    Either returns None to leave the claim out. ``refuse`` lists the
    response_format forms answered with ``refuse_status``.
    """

    verdict: Verdict = best_sentence
    reply: Raw | None = None
    refuse: tuple[str, ...] = ()
    refuse_status: int = 500
    usage: dict[str, int] = field(
        default_factory=lambda: {"prompt_tokens": 300, "completion_tokens": 40}
    )
    bodies: list[dict[str, Any]] = field(default_factory=list)
    forms: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @staticmethod
    def form(body: dict[str, Any]) -> str:
        fmt = body["response_format"]
        if fmt["type"] == "json_schema":
            return "json_schema"
        return "json_object" if "schema" in fmt else "json_mode"

    def __call__(self, request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        form = self.form(body)
        with self.lock:
            self.forms.append(form)
        if form in self.refuse:
            return httpx.Response(self.refuse_status, text=f"{form} is not supported")
        with self.lock:
            self.bodies.append(body)
        user = body["messages"][1]["content"]
        evidence, claims = user.split("\n\nClaims:\n", 1)
        passages = {}
        for n, line in enumerate(evidence.splitlines()[1:]):
            if line.startswith("[P"):  # "[P1] (source S1) text"
                pid, rest = line[1:].split("] ", 1)
                passages[pid] = rest.split(") ", 1)[1]
            else:  # the compact reply's bare sentences: one passage a line
                passages[f"P{n + 1}"] = line
        sentences, shape = _sentences(passages), _shape(evidence)
        reply: dict[str, Any] = {}
        for line in claims.split("\n\nReply with")[0].splitlines():
            cid, rest = line[1:].split("] ", 1)
            text, see = (
                rest.rsplit(" (see ", 1) if " (see " in rest else (rest, ", ".join(passages))
            )
            hints = see.rstrip(")").split(", ")
            if self.reply is not None:
                entry = self.reply(text, passages, hints)
            else:
                found = self.verdict(
                    text, sentences, [k for k in sentences if sentences[k][0] in hints]
                )
                entry = None if found is None else _entry(shape, found, sentences)
            if entry is not None:
                reply[cid] = entry
        message = {"role": "assistant", "content": json.dumps(reply)}
        return httpx.Response(200, json={"choices": [{"message": message}], "usage": self.usage})

    @property
    def requests(self) -> int:
        return len(self.bodies)


def chat(**kw: Any) -> OpenAICompatibleChat:
    kw.setdefault("backoff", 0.0)
    kw.setdefault("max_retries", 0)
    return OpenAICompatibleChat(BASE, "stand-in", **kw)


def run(server: StandIn, text: str = SIX, judge: LLMJudge | None = None, **config: Any):
    config.setdefault("escalate", "all")
    config.setdefault("role", "decide")
    respx.post(URL).mock(side_effect=server)
    v = verifier(judge=judge or LLMJudge(chat()), config=VerifyConfig(judge=JudgeConfig(**config)))
    return v, v.guard(text, SOURCES, policy="redact")


@respx.mock
def test_six_escalated_claims_make_one_request_and_every_quote_is_checked():
    """Six claims to the judge: one request; each claim's quote verified in its own passage."""
    server = StandIn()
    _, g = run(server)
    assert g.case.metadata["judge"]["escalated"] == 6
    assert server.requests == 1 and g.case.metadata["judge"]["model_requests"] == 1
    for claim in g.case.claims:
        record = claim.details["judge"]
        (finding,) = record["findings"]
        assert finding["verified"] and record["outcome"] in ("applied", "agreed")
        ref = finding["quote_span"]
        quoted = g.trace.sources[ref["source_index"]]["text"][ref["start"] : ref["end"]]
        assert quoted == finding["quote"].rstrip(".")  # the span of its words


def cites_the_mirror_for_the_rocket(claim, sentences, own):
    """The compact reply cannot invent a quote; a model can still name a sentence that does
    not say what the claim says."""
    if "Ariane" in claim:
        return "SUPPORTED", next(k for k, (_, t) in sentences.items() if "mirror" in t)
    return best_sentence(claim, sentences, own)


def invents_the_rocket_quote(claim, sentences, own):
    if "Ariane" in claim:
        return "SUPPORTED", "launched aboard a Falcon 9 rocket"
    return best_sentence(claim, sentences, own)


@pytest.mark.parametrize(
    ("reply", "shape"),
    [(cites_the_mirror_for_the_rocket, "compact"), (invents_the_rocket_quote, "quote")],
)
@respx.mock
def test_an_unverified_citation_affects_only_its_own_claim(reply, shape):
    """One claim's evidence is invented (a quote no passage holds) or beside the point (a
    sentence that shares no word with it): that claim keeps the matcher's verdict, the
    others apply."""
    server = StandIn(verdict=reply)
    _, g = run(server, judge=LLMJudge(chat(), reply=shape))
    assert server.requests == 1
    outcomes = {c.claim_text: c.details["judge"]["outcome"] for c in g.case.claims}
    (bad,) = [c for c in g.case.claims if "Ariane" in c.claim_text]
    assert outcomes.pop(bad.claim_text) == "quote_unverified"
    assert bad.assessment.value == bad.details["judge"]["matcher"]["assessment"] != "SUPPORTED"
    # the claim stands as it would without a judge
    plain = verifier().guard(SIX, SOURCES, policy="redact")
    (alone,) = [c for c in plain.case.claims if "Ariane" in c.claim_text]
    assert (bad.assessment, bad.outcome) == (alone.assessment, alone.outcome)
    assert set(outcomes.values()) <= {"applied", "agreed"}
    assert all(c.assessment.value == "SUPPORTED" for c in g.case.claims if c is not bad)


@respx.mock
def test_a_claim_left_out_is_asked_alone_with_the_same_prefix():
    """The reply omits one claim: it is asked again alone; system prompt and passages are the
    same bytes as in the first request (a prompt cache reuses them)."""
    asked: list[str] = []

    def forgets_the_mirror_once(claim, sentences, own):
        asked.append(claim)
        if "beryllium" in claim and asked.count(claim) == 1:
            return None
        return best_sentence(claim, sentences, own)

    server = StandIn(verdict=forgets_the_mirror_once)
    _, g = run(server)
    assert server.requests == 2
    first, again = (b["messages"] for b in server.bodies)
    assert again[0] == first[0]
    evidence = first[1]["content"].split("\n\nClaims:\n")[0]
    assert again[1]["content"].startswith(evidence + "\n\nClaims:\n")
    assert again[1]["content"].count("\n[C") == 1 and "beryllium" in again[1]["content"]
    assert all(c.details["judge"]["findings"][0]["verified"] for c in g.case.claims)
    (mirror,) = [c for c in g.case.claims if "beryllium" in c.claim_text]
    assert mirror.details["judge"]["attempts"] == 2


@respx.mock
def test_a_claim_never_answered_keeps_the_matcher_verdict():
    """Never answered, alone either: the claim fails (matcher's verdict); the rest apply."""

    def never_the_mirror(claim, sentences, own):
        return None if "beryllium" in claim else best_sentence(claim, sentences, own)

    server = StandIn(verdict=never_the_mirror)
    _, g = run(server)
    # the shared request, then the mirror alone: asked once and re-asked max_retries (2) times
    assert server.requests == 4
    (mirror,) = [c for c in g.case.claims if "beryllium" in c.claim_text]
    assert mirror.details["judge"]["outcome"] == "failed"
    assert mirror.details["judge"]["matcher"]["assessment"] == mirror.assessment.value
    assert g.case.metadata["judge"]["failed"] == 1
    assert g.case.metadata["judge"]["unavailable"] is False


@respx.mock
def test_a_small_token_budget_splits_the_case():
    """A prompt budget below the whole case: several requests, every claim answered once."""
    server = StandIn()
    _, g = run(server, judge=LLMJudge(chat(), max_prompt_tokens=500))
    assert 1 < server.requests < 6
    asked = [
        c for b in server.bodies for c in b["response_format"]["json_schema"]["schema"]["required"]
    ]
    assert len(asked) == 6
    assert all(c.details["judge"]["outcome"] in ("applied", "agreed") for c in g.case.claims)


@respx.mock
def test_max_tokens_bounds_the_claims_per_request():
    """A backend capped at 40 completion tokens (the compact reply's 20 a claim) is asked about
    two claims at a time."""
    server = StandIn()
    run(server, judge=LLMJudge(chat(max_tokens=40)))
    sizes = [len(b["response_format"]["json_schema"]["schema"]["required"]) for b in server.bodies]
    assert sizes == [2, 2, 2]


@respx.mock
def test_per_claim_mode_sends_one_request_per_claim_concurrently():
    """requests='per_claim': six requests, batch_size of them in flight at once (sync path)."""
    barrier = threading.Barrier(3, timeout=30)

    def together(claim, sentences, own):
        barrier.wait()  # breaks (and the test fails) unless three requests arrive together
        return best_sentence(claim, sentences, own)

    server = StandIn(verdict=together)
    _, g = run(server, requests="per_claim", batch_size=3)
    assert server.requests == 6 and g.case.metadata["judge"]["judge_calls"] == 6
    assert all(c.details["judge"]["outcome"] in ("applied", "agreed") for c in g.case.claims)


@respx.mock
def test_tokens_per_case_reach_the_metadata_and_the_trace():
    """The request's usage is the case's; each claim's share adds up to it."""
    server = StandIn(usage={"prompt_tokens": 601, "completion_tokens": 97})
    _, g = run(server)
    assert g.case.metadata["judge"]["tokens"] == {"prompt_tokens": 601, "completion_tokens": 97}
    assert g.trace.stats["judge"]["tokens"] == {"prompt_tokens": 601, "completion_tokens": 97}
    shares = [c.details["judge"]["tokens"] for c in g.case.claims]
    assert sum(s["prompt_tokens"] for s in shares) == 601
    assert sum(s["completion_tokens"] for s in shares) == 97


@respx.mock
def test_verdicts_are_cached_per_claim():
    """The same answer twice on one verifier: the second asks the server nothing."""
    server = StandIn()
    v, _ = run(server)
    again = v.guard(SIX, SOURCES, policy="redact")
    assert server.requests == 1 and again.case.metadata["judge"]["cached"] == 6
    assert again.case.metadata["judge"]["model_requests"] == 0


@respx.mock
def test_a_finding_on_another_claims_passage_counts():
    """Every passage of the request was shown: a sentence of another claim's passage that
    states the claim counts."""
    sources = [
        "The primary mirror is 6.5 metres across.",
        "The mirror, 6.5 metres across, is made of 18 beryllium segments.",
    ]

    def other_passage(claim, sentences, own):
        _, best = best_sentence(claim, sentences, own)
        others = [k for k in sentences if sentences[k][0] != sentences[best][0]]
        return "SUPPORTED", max(others, key=lambda k: shared(claim, sentences[k][1]))

    respx.post(URL).mock(side_effect=StandIn(verdict=other_passage))
    config = VerifyConfig(judge=JudgeConfig(escalate="all", role="decide", top_k=1))
    v = verifier(judge=LLMJudge(chat()), config=config)
    g = v.guard("The primary mirror is 6.5 metres across. It has 18 beryllium segments.", sources)
    (mirror,) = [c for c in g.case.claims if "across" in c.claim_text]
    (finding,) = mirror.details["judge"]["findings"]
    assert finding["span_id"] not in mirror.details["judge"]["spans"]
    assert finding["verified"] is True and finding["source_id"] == "source_1"


# ---------------------------------------------------------------- structured-output forms
@respx.mock
def test_a_server_refusing_json_schema_gets_json_object_with_the_schema_once_and_for_all():
    """llama-cpp-python's case: HTTP 500 to json_schema; json_object with the schema is tried
    next and kept for every later request of that backend."""
    server = StandIn(refuse=("json_schema",))
    backend = chat()
    v, g = run(server, judge=LLMJudge(backend))
    v.guard("Webb circles the Sun far out, near the second Lagrange point.", SOURCES)
    assert server.forms == ["json_schema", "json_object", "json_object"]
    assert backend.negotiated == "json_object" and "json_schema" in backend.refusals[0]
    assert all(c.details["judge"]["findings"][0]["verified"] for c in g.case.claims)


@respx.mock
def test_a_json_mode_server_reads_the_schema_after_the_claims():
    """A server with JSON mode only: the schema is appended after the claims (prefix unchanged)."""
    server = StandIn(refuse=("json_schema", "json_object"), refuse_status=400)
    backend = chat()
    _, g = run(server, judge=LLMJudge(backend))
    assert server.forms == ["json_schema", "json_object", "json_mode"]
    (body,) = server.bodies
    user = body["messages"][1]["content"]
    assert user.index("Claims:") < user.index("Reply with one JSON object") < user.index('"C6"')
    assert backend.negotiated == "json_mode"
    assert all(c.details["judge"]["outcome"] in ("applied", "agreed") for c in g.case.claims)


@pytest.mark.parametrize("status", [401, 404, 429])
@respx.mock
def test_errors_that_are_not_about_the_form_are_not_tried_around(status):
    """A bad key, URL or rate limit is not a form problem: one form tried, nothing remembered."""
    server = StandIn(refuse=("json_schema",), refuse_status=status)
    backend = chat()
    run(server, judge=LLMJudge(backend))
    assert server.forms == ["json_schema"] and backend.negotiated is None


# ---------------------------------------------------------------- a judge that fails is loud
@respx.mock
def test_a_judge_that_fails_every_request_warns_once_and_flags_each_case():
    """Every request fails: one warning naming the cause over two cases, a flag on each case."""
    respx.post(URL).mock(side_effect=httpx.ConnectError("connection refused"))
    v = verifier(
        judge=LLMJudge(chat()),
        config=VerifyConfig(judge=JudgeConfig(escalate="all", role="decide")),
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        cases = [v.verify_case(SIX, SOURCES), v.verify_case(SIX, SOURCES)]
    loud = [w for w in caught if issubclass(w.category, JudgeUnavailableWarning)]
    assert len(loud) == 1 and "connection refused" in str(loud[0].message)
    for case in cases:
        meta = case.metadata["judge"]
        assert meta["unavailable"] is True and "connection refused" in meta["cause"]
        assert meta["failed"] == 6 and case.execution.value == "SUCCESS"
        assert not any(c.details["judge"]["outcome"] == "applied" for c in case.claims)


@respx.mock
def test_the_warning_comes_back_after_the_judge_recovered():
    """Down, up, down again: two warnings (one per outage)."""
    state = {"up": False}
    server = StandIn()

    def flaky(request: httpx.Request) -> httpx.Response:
        if not state["up"]:
            raise httpx.ConnectError("connection refused")
        return server(request)

    respx.post(URL).mock(side_effect=flaky)
    config = VerifyConfig(judge=JudgeConfig(escalate="all", role="decide", cache_size=0))
    v = verifier(judge=LLMJudge(chat()), config=config)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for up in (False, True, False):
            state["up"] = up
            v.verify_case(SIX, SOURCES)
    assert len([w for w in caught if issubclass(w.category, JudgeUnavailableWarning)]) == 2


@respx.mock
def test_a_prompt_longer_than_the_servers_context_is_split():
    """HTTP 400 'maximum context length' for more than two claims: asked in halves, answered."""
    server = StandIn()

    def small_context(request: httpx.Request) -> httpx.Response:
        claims = json.loads(request.content)["response_format"]["json_schema"]["schema"]
        if len(claims["required"]) > 2:
            message = "This model's maximum context length is 512 tokens."
            return httpx.Response(400, json={"error": {"message": message}})
        return server(request)

    respx.post(URL).mock(side_effect=small_context)
    backend = chat(schema_format="json_schema")
    v = verifier(
        judge=LLMJudge(backend),
        config=VerifyConfig(judge=JudgeConfig(escalate="all", role="decide")),
    )
    g = v.guard(SIX, SOURCES, policy="redact")
    sizes = [len(b["response_format"]["json_schema"]["schema"]["required"]) for b in server.bodies]
    assert sorted(sizes) == [1, 1, 2, 2] and sum(sizes) == 6
    assert all(c.details["judge"]["outcome"] in ("applied", "agreed") for c in g.case.claims)
