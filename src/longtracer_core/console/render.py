"""What ``check`` prints: per-claim verdicts and the policy-applied answer, or one JSON record.

Text output is coloured only on a terminal, and never when ``NO_COLOR`` is set
(https://no-color.org); the verdict is always written as a word, so colour is
never the only carrier of meaning.
"""

from __future__ import annotations

import os
from typing import Any, TextIO

from ..contracts import CaseResult, ClaimAssessment, ClaimResult
from ..pipeline.guarded import GuardedResponse
from ..report.view import claim_verdict

__all__ = ["case_record", "reading_note", "render_text", "use_colour"]

_SGR = {
    "supported": "32",  # green
    "uncertain": "33",  # yellow
    "refuted": "1;31",  # bold red
    "refusal": "36",  # cyan
    "not assessed": "2",  # dim
    "PASS": "1;32",
    "FAIL": "1;31",
    "INDETERMINATE": "1;33",
}


def use_colour(stream: TextIO, choice: str = "auto") -> bool:
    """``always``/``never``, or ``auto``: a TTY and no ``NO_COLOR`` in the environment."""
    if choice != "auto":
        return choice == "always"
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and not os.environ.get("NO_COLOR")


def _paint(text: str, key: str, colour: bool) -> str:
    code = _SGR.get(key)
    return f"\x1b[{code}m{text}\x1b[0m" if colour and code else text


def _best_span_text(guarded: GuardedResponse, claim: ClaimResult) -> str | None:
    try:
        return guarded.trace.resolve(claim.claim_id)
    except KeyError:
        return None


def _claim_lines(
    guarded: GuardedResponse, claim: ClaimResult, width: int, colour: bool
) -> list[str]:
    """One claim: its outcome, score, id and text; then, unless the matcher supports it,
    the outcome with its finding, the seed's codes with ``p_wrong``, the closest evidence."""
    verdict = claim_verdict(claim)
    score = claim.details.get("score")
    score_text = f"{score:.2f}" if isinstance(score, (int, float)) else "  - "
    label = _paint(verdict.upper().ljust(width), verdict, colour)
    lines = [f"  {label}  {score_text}  {claim.claim_id}  {claim.claim_text}"]
    if verdict == "refusal" or claim.assessment is ClaimAssessment.SUPPORTED:
        return lines  # a likely-supported claim still says why the gate counts it against
    pad = f"  {'':{width}}        "
    lines.append(f"{pad}{claim.outcome_text}")
    p_wrong = f", p_wrong {claim.p_wrong:.2f}" if claim.p_wrong is not None else ""
    lines.append(f"{pad}reason: {claim.reason_text}{p_wrong}")
    span = _best_span_text(guarded, claim)
    source = (claim.details.get("best_span") or {}).get("source_id")
    if span is not None and source is not None:
        quoted = " ".join(span.split())
        lines.append(f'{pad}closest evidence ({source}): "{quoted}"')
    return lines


def reading_note(case: CaseResult) -> str:
    """``" (reading: REVIEW)"`` after the gate when the operators' reading says more."""
    reading = case.reading.value
    return "" if reading == case.quality_gate.value else f" (reading: {reading})"


def render_text(guarded: GuardedResponse, policy: str, *, colour: bool) -> str:
    """The gate, each claim's outcome and finding, and the policy-applied answer, for a person."""
    case = guarded.case
    gate = case.quality_gate.value
    lines = [f"{_paint(gate, gate, colour)}{reading_note(case)}  {case.summary}"]
    if case.error_message:
        lines.append(f"  {case.reason}: {case.error_message}")
    width = max((len(claim_verdict(c)) for c in case.claims), default=0)
    for claim in case.claims:
        lines.extend(_claim_lines(guarded, claim, width, colour))
    lines.append("")
    lines.append(f"answer ({policy}):")
    lines.append(guarded.text.rstrip("\n"))
    return "\n".join(lines) + "\n"


def case_record(guarded: GuardedResponse, policy: str) -> dict[str, Any]:
    """The JSON record ``check --format json`` writes and ``report`` reads.

    The same keys as a ``JsonlSink`` line: ``case`` and ``trace``, plus
    ``policy`` and ``text`` (the policy-applied answer).
    """
    return {
        "policy": policy,
        "text": guarded.text,
        "case": guarded.case.model_dump(mode="json"),
        "trace": guarded.trace.model_dump(mode="json"),
    }
