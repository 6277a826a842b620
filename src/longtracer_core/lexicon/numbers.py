"""Numbers written as words: cardinal and ordinal words, scale words and their suffixes.

Read by ``scoring.numeric`` (a figure written "twelve", "third", "4.2 billion" or "$146k" is
the same number as its digits), ``scoring.evidence`` (scale and currency words) and
``scoring.gates`` (which also reads the unit words: km = kilometres = kilometers).
"""

from __future__ import annotations

__all__ = [
    "BOUND_SIDES",
    "WORKED_VERBS",
    "COMBINING_WORDS",
    "CURRENCY_ADJECTIVES",
    "CURRENCY_CODES",
    "CURRENCY_SIGNS",
    "CURRENCY_WORDS",
    "DURATION_PAIRS",
    "DURATION_DAYS",
    "DURATION_UNIT_WORDS",
    "DURATION_UNITS",
    "INLINE_SPACES",
    "MULTIPLIER_WORDS",
    "NUMBER_WORDS",
    "ORDINAL_WORDS",
    "PERIOD_FACTORS",
    "PERIOD_IDIOMS",
    "PERIOD_IDIOM_UNITS",
    "RATE_BEFORE",
    "RATE_NOT_AFTER",
    "VIDEO_LINES",
    "RATE_PERIOD_WORDS",
    "ROMAN_NUMERALS",
    "POWER_UNITS",
    "SCALE_EXPONENTS",
    "SCALE_SUFFIXES",
    "SCALE_WORDS",
    "SHARE_ADDED",
    "SHARE_FOLLOWERS",
    "SHARE_LEADERS",
    "SHARE_TAKEN",
    "PERCENT_CHANGE",
    "QUANTITY_PREFIXES",
    "SHARE_SAVED",
    "VULGAR_FRACTIONS",
    "RECURRING_WORDS",
    "YEARS_SINCE_WORDS",
    "MEASURE_ADJECTIVES",
]

# cardinal word -> value ("one" is left out: it is a pronoun as often as a number)
NUMBER_WORDS: dict[str, int] = {
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "hundred": 100,
}

# a rate per period and the periods it is often restated over ("£10 a month" is £120 a
# year): the period's word -> the factors
PERIOD_FACTORS: dict[str, tuple[int, ...]] = {
    "hour": (24,),
    "day": (7, 30, 365),
    "daily": (7, 30, 365),
    "week": (4, 52),
    "weekly": (4, 52),
    "month": (12,),
    "monthly": (12,),
}

# the words right after a figure that make it a rate per a period ("6.9% APR", "a £1.50
# monthly fee", "5% per annum"): the word -> the unit of ``data/units.json`` it is per
RATE_PERIOD_WORDS: dict[str, str] = {
    "apr": "year",
    "aer": "year",
    "p.a.": "year",
    "annum": "year",
    "annually": "year",
    "yearly": "year",
    "annual": "year",
    "monthly": "month",
    "weekly": "week",
    "daily": "day",
    "nightly": "day",
    "hourly": "h",
}

# the numbers a "p" after them makes a video mode, not pence ("1080p")
VIDEO_LINES = frozenset("240 360 480 576 720 1080 1440 2160 4320".split())

# the words after "a year", "a week" … that make it a time, not a rate ("130p a year
# earlier", "bought a week ahead")
RATE_NOT_AFTER = frozenset("earlier ago before later ahead after previously back prior".split())

# a period written without a number, by the words before its unit ("half an hour", "a
# fortnight", "one year"; "an hour and a half" adds a half; ``scoring.period_idioms``)
PERIOD_IDIOMS: dict[str, str] = {
    "a": "1",
    "an": "1",
    "one": "1",
    "half a": "0.5",
    "half an": "0.5",
    "a quarter of a": "0.25",
    "a quarter of an": "0.25",
    "three quarters of a": "0.75",
    "three quarters of an": "0.75",
}
# words before "a" that make it a "per" ("twice a day", "£10 per person a month", "one
# tablet a day")
RATE_BEFORE = ("once", "twice", "thrice", "times", "per", "each", "every", "one")

# a word that multiplies a figure ("twice a day at 500 mg" is 1,000 mg a day)
MULTIPLIER_WORDS: dict[str, str] = {
    "twice": "2",
    "double": "2",
    "doubled": "2",
    "thrice": "3",
    "triple": "3",
    "tripled": "3",
    "quadruple": "4",
    "half": "0.5",
}

# ordinal word -> value ("first" and "second" are left out: they are order and time words too)
ORDINAL_WORDS: dict[str, int] = {
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
    "thirteenth": 13,
    "fourteenth": 14,
    "fifteenth": 15,
    "sixteenth": 16,
    "seventeenth": 17,
    "eighteenth": 18,
    "nineteenth": 19,
    "twentieth": 20,
}

# Roman numerals, largest first, as a name writes its number ("Henry VIII", "Louis XIV")
ROMAN_NUMERALS: tuple[tuple[str, int], ...] = (
    ("c", 100),
    ("xc", 90),
    ("l", 50),
    ("xl", 40),
    ("x", 10),
    ("ix", 9),
    ("v", 5),
    ("iv", 4),
    ("i", 1),
)

# scale word -> the power of ten it multiplies by
SCALE_EXPONENTS: dict[str, int] = {
    "thousand": 3,
    "million": 6,
    "billion": 9,
    "trillion": 12,
    "bn": 9,
}

# a figure's one-letter suffix ("$146k") -> its scale word
SCALE_SUFFIXES: dict[str, str] = {"k": "thousand", "m": "million", "b": "billion"}

# the scale words written out in full
SCALE_WORDS = frozenset({"thousand", "million", "billion", "trillion"})

# ISO codes of currencies, written before or after a figure ("USD 500", "500 EUR"): the
# currency of an amount, never a name
CURRENCY_CODES = frozenset(
    "usd eur gbp chf aud cad nzd jpy cny rmb inr sek nok dkk hkd sgd zar brl mxn pln czk huf"
    " krw".split()
)
# how a text writes a currency, and the codes it may stand for ("$" is any dollar)
CURRENCY_SIGNS: dict[str, str] = {
    "$": "usd aud cad nzd hkd sgd",
    "us$": "usd",
    "a$": "aud",
    "c$": "cad",
    "nz$": "nzd",
    "hk$": "hkd",
    "s$": "sgd",
    "€": "eur",
    "£": "gbp",
    "¥": "jpy cny",
    "₹": "inr",
    "dollar": "usd aud cad nzd hkd sgd",
    "dollars": "usd aud cad nzd hkd sgd",
    "euro": "eur",
    "euros": "eur",
    "pound": "gbp",
    "pounds": "gbp",
    "sterling": "gbp",
    "yen": "jpy",
    "yuan": "cny rmb",
    "renminbi": "cny rmb",
    "rmb": "cny rmb",
    "franc": "chf",
    "francs": "chf",
    "rupee": "inr",
    "rupees": "inr",
    "krona": "sek",
    "kronor": "sek",
    "krone": "nok dkk",
    "kroner": "nok dkk",
    "rand": "zar",
}
# words by which a sentence adds one of its percentages to a sum ("£150 plus VAT at 20%",
# "a 15% resort fee") or takes it off ("20% off", "a 10% discount")
SHARE_ADDED = frozenset(
    "plus vat tax taxes fee fees surcharge surcharges tip gratuity markup commission".split()
)
SHARE_TAKEN = frozenset("off discount discounted less minus reduction rebate cashback".split())
# words by which a percentage between two figures is the change from the first to the
# second ("from 210,000 to 64,000, a drop of 70%"), besides the rising and falling words
# of ``lexicon.polarity``; without one it is the share one is of the other
PERCENT_CHANGE = frozenset("cut cuts change changed growth loss".split())
# words by which a shop or a notice says a price comes down by a share ("Save 30%"); with
# the words above and the rising and falling words, the loose reading of a conflict
# (``scoring.loose_work``) takes a percentage for a change only beside one of them
SHARE_SAVED = frozenset("save saves saving savings".split())
# letters glued before a number that make it a sum of money, not the number of a code:
# currency signs written in letters ("Rs500", "R500", "kr50"); a currency code does the
# same ("EUR900"). (A multiplier's "x" between two numbers, "4x400", is read apart.)
QUANTITY_PREFIXES = frozenset("rs r kr fr sfr".split())
# currency words written after a figure ("40 dollars", "12 EUR")
CURRENCY_WORDS = CURRENCY_CODES | frozenset(
    "dollar dollars euro euros pound pounds yen kroner krone francs rupees".split()
)

# canonical units (of data/units.json) of a duration, days to decades: a duration in a
# claim may be a sum or a conversion of the source's, so it is never 'absent'
DURATION_UNITS = ("s", "min", "h", "day", "week", "fortnight", "month", "year", "decade")
# the words of a duration written out, and its length in days (a month and a year on
# average; ``scoring.loose_work``)
DURATION_DAYS: dict[str, float] = {
    "minute": 1 / 1440,
    "hour": 1 / 24,
    "day": 1.0,
    "week": 7.0,
    "fortnight": 14.0,
    "month": 30.44,
    "year": 365.25,
    "decade": 3652.5,
}
# the units a period written without a number is read before ("half an hour", "a century")
PERIOD_IDIOM_UNITS = (*DURATION_DAYS, "century")
# a duration unit of the figure readings (``DURATION_UNITS``) by its word in ``DURATION_DAYS``
DURATION_UNIT_WORDS = {
    "min": "minute",
    "h": "hour",
    "day": "day",
    "week": "week",
    "month": "month",
    "year": "year",
    "decade": "decade",
}

# Unit symbols a ² or ³ (or ^2, ^3) raises to a power: "31,500 km²" is an area, not a
# citation of source 2 (``text.citations``).
POWER_UNITS = ("km", "dm", "cm", "mm", "nm", "µm", "Å", "m", "ft", "in", "mi", "yd", "s")

# Spaces that stand for " " inside a line, a no-break, thin or figure space among them
# ("20\u00a0percent", "27\u202f295"): read as the plain space by sources and words alike.
INLINE_SPACES = (
    "\u00a0\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"
)

# duration units written together ("2 hours 30 minutes"): (larger, smaller, smaller per larger)
DURATION_PAIRS = (
    ("h", "min", 60),
    ("min", "s", 60),
    ("day", "h", 24),
    ("week", "day", 7),
    ("year", "month", 12),
)

# what may follow a fraction word that is a share ("a third of", "by a third more"): before
# any other word it is an ordinal ("a third consecutive month", "a third term")
SHARE_FOLLOWERS = frozenset(
    {"of", "more", "less", "fewer", "higher", "lower", "larger", "smaller", "bigger", "than"}
)
# what before a fraction word makes it a share whatever follows ("rose by a third in 2023")
SHARE_LEADERS = frozenset(
    {"by", "about", "around", "roughly", "nearly", "almost", "approximately", "some", "over"}
)


# a fraction glyph written after a number ("25½ days" is 25.5 days)
VULGAR_FRACTIONS: dict[str, str] = {
    "½": "0.5",
    "¼": "0.25",
    "¾": "0.75",
    "⅛": "0.125",
    "⅜": "0.375",
    "⅝": "0.625",
    "⅞": "0.875",
}

# a country's adjective before its currency's word ("Swiss francs") and that currency's
# codes (``CURRENCY_SIGNS``' codes): the adjective names the currency, no place to find
CURRENCY_ADJECTIVES: dict[str, str] = {
    "american": "usd",
    "us": "usd",
    "u.s.": "usd",
    "australian": "aud",
    "canadian": "cad",
    "new zealand": "nzd",
    "hong kong": "hkd",
    "singapore": "sgd",
    "british": "gbp",
    "swiss": "chf",
    "japanese": "jpy",
    "chinese": "cny rmb",
    "indian": "inr",
    "swedish": "sek",
    "norwegian": "nok",
    "danish": "dkk",
    "south african": "zar",
    "mexican": "mxn",
    "brazilian": "brl",
    "polish": "pln",
    "czech": "czk",
    "hungarian": "huf",
    "korean": "krw",
    "south korean": "krw",
}

# words by which a claim says it combines figures ("in total", "together", "£1.55
# cheaper"): only then may a sum or difference of the source's figures explain its own
# (``scoring.loose_work``, ``scoring.derivation.combines``)
COMBINING_WORDS = frozenset(
    {
        "total", "together", "combined", "altogether", "plus", "left", "remaining", "remain",
        "free", "spare", "difference", "cheaper", "dearer", "extra", "saving", "save",
    }
)  # fmt: skip
# words of a series of events, of which the last falls one period before the span's end
# ("10 weeks, with classes every Monday": the final class nine weeks on)
RECURRING_WORDS = frozenset(
    {
        "every", "each", "weekly", "monthly", "class", "classes", "session", "sessions",
        "instalment", "instalments", "installment", "installments", "payment", "payments",
    }
)  # fmt: skip
# words by which a number of years is counted between two years, give or take one
YEARS_SINCE_WORDS = frozenset({"since", "ago", "old", "anniversary", "marked", "marks"})
# words after a figure that say what it measures or how it compares, not what it counts
# ("300 metres tall", "£1.55 cheaper"): no noun of a figure (``scoring.figure_facts``)
MEASURE_ADJECTIVES = frozenset(
    """tall high long wide deep old thick heavy away apart across big large young cheaper
    dearer more less fewer higher lower longer shorter bigger smaller larger faster slower
    heavier lighter older younger greater extra off including excluding inclusive plus
    minus net gross total each apiece""".split()
)

# the side of its figure a tier's condition covers, by the words before the figure ("up to
# 24 hours", "on or after 1 May") and after it ("76 and over", "2 hours or less"): a tier's
# figure is told from the boundary the next tier shares (``scoring.tiers.crossed``). Wider
# than ``scoring.hedges.hedge_at``'s bounds: a tier's condition is also a time ("before
# 09:30", "from 1 July", "on or after 1 May"), and the unit may stand before the words
# after ("1 kg or more")
BOUND_SIDES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "below": (
        ("up to", "no more than", "not more than", "less than", "fewer than", "under",
         "below", "before", "by", "until", "till", "at most", "within", "on or before"),
        ("or less", "or fewer", "or under", "or below", "or younger", "or earlier"),
    ),
    "above": (
        ("more than", "over", "above", "after", "from", "beyond", "at least",
         "on or after", "no less than", "exceeding", "starting"),
        ("or more", "or over", "and over", "or above", "and above", "or older", "or later",
         "onwards", "and up"),
    ),
}  # fmt: skip

# the words by which a claim says it worked its figure out in the figure's own clause
# ("the cap is five weeks' rent, which comes to about £1,730.77"; "works out at £95 per
# person"): a result from the user's figures, never proof against the evidence's
# (``scoring.worked_figures.asserted``); a bill that "came to" a sum reports it
WORKED_VERBS = (
    "works out", "work out", "worked out", "which comes to", "that comes to", "this comes to",
    "which come to", "which adds up to", "that adds up to",
)  # fmt: skip
