"""The topic a passage named before a sentence, which a claim may name where the sentence
does not (``toggles.py``).

"For the Hartley lemon sponge, bake the cake at 180 °C. Add the eggs before the flour.":
the second sentence speaks of the sponge without naming it, and a claim that names it
("For the Hartley lemon sponge, add the flour before the eggs") is read against the second
sentence with the sponge lent. A topic is every two words running together in a sentence
of the same source before (in either order: "the Eastfield clinic" is "the clinic in
Eastfield"); a claim borrows a pair neither of whose words the sentence holds (a single word
said before lends nothing, nor does "Velmor" beside "approved" after "Velmor is approved":
that states, it does not name). A sentence that names something its topic does not (a name
inside the sentence, not its opening word: "The Southgate surgery is run separately")
speaks of that thing: nothing is lent to it, and the passage's topic starts again from it.
Pure functions of words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise

from ..text.words import lex_tokens, stem
from .name_spotting import names_of

__all__ = ["Topic", "lent_words", "topics"]

Topic = frozenset[frozenset[str]]


def _pairs(runs: Iterable[Sequence[str]]) -> Topic:
    return frozenset(frozenset(p) for words in runs for p in pairwise(words))


def _named(text: str) -> frozenset[str]:
    """The stems of the words ``text`` names inside it (not its opening word)."""
    return frozenset(stem(w) for n in names_of(text) if not n.initial for w in lex_tokens(n.text))


def topics(sentences: Iterable[tuple[str, str, Sequence[Sequence[str]]]]) -> list[Topic | None]:
    """For each sentence (source id, text, the content words of its clauses in order): the
    topic its passage named before it, or None when it names something that topic does not."""
    out: list[Topic | None] = []
    seen: dict[str, Topic] = {}
    for source_id, text, runs in sentences:
        before = seen.get(source_id, frozenset())
        own = _pairs(runs)
        if _named(text) - {w for pair in before for w in pair}:
            out.append(None)
            seen[source_id] = own
        else:
            out.append(before)
            seen[source_id] = before | own
    return out


def lent_words(words: Sequence[str], topic: Topic | None, held: frozenset[str]) -> frozenset[str]:
    """The words of a claim's clause (``words``, in order) the ``topic`` lends a sentence
    that holds ``held``: each pair of running words the topic holds, neither of them held."""
    if not topic:
        return frozenset()
    pairs = {frozenset(p) for p in pairwise(words)}
    return frozenset(w for pair in pairs & topic if not held & pair for w in pair)
