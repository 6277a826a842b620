"""Evidence-wide checks: figures need their role, names need name evidence.

The matcher scores a claim against its closest spans. These checks read the
whole evidence of a case once (``evidence_index``, read in ``evidence_index.py``) and ask
of each claim:

* ``name_absent`` — a proper name the claim uses appears in no source
  (``names.py`` allows for the ways people refer to names), or a model code
  no source holds where a source holds its sibling ("Pulse X3" / "Pulse X2");
* ``figure_conflict``, ``figure_absent``, ``unit_conflict``, ``figure_role`` — a figure
  the evidence does not state for what the claim says it is of (``figure_findings.py``);
* ``negation_conflict`` / ``direction_conflict`` — the claim is a clause of the evidence
  with its negation toggled ("contains live virus" / "does not contain live virus") or
  one word swapped for its opposite ("exports increased" / "exports declined";
  ``toggles.py``).

Pure functions over plain text; ``Finding`` records carry the proof.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..contracts import ReasonCode
from ..lexicon.grammar import EXAMPLE_MARKERS
from .binding import binding_finding
from .calendar_words import calendar_finding
from .clause_checks import unfound_clause, unlinked_clause
from .codes import swapped_codes
from .evidence_index import (
    EvidenceIndex,
    SourceEvidence,
    claim_content,
    closest_sentence,
    context_words,
    evidence_index,
    figure_kinds,
    read_source,
)
from .figure_findings import ALIGNED, figure_finding
from .figures import context_figures, figure_kind
from .findings import Finding
from .given_names import given_name_findings
from .limits import limit_finding
from .multiples import multiple_finding
from .name_binding import name_binding_finding
from .name_swap import name_swap_finding
from .names import absent_names, context_names, only_marked
from .subjects import antecedent_finding, sibling_finding
from .tiers import tier_finding
from .toggles import toggle_finding
from .worked_dates import worked_dates

__all__ = [
    "EvidenceIndex",
    "SourceEvidence",
    "evidence_findings",
    "evidence_index",
    "figure_kind",
    "read_source",
]


def _turned(claim: str, index: EvidenceIndex) -> Finding | None:
    """A claim that turns an evidence clause around (``toggles.toggle_finding``). Every word
    of the claim is asked of the evidence, the context's too: a word the user's question
    lends the claim ("take") is no word of the clause it would turn."""
    return toggle_finding(
        claim, [(s.source_id, s.text, s.clauses, s.topic) for s in index.sentences]
    )


def _label_names(label: str, index: EvidenceIndex, context: Sequence[str]) -> list[Finding]:
    """A table row's label read as a sentence of its own ("Eliud Kipchoge."; a label is
    no Title Case heading here): the names in it the evidence does not hold, where the
    evidence holds none of its words ("Battery Life" is no name where a source speaks of
    the battery). A mark, not a deletion: a label in Title Case may be the answer's own
    words ("Bulky Items")."""
    if claim_content(label, frozenset()) & index.vocabulary:
        return []
    missing = absent_names(f"{label.rstrip('.')}.", index.names, given=context_names(context))
    if not missing:
        return []
    names = ", ".join(repr(n) for n in missing)
    return [
        Finding(
            "label_name_absent",
            ReasonCode.ENTITY_MISMATCH,
            f"no source names {names} (the row's label)",
            {"names": missing},
        )
    ]


def evidence_findings(
    claim: str, index: EvidenceIndex, context: Sequence[str] = (), label: str | None = None,
    before: Sequence[str] = (),
) -> list[Finding]:  # fmt: skip
    """Every evidence-wide finding on one claim (names first, then figures).

    ``context`` holds the phrases the claim took from its context: their names
    and words are never held against it, but for a table row's ``label`` (the row says
    it): a name there the evidence does not hold marks the claim (``label_name_absent``).
    ``before``: the answer's own phrases among them (not the user's question), which a
    pronoun the claim opens with is read after (``subjects.py``).
    """
    optional = context_words(context)
    out: list[Finding] = []
    if EXAMPLE_MARKERS.search(claim):
        return out  # "for example, on a salary of £30,000": an illustration, not a claim of fact
    swapped = swapped_codes(claim, index.names)
    if swapped:
        claimed, stated = swapped[0]
        out.append(
            Finding(
                "name_absent",
                ReasonCode.ENTITY_MISMATCH,
                f"no source names {claimed!r}; the sources name {stated!r}",
                {"names": [c for c, _ in swapped]},
            )
        )
        return out
    missing = absent_names(claim, index.names, optional, context_names(context))
    if missing:
        out.append(
            Finding(
                "acronym_absent" if only_marked(missing, index.names, claim) else "name_absent",
                ReasonCode.ENTITY_MISMATCH,
                f"no source names {', '.join(repr(n) for n in missing)}",
                {"names": missing},
            )
        )
    out.extend(given_name_findings(claim, index.names, context_names(context)))
    if label and not missing:
        # the row's own phrase (its header and label) names nothing for the label; the
        # user's question does
        out.extend(_label_names(label, index, [c for c in context if not c.endswith(label)]))
    clause = unfound_clause(claim, index.vocabulary, optional)
    if clause is None:
        clause = unlinked_clause(claim, index.sentences, optional)
    if clause is not None:
        out.append(clause)
    turned = _turned(claim, index)
    if turned is not None:
        out.append(turned)
    content = claim_content(claim, optional)
    found = _sentence_finding(claim, content, index, context) if content else None
    if found is None:
        found = sibling_finding(claim, index) or antecedent_finding(claim, before, index)
    out.extend(f for f in (found, multiple_finding(claim)) if f is not None)
    return out


def _sentence_finding(
    claim: str, content: frozenset[str], index: EvidenceIndex, context: Sequence[str]
) -> Finding | None:
    """The first figure or calendar finding on a claim with content words, else what the
    evidence sentence that speaks of it gives another part of itself (a figure, a name)."""
    user = figure_kinds(" ".join(context))
    dated = worked_dates(claim, index, user)
    figure = figure_finding(claim, content, index, context_figures(context), user, dated)
    if figure is None:
        # read only when the claim names a day or a month (generators)
        texts = [*(s.text for s in index.sentences), *context]
        dates = ([v for k, v in s.kinds if k == "date"] for s in index.sentences)
        figure = calendar_finding(claim, texts, dates, dated.weekdays(texts))
    if figure is not None:
        return figure
    # the sentence that says what the claim says, read with the words the claim took from
    # the question too ("on rural roads and on motorways"): they are never held against
    # it, but they say which part of a sentence it speaks of
    aligned, share = closest_sentence(claim_content(claim, frozenset()), index)
    if aligned is None or share < ALIGNED:
        return None
    return (
        binding_finding(claim, aligned.text, aligned.source_id)
        or tier_finding(claim, aligned.text, aligned.source_id)
        or name_binding_finding(claim, aligned.text, aligned.source_id)
        or name_swap_finding(claim, aligned.text, aligned.source_id, index)
        or limit_finding(claim, aligned.text, aligned.source_id)
    )
