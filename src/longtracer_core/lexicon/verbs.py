"""English verbs the rule-based decomposer recognises without a tagger.

``COMMON_VERBS`` marks where a claim's subject ends (decontextualisation); ``FINITE`` and
``IRREGULAR_PAST`` tell a heading or a line that states something ("Eiffel painted the tower
green", "X rebuilt the dam") from a title. ``CONTRACTIONS`` spell out a pronoun's contracted
verb ("it's" → "it is").
"""

from __future__ import annotations

__all__ = ["COMMON_VERBS", "CONTRACTIONS", "FINITE", "IRREGULAR_PAST"]

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

# Irregular past forms (a regular one ends in -ed and needs no list).
IRREGULAR_PAST = frozenset(
    """arose ate beat became began bent bit bled blew broke brought built burnt bought caught
    chose came dealt dug did drew drank drove fed fought fled flew forbade forgot forgave
    froze got gave went grew hung heard hid held kept knew laid led lent made met paid rode
    rang rose ran said sought sold sent shook shone shot sang sank sat slept slid spoke
    spent stood stole stuck struck swore swept swam took taught tore told thought threw
    understood woke wore won wrote rebuilt rewrote remade resold oversaw overtook undertook
    withdrew upheld foresaw overcame found left lost saw felt fell meant""".split()
)

# A contracted verb's suffix -> the verb it stands for, in the order they are tried.
CONTRACTIONS: dict[str, str] = {"s": "is", "re": "are", "ve": "have", "d": "had", "ll": "will"}
