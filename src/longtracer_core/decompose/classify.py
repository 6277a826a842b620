"""Which sentences are claims: refusals, hedges, questions, meta-talk, transitions, headings.

``classify_sentence`` names the non-claim rule a sentence falls under (or None for a claim);
``refusal_split`` finds an honest refusal and the statement joined to it; ``too_short``
decides that a whole answer holds nothing to check. A rule only exempts text that holds no
statement of its own. The English phrases are in ``longtracer_core.lexicon.phrases``.
"""

from __future__ import annotations

import regex

from ..lexicon import phrases
from ..lexicon.verbs import PAST_BASE
from ..scoring.numeric import numeric_values
from ..text.citations import strip_markers
from ..text.sentences import Sentence
from ..text.words import lex_tokens
from .context import has_verb
from .markup import clean_markup
from .types import NonClaimRule

__all__ = [
    "MAX_CHAIN",
    "MIN_TOKENS",
    "classify_sentence",
    "has_content",
    "independent_rest",
    "is_refusal",
    "normalise",
    "prose_lines",
    "refusal_split",
    "states",
    "tail_start",
    "titled_statement",
    "too_short",
]

_WORDS = regex.compile(r"[\p{L}'’]+")
_CODE_CHARS = regex.compile(r"[{}()\[\]<>=;$#`\\|]|::|->")
MIN_TOKENS = 3
_ANNOTATION = regex.compile(r"(?:\[[^\[\]]*\]\s*)+")
# characters of a tail looked at first for content (see has_content)
_CONTENT_HEAD = 400
# refusals chained in one sentence that are followed (refusal_split, clauses.split_parts)
MAX_CHAIN = 32
_MAX_LEAD_IN_TOKENS = 6
_MAX_TITLE_TOKENS = 5
_MAX_QUESTION_TITLE_TOKENS = 8
_TITLE_COUNT = 10
_MAX_NAMED_LEAD_IN_TOKENS = 16
_COPULA_END = regex.compile(r"\s+(?:are|is|were|was)\s*$", flags=regex.IGNORECASE)
_SHORT_HEAD = 200
_BARE_AND = regex.compile(r"\s+and\s+", flags=regex.IGNORECASE)


def normalise(text: str) -> str:
    """The words as read for a rule: curly quotes straightened, emphasis dropped (a bold
    phrase inside "The reports **don't mention** it" does not hide the meta-talk)."""
    text = text.replace("‘", "'").replace("’", "'").replace("`", "'")
    return clean_markup(text).strip().strip("*_ ")


def has_content(text: str, start: int = 0) -> bool:
    """Enough of a statement to check in ``text[start:]``: a figure, or at least three
    word tokens.

    Decided on the first ``_CONTENT_HEAD`` characters when they suffice (what a
    head holds, the whole text holds), so checking many tails stays linear.
    """
    if len(text) - start > _CONTENT_HEAD and _content_in(text[start : start + _CONTENT_HEAD]):
        return True
    return _content_in(text[start:])


def _content_in(text: str) -> bool:
    clean = strip_markers(text)[0]
    return bool(numeric_values(clean)) or len(lex_tokens(clean)) >= MIN_TOKENS


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
    clean = phrases.ANSWER_WORD.sub("", strip_markers(response)[0], count=1)
    return not numeric_values(clean) and len(lex_tokens(clean)) < MIN_TOKENS


def tail_start(text: str, pattern: regex.Pattern[str]) -> int | None:
    """Where the rest of ``text`` starts after a lead-in matched by ``pattern`` (or None)."""
    lead = len(text) - len(text.lstrip(" *_"))
    m = pattern.match(text.replace("‘", "'").replace("’", "'").replace("`", "'"), lead)
    return None if m is None else m.end()


def independent_rest(text: str, after: int) -> int | None:
    """Start of a statement following a lead-in, if one with content follows a clause break."""
    rest = text[after:]
    if not rest.strip(" .!"):
        return None
    if rest[:1] in ",;:—–-" or text[:after].rstrip().endswith(":"):
        # the lead-in ends at a break: what follows it directly is the statement
        skip = len(rest) - len(rest.lstrip(" ,;:—–-"))
        if has_content(rest[skip:]):
            return after + skip
    # only the first break needs a look: a later break's tail is part of the first's, so
    # it holds content only if the first's does; a bare "and" before words that hold no
    # content up to the next break joins two names ("the distance between Lisbon and
    # Berlin, so …"), so the break after them is the first
    start = 0
    while (m := phrases.CLAUSE.search(rest, start)) is not None:
        if not has_content(rest, m.end()):
            return None
        nxt = phrases.CLAUSE.search(rest, m.end())
        joins_names = (
            nxt is not None
            and _BARE_AND.fullmatch(m.group(0)) is not None
            and not has_content(rest[m.end() : nxt.start()])
        )
        if not joins_names or nxt is None:
            return after + m.end()
        start = nxt.start()
    return None


def refusal_split(text: str) -> tuple[bool, int | None]:
    """Is ``text`` an honest refusal, and where does a statement joined to it start?

    ``(False, None)``: no refusal. ``(True, None)``: the whole text is a refusal.
    ``(True, i)``: a refusal followed, after a clause break, by a statement from
    ``text[i:]`` that must still be verified ("I'm not sure, but it was built in
    1750" verifies "it was built in 1750").
    """
    after = tail_start(text, phrases.REFUSAL)
    if after is None:
        return False, None
    said = _said_in_refusal(text, after)
    if said is not None:
        return True, said
    rest = independent_rest(text, after)
    # a chain of refusals ending in a refusal is one ("I'm not sure; the sources don't
    # say who designed it."); past MAX_CHAIN links the tail is verified as a statement
    tail, at = text, rest
    for _ in range(MAX_CHAIN):
        if at is None:
            break
        tail = tail[at:].lstrip(" ,;:—–-")
        link = tail_start(tail, phrases.REFUSAL)
        if link is None:
            break
        at = independent_rest(tail, link)
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
    m = phrases.PRESUPPOSED.match(rest)
    said = rest[m.end() :] if m is not None else ""
    # "why X …" always presupposes X; "that …" only as a clause ("… find that in the
    # documents" names a thing)
    clause = m is not None and (states(said) or "that" not in m.group(0).casefold())
    if m is not None and clause and has_content(said):
        return after + m.end()
    if numeric_values(strip_markers(rest)[0]):
        return after + len(rest) - len(rest.lstrip(" ,;:—–-"))
    if (
        phrases.DOUBT.search(text[:after].rstrip())
        and rest[:1].isspace()
        and not phrases.INDIRECT.match(rest)
        and has_content(rest)
        and states(rest)
    ):
        return after + len(rest) - len(rest.lstrip())
    return None


def is_refusal(text: str) -> bool:
    """True when ``text`` is only an honest refusal ("I don't know", "The sources don't say…"),
    read without its emphasis ("The reports **don't mention** it")."""
    found, rest = refusal_split(strip_markers(clean_markup(text))[0])
    return found and rest is None


def _lead_in_only(text: str, pattern: regex.Pattern[str]) -> bool:
    """The sentence is a meta/hedge lead-in with no statement after it."""
    after = tail_start(text, pattern)
    return after is not None and not has_content(text[after:])


def _pleasantry_only(text: str) -> bool:
    """A pleasantry, alone or followed only by more talk ("Good news — here's what the
    documents say for your situation."; "I hope she's better soon — let me know if …")."""
    after = tail_start(text, phrases.PLEASANTRY)
    if after is not None:
        if numeric_values(text):
            return False
        statement = independent_rest(text, after)
        return statement is None or _talk_only(text[statement:])
    after = tail_start(text, phrases.INTERJECTION)
    if after is None:
        return False
    rest = text[after:].lstrip(" ,;:!.—–-")
    return not has_content(rest) or _lead_in_only(rest, phrases.META)


def _talk_only(text: str) -> bool:
    """What follows a pleasantry is talk too: a pleasantry or a lead-in with nothing after."""
    return _lead_in_only(text, phrases.META) or _pleasantry_only(text)


def _asserting_question(text: str) -> bool:
    """A question that states something: a figure, an asserting frame or a tag."""
    if numeric_values(text) or tail_start(text, phrases.ASSERTING_FRAME) is not None:
        return True
    tag = phrases.TAG_QUESTION.search(text)
    if tag is not None and has_content(text[: tag.start()]):
        return True
    # a statement with a question mark ("X moved the tower to Berlin?") asserts it
    return not phrases.QUESTION_OPENER.match(text) and has_content(text)


def states(text: str) -> bool:
    """Does ``text`` hold a verb: the context heuristic's verbs, or a common irregular past
    form it does not know ("X rebuilt the dam", "X sold the archive")?"""
    if has_verb(text):
        return True
    words = [w.casefold() for w in _WORDS.findall(text)]
    return any(w in PAST_BASE for w in words[1:])


def prose_lines(block: str) -> list[tuple[int, int]]:
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
            and len(lex_tokens(body)) >= MIN_TOKENS
            and states(body)
        ):
            out.append((cursor + lead, cursor + lead + len(body)))
        cursor += len(line)
    return out


def _named_lead_in(text: str) -> bool:
    """A longer line ending in a lead-in ("… are as follows:", "… include:") whose words before
    it only name what follows ("The trade-offs between these classes are as follows:"); a
    verb there states something ("The reasons Eiffel painted the tower green are:")."""
    m = phrases.COLON_LEAD_IN.search(text) if text.rstrip().endswith(":") else None
    if m is None or len(lex_tokens(text)) > _MAX_NAMED_LEAD_IN_TOKENS:
        return False
    subject = _COPULA_END.sub("", text[: m.start()])
    # a name after the first word may be what the line says something of ("Acme owns Beta
    # and Gamma, whose products are:" has a verb the heuristic does not know)
    return not _names_after_first(subject) and "," not in subject and not states(subject)


def _colon_statement(text: str) -> bool:
    """A line ending in ':' that states something ("X painted the tower green:")."""
    return text.rstrip().endswith(":") and states(text) and not phrases.COLON_LEAD_IN.search(text)


def _holds_figure(text: str) -> bool:
    """Does ``text`` hold a figure to check? A number word in a lead-in that ends in ':'
    ("Here's how the two compare:") counts what follows it and is no fact of its own;
    digits always are ("Here are the dates for 2025 entry:")."""
    if not numeric_values(text):
        return False
    lead_in = text.rstrip().endswith(":") and phrases.COLON_LEAD_IN.search(text) is not None
    return not lead_in or any(c.isdigit() for c in text)


def _title(text: str) -> bool:
    """A heading that only names what follows: short, no statement, and no figure but a
    small count in words ("Connecting two devices"); one opening with a question word may
    run longer ("Why much of it is still buried")."""
    counts = numeric_values(text)
    if counts and (any(c.isdigit() for c in text) or not all(map(_small_count, counts))):
        return False
    words = lex_tokens(text)
    if len(words) <= _MAX_TITLE_TOKENS:
        return not titled_statement(text)
    # a longer question names nothing the section must bear out ("How Acme bought Beta")
    return (
        len(words) <= _MAX_QUESTION_TITLE_TOKENS
        and phrases.INDIRECT.match(text) is not None
        and not _names_after_first(text)
    )


def _names_after_first(text: str) -> bool:
    """A capitalised word after the first: a name the text may say something of."""
    return any(w[:1].isupper() for w in _WORDS.findall(text)[1:])


def _small_count(value: str) -> bool:
    try:
        return float(value) <= _TITLE_COUNT
    except ValueError:
        return False


def titled_statement(text: str) -> bool:
    """A heading that states something ("Eiffel painted the tower green"): a subject (a
    name, or a noun after an article) followed by a finite verb. Titles ("Water flow",
    "Telling the affected people", "How it works") are not statements."""
    return not phrases.INDIRECT.match(text) and phrases.SUBJECT_VERB.match(text) is not None


def classify_sentence(sentence: Sentence) -> NonClaimRule | None:
    """The non-claim rule a sentence falls under, or ``None`` if it is a claim (or refusal).

    A rule only exempts text that holds no statement of its own: a sentence with a
    figure, or with a statement after a lead-in ("Great question, the tower is…"),
    is a claim. Headings are titles only when short and without figures.
    """
    text, _ = strip_markers(sentence.text)
    norm = normalise(text)
    if sentence.kind == "code":
        return None if prose_lines(sentence.text) else "code"
    if sentence.kind == "table_header":
        # a header cell that states something ("| X painted the tower green |") is verified
        cells = [c for c in norm.split("|") if c.strip()]
        if any(titled_statement(c) and has_content(c) for c in cells):
            return None
        return "heading"
    if sentence.kind == "heading":
        return "heading" if _title(norm) else None
    if not norm:
        return "too_short"
    if _ANNOTATION.fullmatch(norm):
        return "annotation"  # a bracketed note, e.g. a guard's own mark on a guarded answer
    if refusal_split(norm)[0]:
        return None  # refusals are recorded as claims of kind "refusal"
    if _holds_figure(norm):
        return None  # a sentence holding a figure is never a non-claim
    if norm.endswith("?"):
        return None if _asserting_question(norm) else "question"
    return _talk_rule(norm)


def _talk_rule(norm: str) -> NonClaimRule | None:
    """Meta-talk or a hedge, read after a discourse opener ("Based on the sources, here's
    how they compare:" is a lead-in), a transition, or too little to check."""
    opener = phrases.OPENER.match(norm)
    bare = norm[opener.end() :] if opener is not None else norm
    if _lead_in_only(bare, phrases.META) or _pleasantry_only(bare):
        return "meta"
    if _lead_in_only(bare, phrases.HEDGE):
        return "hedge"
    # a transition is short as written, opener included: "According to the documents,
    # Acme owns Beta:" states something
    if (
        phrases.TRANSITION.search(norm)
        and (len(lex_tokens(norm)) <= _MAX_LEAD_IN_TOKENS)
        and not _colon_statement(norm)
    ) or _named_lead_in(norm):
        return "transition"
    if not has_content(norm):
        return "too_short"
    return None
