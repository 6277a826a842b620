"""The rule-based decomposer: deterministic, no model, the default and the offline path.

Each sentence of the draft becomes one claim unless a rule classes it as a
non-claim (question, hedge, transition, meta-talk, heading, code, too short) or
as an honest refusal. A compound sentence joined by ``;`` splits into claims
when each part stands alone, and a refusal joined to a statement by ``but``
splits so the statement is still verified. Citation markers are lifted out of
the claim text into ``cited_markers``; the claim keeps its exact span.

The parts: ``classify`` (which sentences are claims), ``clauses`` (where a sentence holds
several claims and what text each keeps), ``context`` (claims readable on their own); the
English they read is in ``longtracer_core.lexicon``. This module walks the draft.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from ..deadline import checkpoint
from ..hashing import short_hash
from ..text.citations import strip_markers
from ..text.sentences import Sentence, split_answer
from .classify import classify_sentence, is_refusal, refusal_split, too_short
from .clauses import claim_text, embedded_statements, restated_text, split_parts
from .context import Context, resolve_claim
from .tables import table_cells
from .types import Decomposition, DraftClaim, NonClaim

__all__ = [
    "RULES_VERSION",
    "RuleBasedDecomposer",
    "classify_sentence",
    "is_refusal",
    "refusal_split",
    "restated_text",
    "sentence_claims",
    "strip_markers",
    "too_short",
]

# names the rules' behaviour (the decomposer's prompt_hash in every trace)
RULES_VERSION = "rules-v14"


def sentence_claims(draft: str, sentence: Sentence) -> list[DraftClaim]:
    """The claims our rules find in one sentence of ``draft``, read without context."""
    return list(RuleBasedDecomposer()._sentence_claims(draft, sentence, Context()))


class RuleBasedDecomposer:
    """Sentence-level claims by rules; no model, deterministic, offline."""

    name = "rule-based"
    prompt_hash = short_hash(RULES_VERSION)

    def decompose(self, draft: str) -> Decomposition:
        claims: list[DraftClaim] = []
        non_claims: list[NonClaim] = []
        ctx = Context()
        for k, sentence in enumerate(split_answer(draft)):
            if not k % 64:
                checkpoint()
            rule = classify_sentence(sentence)
            if rule is not None:
                non_claims.append(NonClaim(sentence.text, sentence.start, sentence.end, rule))
                if sentence.kind == "heading":
                    ctx.see_heading(strip_markers(sentence.text)[0])
                elif rule == "meta":  # "Here's how it works:" frames the list, says nothing
                    ctx.see_line("", sentence.kind)
                else:
                    ctx.see_line(strip_markers(sentence.text)[0], sentence.kind)
                continue
            if sentence.kind == "table_header":
                ctx.see_line(strip_markers(sentence.text)[0], sentence.kind)
            claims.extend(self._sentence_claims(draft, sentence, ctx))
        return Decomposition(
            claims=tuple(claims),
            non_claims=tuple(non_claims),
            decomposer=self.name,
            prompt_hash=self.prompt_hash,
        )

    async def adecompose(self, draft: str) -> Decomposition:
        return self.decompose(draft)

    def _sentence_claims(
        self, draft: str, sentence: Sentence, ctx: Context
    ) -> Iterable[DraftClaim]:
        if sentence.kind == "table_row":
            for cell in table_cells(sentence.text, ctx.table_header):
                yield DraftClaim(
                    cell.text,
                    sentence.start + cell.start,
                    sentence.start + cell.end,
                    cell.markers,
                    context=cell.context,
                    label=cell.label,
                )
            return
        if sentence.kind in ("code", "table_header"):
            yield from embedded_statements(sentence)
            return
        parts = list(split_parts(draft, sentence.start, sentence.end))
        sentence_markers: tuple[str, ...] | None = None
        for start, end in parts:
            raw = draft[start:end]
            text, markers = claim_text(raw)
            if not text:
                continue
            refusal = is_refusal(raw)
            added: tuple[str, ...] = ()
            if not refusal:
                text, added = resolve_claim(text, sentence.kind, ctx)
            if not markers and len(parts) > 1:
                # markers at the end of the sentence cite every part of it
                if sentence_markers is None:
                    sentence_markers = strip_markers(sentence.text)[1]
                markers = sentence_markers
            kind: Literal["claim", "refusal"] = "refusal" if refusal else "claim"
            yield DraftClaim(text, start, end, markers, kind, context=added)
