"""A fact of the evidence scaled to a measure of the claim's own: "A 330 ml can of the
cola contains 35 g of sugar", so "a 500 ml bottle would contain about 53 g". Neither of the
claim's two figures is the evidence's, and neither is wrong: the claim keeps the evidence's
ratio (35 g per 330 ml) at a measure no source states. So does a rate of one sentence
applied to a measure of another ("£2.10 per square foot" of an 850 sq ft flat: about
£1,785 a month), or to one of the claim's own ("£1.70 per kg": a 2 kg bag costs £3.40),
and so does a figure of a list a measure heads ("Per 100 g: fat 15 g, protein 12 g") at a
measure of the claim's ("A 40 g serving gives you 4.8 g of protein"). Such figures are
worked, not stated: marked where no source states them, never set against the sentence's
as a conflict. A listed figure the claim gives for another measure than its heading's
("A 40 g serving gives you 12 g of protein") is the heading's (``listed_for_another``).

Read as before (a conflict where the evidence gives another value): a claim either of
whose two figures the evidence states (a 500 ml bottle the evidence gives 58 g for is no
scaling of the can), a quantity of another thing than the sentence's ("48 g of protein" by
the ratio of "30 g of sugar"), a sentence without the claim's names inside it or an item of
the sentence without the claim's words (Classic's ratio is no Lite's where the claim names
Lite after its first word), a ratio the claim does not keep, and a rate applied to a
measure whose sentence gives its own value of the claim's kind ("£40 per hour" and "10
hours costs £350"), the claim's own measure too ("The 3-hour party package costs £15" where
a source prices the 3-hour package, in any unit), a rate times the claim's own measure
off to the digit where the claim does not call its figure approximate ("£3" for 2 kg at
£1.70), a listed figure of another thing than the claim's (what a listed figure is of is
the word after it or before it: "15 g fat", "fat 15 g"; kJ is no kcal), and a listed
figure scaled to a measure another list gives the thing's own value for ("Per 40 g
serving: protein 9 g").
Pure functions of figure readings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import TypeVar

import regex

from ..lexicon.phrases import ITEM_BREAK
from ..text.memo import short_text_cache
from ..text.words import function_words, stem
from .claim_figures import claim_figures
from .derivation import Read, number
from .figure_facts import rate_after, rate_kinds
from .figures import figure_kind, rounding_exponent
from .units import unit_table

__all__ = ["listed_for_another", "scaled_figures"]

_UNIT = "unit:"
_R = TypeVar("_R", bound=Read)  # a sentence read, handed back as it was given
# kinds no fact is scaled by: a percentage or a year stays what it is at any measure
_UNSCALED = frozenset({"percent", "year", "date", "time"})
_MAX_READ = 6  # the figures of one text read in pairs
_AFTER = regex.compile(r"[\p{L}µ°]+")  # a unit's word, then the words of the thing
_NEXT = regex.compile(r"[\d.;:!?]")  # where the words of one figure's thing end
_NAME = regex.compile(r"(?<=\S\s+)\p{Lu}[\p{L}\p{N}-]*")  # a capitalised word inside


@dataclass(frozen=True)
class _Figure:
    start: int
    kind: str
    value: Decimal
    place: int  # the place it is rounded at
    of: frozenset[str]  # the stems of the thing it measures or counts ("g of sugar")
    thing: frozenset[str]  # the same, for a quantity: written without "of" too ("30 g sugar")
    end: int
    hedged: bool = False  # written as approximate ("about £1,800")


def _words_after(text: str, end: int) -> list[str]:
    """The words after the figure ending at ``end``, up to the next figure or stop."""
    after = text[end : end + 40]
    stop = _NEXT.search(after)
    return [m[0].casefold() for m in _AFTER.finditer(after[: stop.start() if stop else None])]


def _in_units(f: _Figure) -> set[tuple[str, Decimal]]:
    """(kind, value) of a figure in its unit and in every unit one conversion away."""
    return _converted(f.kind, f.value)


def _converted(kind: str, value: Decimal) -> set[tuple[str, Decimal]]:
    """(kind, value) in its unit and in every unit one conversion away (itself alone for
    a figure of no unit)."""
    if not kind.startswith(_UNIT):
        return {(kind, value)}
    return {(f"{_UNIT}{u}", v) for v, u in unit_table().converted(value, kind[len(_UNIT) :])}


def _content_stems(words: Sequence[str]) -> frozenset[str]:
    return frozenset(stem(w) for w in words if w not in function_words())


def _of(text: str, end: int, unit: bool) -> frozenset[str]:
    """The stems of what the figure ending at ``end`` is of: a quantity of a unit is of the
    words after its "of" ("35 g of sugar": sugar; a "500 ml bottle" is of nothing said), a
    count of the words after it ("7.7 standard drinks")."""
    words = _words_after(text, end)
    if unit:
        words = words[2:] if words[1:2] == ["of"] else []
    return _content_stems(words[:3])


def _thing(text: str, end: int) -> frozenset[str]:
    """What a quantity of a unit is of, written with "of" or without ("30 g sugar")."""
    words = _words_after(text, end)
    return _content_stems(words[2:5] if words[1:2] == ["of"] else words[1:2])


@short_text_cache(maxsize=2048)
def _figures(text: str) -> tuple[_Figure, ...]:
    """The checked figures of ``text``: each one's place is its last written digit, or for
    an approximate one ``rounding_exponent``'s ("about £1,800"). Read once per text: a
    sentence is asked for by every pair of a claim's figures."""
    out = []
    for (start, end, scanned), need in claim_figures(text)[:_MAX_READ]:
        kind = figure_kind(text, start, end, scanned, need.number)
        rounded = rounding_exponent(need)
        if need.number and kind not in _UNSCALED:
            place = -need.decimals if rounded is None else rounded
            unit = kind.startswith(_UNIT)
            of = _of(text, end, unit)
            thing = _thing(text, end) if unit else of
            out.append(
                _Figure(start, kind, need.number, place, of, thing, end, rounded is not None)
            )
    return tuple(out)


def _keeps(quantity: _Figure, ratio: Decimal, measure: Decimal) -> bool:
    """Is ``quantity`` (at its place) ``ratio`` times ``measure``?"""
    try:
        found = abs(ratio * measure - quantity.value)
        return found <= Decimal(5) * Decimal(10) ** (quantity.place - 1)
    except InvalidOperation:
        return False


def _same_thing(mine: frozenset[str], theirs: frozenset[str]) -> bool:
    return not (mine and theirs) or bool(mine & theirs)


def _one_item(
    text: str, theirs: Sequence[_Figure], pair: tuple[_Figure, _Figure], words: frozenset[str]
) -> bool:
    """Are the two figures the measure and quantity of one item of the sentence, the one
    the claim speaks of: no figure of either kind and no clause between them, and every
    word of the claim's the sentence holds said in the item's stretch ("A 330 ml can of
    Classic has 35 g, while Lite has 10 g" gives Lite no 35 g)?"""
    first, last = sorted(pair, key=lambda f: f.start)
    kinds = {first.kind, last.kind}
    if any(first.start < f.start < last.start for f in theirs if f.kind in kinds):
        return False
    if ITEM_BREAK.search(text, first.end, last.start) is not None:
        return False
    opens = [m.end() for m in ITEM_BREAK.finditer(text, 0, first.start)]
    closes = ITEM_BREAK.search(text, last.end)
    stretch = text[opens[-1] if opens else 0 : closes.start() if closes else len(text)]
    return words & _stems(text) <= _stems(stretch)


def _stems(text: str) -> frozenset[str]:
    return frozenset(stem(m[0].casefold()) for m in _AFTER.finditer(text))


def _scales(
    measure: _Figure, quantity: _Figure, sentence: Read, names: set[str], words: frozenset[str]
) -> bool:
    """Does ``quantity`` keep a ratio of ``sentence`` at ``measure``, the sentence naming
    every name of the claim and each of its two figures of the same thing as the claim's?"""
    if not names <= {w.casefold() for w in _AFTER.findall(sentence.text)}:
        return False
    theirs = _figures(sentence.text)
    return any(
        m.kind == measure.kind and q.kind == quantity.kind and m.value != measure.value
        and _same_thing(quantity.thing, q.thing) and _same_thing(measure.of, m.of)
        and _keeps(quantity, q.value / m.value, measure.value)
        and _one_item(sentence.text, theirs, (m, q), words)
        for m in theirs
        for q in theirs
        if m is not q
    )  # fmt: skip


def _said_of(text: str, start: int) -> frozenset[str]:
    """The stems of the content words before the figure at ``start`` in its clause ("Rent
    is £25": rent; "a service charge of £5": service, charge)."""
    before = regex.split(r"[,;:.!?\d]", text[max(0, start - 60) : start])[-1]
    words = [m[0].casefold() for m in _AFTER.finditer(before)][-5:]
    return frozenset(stem(w) for w in words if w not in function_words())


def _rate_times(
    mine: _Figure, words: frozenset[str], sentences: Sequence[Read], claim: str
) -> bool:
    """Is the claim's figure a sentence's rate per a unit (a figure of its kind, said of
    the most of the claim's ``words`` of the case's rates — "freezer" over "fridge", a
    rate of "uses" shared by both — in a sentence that gives a rate per that unit) times a
    measure of that unit the case states, in a sentence that gives no value of the claim's
    kind itself ("£2.10 per square foot" and "850 square feet of floor space": about
    £1,785; "Rent is £25 per square foot" is no service charge), or times the claim's own
    (``_own_measures``), to the digit unless the claim says it is approximate ("£1.70 per
    kg": "a 2 kg bag costs £3.40", not "£3")?"""
    valued = [any(k == mine.kind for k, _ in t.kinds) for t in sentences]
    read = [
        (k, n, v)
        for t, v in zip(sentences, valued, strict=True)
        for k, s in t.kinds
        if (n := number(s))
    ]
    stated = [(k, n, False) for k, n, has_value in read if not has_value]
    priced = {(k, n) for k, n, has_value in read if has_value}
    measures = stated + [(k, n, True) for k, n in _own_measures(claim, mine, priced)]
    rates = [
        (len(_said_of(s.text, f.start) & words), f.value, rate_kinds(s.text) - {mine.kind})
        for s in sentences
        for f in _figures(s.text)
        if f.kind == mine.kind
    ]
    best = max((said for said, _, per in rates if per), default=0)
    return best > 0 and any(
        (r * m == mine.value if own and not mine.hedged else _keeps(mine, r, m))
        for said, r, per in rates
        if said == best
        for k, m, own in measures
        if k in per
    )


def _own_measures(
    claim: str, mine: _Figure, priced: set[tuple[str, Decimal]]
) -> list[tuple[str, Decimal]]:
    """(kind, value) in every unit of the claim's other figures a rate may be applied to:
    none a sentence prices itself, in any unit ("The 3-hour party package costs £120"
    against £5 per hour), nor of a unit the claim's figure is a rate per ("£3.40 per kg,
    so a 2 kg bag …" restates the rate)."""
    itself = rate_after(claim, mine.end)
    return [
        m
        for f in _figures(claim)
        if f is not mine and not _in_units(f) & priced
        for m in _in_units(f)
        if m[0] not in itself
    ]


# a measure heading the figures after it: "Per 100 g: fat 15 g, protein 12 g"
# ("Per half carton (200 g):", "Per serving (2 biscuits):")
_HEADING = regex.compile(r"\bper\s+(?:(?:[\p{L}-]+\s+){1,2}\(\s*)?(?=\d)", regex.IGNORECASE)
_LABEL = regex.compile(r"([\p{L}][\p{L}'’-]*)[\s:]*$")  # the word before a listed figure
_ITEM = regex.compile(r"[\d,;:()]")  # where one listed figure's item ends
_STOP = regex.compile(r"\.\s")  # a heading heads no figure past a full stop
_MAX_LISTED = 16  # the figures of one heading's list (a label lists a dozen)


@dataclass(frozen=True)
class _Listed:
    """A figure of a list and the measure heading it (None: no heading)."""

    base: _Figure | None
    figure: _Figure
    of: str  # the stem of what it is of: "protein" of "protein 12 g" and "12 g protein"


def _listed_of(text: str, figure: _Figure) -> str:
    """What a listed figure is of: the word after it in its item, its unit skipped ("15 g
    fat", "(442 kcal)"), else the word before it ("fat 15 g")."""
    after = text[figure.end :]
    item = after[: stop.start() if (stop := _ITEM.search(after)) else None]
    words = [w.casefold() for w in _AFTER.findall(item)][figure.kind.startswith(_UNIT) :]
    words = [w for w in words if w not in function_words()]
    label = _LABEL.search(regex.split(r"[\d,;:(]", text[: figure.start])[-1])
    return stem(words[0]) if words else stem(label[1].casefold()) if label else ""


@short_text_cache(maxsize=2048)
def _listed(text: str) -> tuple[_Listed, ...]:
    """Each figure of ``text`` with the "per" measure heading it, up to the next heading
    or stop, or None ("Per 100 g: energy 1,850 kJ, protein 12 g. Suggested serving 40 g":
    12 g of protein per 100 g; the 40 g headed by none); a count heads as a count of
    something ("Per serving (2 biscuits)")."""
    heads = {m.end() for m in _HEADING.finditer(text)}
    out: list[_Listed] = []
    base: _Figure | None = None
    for (start, end, scanned), need in claim_figures(text)[:_MAX_LISTED]:
        kind = figure_kind(text, start, end, scanned, need.number)
        if need.number is None or kind in _UNSCALED:
            continue
        counted = _of(text, end, False) if kind == "count" else frozenset()
        figure = _Figure(start, kind, need.number, -need.decimals, counted, counted, end)
        if start in heads:
            base = figure if kind.startswith(_UNIT) or counted else None
            continue
        if base is not None and _STOP.search(text, base.end, start):
            base = None
        out.append(_Listed(base, figure, _listed_of(text, figure)))
    return tuple(out)


def _case_lists(sentences: Sequence[_R]) -> list[tuple[_R, tuple[_Listed, ...]]]:
    """The sentences with a "per" heading, and their listed figures."""
    return [(s, _listed(s.text)) for s in sentences if _HEADING.search(s.text)]


def _values(lists: Sequence[tuple[Read, tuple[_Listed, ...]]]) -> frozenset[tuple[str, Decimal]]:
    """(kind, value) of every figure the case's lists give."""
    return frozenset((e.figure.kind, e.figure.value) for _, entries in lists for e in entries)


def _fits(f: _Figure, base: _Figure, listed: frozenset[tuple[str, Decimal]]) -> bool:
    """May the claim's figure be a measure of the heading's sort: for a unit, no quantity
    of something ("a 40 g serving", not "15 g of fat") nor a value a list gives (``listed``:
    "12 g protein and 15 g fat"); for a count, a count of the same thing ("6 biscuits")?"""
    if not base.kind.startswith(_UNIT):
        return bool(f.of & base.of)
    return not f.of and (f.kind, f.value) not in listed


def _listed_pairs(claim: str, sentences: Sequence[Read]) -> set[int]:
    """Where the claim's figures start that scale a listed figure of the thing the claim's
    figure is of (protein, not fat) to a measure of the claim's own in the heading's unit,
    for which no list gives the thing's own value: the scaled figure and the measure ("A
    40 g serving gives you 4.8 g of protein" of "Per 100 g: … protein 12 g")."""
    lists = _case_lists(sentences)
    entries = [e for _, listed in lists for e in listed if e.base is not None]
    values = _values(lists)
    claimed = _figures(claim)
    out: set[int] = set()
    for mine in claimed:
        mine_of = [e for e in entries if e.figure.kind == mine.kind and e.of in mine.thing]
        for f in claimed:
            for k, m in _in_units(f) if f is not mine else ():
                heads = [e for e in mine_of if e.base and e.base.kind == k]
                if any(e.base and e.base.value == m for e in heads):
                    continue  # a list gives the value for the claim's own measure
                if any(
                    e.base and _fits(f, e.base, values)
                    and _keeps(mine, e.figure.value / e.base.value, m)
                    for e in heads
                ):  # fmt: skip
                    out |= {mine.start, f.start}
    return out


def listed_for_another(claim: str, start: int, sentences: Sequence[_R]) -> _R | None:
    """The sentence that lists the claim's figure at ``start`` (of the thing the claim's
    figure is of) under a measure the claim gives another of ("A 40 g serving gives you 12
    g of protein" of "Per 100 g: … protein 12 g"), where no sentence states it but under
    such a measure: the figure is the heading's measure's, not the claim's."""
    mine = next((f for f in _figures(claim) if f.start == start), None)
    if mine is None:
        return None
    if any(
        (k, number(v)) == (mine.kind, mine.value)
        for s in sentences if not _HEADING.search(s.text) for k, v in s.kinds
    ):  # fmt: skip
        return None  # stated with no heading
    lists = _case_lists(sentences)
    values = _values(lists)
    found: _R | None = None
    for s, listed in lists:
        for e in (e for e in listed if (e.figure.kind, e.figure.value) == (mine.kind, mine.value)):
            if e.base is None or not e.base.kind.startswith(_UNIT):
                return None  # stated with no measure
            measures = [
                m for f in _figures(claim) if f is not mine and _fits(f, e.base, values)
                for m in _in_units(f) if m[0] == e.base.kind
            ]  # fmt: skip
            if (e.base.kind, e.base.value) in measures:
                return None  # the claim gives the heading's own measure
            if found is None and e.of in mine.thing and measures:
                found = s
    return found


def scaled_figures(claim: str, sentences: Sequence[Read]) -> frozenset[int]:
    """Where the claim's figures start that scale a sentence's quantity to a measure of the
    claim's own (a measure of a unit and a quantity of another kind, neither of which any
    sentence states, in the ratio of one sentence: "a 500 ml bottle … about 53 g" of "a 330
    ml can … 35 g"), or that apply a sentence's rate to a measure the case states
    (``_rate_times``)."""
    mine = _figures(claim)
    # a measure stated in another unit counts as stated too ("the 0.5 litre bottle")
    stated = {
        m for s in sentences for k, v in s.kinds if (n := number(v)) is not None
        for m in _converted(k, n)
    }  # fmt: skip
    names = {m[0].casefold() for m in _NAME.finditer(claim)}
    words = _stems(claim) - {stem(w) for w in function_words()}
    out = {f.start for f in mine if _rate_times(f, words, sentences, claim)}
    out |= _listed_pairs(claim, sentences)
    fresh = [f for f in mine if (f.kind, f.value) not in stated]
    for measure in fresh:
        if not measure.kind.startswith(_UNIT):
            continue
        for quantity in fresh:
            if quantity is not measure and any(
                _scales(measure, quantity, s, names, words) for s in sentences
            ):
                out |= {measure.start, quantity.start}
    return frozenset(out)
