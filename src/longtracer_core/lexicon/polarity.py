"""Words that turn a statement around: negations, directions, opposites.

Read by the coverage check (a claim that drops its sentence's negation does not cover it)
and by the polarity and direction gates of ``scoring.gates`` and the toggles: rising and
falling words, opposite pairs. Quantifiers are ``lexicon.quantifiers``; modals are
``lexicon.modality``.
"""

from __future__ import annotations

__all__ = [
    "FIGURE_CLAUSE_ENDS",
    "CHANGE_VERB_WORDS",
    "CLAUSE_BREAKS",
    "PACE_COMPARISONS",
    "PRICE_COMPARISONS",
    "FALLING_WORDS",
    "NEGATIONS",
    "NEGATION_BLURS",
    "CLAUSE_BOUNDS",
    "NEGATION_BOUNDS",
    "SEPARATED_BOUND",
    "UPPER_BOUND_WORDS",
    "LOWER_BOUND_WORDS",
    "NEGATION_IDIOMS",
    "NEGATION_NEUTRAL",
    "NEGATIVE_UN_EXCEPTIONS",
    "NEGATIVE_ACTIONS",
    "NEGATIVE_CARRIERS",
    "NEGATIVE_VERBS",
    "NEGATIVE_PREFIXES",
    "PROHIBITIONS",
    "OPPOSITE_PAIRS",
    "SCHEDULE_VERBS",
    "CONDITIONS",
    "CONDITION_JOINS",
    "CONTRAST_PHRASES",
    "CONTRAST_WORDS",
    "ELLIPTICAL_OPENERS",
    "COORDINATORS",
    "PROHIBITING",
    "RELATION_WORDS",
    "SIDE_WORDS",
    "SIDE_TAKERS",
    "STANCE_ADVERBS",
    "SUPPOSING_MODALS",
    "EVIDENCE_FRAMES",
    "RISING_WORDS",
    "TOGGLE_PAIRS",
    "SPAN_PAIRS",
    "SPAN_CONDITIONS",
    "ADVERB_ENDINGS",
    "NEGATION_LINKS",
]

NEGATIONS = frozenset("not no never none nobody nothing neither nor without cannot nowhere".split())

# A statement and its negation (``scoring/toggles.py``): the words and phrases below make
# a clause's polarity something other than a plain "not".
# Negations that bound a figure or add a thing rather than deny it ("no less than an
# hour", "not only A but B"): neither the polarity gate nor the toggles read them as "not".
NEGATION_BOUNDS = tuple(
    " ".join(phrase.split())
    for phrase in """
    not only|not just|not merely|no more than|not more than|no less than|not less than|
    no fewer than|not fewer than|no later than|not later than|no earlier than|
    no longer than|nothing but|not least|no matter
    """.split("|")
)
# a negation with its "more than" standing apart ("Do not take more than 8 tablets", "should
# not have more than 50 micrograms"): an upper bound on the figure or word after "than",
# said as well by a clause that words a bound its own way on that same figure ("up to 8
# tablets", "the upper limit is 100 µg", "only once") and says no "more than", "or more"
# or "minimum" of its own (``scoring.gates``)
SEPARATED_BOUND = (
    r"(?:\bnot|\bnever|n't)\s+(?:[\p{L}-]+\s+){1,4}?(?:more|longer)\s+than\s+(?:a\s+|an\s+)?"
    r"([\p{L}\p{N}.,]+)"
)
UPPER_BOUND_WORDS = ("up to", "at most", "maximum", "upper limit", "limit", "only", "or less")
LOWER_BOUND_WORDS = (
    "more than", "longer than", "over", "above", "exceeds?", "exceeding", "at least", "or more",
    "or longer", "or over", "and over", "and above", "plus", "minimum", "no limit",
)  # fmt: skip
# Negations that deny only in part or for now ("not yet", "not all", "not always"): the
# polarity gate still reads them as negations, the toggles never read them as plain ones.
NEGATION_IDIOMS = (
    *NEGATION_BOUNDS,
    *"""not until|not always|not all|not every|not necessarily|no sooner|not much|not many|
    never before|not yet""".replace("\n", "")
    .replace("    ", "")
    .split("|"),
)
# Words that carry a negation of their own ("another council" is "not your council",
# "without a filter", "unless it has one"), comparisons that flip with their order ("no
# river carries more than the Amazon"), and a prohibition ("Don't look at the Sun") that
# is advice rather than a statement: a clause holding one is no plain toggle of another.
NEGATION_BLURS = tuple(
    """
    without unless except than instead rather another other others different elsewhere
    outside apart
    """.split()
)
# Words that bound what a clause says (a time, a threshold): a claim that turns an evidence
# clause's negation round must keep its bounds ("You cannot get a refund after 30 days" is
# no turned "You can get a refund within 30 days"; ``scoring.gates._said_and_denied``)
CLAUSE_BOUNDS = frozenset(
    "after before within until till over under above below beyond since only except".split()
)
# Verbs that carry a negation of their own: "can avoid paying" says "does not have to
# pay", so a clause holding one that the other clause lacks is no toggle of it ("Charities
# are not exempt" / "Charities are exempt" still is).
NEGATIVE_VERBS = frozenset(
    """
    avoid avoids avoided avoiding escape escapes escaped escaping refuse refuses refused
    refusing fail fails failed failing lack lacks lacked lacking exempt exempts exempted
    exempting exemption waive waives waived waiving
    """.split()
)
# Verbs that end or keep off what follows them ("you lose LDAC" / "LDAC is not available",
# "stopped offering refunds"): negative carriers, but no toggle verbs ("lost" / "did not
# lose" stays a toggle, ``scoring/toggles.py``)
NEGATIVE_ACTIONS = frozenset(
    """lose loses lost losing stop stops stopped stopping prevent prevents prevented
    preventing""".split()
)
# Words that say "not" in a word of their own ("closed" / "does not open", "visa-free" /
# "without a visa", "unaffected" / "does not affect", "rather than" / "not", "you lose
# LDAC" / "LDAC is not available", "keep it off broken skin" / "do not use on broken
# skin"): a clause that holds one may deny what a negated clause denies, so the polarity
# gate does not read it as the plain opposite of that clause. Read as written (no stems:
# "barred" is not "bar"); words in "un-" (but not "under-", "uni-", "until") count too
# (``NEGATIVE_UN_EXCEPTIONS``).
NEGATIVE_CARRIERS = (
    NEGATIVE_VERBS
    | NEGATIVE_ACTIONS
    | frozenset(
        """
        without unless except instead rather only free closed absent missing unable invalid
        off away ineligible illegal impossible incomplete incorrect insufficient inadequate
        banned barred prohibited forbidden excluded against
        """.split()
    )
)
NEGATIVE_UN_EXCEPTIONS = ("under", "uni", "until", "unto")
# the endings of adverbs in "-ly" (the polarity gate skips them after a "not": "did not
# formally approve"; a word in "un-" with one negates nothing: "unanimously"), not those of
# adjectives ("friendly", "likely") or verbs ("apply")
ADVERB_ENDINGS = tuple(
    "ally ously ately edly ingly ably ibly arily ently antly ctly fully ively lessly inely".split()
)
# words that link a negative word to the word it negates ("unable to attend", "exempt from
# paying", "free of charge", "killed rather than returned")
NEGATION_LINKS = frozenset("to from of than".split())
PROHIBITIONS = ("do not", "don't", "don’t", "never", "avoid")
# words that join a negated clause to what comes before it ("is a grant and does not need
# to be repaid": the negation is said of nothing before the join; ``scoring.gates``)
COORDINATORS = frozenset("and but or nor".split())
# phrases that deny an alternative as ", not" does ("rather than stocks"; ``scoring.contrast``)
CONTRAST_PHRASES = ("rather than", "instead of", "in place of")
# words that set a thing against another ("Unlike Terminal 2, Terminal 3 …")
CONTRAST_WORDS = frozenset("unlike except".split())
# words that open a clause saying its sentence's verb again of another subject ("…, and
# neither can lions or tigers"): what follows the subject is no object of its own
ELLIPTICAL_OPENERS = frozenset("neither nor".split())
# Words a negation toggles along with itself ("always" / "never", "any" / "no").
NEGATION_NEUTRAL = frozenset("always ever any also still even yet".split())
# Where one clause of a sentence ends and another begins: a coordinator or subordinator
# after a comma, or a subordinator anywhere ("..., even if the school is not in your area").
# (a colon between digits is a clock's: "after 10:00 on weekdays" is one clause)
CLAUSE_BREAKS = (
    r"\s*(?:[;—–]|(?<!\d):(?!\d)|,\s*(?:but|while|whereas|although|though|yet|and|so|because"
    r"|which|who|whose|where|when)\b|\b(?:but|whereas|while|although|because|even if|if|unless|when"
    r"|whose|which|since)\b"
    # the comma that closes a fronted clause of cause or concession ("Because
    # such studies cannot prove causation, a trial was designed")
    r"|,(?<=^\W*(?:because|although|though|even though|whereas|since)\b[^,;:]*,))"
    r"\s*"
)

# Where the clause that holds a figure ends, for reading which part of a sentence the
# figure is of (``scoring.binding``): any comma or semicolon, or a word of contrast or an
# aside ("30 days unless you upgrade to Pro", "£12, with discounts for children"); a
# narrower cut than ``CLAUSE_BREAKS``, whose bare comma joins nothing.
FIGURE_CLAUSE_ENDS = ("but", "though", "although", "unless", "except", "whereas", "while", "with")

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

# comparisons of price in several words, read as the one word of ``OPPOSITE_PAIRS`` they
# mean ("more expensive", "costs more": "dearer"); a bound on a figure ("costs more than
# £50") compares no two things and is left as written
PRICE_COMPARISONS: tuple[tuple[str, str], ...] = (
    (r"\bmore\s+expensive\b|\bcost(?:s|ing)?\s+more\b(?!\s+than\s+[$€£\d])|\bpricier\b"
     r"|\bcostlier\b", "dearer"),
    (r"\bless\s+expensive\b|\bcost(?:s|ing)?\s+less\b(?!\s+than\s+[$€£\d])", "cheaper"),
)  # fmt: skip
# ... and of pace: speed ("more slowly": "slower") and time taken ("takes less time to
# cook": "takes shorter to cook"; not "more time off", "more time zones", "less time than
# the form"). Read by the toggles only, which read "with" and "without" too ("Without a
# lid, water boils more slowly" is no turn of "With a lid, water boils faster"); the
# direction gate reads a sentence, not a clause, and keeps to price.
PACE_COMPARISONS: tuple[tuple[str, str], ...] = (
    (r"\bmore\s+slowly\b|\bless\s+(?:quickly|rapidly|fast)\b", "slower"),
    (r"\bmore\s+(?:quickly|rapidly)\b|\bless\s+slowly\b", "faster"),
    (r"(?<=\b(?:take|takes|taking|taken|took)\s+)less\s+time\b(?=\s+to\b|\s*[.,;:!?)]|\s*$)",
     "shorter"),
    (r"(?<=\b(?:take|takes|taking|taken|took)\s+)more\s+time\b(?=\s+to\b|\s*[.,;:!?)]|\s*$)",
     "longer"),
)  # fmt: skip

# opposites that place a clause before or after a thing they name ("after a bereavement"):
# a clause is turned round only where both name the same thing (``scoring.toggles``)
PLACING_WORDS = frozenset({"before", "after"})

# pairs that say opposite things of the same subject
OPPOSITE_PAIRS: tuple[tuple[str, str], ...] = (
    ("before", "after"),
    ("earlier", "later"),
    ("following", "previous"),
    ("following", "preceding"),
    ("next", "previous"),
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

# opposites a claim may swap in an evidence clause (``scoring/toggles.py``) besides the pairs
# above and the rising and falling words; the direction gate leaves them out ("more" than
# one thing, "less" of another compare different things as often as they contradict)
TOGGLE_PAIRS: tuple[tuple[str, str], ...] = (
    ("more", "less"),
    ("more", "fewer"),
    ("most", "least"),
    # losing is no fall beside any rise ("lost $2 billion" / "losses increased"; "lost to the
    # Knicks" / "their streak grew"), only the other way of gaining in a clause said word
    # for word ("The fund lost 7% in 2022" / "The fund gained 7% in 2022")
    ("gain", "lose"),
    ("gained", "lost"),
    ("gains", "loses"),
    ("gaining", "losing"),
    # comparisons of a quality, said word for word of the same things (not "harder", which
    # is "less easy" or "less soft", nor "further", which is also "more")
    ("thicker", "thinner"),
    ("thickest", "thinnest"),
    ("wider", "narrower"),
    ("widest", "narrowest"),
    ("deeper", "shallower"),
    ("deepest", "shallowest"),
    ("stronger", "weaker"),
    ("strongest", "weakest"),
    ("louder", "quieter"),
    ("loudest", "quietest"),
    ("brighter", "dimmer"),
    ("brightest", "dimmest"),
    ("better", "worse"),
    ("best", "worst"),
    ("closer", "farther"),
    ("nearer", "farther"),
    ("sooner", "later"),
    ("richer", "poorer"),
    ("safer", "riskier"),
)
# opposite states whose times bound each other, and which conditions and exceptions qualify:
# "open from 9am to 8pm" is "closes at 8pm", "closed on Mondays unless it is a public
# holiday" is "open on Mondays when they are public holidays", so they turn a clause only
# where neither holds a figure and neither sentence holds a word of ``SPAN_CONDITIONS``
# ("open Tuesday to Sunday and closed on Mondays"; ``scoring/toggles.py``)
SPAN_PAIRS: tuple[tuple[str, str], ...] = (("open", "closed"),)
SPAN_CONDITIONS = (
    "except", "unless", "excluding", "barring", "apart from", "other than", "if", "when",
    "whenever", "until", "till", "after", "before", "during", "while", "outside",
)  # fmt: skip


# a prohibition in the evidence (an instruction that opens its clause) says "never" of
# what it forbids ("never take two doses" / "…; do not take two doses"; not "you do not
# need"): the prohibitions above but "never" itself, and the modal ones
PROHIBITING = (
    *(p for p in PROHIBITIONS if p != "never"),
    "must not",
    "should not",
    "must never",
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
# verbs after "due to" that make it a schedule, not a cause ("was due to start in 2025")
SCHEDULE_VERBS = frozenset(
    """
    start begin open close end finish reach expire arrive take run launch be come return
    resume retire complete enter leave land depart go lapse stop appear hold
    """.split()
)
# words that open the case a condition describes ("if you have none"), and those that join
# a second case to it ("if it was never protected, or you never got the information, …")
CONDITIONS = frozenset("if unless whether".split())
CONDITION_JOINS = frozenset("or and".split())
# words that relate two things one way round ("A is larger than B", "add A before B",
# "A outnumbered B"): the same relation with its two sides swapped says the opposite
# (``scoring/toggles.py``)
RELATION_WORDS = tuple(
    """
    than before after rather instead outnumbered outlived outsold outperformed exceeded
    beat defeated preceded
    """.split()
)
# prefixes that make a word its own opposite ("legal" / "illegal", "lawful" / "unlawful"),
# read only where a claim clause is an evidence clause but for that word
NEGATIVE_PREFIXES = ("un", "in", "im", "il", "ir", "non", "non-")
# adverbs that say how surely a clause holds, never what it is about ("seared steaks
# actually lost slightly more moisture"): a claim may leave them out before the word it
# turns (``scoring/toggles.py``). Degree adverbs are no such words: "slightly more than
# half voted for" is no "more than half voted against" with "slightly" left out.
STANCE_ADVERBS = frozenset("actually really indeed certainly clearly".split())
# the modals of a supposition or a possibility: a clause holding one ("would earn more,
# analysts predicted") states no fact a claim without the same modal could turn round
# (``scoring/toggles.py``). Not "should", which states a rule more often than an
# expectation ("should not be eaten after that date").
SUPPOSING_MODALS = frozenset("would could might".split())
# what a clause opening "In our benchmarks," or "In tests," reports its finding from: the
# frame says where the evidence comes from, not what the clause is about, and a claim may
# leave it out before the word it turns (``scoring/toggles.py``)
EVIDENCE_FRAMES = tuple(
    """
    test tests trial trials study studies benchmark benchmarks experiment experiments
    survey surveys analysis analyses measurements
    """.split()
)
# function words that take a side, read by the toggles as words of a clause: "Less than
# half voted against the merger" is no turn of "More than half voted for the merger"
SIDE_WORDS = frozenset({"against"})
# a function word that takes a side but is too common to read as a word of a clause: after
# its verb it still says the clause has an object of its own ("spoke against the bill but
# voted for it": the main clause lends "voted for it" no "against the bill")
SIDE_TAKERS = frozenset({"for"})
