"""The causal gate: the claim gives a reason where the evidence states no cause at all.

A candidate like the other gates (``gates.py``): it lowers a pair's score and feeds the
calibration, never refutes on its own. Pure functions of two strings.
"""

from __future__ import annotations

import regex

from ..lexicon.grammar import ADDRESSED
from ..lexicon.polarity import SCHEDULE_VERBS
from .gate_result import GateResult

__all__ = ["causal_gate"]

_CAUSAL = regex.compile(
    r"\b(?:because|due\s+to|owing\s+to|as\s+a\s+result|therefore|thus|hence|so\s+that|"
    r"leads?\s+to|led\s+to|lead\s+to|causes?|caused|causing|results?\s+in|resulted\s+in|"
    r"driven\s+by|triggers?|triggered|since\s+(?=the|it|they|this)|thanks\s+to|which\s+is\s+why|"
    r"that\s+is\s+why|so\s+(?=the|it|they|this|that|you|a|an)|(?<=,\s*)so(?=\s)|"
    r"in\s+order\s+to|prompt(?:s|ed)?)\b",
    flags=regex.IGNORECASE,
)


# A reason the claim gives: the words above but a purpose or a consequence the answer
# draws for the reader (", so check the gauge first", "so you can slow down", "in order
# to"), a schedule ("was due to start in 2025", not "due to close contact") and a point
# in time ("since the 2022 French Open"), nor a software prompt ("you'll be prompted to
# set it up", "it prompts you for a code"; "the leak prompted an inquiry" is a cause) or
# the adjective ("prompt treatment lowers the risk"; "could prompt an inquiry" is a cause).
# On the dev split "so" fired on 11 faithful sentences and no wrong one; a "so" that does
# give a reason ("the pump failed, so the ward flooded") goes unread, a candidate less.
_CLAIM_CAUSAL = regex.compile(
    r"\b(?:because|due\s+to(?!\s+(?:be\b|(?:" + "|".join(sorted(SCHEDULE_VERBS)) + r")"
    r"(?=\s+(?:in|on|at|by|next|this|that|its|their|the|a|an|around|within|from|until|before|"
    r"after|\d)\b|\s*[.,;]|\s*$)))|owing\s+to|"
    r"as\s+a\s+result|therefore|thus|hence|leads?\s+to|led\s+to|causes?|caused|causing|"
    r"results?\s+in|resulted\s+in|driven\s+by|triggers?|triggered|"
    r"since\s+(?=the\s+(?!\d)|(?:their|these|those|it|its|they|this|there)\b)|"
    r"thanks\s+to|which\s+is\s+why|that\s+is\s+why|"
    r"(?:prompts|(?<=\b(?:can|could|may|might|will|would|should|to)\s+)prompt)\b"
    r"(?!\s+(?:(?:you|users?|the\s+user)\s+)?(?:to|for)\b)|"
    r"(?<!\b(?:be|been|being|are|is|get|gets)\s+)prompted\b(?!\s+(?:you|the\s+user)\s+(?:to|for)\b))\b",
    flags=regex.IGNORECASE,
)


# a reason word followed at once by the user ("because you are over 70", "due to your age")
_USER_REASON = regex.compile(
    r"(?:because|due\s+to|owing\s+to|thanks\s+to)\s+" + ADDRESSED.pattern, regex.IGNORECASE
)


def _about_the_user(claim: str, start: int) -> bool:
    """Is the reason the claim gives (its reason word at ``start``) the user's own case
    ("because you are over 70", "because your plan supports point-in-time recovery")? An
    answer applying the sources to the user gives reasons no source can state: on the dev
    split 9 faithful claims whose best span states no cause gave one, no wrong claim did. A
    claim about the world that names the user later ("causes your kidneys to retain salt",
    "because it decides which route is open to you") still needs a cause in the evidence."""
    return _USER_REASON.match(claim, start) is not None


def causal_gate(claim: str, span: str) -> GateResult:
    """The claim gives a reason (``_CLAIM_CAUSAL``) where the evidence states no link of
    cause and effect at all (``_CAUSAL``, which reads "so" too); a reason in the user's own
    case (``_about_the_user``) asks nothing of the evidence."""
    found = _CLAIM_CAUSAL.search(claim)
    if found is None or _CAUSAL.search(span) is not None or _about_the_user(claim, found.start()):
        return GateResult("causal", False)
    return GateResult(
        "causal",
        True,
        f"the claim gives a reason ({found.group(0).strip()!r}); the evidence states no cause",
    )
