"""English verbs the rule-based decomposer recognises without a tagger.

``COMMON_VERBS`` marks where a claim's subject ends (decontextualisation); ``FINITE`` and
the irregular past forms (``PAST_BASE``, each with its base form, which the toggles read as
the same verb) tell a heading or a line that states something ("Eiffel painted the tower
green", "X rebuilt the dam") from a title. ``CONTRACTIONS`` spell out a pronoun's contracted
verb ("it's" → "it is").
"""

from __future__ import annotations

__all__ = ["COMMON_VERBS", "CONTRACTIONS", "FINITE", "PAST_BASE"]

# Auxiliaries and common verbs, in their base, -s and past forms.
COMMON_VERBS = frozenset(
    """is are was were be been being am has have had do does did can could will would shall
    should may might must became become began begin came come grew grow fell fall rose rise
    won win lost lose got get left leave kept keep held hold saw see found find built build
    sold sell paid pay ran run set put led lead met meet brought bring took take gave give
    made make said say told tell went go stood stand sent send spent spend hit cut let
    remains remain includes include contains contain lies lie sits sit flows flow passes
    reaches covers runs means mean requires require allows allow needs need uses use offers
    offer provides provide gets takes makes gives helps help works work shows show""".split()
)

# Finite auxiliaries, in the order the heading pattern tries them.
FINITE = tuple(
    "is are was were has have had does did will would can could may might must shall should".split()
)

# Irregular past forms and their base forms (a regular past ends in -ed and needs no list):
# "made" is "make" to a reading that compares a claim's verb with the evidence's.
_PAIRS = iter(
    """
    arose arise ate eat beat beat became become began begin bent bend bit bite bled bleed
    blew blow broke break brought bring built build burnt burn bought buy caught catch chose
    choose came come dealt deal dug dig did do drew draw drank drink drove drive fed feed
    fought fight fled flee flew fly forbade forbid forgot forget forgave forgive froze freeze
    got get gave give went go grew grow hung hang heard hear hid hide held hold kept keep
    knew know laid lay led lead lent lend made make met meet paid pay rode ride rang ring
    rose rise ran run said say sought seek sold sell sent send shook shake shone shine shot
    shoot sang sing sank sink sat sit slept sleep slid slide spoke speak spent spend stood
    stand stole steal stuck stick struck strike swore swear swept sweep swam swim took take
    taught teach tore tear told tell thought think threw throw understood understand woke
    wake wore wear won win wrote write rebuilt rebuild rewrote rewrite remade remake resold
    resell oversaw oversee overtook overtake undertook undertake withdrew withdraw upheld
    uphold foresaw foresee overcame overcome found find left leave lost lose saw see felt
    feel fell fall meant mean
    """.split()
)
PAST_BASE: dict[str, str] = dict(zip(_PAIRS, _PAIRS, strict=True))

# A contracted verb's suffix -> the verb it stands for, in the order they are tried.
CONTRACTIONS: dict[str, str] = {"s": "is", "re": "are", "ve": "have", "d": "had", "ll": "will"}
