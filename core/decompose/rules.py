"""The rule-based decomposer: deterministic, no model, the default and the offline path.

Each sentence of the draft becomes one claim unless a rule classes it as a
non-claim (question, hedge, transition, meta-talk, heading, code, too short) or
as an honest refusal. A compound sentence joined by ``;`` splits into claims
when each part stands alone, and a refusal joined to a statement by ``but``
splits so the statement is still verified. Citation markers are lifted out of
the claim text into ``cited_markers``; the claim keeps its exact span.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Literal

import regex

from ..text.sentences import CITATION_MARKER, Sentence, split_sentences
from ..text.words import lex_tokens
from .types import Decomposition, DraftClaim, NonClaim, NonClaimRule

__all__ = ["RULES_VERSION", "RuleBasedDecomposer", "classify_sentence", "strip_markers"]

RULES_VERSION = "rules-v1"

_I = regex.IGNORECASE | regex.VERSION1
_APOS = "['’]"

# Honest refusals: the answer says it does not know or the sources do not say.
_REFUSAL = regex.compile(
    rf"""^(?:(?:sorry|unfortunately|however|but)[,!]?\s+)?(?:
        i\s+(?:do\s+not|don{_APOS}t|did\s+not|didn{_APOS}t)\s+know
      | i(?:\s+am|{_APOS}m)\s+(?:not\s+(?:sure|certain)|unsure|uncertain|unable\s+to)
      | i\s+(?:could\s+not|couldn{_APOS}t|cannot|can{_APOS}t|can\s+not|was\s+unable\s+to|
              were\s+unable\s+to|did\s+not|didn{_APOS}t)\s+
           (?:find|determine|locate|answer|tell|say|confirm|verify|identify|see)
      | i\s+have\s+no\s+(?:information|data|knowledge|details)
      | (?:there(?:\s+(?:is|are|was|were)|{_APOS}s)\s+no|no)\s+
           (?:specific\s+|relevant\s+|further\s+)?
           (?:information|mention|details?|data|evidence|record)s?\b
      | (?:the\s+)?(?:provided\s+|given\s+|supplied\s+|available\s+|retrieved\s+)?
           (?:documents?|context|sources?|texts?|passages?|articles?|information|excerpts?)
           (?:\s+(?:provided|given|supplied|available))?
           \s+(?:do|does|did)\s*(?:n{_APOS}t|\s+not)\s+
           (?:contain|mention|include|provide|specify|say|state|discuss|cover|address|
              give|offer|describe|indicate|tell)
      | (?:this|that|the\s+answer|the\s+\w+)\s+is\s+not\s+(?:mentioned|specified|stated|
           given|provided|available|covered|included)\s+in\s+the\s+
           (?:provided\s+|given\s+)?(?:documents?|context|sources?|texts?|passages?)
      | (?:it\s+is|it{_APOS}s)\s+(?:not\s+(?:possible|clear)|unclear|impossible)\s+
           (?:to\s+(?:determine|say|tell|know)|from\s+the)
    )""",
    flags=_I | regex.VERBOSE,
)

# Whole-sentence meta-talk and pleasantries: no factual content.
_META = regex.compile(
    r"""^(?:
        (?:i\s+)?hope\s+(?:this|that|it)\s+helps
      | let\s+me\s+know\s+if
      | feel\s+free\s+to
      | (?:please\s+)?(?:let\s+me\s+know|reach\s+out)
      | (?:great|good|excellent|interesting)\s+question
      | (?:sure|certainly|of\s+course|absolutely|okay|ok)\s*[!.,]?\s*$
      | (?:here\s+(?:is|are)|here{_APOS}s|below\s+(?:is|are))\b.{0,60}[:.]?\s*$
      | (?:please\s+)?(?:note|remember)\s+that\s+(?:this|these|the\s+(?:above|answer|information))
      | (?:please\s+)?(?:consult|verify|check)\s+(?:with\s+)?(?:a|an|the|your|official)\b
      | is\s+there\s+anything\s+else
    )""".replace("{_APOS}", _APOS),
    flags=_I | regex.VERBOSE,
)

# Pure hedges: uncertainty about the answer itself, with no statement in it.
_HEDGE = regex.compile(
    r"""^(?:
        (?:i\s+)?(?:might|may|could)\s+be\s+(?:wrong|mistaken|incorrect)
      | (?:this|that|the)(?:\s+(?:answer|information|response|list|summary|above))?\s+
           (?:may|might|could)\s+
           (?:not\s+be\s+(?:complete|accurate|exhaustive|up\s+to\s+date)|be\s+(?:incomplete|
           inaccurate|outdated))
      | (?:results|details|figures|numbers)\s+(?:may|might|can)\s+vary
      | it\s+(?:depends|may\s+depend)\s+on\b.{0,40}$
    )""",
    flags=_I | regex.VERBOSE,
)

# Transition lines: a lead-in ending with ':' or a bare discourse marker.
_TRANSITION = regex.compile(
    r"""^(?:
        (?:in\s+summary|to\s+summari[sz]e|in\s+conclusion|overall|in\s+short|to\s+conclude|
           for\s+example|for\s+instance|additionally|moreover|furthermore|first(?:ly)?|
           second(?:ly)?|third(?:ly)?|finally|next|also|however|that\s+said)\s*[,:.]?\s*$
      | [^.!?]{0,80}:\s*$
    )""",
    flags=_I | regex.VERBOSE,
)

# Discourse openers stripped from the front of a claim's text (not from its span).
_OPENER = regex.compile(
    r"""^(?:(?:
        in\s+summary|to\s+summari[sz]e|in\s+conclusion|overall|in\s+short|additionally|
        moreover|furthermore|also|however|finally|first(?:ly)?|second(?:ly)?|third(?:ly)?|
        in\s+addition|as\s+a\s+result|therefore|thus|yes|no|indeed|
        (?:according\s+to|based\s+on|as\s+(?:stated|mentioned|described)\s+in)\s+
           (?:the\s+)?(?:provided\s+|given\s+|retrieved\s+)?
           (?:documents?|context|sources?|texts?|passages?|information|evidence)
           (?:\s+provided)?
    ),\s+)+""",
    flags=_I | regex.VERBOSE,
)

# Labels some frameworks put in front of an answer ("Response 1:", "Answer:").
_LABEL = regex.compile(
    r"^(?:final\s+)?(?:response|answer|summary|result|output)(?:\s+\d{1,3})?\s*:\s+",
    flags=_I,
)

_MARKER_SPLIT = regex.compile(r"[,;]")
_SPACE_BEFORE_PUNCT = regex.compile(r"\s+([.,;:!?])")
_MULTI_SPACE = regex.compile(r"\s{2,}")
_SEMICOLON = regex.compile(r";\s+")

_BUT = regex.compile(r",?\s+(?:but|however|although)\s+", flags=_I)
_MIN_TOKENS = 3
_MIN_PART_TOKENS = 3


def strip_markers(text: str) -> tuple[str, tuple[str, ...]]:
    """Remove citation markers from ``text``; return the clean text and the markers."""
    markers: list[str] = []
    for m in CITATION_MARKER.finditer(text):
        inner = m.group(0)[1:-1]
        markers.extend(p.strip() for p in _MARKER_SPLIT.split(inner) if p.strip())
    clean = CITATION_MARKER.sub("", text)
    clean = _SPACE_BEFORE_PUNCT.sub(r"\1", clean)
    clean = _MULTI_SPACE.sub(" ", clean).strip()
    return clean, tuple(markers)


def _normalise(text: str) -> str:
    return text.replace("‘", "'").replace("’", "'").replace("`", "'").strip().strip("*_ ")


def classify_sentence(sentence: Sentence) -> NonClaimRule | None:
    """The non-claim rule a sentence falls under, or ``None`` if it is a claim (or refusal)."""
    if sentence.kind == "heading":
        return "heading"
    if sentence.kind == "code":
        return "code"
    text, _ = strip_markers(sentence.text)
    norm = _normalise(text)
    if not norm:
        return "too_short"
    if _REFUSAL.search(norm):
        return None  # refusals are recorded as claims of kind "refusal"
    if norm.endswith("?"):
        return "question"
    if _META.search(norm):
        return "meta"
    if _HEDGE.search(norm):
        return "hedge"
    if _TRANSITION.search(norm):
        return "transition"
    if len(lex_tokens(norm)) < _MIN_TOKENS:
        return "too_short"
    return None


def is_refusal(text: str) -> bool:
    """True when ``text`` is an honest refusal ("I don't know", "The documents do not say…")."""
    return bool(_REFUSAL.search(_normalise(strip_markers(text)[0])))


def _claim_text(raw: str) -> tuple[str, tuple[str, ...]]:
    clean, markers = strip_markers(raw)
    clean = _OPENER.sub("", _LABEL.sub("", clean))
    if clean[:1].islower():
        clean = clean[:1].upper() + clean[1:]
    return clean, markers


class RuleBasedDecomposer:
    """Sentence-level claims by rules; no model, deterministic, offline."""

    name = "rule-based"
    prompt_hash = hashlib.sha256(RULES_VERSION.encode()).hexdigest()[:16]

    def decompose(self, draft: str) -> Decomposition:
        claims: list[DraftClaim] = []
        non_claims: list[NonClaim] = []
        for sentence in split_sentences(draft):
            rule = classify_sentence(sentence)
            if rule is not None:
                non_claims.append(NonClaim(sentence.text, sentence.start, sentence.end, rule))
                continue
            claims.extend(self._sentence_claims(draft, sentence))
        return Decomposition(
            claims=tuple(claims),
            non_claims=tuple(non_claims),
            decomposer=self.name,
            prompt_hash=self.prompt_hash,
        )

    async def adecompose(self, draft: str) -> Decomposition:
        return self.decompose(draft)

    def _sentence_claims(self, draft: str, sentence: Sentence) -> Iterable[DraftClaim]:
        parts = list(self._split_parts(draft, sentence.start, sentence.end))
        for start, end in parts:
            raw = draft[start:end]
            text, markers = _claim_text(raw)
            if not text:
                continue
            if not markers and len(parts) > 1:
                # markers at the end of the sentence cite every part of it
                _, markers = strip_markers(sentence.text)
            kind: Literal["claim", "refusal"] = "refusal" if is_refusal(raw) else "claim"
            yield DraftClaim(text, start, end, markers, kind)

    def _split_parts(self, draft: str, start: int, end: int) -> Iterable[tuple[int, int]]:
        """Split a sentence at ';' (or a refusal at 'but') when each part stands alone."""
        text = draft[start:end]
        if is_refusal(text):
            m = _BUT.search(text)
            if m is not None:
                right = text[m.end() :]
                if len(lex_tokens(strip_markers(right)[0])) >= _MIN_PART_TOKENS and not is_refusal(
                    right
                ):
                    yield start, start + m.start()
                    yield start + m.end(), end
                    return
            yield start, end
            return
        pieces: list[tuple[int, int]] = []
        cursor = 0
        for m in _SEMICOLON.finditer(text):
            pieces.append((cursor, m.start()))
            cursor = m.end()
        pieces.append((cursor, len(text)))
        if len(pieces) > 1 and all(
            len(lex_tokens(strip_markers(text[a:b])[0])) >= _MIN_PART_TOKENS for a, b in pieces
        ):
            for a, b in pieces:
                yield start + a, start + b
            return
        yield start, end
