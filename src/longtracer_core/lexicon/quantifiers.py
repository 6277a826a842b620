"""Words that claim all or part of a set: quantifiers, their bounds and the words of
extent and frequency that are no quantifier (``scoring.quantifier_gate``).
"""

from __future__ import annotations

__all__ = [
    "QUANTIFIERS",
    "FREQUENCY_WORDS",
    "FREQUENCY_ADVERBS",
    "QUANTIFIER_GROUPS",
    "QUANTIFIER_BOUNDS",
    "ALL_EXTENT",
    "ALL_EXTENT_PLACES",
    "ALL_EXTENT_CLOSERS",
    "ALL_EXTENT_DETERMINERS",
    "ANY_LICENSERS",
    "SCOPE_LIMITS",
    "SCOPE_WORDS",
    "LIMIT_OF_WORDS",
]

# words that claim everything or nothing. Not "only" (nor "solely", "exclusively"): an
# answer's "only" restates a limit the evidence words otherwise ("must", "is limited to",
# "not before"); on the dev split it fired on 13 faithful sentences and on no wrong one
# that nothing else flagged (docs/reference/matcher.md, "Gates")
QUANTIFIERS = frozenset(
    "all every everyone everybody everything always never none entire entirely "
    "whole completely universally any".split()
)
# words of time after "every" that make it a frequency, not every one of a set ("once every
# 30 days"; "8.5 µg every day" where the evidence says "a daily supplement")
FREQUENCY_WORDS = frozenset(
    "minute minutes hour hours day days night nights week weeks month months year years "
    "morning mornings evening evenings weekend weekends".split()
)
# words that give a frequency ("a daily supplement", "billed monthly")
FREQUENCY_ADVERBS = frozenset(
    "hourly daily nightly weekly fortnightly monthly yearly annually".split()
)
# quantifiers that say the same thing: a claim's "all" restates the evidence's "every"
# (words of extent, "whole" or "completely", are no quantifier of a set)
QUANTIFIER_GROUPS: tuple[frozenset[str], ...] = (
    # "Any other time" / "At all other times", "every economist" / "economists
    # unanimously expected" ("whole" stays out: "the whole department … some staff";
    # "everyone" too: "Everyone in the building" is more than "All staff")
    frozenset("all every each any everything unanimous unanimously".split()),
    frozenset("everyone everybody".split()),
)
# words before a quantifier that bound it: "almost all their water" claims no "all"
QUANTIFIER_BOUNDS = frozenset("almost nearly virtually practically not".split())
# words after "all" that make it a stretch of time or place, not every one of a set: a
# word of time when no noun follows it ("the minimum fare applies all year", "cracks shift
# all season"; "all year groups" is every group), closed or not by "round" or "long" ("all
# year round"); a word of place always ("found all over Europe"; not "all over-50s")
ALL_EXTENT = frozenset(
    "year day night week month season summer winter spring autumn weekend".split()
)
ALL_EXTENT_PLACES = frozenset("over along around".split())
ALL_EXTENT_CLOSERS = frozenset("round long".split())
# words between "all of" / "the whole of" and the stretch ("all of last week")
ALL_EXTENT_DETERMINERS = frozenset("the its their last next this that".split())
# words before a claim's "any" in its clause that make it "some at all", no claim about
# every one: a negation, a condition or a word of opposition ("isn't covered by any", "if
# she has any trouble", "against wading at any level"; ``scoring.quantifier_gate``)
ANY_LICENSERS = frozenset(
    "not no never none without cannot nor if whether unless against before".split()
)
# words that limit a statement to part of its subject ("many species enter a tun"): an
# evidence clause holding one, restated without it, is said of more than the evidence says
# (``scoring.quantifier_gate``). Modals are left out: "may" grants as often as it
# doubts ("premium economy may be booked" is "is allowed"), measured on the dev split
SCOPE_LIMITS = frozenset("many some most several".split())
# words by which a claim keeps a limit of some kind (the gate stays quiet when the claim
# has one, or any figure): the limits above, quantities, hedges and modals
SCOPE_WORDS = SCOPE_LIMITS | frozenset(
    """
    few certain majority minority numerous variety lot lots part mostly largely mainly
    partly often sometimes usually typically generally frequently commonly occasionally
    possibly probably likely potentially can could would should may might tend tends around about
    roughly nearly almost half quarter third fraction share proportion percent per cent
    various number dozens hundreds thousands millions rarely seldom
    """.split()
)
# the words of a limit's phrase before the noun it limits ("80% of its animal species",
# "most of the district's schools"; ``scoring.quantifier_gate``)
LIMIT_OF_WORDS = frozenset("of the its their his her our your these those".split())
