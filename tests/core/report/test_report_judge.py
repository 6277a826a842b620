"""The HTML report shows what the judge did: its verdict, its quote, and a judge that failed."""

from __future__ import annotations

import httpx
import respx

from longtracer_core import JudgeConfig, LLMJudge, OpenAICompatibleChat, VerifyConfig
from longtracer_core.console.render import case_record
from longtracer_core.judge import Finding, JudgeVerdict
from longtracer_core.report import case_view, render_html
from longtracer_core.testing import FunctionJudge
from tests.core.judge.test_judge import PARTIAL, QUOTE
from tests.helpers import SOURCES, verifier


def judged_record(quote: str) -> dict:
    def cites(request):  # the span holding the quote, else the first shown
        span = next((s for s in request.spans if quote in s.text), request.spans[0])
        return JudgeVerdict(
            request.claim_id, "SUPPORTED", (Finding(span.span_id, "SUPPORTED", quote),)
        )

    guarded = verifier(judge=FunctionJudge(cites)).guard(PARTIAL, SOURCES, policy="redact")
    return case_record(guarded, "redact")


def test_a_verified_quote_is_shown_as_the_judges_evidence():
    """The judge's verdict is a part of the claim and its quote the exact slice of its source."""
    view = case_view(judged_record(QUOTE))
    (claim,) = view.claims
    assert ("judge", "SUPPORTED (applied)") in claim.parts
    (quoted,) = [e for e in claim.evidence if e.label.startswith("judge's quote")]
    assert quoted.text == QUOTE and quoted.source_id == "source_0"
    assert f"<mark>{QUOTE}</mark>" in render_html([view])


def test_an_invented_quote_is_shown_as_not_found():
    """A quote not in its passage is listed as such, never shown as evidence."""
    invented = "the telescope was launched in 2021 on an Ariane rocket"
    (claim,) = case_view(judged_record(invented)).claims
    assert ("judge's quote, not found in its passage", invented) in claim.parts
    assert not [e for e in claim.evidence if e.label.startswith("judge's quote")]


def test_a_citation_that_does_not_state_the_claim_says_what_it_lacks():
    """A real sentence about something else (the mirror, for the launch claim): listed with
    what it lacks, never shown as evidence."""
    mirror = SOURCES[1]
    (claim,) = case_view(judged_record(mirror)).claims
    assert ("judge's citation, not stating the claim", mirror) in claim.parts
    (lacks,) = [value for key, value in claim.parts if key == "the cited passage lacks"]
    assert "2021" in lacks
    assert not [e for e in claim.evidence if e.label.startswith("judge's quote")]


@respx.mock
def test_a_judge_that_could_not_be_used_is_a_note_on_the_case():
    """Every judge request failed: the page says so above the claims, with the cause."""
    respx.post("http://down.test/v1/chat/completions").mock(
        side_effect=httpx.ConnectError("connection refused")
    )
    judge = LLMJudge(OpenAICompatibleChat("http://down.test/v1", "m", max_retries=0))
    v = verifier(judge=judge, config=VerifyConfig(judge=JudgeConfig()))
    view = case_view(case_record(v.guard(PARTIAL, SOURCES, policy="redact"), "redact"))
    (note,) = view.notes
    assert "could not be used" in note and "connection refused" in note
    assert '<p class="note">' in render_html([view])
