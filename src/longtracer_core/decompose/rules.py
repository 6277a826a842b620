"""The rule-based decomposer: deterministic, no model, the default and the offline path.

Each sentence of the draft becomes one claim unless a rule classes it as a
non-claim (question, hedge, transition, meta-talk, heading, code, too short) or
as an honest refusal. A compound sentence joined by ``;`` splits into claims
when each part stands alone, and a refusal joined to a statement by ``but``
splits so the statement is still verified. Citation markers are lifted out of
the claim text into ``cited_markers``; the claim keeps its exact span.
"""

from __future__ import annotations

import bisect
import hashlib
from collections.abc import Iterable
from typing import Literal

import regex

from ..deadline import checkpoint
from ..scoring.numeric import numeric_values
from ..text.sentences import CITATION_MARKER, Sentence, citation_keys, split_sentences
from ..text.words import lex_tokens, word_segments
from .context import (
    Context,
    VerbIndex,
    clean_claim_text,
    has_verb,
    resolve_claim,
    table_cells,
)
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

RULES_VERSION = "rules-v4"

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
    )""",
    flags=_I | regex.VERBOSE,
)
# Interjections: whatever follows them is a statement of its own ("Of course X did Y").
_INTERJECTION = regex.compile(
    r"^(?:sure|certainly|of\s+course|absolutely|okay|ok|definitely)\b[,!.]?",
    flags=_I,
)

# Questions that assert: a statement put as a question ("Did you know X …?", "Isn't it
# true that X?") or followed by a tag ("X, right?"). The statement is verified.
_ASSERTING_FRAME = regex.compile(
    rf"""^(?:
        did\s+you\s+know(?:\s+that)?
      | do\s+you\s+(?:know|realise|realize)\s+that
      | (?:is|was)n{_APOS}t\s+it\s+(?:true|the\s+case|a\s+fact)\s+that
      | (?:is|was)\s+it\s+not\s+(?:true|the\s+case)\s+that
      | (?:would|do|did)(?:n{_APOS}t|\s+not)\s+you\s+(?:agree|think|say)(?:\s+that)?
      | as\s+you\s+(?:may\s+|might\s+)?know,?
      | (?:remember|recall)\s+that
      | (?:fun\s+fact|guess\s+what)\s*[,:!-]?
    )\s+""",
    flags=_I | regex.VERBOSE,
)
# How a question that asks opens: a question word, an auxiliary verb or a short opener.
_QUESTION_OPENER = regex.compile(
    r"""^[\s*_"'(]*(?:
        what|who|whom|whose|which|when|where|why|how|whether|if|is|are|was|were|am|do|does|
        did|can|could|will|would|shall|should|may|might|must|has|have|had|any|anything|
        anyone|anybody|need|want|care|or|and|so|then|also|perhaps|maybe|curious|wondering|
        ready|interested|isn|aren|wasn|weren|don|doesn|didn|won|wouldn|can{_APOS}t|couldn|
        shouldn|haven|hasn
    )\b""".replace("{_APOS}", _APOS),
    flags=_I | regex.VERBOSE,
)
_TAG_QUESTION = regex.compile(
    rf"""[,—–-]\s*(?:
        right|correct|true|no|yes|ok(?:ay)?
      | (?:is|was|are|were|does|did|do|has|have|had|can|could|will|would|should)n{_APOS}t
          \s+(?:it|he|she|they|you|we|there|that)
      | (?:don{_APOS}t\s+you\s+think|wouldn{_APOS}t\s+you\s+(?:agree|say))
    )\s*\?+\s*$""",
    flags=_I | regex.VERBOSE,
)

# What a refusal may go on to say: a clause it presupposes ("I don't know why X", "The
# documents do not mention that X") is a statement to verify; an indirect question
# ("… whether X", "… how long X takes") is not.
_PRESUPPOSED = regex.compile(
    r"""^\s*(?:(?:confirm|verify|say|determine|tell|explain|know|find|see|state)\s+)?
        (?:(?:about|on|regarding|as\s+to|of)\s+)?(?:why|that|how\s+come)\s+""",
    flags=_I | regex.VERBOSE,
)
# Doubt followed directly by a clause ("I'm not sure X did Y") hedges that clause.
_DOUBT = regex.compile(r"(?:sure|certain|unsure|uncertain)$", flags=_I)
_INDIRECT = regex.compile(
    r"^\s*(?:whether|if|about|of|what|which|who|whom|whose|when|where|how|why)\b", flags=_I
)

# Meta lead-ins: only meta when nothing with content follows them.
_META = regex.compile(
    r"""^(?:
        (?:great|good|excellent|interesting)\s+question
      | (?:here\s+(?:is|are)|here{_APOS}s|below\s+(?:is|are))\s+
           (?:(?:a|an|the|some|my|our|your|these|those|few|several|more|key|main|brief|short|
               quick|detailed|full|complete|relevant|important|step-by-step|possible|general|
               other|additional|following|top|major|side-by-side|handy|clear|simple|
               concise)\s+)*
           (?:summary|overview|answer|breakdown|list|points?|details?|facts?|steps?|options?|
              results?|findings?|highlights?|information|info|things?|ways?|reasons?|
              examples?|explanation|comparison|table|recap|notes?|tips?|takeaways?|sources?|
              answers?|rundown|run-down|reference|guide|look|snapshot|what\s+i\s+found|what\s+(?:the\s+)?(?:documents?|sources?|context)\s+says?|
              how|why|what)\b
           [^:.!?\p{N}]{0,80}(?::|[.!]?\s*$)
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
      | it\s+(?:depends|may\s+depend|can\s+depend)\s+on\s+(?:
           (?:what|how|who|which|whether|when|where)\b(?-i:[^\p{Lu}\p{N}]){0,60}
         | (?:(?:the|your|a|many|several|various|other|a\s+(?:few|number\s+of)|a\s+lot\s+of)\s+)?
           (?:[\p{Ll}-]+\s+)?(?:context|situation|circumstances?|case|factors?|details?|needs?|
              use\s+case|requirements?|specifics|conditions?|individual|person|jurisdiction|
              definition|interpretation|version|configuration|set-?up|platform|region|
              country|goals?|preferences?|budget)s?
        )\s*[.!]?$
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
# A line ending in ':' that holds a verb is a lead-in only in these shapes ("The main
# findings are:", "Key steps include:", "as follows:"); otherwise it states something.
_COLON_LEAD_IN = regex.compile(
    r"""(?:
        (?:^|\s)(?:are|is|were|was|include|includes|included|involve|involves|contain|
           contains|cover|covers|consist\s+of|consists\s+of|follow|follows|as\s+follows|
           like\s+this|the\s+following|such\s+as|e\.g\.|including|below|here)\s*:\s*$
      | ^(?:here\s+(?:is|are)|here{_APOS}s|below\s+(?:is|are))\b(?-i:[^\p{Lu}\p{N}]){0,60}:\s*$
      | ^(?:what|how|why|when|where|who|which)\b[^\p{N}]{0,60}:\s*$
      | \s(?:a\s+few|several|some|these|the\s+following|following|many|various)\s+[\p{L}-]+:\s*$
    )""".replace("{_APOS}", _APOS),
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

_WORDS = regex.compile(r"[\p{L}'’]+")
_IRREGULAR_PAST = frozenset(
    """arose ate beat became began bent bit bled blew broke brought built burnt bought caught
    chose came dealt dug did drew drank drove fed fought fled flew forbade forgot forgave
    froze got gave went grew hung heard hid held kept knew laid led lent made met paid rode
    rang rose ran said sought sold sent shook shone shot sang sank sat slept slid spoke
    spent stood stole stuck struck swore swept swam took taught tore told thought threw
    understood woke wore won wrote rebuilt rewrote remade resold oversaw overtook undertook
    withdrew upheld foresaw overcame found left lost saw felt fell meant""".split()
)
_FINITE = "is are was were has have had does did will would can could may might must shall should"
# A heading that states something: a subject (up to three capitalised words, or an article
# and a noun) then a finite verb (an auxiliary, a past form, or a present form followed by
# its object). Titles ("Key facts", "Water flow", "Telling the affected people") do not.
_SUBJECT_VERB = regex.compile(
    rf"""^[^\p{{L}}\p{{N}}]*(?:
        (?:(?:the|a|an|its|their|this|that|his|her|our)\s+)?(?-i:\p{{Lu}}[\p{{L}}'’.-]*\s+){{1,3}}
      | (?:the|a|an|its|their|this|that|his|her|our)\s+[\p{{L}}'’-]+\s+
    )(?:
        (?:{"|".join(_FINITE.split())})\b
      | \p{{L}}{{3,}}ed\b
      | (?:{"|".join(sorted(_IRREGULAR_PAST))})\b
      | \p{{L}}{{3,}}(?<!ss|us|is)s\s+(?:the|a|an|its|their|his|her|our|\p{{N}}|(?-i:\p{{Lu}}))
    )""",
    flags=_I | regex.VERBOSE,
)
_CODE_CHARS = regex.compile(r"[{}()\[\]<>=;$#`\\|]|::|->")
_HAS_ALNUM = regex.compile(r"[\p{L}\p{N}]")
_SPACE_BEFORE_PUNCT = regex.compile(r"\s+([.,;:!?])")
_MULTI_SPACE = regex.compile(r"\s{2,}")
_SEMICOLON = regex.compile(r";\s+")
_COORDINATOR = regex.compile(
    r",\s+(?:and|but|while|whereas|yet|so)\s+|(?<!\s)\s++(?:while|whereas)\s+", flags=_I
)

# Where an independent clause may start after a refusal or a meta/hedge lead-in.
# (a break starts where a run of whitespace starts, so a long run is scanned once)
_CLAUSE = regex.compile(
    r"(?<!\s)(?:\s*+[,;:]|\s++(?<=\s)[—–-]|\s++(?:but|however|although|yet|and|so)\s+)\s*",
    flags=_I,
)
_JOINER = regex.compile(r"^(?:and|but|so|yet|however|although)\s*,?\s+", flags=_I)
_MIN_TOKENS = 3
# characters of a tail looked at first for content (see _has_content)
_CONTENT_HEAD = 400
# refusals chained in one sentence that are followed (refusal_split, _split_parts)
_MAX_CHAIN = 32
_MIN_PART_TOKENS = 3
_MAX_LEAD_IN_TOKENS = 6
_MAX_TITLE_TOKENS = 5


def strip_markers(text: str) -> tuple[str, tuple[str, ...]]:
    """Remove citation markers from ``text``; return the clean text and the markers."""
    markers: list[str] = []
    for m in CITATION_MARKER.finditer(text):
        markers.extend(citation_keys(m.group(0)))
    clean = CITATION_MARKER.sub("", text)
    # runs of whitespace first: "\s+[.,]" then never meets a long run (no backtracking)
    clean = _MULTI_SPACE.sub(" ", clean)
    clean = _SPACE_BEFORE_PUNCT.sub(r"\1", clean)
    clean = _MULTI_SPACE.sub(" ", clean).strip()
    return clean, tuple(markers)


def _normalise(text: str) -> str:
    return text.replace("‘", "'").replace("’", "'").replace("`", "'").strip().strip("*_ ")


def _has_content(text: str) -> bool:
    """Enough of a statement to check: a figure, or at least three word tokens.

    Decided on the first ``_CONTENT_HEAD`` characters when they suffice (what a
    head holds, the whole text holds), so checking many tails stays linear.
    """
    if len(text) > _CONTENT_HEAD and _content_in(text[:_CONTENT_HEAD]):
        return True
    return _content_in(text)


def _content_in(text: str) -> bool:
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
    # only the first break needs a look: a later break's tail is part of the first's, so
    # it holds content only if the first's does
    m = _CLAUSE.search(rest)
    if m is not None and _has_content(rest[m.end() :]):
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
    said = _said_in_refusal(text, after)
    if said is not None:
        return True, said
    rest = _independent_rest(text, after)
    # a chain of refusals ending in a refusal is one ("I'm not sure; the sources don't
    # say who designed it."); past _MAX_CHAIN links the tail is verified as a statement
    tail, at = text, rest
    for _ in range(_MAX_CHAIN):
        if at is None:
            break
        tail = tail[at:].lstrip(" ,;:—–-")
        link = _tail_start(tail, _REFUSAL)
        if link is None:
            break
        at = _independent_rest(tail, link)
        if at is None:
            return True, None
    return True, rest


def _said_in_refusal(text: str, after: int) -> int | None:
    """Where a statement the refusal lead-in ``text[:after]`` goes on to make starts.

    A refusal is honest about what it does not know; it stops being one when it
    presupposes a clause ("I don't know why X moved the tower"), states a figure
    ("The sources don't give the 2023 turnout") or hedges a clause it then asserts
    ("I'm not sure X moved the tower").
    """
    rest = text[after:]
    m = _PRESUPPOSED.match(rest)
    said = rest[m.end() :] if m is not None else ""
    # "why X …" always presupposes X; "that …" only as a clause ("… find that in the
    # documents" names a thing)
    clause = m is not None and (_states(said) or "that" not in m.group(0).casefold())
    if m is not None and clause and _has_content(said):
        return after + m.end()
    if numeric_values(strip_markers(rest)[0]):
        return after + len(rest) - len(rest.lstrip(" ,;:—–-"))
    if (
        _DOUBT.search(text[:after].rstrip())
        and rest[:1].isspace()
        and not _INDIRECT.match(rest)
        and _has_content(rest)
        and _states(rest)
    ):
        return after + len(rest) - len(rest.lstrip())
    return None


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
    if after is not None:
        return not numeric_values(text) and _independent_rest(text, after) is None
    after = _tail_start(text, _INTERJECTION)
    if after is None:
        return False
    rest = text[after:].lstrip(" ,;:!.—–-")
    return not _has_content(rest) or _lead_in_only(rest, _META)


def _asserting_question(text: str) -> bool:
    """A question that states something: a figure, an asserting frame or a tag."""
    if numeric_values(text) or _tail_start(text, _ASSERTING_FRAME) is not None:
        return True
    tag = _TAG_QUESTION.search(text)
    if tag is not None and _has_content(text[: tag.start()]):
        return True
    # a statement with a question mark ("X moved the tower to Berlin?") asserts it
    return not _QUESTION_OPENER.match(text) and _has_content(text)


def _states(text: str) -> bool:
    """Does ``text`` hold a verb: the context heuristic's verbs, or a common irregular past
    form it does not know ("X rebuilt the dam", "X sold the archive")?"""
    if has_verb(text):
        return True
    words = [w.casefold() for w in _WORDS.findall(text)]
    return any(w in _IRREGULAR_PAST for w in words[1:])


def _prose_lines(block: str) -> list[tuple[int, int]]:
    """Where a fenced block holds prose rather than code: lines that read as a sentence
    (capitalised, three words or more, a verb, ending in '.', '!' or '?', none of the
    characters code is written with). Offsets are relative to ``block``."""
    out: list[tuple[int, int]] = []
    cursor = 0
    for line in block.splitlines(keepends=True):
        body = line.strip()
        lead = len(line) - len(line.lstrip())
        if (
            body[:1].isupper()
            and body[-1:] in ".!?"
            and not _CODE_CHARS.search(body)
            and len(lex_tokens(body)) >= _MIN_TOKENS
            and _states(body)
        ):
            out.append((cursor + lead, cursor + lead + len(body)))
        cursor += len(line)
    return out


def _colon_statement(text: str) -> bool:
    """A line ending in ':' that states something ("X painted the tower green:")."""
    return text.rstrip().endswith(":") and _states(text) and not _COLON_LEAD_IN.search(text)


def _titled_statement(text: str) -> bool:
    """A heading that states something ("Eiffel painted the tower green"): a subject (a
    name, or a noun after an article) followed by a finite verb. Titles ("Water flow",
    "Telling the affected people", "How it works") are not statements."""
    return not _INDIRECT.match(text) and _SUBJECT_VERB.match(text) is not None


def classify_sentence(sentence: Sentence) -> NonClaimRule | None:
    """The non-claim rule a sentence falls under, or ``None`` if it is a claim (or refusal).

    A rule only exempts text that holds no statement of its own: a sentence with a
    figure, or with a statement after a lead-in ("Great question, the tower is…"),
    is a claim. Headings are titles only when short and without figures.
    """
    text, _ = strip_markers(sentence.text)
    norm = _normalise(text)
    if sentence.kind == "code":
        return None if _prose_lines(sentence.text) else "code"
    if sentence.kind == "table_header":
        # a header cell that states something ("| X painted the tower green |") is verified
        cells = [c for c in norm.split("|") if c.strip()]
        if any(_titled_statement(c) and _has_content(c) for c in cells):
            return None
        return "heading"
    if sentence.kind == "heading":
        if (
            not numeric_values(norm)
            and len(lex_tokens(norm)) <= _MAX_TITLE_TOKENS
            and not _titled_statement(norm)
        ):
            return "heading"
        return None
    if not norm:
        return "too_short"
    if refusal_split(norm)[0]:
        return None  # refusals are recorded as claims of kind "refusal"
    if numeric_values(norm):
        return None  # a sentence holding a figure is never a non-claim
    if norm.endswith("?"):
        return None if _asserting_question(norm) else "question"
    if _lead_in_only(norm, _META) or _pleasantry_only(norm):
        return "meta"
    if _lead_in_only(norm, _HEDGE):
        return "hedge"
    if (
        _TRANSITION.search(norm)
        and (len(lex_tokens(norm)) <= _MAX_LEAD_IN_TOKENS)
        and not _colon_statement(norm)
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
    for pattern in (_INTERJECTION, _ASSERTING_FRAME):  # "Of course X", "Did you know X?" → X
        after = _tail_start(clean, pattern)
        if after is not None and _has_content(clean[after:]):
            clean = clean[after:].lstrip(" ,;:!—–-")
    tag = _TAG_QUESTION.search(clean)
    if tag is not None and _has_content(clean[: tag.start()]):
        clean = clean[: tag.start()]
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
        # token and verb positions of the part, found once: each coordinator is then
        # checked without re-reading the text on either side of it
        part = text[a:b]
        tokens = _token_starts(part)
        verbs = VerbIndex(part)
        cut = a
        for m in _COORDINATOR.finditer(text, a, b):
            if (
                _count_in(tokens, cut - a, m.start() - a) >= _MIN_PART_TOKENS
                and _count_in(tokens, m.end() - a, b - a) >= _MIN_PART_TOKENS
                and verbs.has_verb_from(m.end() - a)
            ):
                out.append((cut, m.start()))
                cut = m.end()
        out.append((cut, b))
    return out


def _token_starts(text: str) -> list[int]:
    """Where each ``lex_tokens`` token of ``text`` starts."""
    starts: list[int] = []
    pos = 0
    for segment in word_segments(text):
        if _HAS_ALNUM.search(segment):
            starts.append(pos)
        pos += len(segment)
    return starts


def _count_in(starts: list[int], lo: int, hi: int) -> int:
    """Tokens starting in ``[lo, hi)`` (both at word boundaries)."""
    return bisect.bisect_left(starts, hi) - bisect.bisect_left(starts, lo)


def _embedded_statements(sentence: Sentence) -> Iterable[DraftClaim]:
    """The statements inside a code block (its prose lines) or a table header (its cells
    that state something): each is verified like any sentence, the rest stays exempt."""
    if sentence.kind == "code":
        spans = _prose_lines(sentence.text)
    else:
        spans = []
        pos = 0
        for cell in sentence.text.split("|"):
            body = cell.strip()
            if body and _titled_statement(_normalise(body)) and _has_content(body):
                lead = len(cell) - len(cell.lstrip())
                spans.append((pos + lead, pos + lead + len(body)))
            pos += len(cell) + 1
    for a, b in spans:
        text, markers = _claim_text(sentence.text[a:b])
        if text:
            yield DraftClaim(text, sentence.start + a, sentence.start + b, markers)


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
        for k, sentence in enumerate(split_sentences(draft)):
            if not k % 64:
                checkpoint()
            rule = classify_sentence(sentence)
            if rule is not None:
                non_claims.append(NonClaim(sentence.text, sentence.start, sentence.end, rule))
                if sentence.kind == "heading":
                    ctx.see_heading(strip_markers(sentence.text)[0])
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
            for a, b, cell, from_table in table_cells(sentence.text, ctx.table_header):
                text, markers = strip_markers(cell)
                if text:
                    yield DraftClaim(
                        text, sentence.start + a, sentence.start + b, markers, context=from_table
                    )
            return
        if sentence.kind in ("code", "table_header"):
            yield from _embedded_statements(sentence)
            return
        parts = list(self._split_parts(draft, sentence.start, sentence.end))
        sentence_markers: tuple[str, ...] | None = None
        for start, end in parts:
            raw = draft[start:end]
            text, markers = _claim_text(raw)
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

    def _split_parts(self, draft: str, start: int, end: int) -> Iterable[tuple[int, int]]:
        """Split a refusal from a statement joined to it, and ';' compounds of standalone parts."""
        for _ in range(_MAX_CHAIN):
            text = draft[start:end]
            found, rest = refusal_split(text)
            if not found:
                break
            if rest is None:
                yield start, end
                return
            cut = len(text[:rest].rstrip(" ,;:—–-"))
            yield start, start + cut
            start += rest
        pieces = _clause_pieces(draft[start:end])
        if len(pieces) > 1:
            for a, b in pieces:
                yield start + a, start + b
            return
        yield start, end
