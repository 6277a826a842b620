"""Decontextualisation: claim texts that can be read without the sentences around them.

A chat answer leans on its context: "It passes through ten countries." means the
Danube only after the sentence that names it, and a bullet "Between 12 and 15
months of age" means the first dose only under its heading. The matcher scores
each claim on its own, so the rule-based decomposer rewrites the claim's text —
never its draft span, which is what the policy flags or redacts — by these
documented rules:

1. Markup: ``**bold**``, ``__bold__``, ``*emphasis*``, code ticks, inline HTML tags and link
   targets are dropped.
   A bold label ("**Landfall:** Marisol crossed …") is dropped when a full
   sentence follows it and kept as "Landfall: …" when a fragment does.
2. Structure: a list item or table row that is a fragment (it starts in lower
   case or with a figure, holds at most five words, or has no verb-like word) is read after its
   heading, else after the lead-in line that introduced the list ("First dose:
   between 12 and 15 months of age"). A table row's cells are read with its label
   and header (``tables.py``).
3. Pronouns: a claim that opens with a personal pronoun (It, They, He, She) or
   a possessive (Its, Their, His, Her) gets the subject of the most recent claim
   that named one; a definite description ("The bank …") gets that subject when
   the subject's words include its noun ("The Reserve Bank of Kestria …").
   The subject is the claim's leading noun phrase: its words up to the first
   verb-like word (a closed list of auxiliaries and common verbs, or a lower-case
   word ending in -ed, or in -s before a function word), at most six words.

Mid-sentence pronouns and demonstratives ("This system …") are left alone: a
wrong antecedent costs more than a missing one.
"""

from __future__ import annotations

import bisect
import itertools
from dataclasses import dataclass

import regex

from ..lexicon.dates import TIME_DETERMINERS, TIME_LEADS, TIME_WORDS
from ..lexicon.grammar import (
    ADVERB_ENDING,
    ASPECT_NOUNS,
    DETERMINERS,
    EXPLETIVE_ADJECTIVES,
    EXPLETIVE_FOLLOWERS,
    EXPLETIVE_VERBS,
    FOCUS_ADVERBS,
    FUNCTION_AFTER_VERB,
    INDEFINITE,
    LY_NOUNS,
    MODAL_VERBS,
    NAME_PARTICLES,
    NOT_SUBJECT,
    PERSONAL,
    PLURAL_OPENERS,
    PLURAL_PRONOUNS,
    POSSESSIVE,
    POSSESSIVE_ENDINGS,
    PREPOSITIONS,
    SINGULAR_PRONOUNS,
    SINGULAR_SUBJECTS,
    SUBJECT_BREAKERS,
)
from ..lexicon.verbs import COMMON_VERBS, CONTRACTIONS
from ..text.words import lex_tokens
from .markup import clean_markup
from .tables import HEADER_KEPT, header_cells

__all__ = [
    "Context",
    "VerbIndex",
    "has_verb",
    "clean_claim_text",
    "resolve_claim",
    "subject_phrase",
]

# A leading bold phrase is a label only when a colon, a dash or its own end punctuation
# sets it off ("**Landfall:** …", "**Cost** – …", "**Step 1**. …", "**How much?** …",
# "**Option 2: Ask.** …"; not an initial's dot, "**U.S.** exports …"): "**Voyager 1**
# launched …" is the sentence's own subject, in bold.
_BOLD_LABEL = regex.compile(
    r"^\s*(?:\*\*|__)([^*_\n]{1,60}?)"
    r"(?::(?:\*\*|__):?|(?<=[?!]|(?<!\b\p{Lu})\.)(?:\*\*|__)"
    r"|(?:\*\*|__)(?:[:.]|\s*[–—]|\s+-(?=\s)))\s*(?=\S)"
)

_WORD = regex.compile(r"[\p{L}\p{N}][\p{L}\p{N}'’.&-]*")
_CONTRACTED = regex.compile(rf"['’](?:{'|'.join(CONTRACTIONS)})$")  # "it's", "they're"
_CONTRACTION = regex.compile(rf"(\w+)['’]({'|'.join(CONTRACTIONS)})$")
_MAX_SUBJECT_WORDS = 6
_FRAGMENT_WORDS = 5


def _is_verb(words: list[str], i: int) -> bool:
    word = words[i]
    low = word.casefold()
    if low in COMMON_VERBS or _CONTRACTED.search(low) or low.endswith(("n't", "n’t")):
        return True  # "it's", "they're", "isn't": a contracted verb
    if i == 0 or word[:1].isupper() or not word.isalpha():
        return False
    if low.endswith("ed") and len(low) >= 5:
        return True
    if low.endswith("s") and not low.endswith(("ss", "us", "is")) and len(low) >= 4:
        if words[i - 1].casefold() in SINGULAR_SUBJECTS:
            return True  # "it cures", "which covers"
        nxt = words[i + 1].casefold() if i + 1 < len(words) else ""
        return nxt in FUNCTION_AFTER_VERB or nxt[:1].isdigit()
    return False


def _pronoun(word: str) -> bool:
    """It, its, they, their …, also contracted: it's, they're, he'd."""
    base = regex.split(r"['’]", word.casefold(), maxsplit=1)[0]
    return base in PERSONAL or base in POSSESSIVE


def subject_phrase(text: str) -> str | None:
    """The claim's leading definite noun phrase (its words up to the first verb-like word).

    Indefinite phrases ("A 2007 expedition …") introduce something new rather than
    the topic, so they are no subject to carry forward; nor does an instruction ("Do not
    take …", "Take one tablet …"), which opens with its verb and has no subject.
    """
    head = regex.split(r"[,;:()—–]", text, maxsplit=1)[0]
    words = _WORD.findall(head)
    imperative = _is_verb(words, 0) if words else False
    if imperative and _CONTRACTED.search(words[0].casefold()):
        imperative = False  # "Apple's revenue": a possessive, not "Apple is"
    if imperative and words[0].casefold() in MODAL_VERBS and len(words) > 1:
        imperative = not words[1][:1].isupper()  # "Will Smith": a first name
    if not words or _pronoun(words[0]) or imperative:
        return None
    opener = regex.split(r"['’]", words[0].casefold(), maxsplit=1)[0]  # "You'd": "you"
    if opener in INDEFINITE or opener in NOT_SUBJECT:
        return None
    for i in range(len(words)):
        if i > 0 and _is_verb(words, i) and not _possessive(words, i):
            end = i
            while end > 1 and words[end - 1].casefold() in FOCUS_ADVERBS:
                end -= 1  # "The option only applies": the subject is "The option"
            if end > _MAX_SUBJECT_WORDS or not _plain_subject(words[:end]):
                return None
            return " ".join(words[:end])
    return None


def _possessive(words: list[str], i: int) -> bool:
    """A possessive inside a subject, not "is": a name's ("Bolt's" of "Usain Bolt's world
    records", not "Bolt is") or a time's ("Last year's dip", "this week's figures")."""
    word = words[i]
    if not word.endswith(POSSESSIVE_ENDINGS):
        return False
    if word[:1].isupper():
        return True
    base = regex.split(r"['’]", word.casefold(), maxsplit=1)[0]
    return base in TIME_WORDS and words[i - 1].casefold() in TIME_LEADS | TIME_DETERMINERS


def _plain_subject(words: list[str]) -> bool:
    """A noun besides determiners ("The baby's": the 's was a possessive), no relative
    pronoun inside and no adverb at the end: the verb was not missed."""
    last = words[-1]
    if last.endswith(POSSESSIVE_ENDINGS):
        return False  # "Thurgood Marshall's arguments in": "arguments" was no verb
    adverb = last.islower() and last.endswith(ADVERB_ENDING) and len(last) > 4
    adverb = adverb and last not in LY_NOUNS
    if adverb or all(w.casefold() in DETERMINERS for w in words):
        return False
    return not any(w.casefold() in SUBJECT_BREAKERS for w in words)


_EXPLETIVE = regex.compile(
    r"^it(?:['’]s|\s+(?:" + "|".join(v.replace(" ", r"\s+") for v in EXPLETIVE_VERBS) + r"))"
    r"\s+(?:not\s+)?(?:" + "|".join(sorted(EXPLETIVE_ADJECTIVES)) + r")"
    r"\s+(?:" + "|".join(EXPLETIVE_FOLLOWERS) + r"|\w+ing)\b",  # "best to …", not "best taken"
    regex.IGNORECASE,
)


class VerbIndex:
    """``has_verb(text[pos:])`` for every word boundary ``pos`` of one text, read in one pass."""

    def __init__(self, text: str) -> None:
        matches = list(_WORD.finditer(text))
        words = [m.group(0) for m in matches]
        self._starts = [m.start() for m in matches]
        self._lead = [w.casefold() in COMMON_VERBS for w in words]
        # after[k]: a verb-like word at an index above k (read in the whole text, which
        # for those words is the same as reading them in any tail starting at word k)
        after = [False] * (len(words) + 1)
        for i in range(len(words) - 1, 0, -1):
            after[i - 1] = after[i] or _is_verb(words, i)
        self._after = after

    def has_verb_from(self, pos: int) -> bool:
        k = bisect.bisect_left(self._starts, pos)
        return k < len(self._starts) and (self._lead[k] or self._after[k])


def has_verb(text: str) -> bool:
    """Does the text hold a verb-like word (the subject heuristic's verbs)?"""
    words = _WORD.findall(text)
    if words and words[0].casefold() in COMMON_VERBS:
        return True
    return any(_is_verb(words, i) for i in range(1, len(words)))


def _is_fragment(text: str) -> bool:
    """A list item or row that is not a sentence of its own: no verb, or short, or lower-case."""
    first = text.lstrip()[:1]
    return (
        first.islower()
        or first.isdigit()
        or len(lex_tokens(text)) <= _FRAGMENT_WORDS
        or not has_verb(text)
    )


def _starts_sentence(text: str) -> bool:
    first = text.lstrip()[:1]
    return first.isupper() and len(lex_tokens(text)) > _FRAGMENT_WORDS


def _label(text: str) -> str:
    """Apply rule 1 to a leading bold label."""
    m = _BOLD_LABEL.match(text)
    if m is None:
        return text
    rest = text[m.end() :]
    if _starts_sentence(rest) and not _is_fragment(rest):
        return rest
    return f"{m.group(1).strip()}: {rest}"


@dataclass
class Context:
    """What the decomposer knows of the draft so far, for the claims still to come."""

    heading: str | None = None
    lead_in: str | None = None
    table_header: tuple[str, ...] | None = None
    subject: str | None = None
    # the sentence the subject came from, when a pronoun there may stand for something
    # else: a later pronoun is then ambiguous, kept, and read with this sentence as context
    rival: str | None = None
    # the claim before: the context of a pronoun no subject can stand for
    previous: str | None = None

    def see_heading(self, text: str) -> None:
        self.heading = clean_markup(text).rstrip(":").strip() or None
        self.lead_in = None
        self.table_header = None

    def see_line(self, text: str, kind: str) -> None:
        """Any unit that is not a claim: remember a lead-in or a table header."""
        clean = clean_markup(text)
        if kind == "table_header":
            self.table_header = header_cells(text)
            return
        if kind not in HEADER_KEPT:
            self.table_header = None
            self.lead_in = clean.rstrip(":").strip() if clean.endswith(":") else None


def _with_structure(text: str, kind: str, ctx: Context) -> str:
    if kind == "list_item" and _is_fragment(text):
        context = ctx.heading or ctx.lead_in
        if context:
            return f"{context}: {text}"
    return text


def _plural(phrase: str) -> bool:
    """Does the noun phrase name several things? Its head word (the last before a
    preposition) ends in -s, or it opens with a plural determiner."""
    words = _WORD.findall(phrase)
    if not words:
        return False
    if words[0].casefold() in PLURAL_OPENERS:
        return True
    head = words[-1]
    for i, w in enumerate(words[1:], 1):
        if w.casefold() in PREPOSITIONS:
            head = words[i - 1]
            break
    low = head.casefold().rstrip("'’")
    return (
        not head.isupper()
        and low.endswith("s")
        and not low.endswith(("ss", "us", "is"))
        and len(low) > 3
    )


def _agrees(pronoun: str, subject: str) -> bool:
    """Number agreement; he/she/his/her only stand for a name ("Usain Bolt", not "The bank")."""
    if pronoun in SINGULAR_PRONOUNS:
        return not _plural(subject)
    if pronoun in PLURAL_PRONOUNS:
        return _plural(subject)
    words = subject.split()
    if words[0].casefold() in DETERMINERS:
        return False
    # a name ("Leonardo da Vinci"), not "Usain Bolt's world records" nor "Elon Musk's SpaceX"
    return all(
        (w[:1].isupper() or w in NAME_PARTICLES) and not w.endswith(POSSESSIVE_ENDINGS)
        for w in words
    )


def _resolve_pronoun(text: str, ctx: Context) -> str:
    m = _WORD.match(text)
    if m is None or ctx.subject is None or _EXPLETIVE.match(text):
        return text  # "It's worth noting that …" stands for nothing
    first = m.group(0)
    low = first.casefold()
    subject = ctx.subject
    rest = text[m.end() :]
    base = regex.split(r"['’]", low, maxsplit=1)[0]
    if (base in PERSONAL or base in POSSESSIVE) and not _agrees(base, subject):
        return text  # "it" cannot stand for "Shares in the two companies"
    contraction = _CONTRACTION.match(low)
    if contraction is not None and contraction.group(1) in PERSONAL:
        return subject + " " + CONTRACTIONS[contraction.group(2)] + rest
    if low in PERSONAL:
        return subject + rest
    if low in POSSESSIVE:
        owner = subject + ("’" if subject.endswith("s") else "’s")
        return owner + rest
    if low == "the":
        noun = _WORD.match(rest.lstrip())
        if noun is not None and noun.group(0).islower():
            head = noun.group(0).casefold()
            words = {w.casefold() for w in _WORD.findall(subject)}
            if head in words and subject.casefold() != f"the {head}":
                after = rest.lstrip()[noun.end() :]
                return subject + after
    return text


def clean_claim_text(text: str) -> str:
    """Rule 1: markup dropped, a bold label dropped or kept as "Label: …"."""
    return clean_markup(_label(text))


def _antecedent(subject: str | None) -> str | None:
    """A subject a later pronoun may stand for: not an aspect ("the main downside")."""
    if subject is None:
        return None
    head = _WORD.findall(subject)[-1].casefold()
    return None if head in ASPECT_NOUNS else subject


def _owned(subject: str) -> bool:
    """Does the subject name an owner and what it owns ("The Dead Sea's surface")? A
    later "it" may stand for either."""
    words = subject.split()
    return any(
        w.endswith(POSSESSIVE_ENDINGS) and nxt[:1].islower() for w, nxt in itertools.pairwise(words)
    )


def _learn_subject(out: str, ctx: Context) -> None:
    """Remember the claim's subject; a pronoun after it in the same claim makes a later
    pronoun ambiguous (it may stand for what that one stands for). A claim with no subject
    of its own ("For 2024 you can save $7,000") ends the last one: a pronoun after it may
    stand for something this claim named, so it is left as written (and read with this
    claim as its context, ``resolve_claim``)."""
    subject = subject_phrase(out)
    if subject is None:
        ctx.subject = ctx.rival = None  # a subject from before this claim is stale now
        return
    ctx.subject = _antecedent(subject)
    rest = _WORD.findall(out[len(subject) :])
    ambiguous = ctx.subject is None or any(_pronoun(w) for w in rest) or _owned(subject)
    ctx.rival = out if ambiguous else None


def resolve_claim(text: str, kind: str, ctx: Context) -> tuple[str, tuple[str, ...]]:
    """The self-contained text of a cleaned claim (rules 2 and 3) and the phrases the
    context added to it; ``ctx`` learns the claim's subject. A pronoun is resolved only
    when its antecedent is unambiguous; otherwise the claim keeps it and the sentence
    before is its context."""
    out = _with_structure(text, kind, ctx)
    added: list[str] = []
    if out != text:
        added.append(out[: len(out) - len(text)].rstrip(": "))
    first = _WORD.match(out)
    if ctx.rival is not None and first is not None and _pronoun(first.group(0)):
        added.append(ctx.rival)
        resolved = out
    else:
        resolved = _resolve_pronoun(out, ctx)
    if resolved == out:
        if first is not None and _pronoun(first.group(0)) and not added and ctx.previous:
            added.append(ctx.previous)  # no subject it can stand for: the claim before
        _learn_subject(out, ctx)
    elif ctx.subject is not None:
        added.append(ctx.subject)
    ctx.previous = resolved
    if kind not in HEADER_KEPT:
        ctx.lead_in = None
        ctx.table_header = None
    return resolved, tuple(added)
