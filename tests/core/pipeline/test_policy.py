"""Flag and redact: what users see. Redaction never leaks; flagging never loses text."""

from __future__ import annotations

import asyncio

import pytest
import regex
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from longtracer_core import ConfigError, InvalidInputError, SentenceStream, VerifyConfig
from longtracer_core.audit import CaseInput, verify_inputs
from longtracer_core.config import resolve_policy
from longtracer_core.contracts import AssessmentAvailability, ClaimAssessment, ClaimOutcome
from tests.helpers import FABRICATED, SOURCES, SUPPORTED, SWAPPED, actions_on, verifier

V = verifier()
V_STRICT = verifier(config=VerifyConfig(strictness="strict"))
UNCERTAIN = "The Webb telescope is a remarkable instrument for astronomers."


def test_flag_annotates_refuted_sentences_in_place_with_the_finding():
    """flag: a refuted sentence gets the refuted mark with its finding in words; supported
    ones are untouched."""
    draft = f"{SUPPORTED} {FABRICATED}"
    g = V.guard(draft, SOURCES, policy="flag")
    assert g.text == f"{SUPPORTED} {FABRICATED} [refuted: no source names 'Atlantis']"
    assert g.original_text == draft and g.changed


def test_flag_and_redact_mark_an_uncertain_sentence_and_keep_it():
    """An uncertain claim (nothing proves it wrong) is marked in both modes, never removed."""
    for policy in ("flag", "redact"):
        g = V.guard(f"{SUPPORTED} {UNCERTAIN}", SOURCES, policy=policy)
        (_, claim) = g.case.claims
        assert claim.outcome is ClaimOutcome.UNCERTAIN
        assert g.text == f"{SUPPORTED} {UNCERTAIN} [unverified]"


def test_a_figure_no_source_states_is_marked_uncertain_never_deleted():
    """A figure the evidence neither states nor derives keeps its sentence from SUPPORTED,
    but proves nothing wrong (right only half the time on dev): marked, not removed."""
    claim = "Its primary mirror is 6.5 metres across and weighs 705 kilograms."
    g = V.guard(f"{SUPPORTED} {claim}", SOURCES, policy="redact")
    outcome = g.case.claims[-1].outcome
    assert outcome is ClaimOutcome.UNCERTAIN
    assert claim in g.text and "[unverified]" in g.text


def test_guarding_a_guarded_answer_again_changes_nothing():
    """A guard stacked on a guard (a postprocessor inside a wrapped engine, a chain node
    after a graph node): its marks and notices are no claims and no mark is doubled."""
    draft = f"{SUPPORTED} {UNCERTAIN} {FABRICATED}"
    for policy in ("flag", "redact"):
        once = V.guard(draft, SOURCES, policy=policy).text
        assert "[unverified]" in once
        assert V.guard(once, SOURCES, policy=policy).text == once


def test_strict_redact_removes_every_claim_that_is_not_supported():
    """strictness="strict" is the seed's rule: the uncertain sentence is removed too."""
    g = V_STRICT.guard(f"{SUPPORTED} {UNCERTAIN}", SOURCES, policy="redact")
    assert g.text == f"{SUPPORTED} [removed: not supported by the sources]"
    assert g.trace.policy["strictness"] == "strict"


def test_redact_replaces_unsupported_sentences_with_notice():
    """redact: unsupported sentences become the omission notice; the trace keeps the draft."""
    draft = f"{SUPPORTED} {SWAPPED}"
    g = V.guard(draft, SOURCES, policy="redact")
    assert g.text == f"{SUPPORTED} [removed: not supported by the sources]"
    assert g.trace.request["draft"] == draft
    assert g.trace.policy["actions"][0]["claim_ids"] == ["c2"]


def test_redact_merges_adjacent_and_overlapping_ranges():
    """Consecutive redacted sentences become one notice."""
    draft = f"{SUPPORTED} {SWAPPED} {FABRICATED}"
    g = V.guard(draft, SOURCES, policy="redact")
    assert g.text.count("[removed") == 1
    assert SWAPPED not in g.text and FABRICATED not in g.text


def test_markers_and_notice_are_configurable():
    """flag_template, uncertain_template and redaction_notice come from the config."""
    cfg = VerifyConfig(
        flag_template="<mark>{sentence}</mark>",
        uncertain_template="<q title='{finding}'>{sentence}</q>",
        redaction_notice="[…]",
    )
    v = verifier(config=cfg)
    draft = f"{SUPPORTED} {FABRICATED}"
    assert v.guard(draft, SOURCES, policy="flag").text == f"{SUPPORTED} <mark>{FABRICATED}</mark>"
    assert v.guard(draft, SOURCES, policy="redact").text == f"{SUPPORTED} […]"
    marked = v.guard(f"{SUPPORTED} {UNCERTAIN}", SOURCES, policy="flag").text
    assert marked.startswith(f"{SUPPORTED} <q title='") and marked.endswith(f"'>{UNCERTAIN}</q>")


@pytest.mark.parametrize("template", ["[x]", "{sentence} {claim}", "{0}"])
def test_a_template_without_the_sentence_or_with_another_placeholder_is_refused(template):
    """A marking template must hold '{sentence}' and may only add '{finding}'."""
    for name in ("flag_template", "uncertain_template"):
        with pytest.raises(ConfigError, match=name):
            VerifyConfig(**{name: template})


def test_policy_defaults_to_the_config():
    """Without an explicit policy the config's policy applies."""
    v = verifier(config=VerifyConfig(policy="redact"))
    assert FABRICATED not in v.guard(f"{SUPPORTED} {FABRICATED}", SOURCES).text


def test_refusals_and_non_claims_are_kept():
    """Honest refusals and non-claims are never redacted."""
    draft = f"{SUPPORTED} I don't know the cost. What else can I help with?"
    g = V.guard(draft, SOURCES, policy="redact")
    assert g.text == draft


def test_unverified_answers_are_withheld_in_redact_and_marked_in_flag():
    """When nothing could be verified: redact withholds the answer; flag marks it unverified."""
    from longtracer_core.testing import FunctionEmbedder

    def broken(texts):
        raise RuntimeError("down")

    v = verifier(embedder=FunctionEmbedder(broken))
    draft = f"{SUPPORTED} {FABRICATED}"
    red = v.guard(draft, SOURCES, policy="redact")
    assert red.case.quality_gate.value == "INDETERMINATE"
    assert SUPPORTED not in red.text and FABRICATED not in red.text
    flag = v.guard(draft, SOURCES, policy="flag")
    assert flag.text.startswith(draft) and "unverified" in flag.text


def test_list_items_keep_their_bullets():
    """A redacted list item keeps its bullet; the other items are intact."""
    draft = f"Facts:\n- {SUPPORTED}\n- {FABRICATED}\n"
    g = V.guard(draft, SOURCES, policy="redact")
    assert g.text == f"Facts:\n- {SUPPORTED}\n- [removed: not supported by the sources]\n"


# --- properties -------------------------------------------------------------------------

FACTS = [s for s in SOURCES]
FAKES = [
    "Zebras manage the telescope budget from a lighthouse in Peru.",
    "The mirror was painted purple in 1870 by volunteers.",
    "Its rocket was powered by 400 steam engines and a windmill.",
    "Quantum otters calibrate every instrument twice a night.",
]
SEPARATORS = [" ", "\n", "\n\n", "\n- ", " ; ", "\n1. "]


@st.composite
def drafts(draw):
    parts = draw(st.lists(st.sampled_from(FACTS + FAKES), min_size=1, max_size=6))
    tagged = []
    for i, part in enumerate(parts):
        # a unique tag per sentence makes leaks detectable by substring
        words = part.rstrip(".").split(" ")
        pos = draw(st.integers(min_value=1, max_value=len(words)))
        words.insert(pos, f"qx{i}z")
        tagged.append(" ".join(words) + ".")
    seps = [draw(st.sampled_from(SEPARATORS)) for _ in tagged]
    return "".join(s + t for s, t in zip(seps, tagged, strict=True)).strip()


def _sentence_tags(draft: str, start: int, end: int) -> set[str]:
    from longtracer_core.text import split_sentences

    tags = set()
    for s in split_sentences(draft):
        if s.start < end and s.end > start:
            tags.update(regex.findall(r"qx\d+z", s.text))
    return tags


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drafts())
def test_redact_never_leaks_a_refuted_sentence_nor_an_unmarked_uncertain_one(draft):
    """Default redact: no text of a REFUTED claim's sentence reaches the output, and every
    UNCERTAIN claim's sentence is marked (or removed with a neighbour)."""
    g = V.guard(draft, SOURCES, policy="redact")
    for claim in g.case.claims:
        if claim.outcome is ClaimOutcome.REFUTED:
            for tag in _sentence_tags(draft, claim.char_start, claim.char_end):
                assert tag not in g.text, (draft, g.text)
        if claim.outcome is ClaimOutcome.UNCERTAIN:
            assert actions_on(g, claim) & {"mark", "redact"}, (draft, g.text)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drafts())
def test_strict_redact_never_leaks_text_of_an_unsupported_sentence(draft):
    """strictness="strict": no text of a sentence whose claim is not SUPPORTED reaches the
    output."""
    g = V_STRICT.guard(draft, SOURCES, policy="redact")
    for claim in g.case.claims:
        if claim.availability is not AssessmentAvailability.ASSESSED:
            continue
        if claim.assessment is ClaimAssessment.SUPPORTED:
            continue
        for tag in _sentence_tags(draft, claim.char_start, claim.char_end):
            assert tag not in g.text, (draft, g.text)
        for word in ("Zebras", "purple", "steam", "otters", "3.5"):
            if word in claim.claim_text:
                assert word not in g.text


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drafts())
def test_flag_keeps_every_original_character(draft):
    """In flag mode the original draft is a subsequence of the output (nothing removed)."""
    g = V.guard(draft, SOURCES, policy="flag")
    it = iter(g.text)
    assert all(ch in it for ch in draft)


def test_resolve_policy_prefers_the_given_policy_then_the_fallback():
    """An explicit policy wins; None means the fallback (a config's policy); no fallback is an error."""
    assert resolve_policy("redact", "flag") == "redact"
    assert resolve_policy(None, "redact") == "redact"
    with pytest.raises(InvalidInputError, match="policy must be 'flag' or 'redact', got None"):
        resolve_policy(None)


def test_the_config_policy_is_the_default_of_every_guard_call():
    """A verifier configured with policy='redact' redacts when the call names no policy."""
    g = verifier(config=VerifyConfig(policy="redact")).guard(f"{SUPPORTED} {SWAPPED}", SOURCES)
    assert SWAPPED not in g.text and g.trace.policy["policy"] == "redact"


@pytest.mark.parametrize("bad", ["delete", "Redact", "", 1])
def test_an_unknown_policy_is_invalid_input_at_every_core_entry_point(bad):
    """guard, aguard, verify_batch, SentenceStream and the audit refuse it the same way."""
    msg = "policy must be 'flag' or 'redact'"
    with pytest.raises(InvalidInputError, match=msg):
        V.guard(SUPPORTED, SOURCES, policy=bad)
    with pytest.raises(InvalidInputError, match=msg):
        asyncio.run(V.aguard(SUPPORTED, SOURCES, policy=bad))
    with pytest.raises(InvalidInputError, match=msg):
        V.verify_batch([(SUPPORTED, SOURCES)], with_traces=True, policy=bad)
    with pytest.raises(InvalidInputError, match=msg):  # without traces too: never silently ignored
        V.verify_batch([(SUPPORTED, SOURCES)], policy=bad)
    with pytest.raises(InvalidInputError, match=msg):
        SentenceStream(V, SOURCES, policy=bad)
    with pytest.raises(InvalidInputError, match=msg):
        verify_inputs(V, [CaseInput("c1", SUPPORTED, SOURCES)], policy=bad)
    with pytest.raises(ConfigError):
        VerifyConfig(policy=bad)


def test_the_ray_batch_resolves_its_policy_once_when_built():
    """VerifyBatch refuses an unknown policy when built; None means the verifier's config."""
    ray_dataset = pytest.importorskip("longtracer_integrations.ray._dataset")
    redacting = VerifyConfig(policy="redact")
    with pytest.raises(InvalidInputError, match="policy must be 'flag' or 'redact'"):
        ray_dataset.VerifyBatch(verifier, lambda row: row, policy="delete")
    batch = ray_dataset.VerifyBatch(lambda: verifier(config=redacting), lambda row: row)
    assert batch.policy == "redact"


def test_a_number_in_another_unit_is_refuted_removed_by_redact_and_named_by_flag():
    """ "1.5 million metres" where the source says kilometres: the sentence that speaks of
    the orbit gives that number in another unit, so redact removes it and flag says why."""
    wrong = "The telescope orbits the Sun near the L2 point, 1.5 million metres from Earth."
    g = V.guard(f"{SUPPORTED} {wrong}", SOURCES, policy="redact")
    (_, claim) = g.case.claims
    assert claim.outcome is ClaimOutcome.REFUTED
    assert claim.assessment is ClaimAssessment.CONTRADICTED
    assert g.text == f"{SUPPORTED} [removed: not supported by the sources]"
    flagged = V.guard(f"{SUPPORTED} {wrong}", SOURCES, policy="flag").text
    assert "1.5 million metres" in flagged and "another unit" in flagged
