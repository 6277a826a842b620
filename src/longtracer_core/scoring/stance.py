"""Words that say how surely a clause holds, or where its finding comes from, never what
it is about: "In our benchmarks, version 5 is faster"; "seared steaks actually lost
slightly more moisture". A claim may leave them out of an evidence clause and still say
its thing (``toggles.py``). And the modals that make a clause a supposition rather than a
statement ("would earn more, analysts predicted"). Pure functions of strings.
"""

from __future__ import annotations

import regex

from ..lexicon.polarity import EVIDENCE_FRAMES, STANCE_ADVERBS, SUPPOSING_MODALS
from ..text.words import lex_tokens, stem

__all__ = ["stance_words", "supposing"]

_SHOULD_HAVE = regex.compile(r"\bshould(?:\s+not|n['’]t)?\s+have\b", regex.IGNORECASE)
# a clause's opening frame naming where its finding comes from ("In our benchmarks,")
_FRAME = regex.compile(
    r"^\W*(?:in|according\s+to|across)\s+(?:[\p{L}'’-]+\s+){0,3}?(?:"
    + "|".join(EVIDENCE_FRAMES)
    + r")\s*,",
    regex.IGNORECASE,
)


def stance_words(text: str) -> frozenset[str]:
    """The stems of the stance adverbs of ``text`` (``STANCE_ADVERBS``) and of the frame
    that opens it (``EVIDENCE_FRAMES``: "In tests,")."""
    frame = _FRAME.match(text)
    framed = lex_tokens(frame.group(0)) if frame else []
    adverbs = (t for t in lex_tokens(text) if t in STANCE_ADVERBS)
    return frozenset(stem(t) for t in (*adverbs, *framed))


def supposing(text: str) -> frozenset[str]:
    """The modals of supposition ``text`` holds (``SUPPOSING_MODALS``; "'d" is "would", and
    "should have" an expectation that was not met: "should have given it a longer
    runtime")."""
    found = {
        "would" if t.endswith(("'d", "’d")) else t
        for t in lex_tokens(text)
        if t in SUPPOSING_MODALS or t.endswith(("'d", "’d"))
    }
    if _SHOULD_HAVE.search(text):
        found.add("should have")
    return frozenset(found)
