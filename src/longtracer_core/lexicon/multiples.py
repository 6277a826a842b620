"""Words of multiples: a figure stated as a multiple of another ("twice the £20", "doubled
from 8,400 to 16,800"; ``scoring.multiples``).
"""

from __future__ import annotations

__all__ = [
    "CHANGE_MULTIPLES",
    "HALF_NOT_AFTER",
    "MULTIPLE_BEFORE",
    "MULTIPLE_BOUNDS",
    "MULTIPLE_JOINS",
    "MULTIPLE_NOT_BEFORE",
    "MULTIPLE_OF_ANOTHER",
    "MULTIPLE_WORDS",
]

# a word that states one figure as a multiple of another ("£60 is twice the £20", "28p is
# half the 56p"; ``scoring.multiples``), read only before what it multiplies
# (``MULTIPLE_BEFORE``: not "a double room", "twice, from £20 to £25"); "N times" too
MULTIPLE_WORDS: dict[str, str] = {
    "twice": "2",
    "thrice": "3",
    "double": "2",
    "triple": "3",
    "treble": "3",
    "quadruple": "4",
    "half": "0.5",
}
# words of change by a multiple, read only with "from A to B" or "to B from A" ("doubled
# from 8,400 to 16,800", "rose threefold, from …", "cut in half, from …"; not "doubled to
# £50", whose base the claim does not give; not "by half", which goes up by half as often
# as it falls by half, nor "in half an hour")
CHANGE_MULTIPLES: dict[str, str] = {
    "doubled": "2",
    "doubling": "2",
    "tripled": "3",
    "tripling": "3",
    "trebled": "3",
    "quadrupled": "4",
    "quintupled": "5",
    "twofold": "2",
    "threefold": "3",
    "fourfold": "4",
    "fivefold": "5",
    "tenfold": "10",
    "halved": "0.5",
    "in half": "0.5",
}
# the words after a multiple word that make it one of a figure ("twice the", "double
# your", "half of what", "twice as much")
MULTIPLE_BEFORE = frozenset("the your my our their its his her that what of as".split())
# words before "half" that make it a part of a stretch ("the first half of the year")
HALF_NOT_AFTER = frozenset(
    "first second last latter final early late other top bottom back front".split()
)
# words after "N times" that make it how often, not how much ("three times a day", "four
# times this year", "three times in a row")
MULTIPLE_NOT_BEFORE = frozenset(
    "a an per each every in on at during over daily weekly monthly yearly annually before "
    "after since running this last so for to".split()
)
# words before a multiple that bound it: below it ("less than a third"), close below it
# ("nearly doubled": no 1.37), above it ("more than twice"), or loosely ("about three
# times")
MULTIPLE_BOUNDS: dict[str, tuple[str, ...]] = {
    "below": (
        "less than",
        "under",
        "up to",
        "no more than",
        "not more than",
        "at most",
        "as much as",
        "as many as",
    ),
    "near": ("nearly", "almost", "not quite", "just under", "close to", "approaching"),
    "above": ("more than", "over", "at least", "upwards of", "well over", "just over"),
    "about": ("about", "roughly", "around", "some", "approximately", "more or less"),
}
# words that join the two figures a multiple compares when both follow it ("twice as fast,
# at 145 Mbps versus 36 Mbps")
MULTIPLE_JOINS = ("versus", "vs", "vs.", "against", "compared with", "compared to")
# words between a multiple and the figure it multiplies that make the figure another
# thing's ("twice the battery life of the £800 model", "half of those under £30,000") or
# the result ("double your money to £100")
MULTIPLE_OF_ANOTHER = frozenset("of for in with per on at from by among under than to".split())
