"""English function words: pronouns, determiners, prepositions, connectives and the words
a subject never starts with.

The decontextualisation rules (``decompose.context``: which pronoun may stand for which
subject, where a subject ends) and the coverage check (``decompose.coverage``: which words a
claim need not restate) read them.
"""

from __future__ import annotations

import regex

__all__ = [
    "ADDRESSED",
    "ADDRESSEE",
    "ADVERB_ENDING",
    "CASE_VALUE",
    "DEMONSTRATIVES",
    "ELABORATION",
    "GENERATIONS",
    "EXPLETIVE_ADJECTIVES",
    "EXPLETIVE_FOLLOWERS",
    "EXPLETIVE_VERBS",
    "FOCUS_ADVERBS",
    "LINKS",
    "LY_NOUNS",
    "MODAL_VERBS",
    "FORECAST_WORDS",
    "NAME_PARTICLES",
    "PRO_FORMS",
    "HYPOTHETICAL",
    "EXAMPLE_MARKERS",
    "CAPITALISED_COMMON_WORDS",
    "CONNECTIVES",
    "DEMONYM_ENDINGS",
    "HYPHEN_PREFIXES",
    "DETERMINERS",
    "ECHO_WORDS",
    "FUNCTION_AFTER_VERB",
    "INDEFINITE",
    "NAME_LINKS",
    "ASPECT_NOUNS",
    "NOT_SUBJECT",
    "PERSONAL",
    "PLACE_ENDINGS",
    "PLAIN_LETTERS",
    "PLURAL_OPENERS",
    "PLURAL_PRONOUNS",
    "POSSESSIVE",
    "RELATIVES",
    "POSSESSIVE_ENDINGS",
    "PREPOSITIONS",
    "SUBJECT_PREPOSITIONS",
    "GROUP_PREPOSITIONS",
    "TEMPORAL_LINKS",
    "PRONOUNS",
    "REFERRING_OPENERS",
    "SINGULAR_PRONOUNS",
    "SINGULAR_SUBJECTS",
    "SUBJECT_BREAKERS",
]

# Small words that may sit inside a name ("Court of Justice", "Leonardo da Vinci").
NAME_LINKS = ("of", "and", "for", "the", "de", "du", "la", "on", "in")

# Words that follow a verb in -s ("flows through", "covers the"): they confirm the verb.
FUNCTION_AFTER_VERB = frozenset(
    """the a an its their his her our my this these that those through to from in on at by
    with about around roughly up down into over under more less than as for across along
    between within without only also all each every some no not""".split()
)

PERSONAL = frozenset({"it", "they", "he", "she"})
# the words a claim that points back to an earlier one opens with ("That one needs …")
DEMONSTRATIVES = frozenset({"this", "that", "these", "those"})
# the words after a person's name that say which of a family's namesakes it is ("JFK Jr.")
GENERATIONS = frozenset({"jr", "sr", "junior", "senior"})
# The words of a sentence that speaks to the user ("your 4 kWp array clears the minimum")
ADDRESSEE = frozenset("you your yours yourself yourselves".split())
ADDRESSED = regex.compile(r"\b(?:" + "|".join(sorted(ADDRESSEE)) + r")\b", regex.IGNORECASE)
# A sentence about a person of the user's case, said as what will or would be ("you'd be
# 17", "your son will be 17"), or a person's value ("he'll be 17 on polling day"; not "he'll
# be able to vote at 16", a rule restated, nor "they'll be 20% off"): the case's own value,
# no restatement of a rule
CASE_VALUE = regex.compile(
    r"\byou(?:'d|’d|'ll|’ll)\b|\b(?:you|your)\b.*\b(?:would|will)\b"
    r"|\b(?:he|she)(?:'d|’d|'ll|’ll|\s+will|\s+would)\s+be\s+(?:\p{L}+\s+)?\d",
    regex.IGNORECASE,
)
POSSESSIVE = frozenset({"its", "their", "his", "her"})
# the endings of a possessive noun ("Sweden's", "Hexley’s"), straight and curly
POSSESSIVE_ENDINGS = ("'s", "’s")
# prefixes a hyphen joins to a name, no name themselves ("Mid-October", "non-EU",
# "pan-European"; a place's combining form, "Anglo-", is one of its names in data/names.json)
HYPHEN_PREFIXES = frozenset(
    {
        "mid", "non", "pan", "anti", "pro", "post", "pre", "ex", "neo", "sub", "trans",
        "inter", "ultra", "semi", "all",
    }
)  # fmt: skip
# a demonym's ending and what its place's name may end in before it ("Uruguay-an",
# "Ital(y)-ian", "Chin(a)-ese", "Hanover-ian"; not "-er": "Hunter" is no "Hunt")
DEMONYM_ENDINGS = ("ians", "ian", "ans", "an", "ese")
PLACE_ENDINGS = ("", "a", "e", "y", "o")
# letters NFKD leaves whole, as people write them without the accent ("Øresund": "Oresund")
PLAIN_LETTERS = {"ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i"}
# nouns that name an aspect of something rather than a thing ("the main downside is …"):
# a later "it" does not stand for them
ASPECT_NOUNS = frozenset(
    """downside downsides upside advantage advantages disadvantage disadvantages benefit
    benefits drawback drawbacks problem problems issue issues point points reason reasons
    answer result results option options choice choices difference differences catch idea
    ideas thing things key rule rules goal aim purpose takeaway summary question concern
    concerns caveat caveats limitation limitations step steps way ways approach trick tip
    tips solution alternative alternatives consideration considerations factor factors
    upshot gist bottom""".split()
)
# pronouns that stand for one thing, and for several
SINGULAR_PRONOUNS = ("it", "its")
# pronouns that open a sentence about what the sentence before it opened with ("Cake flour
# is milled from soft wheat. It holds less protein."; ``scoring/topics.py``)
REFERRING_OPENERS = frozenset("it its they their this these he his she her".split())
PLURAL_PRONOUNS = ("they", "their")
# subjects after which a verb takes -s ("it cures", "which covers")
SINGULAR_SUBJECTS = frozenset({"it", "he", "she", "this", "that", "which", "who"})
# openers of a phrase that introduces something new rather than the topic
INDEFINITE = frozenset(
    {"a", "an", "some", "one", "another", "many", "several", "most", "few", "each"}
)

# Words that, inside what looks like a claim's subject, show the verb was missed: a
# relative pronoun ("Melting exposes water that is ...") or an adverb before the verb
# ("Samsung previously promised"), or a personal pronoun, the subject of a clause inside
# it ("Based on the documents you shared"): such a phrase is no antecedent to carry forward.
SUBJECT_BREAKERS = frozenset("that which who whom whose you we they he she it".split())
# relative pronouns: a negation after one ("circumstances that could not have been
# avoided") denies its clause's verb, and says nothing of the noun before it
RELATIVES = frozenset("that which who whom whose".split())
# Focus adverbs between a subject and its verb ("The option only applies"): not the
# subject's words, and a later "it" stands for the words before them
FOCUS_ADVERBS = frozenset("only also still just even already always never often".split())
ADVERB_ENDING = "ly"
# nouns in -ly of more than four letters, never adverbs ("the royal family", "the water
# supply"); shorter words are never read as adverbs
LY_NOUNS = frozenset(
    """family families supply assembly anomaly monopoly rally belly jelly bully homily
    butterfly dragonfly firefly holly melancholy""".split()
)
# a modal first word before a capitalised one opens a name ("Will Smith"), never an
# imperative
MODAL_VERBS = frozenset("will may can shall must might could would should".split())
# The modals of a hypothetical: a figure after one is a computation of a case, not a fact
# a source states ("which would give £10,066")
HYPOTHETICAL = frozenset("would could might".split())
# words before a verb that make it a forecast, not a fact ("is expected to rise")
FORECAST_WORDS = frozenset("expected forecast projected predicted likely set due".split())
# "It is worth noting that …", "it's important to …": an "it" before "is", one of these and
# "to", "that" or a gerund stands for nothing (it announces the clause after it) and is
# never resolved ("it's best taken with food" stands for the drug; "safe", "easy" are left
# out: "it's safe to take in pregnancy" is about the drug).
EXPLETIVE_VERBS = ("is", "was", "will be", "would be", "may be", "can be")
EXPLETIVE_FOLLOWERS = ("to", "that", "for", "if", "when", "whether")
EXPLETIVE_ADJECTIVES = frozenset(
    """worth important possible likely unlikely clear true recommended advisable essential
    necessary best better vital wise unclear known""".split()
)

# Openers that are never a subject: prepositions, conjunctions, question words ("Where
# the Amazon stands out is volume"), "here", "there", the participles that open a phrase
# of reference ("Based on …", "According to …"), and the user or the writer ("You can ask
# Tecmart to repair it, and it gets one go": "it" is never "you").
NOT_SUBJECT = frozenset(
    """for in on at by during after before under with from since until to as if when
    while because although though unlike like despite over between among within without
    per via about around across through here there based according
    compared depending i you we where what which why how whether""".split()
)

# words that stand for a noun said before them ("new customers, not existing ones")
PRO_FORMS = frozenset({"one", "ones"})
# lower-case words inside a person's name ("Leonardo da Vinci", "Charles de Gaulle")
NAME_PARTICLES = frozenset("da de del della di du la le van von der den bin al".split())
DETERMINERS = frozenset("the a an both these those this that its their his her".split())
# words by which a clause says again what another said ("and Apollo 12 did too", "room 103
# has one as well", "likewise"): it takes the other's predicate
ECHO_WORDS = frozenset("too also likewise similarly same well either".split())
PREPOSITIONS = frozenset("of in for on at with from to by under over".split())
# the prepositions that open the group or place a change is said of ("fell in Asia", "rose
# among men", "fell for rice")
GROUP_PREPOSITIONS = frozenset("in on at among amongst for across outside within inside".split())
# the words that place a change before or after an event ("fell after the reform")
TEMPORAL_LINKS = frozenset("after before since until till during once".split())

# words that open a fronted phrase, closed by a comma: "Below 500 ft, the limit is 60 knots",
# "With 7 years' service, you get 27 days"
FRONTED_OPENERS = frozenset(
    "above after as at because before below beyond between by during for from if in on once "
    "over since under until up when with within".split()
)
# the prepositions that end the head of a subject ("Complaints about the line rose": the
# head is "complaints")
SUBJECT_PREPOSITIONS = PREPOSITIONS | frozenset(
    "about across among amongst around between during inside into near outside per "
    "through throughout within".split()
)
# determiners that make a noun phrase plural ("both reactors", "several banks")
PLURAL_OPENERS = ("both", "these", "those", "many", "several", "all")

# Pronouns carry nothing to check: a decontextualised claim names what they stand for.
PRONOUNS = frozenset(
    """they them their theirs these those this that its it he she his her hers him we our you
    your""".split()
)

# Connectives and other words a claim need not restate to cover its sentence.
CONNECTIVES = frozenset(
    """while whereas which that this these those with from into onto about also only just
    than then there where when what whom whose because since though although however
    therefore thus both either each such very much more most other some many""".split()
)

# words capitalised at a sentence start or as calendar names that never make a name
CAPITALISED_COMMON_WORDS = tuple(
    """
    i the a an this that these those it its they their he she his her we our you your in on
    at for of and or but if when while after before by from to with as january february
    march april may june july august september october november december monday tuesday
    wednesday thursday friday saturday sunday
    """.split()
)

# words that open a clause elaborating on what the sentence said before them: the clause
# states something of its own ("..., which has implications for the economy", "...,
# reflecting improved cost control", "... due to supply constraints")
ELABORATION_OPENERS = """which meaning reflecting making allowing helping ensuring leading resulting
    thereby thus""".split()
ELABORATION_LINKS = ["because", "due to", "thanks to", "in order to", "so that"]
ELABORATION = regex.compile(
    r",\s+(?=(?:" + "|".join(ELABORATION_OPENERS) + r")\b)"
    r"|\s+(?=(?:" + "|".join(ELABORATION_LINKS).replace(" ", r"\s+") + r")\b)",
    regex.IGNORECASE,
)

# words that link a clause to the one before it by time, cause or reference ("... after
# licensing talks failed", "..., which remains its largest shareholder")
LINKS = "after when while once before until during because since which who where as".split()

# phrases that make what follows an illustration ("for example, on a salary of £30,000 ...")
EXAMPLE_MARKERS = regex.compile(
    r"\b(?:for example|for instance|e\.g\.|say you)\b", regex.IGNORECASE
)
