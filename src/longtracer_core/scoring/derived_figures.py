"""Figures a claim works out from the case's figures, which no span need state.

An answer applies the sources to the user: "£14,600" is 10 % of the user's £146,000,
"£10,066" is 14 weeks at £719, "about $600 a year" is twelve months at $49.95. No source
states such a figure, so the matcher's figure gate would hold every span against the
claim, and a correct sentence would be marked for its arithmetic. A figure no source
states that a product or a percentage of the case's figures gives (``derivation.derivable``,
``derivable_across`` without its sums, ``derivable_date``,
``worked_figures.worked_for_user``, ``worked_dates.worked_dates``) is read like a figure
of the user's own: the claim is scored on its words. A figure that no computation gives,
a sum of two case figures (a wrong figure meets one by chance), a rounded count and a year
(another event's year plus a duration) are still held against it. Pure functions of the
claim and the case's evidence.
"""

from __future__ import annotations

from collections.abc import Sequence

from .claim_figures import claim_figures
from .derivation import derivable, derivable_across, derivable_date, word_factors
from .evidence_index import EvidenceIndex, figure_kinds
from .figure_facts import rate_kinds
from .figures import figure_kind, needs_met, rounding_exponent
from .worked_dates import worked_dates
from .worked_figures import worked_for_user

__all__ = ["derived_figures"]


def derived_figures(claim: str, context: Sequence[str], index: EvidenceIndex) -> frozenset[str]:
    """The readings of the claim's figures that no source states and a computation of
    the case's figures (the sources', and those of ``context``: the user's question and
    the claim's context phrases) gives."""
    user = figure_kinds(" ".join(context))
    own = [n for _, n in word_factors(claim)]
    dated: frozenset[str] | None = None  # read once, at the claim's first date
    out: set[str] = set()
    for item, need in claim_figures(claim):
        if need.number is None and item[2] != "date":
            continue
        if needs_met([need], index.figures):
            continue  # a figure the evidence states is looked for where it stands
        kind = figure_kind(claim, item[0], item[1], item[2], need.number)
        if kind == "year":
            continue  # "opened in 1941" is no 1937 plus four years: another event's year
        if kind == "date":
            if dated is None:
                dated = worked_dates(claim, index, user).readings
            worked = derivable_date(need.readings[0], index.sentences) or (
                need.readings[0] in dated
            )
        elif need.number is not None:
            # a rounded count ("about 30 soldiers") meets too many sums by chance
            rounded = rounding_exponent(need) if kind != "count" else None
            worked = (
                derivable(need.number, kind, index.sentences, own, rounded, rate_kinds(claim))
                # a sum of two of the case's figures meets a wrong figure by chance ("about
                # $600" for the premium plan: basic $240 plus premium $360)
                or derivable_across(need.number, kind, index.sentences, user, rounded, sums=False)
                or worked_for_user(need.number, kind, index.sentences, user, claim)
            )
        else:
            worked = False
        if worked:
            out.update(need.readings)
    return frozenset(out)
