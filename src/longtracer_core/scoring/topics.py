"""The topic a passage named before a sentence, which a claim may name where the sentence
does not (``toggles.py``).

"For the Hartley lemon sponge, bake the cake at 180 °C. Add the eggs before the flour.":
the second sentence speaks of the sponge without naming it, and a claim that names it
("For the Hartley lemon sponge, add the flour before the eggs") is read against the second
sentence with the sponge lent. A topic is every two words running together in a sentence
of the same source before (in either order: "the Eastfield clinic" is "the clinic in
Eastfield"); a claim borrows a pair neither of whose words the sentence holds (a single word
said before lends nothing, nor does "Velmor" beside "approved" after "Velmor is approved":
that states, it does not name); a word running beside a borrowed one is borrowed too where
the topic ran it beside a borrowed word (the same phrase in another order: "for viewing a
solar eclipse" after "a solar eclipse should never be viewed"). A sentence that names
something its topic does not (a name inside the sentence, not its opening word: "The
Southgate surgery is run separately") speaks of that thing: nothing is lent to it, and the
passage's topic starts again from it.
A sentence opening with a pronoun speaks of what the sentence before it opened with
("Cake flour is milled from soft wheat. It holds less protein."): only that is lent to it.
Pure functions of words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise

import regex

from ..lexicon.grammar import REFERRING_OPENERS
from ..text.words import lex_tokens, stem
from .name_spotting import names_of
from .numeric import numeric_values

__all__ = ["Topic", "lent_words", "lone_numbers", "topics"]

Topic = frozenset[frozenset[str]]

# the content words of a sentence's opening: its subject, in most sentences
OPENING = 4

# a name's number joined to it ("Veltra-4", "COVID-19"): lent with the name it belongs to
_NAME_NUMBER = regex.compile(r"\b(\p{Lu}\p{L}*)-(\d+)\b")


def _pairs(runs: Iterable[Sequence[str]]) -> Topic:
    return frozenset(frozenset(p) for words in runs for p in pairwise(words))


def _named(text: str) -> frozenset[str]:
    """The stems of the words ``text`` names inside it (not its opening word)."""
    return frozenset(stem(w) for n in names_of(text) if not n.initial for w in lex_tokens(n.text))


def _opening(runs: Sequence[Sequence[str]]) -> Topic:
    """The pairs of a sentence's first ``OPENING`` content words: what it opens with."""
    return _pairs([[w for words in runs for w in words][:OPENING]])


def topics(sentences: Iterable[tuple[str, str, Sequence[Sequence[str]]]]) -> list[Topic | None]:
    """For each sentence (source id, text, the content words of its clauses in order): the
    topic its passage named before it, or None when it names something that topic does not;
    for a sentence opening with a pronoun ("It holds less protein"), only what the sentence
    before it opened with ("Cake flour is milled from soft wheat"), or that sentence's own
    topic when it opened with a pronoun too."""
    out: list[Topic | None] = []
    seen: dict[str, Topic] = {}
    last: dict[str, Topic | None] = {}  # what the sentence before opened with, per source
    for source_id, text, runs in sentences:
        before = seen.get(source_id, frozenset())
        own = _pairs(runs)
        first = lex_tokens(text)[:1]
        referring = bool(first) and first[0] in REFERRING_OPENERS
        if _named(text) - {w for pair in before for w in pair}:
            out.append(None)
            seen[source_id] = own
        else:
            out.append(last.get(source_id) if referring else before)
            seen[source_id] = before | own
        last[source_id] = out[-1] if referring else _opening(runs)
    return out


def lent_words(words: Sequence[str], topic: Topic | None, held: frozenset[str]) -> frozenset[str]:
    """The words of a claim's clause (``words``, in order) the ``topic`` lends a sentence
    that holds ``held``: each pair of running words the topic holds, neither of them held."""
    if not topic:
        return frozenset()
    pairs = {frozenset(p) for p in pairwise(words)}
    lent = {w for pair in pairs & topic if not held & pair for w in pair}
    while grown := _grown(words, topic, held, lent):
        lent |= grown
    return frozenset(lent)


def _grown(words: Sequence[str], topic: Topic, held: frozenset[str], lent: set[str]) -> set[str]:
    """The words running beside a lent word that the topic ran beside a lent word too: the
    phrase the passage named, in another order ("for viewing a solar eclipse" after "a
    solar eclipse should never be viewed")."""
    return {
        new
        for a, b in pairwise(words)
        for new, old in ((a, b), (b, a))
        if old in lent
        and new not in lent | held
        and any(frozenset((new, x)) in topic for x in lent)
    }


def _name_numbers(text: str) -> frozenset[tuple[str, str]]:
    return frozenset(
        (stem(m.group(1).lower()), v)
        for m in _NAME_NUMBER.finditer(text)
        for v in numeric_values(m.group(2))
    )


def lone_numbers(clause: str, texts: Iterable[str]) -> frozenset[tuple[str, str]]:
    """The names of ``clause`` with the number joined to them ("Veltra-4"), as (name stem,
    number), where no evidence text (``texts``) gives that name another number ("the
    Veltra-4 replaced the Veltra-3"): where the topic lends the name, its number is no
    figure of the clause's own."""
    rivals = {pair for text in texts for pair in _name_numbers(text)}
    return frozenset(
        (name, number)
        for name, number in _name_numbers(clause)
        if not any(n == name and v != number for n, v in rivals)
    )
