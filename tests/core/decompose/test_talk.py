"""Lines that say nothing a source could bear out are talk, and only those: a refusal of a
named writing, a pleasantry, a lead-in that only names what follows, a title. Each rule has
its statement-bearing twin, which stays a claim."""

from __future__ import annotations

import pytest

from longtracer_core.decompose import RuleBasedDecomposer, is_refusal

DEC = RuleBasedDecomposer()


@pytest.mark.parametrize(
    "text",
    [
        "The reports don't mention any casualties.",
        "The pricing page doesn't say whether children need their own email address.",
        "The handbook does not specify whether part-time staff receive a prorated amount.",
        "None of the sources says specifically whether cooked rice can be frozen.",
        "Neither of the leaflets mentions a dose for children.",
        "The sources don't list current export rates.",
        "The sources don't compare the railcard with a season ticket, so I can't say which "
        "works out cheaper.",
        # "and" joining two names is no clause break: the refusal runs on to its "so I can't"
        "The sources don't give the distance between Lisbon and Berlin, so I can't tell you "
        "which band your flight falls into.",
        # emphasis does not hide it
        "The reports **don't mention** any casualties.",
        "**The pricing page doesn't say** whether children need their own email address.",
        "I don't know [1](https://example.org/a).",
    ],
)
def test_a_writing_that_does_not_say_is_a_refusal(text):
    """An answer saying what a named piece of writing does not say is an honest refusal."""
    assert is_refusal(text), text
    assert [c.kind for c in DEC.decompose(text).claims] == ["refusal"]


@pytest.mark.parametrize(
    "text",
    [
        # a word that also means the world refuses only by a verb of saying
        "The policy doesn't cover flood damage.",
        "The plan does not include dental care.",
        "The study did not find any effect.",
        "The results do not show a link between the two.",
    ],
)
def test_what_a_thing_does_not_do_is_a_statement(text):
    assert not is_refusal(text)
    assert [c.kind for c in DEC.decompose(text).claims] == ["claim"]


@pytest.mark.parametrize(
    ("text", "statement"),
    [
        # after a bare "and", words that state something are a clause of their own
        ("I don't know who founded Acme and Beta owns Gamma now.", "Beta owns Gamma now."),
        ("I don't know when Acme and Beta merged, but Gamma bought both.", "Gamma bought both."),
        (
            "The report doesn't say when it opened, but it was built by Acme.",
            "It was built by Acme.",
        ),
    ],
)
def test_a_statement_after_a_refusal_is_still_verified(text, statement):
    claims = DEC.decompose(text).claims
    assert [c.kind for c in claims] == ["refusal", "claim"]
    assert claims[1].claim_text == statement


@pytest.mark.parametrize(
    "text",
    [
        "Sorry to hear about your phone!",
        "Sorry to hear that.",
        "Hope you catch the next one!",
        "Good news on both counts.",
        "Happy to help with that.",
        # an offer of more work is talk, whatever it offers
        "Happy to run the numbers for a different amount if that helps.",
        "I'd be glad to walk you through the form.",
        "Let me know which airline you're flying with if you want me to look at its policy.",
        "Let me know how it goes!",
        "Thanks for asking!",
    ],
)
def test_pleasantries_are_talk(text):
    d = DEC.decompose(text)
    assert not d.claims and [n.rule for n in d.non_claims] == ["meta"]


@pytest.mark.parametrize(
    "text",
    [
        "Sorry to hear that the tower burned down.",
        "I hope you know the tower closed in June.",
        "Good news for users who upgraded early.",
        "Good news, the fee was waived last year.",
        "Good news: the tower reopened last spring after repairs.",
        "Hope you enjoy Paris, the tower is closed on Mondays.",
        "Happy to report that the fee was waived last year.",
        "Happy to help, the tower is closed on Mondays.",
        "Let me know which plan you pick, since the Basic plan includes phone support.",
        "Let me know which plan you pick since only the Basic plan includes phone support.",
    ],
)
def test_a_pleasantry_that_states_something_is_verified(text):
    assert [c.kind for c in DEC.decompose(text).claims] == ["claim"], text


@pytest.mark.parametrize(
    "text",
    [
        "The trade-offs between these storage classes are as follows:",
        "To qualify you need:",
        "Here's the timeline and your options.",
        # after an opener that names the user's own documents, or with a hyphenated word
        "Based on the documents you shared, here is how the outlook applies to you.",
        "Based on what you've shared, here's how it applies to your daughter.",
        "Here's a kid-friendly breakdown based on the sources.",
    ],
)
def test_a_lead_in_that_only_names_what_follows_is_talk(text):
    assert not DEC.decompose(text).claims, text


@pytest.mark.parametrize(
    "text",
    [
        "The reasons Eiffel painted the tower green are as follows:",
        "Acme owns Beta and Gamma, whose main products are:",
        "The main changes in Python 3.12 include:",
        "Permafrost thaw is a concern for a few reasons:",
        "Based on the documents you shared, the fixed saver is the better choice.",
        "Here's a kid-friendly breakdown: the Moon is 384,400 km away.",
        # a hyphenated word that says something of what follows is no lead-in's
        "Here are the best-selling options this year, the Paperwhite and the Clara.",
        # a hyphenated word that says something of what follows is no lead-in's
        "Here are the best-selling options this year, the Paperwhite and the Clara.",
    ],
)
def test_a_lead_in_that_states_something_is_verified(text):
    assert len(DEC.decompose(text).claims) == 1, text


@pytest.mark.parametrize(
    "heading",
    ["## Connecting two devices", "**Three reasons to wait**", "## Why much of it is still buried"],
)
def test_titles_with_a_small_count_or_a_question_are_headings(heading):
    d = DEC.decompose(f"{heading}\nThe tower is 330 metres tall.")
    assert [n.rule for n in d.non_claims] == ["heading"]
    assert [c.claim_text for c in d.claims] == ["The tower is 330 metres tall."]


@pytest.mark.parametrize(
    "heading",
    [
        "## Norvane's 12 new stores",
        "## Two killed in blast",
        "## How Acme bought Beta and Gamma for cash",
        "## Why the board of the company sold the old factory",
    ],
)
def test_titles_that_hold_a_figure_a_statement_or_names_are_verified(heading):
    d = DEC.decompose(f"{heading}\nThe tower is 330 metres tall.")
    assert len(d.claims) == 2, heading
