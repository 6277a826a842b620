"""Names and figures as chat answers rewrite them: each rewrite is no proof of error
(nothing deleted for it), and the same sentence with the name or figure changed is still
found. Probes of our own, written for the twentieth sitting's review of false refutations."""

from __future__ import annotations

import pytest

from longtracer_core.contracts import ClaimOutcome
from longtracer_core.scoring.derived_figures import derived_figures
from longtracer_core.scoring.evidence import evidence_findings, evidence_index
from longtracer_core.scoring.findings import DECISIVE_KINDS
from tests.helpers import redact_outcomes


def kinds(source: str, claim: str) -> list[str]:
    return [f.kind for f in evidence_findings(claim, evidence_index([("S1", source)]))]


NAMES = [
    # a possessive acronym, its expansion in the source
    (
        "The National Aeronautics and Space Administration plans to send four astronauts.",
        "NASA's mission will carry four astronauts.",
        "ESA's mission will carry four astronauts.",
    ),
    (
        "In August, the Bank of England raised its base rate to 5.25%.",
        "In August the BoE's base rate rose to 5.25%.",
        "In August the ECB's base rate rose to 5.25%.",
    ),
    # the expansion written out where the source writes the acronym, in either spelling
    (
        "The WHO declared the outbreak a public health emergency.",
        "The World Health Organisation declared the outbreak a public health emergency.",
        "The World Trade Organisation declared the outbreak a public health emergency.",
    ),
    (
        "The CDC updated its isolation guidance on Friday.",
        "The Centers for Disease Control and Prevention updated its guidance.",
        "The Food and Drug Administration updated its guidance.",
    ),
    # a number word of a name, the source's Roman numeral
    (
        "Henry VIII of England married six times.",
        "Henry the Eighth married six times.",
        "Henry the Seventh married six times.",
    ),
    (
        "World War II began on 1 September 1939.",
        "World War Two began on 1 September 1939.",
        "World War One began on 1 September 1939.",
    ),
    (
        "Apollo 8 orbited the Moon.",
        "Apollo Eight orbited the Moon.",
        "Apollo Nine orbited the Moon.",
    ),
    # an expansion covers the words it spells, not a title and a person after them
    (
        "The ECB held rates. Its president, Mario Draghi, spoke.",
        "The European Central Bank held rates.",
        "European Central Bank President Christine Lagarde spoke.",
    ),
    # a short form that clips the source's name
    ("The Federal Reserve cut rates.", "The Fed cut rates.", "The ECB cut rates."),
    ("The Federal Trade Commission sued.", "The FTC sued.", "The Fed sued."),
    # a faith and its followers
    ("Ramadan is observed by followers of Islam.", "Ramadan is observed by Muslims.", None),
    # initials across a middle initial's full stop, a linking word spelled in (never of a
    # longer name), one word written in two or with a hyphen, a family by its name
    (
        "John F. Kennedy was assassinated in Dallas.",
        "JFK was assassinated in Dallas.",
        "RFK was assassinated in Dallas.",
    ),
    # a namesake of another generation is another person (found in review)
    (
        "John F. Kennedy Jr. died in a plane crash in 1999.",
        "JFK Jr. died in a plane crash in 1999.",
        "John F. Kennedy Sr. died in a plane crash in 1999.",
    ),
    (
        "John F. Kennedy was assassinated in 1963.",
        "JFK was assassinated in 1963.",
        "JFK Jr. was assassinated in 1963.",
    ),
    (
        "Bank of America had 69 million clients.",
        "BofA had 69 million clients.",
        "RBC had 69 million clients.",
    ),
    (
        "Royal Bank of Canada raised its prime rate.",
        "RBC raised its prime rate.",
        "BofC raised its prime rate.",
    ),
    ("You can pay with PayPal or Visa.", "You can pay with Pay Pal or Visa.", None),
    ("Walmart operates 10,500 stores.", "Wal-Mart operates 10,500 stores.", None),
    (
        "Tom and Linda Jones bought the farm.",
        "The Joneses bought the farm.",
        "The Smiths bought the farm.",
    ),
]


@pytest.mark.parametrize(("source", "faithful", "wrong"), NAMES)
def test_the_forms_people_write_a_name_in_are_no_absent_name(source, faithful, wrong):
    assert "name_absent" not in kinds(source, faithful)
    if wrong is not None:
        assert "name_absent" in kinds(source, wrong)


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        ("Speeding carries a fine of $500.", "Speeding carries a fine of USD 500."),
        ("The plan costs $15 a month.", "The plan costs US$15 a month."),
        ("The chip runs at 3,200 MHz.", "The chip runs at 3.2 GHz."),
        ("It produces 350 newton-metres of torque.", "It produces 350 Nm of torque."),
        ("The webinar starts at 14:00 UTC.", "The webinar starts at 14:00 GMT."),
        ("The webinar starts at 14:00.", "The webinar starts at 14:00 GMT."),
    ],
)
def test_currencies_units_and_time_zones_name_no_entity(source, claim):
    assert kinds(source, claim) == []


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        ("Speeding carries a fine of €500.", "Speeding carries a fine of USD 500."),
        ("The webinar starts at 14:00 GMT.", "The webinar starts at 14:00 EST."),
    ],
)
def test_another_currency_or_time_zone_than_the_evidences_is_found(source, claim):
    assert kinds(source, claim) == ["name_absent"]


def test_a_currency_code_makes_its_figure_a_sum_of_money():
    """ "USD 700" against "$500" is the same fine, another sum: a conflict."""
    assert kinds("Speeding carries a fine of $500.", "Speeding carries a fine of USD 700.") == [
        "figure_conflict"
    ]


@pytest.mark.parametrize(
    ("source", "faithful", "wrong"),
    [
        # a scale word's figure rounds the source's digits, hedged or not
        (
            "The city had a population of 8,336,817.",
            "The city has about 8.3 million residents.",
            "The city has about 8.6 million residents.",
        ),
        (
            "The city had a population of 8,336,817.",
            "The city has 8.3 million residents.",
            "The city has 8.6 million residents.",
        ),
        (
            "The charity raised £2,512,000 last year.",
            "The charity raised about £2.5m last year.",
            "The charity raised about £3.5m last year.",
        ),
    ],
)
def test_a_figure_rounded_to_its_scale_word_is_the_sources(source, faithful, wrong):
    assert kinds(source, faithful) == []
    assert kinds(source, wrong) == ["figure_conflict"]


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        # a written ".0" is a digit of the figure: "$1.0 billion" is not $1.4 billion
        ("Revenue was $1.4 billion last year.", "Revenue was $1.0 billion last year."),
        ("Revenue was $1,400,000,000 last year.", "Revenue was about $1.0 billion last year."),
        ("Inflation was 2.4% in May.", "Inflation was 2.0% in May."),
    ],
)
def test_a_written_zero_decimal_is_a_digit_of_the_figure(source, claim):
    assert kinds(source, claim) == ["figure_conflict"]


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        ("Revenue was $1.5 billion last year.", "Revenue was $2 billion last year."),
        ("The town has 7,600,000 visitors a year.", "The town has 8 million visitors a year."),
    ],
)
def test_a_scale_figure_without_decimals_rounds_at_two_significant_figures(source, claim):
    assert kinds(source, claim) == ["figure_conflict"]


def test_a_figure_too_long_to_round_is_no_crash():
    """A source figure with more digits than exact arithmetic holds: the claim's figure is
    absent, not a failed case."""
    source = "The registry lists 1234567890123456789012345678901234567890 entries."
    assert kinds(source, "The city has 2 million residents.") == ["figure_absent"]


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        # a currency sign inside a word is none ("brand", "compound")
        ("The brand sells laptops for $500.", "The brand sells laptops for ZAR 500."),
        ("The compound costs €500.", "The compound costs GBP 500."),
        # a unit word in capitals is a name where no number stands before it
        ("The contract went to Shell.", "The contract went to BP."),
    ],
)
def test_currency_signs_and_unit_words_do_not_hide_a_name(source, claim):
    assert "name_absent" in kinds(source, claim)


def test_basis_points_restate_percentage_points():
    source = "The Federal Reserve cut its rate by 0.25 percentage points."
    assert kinds(source, "The Fed cut its rate by 25 basis points.") == []
    # another figure in the converted unit is marked (absent), not proved wrong: the
    # conflict check compares figures written in one unit
    assert kinds(source, "The Fed cut its rate by 50 basis points.") == ["figure_absent"]


@pytest.mark.parametrize(
    ("source", "worked", "wrong"),
    [
        # a sum with a percentage of its sentence added
        (
            "The repair costs £150 plus VAT at 20%.",
            "The repair comes to £180 including VAT.",
            "The repair comes to £190 including VAT.",
        ),
        # a computed figure the claim gives rounded ("about"), to two significant figures
        (
            "The gym membership costs $49.95 per month.",
            "The gym membership is about $600 a year.",
            "The gym membership is about $700 a year.",
        ),
        (
            "The plan costs $12 per month.",
            "The plan is about $144 a year.",
            "The plan is about $100 a year.",
        ),
    ],
)
def test_a_figure_worked_out_from_its_sentence_is_marked_not_deleted(source, worked, wrong):
    """The percentage is added where the sentence says it is ("plus VAT"), and only so."""
    assert not DECISIVE_KINDS & set(kinds(source, worked))
    assert kinds(source, wrong) == ["figure_conflict"]


MORTGAGE = evidence_index(
    [("S1", "You can overpay up to 10% of your balance each year without a charge.")]
)


def test_a_figure_worked_out_from_the_case_is_no_figure_a_span_must_state():
    """10% of the user's £146,000 is £14,600: the matcher's figure gate does not hold it
    against every span (``derived_figures``), and a figure no computation gives stays."""
    question = ["I owe £146,000 on my mortgage. How much can I overpay?"]
    assert derived_figures("You can overpay £14,600 this year.", question, MORTGAGE) == {"14600"}
    assert derived_figures("You can overpay £15,600 this year.", question, MORTGAGE) == set()
    # a figure the evidence states is looked for where it stands, never set aside
    assert derived_figures("You can overpay 10% a year.", question, MORTGAGE) == set()


def test_a_date_worked_out_from_a_stated_date_is_no_figure_a_span_must_state():
    """The source's 12 October less its 16 weeks is 22 June: the matcher's figure gate does
    not hold it against every span; 29 June, which no step gives, stays."""
    race = evidence_index([("S1", "Training for the marathon on 12 October takes 16 to 18 weeks.")])
    claim = "For the marathon on 12 October, begin training by {}."
    assert derived_figures(claim.format("22 June"), [], race) == {"--06-22"}
    assert derived_figures(claim.format("29 June"), [], race) == set()


def test_a_percentage_of_a_sentence_that_adds_or_takes_nothing_computes_nothing():
    source = "About 20% of buyers return the $300 laptop."
    assert kinds(source, "The laptop costs $240.") == ["figure_conflict"]
    assert kinds("The repair costs £150 plus VAT at 20%.", "It costs £120 with VAT.") == [
        "figure_conflict"
    ]


def test_a_sum_of_the_cases_figures_or_a_rounded_count_is_no_computation():
    """A wrong figure meets a sum of two of the case's figures, or a rounded one, by chance:
    the premium plan is not "about $600" because basic ($240) and premium ($360) make it."""
    plans = evidence_index([("S1", "The basic plan costs $240 a year and the premium plan $360.")])
    assert derived_figures("The premium plan costs about $600 a year.", [], plans) == set()
    index = evidence_index([("S1", "The fort held 642 soldiers and the gatehouse 178.")])
    # 642 − 178 = 464: a difference, and one "about 460" would round to
    assert derived_figures("The fort held about 460 soldiers more.", [], index) == set()
    opened = evidence_index([("S1", "The station was built in 1937 over four years.")])
    assert derived_figures("The station opened in 1941.", [], opened) == set()


def test_a_name_cut_short_is_marked_never_deleted():
    """ "The Met" may be the Metropolitan Museum the source names, or another "Met": marked."""
    source = "The Metropolitan Museum of Art in New York welcomed 5.4 million visitors in 2023."
    assert ClaimOutcome.REFUTED not in redact_outcomes(
        "The Met had 5.4 million visitors in 2023.", [source]
    )
