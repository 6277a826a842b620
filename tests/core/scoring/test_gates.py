"""The v2 figure gate and the explainable gates: unit tables of what fires and what does not."""

from __future__ import annotations

import pytest

from longtracer_core.scoring.claim_figures import gate_needs, worked_out_at
from longtracer_core.scoring.figures import claim_needs, context_figures, needs_met, span_figures
from longtracer_core.scoring.gates import GATE_NAMES, check_gates, polarity_gate, quantifier_gate
from longtracer_core.scoring.v2 import opposes


def met(claim: str, span: str) -> bool:
    return needs_met(claim_needs(claim), span_figures(span))


@pytest.mark.parametrize(
    ("claim", "span"),
    [
        ("It opened on July 11.", "it opened on july 11 to the public"),
        ("It cost $146k.", "It cost $146,000."),
        ("Profit was $612m.", "Profit was $612 million."),
        ("A one-year contract.", "A 1-year contract."),
        ("It shrinks by 12 percent.", "It shrinks by 12.2%."),
        ("Roughly 10,000 plants are covered.", "It covers 10,300 plants."),
        ("More than three hundred rivers flow in.", "336 rivers flow into the lake."),
        ("The two companies merged.", "Brightwell and Oakridge merged."),
        ("As Source 2 says, the rate is 4%.", "The rate is 4%."),
        ("It opens at 4 a.m.", "It opens at 04:00."),
        # a percentage for a share written in words
        ("It carries around 20 percent of the water.", "It carries one fifth of the water."),
        ("25% of adults smoke.", "One in four adults smokes."),
        ("About 33% of the budget goes to schools.", "A third of the budget goes to schools."),
        ("Turnout was 67%.", "Two thirds of voters turned out."),
        ("70% of households own a car.", "Seven in ten households own a car."),
        # a quantity in another unit of the unit table
        ("The plant produces 1,200 MW.", "The plant produces 1.2 GW."),
        ("It weighs 2.5 tonnes.", "It weighs 2,500 kg."),
        ("It was abandoned after two decades.", "It was abandoned after twenty years."),
        # a duration in hours, minutes and seconds is the clock time a result is written in
        ("His winning time was 2:04:51.", "He won in 2 hours, 4 minutes and 51 seconds."),
        ("The crossing takes 1:30.", "The crossing takes 1 hour 30 minutes."),
        # and the other way round: the claim spells out the clock time, or gives the total
        ("She won in 2 hours 19 minutes 44 seconds.", "She won in 2:19:44."),
        ("The crossing takes 1 hour 30 minutes.", "The crossing takes 90 minutes."),
        ("The crossing takes 110 minutes.", "The crossing takes 1 hour 50 minutes."),
        # number words with a scale word, or tens and units
        ("The bonus is fifty thousand dollars.", "The bonus is $50,000."),
        ("Twenty-five thousand fans came.", "25,000 fans came."),
        # an approximate quantity in another unit rounds the converted one
        ("The farm has a capacity of about 1.2 GW.", "The farm has a capacity of 1,235 MW."),
        # a count equal to a year of the span is still a count ("1,996 units in 1996")
        ("Sales reached about 2,000 units.", "Sales reached 1,996 units in 1996."),
        # a share in words, met by the percentage whose nearest simple fraction it is
        ("It cut relapses by about a third.", "It cut relapses by 34%."),
        ("Roughly one in nine jobs will go.", "11% of jobs will go."),
        ("Two thirds of voters turned out.", "Turnout was 67%."),
        ("Flights rose by a third in the first year.", "Flights rose 33% in the first year."),
        # a fraction word that is a rank stays a rank
        ("Prices fell for a third consecutive month.", "Prices fell for the third month running."),
        # a fraction glyph, a lowercase "may" before a year, a range's second year written short
        ("The mission lasted 25½ days.", "The mission lasted 25.5 days."),
        ("The mission lasted 25.5 days.", "The mission lasted 25½ days."),
        ("The spill happened in May 2020.", "the spill happened in may 2020"),
        ("The programme ran from 2010–15.", "The programme ran from 2010 to 2015."),
        # a decade or a century is met by any year inside it, and by each other's names
        ("It happened in the mid-1990s.", "It happened in 1995."),
        ("It was founded in the 19th century.", "It was founded in 1850."),
        ("The decline began in the late 1400s.", "The decline began in the late 15th century."),
        ("The decline began in the late 15th century.", "The decline began in the late 1400s."),
        ("It was built in the 1960s.", "It was built on 4 May 1963."),
        # a number of centuries is a duration, not a numbered century
        ("The empire lasted 2 centuries.", "The empire lasted two centuries."),
        ("The oak is 5 centuries old.", "The oak is 500 years old."),
        # a day of "that year" is a date of the year the span named before it
        (
            "Women first voted on 28 November 1893.",
            "It passed in 1893; women voted on 28 November that year.",
        ),
    ],
)
def test_figure_gate_reads_figures_as_written(claim, span):
    """Lenient forms, rounding, hedges, bounds, determiners and source numbers pass."""
    assert met(claim, span)


@pytest.mark.parametrize(
    ("claim", "span"),
    [
        ("It shrinks by 13 percent.", "It shrinks by 12.2%."),
        ("The rate is 4.25%.", "The rate is 4.35%."),
        ("Cooled to under 70 kelvin.", "Cooled to under 7 kelvin."),
        ("More than 400 rivers flow in.", "336 rivers flow into the lake."),
        ("The three companies merged.", "The two companies merged."),
        ("It opened on July 12.", "it opened on july 11 to the public"),
        ("About 24 people came.", "14 people came."),
        # a share in words is a percentage only: no count, no other share
        ("The ban lasts 20 years.", "One fifth of the ban has passed."),
        ("30% of adults smoke.", "One in four adults smokes."),
        ("It was sold 1 in 2024 for 5%.", "It was sold 1 in 2024 for 4%."),
        # a share is a fraction with its count, not a position ("fourth quarter")
        ("Sales grew 25% in the fourth quarter.", "Sales grew strongly in the fourth quarter."),
        ("Sales grew 50% in the second half.", "Sales grew in the second half of the year."),
        ("0% of patients had side effects.", "1 in 500 patients had side effects."),
        # a conversion that rounding would change is no reading ("4 mg" is no "0 g")
        ("It holds 0 g of sugar.", "It holds 4 mg of sugar."),
        # a conversion is met only by a figure of the unit converted to
        ("The ban lasts 2 years.", "The ban lasts 20 years."),
        ("The plant produces 1,200 kW.", "The plant produces 1.2 GW."),
        # another time, or minutes and seconds that no clock reads as hours and minutes
        ("His winning time was 2:04:15.", "He won in 2 hours, 4 minutes and 51 seconds."),
        ("The crossing takes 1:30.", "The crossing takes 1 minute 30 seconds."),
        ("The crossing takes 2:30.", "The crossing takes 2 hours, then 30 minutes more."),
        ("She won in 2 hours 19 minutes 44 seconds.", "She won in 2:19:54."),
        ("The crossing takes 1 hour 30 minutes.", "The crossing takes 1 hour and 40 minutes."),
        ("The crossing takes 100 minutes.", "The crossing takes 1 hour 50 minutes."),
        ("The bonus is fifty thousand dollars.", "The bonus is $5,000."),
        ("The farm has a capacity of about 1.5 GW.", "The farm has a capacity of 1,235 MW."),
        # an approximate quantity is never met by a year ("about 2,000 homes" is no 2007)
        ("The floods damaged about 2,000 homes.", "The floods damaged 1,340 homes in 2007."),
        ("The farm has a capacity of 1.2 GW.", "The farm has a capacity of 1,235 MW."),
        ("About a third of the budget goes to schools.", "38% of the budget goes to schools."),
        ("A third of patients improved.", "34 patients improved."),
        ("Roughly one in nine jobs will go.", "14% of jobs will go."),
        ("The mission lasted 25½ days.", "The mission lasted 25 days."),
        ("The programme ran from 2010–16.", "The programme ran from 2010 to 2015."),
        # a period is met only by a year inside it
        ("It happened in the 1980s.", "It happened in 1995."),
        ("It was founded in the 18th century.", "It was founded in 1850."),
        ("The decline began in the late 1500s.", "The decline began in the late 15th century."),
        ("It was built in the 1960s.", "It was built in the 1860s."),
        ("It was founded in the 19th century.", "About 1,850 people founded it."),
        ("It was built in the 5th century.", "It has stood for 5 centuries."),
        (
            "Women first voted on 28 November 1894.",
            "It passed in 1893; women voted on 28 November that year.",
        ),
        (
            "Women first voted on 28 November 1893.",
            "Women voted on 28 November that year; it passed in 1893.",
        ),
    ],
)
def test_figure_gate_still_catches_changed_values(claim, span):
    """A changed value fails whatever the hedge; a bound is not met by another bound."""
    assert not met(claim, span)


@pytest.mark.parametrize(
    ("claim", "asked"),
    [
        # a common word capitalised inside a sentence, or opening a label, names its number
        ("Under Rule 1 the passport must be valid.", []),
        ("Rule 1 – the passport must be under 10 years old.", [("10",)]),
        ("Step 2: pay the 30 euro fee.", [("30",)]),
        # a year after an opener is a figure, whatever follows it
        ("Since 2015 – the year of the deal – sales grew.", [("2015",)]),
        ("In 2020, sales rose 5%.", [("2020",), ("5",)]),
        # a year after a capitalised word, and a hedged count before a dash, are figures
        ("Sales over Christmas 2022 rose 5%.", [("2022",), ("5",)]),
        ("About 300 – mostly students – attended.", [("300",)]),
        # a slash before a digit makes a code; before a word, a rate
        ("Regulation 261/2004 applies.", []),
        ("It costs £10/month.", [("10",)]),
    ],
)
def test_the_figure_gate_leaves_out_the_numbers_of_names(claim, asked):
    assert [n.readings for n in gate_needs(claim)] == asked


def fired(claim: str, span: str) -> set[str]:
    return {g.name for g in check_gates(claim, span) if g.fired}


FARM = "The wind farm generated 118 GWh of electricity in 2024, well below its forecast of 152 GWh."


@pytest.mark.parametrize(
    ("claim", "passes"),
    [
        # 34 is 152 − 118: a span stating both operands meets it, in either order
        ("The farm produced 118 GWh in 2024, about 34 GWh short of the 152 GWh forecast.", True),
        ("The farm fell 34 GWh short: it made 118 GWh against a 152 GWh forecast.", True),
        # a difference its operands do not give, or operands the span does not state
        ("The farm produced 118 GWh in 2024, about 30 GWh short of the 152 GWh forecast.", False),
        ("The farm produced 118 GWh in 2024, about 34 GWh short of the 158 GWh forecast.", False),
    ],
)
def test_a_figure_the_claim_works_out_is_met_by_its_operands(claim, passes):
    assert needs_met(gate_needs(claim), span_figures(FARM)) is passes


TONNAGE = "Annual tonnage fell from around 210,000 tons in 1845 to 64,000 tons by 1870."


@pytest.mark.parametrize(
    ("claim", "passes"),
    [
        # a change or a share in percent that two of the claim's figures of one kind give
        (
            "Tonnage fell from 210,000 tons in 1845 to 64,000 tons by 1870, a drop of about 70%.",
            True,
        ),
        ("By 1870 tonnage was 64,000 tons, about 30% of the 210,000 tons of 1845.", True),
        # a percentage they do not give, or give only read the wrong way: a drop as what
        # remained, a share for a change, a change on the wrong base (found in review)
        (
            "Tonnage fell from 210,000 tons in 1845 to 64,000 tons by 1870, a drop of about 30%.",
            False,
        ),
        ("By 1870 tonnage was 64,000 tons, about 330% of the 210,000 tons of 1845.", False),
        ("Tonnage fell from 210,000 tons to 64,000 tons, a drop of about 230%.", False),
        (
            "Tonnage fell from 210,000 tons in 1845 to 64,000 tons by 1870, a drop of about 60%.",
            False,
        ),
    ],
)
def test_a_percentage_the_claim_works_out_from_two_of_its_figures_is_no_figure_to_find(
    claim, passes
):
    assert needs_met(gate_needs(claim), span_figures(TONNAGE)) is passes


@pytest.mark.parametrize(
    ("claim", "worked"),
    [
        # found in review: the base a change is counted from, and a share no change word
        # turns into a change ("made up")
        ("Sales rose to 50 million from 40 million, up 25%.", True),
        ("Sales rose to 50 million from 40 million, up 20%.", False),
        ("Membership grew from 40 in 2020 to 50 in 2024, an increase of 25%.", True),
        ("Membership grew from 40 in 2020 to 50 in 2024, an increase of 20%.", False),
        ("Women made up 150 of the 600 delegates, or 25%.", True),
        ("Women made up 150 of the 600 delegates, or 400%.", False),
    ],
)
def test_a_percentage_is_worked_out_from_the_base_the_claim_names(claim, worked):
    assert bool(worked_out_at(claim)) is worked


@pytest.mark.parametrize(
    ("gate", "claim", "span"),
    [
        (
            "polarity",
            "EU citizens need a visa for Morocco.",
            "EU citizens do not need a visa for Morocco.",
        ),
        (
            "direction",
            "The dollar rose 0.3% after the decision.",
            "The dollar slipped 0.3% after the decision.",
        ),
        (
            "direction",
            "The northern section was hit hardest.",
            "The southern section was hit hardest.",
        ),
        # a time turned round: "the following evening" is not "the previous evening"
        (
            "direction",
            "Evacuations to shelters took place the following evening.",
            "Around 2,300 residents had been evacuated to shelters the previous evening.",
        ),
        # a route or order turned round: both words are in the evidence, the other way
        (
            "direction",
            "A ship heading to the Pacific travels from southeast to northwest.",
            "A ship travelling to the Pacific moves from northwest to southeast.",
        ),
        # a verb of change read in the clause that says the same thing
        (
            "direction",
            "At altitude, bakers often increase the baking powder.",
            "Cakes rise more quickly at altitude, so bakers often reduce the baking powder.",
        ),
        # a claim that joins two sentences of the span: each part is read against its own
        (
            "direction",
            "The giant Pacific octopus, the largest species, lives three to five years, "
            "which is shorter than most octopuses.",
            "The giant Pacific octopus is the largest octopus species, with adults typically "
            "weighing 15 kg and arm spans of up to 4 metres. It lives for three to five years, "
            "longer than most octopuses.",
        ),
        # a comparison turned round against the same thing
        ("direction", "Tanabe is younger than Mbeki.", "Tanabe is older than Mbeki."),
        # a comparison of price in several words
        (
            "direction",
            "Infrequent Access is more expensive per GB stored.",
            "Infrequent Access costs less per GB stored but charges a retrieval fee.",
        ),
        ("quantifier", "All of its species are endemic.", "Around 80% of its species are endemic."),
        # "almost all" in the evidence is no "all"
        (
            "quantifier",
            "All tardigrades enter a tun, losing almost all their water.",
            "Many species enter a tun, losing almost all their water.",
        ),
        # a limit the evidence gives and the claim drops
        (
            "quantifier",
            "Its animal species are endemic.",
            "Around 80 % of its animal species are endemic.",
        ),
        (
            "quantifier",
            "Tardigrade species enter a dormant tun state.",
            "Many tardigrade species enter a dormant tun state.",
        ),
        (
            "entity",
            "The European Data Protection Board fined Meta.",
            "Ireland's Data Protection Commission fined Meta.",
        ),
        ("figure_role", "The transit takes 12 minutes.", "The transit takes 12 hours."),
        # every unit of the shipped unit table: power is no energy
        (
            "figure_role",
            "A 4 kW system generates around 3,400 kW a year.",
            "A 4 kWp system generates around 3,400 kWh of electricity a year.",
        ),
        (
            "figure_role",
            "It orbits 3.5 million km from Earth.",
            "It orbits 1.5 million km from Earth.",
        ),
        (
            "causal",
            "The wall was abandoned because of revolts.",
            "The wall was abandoned after twenty years.",
        ),
        # a negation in part or for now still denies ("not yet", "not all")
        ("polarity", "The drug is approved in the US.", "The drug is not yet approved in the US."),
        # the negation of the clause that says the same thing, in a sentence of several
        (
            "polarity",
            "With multipoint on, LDAC stays available.",
            "When multipoint is on, LDAC is not available; the headphones switch to AAC.",
        ),
        ("polarity", "All patients respond to it.", "Not all patients respond to it."),
    ],
)
def test_each_gate_fires_on_its_error(gate, claim, span):
    """Each gate fires on the error it is for, with an explanation a person can read."""
    results = {g.name: g for g in check_gates(claim, span)}
    assert set(results) == set(GATE_NAMES)
    assert results[gate].fired, results
    assert results[gate].explanation


@pytest.mark.parametrize(
    ("claim", "span"),
    [
        (
            "The dollar slipped 0.3% after the decision.",
            "The dollar slipped 0.3 % after the decision.",
        ),
        (
            "The lowest spot lies 6.76 metres below sea level.",
            "The lowest point is 6.76 m below sea level.",
        ),
        ("It fell by about 12 percent per decade.", "It declined by 12.2% per decade."),
        ("Book at least 14 days ahead.", "Book 14 or more days ahead."),
        ("The ferry leaves the following morning.", "The ferry leaves the next morning."),
        ("Meta was fined by the Irish regulator.", "Ireland's regulator fined Meta."),
        # a negation in another clause of the evidence says nothing of the claim's clause
        (
            "The headphones fall back to AAC.",
            "When multipoint is on, LDAC is not available; the headphones switch to AAC.",
        ),
        # a comparison read in one clause of several turns with its order: no finding
        (
            "Harwick's revenue is smaller than Brayside's.",
            "Its rival Brayside is larger by revenue but employs fewer people than Harwick.",
        ),
        # a comparison read from the other side, in the sentence that states it or in a
        # span whose other sentence shares as many words with the claim
        (
            "Ruth Mbeki is older than Aiko Tanabe.",
            "Tanabe, who is 24, is six years younger than Mbeki.",
        ),
        (
            "Ruth Mbeki is older than Aiko Tanabe.",
            "In the final, Aiko Tanabe finished ahead of Ruth Mbeki. Tanabe, who is 24, is six "
            "years younger than Mbeki.",
        ),
        # a bound on a price compares no two things
        ("The plan costs more than £50 a month.", "The plan costs £60 a month, less than Premium."),
        ("Infrequent Access costs less per GB stored.", "Infrequent Access is cheaper per GB."),
        # the same route; a route the evidence states both ways
        ("Trains run from Paris to Lyon hourly.", "Trains run hourly from Paris to Lyon."),
        (
            "Ferries sail from Dover to Calais.",
            "Ferries sail from Dover to Calais and from Calais to Dover.",
        ),
        # a limit the claim keeps in words of its own, or with a figure; a modal left out
        ("The majority of its species are endemic.", "Around 80% of its species are endemic."),
        ("Four in five of its species are endemic.", "Around 80% of its species are endemic."),
        (
            "Premium economy is allowed on long flights.",
            "Premium economy may be booked on long flights.",
        ),
        ("Almost all of its water is lost.", "Nearly all of its water is lost."),
        # a quantifier restated by its synonym
        (
            "All 17 of the lowest minimums came after 2007.",
            "Every one of the 17 lowest minimums came after 2007.",
        ),
        ("Keep a receipt for every purchase.", "Keep a receipt for each purchase."),
        ("Any other time: 26.8p per kWh.", "At all other times you pay 26.8p per kWh."),
        (
            "Every economist surveyed had expected the hold.",
            "Economists surveyed had unanimously expected the hold.",
        ),
        # a prohibition says "never" of what it forbids
        (
            "Take it when you remember, and never take two doses at once.",
            "Take it as soon as you remember; do not take two doses to make up for a missed one.",
        ),
        # a name written as its acronym or its expansion, where the span names another
        (
            "The ECB cut rates in June, unlike the Fed.",
            "The European Central Bank cut rates in June, unlike the Fed.",
        ),
        (
            "Python 3.12 gave each interpreter a Global Interpreter Lock.",
            "Python 3.12 gave each interpreter its own GIL, said Guido.",
        ),
        # a negation that denies nothing: a bound, an addition
        ("Let the bread cool for no less than an hour.", "Let the bread cool for an hour."),
        ("It protects against strains A and B.", "It protects not only against A but B."),
        # a "more than" apart from its "not" bounds a figure, which an upper bound in other
        # words says too
        (
            "An adult can take up to 8 tablets in any 24 hours.",
            "Do not take more than 8 tablets in any 24 hours.",
        ),
        ("Only reheat the rice once.", "Do not reheat the rice more than once."),
        # ", so" states a consequence: the evidence gives the cause the claim gives
        (
            "Doses are reduced because it is cleared by the kidneys.",
            "It is cleared by the kidneys, so doses are reduced.",
        ),
    ],
)
def test_gates_stay_quiet_on_faithful_restatements(claim, span):
    """Units written out, rounding, bounds in other words: no gate fires."""
    assert fired(claim, span) == set()


@pytest.mark.parametrize(
    ("gate", "claim", "span"),
    [
        # a spelling one letter apart is another person to the gate (a hint, not a finding)
        ("entity", "At the gala, Carla Bruni sang.", "At the gala, Carlo Bruni sang, said Marco."),
        # words of extent are no quantifier of a set
        (
            "quantifier",
            "All staff were laid off.",
            "The whole department was restructured and some staff were laid off.",
        ),
    ],
)
def test_gates_still_fire_beside_a_near_miss(gate, claim, span):
    assert gate in fired(claim, span)


def test_a_huge_figure_in_a_span_is_read_without_error():
    assert "123456789012345678901234567.5" in "".join(
        span_figures("It spans 123456789012345678901234567.5 km.").values
    )


def test_context_names_are_not_held_against_the_claim():
    """A name the claim took from its context (``optional``) does not fire the entity gate."""
    claim = "The James Webb Space Telescope's mirror has 18 segments."
    span = "Its primary mirror has 18 hexagonal segments, unlike Hubble."
    assert "entity" in fired(claim, span)
    optional = frozenset({"jame", "webb", "space", "telescop"})
    assert not any(g.fired for g in check_gates(claim, span, optional) if g.name == "entity")


@pytest.mark.parametrize(
    ("claim", "span", "fires"),
    [
        # a surname alone is the name the sentence writes in full
        (
            "Sakai, the probe's project manager, called the landing a world first.",
            "Project manager Shinichiro Sakai said the landing was a world first.",
            False,
        ),
        # a generic head shared is no shared name ("Mare", "Mount")
        (
            "Titan's largest sea, Ligeia Mare, covers roughly 400,000 square kilometres.",
            "Titan's largest sea, Kraken Mare, covers roughly 400,000 square kilometres.",
            True,
        ),
        (
            "The range's highest peak, Mount Orin, rises to 4,812 metres.",
            "The range's highest peak, Mount Keldar, rises to 4,812 metres.",
            True,
        ),
    ],
)
def test_the_entity_gate_reads_a_surname_as_its_full_name(claim, span, fires):
    assert ("entity" in fired(claim, span)) is fires


APPROVED = (
    "{}, an oral anticoagulant developed by Hexley Pharmaceuticals, was approved by the "
    "European Medicines Agency on 14 March 2019."
)


@pytest.mark.parametrize(
    ("claim", "span", "fires"),
    [
        # a sentence's first word set off by an apposition saying what it is names something
        (APPROVED.format("Dabrixan"), APPROVED.format("Velmorant"), True),
        (APPROVED.format("Velmorant"), APPROVED.format("Velmorant"), False),
        # an adverb before an apposition is no name
        (
            "Typically, a courier from Brandt Logistics delivers within 2 days.",
            "A courier from Brandt Logistics usually delivers within 2 days, Orsk Post in 5.",
            False,
        ),
    ],
)
def test_a_first_word_set_off_by_an_apposition_is_a_name(claim, span, fires):
    assert ("entity" in fired(claim, span)) is fires


@pytest.mark.parametrize(
    "claim",
    [
        "Because such studies cannot prove causation, the trial followed up a 2016 finding "
        "from the Calder cohort.",
        "Although the trial could not prove causation, it followed up a 2016 finding from the "
        "Calder cohort.",
    ],
)
def test_a_fronted_clause_ends_at_its_comma(claim):
    """The negation of a fronted clause of cause or concession is not the main clause's: the
    sentence that states the main clause is not read as denying it."""
    sentence = (
        "A 2016 study of the Calder cohort had found that low vitamin D came before fractures."
    )
    assert not polarity_gate(claim, sentence).fired
    denied = "The 2016 study had not found that low vitamin D came before fractures."
    assert polarity_gate(denied, sentence).fired


@pytest.mark.parametrize(
    "claim",
    [
        "River-crossing damage isn't covered by any of the insurance options.",
        "Get advice if she has any trouble breathing.",
        "The Starter plan doesn't offer backups at all.",
    ],
)
def test_any_under_a_negation_or_condition_and_at_all_claim_no_universal(claim):
    """ "Not … any", "if … any" say "some at all", and "at all" is emphasis: no claim about
    every one, so the quantifier gate does not fire on them."""
    from longtracer_core.scoring.gates import quantifier_gate

    evidence = "River crossings are excluded from cover; trouble breathing needs advice."
    assert not quantifier_gate(claim, evidence).fired


def test_a_universal_any_or_at_all_times_still_generalises():
    """A claim's bare "any" and "at all times" still claim every one; the evidence's "if
    any fault appears" keeps its "any", so a claim's "any fault" restates it."""
    from longtracer_core.scoring.gates import quantifier_gate

    evidence = "Online bookings can be cancelled free. Staff are available on weekdays."
    assert quantifier_gate("You can cancel any booking free of charge.", evidence).fired
    assert quantifier_gate("Staff are available at all times.", evidence).fired
    assert quantifier_gate("Any customer can claim a refund.", "UK customers can claim.").fired
    assert quantifier_gate("Never leave the baby alone.", "Stay close to the baby.").fired
    # found in review: a prohibition of something else, an "any" a condition licenses
    assert quantifier_gate("Never leave the baby alone.", "Do not smoke near the baby.").fired
    assert quantifier_gate("Passes never expire.", "Don't worry; passes expire after a year.").fired
    evidence = "If any of the tablets contain gluten, the label says so."
    assert quantifier_gate("All of the tablets contain gluten.", evidence).fired
    faults = "If any fault appears within six months, it is the retailer's responsibility."
    claim = "Any fault within six months is the retailer's responsibility."
    assert not quantifier_gate(claim, faults).fired


@pytest.mark.parametrize(
    ("claim", "span"),
    [
        (
            "Plant foods contain only non-haem iron.",
            "Plant foods contain non-haem iron, which is less readily absorbed.",
        ),
        ("There are only 8 bike spaces per train.", "Each train has 8 bike spaces."),
    ],
)
def test_only_restates_a_limit_and_claims_no_universal(claim, span):
    """An answer's "only" restates a limit the evidence words its own way: no quantifier."""
    assert "quantifier" not in fired(claim, span)


@pytest.mark.parametrize(
    ("claim", "span"),
    [
        (
            "The railcard keeps the minimum fare all year.",
            "The minimum fare applies throughout the year.",
        ),
        ("Tardigrades live in moss all over the world.", "Tardigrades live in moss worldwide."),
        (
            "A tiebreak starts when the set is level at 6-all.",
            "A tiebreak is played at six games each.",
        ),
    ],
)
def test_all_of_a_stretch_of_time_or_place_or_a_tied_score_claims_no_universal(claim, span):
    assert "quantifier" not in fired(claim, span)


def test_all_of_a_set_still_generalises():
    assert "quantifier" in fired("All staff were laid off.", "Some staff were laid off.")
    assert "quantifier" in fired("All year groups sit the test.", "Year 9 sits the test.")
    assert "quantifier" in fired("The whole year group sat it.", "Year 9 sat it.")


@pytest.mark.parametrize(
    ("claim", "span"),
    [
        # one stretch of time, however it is written
        (
            "Carrow got 412 mm in two days, more than it normally gets in all of March.",
            "Carrow received 412 mm in 48 hours, more than its average for the whole of March.",
        ),
        ("The shop was closed all of last week.", "The shop was closed for the entire week."),
        # a sum, not every one of a set
        (
            "It holds more water than all of the Great Lakes together.",
            "It holds more water than the Great Lakes combined.",
        ),
        # a claim may restate two sentences of its span
        (
            "Use the form, with the names of all passengers on the booking.",
            "Use the form. You will need the names of all passengers on the booking.",
        ),
        # a superlative "most" limits no subject
        (
            "Heat is one of the two things that age a battery fastest.",
            "Two things speed up ageing most: heat, and a very high state of charge.",
        ),
    ],
)
def test_wholes_sums_and_superlatives_are_no_generalisation(claim, span):
    assert "quantifier" not in fired(claim, span)


@pytest.mark.parametrize(
    ("claim", "span"),
    [
        # a stretch the evidence limits, or states as no whole
        ("It rained all of March.", "It rained on most days in March."),
        ("He played the entire season.", "He played 30 of the 38 games of the season."),
        # "everyone" is more than "all staff"; "every Monday" says when, of no one
        ("Everyone in the building must wear a badge.", "All staff must wear a badge."),
        ("All members can book online.", "Members can book online every Monday."),
        # a quantifier of a span sentence about something else restates nothing
        (
            "All candidates will be invited to interview.",
            "Shortlisted candidates will be invited to interview. Each applicant gets an email.",
        ),
        # a sum only when compared with; a stretch word as a modifier is no stretch
        ("All ingredients must be combined.", "Some ingredients must be combined."),
        ("All of the year groups sit the test.", "Year 9 sits the test for the whole year."),
    ],
)
def test_a_stretch_everyone_or_another_sentences_quantifier_still_fires(claim, span):
    assert "quantifier" in fired(claim, span)


def test_a_frequency_both_sides_say_is_no_generalisation():
    assert "quantifier" not in fired(
        "The market runs every Monday.", "The market runs every Monday."
    )
    assert "quantifier" in fired("The clinic is open every day.", "The clinic is open on weekdays.")


def test_a_limit_on_a_subject_still_counts():
    span = "Most species of tardigrade enter a tun when they dry out."
    assert "quantifier" in fired("Tardigrades enter a tun when they dry out.", span)


@pytest.mark.parametrize(
    "claim",
    [
        "The crossings shut above 0.8 m, so check the live reading before you set out.",
        "Watch the rate-limit headers so you can slow down before the window runs out.",
        "The first reactor was due to start in 2025.",
        "Since the 2022 French Open, every Grand Slam has used a 10-point tiebreak.",
        "Once 2FA is reset, you'll be prompted to set it up again when you log in.",
        "The app prompts you for a code at every sign-in.",
        "Prompt treatment with antivenom lowers the risk of lasting damage.",
        "Customers get a discount for prompt payment.",
    ],
)
def test_advice_purpose_schedule_and_time_give_no_reason(claim):
    """What the answer tells the reader to do, a schedule and a point in time are no
    cause the evidence must state."""
    assert "causal" not in fired(claim, "The crossings close when the gauge reads 0.8 m.")


@pytest.mark.parametrize(
    "claim",
    [
        "The delay was due to fog.",
        "Leave the binoculars indoors, since their narrow view hides meteors.",
        "Doses are cut because the drug is cleared by the kidneys.",
        "The leak prompted an inquiry into the plant.",
        "The minister was prompted to resign by the leak.",
        "The leak prompted users to switch providers.",
        "A second leak could prompt an inquiry into the plant.",
    ],
)
def test_a_reason_the_claim_gives_still_needs_a_cause_in_the_evidence(claim):
    assert "causal" in fired(claim, "The flight left at noon. Meteors are best seen at night.")


@pytest.mark.parametrize(
    "claim",
    [
        "Because you are over 70, you qualify for the reduced fare.",
        "The refund is yours because your flight was delayed by more than three hours.",
    ],
)
def test_a_reason_in_the_users_own_case_asks_nothing_of_the_evidence(claim):
    """An answer applying the sources to the user gives reasons about the user that no
    source can state; the same claim with a reason about the world still needs one."""
    span = "Passengers over 70 pay a reduced fare. A flight delayed by more than three hours is refunded."
    assert "causal" not in fired(claim, span)
    assert "causal" in fired("Doses are cut because the drug is cleared by the kidneys.", span)


@pytest.mark.parametrize(
    "claim",
    [
        "Ibuprofen causes your kidneys to retain salt.",
        "Check the protection status first, because it decides which route is open to you.",
    ],
)
def test_a_reason_about_the_world_that_names_the_user_later_still_needs_a_cause(claim):
    assert "causal" in fired(claim, "Ibuprofen is taken with food. The status is on the map.")


def test_a_figure_with_a_scale_word_is_the_same_figure_in_digits():
    """ "1.4 million miles" and "1,400,000 miles" tie one number to one unit."""
    claim = "During the flight, Orion covered more than 1,400,000 miles."
    assert "figure_role" not in fired(claim, "Orion travelled more than 1.4 million miles.")
    assert "figure_role" in fired(
        "Orion covered 2 million miles.", "Orion travelled 1.4 million miles."
    )


@pytest.mark.parametrize(
    ("claim", "span"),
    [
        ("By 2030 all new cars must be electric.", "By 2030 new petrol cars will be banned."),
        ("All long-haul flights were cancelled.", "Long-haul flights to Asia were cancelled."),
        ("All over-50s qualify for the pass.", "People over 50 qualify for the pass."),
    ],
)
def test_a_number_or_a_hyphenated_word_after_all_keeps_its_universal(claim, span):
    """Found in review: "2030 all" is no tied score, "all long-haul" no stretch of time."""
    assert "quantifier" in fired(claim, span)


@pytest.mark.parametrize(
    "claim",
    [
        "Infections were due to close contact with carriers.",
        "Flooding was due to run-off from the hills.",
    ],
)
def test_due_to_before_a_noun_is_still_a_cause(claim):
    assert "causal" in fired(claim, "The flight left at noon.")


@pytest.mark.parametrize(
    ("claim", "span", "fires"),
    [
        ("Orion covered 1.5 million miles.", "Orion travelled 1.46 million miles.", False),
        ("Orion covered 1.5 million miles.", "Orion travelled 1,460,000 miles.", False),
        ("Orion covered 1.5 million miles.", "Orion travelled 1.3 million miles.", True),
    ],
)
def test_a_scaled_figure_rounds_to_the_digit_it_was_written_to(claim, span, fires):
    assert ("figure_role" in fired(claim, span)) is fires


@pytest.mark.parametrize(
    ("claim", "span", "fires"),
    [
        # a hedged figure rounds at its last significant digit, half-way either way, as the
        # figure checks read it
        ("The Nile is roughly 6,600 km long.", "The Nile is 6,650 km long.", False),
        ("The Moon is about 384,000 km away.", "The Moon is 384,400 km away.", False),
        ("It melts at around 1,530°C.", "Its melting point is 1,535°C.", False),
        # unhedged, too far, or the same number of another unit still fires
        ("The Nile is 6,600 km long.", "The Nile is 6,650 km long.", True),
        ("The Nile is roughly 5,600 km long.", "The Nile is 6,650 km long.", True),
        ("A full recharge takes around 4 minutes.", "A full recharge takes 4 hours.", True),
    ],
)
def test_a_hedged_figure_rounds_the_way_the_figure_checks_read_it(claim, span, fires):
    assert ("figure_role" in fired(claim, span)) is fires


def test_the_users_own_figure_is_never_held_against_the_claim():
    """The user's "5 kWh battery" is theirs even where the source ties 5 kWh to another
    fact; a figure the user did not give still fires."""
    claim = "A 5 kWh battery sits inside the required 4–15 kWh range."
    span = "The battery must have a usable capacity between 4 kWh and 15 kWh."
    given = context_figures(["Could I add a 5 kWh battery to my 4 kWp array?"])
    assert "figure_role" in fired(claim, span)
    assert not any(
        g.fired for g in check_gates(claim, span, given=given) if g.name == "figure_role"
    )
    other = "A 6 kWh battery sits inside the required 4–15 kWh range."
    assert any(g.fired for g in check_gates(other, span, given=given) if g.name == "figure_role")
    # the user's figure is theirs in its own unit only: "6 panels" gives no "6 kWh"
    panels = context_figures(["I have 6 panels. Could I add a battery?"])
    assert any(g.fired for g in check_gates(other, span, given=panels) if g.name == "figure_role")


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        ("The vaccine is free of live virus.", "The vaccine does not contain live virus."),
        ("You can stay visa-free for up to 90 days.", "You can travel without a visa for 90 days."),
        ("The museum does not open on Mondays.", "The museum is closed on Mondays."),
        ("The bridge was left unfinished.", "The bridge was never completed."),
        ("He was unable to attend the meeting.", "He could not attend the meeting."),
        ("Residents are exempt from paying the tax.", "Residents do not pay the tax."),
        ("It is illegal to fly drones over the park.", "Drones may not fly over the park."),
        ("The staff were unfriendly.", "The staff were not friendly."),
        (
            "Your statutory rights are unaffected.",
            "This policy does not affect your statutory rights.",
        ),
    ],
)
def test_a_word_that_says_not_of_its_own_is_no_plain_opposite(claim, sentence):
    """ "closed", "visa-free", "unaffected", "unfinished" deny in a word of their own, in
    place of the word the other clause negates: the clause that holds one says what the
    negated clause says, so the polarity gate does not mark it."""
    assert not polarity_gate(claim, sentence).fired


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        ("The vaccine contains live virus.", "The vaccine does not contain live virus."),
        ("The museum does not open on Mondays.", "The museum opens on Mondays."),
        (
            "An understanding of the rules is not required.",
            "An understanding of the rules is required.",
        ),
        ("The union did not sign the deal.", "The union signed the deal."),
        ("The bar opens at noon.", "The bar does not open at noon."),
        # a negative word beside the very word the other clause denies
        ("The council unanimously approved the plan.", "The council did not approve the plan."),
        ("The firm uses unpaid interns.", "The firm does not use interns."),
        ("The firm sold the unlicensed drugs.", "The firm did not sell the drugs."),
        # a negative word before the subject negates the subject, not the verb
        ("The tax-free shop sells alcohol.", "The shop does not sell alcohol."),
        ("The banned player scored the goal.", "The player did not score the goal."),
        ("Missing passengers boarded the plane.", "Passengers did not board the plane."),
        ("The council unanimously approved it.", "The council did not formally approve it."),
        ("The law was passed unopposed.", "The law was not passed."),
        ("The hikers, missing for days, were found alive.", "The hikers were not found alive."),
        ("The bridge is free for cyclists to cross.", "Cyclists may not cross the bridge."),
        (
            "Parts of the unfinished canal can no longer be seen.",
            "Parts of the unfinished canal can still be seen.",
        ),
    ],
)
def test_a_plain_opposite_still_fires_the_polarity_gate(claim, sentence):
    """ "under-", "uni-" and other words in "un" that deny nothing leave the gate as it was;
    so do a word read as written ("bar" is not "barred") and one both clauses use
    ("unfinished" names the canal on both sides)."""
    assert polarity_gate(claim, sentence).fired


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        ("A breastfed baby needs 10 micrograms every day.", "Babies need a daily supplement."),
        ("You can switch once every 30 days.", "Switching is limited to once a month."),
        ("Take one tablet every morning.", "Take one tablet each morning."),
    ],
)
def test_a_frequency_is_no_generalisation(claim, sentence):
    """ "every 30 days" is a frequency; so is "every day" where the evidence gives one."""
    assert not quantifier_gate(claim, sentence).fired


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        ("Every purchase needs pre-approval.", "Purchases over $250 require pre-approval."),
        ("None of its clauses remain in force.", "Only three of its clauses remain in force."),
        ("Every day brings new cases.", "Some days bring new cases."),
        ("The clinic is open every day.", "The clinic is open on weekdays."),
        ("None of the patients recovered.", "Most patients did not recover."),
        ("The bridge never closes.", "The bridge does not close in summer."),
    ],
)
def test_a_generalisation_the_evidence_does_not_make_still_fires(claim, sentence):
    assert quantifier_gate(claim, sentence).fired


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # the negation denies a word the claim does not say: a rewording, not an opposite
        (
            "Students who leave the course early forfeit the remaining payments.",
            "Students who leave the course early do not receive the remaining payments.",
        ),
        (
            "The court found that the programmes went beyond what is strictly necessary.",
            "The court found that the programmes were not limited to what is strictly necessary.",
        ),
        ("Any bonus you are owed is taxed normally.", "Any bonus is not part of the tax-free sum."),
    ],
)
def test_a_negation_of_another_word_is_a_hint_not_an_opposite(claim, sentence):
    """A negation of another word ("were not limited to") may be a rewording: the gate
    still fires as a hint, but names no word the claim turns round, so it never
    contradicts the claim."""
    gate = polarity_gate(claim, sentence)
    assert gate.terms == () and not opposes(gate)


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        ("The ferry still runs on Sundays.", "The ferry no longer runs on Sundays."),
        (
            "Antibiotics are routinely needed for a sore throat.",
            "Antibiotics are not routinely needed for a sore throat.",
        ),
        ("You need a visa for stays of 90 days.", "You do not need a visa for stays of 90 days."),
    ],
)
def test_the_denied_word_is_read_past_no_longer_and_adverbs(claim, sentence):
    """ "no longer" denies the verb after it, and an adverb in "-inely" is skipped to
    reach the word the negation denies: the claim is the clause with its negation turned,
    and the gate opposes it."""
    assert opposes(polarity_gate(claim, sentence))


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # the claim says more than the negated sentence: it speaks of another day
        ("The museum opens on Tuesdays.", "The museum does not open on Mondays."),
        # a bound or a limit restated the other way round
        ("You cannot get a refund after 30 days.", "You can get a refund within 30 days."),
        ("Non-members cannot vote.", "Only members can vote."),
    ],
)
def test_a_claim_that_says_more_than_the_turned_clause_is_not_opposed(claim, sentence):
    """Found in review: only the evidence's own clause with its negation dropped or added
    is contradicted; a claim with a word of its own gets the hint, never the opposition."""
    assert not opposes(polarity_gate(claim, sentence))


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # a negation worded with another verb: a hint, as before
        ("You do not need a visa for short stays.", "A visa is required for short stays."),
        ("The bridge isn't open to cyclists.", "Cyclists may use the bridge."),
        ("The shares did not rally.", "The shares rallied."),
    ],
)
def test_a_negation_worded_anew_still_fires_the_gate(claim, sentence):
    """Found in review: a flipped negation whose plain side uses a synonym keeps the
    polarity hint (the score penalty that keeps it out of the supported band)."""
    assert polarity_gate(claim, sentence).fired


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        ("All but one of the crew were saved.", "The crew were saved by the lifeboat."),
        ("The Arctic warms faster than the world as a whole.", "The Arctic warms faster."),
    ],
)
def test_a_quantifier_that_claims_no_universal_is_no_generalisation(claim, sentence):
    assert not quantifier_gate(claim, sentence).fired


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        ("Pluto never crosses inside the orbit of Neptune.", "Pluto crosses inside it."),
        (
            "None of its clauses remain part of English law today.",
            "Only three of its clauses remain part of English law today; the best known says "
            "that no free man may be imprisoned without trial.",
        ),
        ("None of the patients recovered.", "Most patients did not recover."),
        ("All of the crew were saved.", "The crew were saved by the lifeboat."),
        ("The whole crew was saved.", "The crew were saved by the lifeboat."),
        # found in review: an "all-" compound, "whole" before a figure, a "none" a limited
        # "no" does not state, a "never" in the main clause after a condition, and advice
        # that generalises all claim every one
        ("The city's bus fleet is all-electric.", "Most of the city's buses are electric."),
        ("The whole 500-page report is online.", "Parts of the 500-page report are online."),
        ("None of the flights were delayed.", "No flights from Terminal 2 were delayed."),
        (
            "If you have a UK passport you never need a visa for France.",
            "UK passport holders usually do not need a visa for France.",
        ),
        ("Never skip the warm-up before a run.", "Runners should usually warm up first."),
    ],
)
def test_a_universal_the_evidence_does_not_state_still_fires(claim, sentence):
    assert quantifier_gate(claim, sentence).fired


@pytest.mark.parametrize(
    ("claim", "span"),
    [
        # found in review: a time, a blame of another cause, and a claim that names the
        # reader generically state no cause of the claim's
        (
            "The crash happened because the driver was speeding.",
            "The crash happened when the driver lost control on the wet road.",
        ),
        (
            "The bridge collapsed because of poor maintenance.",
            "Officials blamed the collapse of the bridge on a ship strike.",
        ),
        ("Your heart rate rises because of caffeine.", "Your heart rate rises during exercise."),
    ],
)
def test_a_claimed_cause_needs_a_cause_in_the_evidence(claim, span):
    assert "causal" in fired(claim, span)


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # the negation denies something the claim never speaks of
        (
            "The result: the tissue turns transparent.",
            "Without them, the coral tissue becomes transparent, revealing the white skeleton.",
        ),
        (
            "Clearing runs from 5 July to 21 October 2025.",
            "Clearing runs from 5 July to 21 October 2025 and lets applicants without an offer "
            "apply for courses.",
        ),
        # the claim says the negation with a word of its own
        (
            "Rangers advise against wading at any river level.",
            "Rangers do not recommend wading at any river level.",
        ),
        (
            "Any crayfish caught must be humanely killed rather than returned.",
            "Any crayfish caught must be humanely killed and must not be returned to the water.",
        ),
        # a contrast in other words: "rather than" and "instead of" deny as ", not" does
        (
            "Lock-keepers worked for the canal company, not for the carriers who ran the boats.",
            "Lock-keepers were employed by the canal company rather than by the carriers who "
            "ran the boats.",
        ),
        (
            "Staff book trains instead of flights for trips under 500 km.",
            "For trips under 500 km, staff book trains, not flights.",
        ),
        # a contrast denies only the alternative it names, not the word before it
        (
            "Voyager 1 was expected to reach Jupiter first.",
            "The probes were numbered by the order in which they were expected to reach "
            "Jupiter, not the order of launch.",
        ),
        (  # "once" is said in both parts: the alternative denied is "a century"
            "That level would be reached once every 8 years by 2100 rather than once a century.",
            "That level would be reached roughly once every 8 years by 2100.",
        ),
        # a negation's scope ends at a comma; a negation joined to what comes before it
        # says nothing of the word before it; a verb or particle that says "not" itself
        (
            "Without it, the account's standard variable rate is currently 2.50% AER.",
            "After the bonus ends, the account pays the standard variable rate, currently "
            "2.50% AER.",
        ),
        (
            "It's a grant.",
            "No, the scholarship is a grant and does not need to be repaid.",
        ),
        (  # a negation in a relative clause says nothing of the noun before it
            "The airline need not pay if the delay was caused by extraordinary circumstances.",
            "You are not entitled to compensation if the delay was caused by extraordinary "
            "circumstances that could not have been foreseen or prevented.",
        ),
        (
            "While multipoint is on you lose LDAC.",
            "When multipoint is on, LDAC is not available.",
        ),
        (
            "Keep it off broken skin and open blisters.",
            "Do not use on broken skin or open blisters.",
        ),
        (  # the plain side says what the contrast keeps in place of the alternative
            "Use honey instead of sugar in the recipe.",
            "Honey can replace sugar in the recipe.",
        ),
        (  # a plain "not" of the alternative agrees with the contrast
            "The fund does not invest in stocks.",
            "The fund invests in bonds rather than stocks.",
        ),
        (  # the alternative ends at a preposition after its first content word
            "Messi joined Inter Miami in 2023.",
            "Messi joined Inter Miami rather than Al-Hilal in 2023.",
        ),
        (  # the alternative ends at the next comma
            "An appeal has to come from the club secretary rather than from you, within 7 "
            "days and with a £50 fee.",
            "An appeal must be submitted by the club secretary within 7 days, with a £50 fee.",
        ),
        (
            "On the login screen, enter one of them in place of the 6-digit code.",
            "Enter one of these codes on the login screen instead of the 6-digit code.",
        ),
    ],
)
def test_a_negation_of_what_the_claim_never_says_is_no_hint(claim, sentence):
    """On chat answers the polarity hint fired mostly where the evidence denies something
    the claim does not speak of; a faithful sentence then left the supported band."""
    assert not polarity_gate(claim, sentence).fired


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        ("EU citizens need a visa for Morocco even for short stays.",
         "EU citizens do not need a visa for Morocco for stays of up to 90 days."),
        ("The shares did not rally.", "The shares rallied."),
        ("The museum opens on Tuesdays.", "The museum does not open on Tuesdays or Mondays."),
        # found in review: a flipped negation worded anew, said of the claim's own subject
        ("Citizens of Canada require a visa for tourism in the UK.",
         "Canadian citizens do not need a visa to visit the UK as tourists."),
        ("The gallery allows flash photography.",
         "Flash photography is not permitted anywhere in the gallery."),
        ("The app stores your location data.", "The app never records or keeps location data."),
        # the alternative a contrast denies, said by the claim
        ("Lock-keepers worked for the carriers who ran the boats.",
         "Lock-keepers were employed by the canal company rather than by the carriers who ran "
         "the boats."),
        ("Your claim is against the manufacturer.",
         "Your claim is against the retailer, not the manufacturer."),
        ("The scholarship needs to be repaid.",
         "No, the scholarship is a grant and does not need to be repaid."),
        # found in review: what a contrast keeps is the word (or figure) it puts in place
        # of the alternative; a plain "not" is read against what a contrast keeps; two
        # contrasts turned round
        ("Antibiotics treat viral infections.",
         "Antibiotics treat bacterial infections, not viral infections."),
        ("You should take 2 tablets.", "You should take 1 tablet, not 2."),
        ("The offer is valid for existing customers.",
         "The offer is valid for new customers, not existing ones."),
        ("The tournament is held every year.",
         "The tournament is held every four years, not every year."),
        ("The fund does not invest in bonds.", "The fund invests in bonds rather than stocks."),
        ("Employees, rather than contractors, get paid leave.",
         "Contractors, not employees, get paid leave."),
        ("You lose your deposit if you cancel.", "You do not lose your deposit if you cancel."),
        # past a relative clause, the main clause's negation is said of the noun before it
        ("Members can vote at the meeting even if they have not renewed.",
         "Members who have not renewed their membership are not allowed to vote at the "
         "meeting."),
        # the bound kept, its "not" dropped: a claim of more
        ("You can take more than 8 tablets in 24 hours.",
         "Do not take more than 8 tablets in 24 hours."),
        ("You can reheat the rice up to twice, or more than that if needed.",
         "Do not reheat the rice more than once."),
        # an upper bound on another figure, or a bound the other way (a review's probes)
        ("You should only reheat the rice twice.", "Do not reheat the rice more than once."),
        ("You can take 8 or more tablets, as long as you only take two at a time.",
         "Do not take more than 8 tablets in 24 hours."),
        ("The 7 kg limit is the minimum weight for hand luggage.",
         "Hand luggage must not weigh more than 7 kg."),
        # a relative clause's negation, said of its own verb
        ("The delay was caused by circumstances that could have been foreseen.",
         "The delay was caused by circumstances that could not have been foreseen or "
         "prevented."),
    ],
)  # fmt: skip
def test_a_negation_of_the_claims_own_word_still_fires(claim, sentence):
    """The claim says the word the evidence denies, or the word the negation is said of:
    the hint stays, whatever else either side adds ("rally" is a verb, not an adverb)."""
    assert polarity_gate(claim, sentence).fired


def test_the_polarity_gate_reads_every_sentence_that_aligns_as_well():
    """Two sentences of the span share as many words with the claim: the one that denies
    the claim's own word is read, not only the first."""
    span = "A French omelette should not be allowed to brown. Milk is not added to it."
    gates = {g.name: g for g in check_gates("Milk is added to a French omelette.", span)}
    assert gates["polarity"].fired


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # the quantifier says what the case of a condition is
        ("If it was never protected, or you never got the prescribed information, go to court.",
         "If a landlord fails to protect a deposit or to provide the prescribed information "
         "within 30 days, the tenant can bring a claim in the county court."),
        ("If you have none, ask your workspace Admin.",
         "If you have neither your device nor a backup code, your workspace Admin can reset it."),
        # "all" before a count counts; it claims no universal
        ("Mbappé scored all three.", "He became the second player to score three goals in a final."),
    ],
)  # fmt: skip
def test_a_quantifier_in_a_condition_or_before_a_count_is_no_generalisation(claim, sentence):
    """Faithful chat answers wrote these; the gate held them out of the supported band."""
    assert not quantifier_gate(claim, sentence).fired


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # the consequence of a condition still generalises
        ("If you are over 65, all buses are free.", "Over-65s ride free on buses 4 and 9."),
        ("In Beijing he took eight golds, all of them in world-record times.",
         "At Beijing Phelps won eight gold medals."),
        # found in review: "all" before a count where the evidence gives part of them
        ("All 12 jurors voted to convict.", "Ten of the 12 jurors voted to convict."),
        ("All ten patients recovered fully.", "Eight of the ten patients recovered fully."),
    ],
)  # fmt: skip
def test_a_universal_in_the_consequence_still_fires(claim, sentence):
    """Only the case a condition describes is read as no universal."""
    assert quantifier_gate(claim, sentence).fired


REMOVAL = "Patients who miss two appointments in 12 months may be removed from the practice list."


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        ("You will be removed from the list.", REMOVAL),
        ("You'll be removed from the practice list.", REMOVAL),
        ("You must carry over 5 days.", "You may carry over up to 5 unused days."),
        ("You have to attend the new date.", "You can attend the new date or ask for a refund."),
        ("Your account will be suspended.", "Your account may be temporarily suspended."),
        # "by" before no time is no deadline
        ("You must pay by credit card.", "You can pay by credit card, PayPal or bank transfer."),
    ],
)
def test_the_quantifier_gate_fires_on_a_must_or_will_where_the_evidence_says_may(claim, evidence):
    """What the evidence says may or can happen, the claim says must or will: it claims
    more than the evidence."""
    result = quantifier_gate(claim, evidence)
    assert result.fired
    assert "where the evidence says" in result.explanation


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        ("You may be removed from the list.", REMOVAL),
        ("You can carry over up to 5 days.", "You may carry over up to 5 unused days."),
        # "can only" is a restriction: "has to" restates it
        ("Champagne has to come from the Champagne region.", "It can only come from Champagne."),
        # a deadline: the rule the evidence's "can ... within" sets
        ("You must raise the dispute within 3 months.", "You can raise a dispute within 3 months."),
        # what a condition would bring, no rule
        ("A cabin bag would have to be added for a fee.", "A cabin bag can be added for a fee."),
        # the evidence says "must" of the verb too
        ("You must register.", "You can register online, and everyone must register by May."),
        # a negated modal says another thing
        ("You will not be removed.", REMOVAL),
        ("There's no need to restart the app.", "You can restart the app if it freezes."),
        # an ability said as what you will do
        (
            "You'll find the key under the Developer section of Settings.",
            "You can find your API key in the Settings tab under Developer.",
        ),
        # a claim's "can only" is a limit, no certainty
        ("You can only carry over 5 days.", "You may carry over up to 5 unused days."),
        # a hedge takes the certainty back; "you'd have to" is a condition's
        ("Refunds will usually take 5 to 10 days.", "Refunds can take 5 to 10 days to appear."),
        ("You'd have to upgrade to Pro to get SSO.", "You can upgrade to Pro to get SSO."),
        # the month
        ("The new prices will apply from 1 May.", "New prices from 1 May apply."),
        ("You must apply by 31 March.", "You can apply until 31 March."),
    ],
)
def test_the_quantifier_gate_leaves_a_modal_the_evidence_allows(claim, evidence):
    assert not quantifier_gate(claim, evidence).fired
