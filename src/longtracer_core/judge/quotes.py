"""Quote verification: is the judge's quote really in the span it cites?

A small model asked for evidence will invent some; a verdict counts only when
its quote is found in the cited span. Both texts are cut into word and number
tokens and each token is normalised hard: NFKD with combining marks dropped
(accents), casefold, NFKC (full-width forms, ligatures), and numbers written
one way (``1,000`` and ``1000`` agree; ``6.5`` and ``6,5`` agree; ``6.5`` and
``65`` do not). Punctuation and whitespace never matter.

``mode="exact"``: the quote's tokens appear contiguously in the span.
``mode="window"``: also accepted when some window of the span, as long as the
quote, holds at least ``min_overlap`` of the quote's tokens (a paraphrased
quote). A quote shorter than ``min_tokens`` tokens (unless it is the whole
span) is never accepted: "the" is in every span.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import Literal

import regex

__all__ = ["QuoteCheck", "QuoteMode", "quote_tokens", "verify_quote"]

QuoteMode = Literal["exact", "window"]

_TOKEN = regex.compile(r"\p{N}+(?:[.,]\p{N}+)*|[\p{L}\p{M}]+")
_THOUSANDS_COMMA = regex.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")
_THOUSANDS_DOT = regex.compile(r"\d{1,3}(?:\.\d{3}){2,}(?:,\d+)?")


@dataclass(frozen=True)
class QuoteCheck:
    """The outcome: verified or not, where in the span (character offsets), how it matched."""

    verified: bool
    start: int | None = None
    end: int | None = None
    match: QuoteMode | None = None
    overlap: float = 0.0


def _norm_token(token: str) -> str:
    decomposed = unicodedata.normalize("NFKD", token)
    stripped = "".join(c for c in decomposed if unicodedata.category(c) != "Mn")
    text = unicodedata.normalize("NFKC", stripped.casefold())
    if text[:1].isdigit():
        if _THOUSANDS_COMMA.fullmatch(text):
            text = text.replace(",", "")
        elif _THOUSANDS_DOT.fullmatch(text):
            text = text.replace(".", "").replace(",", ".")
        else:
            text = text.replace(",", ".")
    return text


def quote_tokens(text: str) -> list[tuple[str, int, int]]:
    """Normalised tokens of ``text`` with their character offsets."""
    return [(_norm_token(m.group()), m.start(), m.end()) for m in _TOKEN.finditer(text)]


def verify_quote(
    quote: str,
    span_text: str,
    *,
    mode: QuoteMode = "exact",
    min_overlap: float = 0.8,
    min_tokens: int = 3,
) -> QuoteCheck:
    """Check that ``quote`` is in ``span_text``; offsets are into ``span_text``."""
    q = [t for t, _, _ in quote_tokens(quote)]
    s = quote_tokens(span_text)
    if not q or not s or len(q) < min(min_tokens, len(s)):
        return QuoteCheck(False)
    words = [t for t, _, _ in s]
    n = len(q)
    for i in range(len(words) - n + 1):
        if words[i : i + n] == q:
            return QuoteCheck(True, s[i][1], s[i + n - 1][2], "exact", 1.0)
    if mode == "exact":
        return QuoteCheck(False)
    wanted = Counter(q)
    width = min(n, len(words))
    best, best_at = 0.0, 0
    figures = Counter(t for t in q if t[:1].isdigit())
    for i in range(len(words) - width + 1):
        window = Counter(words[i : i + width])
        if figures - window:
            continue
        got = sum((wanted & window).values()) / n
        if got > best:
            best, best_at = got, i
    if best >= min_overlap:
        return QuoteCheck(True, s[best_at][1], s[best_at + width - 1][2], "window", best)
    return QuoteCheck(False, overlap=best)
