"""A figure the evidence states, but for another fact (``figure_role``): stated elsewhere
for another part of the case, or a single figure of another fact, where the sentence that
speaks of the claim gives another value ("discovered in 1923" where 1923 is the year of the
prize). Read by ``figure_findings.py`` for a figure some source states. Pure functions over the
case's read sentences.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..contracts import ReasonCode
from .binding import CLEARER, Bound, elsewhere_finding, heading_finding
from .derivation import derived_values
from .evidence_index import EvidenceIndex, EvidenceSentence
from .figures import Need, needs_met
from .findings import Finding, quote
from .numeric import shown
from .scaling import listed_for_another

__all__ = ["role_finding"]

# a figure's holders speak of another fact when they hold under this share
OTHER_FACT = 0.25


def role_finding(
    claim: str, figure: tuple[tuple[int, int, str], Need], every: Sequence[tuple[Any, Need]],
    content: frozenset[str], closest: tuple[EvidenceSentence | None, float], other: str | None,
    index: EvidenceIndex,
) -> Finding | None:  # fmt: skip
    """The finding on a figure the evidence states, but (as read from the sentence that
    speaks of the claim, which gives ``other``) for another fact: stated elsewhere for
    another part of the case, or a single figure of another fact (``figure_role``)."""
    item, need = figure
    aligned, share = closest
    written = claim[item[0] : item[1]]
    headed = listed_for_another(claim, item[0], index.sentences)
    if headed is not None:
        return heading_finding(written, headed.source_id, headed.text)
    several = len(every) > 1
    holders = [s for s in index.sentences if needs_met([need], s.figures)]
    if other is None or aligned is None or not holders or aligned in holders:
        return None
    if set(need.readings) & derived_values([aligned]):
        return None  # the sentence about this gives it by a sum or difference (70 - 30 mph)
    nearest = max(len(content & s.content) for s in holders) / len(content)
    # several figures: which fact each is of is clear only where the rest are stated
    rest = [n for i, n in every if i != item]
    clearer = share - nearest >= CLEARER and (
        needs_met(rest, aligned.figures) if several
        else all(h.source_id != aligned.source_id for h in holders)
    )  # fmt: skip
    if clearer and (several or nearest >= OTHER_FACT):
        return elsewhere_finding(written, other, aligned.source_id, aligned.text)
    if nearest < OTHER_FACT and not several:
        return Finding(
            "figure_role",
            ReasonCode.FIGURE_ROLE_MISMATCH,
            f"source {holders[0].source_id} gives {written} for another fact "
            f'("{quote(holders[0].text)}"); for this, source {aligned.source_id} '
            f"gives {shown(other)}",
            Bound(written, other).proof(aligned.source_id),
        )
    return None
