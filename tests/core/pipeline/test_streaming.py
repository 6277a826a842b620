"""SentenceStream: sentences released as they settle equal the batch result, under any chunking."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from longtracer_core import (
    ClaimOutcome,
    InvalidInputError,
    LLMDecomposer,
    LLMJudge,
    SentenceStream,
)
from longtracer_core.judge import Finding, JudgeRequest, JudgeVerdict
from longtracer_core.testing import FunctionChat, FunctionEmbedder, FunctionJudge
from longtracer_core.text.sentences import split_answer
from longtracer_core.text.settled import settled_end
from tests.helpers import FABRICATED, SOURCES, SUPPORTED, SWAPPED, verifier

# Sentences that are hard to cut: abbreviations, decimals, initials, citations after the full
# stop, list markers, headings, table rows, pronouns that need an earlier sentence.
POOL = [
    SUPPORTED,
    SWAPPED,
    FABRICATED,
    "Sure!",
    "Its primary mirror is 6.5 metres across.",
    "It has 18 beryllium segments [2].",
    "Dr. J. Porter said it orbits near L2, e.g. 1.5 million km out.",
    "The U.S. team repaired it in 2023...",
    "It launched aboard an Ariane 5 rocket. (Source 1)",
    "The mirror is 3.5 m wide.",
    "Is it the largest telescope?",
    "\n\n## Mirror\n",
    "\n- It orbits the Sun.\n- It was built in 1850.\n",
    "\n1) It is large. 2) It is cold.\n",
    "\n\n| part | size |\n|---|---|\n| mirror | 6.5 m. Wide |\n\n",
    "**Launch**\n",
]

SHARED = verifier()  # one verifier: warm caches across examples, like a server


def answers() -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(POOL), min_size=1, max_size=7).map(" ".join)


@st.composite
def chunked(draw: st.DrawFn) -> tuple[str, list[str]]:
    """An answer and a random chunking of it (single characters up to the whole text)."""
    text = draw(answers())
    cuts = draw(st.lists(st.integers(1, max(1, len(text) - 1)), max_size=40, unique=True))
    edges = [0, *sorted(c for c in cuts if 0 < c < len(text)), len(text)]
    return text, [text[a:b] for a, b in itertools.pairwise(edges)]


def _stream(text_chunks: list[str], policy: str) -> tuple[str, object]:
    stream = SentenceStream(SHARED, SOURCES, policy=policy, case_id="case")
    out = "".join(stream.feed(chunk).text for chunk in text_chunks)
    tail, guarded = stream.finish()
    return out + tail.text, guarded


def _same_case(a, b) -> None:
    assert a.case.model_dump(exclude={"latency_ms"}) == b.case.model_dump(exclude={"latency_ms"})
    assert a.trace.model_dump(exclude={"ts", "stats"}) == b.trace.model_dump(
        exclude={"ts", "stats"}
    )


@pytest.mark.fuzz
@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chunked(), st.sampled_from(["flag", "redact"]))
def test_any_chunking_releases_exactly_the_batch_text(example, policy):
    """1,000 random answers × chunkings: released text == guard().text; case and trace equal."""
    text, chunks = example
    batch = SHARED.guard(text, SOURCES, policy=policy, case_id="case")
    released, final = _stream(chunks, policy)
    assert released == batch.text
    _same_case(final, batch)


@pytest.mark.fuzz
@settings(max_examples=300, deadline=None)
@given(answers(), st.data())
def test_settled_units_never_change(text, data):
    """Units before settled_end(prefix) are split identically in the whole text."""
    cut = data.draw(st.integers(0, len(text)))
    prefix = text[:cut]
    end = settled_end(prefix)
    assert end <= len(prefix)
    early = [(u.start, u.end, u.kind) for u in split_answer(prefix[:end])]
    whole = [(u.start, u.end, u.kind) for u in split_answer(text) if u.end <= end]
    assert early == whole


def test_a_supported_sentence_is_released_before_the_answer_ends():
    """The first sentence comes out as soon as the second has begun; the rest at the end."""
    stream = SentenceStream(SHARED, SOURCES, policy="redact")
    assert stream.feed(SUPPORTED).text == ""  # the last sentence can still grow
    step = stream.feed(" Th")
    assert step.text == ""  # "Th…": the next word is not complete yet
    step = stream.feed("e telescope was ")
    assert step.text == SUPPORTED
    assert [c.assessment.value for c in step.claims] == ["SUPPORTED"]
    stream.feed("repaired by astronauts from the space shuttle Atlantis in 2023.")
    tail, guarded = stream.finish()
    assert tail.text == " [removed: not supported by the sources]"
    assert guarded.case.quality_gate.value == "FAIL"


def test_redacted_sentence_never_released_in_part():
    """Under redact no byte of an unsupported sentence is handed out at any step."""
    text = f"{FABRICATED} {SUPPORTED} {FABRICATED}"
    stream = SentenceStream(SHARED, SOURCES, policy="redact")
    handed = [stream.feed(ch).text for ch in text]
    handed.append(stream.finish()[0].text)
    assert "Atlantis" not in "".join(handed)
    assert "".join(handed) == SHARED.guard(text, SOURCES, policy="redact").text


def test_failure_mid_stream_withholds_the_rest():
    """A model failure after a release: released stays, the rest is withheld under redact."""
    calls = {"n": 0}
    base = SHARED.embedder

    def flaky(texts):
        calls["n"] += 1
        if calls["n"] > 1:
            raise RuntimeError("embedder down")
        return base.embed(texts)

    stream = SentenceStream(verifier(embedder=FunctionEmbedder(flaky)), SOURCES, policy="redact")
    first = stream.feed(f"{SUPPORTED} It has ").text
    assert first == SUPPORTED
    stream.feed("18 segments. More text")
    tail, guarded = stream.finish()
    assert guarded.case.quality_gate.value == "INDETERMINATE"
    assert tail.text == "\n\n[answer withheld: it could not be verified]"
    assert "segments" not in first + tail.text


def test_stream_refuses_an_llm_decomposer():
    """Sentence streaming needs the rule-based decomposer (stated); a judge is fine."""
    chat = FunctionChat(lambda messages, schema: {})
    with pytest.raises(InvalidInputError, match="rule-based decomposer"):
        SentenceStream(verifier(decomposer=LLMDecomposer(chat)), SOURCES)
    assert SentenceStream.supports(verifier(judge=LLMJudge(chat)))


JUDGED = "In 2021 an Ariane launcher carried the Webb observatory into space."


def _quotes_first_span(request: JudgeRequest) -> JudgeVerdict:
    span = request.spans[0]
    quote = " ".join(span.text.split()[:6])
    return JudgeVerdict(request.claim_id, "SUPPORTED", (Finding(span.span_id, "SUPPORTED", quote),))


def test_a_stream_with_a_judge_releases_what_the_batch_path_gives():
    """Sentence by sentence with a judge: the same text and verdicts as guard on the whole; each
    sentence's escalated claims asked once, when it settles, and nothing again at the end."""
    answer = f"{JUDGED} {FABRICATED} {SUPPORTED}"
    judge = FunctionJudge(_quotes_first_span)
    stream = SentenceStream(verifier(judge=judge), SOURCES, policy="redact")
    released = "".join(stream.feed(w).text for w in re.findall(r"\S+\s*", answer))
    asked_before_the_end = list(judge.batches)
    tail, streamed = stream.finish()
    assert judge.batches == asked_before_the_end and len(asked_before_the_end) >= 1
    asked = [c for batch in judge.batches for c in batch]
    assert len(asked) == len(set(asked))
    whole = verifier(judge=FunctionJudge(_quotes_first_span)).guard(
        answer, SOURCES, policy="redact"
    )
    assert released + tail.text == whole.text
    assert [c.assessment for c in streamed.case.claims] == [c.assessment for c in whole.case.claims]
    assert streamed.case.claims[0].details["judge"]["outcome"] == "applied"


def test_a_judge_failure_in_a_stream_is_not_asked_again_at_the_end():
    """A verdict that failed when its sentence was released stays failed in the final result."""
    calls = []

    def fails_once(request: JudgeRequest) -> JudgeVerdict:
        calls.append(request.claim)
        if len(calls) == 1:
            return JudgeVerdict(request.claim_id, "NOT_ENOUGH_INFO", error="timed out")
        return _quotes_first_span(request)

    stream = SentenceStream(verifier(judge=FunctionJudge(fails_once)), SOURCES, policy="redact")
    released = stream.feed(f"{JUDGED} ").text + stream.feed("More to come").text
    tail, final = stream.finish()
    # no verdict came, so the claim stays uncertain: kept and marked, never passed
    assert released.startswith(f"{JUDGED} [unverified]")
    assert (released + tail.text).count(JUDGED) == 1
    assert final.case.claims[0].outcome is ClaimOutcome.UNCERTAIN
    assert final.case.claims[0].details["judge"]["outcome"] == "failed"
    assert calls.count(JUDGED) == 1


async def test_async_stream_matches_batch():
    """afeed/afinish release the same text as the sync path."""
    text = f"{SUPPORTED} {SWAPPED} {FABRICATED}"
    stream = SentenceStream(SHARED, SOURCES, policy="flag")
    out = "".join([(await stream.afeed(w + " ")).text for w in text.split(" ")])
    tail, _guarded = await stream.afinish()
    assert out + tail.text == SHARED.guard(text + " ", SOURCES, policy="flag").text
