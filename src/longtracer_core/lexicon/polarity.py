"""Words that turn a statement around: negations.

Read by the coverage check (a claim that drops its sentence's negation does not cover it)
and meant for the polarity and direction gates of ``scoring.gates`` (their rising and
falling words and opposite pairs belong beside these).
"""

from __future__ import annotations

__all__ = ["NEGATIONS"]

NEGATIONS = frozenset("not no never none nobody nothing neither nor without cannot nowhere".split())
