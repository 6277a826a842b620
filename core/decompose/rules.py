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

from ..scoring.numeric import numeric_values
from ..text.sentences import CITATION_MARKER, Sentence, citation_keys, split_sentences
from ..text.words import lex_tokens
from .context import Context, clean_claim_text, has_verb, resolve_claim, table_cells
from .types import Decomposition, DraftClaim, NonClaim, NonClaimRule

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

RULES_VERSION = "rules-v3"

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
      | there(?:\s+(?:is|are|was|were)|{_APOS}s)\s+no\s+(?:specific\s+|relevant\s+|further\s+)?
           (?:information|mention|details?|data|record)s?\b
      | no\s+(?:specific\s+|relevant\s+|further\s+)?(?:information|mention|details?)\s+
           (?:is|are|was|were|about|on|of|regarding)\b
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

# Pleasantries: the words after them belong to the phrase ("let me know if you
# need more"), so only a statement after a clause break is checked.
_PLEASANTRY = regex.compile(
    r"""^(?:
        (?:i\s+)?hope\s+(?:this|that|it)\s+helps
      | let\s+me\s+know\s+if
      | feel\s+free\s+to
      | (?:please\s+)?reach\s+out
      | is\s+there\s+anything\s+else
      | (?:sure|certainly|of\s+course|absolutely|okay|ok)\b
    )""",
    flags=_I | regex.VERBOSE,
)

# Meta lead-ins: only meta when nothing with content follows them.
_META = regex.compile(
    r"""^(?:
        (?:great|good|excellent|interesting)\s+question
      | (?:here\s+(?:is|are)|here{_APOS}s|below\s+(?:is|are))\b[^:.!?]{0,60}(?::|[.!]?\s*$)
      | (?:please\s+)?(?:note|remember)\s+that\s+(?:this|these|the\s+(?:above|answer|information))
      | (?:please\s+)?(?:consult|verify|check)\s+(?:with\s+)?(?:a|an|the|your|official)\b
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
        in\s+addition|as\s+a\s+result|therefore|thus|yes|no|indeed|in\s+other\s+words|
        in\s+brief|put\s+simply|simply\s+put|in\s+practice|in\s+general|generally\s+speaking|
        (?:according\s+to|based\s+on|as\s+(?:stated|mentioned|described|noted)\s+in|per)\s+
           (?:the\s+)?(?:provided\s+|given\s+|retrieved\s+|available\s+)?
           (?:(?:documents?|docs?|context|sources?|texts?|passages?|information|evidence|
              excerpts?|references?)
              (?:\s*[A-Za-z]?\d+(?:\s*(?:,|and|&)\s*[A-Za-z]?\d+)*)?)
           (?:\s+provided)?
    ),\s+)+""",
    flags=_I | regex.VERBOSE,
)

# Labels some frameworks put in front of an answer ("Response 1:", "Answer:").
_LABEL = regex.compile(
    r"^(?:(?:final|short|quick|brief)\s+)?(?:response|answer|summary|result|output|version)"
    r"(?:\s+\d{1,3})?\s*:\s+",
    flags=_I,
)

_SPACE_BEFORE_PUNCT = regex.compile(r"\s+([.,;:!?])")
_MULTI_SPACE = regex.compile(r"\s{2,}")
_SEMICOLON = regex.compile(r";\s+")
_COORDINATOR = regex.compile(
    r",\s+(?:and|but|while|whereas|yet|so)\s+|\s+(?:while|whereas)\s+", flags=_I
)

_BUT = regex.compile(r",?\s+(?:but|however|although)\s+", flags=_I)
# Where an independent clause may start after a refusal or a meta/hedge lead-in.
_CLAUSE = regex.compile(
    r"\s*(?:[,;:]|\s[—–-])\s*|\s+(?:but|however|although|yet|and|so)\s+", flags=_I
)
_JOINER = regex.compile(r"^(?:and|but|so|yet|however|although)\s*,?\s+", flags=_I)
_MIN_TOKENS = 3
_MIN_PART_TOKENS = 3
_MAX_LEAD_IN_TOKENS = 6
_MAX_TITLE_TOKENS = 5


def strip_markers(text: str) -> tuple[str, tuple[str, ...]]:
    """Remove citation markers from ``text``; return the clean text and the markers."""
    markers: list[str] = []
    for m in CITATION_MARKER.finditer(text):
        markers.extend(citation_keys(m.group(0)))
    clean = CITATION_MARKER.sub("", text)
    clean = _SPACE_BEFORE_PUNCT.sub(r"\1", clean)
    clean = _MULTI_SPACE.sub(" ", clean).strip()
    return clean, tuple(markers)


def _normalise(text: str) -> str:
    return text.replace("‘", "'").replace("’", "'").replace("`", "'").strip().strip("*_ ")


def _has_content(text: str) -> bool:
    """Enough of a statement to check: a figure, or at least three word tokens."""
    clean = strip_markers(text)[0]
    return bool(numeric_values(clean)) or len(lex_tokens(clean)) >= _MIN_TOKENS


# A bare answer word that opens a reply ("Yes, it does."); it states nothing alone.
_ANSWER_WORD = regex.compile(
    r"^\W*(?:yes|no|yeah|yep|nope|sure|ok|okay|correct|right|indeed)\b\W*", flags=_I
)


_SHORT_HEAD = 200


def too_short(response: str) -> bool:
    """True when a whole response is too short to hold a checkable claim.

    The boundary: after citation markers and one opening answer word (yes, no,
    sure, ...) are removed, the response has no figure and fewer than three
    word tokens — the same floor a sentence needs to be a claim. "Yes, it does."
    (two tokens left) is too short; "Paris is big." and "It is 4." are not.
    The verifier applies it with this decomposer only: a decomposer that reads
    context (a question, a conversation) may find a claim in "Ada Lovelace".
    """
    if len(response) > _SHORT_HEAD and not too_short(response[:_SHORT_HEAD]):
        return False  # enough in the head alone; spares scanning a long answer
    clean = _ANSWER_WORD.sub("", strip_markers(response)[0], count=1)
    return not numeric_values(clean) and len(lex_tokens(clean)) < _MIN_TOKENS


def _tail_start(text: str, pattern: regex.Pattern[str]) -> int | None:
    """Where the rest of ``text`` starts after a lead-in matched by ``pattern`` (or None)."""
    lead = len(text) - len(text.lstrip(" *_"))
    m = pattern.match(text.replace("‘", "'").replace("’", "'").replace("`", "'"), lead)
    return None if m is None else m.end()


def _independent_rest(text: str, after: int) -> int | None:
    """Start of a statement following a lead-in, if one with content follows a clause break."""
    rest = text[after:]
    if not rest.strip(" .!"):
        return None
    if rest[:1] in ",;:—–-" or text[:after].rstrip().endswith(":"):
        # the lead-in ends at a break: what follows it directly is the statement
        skip = len(rest) - len(rest.lstrip(" ,;:—–-"))
        if _has_content(rest[skip:]):
            return after + skip
    for m in _CLAUSE.finditer(rest):
        candidate = rest[m.end() :]
        if _has_content(candidate):
            return after + m.end()
    return None


def refusal_split(text: str) -> tuple[bool, int | None]:
    """Is ``text`` an honest refusal, and where does a statement joined to it start?

    ``(False, None)``: no refusal. ``(True, None)``: the whole text is a refusal.
    ``(True, i)``: a refusal followed, after a clause break, by a statement from
    ``text[i:]`` that must still be verified ("I'm not sure, but it was built in
    1750" verifies "it was built in 1750").
    """
    after = _tail_start(text, _REFUSAL)
    if after is None:
        return False, None
    rest = _independent_rest(text, after)
    if rest is not None:
        tail = refusal_split(text[rest:].lstrip(" ,;:—–-"))
        if tail == (True, None):  # "I'm not sure; the sources don't say who designed it."
            return True, None
    return True, rest


def is_refusal(text: str) -> bool:
    """True when ``text`` is only an honest refusal ("I don't know", "The sources don't say…")."""
    found, rest = refusal_split(strip_markers(text)[0])
    return found and rest is None


def _lead_in_only(text: str, pattern: regex.Pattern[str]) -> bool:
    """The sentence is a meta/hedge lead-in with no statement after it."""
    after = _tail_start(text, pattern)
    return after is not None and not _has_content(text[after:])


def _pleasantry_only(text: str) -> bool:
    after = _tail_start(text, _PLEASANTRY)
    return (
        after is not None and not numeric_values(text) and (_independent_rest(text, after) is None)
    )


def classify_sentence(sentence: Sentence) -> NonClaimRule | None:
    """The non-claim rule a sentence falls under, or ``None`` if it is a claim (or refusal).

    A rule only exempts text that holds no statement of its own: a sentence with a
    figure, or with a statement after a lead-in ("Great question, the tower is…"),
    is a claim. Headings are titles only when short and without figures.
    """
    text, _ = strip_markers(sentence.text)
    norm = _normalise(text)
    if sentence.kind == "code":
        return "code"
    if sentence.kind == "table_header":
        return "heading"
    if sentence.kind == "heading":
        if not numeric_values(norm) and len(lex_tokens(norm)) <= _MAX_TITLE_TOKENS:
            return "heading"
        return None
    if not norm:
        return "too_short"
    if refusal_split(norm)[0]:
        return None  # refusals are recorded as claims of kind "refusal"
    if norm.endswith("?"):
        return "question"
    if _lead_in_only(norm, _META) or _pleasantry_only(norm):
        return "meta"
    if _lead_in_only(norm, _HEDGE):
        return "hedge"
    if (
        _TRANSITION.search(norm)
        and not numeric_values(norm)
        and (len(lex_tokens(norm)) <= _MAX_LEAD_IN_TOKENS)
    ):
        return "transition"
    if not _has_content(norm):
        return "too_short"
    return None


def _claim_text(raw: str) -> tuple[str, tuple[str, ...]]:
    clean, markers = strip_markers(raw)
    clean = _LABEL.sub("", clean_claim_text(clean))
    for pattern in (_META, _HEDGE, _PLEASANTRY):  # "Great question, X" → X
        after = _tail_start(clean, pattern)
        if after is not None:
            rest = _independent_rest(clean, after)
            if rest is not None:
                clean = clean[rest:]
    clean = _JOINER.sub("", _OPENER.sub("", clean.strip()))
    if clean[:1].islower():
        clean = clean[:1].upper() + clean[1:]
    return clean, markers


def restated_text(sentence: str) -> str:
    """What a claim must restate of a draft sentence: its text without the citation
    markers, markup, labels, lead-ins and openers our own rules strip."""
    return _claim_text(sentence)[0]


def _clause_pieces(text: str) -> list[tuple[int, int]]:
    """Where a sentence holds several statements: its ';' parts when each stands alone,
    then each part split again where a coordinator (", and", ", but", ", while",
    "whereas" …) joins two clauses, each of three words or more, the second with a
    verb of its own ("X rose 5%, and Y fell 2%"; not "apples, pears, and plums")."""
    pieces: list[tuple[int, int]] = []
    cursor = 0
    for m in _SEMICOLON.finditer(text):
        pieces.append((cursor, m.start()))
        cursor = m.end()
    pieces.append((cursor, len(text)))
    if len(pieces) > 1 and not all(
        len(lex_tokens(strip_markers(text[a:b])[0])) >= _MIN_PART_TOKENS for a, b in pieces
    ):
        pieces = [(0, len(text))]
    out: list[tuple[int, int]] = []
    for a, b in pieces:
        cut = a
        for m in _COORDINATOR.finditer(text, a, b):
            left, right = text[cut : m.start()], text[m.end() : b]
            if (
                len(lex_tokens(left)) >= _MIN_PART_TOKENS
                and len(lex_tokens(right)) >= _MIN_PART_TOKENS
                and has_verb(right)
            ):
                out.append((cut, m.start()))
                cut = m.end()
        out.append((cut, b))
    return out


def sentence_claims(draft: str, sentence: Sentence) -> list[DraftClaim]:
    """The claims our rules find in one sentence of ``draft``, read without context."""
    return list(RuleBasedDecomposer()._sentence_claims(draft, sentence, Context()))


class RuleBasedDecomposer:
    """Sentence-level claims by rules; no model, deterministic, offline."""

    name = "rule-based"
    prompt_hash = hashlib.sha256(RULES_VERSION.encode()).hexdigest()[:16]

    def decompose(self, draft: str) -> Decomposition:
        claims: list[DraftClaim] = []
        non_claims: list[NonClaim] = []
        ctx = Context()
        for sentence in split_sentences(draft):
            rule = classify_sentence(sentence)
            if rule is not None:
                non_claims.append(NonClaim(sentence.text, sentence.start, sentence.end, rule))
                if sentence.kind == "heading":
                    ctx.see_heading(strip_markers(sentence.text)[0])
                else:
                    ctx.see_line(strip_markers(sentence.text)[0], sentence.kind)
                continue
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
            for a, b, cell, from_table in table_cells(sentence.text, ctx.table_header):
                text, markers = strip_markers(cell)
                if text:
                    yield DraftClaim(
                        text, sentence.start + a, sentence.start + b, markers, context=from_table
                    )
            return
        parts = list(self._split_parts(draft, sentence.start, sentence.end))
        for start, end in parts:
            raw = draft[start:end]
            text, markers = _claim_text(raw)
            if not text:
                continue
            added: tuple[str, ...] = ()
            if not is_refusal(raw):
                text, added = resolve_claim(text, sentence.kind, ctx)
            if not markers and len(parts) > 1:
                # markers at the end of the sentence cite every part of it
                _, markers = strip_markers(sentence.text)
            kind: Literal["claim", "refusal"] = "refusal" if is_refusal(raw) else "claim"
            yield DraftClaim(text, start, end, markers, kind, context=added)

    def _split_parts(self, draft: str, start: int, end: int) -> Iterable[tuple[int, int]]:
        """Split a refusal from a statement joined to it, and ';' compounds of standalone parts."""
        text = draft[start:end]
        found, rest = refusal_split(text)
        if found:
            if rest is None:
                yield start, end
                return
            cut = len(text[:rest].rstrip(" ,;:—–-"))
            yield start, start + cut
            yield from self._split_parts(draft, start + rest, end)
            return
        pieces = _clause_pieces(text)
        if len(pieces) > 1:
            for a, b in pieces:
                yield start + a, start + b
            return
        yield start, end
