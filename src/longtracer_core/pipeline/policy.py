"""Flag and redact: a pure function of (draft, claims, config), read from claim outcomes.

Each sentence of the draft gets the strongest action any of its claims asks for:

* **remove** (``redact`` only): the sentence is replaced by ``redaction_notice``
  (overlapping or adjacent removals merge), so no text of it reaches the
  output. Under the default ``strictness="precise"`` only REFUTED claims — a
  decisive finding the evidence proves — remove their sentence; ``balanced``
  also removes UNCERTAIN claims whose ``p_wrong`` reaches the calibration's
  balanced operating point; ``strict`` removes every claim that is not
  SUPPORTED (the seed's rule).
* **refuted mark**: ``flag_template`` around the sentence (flag mode).
* **uncertain mark**: ``uncertain_template`` around the sentence, in both modes
  (``flag_partial=False`` leaves partial-band claims unmarked in flag mode).

Every original character of a marked sentence is kept; a removed one is gone.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..config import Policy, VerifyConfig
from ..contracts import AssessmentAvailability, ClaimAssessment, ClaimOutcome, ClaimResult
from ..scoring.calibration import default_calibration
from ..text.sentences import split_answer

__all__ = ["PolicyAction", "apply_policy", "claim_action", "offending_claims", "unverified_text"]

Action = Literal["redact", "flag", "mark"]
_RANK: dict[Action, int] = {"mark": 1, "flag": 2, "redact": 3}


@dataclass(frozen=True)
class PolicyAction:
    """One range of the draft the policy changed, and the claims that caused it.

    ``redact`` removed it, ``flag`` marked it refuted, ``mark`` marked it
    uncertain; ``withhold`` replaced the whole answer.
    """

    action: Literal["flag", "redact", "mark", "withhold"]
    start: int
    end: int
    claim_ids: tuple[str, ...]


def _outcome(claim: ClaimResult) -> ClaimOutcome:
    if claim.outcome is not None:
        return claim.outcome
    # a record built without outcomes (an older or foreign producer): never trusted more
    if claim.assessment is ClaimAssessment.SUPPORTED:
        return ClaimOutcome.SUPPORTED
    return ClaimOutcome.UNCERTAIN


def claim_action(claim: ClaimResult, policy: Policy, config: VerifyConfig) -> Action | None:
    """What ``policy`` does to the sentence holding ``claim`` (None: nothing)."""
    if claim.availability is not AssessmentAvailability.ASSESSED:
        return None
    strict = policy == "redact" and config.strictness == "strict"
    if strict and claim.assessment is not ClaimAssessment.SUPPORTED:
        return "redact"  # the seed's rule: every claim the matcher did not support
    outcome = _outcome(claim)
    if outcome is ClaimOutcome.SUPPORTED:
        return None
    if outcome is ClaimOutcome.REFUTED:
        return "redact" if policy == "redact" else "flag"
    if policy == "redact":
        point = default_calibration().operating_points.get("balanced", 1.0)
        if config.strictness == "balanced" and (claim.p_wrong or 0.0) >= point:
            return "redact"
        return "mark"
    if not config.flag_partial and claim.details.get("band") == "partial":
        return None
    return "mark"


def offending_claims(
    claims: Sequence[ClaimResult], policy: Policy, config: VerifyConfig
) -> list[ClaimResult]:
    """The claims whose sentences the policy removes (redact) or marks (flag)."""
    wanted = ("redact",) if policy == "redact" else ("flag", "mark")
    return [c for c in claims if claim_action(c, policy, config) in wanted]


def _sentence_ranges(
    draft: str, claims: Sequence[tuple[ClaimResult, Action]]
) -> dict[tuple[int, int], tuple[Action, list[ClaimResult]]]:
    """Each touched sentence's range, its strongest action and the claims in it."""
    sentences = split_answer(draft)
    ends = [s.end for s in sentences]
    hits: dict[tuple[int, int], tuple[Action, list[ClaimResult]]] = {}

    def add(key: tuple[int, int], claim: ClaimResult, action: Action) -> None:
        old, members = hits.get(key, ("mark", []))
        hits[key] = (max(old, action, key=_RANK.__getitem__), [*members, claim])

    for claim, action in claims:
        assert claim.char_start is not None and claim.char_end is not None
        matched = False
        k = bisect.bisect_right(ends, claim.char_start)  # the first sentence ending after it
        while k < len(sentences) and sentences[k].start < claim.char_end:
            add((sentences[k].start, sentences[k].end), claim, action)
            matched = True
            k += 1
        if not matched:
            add((claim.char_start, claim.char_end), claim, action)
    return hits


def _merged(
    draft: str, ranges: list[tuple[int, int, Action, list[ClaimResult]]]
) -> list[tuple[int, int, Action, list[ClaimResult]]]:
    """Overlapping ranges become one with the strongest action (a removal is never
    partly shown), and removals that touch (only whitespace between) become one."""
    out: list[tuple[int, int, Action, list[ClaimResult]]] = []
    for start, end, action, members in ranges:
        if out:
            prev = out[-1]
            both_removed = action == "redact" and prev[2] == "redact"
            if start < prev[1] or (both_removed and not draft[prev[1] : start].strip()):
                strongest = max(prev[2], action, key=_RANK.__getitem__)
                out[-1] = (prev[0], max(prev[1], end), strongest, [*prev[3], *members])
                continue
        out.append((start, end, action, members))
    return out


def _mark(template: str, sentence: str, members: Sequence[ClaimResult], want: Action) -> str:
    findings = [c.finding for c in members if c.finding and claim_outcome_is(c, want)]
    return template.format(sentence=sentence, finding="; ".join(dict.fromkeys(findings)))


def _mark_once(
    template: str, draft: str, start: int, end: int, members: Sequence[ClaimResult], want: Action
) -> str:
    """The marked sentence, unless the draft already carries this mark right after it (a
    guarded answer guarded again keeps one mark)."""
    marked = _mark(template, draft[start:end], members, want)
    added = marked.removeprefix(draft[start:end]).strip()
    if added and marked.startswith(draft[start:end]) and draft[end:].lstrip().startswith(added):
        return draft[start:end]
    return marked


def claim_outcome_is(claim: ClaimResult, action: Action) -> bool:
    """Does ``claim`` carry the outcome a mark of kind ``action`` reports?"""
    outcome = _outcome(claim)
    return outcome is (ClaimOutcome.REFUTED if action == "flag" else ClaimOutcome.UNCERTAIN)


def apply_policy(
    draft: str,
    claims: Sequence[ClaimResult],
    *,
    policy: Policy,
    config: VerifyConfig,
) -> tuple[str, list[PolicyAction]]:
    """Apply ``policy`` to ``draft``; return the new text and what was changed.

    Under redact, a claim to remove that cannot be located in the draft (a model
    gave no usable span) withholds the whole answer: its text cannot be removed
    precisely, so none is delivered. A mark that cannot be placed marks the
    whole answer (appended at its end).
    """
    acted = [(c, a) for c in claims if (a := claim_action(c, policy, config)) is not None]
    unlocated = [c for c, a in acted if c.char_start is None or c.char_end is None]
    if any(a == "redact" for c, a in acted if c in unlocated):
        withheld = tuple(sorted(c.claim_id for c, a in acted if a == "redact"))
        return config.unverified_notice, [PolicyAction("withhold", 0, len(draft), withheld)]
    located = [(c, a) for c, a in acted if c not in unlocated]
    text, actions = _apply_located(draft, located, config)
    if unlocated:  # marks that cannot be placed mark the whole answer
        worst: Action = "flag" if any(a == "flag" for c, a in acted if c in unlocated) else "mark"
        template = config.flag_template if worst == "flag" else config.uncertain_template
        note = _mark(template, "", unlocated, worst).strip()
        ids = tuple(sorted(c.claim_id for c in unlocated))
        text = f"{text} {note}" if text else note
        actions.append(PolicyAction(worst, len(draft), len(draft), ids))
    return text, actions


def _apply_located(
    draft: str, located: Sequence[tuple[ClaimResult, Action]], config: VerifyConfig
) -> tuple[str, list[PolicyAction]]:
    """Remove and mark the sentences of the claims that can be placed in the draft."""
    hits = _sentence_ranges(draft, located)
    ranges = _merged(draft, sorted((a, b, act, m) for (a, b), (act, m) in hits.items()))
    pieces: list[str] = []
    actions: list[PolicyAction] = []
    cursor = 0
    for start, end, action, members in ranges:
        start = max(start, cursor)  # overlapping ranges: act on the remainder only
        if start >= end:
            continue
        pieces.append(draft[cursor:start])
        if action == "redact":
            pieces.append(config.redaction_notice)
        else:
            template = config.flag_template if action == "flag" else config.uncertain_template
            pieces.append(_mark_once(template, draft, start, end, members, action))
        ids = tuple(sorted({c.claim_id for c in members}))
        actions.append(PolicyAction(action, start, end, ids))
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
