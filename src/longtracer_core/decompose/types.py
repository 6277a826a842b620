"""What a decomposer returns: claims to verify, refusals, and classified non-claims."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol, runtime_checkable

__all__ = [
    "Decomposer",
    "Decomposition",
    "DraftClaim",
    "NonClaim",
    "NonClaimRule",
]

NonClaimRule = Literal[
    "question",
    "hedge",
    "transition",
    "meta",
    "heading",
    "code",
    "too_short",
    "annotation",
]


@dataclass(frozen=True)
class DraftClaim:
    """One atomic statement of the draft.

    ``char_start``/``char_end`` locate it in the draft (``None`` when a model
    gave a span that could not be located). ``kind="refusal"`` marks an honest
    "I don't know", which is recorded but not assessed. ``origin`` says who
    produced it: the decomposer, or the coverage check that added back text
    the decomposer dropped. ``context`` lists the phrases decontextualisation
    put into ``claim_text`` that the draft sentence does not say itself (a
    pronoun's antecedent, a heading, a table's row label): evidence may name
    them or not, so the matcher does not hold their absence against the claim.
    ``label`` is a table row's label when the claim is one of its cells: the row says it,
    so the names in it must be ones the evidence holds.
    """

    claim_text: str
    char_start: int | None
    char_end: int | None
    cited_markers: tuple[str, ...] = ()
    kind: Literal["claim", "refusal"] = "claim"
    origin: Literal["decomposer", "coverage"] = "decomposer"
    context: tuple[str, ...] = ()
    label: str | None = None


@dataclass(frozen=True)
class NonClaim:
    """Draft text that is not a factual statement, and the rule that says so."""

    text: str
    char_start: int
    char_end: int
    rule: NonClaimRule


@dataclass(frozen=True)
class Decomposition:
    """The decomposer's output after the coverage check.

    ``decomposer`` names the decomposer, ``prompt_hash`` identifies its prompt
    (or rule set) and ``model`` the LLM used, if any. ``coverage_repairs`` lists
    the draft sentences the decomposer left uncovered and that were added back
    as claims.
    """

    claims: tuple[DraftClaim, ...]
    non_claims: tuple[NonClaim, ...] = ()
    decomposer: str = "unknown"
    prompt_hash: str | None = None
    model: str | None = None
    coverage_repairs: tuple[DraftClaim, ...] = field(default=())
    attempts: int = 1

    @property
    def factual(self) -> tuple[DraftClaim, ...]:
        """The claims to assess (refusals excluded)."""
        return tuple(c for c in self.claims if c.kind == "claim")

    @property
    def refusals(self) -> tuple[DraftClaim, ...]:
        return tuple(c for c in self.claims if c.kind == "refusal")


@runtime_checkable
class Decomposer(Protocol):
    """Split a draft into atomic claims; any object with these two methods will do."""

    def decompose(self, draft: str) -> Decomposition | Sequence[DraftClaim]: ...

    async def adecompose(self, draft: str) -> Decomposition | Sequence[DraftClaim]: ...
