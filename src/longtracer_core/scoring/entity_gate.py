"""The entity gate: a name of the claim missing from the span, where the span names another.

A hint, never a finding (``gates.py`` runs it with the others): the claim's capitalised
words the span lacks, read through the name evidence (``names.unheld_names``: an acronym
or its expansion, a demonym, a spelling, not a unit), against the names of the aligned
sentence the claim does not use. A name of the sentence in a run whose last
word the claim uses ("Shinichiro" of "Shinichiro Sakai" where the claim says "Sakai") is
the claim's own name, unless that word is a generic head ("Lake", "Mare": "Ligeia Mare"
is no "Kraken Mare").
"""

from __future__ import annotations

from functools import lru_cache

import regex

from ..lexicon.grammar import CAPITALISED_COMMON_WORDS
from ..text.words import lex_tokens, stem, stem_tokens
from .gate_result import GateResult
from .name_spotting import named_by_apposition
from .name_words import name_heads
from .names import unheld_names

__all__ = ["entity_gate"]

_CAPITALISED = regex.compile(r"(?<![\p{L}\p{N}'’])\p{Lu}[\p{L}\p{N}'’-]*")
_RUN = regex.compile(r"\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)+")
_COMMON_CAPS = frozenset(stem(w) for w in CAPITALISED_COMMON_WORDS)


@lru_cache(maxsize=1)
def _headstem_tokens() -> frozenset[str]:
    return frozenset(stem(h) for h in name_heads())


def _partnered(sentence: str, claim: set[str]) -> set[str]:
    """The words of the sentence's runs of names whose last word, not a head, the claim
    uses ("Shinichiro Sakai" where the claim says "Sakai"; not "Data Protection Commission"
    where it says "Data Protection Board", nor "Kraken Mare" where it says "Ligeia Mare")."""
    heads = _headstem_tokens()
    out: set[str] = set()
    for run in _RUN.findall(sentence):
        words = stem_tokens(run)
        if words[-1] in claim and words[-1] not in heads:
            out |= set(words)
    return out


def _names(text: str) -> set[str]:
    """Stems of capitalised words that are not the first word of a sentence or clause,
    and of a first word an apposition follows ("Velmorant, an oral anticoagulant")."""
    out: set[str] = set()
    for m in _CAPITALISED.finditer(text):
        i = m.start() - 1
        while i >= 0 and text[i].isspace():  # each run of spaces is walked once
            i -= 1
        opens = i < 0 or text[i] in ".!?:;\"'“(—–-*|"
        if opens and not named_by_apposition(text, m.group(0), m.end()):
            continue
        for token in lex_tokens(m.group(0)):
            word = stem(token)
            if word not in _COMMON_CAPS and not any(ch.isdigit() for ch in word) and len(word) > 1:
                out.add(word)
    return out


def entity_gate(
    claim: str, span: str, sentence: str, optional: frozenset[str] = frozenset()
) -> GateResult:
    """A name of the claim missing from the span, where the aligned sentence names another.

    Names in ``optional`` (taken from the claim's context) do not count.
    """
    span_stems = set(stem_tokens(span))
    missing = sorted(n for n in _names(claim) if n not in span_stems and n not in optional)
    if not missing:
        return GateResult("entity", False)
    claim_stems = set(stem_tokens(claim))
    others = sorted(
        n for n in _names(sentence) - _partnered(sentence, claim_stems) if n not in claim_stems
    )
    if not others:
        return GateResult("entity", False)
    # only what the name evidence reads as a name the span does not hold in any form
    # people write it (an acronym or its expansion, a demonym, a spelling; not a unit)
    names = {stem(t) for name in unheld_names(claim, span) for t in lex_tokens(name)}
    missing = [n for n in missing if n in names]
    if not missing:
        return GateResult("entity", False)
    return GateResult(
        "entity",
        True,
        f"the claim names {missing[0]!r}, absent from the evidence, which names {others[0]!r}",
    )
