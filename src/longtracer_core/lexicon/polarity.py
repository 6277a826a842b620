"""Words that turn a statement around: negations, directions, opposites, quantifiers.

Read by the coverage check (a claim that drops its sentence's negation does not cover it)
and by the polarity, direction and quantifier gates of ``scoring.gates``: rising and falling
words, opposite pairs, universal quantifiers.
"""

from __future__ import annotations

__all__ = [
    "CHANGE_VERB_WORDS",
    "FALLING_WORDS",
    "NEGATIONS",
    "OPPOSITE_PAIRS",
    "QUANTIFIERS",
    "RISING_WORDS",
]

NEGATIONS = frozenset("not no never none nobody nothing neither nor without cannot nowhere".split())

# words of going up, in every form the direction gate meets
RISING_WORDS = tuple(
    """
    rise rose risen rising increase increased increases grow grew grown growing climb
    climbed jump jumped gain gained soar soared higher highest greater larger largest
    bigger biggest expand expanded exceed exceeded surge surged strengthen strengthened
    improve improved accelerate accelerated raise raised boost boosted upward upwards
    """.split()
)

# words of going down
FALLING_WORDS = tuple(
    """
    fall fell fallen falling decrease decreased decreases decline declined drop dropped
    slip slipped sink sank sunk dip dipped plunge plunged shrink shrank shrunk lower lowest
    fewer smaller smallest contract contracted weaken weakened worsen worsened slowed
    reduced reduce downward downwards
    """.split()
)

# pairs that say opposite things of the same subject
OPPOSITE_PAIRS: tuple[tuple[str, str], ...] = (
    ("before", "after"),
    ("earlier", "later"),
    ("north", "south"),
    ("northern", "southern"),
    ("northward", "southward"),
    ("east", "west"),
    ("eastern", "western"),
    ("eastward", "westward"),
    ("northeast", "southwest"),
    ("northwest", "southeast"),
    ("upstream", "downstream"),
    ("inbound", "outbound"),
    ("import", "export"),
    ("imports", "exports"),
    ("maximum", "minimum"),
    ("majority", "minority"),
    ("older", "younger"),
    ("oldest", "youngest"),
    ("longer", "shorter"),
    ("longest", "shortest"),
    ("warmer", "cooler"),
    ("hotter", "colder"),
    ("warmest", "coldest"),
    ("wetter", "drier"),
    ("faster", "slower"),
    ("fastest", "slowest"),
    ("heavier", "lighter"),
    ("cheaper", "dearer"),
    ("surplus", "deficit"),
    ("positive", "negative"),
    ("win", "lose"),
    ("won", "lost"),
    ("winner", "loser"),
    ("allowed", "prohibited"),
    ("allowed", "banned"),
    ("required", "optional"),
    ("mandatory", "optional"),
    ("inside", "outside"),
    ("include", "exclude"),
    ("included", "excluded"),
    ("public", "private"),
    ("internal", "external"),
    ("left", "right"),
    ("saltier", "fresher"),
)

# words that claim everything or nothing
QUANTIFIERS = frozenset(
    "all every everyone everybody everything always never only none entire entirely "
    "whole exclusively completely solely universally any".split()
)

# verbs of change only (a rise against a fall is a contradiction; "higher" against "lower"
# compares different things as often as it contradicts)
CHANGE_VERB_WORDS = tuple(
    """
    rise rose risen rising increase increased increasing grow grew grown growing climb
    climbed jump jumped soar soared surge surged expand expanded fall fell fallen falling
    decrease decreased decreasing decline declined drop dropped slip slipped sink sank dip
    dipped plunge plunged shrink shrank shrunk contract contracted
    """.split()
)
