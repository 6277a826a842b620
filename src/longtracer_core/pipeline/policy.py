"""Flag and redact: a pure function of (draft, claims, config).

``flag`` rewrites each sentence holding an unsupported claim (and a partial one
when ``flag_partial`` is set) with ``flag_template``, keeping every original
character. ``redact`` replaces every sentence holding an assessed claim that is
not SUPPORTED with ``redaction_notice``, merging overlapping or adjacent ranges,
so no text of such a sentence reaches the output.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..config import Policy, VerifyConfig
from ..contracts import AssessmentAvailability, ClaimAssessment, ClaimResult, ReasonCode
from ..text.sentences import split_sentences

__all__ = ["PolicyAction", "apply_policy", "offending_claims", "unverified_text"]


@dataclass(frozen=True)
class PolicyAction:
    """One range of the draft the policy changed, and the claims that caused it."""

    action: Literal["flag", "redact", "withhold"]
    start: int
    end: int
    claim_ids: tuple[str, ...]


def offending_claims(
    claims: Sequence[ClaimResult], policy: Policy, config: VerifyConfig
) -> list[ClaimResult]:
    """The claims whose sentences the policy acts on."""
    out = []
    for claim in claims:
        if claim.availability is not AssessmentAvailability.ASSESSED:
            continue
        if claim.assessment is ClaimAssessment.SUPPORTED:
            continue
        if (
            policy == "flag"
            and claim.reason_detail is ReasonCode.PARTIAL_SUPPORT
            and not (config.flag_partial)
        ):
            continue
        out.append(claim)
    return out


def _ranges(draft: str, claims: Sequence[ClaimResult]) -> list[tuple[int, int, set[str]]]:
    sentences = split_sentences(draft)
    ends = [s.end for s in sentences]
    hits: dict[tuple[int, int], set[str]] = {}
    for claim in claims:
        if claim.char_start is None or claim.char_end is None:
            continue  # flag mode: not locatable, so it affects the gate, not the text
        matched = False
        k = bisect.bisect_right(ends, claim.char_start)  # the first sentence ending after it
        while k < len(sentences) and sentences[k].start < claim.char_end:
            s = sentences[k]
            hits.setdefault((s.start, s.end), set()).add(claim.claim_id)
            matched = True
            k += 1
        if not matched:
            hits.setdefault((claim.char_start, claim.char_end), set()).add(claim.claim_id)
    return sorted((a, b, ids) for (a, b), ids in hits.items())


def apply_policy(
    draft: str,
    claims: Sequence[ClaimResult],
    *,
    policy: Policy,
    config: VerifyConfig,
) -> tuple[str, list[PolicyAction]]:
    """Apply ``policy`` to ``draft``; return the new text and what was changed.

    Under redact, an offending claim that cannot be located in the draft (a model
    gave no usable span) withholds the whole answer: its text cannot be removed
    precisely, so none is delivered.
    """
    offending = offending_claims(claims, policy, config)
    if policy == "redact" and any(c.char_start is None or c.char_end is None for c in offending):
        withheld = tuple(sorted(c.claim_id for c in offending))
        return config.unverified_notice, [PolicyAction("withhold", 0, len(draft), withheld)]
    ranges = _ranges(draft, offending)
    if not ranges:
        return draft, []
    if policy == "redact":
        merged: list[tuple[int, int, set[str]]] = []
        for start, end, ids in ranges:
            if merged and (start <= merged[-1][1] or not draft[merged[-1][1] : start].strip()):
                prev = merged[-1]
                merged[-1] = (prev[0], max(prev[1], end), prev[2] | ids)
            else:
                merged.append((start, end, set(ids)))
        ranges = merged
    pieces: list[str] = []
    actions: list[PolicyAction] = []
    cursor = 0
    for start, end, ids in ranges:
        if start < cursor:  # overlapping flag ranges: annotate the remainder only
            start = cursor
        pieces.append(draft[cursor:start])
        if policy == "redact":
            pieces.append(config.redaction_notice)
        else:
            pieces.append(config.flag_template.format(sentence=draft[start:end]))
        actions.append(PolicyAction(policy, start, end, tuple(sorted(ids))))
        cursor = end
    pieces.append(draft[cursor:])
    return "".join(pieces), actions


def unverified_text(
    response: str, *, policy: Policy, config: VerifyConfig
) -> tuple[str, Literal["withhold", "annotate"]]:
    """What the guard delivers when nothing could be verified, and which mode applied.

    ``withhold`` (default under redact) replaces the answer with
    ``unverified_notice``; ``annotate`` (default under flag) appends
    ``unverified_marker``. Never the bare answer: it was not checked.
    """
    mode = config.on_unverified or ("withhold" if policy == "redact" else "annotate")
    if mode == "withhold":
        return config.unverified_notice, mode
    return (f"{response} {config.unverified_marker}" if response else response), mode
