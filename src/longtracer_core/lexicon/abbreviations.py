"""What sentence segmentation must know of English: abbreviations, sentence openers,
citation words.

A full stop after a prefix abbreviation (``Dr.``, ``Art. 33``) never ends a sentence; one
after a suffix abbreviation (``Inc.``, ``etc.``, ``Jan.``) ends it only when a word that
commonly opens a sentence follows. The rules that apply these lists are in
``longtracer_core.text.boundaries`` (and the citation words in ``text.citations``).
"""

from __future__ import annotations

from .dates import MONTH_ABBREVIATIONS, WEEKDAY_ABBREVIATIONS

__all__ = [
    "CITATION_WORDS",
    "KEY_COLUMNS",
    "SOURCE_COLUMNS",
    "CLOSING_ABBREVIATIONS",
    "NUMBER_ABBREVIATIONS",
    "NUMERO_ABBREVIATIONS",
    "PREFIX_ABBREVIATIONS",
    "SENTENCE_STARTERS",
    "SUFFIX_ABBREVIATIONS",
    "TIME_ABBREVIATIONS",
]

# Abbreviations written before a name or number: never the end of a sentence.
PREFIX_ABBREVIATIONS = frozenset(
    """mr mrs ms mx dr prof sr st mt ft gen gov sen rep lt col capt sgt maj cmdr adm rev hon
    no nos fig figs vol vols pp p art arts sec ch eq eqs ref refs op dept univ approx ca cf vs
    est""".split()
)

# Those of them written only before a number ("No. 5", "Fig. 3", "Vol. II"): before a word
# that is none ("No. Room 103 faces the street") the full stop ends a sentence.
NUMBER_ABBREVIATIONS = frozenset("no nos fig figs vol vols pp art arts ch eq eqs op".split())
# Those that stand for the word "number" itself: a capital alone after them opens a
# sentence ("No. A passport is enough"), and "I" is the pronoun ("No. I would not").
NUMERO_ABBREVIATIONS = frozenset("no nos".split())

# Abbreviations that can also end a sentence (then the next word starts a new one).
SUFFIX_ABBREVIATIONS = frozenset(
    "inc ltd co corp bros assn jr etc al min max avg dia ed eds".split()
    + list(MONTH_ABBREVIATIONS)
    + list(WEEKDAY_ABBREVIATIONS)
)

# Suffix abbreviations that end a sentence before any capitalised word ("… and so on,
# etc. The next …"; "Smith et al. The study …").
CLOSING_ABBREVIATIONS = ("etc", "al")

# Dotted time abbreviations; in capitals (``P.M.``) only a capital after them ends a sentence.
TIME_ABBREVIATIONS = ("a.m", "p.m")

# Words that commonly open a sentence; after an ambiguous period they signal a boundary.
SENTENCE_STARTERS = frozenset(
    """a an the this that these those it its he she they we i you his her their our my there
    here how what when where who why which however in on at for but and so if as after
    before during since then thus therefore meanwhile also did do does is are was were has
    have had can could will would should may might being millions more most many some all
    each every both no not""".split()
)

# Words that name a source inside a citation marker: [Source 1], (Doc 2), [Ref. 4].
CITATION_WORDS = ("source", "src", "doc", "document", "ref", "reference", "passage", "context")

# Table column headers whose cells say where a row comes from, not what it states:
# "| Service | Time frame | Source |" over "| Standard | 5-7 days | [1] |".
# Not "Reference" or "Ref" alone: a lab table's "Reference" column holds ranges.
SOURCE_COLUMNS = frozenset(
    """source sources source(s) src refs references reference(s) citation citations
    cite cited cite(s) citation(s)""".split()
)
# Of those, the headers under which a number alone names a source ("| Express | 1 day |
# 3 |"); under "Citations" or "References" it may be a count.
KEY_COLUMNS = frozenset("source sources source(s) src".split())
