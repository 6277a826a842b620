"""A claim that says of a whole group what the evidence sentence on it says of a part.

"Its animal species are endemic" where the source says "Around 80 % of its animal species
are endemic": every word of the claim is the source's, so the matcher supports it, but the
claim drops the limit ("most", "many", "some", "several", "N % of";
``quantifier_gate.dropped_limit``). A claim that keeps a limit in any words ("the
majority", "typically", "may", a figure) keeps it. Read against the evidence sentence that
speaks of the claim; a mark (``limit_dropped``), never a deletion: the limit may be of
another clause than the one the claim restates. Only a limit of the clause's subject is
read (``dropped_limit``): one that opens the clause, on a word the claim says ("Most
patients recover …"); not one of an object ("The city has many museums"), a time or a
degree ("Many years ago, …", "Most recently, …", "the most common cause"). Pure functions
of strings.
"""

from __future__ import annotations

from ..contracts import ReasonCode
from .findings import Finding, quote
from .quantifier_gate import dropped_limit

__all__ = ["limit_finding"]


def limit_finding(claim: str, sentence: str, source_id: str) -> Finding | None:
    """``limit_dropped`` when ``sentence`` limits the subject of the clause the claim
    restates and the claim keeps no limit."""
    limit = dropped_limit(claim, sentence)
    if limit is None:
        return None
    return Finding(
        "limit_dropped",
        ReasonCode.QUANTIFIER_MISMATCH,
        f'source {source_id} limits this ({limit!r}); the claim does not ("{quote(sentence)}")',
        {"source_id": source_id},
    )
