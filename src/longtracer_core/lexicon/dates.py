"""Calendar words: month and weekday names and their abbreviations, each listed once.

Used by sentence segmentation (``text.boundaries``: ``Jan.``, ``Tue.`` may end a
sentence) and meant for every other reader of dates (the numeric and entity gates read
month and weekday names too).
"""

from __future__ import annotations

__all__ = [
    "AMBIGUOUS_CALENDAR_WORDS",
    "COUNTED_BACK",
    "COUNTED_FORWARD",
    "CALENDAR_LEADS",
    "ERAS_AFTER",
    "ERAS_BEFORE",
    "HOLIDAYS",
    "WEEKDAY_LEADS",
    "MONTHS",
    "TIME_DETERMINERS",
    "TIME_LEADS",
    "TIME_WORDS",
    "YEAR_PARTS",
    "MONTH_ABBREVIATIONS",
    "TIME_ZONES",
    "ZONE_GROUPS",
    "WEEKDAYS",
    "WEEKDAY_ABBREVIATIONS",
]

# full month name -> its number
MONTHS: dict[str, int] = {
    "january": 1,
    "february": 2,
    "march": 3,
    "april": 4,
    "may": 5,
    "june": 6,
    "july": 7,
    "august": 8,
    "september": 9,
    "october": 10,
    "november": 11,
    "december": 12,
}

# the parts of a year a figure is reported for ("the third quarter", "the first half")
YEAR_PARTS: tuple[tuple[str, ...], tuple[str, ...]] = (
    ("first", "second", "third", "fourth", "final", "last"),
    ("quarter", "half"),
)

# words that open a time after a verb ("fell last year", "will rise next month") and the
# words of time a determiner opens ("rose this quarter", "fell each year")
TIME_LEADS = frozenset({"last", "next", "later", "earlier", "overnight"})
TIME_DETERMINERS = frozenset({"this", "that", "each", "every", "per"})
TIME_WORDS = frozenset(
    "year years quarter quarters month months week weeks day days decade decades season "
    "seasons summer winter spring autumn time".split()
)

# abbreviation -> the month's number ("may" needs none; "sept" is common beside "sep")
MONTH_ABBREVIATIONS: dict[str, int] = {
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "sept": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
}

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

WEEKDAY_ABBREVIATIONS = ("mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun")


# the era written with a year, folded, dots dropped: "AD 142" is a year, not a name's number;
# a year or century "BC" counts backwards
ERAS_AFTER = frozenset({"ad", "ce"})
ERAS_BEFORE = frozenset({"bc", "bce"})

# capitalised words that lead a day or a month without naming with it ("On Monday", "Open
# Tuesday to Sunday", "Every March"); any other capitalised word beside one makes a name
# ("Easter Sunday", "Brian May", "the October Revolution")
CALENDAR_LEADS = frozenset(
    {
        "on", "from", "every", "each", "until", "till", "by", "since", "last", "next", "this",
        "open", "opens", "opening", "closed", "closes", "closing", "in", "between", "and",
        "to", "mid", "early", "late", "the", "a", "before", "after", "during", "except",
        "including", "through", "or", "also", "only", "usually", "then",
    }
)  # fmt: skip

# calendar words that are everyday words too: read as a day or a month only where a cue
# dates them ("in May", "on Sat"; not "May drain", "March the troops", "the Sun")
AMBIGUOUS_CALENDAR_WORDS = frozenset(
    {"may", "march", "mar", "august", "aug", "sun", "sat", "wed", "jan"}
)

# time zones, each group one zone by its names: a claim's zone is the evidence's when the
# evidence writes one of its group (or no zone at all)
TIME_ZONES: tuple[frozenset[str], ...] = tuple(
    frozenset(group.split())
    for group in (
        "gmt utc",
        "bst",
        "cet",
        "cest",
        "eet",
        "eest",
        "est edt et",
        "cst cdt",
        "mst mdt",
        "pst pdt pt",
        "aest aedt",
        "ist",
        "jst",
    )
)
# each zone's name -> its group ("utc" -> {"gmt", "utc"})
ZONE_GROUPS: dict[str, frozenset[str]] = {name: group for group in TIME_ZONES for name in group}

# words by which a sentence counts its durations forwards from a date ("5 days after the
# spots came out") or backwards ("at least 21 days before travel"; ``scoring.worked_dates``)
COUNTED_FORWARD = ("after", "later", "from")
COUNTED_BACK = ("before", "earlier", "prior", "ahead")

# days people name by the feast rather than the date ("Christmas Eve" for 24 December),
# folded, apostrophes straight: the name is the date's when the evidence gives that date
HOLIDAYS: dict[str, tuple[int, int]] = {
    "christmas eve": (12, 24),
    "christmas day": (12, 25),
    "boxing day": (12, 26),
    "new year's eve": (12, 31),
    "new year's day": (1, 1),
    "independence day": (7, 4),
    "fourth of july": (7, 4),
    "st patrick's day": (3, 17),
    "st. patrick's day": (3, 17),
    "saint patrick's day": (3, 17),
    "guy fawkes night": (11, 5),
    "bonfire night": (11, 5),
    "bastille day": (7, 14),
    "halloween": (10, 31),
    "valentine's day": (2, 14),
    "anzac day": (4, 25),
    "canada day": (7, 1),
    "australia day": (1, 26),
    "juneteenth": (6, 19),
    "hogmanay": (12, 31),
}

# words right before a weekday cut short that make it a day ("opens on Sat", "every Sun";
# not "reported by The Sun")
WEEKDAY_LEADS = frozenset({"on", "every", "each", "from", "until", "till", "before", "after"})
