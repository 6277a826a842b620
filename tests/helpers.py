"""Small builders shared by the tests."""

from __future__ import annotations

from longtracer_core import CitationVerifier, VerifyConfig
from longtracer_core.contracts import CaseResult
from longtracer_core.scoring.evidence import evidence_findings, evidence_index
from longtracer_core.testing import HashEmbedder

SOURCES = [
    "The James Webb Space Telescope launched on 25 December 2021 aboard an Ariane 5 rocket.",
    "Its primary mirror is 6.5 metres across and is made of 18 beryllium segments.",
    "The telescope orbits the Sun near the L2 point, 1.5 million kilometres from Earth.",
]
SUPPORTED = "The James Webb Space Telescope launched on 25 December 2021 aboard an Ariane 5 rocket."
SWAPPED = "The telescope orbits the Sun near the L2 point, 3.5 million kilometres from Earth."
FABRICATED = "The telescope was repaired by astronauts from the space shuttle Atlantis in 2023."


def verifier(**kwargs) -> CitationVerifier:
    """A verifier on the bag-of-words fake embedder (no model needed)."""
    kwargs.setdefault("embedder", HashEmbedder())
    if "config" not in kwargs:
        kwargs["config"] = VerifyConfig()
    return CitationVerifier(**kwargs)


def finding_kinds(claim: str, *sources: tuple[str, str]) -> list[str]:
    """The kinds of the evidence-wide findings on ``claim`` against ``sources`` ((source
    id, text) pairs), read as the verifier reads them."""
    return [f.kind for f in evidence_findings(claim, evidence_index(list(sources)))]


def redact_outcomes(answer: str, sources: list[str], question: str | None = None) -> list:
    """The claim outcomes ``redact`` gives ``answer`` against ``sources`` (S1, S2, …)."""
    case = (
        verifier()
        .guard(
            answer,
            [{"source_id": f"S{i}", "text": t} for i, t in enumerate(sources, 1)],
            policy="redact",
            **({"question": question} if question else {}),
        )
        .case
    )
    return [c.outcome for c in case.claims]


def layers(case: CaseResult) -> tuple[str, str, str | None, str]:
    """The four layers and the reason, as plain strings."""
    return (
        case.execution.value,
        case.availability.value,
        case.reason.value if case.reason is not None else None,
        case.quality_gate.value,
    )


def actions_on(guarded, claim) -> set[str]:
    """The policy actions (redact, flag, mark, withhold) whose range covers ``claim``."""
    out = set()
    for action in (guarded.trace.policy or {}).get("actions", []):
        start, end = action["draft_span"]
        if claim.char_start is not None and start < claim.char_end and end > claim.char_start:
            out.add(action["action"])
    return out


def bare_text(guarded, draft: str) -> str:
    """What ``guarded`` delivers with no mark on it: ``draft`` minus every range the
    policy removed, flagged or marked uncertain. An unsupported statement found here
    reached the reader bare."""
    spans = sorted(
        a["draft_span"]
        for a in (guarded.trace.policy or {}).get("actions", [])
        if a["action"] in ("redact", "flag", "mark")
    )
    actions = (guarded.trace.policy or {}).get("actions", [])
    if any(a["action"] == "withhold" for a in actions):
        return ""
    if any(a["draft_span"] == [len(draft), len(draft)] for a in actions):
        return ""  # a mark no claim span could place is appended to, and covers, the whole answer
    pieces, cursor = [], 0
    for start, end in spans:
        pieces.append(draft[cursor : max(start, cursor)])
        cursor = max(cursor, end)
    pieces.append(draft[cursor:])
    return "".join(pieces)
