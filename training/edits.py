"""Minimal edits of a supported statement: each changes one thing, the error.

An ``Edit`` is a set of simultaneous whole-phrase substitutions (``old → new``).
Applied to a claim it makes the negative; applied to the evidence as well (when
every ``old`` phrase occurs there) it makes a counterfactual pair whose claim
and evidence agree again. Training on both keeps the model from learning that
edited text "looks wrong": it must compare the claim with the evidence.

Meaning-preserving rewrites (number, unit and date formats, synonyms, moved
clauses, pronoun subjects, dropped appositives) make extra positives.

Everything here is a pure function of its inputs and a ``random.Random``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

# -- the edit record -------------------------------------------------------------------


@dataclass(frozen=True)
class Edit:
    """Replace each ``old`` with its ``new`` at once, whole words only."""

    kind: str
    subs: tuple[tuple[str, str], ...]
    label: str  # "contradicted" | "nei"

    def _pattern(self) -> re.Pattern[str]:
        olds = sorted({o for o, _ in self.subs}, key=len, reverse=True)
        return re.compile(r"(?<![\w])(" + "|".join(re.escape(o) for o in olds) + r")(?![\w])")

    def applies(self, text: str) -> bool:
        return all(re.search(r"(?<![\w])" + re.escape(o) + r"(?![\w])", text) for o, _ in self.subs)

    def apply(self, text: str) -> str:
        table = dict(self.subs)
        return self._pattern().sub(lambda m: table[m.group(1)], text)


def _cap_like(word: str, model: str) -> str:
    if model[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


# -- lexicons ----------------------------------------------------------------------------

_ANTONYM_PAIRS = [
    ("increase", "decrease"),
    ("increased", "decreased"),
    ("increases", "decreases"),
    ("increasing", "decreasing"),
    ("rise", "fall"),
    ("rose", "fell"),
    ("rises", "falls"),
    ("rising", "falling"),
    ("risen", "fallen"),
    ("higher", "lower"),
    ("highest", "lowest"),
    ("more", "less"),
    ("most", "least"),
    ("larger", "smaller"),
    ("largest", "smallest"),
    ("bigger", "smaller"),
    ("biggest", "smallest"),
    ("greater", "smaller"),
    ("above", "below"),
    ("before", "after"),
    ("earlier", "later"),
    ("earliest", "latest"),
    ("first", "last"),
    ("gained", "lost"),
    ("won", "lost"),
    ("win", "lose"),
    ("wins", "loses"),
    ("up", "down"),
    ("older", "younger"),
    ("oldest", "youngest"),
    ("faster", "slower"),
    ("fastest", "slowest"),
    ("longer", "shorter"),
    ("longest", "shortest"),
    ("stronger", "weaker"),
    ("strongest", "weakest"),
    ("better", "worse"),
    ("best", "worst"),
    ("maximum", "minimum"),
    ("north", "south"),
    ("northern", "southern"),
    ("east", "west"),
    ("eastern", "western"),
    ("positive", "negative"),
    ("approved", "rejected"),
    ("accepted", "rejected"),
    ("allowed", "banned"),
    ("opened", "closed"),
    ("open", "closed"),
    ("improved", "worsened"),
    ("raised", "lowered"),
    ("hired", "fired"),
    ("arrived", "departed"),
    ("imports", "exports"),
    ("imported", "exported"),
    ("bought", "sold"),
    ("buy", "sell"),
    ("buys", "sells"),
    ("success", "failure"),
    ("successful", "unsuccessful"),
    ("legal", "illegal"),
    ("safe", "dangerous"),
    ("cheaper", "more expensive"),
    ("cheap", "expensive"),
    ("easier", "harder"),
    ("easy", "difficult"),
    ("strong", "weak"),
    ("early", "late"),
    ("rich", "poor"),
    ("inside", "outside"),
    ("guilty", "innocent"),
    ("convicted", "acquitted"),
    ("supported", "opposed"),
    ("supports", "opposes"),
    ("support", "oppose"),
    ("agreed", "refused"),
    ("agrees", "refuses"),
    ("true", "false"),
    ("majority", "minority"),
    ("entered", "left"),
    ("expanded", "shrank"),
    ("boosted", "cut"),
    ("add", "remove"),
    ("added", "removed"),
    ("include", "exclude"),
    ("includes", "excludes"),
    ("included", "excluded"),
    ("underperformed", "outperformed"),
    ("overestimated", "underestimated"),
    ("men", "women"),
    ("male", "female"),
    ("boys", "girls"),
    ("father", "mother"),
    ("son", "daughter"),
    ("husband", "wife"),
    ("brother", "sister"),
    ("at least", "at most"),
    ("more than", "less than"),
    ("over", "under"),
    ("lowest", "highest"),
    ("younger", "older"),
    ("killed", "injured"),
    ("died", "survived"),
    ("dead", "alive"),
    ("start", "end"),
    ("started", "ended"),
    ("begins", "ends"),
    ("began", "ended"),
    ("cause", "prevent"),
    ("causes", "prevents"),
    ("caused", "prevented"),
]
ANTONYMS: dict[str, str] = {}
for _a, _b in _ANTONYM_PAIRS:
    ANTONYMS.setdefault(_a, _b)
    ANTONYMS.setdefault(_b, _a)

QUANTIFIER_UP = {
    "some": "all",
    "several": "all",
    "many": "all",
    "most": "all",
    "often": "always",
    "sometimes": "always",
    "usually": "always",
    "occasionally": "always",
    "may": "will",
    "might": "will",
    "could": "will",
    "can": "always",
    "partly": "entirely",
    "partially": "fully",
    "mainly": "exclusively",
    "mostly": "entirely",
    "largely": "entirely",
    "few": "no",
    "rarely": "never",
    "nearly": "more than",
    "almost": "more than",
    "about": "exactly",
    "around": "exactly",
    "approximately": "exactly",
    "one of the": "the",
    "among the": "the",
}

UNITS = [
    ("seconds", "minutes", "hours"),
    ("minutes", "hours", "days"),
    ("hours", "days", "weeks"),
    ("days", "weeks", "months"),
    ("weeks", "months", "years"),
    ("months", "years", "decades"),
    ("second", "minute", "hour"),
    ("minute", "hour", "day"),
    ("hour", "day", "week"),
    ("day", "week", "month"),
    ("week", "month", "year"),
    ("km", "miles", "metres"),
    ("kilometres", "miles", "metres"),
    ("kilometers", "miles", "meters"),
    ("miles", "kilometres", "feet"),
    ("metres", "feet", "kilometres"),
    ("meters", "feet", "kilometers"),
    ("feet", "metres", "inches"),
    ("kg", "pounds", "grams"),
    ("kilograms", "pounds", "grams"),
    ("pounds", "kilograms", "ounces"),
    ("tonnes", "kilograms", "pounds"),
    ("tons", "pounds", "kilograms"),
    ("mg", "g", "mcg"),
    ("ml", "litres", "ounces"),
    ("million", "billion", "thousand"),
    ("billion", "million", "trillion"),
    ("thousand", "million", "hundred"),
    ("percent", "percentage points", "times"),
    ("mph", "km/h", "knots"),
    ("dollars", "euros", "pounds"),
    ("yards", "metres", "feet"),
]
UNIT_ALTS: dict[str, tuple[str, ...]] = {u[0]: u[1:] for u in UNITS}

MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
NUMBER_WORDS = [
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
]
_NUMBER_WORD_VALUE = {w: i + 1 for i, w in enumerate(NUMBER_WORDS)}
_NUMBER_WORDS_EXTRA = ["twenty", "thirty", "fifty", "hundred", "hundreds", "dozens", "dozen"]

SYNONYMS = {
    "said": "stated",
    "says": "states",
    "told": "informed",
    "bought": "purchased",
    "big": "large",
    "start": "begin",
    "started": "began",
    "began": "started",
    "about": "roughly",
    "around": "roughly",
    "approximately": "about",
    "shows": "indicates",
    "showed": "indicated",
    "died": "passed away",
    "help": "assist",
    "helped": "assisted",
    "need": "require",
    "needs": "requires",
    "needed": "required",
    "use": "employ",
    "used": "employed",
    "uses": "employs",
    "made": "produced",
    "makes": "produces",
    "get": "obtain",
    "got": "received",
    "received": "was given",
    "found": "discovered",
    "discovered": "found",
    "built": "constructed",
    "constructed": "built",
    "enough": "sufficient",
    "also": "additionally",
    "however": "but",
    "children": "kids",
    "kids": "children",
    "car": "vehicle",
    "cars": "vehicles",
    "doctor": "physician",
    "doctors": "physicians",
    "police": "officers",
    "officials": "authorities",
    "authorities": "officials",
    "company": "firm",
    "firm": "company",
    "killed": "slain",
    "arrested": "detained",
    "detained": "arrested",
    "charged": "accused",
    "town": "community",
    "home": "house",
    "house": "home",
    "quickly": "rapidly",
    "rapidly": "quickly",
    "near": "close to",
    "currently": "now",
    "now": "currently",
    "attempt": "try",
    "tried": "attempted",
    "attempted": "tried",
    "wants": "hopes",
    "plans": "intends",
    "planned": "intended",
    "fans": "supporters",
    "supporters": "fans",
    "film": "movie",
    "movie": "film",
    "shot": "fired at",
    "happened": "occurred",
    "occurred": "happened",
    "announced": "revealed",
    "revealed": "announced",
    "reported": "said",
    "recently": "lately",
    "important": "significant",
    "significant": "important",
    "large": "big",
    "small": "little",
    "begin": "start",
    "ended": "finished",
    "finished": "ended",
    "team": "side",
    "hospital": "medical centre",
    "show": "programme",
    "job": "position",
    "money": "funds",
    "funds": "money",
    "tells": "informs",
}

ENTITY_STOP = {
    "The",
    "A",
    "An",
    "In",
    "On",
    "At",
    "He",
    "She",
    "It",
    "They",
    "We",
    "I",
    "You",
    "This",
    "That",
    "These",
    "Those",
    "But",
    "And",
    "However",
    "His",
    "Her",
    "Their",
    "Its",
    "Our",
    "My",
    "After",
    "Before",
    "During",
    "When",
    "While",
    "As",
    "If",
    "Some",
    "Many",
    "Most",
    "All",
    "There",
    "Here",
    "According",
    "For",
    "With",
    "From",
    "By",
    "Of",
    "To",
    "Yes",
    "No",
    "Also",
    "So",
    "Both",
    "One",
    "Two",
    "Three",
    "Mr",
    "Mrs",
    "Ms",
    "Dr",
    "CNN",
    "Sure",
    "Well",
    "Oh",
    "Yeah",
    *MONTHS,
    *WEEKDAYS,
}

# -- finding things in text --------------------------------------------------------------

_ENTITY = re.compile(
    r"(?<![\w])(?:[A-Z][\w'’.\-]*[\w])(?:\s+(?:of|de|da|van|von|del|al|the|and|&)?\s*"
    r"[A-Z][\w'’.\-]*[\w])*(?![\w])"
)
NUMBER = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\w]|,\d)")
_AUX = re.compile(
    r"(?<![\w])(is|are|was|were|will|would|can|could|should|may|might|must)\s+(?!not\b|n't)"
    r"([a-z][\w\-]*)"
)
_PERFECT = re.compile(r"(?<![\w])(has|have|had)\s+(been|[a-z][\w\-]*(?:ed|en))(?![\w])")
_NEG_CONTRACTED = {
    "isn't": "is",
    "aren't": "are",
    "wasn't": "was",
    "weren't": "were",
    "didn't": "did",
    "doesn't": "does",
    "don't": "do",
    "hasn't": "has",
    "haven't": "have",
    "hadn't": "had",
    "can't": "can",
    "cannot": "can",
    "couldn't": "could",
    "won't": "will",
    "wouldn't": "would",
    "shouldn't": "should",
}
_NEG_FULL = re.compile(
    r"(?<![\w])(is|are|was|were|did|does|do|has|have|had|can|could|will|would|should|may|"
    r"might|must)\s+not\s+([a-z][\w\-]*)"
)
_PAST_VERB = re.compile(r"(?<![\w])([a-z]{3,}ed)(?![\w])")
_NOT_VERB_ED = {
    "red",
    "bed",
    "need",
    "seed",
    "speed",
    "feed",
    "hundred",
    "united",
    "based",
    "related",
    "called",
    "named",
    "used",
    "aged",
    "indeed",
    "shed",
    "sacred",
    "limited",
    "wounded",
    "injured",
    "wanted",
    "armed",
    "skilled",
    "talented",
    "married",
    "tired",
    "interested",
    "concerned",
    "expected",
}


def entities(text: str, context: str | None = None) -> list[str]:
    """Capitalised word runs that look like names (leading function words dropped).

    A single capitalised word that opens the text is only a name when ``context``
    (the evidence) also writes it capitalised after a lower-case word.
    """
    found: list[str] = []
    for m in _ENTITY.finditer(text):
        words = m.group(0).split()
        opening = not text[: m.start()].strip(" -*#>:0123456789.")
        if opening and len(words) == 1:
            w = words[0]
            if context is None or not re.search(rf"[a-z,] {re.escape(w)}(?![\w])", context):
                continue
        while words and words[0].rstrip(".,") in ENTITY_STOP:
            words = words[1:]
        while words and words[-1] in {"of", "de", "the", "and", "&"}:
            words = words[:-1]
        if not words:
            continue
        ent = " ".join(words)
        name_like = (len(ent) >= 3 and not ent.isupper()) or (2 <= len(ent) <= 6 and ent.isupper())
        if name_like and ent not in found:
            found.append(ent)
    return found


def numbers(text: str) -> list[str]:
    return [m.group(1) for m in NUMBER.finditer(text)]


def _parse_number(s: str) -> float:
    return float(s.replace(",", ""))


def _format_like(value: float, model: str) -> str:
    decimals = len(model.split(".")[1]) if "." in model else 0
    if decimals:
        out = f"{value:,.{decimals}f}" if "," in model else f"{value:.{decimals}f}"
    else:
        out = f"{round(value):,d}" if "," in model else str(round(value))
    return out


def _is_year(s: str) -> bool:
    return bool(re.fullmatch(r"(1[89]|20)\d\d", s))


def changed_number(s: str, rng: random.Random) -> str:
    """A different number of the same shape (years stay plausible years)."""
    value = _parse_number(s)
    is_year = "." not in s and "," not in s and 1800 <= value <= 2099
    for _ in range(20):
        if is_year:
            new = value + rng.choice([-10, -5, -3, -2, -1, 1, 2, 3, 5, 10])
        elif value < 13 and "." not in s:
            new = rng.choice([v for v in range(1, 25) if v != value])
        else:
            new = value * rng.choice([0.25, 0.5, 0.6, 0.75, 0.8, 1.25, 1.4, 1.5, 2, 3, 10])
        out = _format_like(new, s)
        if out != s and _parse_number(out) != value:
            return out
    return s + "0"


# -- edits that make a claim wrong -------------------------------------------------------

EditMaker = Callable[[str, str, random.Random, Sequence[str]], "Edit | None"]


def edit_entity(claim: str, span: str, rng: random.Random, pool: Sequence[str]) -> Edit | None:
    """Replace one name with another; prefer a name the evidence also mentions."""
    ents = entities(claim, span)
    if not ents:
        return None
    target = rng.choice(ents)
    tw = set(target.split())
    local = [e for e in entities(span) if not (set(e.split()) & tw) and e not in claim]
    others = [e for e in pool if not (set(e.split()) & tw) and e not in claim]
    choices = local if local and rng.random() < 0.7 else others
    if not choices:
        return None
    same_len = [e for e in choices if len(e.split()) == len(target.split())]
    new = rng.choice(same_len or choices)
    return Edit("entity_swap", ((target, new),), "contradicted")


def edit_role_swap(claim: str, span: str, rng: random.Random, pool: Sequence[str]) -> Edit | None:
    """Exchange two names, or two figures, of the claim (subject ↔ object)."""
    ents = entities(claim, span)
    nums = list(dict.fromkeys(numbers(claim)))
    options: list[tuple[str, str]] = []
    if len(ents) >= 2:
        a, b = rng.sample(ents, 2)
        disjoint = not (set(a.split()) & set(b.split())) and a not in b and b not in a
        if disjoint and len(a.split()) == len(b.split()):
            options.append((a, b))
    if len(nums) >= 2:
        a, b = rng.sample(nums, 2)
        options.append((a, b))
    if not options:
        return None
    a, b = rng.choice(options)
    return Edit("role_swap", ((a, b), (b, a)), "contradicted")


def edit_figure(claim: str, span: str, rng: random.Random, pool: Sequence[str]) -> Edit | None:
    """Change a figure; half the time to another figure the evidence states."""
    nums = numbers(claim)
    words = [w for w in NUMBER_WORDS if re.search(rf"(?<![\w]){w}(?![\w])", claim)]
    if not nums and not words:
        return None
    if words and (not nums or rng.random() < 0.3):
        w = rng.choice(words)
        new = rng.choice([x for x in NUMBER_WORDS if x != w])
        return Edit("figure", ((w, new),), "contradicted")
    target = rng.choice(nums)
    year = _is_year(target)
    in_span = [
        n
        for n in dict.fromkeys(numbers(span))
        if n != target and n not in nums and _is_year(n) == year
    ]
    if in_span and rng.random() < 0.5:
        return Edit("figure", ((target, rng.choice(in_span)),), "contradicted")
    return Edit("figure", ((target, changed_number(target, rng)),), "contradicted")


def edit_unit(claim: str, span: str, rng: random.Random, pool: Sequence[str]) -> Edit | None:
    units = [u for u in UNIT_ALTS if re.search(rf"(?<![\w]){re.escape(u)}(?![\w])", claim)]
    if not units:
        return None
    u = rng.choice(units)
    return Edit("unit", ((u, rng.choice(UNIT_ALTS[u])),), "contradicted")


def edit_date(claim: str, span: str, rng: random.Random, pool: Sequence[str]) -> Edit | None:
    months = [m for m in MONTHS if re.search(rf"(?<![\w]){m}(?![\w])", claim)]
    days = [d for d in WEEKDAYS if re.search(rf"(?<![\w]){d}(?![\w])", claim)]
    years = [n for n in numbers(claim) if re.fullmatch(r"(18|19|20)\d\d", n)]
    options: list[tuple[str, str]] = []
    if months:
        m = rng.choice(months)
        options.append((m, rng.choice([x for x in MONTHS if x != m])))
    if days:
        d = rng.choice(days)
        options.append((d, rng.choice([x for x in WEEKDAYS if x != d])))
    if years:
        y = rng.choice(years)
        options.append((y, changed_number(y, rng)))
    if not options:
        return None
    return Edit("date", (rng.choice(options),), "contradicted")


def edit_negation(claim: str, span: str, rng: random.Random, pool: Sequence[str]) -> Edit | None:
    """Insert a negation, or drop one the claim has."""
    options: list[tuple[str, str]] = []
    for m in _NEG_FULL.finditer(claim):
        aux, verb = m.group(1), m.group(2)
        options.append((f"{aux} not {verb}", f"{aux} {verb}"))
    for word, pos in _NEG_CONTRACTED.items():
        if re.search(rf"(?<![\w]){re.escape(word)}(?![\w])", claim, flags=re.IGNORECASE):
            options.append((word, pos))
    if re.search(r"(?<![\w])never(?![\w])", claim):
        m2 = re.search(r"(?<![\w])never\s+([a-z][\w\-]*)", claim)
        if m2:
            options.append((f"never {m2.group(1)}", m2.group(1)))
    if re.search(r"(?<![\w])no longer(?![\w])", claim):
        options.append(("no longer", "still"))
    removal = bool(options)
    negated = removal or re.search(r"(?<![\w])(no|none|nothing|nobody|neither|nor)(?![\w])", claim)
    if not negated:
        for m in _AUX.finditer(claim):
            aux, word = m.group(1), m.group(2)
            options.append((f"{aux} {word}", f"{aux} not {word}"))
        for m in _PERFECT.finditer(claim):
            aux, word = m.group(1), m.group(2)
            options.append((f"{aux} {word}", f"{aux} not {word}"))
        if not options:
            for m in _PAST_VERB.finditer(claim):
                if m.group(1) not in _NOT_VERB_ED:
                    options.append((m.group(1), f"never {m.group(1)}"))
                    break
    if not options:
        return None
    return Edit("negation", (rng.choice(options),), "contradicted")


def edit_direction(claim: str, span: str, rng: random.Random, pool: Sequence[str]) -> Edit | None:
    """Swap a word for its antonym (direction, comparison, order, outcome)."""
    found = []
    for word, opposite in ANTONYMS.items():
        for m in re.finditer(rf"(?<![\w]){re.escape(word)}(?![\w])", claim, flags=re.IGNORECASE):
            found.append((m.group(0), _cap_like(opposite, m.group(0))))
    if not found:
        return None
    return Edit("direction", (rng.choice(found),), "contradicted")


def edit_quantifier(claim: str, span: str, rng: random.Random, pool: Sequence[str]) -> Edit | None:
    """Widen a quantifier or hedge (some → all, may → will): an overclaim."""
    found = []
    for word, wider in QUANTIFIER_UP.items():
        for m in re.finditer(rf"(?<![\w]){re.escape(word)}(?![\w])", claim, flags=re.IGNORECASE):
            found.append((m.group(0), _cap_like(wider, m.group(0))))
    negated = re.search(r"(?<![\w])(no|not|never|none|nothing|nobody)(?![\w])|n't", claim)
    if not found and not negated:
        # insert "only" / "always" before the first verb-like word after a name or figure
        m3 = re.search(r"(?<![\w])(is|are|was|were|has|have|had)\s+(?!not\b)", claim)
        if m3:
            aux = m3.group(1)
            found.append((aux, f"{aux} always" if aux in {"is", "are"} else f"{aux} only"))
    if not found:
        return None
    return Edit("quantifier", (rng.choice(found),), "nei")


def edit_order(claim: str, span: str, rng: random.Random, pool: Sequence[str]) -> Edit | None:
    """Swap the order of two steps ("A, then B" → "B, then A"; before ↔ after)."""
    m = re.search(
        r"(?:^|(?<=[,;:]\s))([A-Za-z][^,;.]{5,60}),\s+(?:and\s+)?then\s+([^,;.]{6,60})", claim
    )
    if m:
        a, b = m.group(1).strip(), m.group(2).strip()
        if a.split()[0][:1].islower() or len(a.split()) <= 6:
            return Edit("order", ((a, b), (b, a)), "contradicted")
    for word in ("before", "after"):
        if re.search(rf"(?<![\w]){word}(?![\w])", claim):
            return Edit("order", ((word, ANTONYMS[word]),), "contradicted")
    return None


EDITS: dict[str, EditMaker] = {
    "entity_swap": edit_entity,
    "role_swap": edit_role_swap,
    "figure": edit_figure,
    "unit": edit_unit,
    "date": edit_date,
    "negation": edit_negation,
    "direction": edit_direction,
    "quantifier": edit_quantifier,
    "order": edit_order,
}

# -- rewrites that keep the meaning --------------------------------------------------------


def _spell_number(s: str) -> str | None:
    if s.isdigit() and 1 <= int(s) <= 12:
        return NUMBER_WORDS[int(s) - 1]
    return None


def rewrite_number_format(claim: str, rng: random.Random) -> str | None:
    """2,850 → 2850, 10 → ten, 12% → 12 percent, 3,000,000 → 3 million."""
    for m in NUMBER.finditer(claim):
        s = m.group(1)
        if "," in s and "." not in s:
            v = int(s.replace(",", ""))
            if v % 1_000_000 == 0 and v >= 1_000_000:
                new = f"{v // 1_000_000} million"
            else:
                new = s.replace(",", "")
            return claim[: m.start(1)] + new + claim[m.end(1) :]
        spelled = _spell_number(s)
        if spelled and not re.match(r"\s*(%|percent)", claim[m.end(1) :]):
            return claim[: m.start(1)] + spelled + claim[m.end(1) :]
    if "%" in claim:
        return claim.replace("%", " percent", 1)
    for w, v in _NUMBER_WORD_VALUE.items():
        mm = re.search(rf"(?<![\w]){w}(?![\w])", claim)
        if mm:
            return claim[: mm.start()] + str(v) + claim[mm.end() :]
    return None


_UNIT_FORMS = [
    ("km", "kilometres"),
    ("kg", "kilograms"),
    ("mph", "miles per hour"),
    ("m", "metres"),
    ("cm", "centimetres"),
    ("mm", "millimetres"),
    ("lbs", "pounds"),
    ("ft", "feet"),
    ("hrs", "hours"),
    ("mins", "minutes"),
    ("kilometers", "km"),
    ("kilometres", "km"),
    ("kilograms", "kg"),
    ("percent", "%"),
    ("per cent", "%"),
    ("US", "United States"),
    ("UK", "United Kingdom"),
    ("U.S.", "United States"),
]


def rewrite_unit_format(claim: str, rng: random.Random) -> str | None:
    for short, long in _UNIT_FORMS:
        pat = rf"(?<=\d)\s?{re.escape(short)}(?![\w])" if len(short) <= 3 else None
        if pat and re.search(pat, claim):
            return re.sub(pat, f" {long}", claim, count=1)
        if re.search(rf"(?<![\w]){re.escape(short)}(?![\w])", claim) and len(short) > 3:
            joined = long if long != "%" else "%"
            if joined == "%":
                return re.sub(rf"\s?(?<![\w]){re.escape(short)}(?![\w])", "%", claim, count=1)
            return re.sub(rf"(?<![\w]){re.escape(short)}(?![\w])", joined, claim, count=1)
    return None


_DMY = re.compile(r"(?<![\w])(\d{1,2}) (" + "|".join(MONTHS) + r") (\d{4})(?![\w])")
_MDY = re.compile(r"(?<![\w])(" + "|".join(MONTHS) + r") (\d{1,2}), (\d{4})(?![\w])")


def rewrite_date_format(claim: str, rng: random.Random) -> str | None:
    m = _DMY.search(claim)
    if m:
        return claim[: m.start()] + f"{m.group(2)} {m.group(1)}, {m.group(3)}" + claim[m.end() :]
    m = _MDY.search(claim)
    if m:
        return claim[: m.start()] + f"{m.group(2)} {m.group(1)} {m.group(3)}" + claim[m.end() :]
    return None


def rewrite_synonym(claim: str, rng: random.Random) -> str | None:
    found = [
        (m.start(), m.end(), SYNONYMS[m.group(0).lower()])
        for w in SYNONYMS
        for m in re.finditer(rf"(?<![\w]){re.escape(w)}(?![\w])", claim, flags=re.IGNORECASE)
    ]
    if not found:
        return None
    rng.shuffle(found)
    out = claim
    used: list[tuple[int, int]] = []
    for start, end, new in sorted(found[:2], key=lambda t: -t[0]):
        if any(not (end <= a or start >= b) for a, b in used):
            continue
        used.append((start, end))
        out = out[:start] + _cap_like(new, out[start:end]) + out[end:]
    return out if out != claim else None


_LEADING_PHRASE = re.compile(
    r"^(In|On|At|By|After|During|Since|Under|According to|Last|This|Earlier) "
    r"([^,]{3,50}), (.+?)([.!?]?)$"
)


def rewrite_move_clause(claim: str, rng: random.Random) -> str | None:
    """ "In 1991, X happened." → "X happened in 1991."."""
    m = _LEADING_PHRASE.match(claim.strip())
    if not m:
        return None
    head, phrase, rest, stop = m.groups()
    if not rest[:1].isupper() and rest[:1].isalpha():
        return None
    first = rest.split()[0]
    if first not in ENTITY_STOP and not first.isupper() and first[:1].isupper() and False:
        return None
    if first in ENTITY_STOP and first not in {"I"}:
        rest = rest[:1].lower() + rest[1:]
    rest = rest[:1].upper() + rest[1:]
    return f"{rest} {head.lower()} {phrase}{stop or '.'}"


def rewrite_drop_aside(claim: str, rng: random.Random) -> str | None:
    """Drop a non-restrictive aside (", which ...," / ", who ...,"); what remains is implied."""
    m = re.search(r",\s+(?:which|who)\s+[^,;]{3,80},", claim)
    if not m or re.search(r"\b(not|never|no)\b", m.group(0)):
        return None
    return claim[: m.start()] + claim[m.end() - 1 :].replace(",", "", 1)


_VERBISH = {
    "is",
    "was",
    "are",
    "were",
    "has",
    "have",
    "had",
    "will",
    "would",
    "can",
    "could",
    "said",
    "says",
    "told",
    "made",
    "became",
    "won",
    "lost",
    "took",
    "gave",
    "went",
    "found",
    "may",
    "might",
    "must",
    "should",
    "did",
    "does",
    "also",
    "never",
    "later",
    "then",
}


def rewrite_pronoun(claim: str, span: str, rng: random.Random) -> str | None:
    """Replace the leading name with a pronoun ("Smith said" → "He said")."""
    ents = entities(claim, span)
    if not ents or not claim.startswith(ents[0]):
        return None
    rest = claim[len(ents[0]) :]
    nxt = rest.split()[0] if rest.split() else ""
    if not rest.startswith(" ") or not (nxt in _VERBISH or re.fullmatch(r"[a-z]+(ed|s)", nxt)):
        return None
    low = f" {span.lower()} "
    if " she " in low or " her " in low:
        pron = "She"
    elif " he " in low or " his " in low or " him " in low:
        pron = "He"
    else:
        pron = rng.choice(["It", "The company" if " company " in low else "It"])
    if pron == "It" and re.match(r"\s+(are|were|have)\b", rest):
        pron = "They"
    return pron + rest


REWRITES: dict[str, Callable[[str, random.Random], str | None]] = {
    "number_format": rewrite_number_format,
    "unit_format": rewrite_unit_format,
    "date_format": rewrite_date_format,
    "synonym": rewrite_synonym,
    "move_clause": rewrite_move_clause,
    "drop_aside": rewrite_drop_aside,
}

# -- surface noise shared by every class -----------------------------------------------------

LEAD_INS = [
    "Based on the sources, ",
    "According to the sources, ",
    "In short, ",
    "Notably, ",
    "Overall, ",
    "Importantly, ",
    "The sources say that ",
    "It is reported that ",
    "Also, ",
    "In addition, ",
]
CITATIONS = [" [S1]", " [1]", " [2]", " (Source 1)", " [S2]", " [^1]", " [S1, S2]", " (source 2)"]


def surface_noise(claim: str, rng: random.Random) -> str:
    """A lead-in, a bold label, a bullet or a citation marker, as chat answers write them."""
    out = claim
    r = rng.random()
    if r < 0.12 and out[:1].isupper():
        lead = rng.choice(LEAD_INS)
        first = out.split()[0]
        keep_cap = first not in ENTITY_STOP or first == "I"
        out = lead + (out if keep_cap else out[:1].lower() + out[1:])
    elif r < 0.18:
        label = rng.choice(["Key point", "Summary", "Note", "Result", "Background", "Status"])
        out = f"**{label}:** {out}"
    elif r < 0.24:
        out = f"- {out}"
    if rng.random() < 0.2 and out.endswith("."):
        out = out[:-1] + rng.choice(CITATIONS) + "."
    return out
