"""The evidence checks behind a refuted claim: names and figures the evidence lacks,
contradicts or states for another fact — and the ways people rewrite them that must not
count as wrong."""

from __future__ import annotations

import pytest

from longtracer_core.scoring.evidence import evidence_findings, evidence_index
from longtracer_core.scoring.evidence_index import claim_words
from longtracer_core.scoring.findings import BLOCKING_KINDS, DECISIVE_KINDS

PRIZE = [
    (
        "S1",
        "The 2021 Halberg Prize for marine biology was awarded to Dr Amara Okafor of the "
        "University of Lagos for her work on coral larvae. The prize was founded in 1987.",
    ),
    (
        "S2",
        "The Japan Aerospace Exploration Agency (JAXA) landed its SLIM probe within 55 metres "
        "of its target near Shioli crater. The wind farm has 84 turbines rated at 14.7 MW "
        "each. The 2024 race was won in 2:19:44, and the runner-up finished in 2:20:29.",
    ),
]
INDEX = evidence_index(PRIZE)


def kinds(claim: str, context: tuple[str, ...] = ()) -> list[str]:
    return [f.kind for f in evidence_findings(claim, INDEX, context)]


@pytest.mark.parametrize(
    "claim",
    [
        "The 2021 Halberg Prize went to Amara Okafor of the University of Ibadan.",
        "The 2021 Halberg Prize went to Dr Amara Okafor of Harvard University.",
        # a country's possessive before a name the evidence holds is no first name
        "Ghana's Amara Okafor won the 2021 Halberg Prize for marine biology.",
    ],
)
def test_a_name_no_source_holds_is_found(claim):
    assert "name_absent" in kinds(claim)


@pytest.mark.parametrize(
    "claim",
    [
        "Okafor won the 2021 Halberg Prize for marine biology.",  # surname alone
        "Okafor's work on coral larvae won the 2021 Halberg Prize.",  # possessive
        "Amara Okafor's team won the 2021 Halberg Prize.",  # a first name, a possessive surname
        "The Japan Aerospace Exploration Agency landed SLIM near Shioli crater.",  # expansion
        "JAXA landed SLIM within 55 metres of its target.",  # acronym
        "SLIM landed near the crater Shiori.",  # transliteration, one letter apart
    ],
)
def test_the_ways_people_refer_to_a_name_are_not_absent_names(claim):
    assert "name_absent" not in kinds(claim)


@pytest.mark.parametrize(
    "claim",
    [
        "Key Facts and Recent Winners: Okafor won the 2021 Halberg Prize.",  # a bold label
        "Prize History and Founding Year",  # a heading
    ],
)
def test_title_case_labels_and_headings_name_nothing(claim):
    assert "name_absent" not in kinds(claim)


def test_a_label_in_title_case_does_not_hide_a_name_in_the_statement():
    claim = "Recent Winners: Dr Jonas Weber won the 2021 Halberg Prize."
    assert "name_absent" in kinds(claim)
    assert "name_absent" in kinds("Who Funds It: UNESCO funds the Halberg Prize.")


SKIN = [("S1", "Sunscreen blocks ultraviolet light. The body mass index is weight over height.")]


@pytest.mark.parametrize(
    "claim",
    [
        "Your BMI is weight over height.",  # a lowercase expansion
        "Sunscreen blocks UV light.",  # one word spells a two-letter acronym
        "Save the advice as a PDF and turn on GPS.",  # everyday acronyms name no entity
    ],
)
def test_acronyms_of_lowercase_words_and_everyday_acronyms_are_not_absent(claim):
    assert "name_absent" not in [f.kind for f in evidence_findings(claim, evidence_index(SKIN))]


def test_each_part_of_a_hyphenated_name_is_name_evidence():
    index = evidence_index([("S1", "The Franco-Prussian War ended in 1871. It was short.")])
    assert evidence_findings("The Prussian army won in 1871.", index) == []


def test_a_name_run_ends_at_a_sentence_end():
    """ "United States. Mount Everest" is two runs: "US" still meets "United States"."""
    index = evidence_index([("S1", "Acme sells in the United States. Mount Everest is tall.")])
    assert evidence_findings("Acme sells in the U.S.", index) == []


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        # a run after "The" is written as its acronym, with stops or without
        ("The U.S. launched the probe in 1977.", "The United States launched the probe in 1977."),
        ("The UK left in 2020.", "The United Kingdom left in 2020."),
        # an acronym written with a lowercase linking letter
        ("The BoE held rates at 5.25%.", "The Bank of England held rates at 5.25%."),
        ("The DfE sets the curriculum.", "The Department for Education sets the curriculum."),
        # an acronym inside the expansion stays whole in the initials, or gives its letter
        ("IBM Global Services signed the deal.", "IGS signed the deal."),
        (
            "A 2019 USDA study found it.",
            "A 2019 study by the US Department of Agriculture found it.",
        ),
    ],
)
def test_acronyms_meet_their_expansion_after_an_article(claim, source):
    assert evidence_findings(claim, evidence_index([("S1", source)])) == []


@pytest.mark.parametrize("claim", ["The DoE held rates at 5.25%.", "The BoJ held rates at 5.25%."])
def test_a_linking_letter_acronym_of_another_name_is_still_absent(claim):
    """Met only by a run holding its linking word: not "Bank of England", not the two
    names "Bill Jones"."""
    index = evidence_index(
        [("S1", "The Bank of England held rates at 5.25%, said analyst Bill Jones.")]
    )
    assert [f.kind for f in evidence_findings(claim, index)] == ["name_absent"]


def test_a_holiday_is_a_date_not_a_name():
    index = evidence_index([("S1", "The telescope launched on 25 December 2021.")])
    assert evidence_findings("The telescope launched on Christmas Day 2021.", index) == []


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        ("The sale starts on 26 December.", "The sale starts on Boxing Day."),
        ("The gallery opens Tuesday to Friday, 10:00 to 18:00.", "The gallery opens Tue–Fri."),
        ("Lieutenant Colonel Ana Reyes commands the unit.", "Lt Col Ana Reyes commands the unit."),
    ],
)
def test_holidays_weekday_abbreviations_and_ranks_are_no_names(source, claim):
    index = evidence_index([("S1", source)])
    assert "name_absent" not in [f.kind for f in evidence_findings(claim, index)]


def test_a_run_of_names_is_no_expansion_of_another_run_with_its_initials():
    """Only an acronym the evidence writes ("JAXA") stands for a run of names; "Jack
    Sullivan" is not "James Smith" because both read "JS"."""
    index = evidence_index([("S1", "The 2021 prize went to James Smith of Leeds.")])
    found = evidence_findings("The 2021 prize went to Jack Sullivan of Leeds.", index)
    assert [f.kind for f in found] == ["name_absent"]


def test_an_acronym_the_evidence_does_not_expand_is_absent():
    found = evidence_findings("The WHO says sunscreen blocks light.", evidence_index(SKIN))
    assert [f.kind for f in found] == ["name_absent"]


WATCH = [("S1", "Nordwave released the Pulse X2 in 2024; it competes with the Galaxy Watch6.")]


@pytest.mark.parametrize(
    ("claim", "proof"),
    [
        ("Nordwave released the Pulse X3 in 2024.", "the sources name 'X2'"),
        ("It competes with the Galaxy Watch7.", "the sources name 'Watch6'"),
    ],
)
def test_a_model_code_beside_its_sibling_in_the_evidence_is_a_name_finding(claim, proof):
    found = evidence_findings(claim, evidence_index(WATCH))
    assert [f.kind for f in found] == ["name_absent"]
    assert proof in found[0].text


@pytest.mark.parametrize(
    "claim",
    [
        "Nordwave released the Pulse X2 in 2024.",  # the same code
        "The Pulse X2 cuts CO2 by a tenth.",  # a code with no sibling is a figure, not a name
    ],
)
def test_codes_the_evidence_holds_or_has_no_sibling_of_are_no_name_findings(claim):
    assert "name_absent" not in [f.kind for f in evidence_findings(claim, evidence_index(WATCH))]


def test_a_first_name_is_excused_only_before_a_name_the_evidence_writes_as_a_name():
    index = evidence_index([("S1", "The watch competes with the Galaxy Watch6. Okafor won.")])
    names = [f.text for f in evidence_findings("It competes with the Apple Watch.", index)]
    assert names == ["no source names 'Apple'"]
    assert evidence_findings("Amara Okafor won.", index) == []
    lowercased = evidence_index([("S1", "the whale was found on a west australian beach .")])
    assert evidence_findings("It was found in Western Australia.", lowercased) == []


BRIDGE = [("S1", "The bridge was designed by Thomas Kerr and opened by Dr Amara Okafor.")]


@pytest.mark.parametrize(
    ("claim", "swapped"),
    [
        ("John Kerr designed the bridge.", "John"),
        ("Henry Kerr designed the bridge.", "Henry"),
        ("It was opened by Chidi Okafor.", "Chidi"),
    ],
)
def test_a_given_name_swapped_before_a_surname_the_evidence_names_is_marked(claim, swapped):
    """Marked, never deleted: a relative may share the surname."""
    found = evidence_findings(claim, evidence_index(BRIDGE))
    assert [f.kind for f in found] == ["name_binding"]
    assert swapped in found[0].text
    assert "name_binding" not in DECISIVE_KINDS


def test_a_given_name_swap_marks_the_claim_and_a_wrong_figure_still_refutes_it():
    from longtracer_core import check_case
    from longtracer_core.contracts import ClaimOutcome

    sources = [{"id": "S1", "text": "The bridge was designed by Thomas Kerr in 1846."}]
    (marked,) = check_case("John Kerr designed the bridge in 1846.", sources).claims
    assert marked.outcome is ClaimOutcome.UNCERTAIN
    assert "Thomas Kerr" in marked.finding
    (wrong,) = check_case("John Kerr designed the bridge in 1950.", sources).claims
    assert wrong.outcome is ClaimOutcome.REFUTED


@pytest.mark.parametrize(
    "claim",
    [
        "Tom Kerr designed the bridge.",  # a short form people write
        "Tommy Kerr designed the bridge.",
        "T. Kerr designed the bridge.",
        "Sir Thomas Kerr designed the bridge.",  # a title
        "Kerr designed the bridge.",
        "Theo Kerr designed the bridge.",  # same first letter: not told from a form
        "It was opened by Professor Okafor.",
        "Storm Kerr hit the bridge.",  # a head word, no given name
        "Admiral Kerr designed the bridge.",  # a rank
        "North Kerr has a bridge.",  # a qualifier
        "Famously Kerr designed the bridge.",
        "Jane Kerr helped her husband Thomas Kerr design the bridge.",  # both named
        "Veteran Kerr designed the bridge.",  # an unlisted sentence opener
    ],
)
def test_forms_of_the_given_name_titles_and_heads_are_no_swap(claim):
    assert evidence_findings(claim, evidence_index(BRIDGE)) == []


def test_a_given_name_the_user_writes_is_theirs():
    found = evidence_findings(
        "As the designer, Sarah Kerr can apply.",
        evidence_index(BRIDGE),
        ("My name is Sarah Kerr.",),
    )
    assert found == []


def test_a_given_name_is_held_only_against_a_surname_written_after_another():
    """Where the evidence writes the surname alone, a first name the claim adds stays
    excused, as before."""
    index = evidence_index([("S1", "Kerr designed the bridge in 1846.")])
    assert evidence_findings("John Kerr designed the bridge in 1846.", index) == []


def test_a_name_the_claim_took_from_its_context_is_not_held_against_it():
    claim = "Okafor studied coral larvae at Ibadan."
    assert "name_absent" in kinds(claim)
    assert "name_absent" not in kinds(claim, ("Ibadan",))


def test_a_demonym_of_a_place_the_context_names_is_not_held_against_the_claim():
    # the user's question names the island; the answer speaks of its sun
    claim = "Okafor collected coral larvae in the warm Cretan sea."
    assert "name_absent" in kinds(claim, ("I am diving off Sicily in June.",))
    assert "name_absent" not in kinds(claim, ("I am diving off Crete in June.",))
    # only the names the context writes with a capital: not the user's "us" or "turkey"
    invented = "Okafor collected coral larvae in the warm Turkish sea."
    assert "name_absent" in kinds(invented, ("Can you tell us where to buy turkey?",))


def test_a_figure_the_evidence_contradicts_or_lacks_is_found():
    assert kinds("The Halberg Prize was founded in 1993.") != []
    wrong = kinds("The wind farm has 84 turbines rated at 16.2 MW each.")
    assert {"figure_conflict", "figure_absent"} & set(wrong)


def test_a_single_figure_stated_for_another_fact_is_a_role_finding():
    """Found and marked, never a deletion: which fact a figure belongs to is read from the
    sentence closest to the claim, which was right 8 times in 9 on dev, under the bar of
    9 in 10 that a deletion must meet."""
    assert "figure_role" in kinds("Okafor was born in 1987.")


@pytest.mark.parametrize(
    "claim",
    [
        "The wind farm has a combined capacity of about 1.2 GW.",  # approximate, derived
        "The runner-up finished 45 seconds behind the winner.",  # a difference of times
        "The 2024 race was won in 2 hours 19 minutes 44 seconds.",  # a duration rewritten
        "The wind farm's turbines are rated at 14,700 kW each.",  # a unit conversion
        "The probe landed within 55 m of its target.",  # the unit abbreviated
    ],
)
def test_reformatted_and_derived_figures_are_not_findings(claim):
    assert not {"figure_absent", "figure_conflict", "figure_role"} & set(kinds(claim))


CHARGING = [
    ("S1", "Keep the battery between 20% and 80%. The WH-50 supports multipoint."),
    (
        "S2",
        "Night rate: 7.5p per kWh from 23:30 to 05:30. Most electric vehicles (EVs) do 3 miles per kWh.",
    ),
]


@pytest.mark.parametrize(
    "claim",
    [
        "Let the phone manage the last 20% of the charge.",  # the complement of 80 %
        "The night rate of 7.5p per kWh runs 23:30–05:30.",  # a clock time's parts
        "The WF-20 earbuds do not support multipoint.",  # a model code
        "EVs do about 3 miles per kWh [UCAS].",  # a plural acronym, a source label
        "The plant sells power at £92.50 per MWh.",  # a unit, not a name
    ],
)
def test_labels_codes_units_and_complements_are_no_findings(claim):
    found = evidence_findings(claim, evidence_index(CHARGING))
    assert not {"name_absent", "figure_conflict", "figure_role"} & {f.kind for f in found}
    assert all(f.kind != "figure_absent" or "92.50" in claim for f in found)


@pytest.mark.parametrize(
    "claim",
    ["Ten kWh cost 75p at the night rate.", "Two GB of data is included.", "Ten kW is the limit."],
)
def test_a_number_word_before_a_unit_names_nothing(claim):
    """A sentence's first word followed by a unit in capitals is a quantity, not a run of
    names: "Ten kWh" was read as the name "Ten" and the correct sentence deleted."""
    found = evidence_findings(claim, evidence_index(CHARGING))
    assert "name_absent" not in {f.kind for f in found}


def test_a_surname_that_is_a_unit_word_leaves_the_first_name_a_name():
    index = evidence_index([("S1", "Thomas Newcomen improved the steam engine in 1712.")])
    found = evidence_findings("James Watt improved the steam engine in 1712.", index)
    assert "name_absent" in {f.kind for f in found}


DOSES = [
    (
        "S1",
        "The drug is taken twice a day at 500 mg per dose. The bridge opened in 1937 after "
        "four years of construction. The farm has 84 turbines rated at 14.7 MW each.",
    )
]


@pytest.mark.parametrize(
    ("claim", "computed"),
    [
        ("That is 1,000 mg a day.", "1,000"),  # twice × 500 mg
        ("Construction began in 1933.", "1933"),  # 1937 − four years
        ("Together they are rated at 1,234.8 MW.", "1,234.8"),  # 84 × 14.7 MW
    ],
)
def test_a_figure_a_computation_may_have_given_is_never_a_conflict(claim, computed):
    """Marked (no source states it), never refuted: the sentence may be right."""
    found = evidence_findings(claim, evidence_index(DOSES))
    assert [f.kind for f in found] == ["figure_absent"]
    assert computed in found[0].text


def test_a_rate_restated_over_another_period_is_never_a_conflict():
    index = evidence_index([("S1", "The plan costs £10 per month or £100 per year.")])
    found = evidence_findings("The plan costs £120 a year if paid monthly.", index)
    assert [f.kind for f in found] == ["figure_absent"]
    found = evidence_findings("The plan costs £14 per month.", index)
    assert [f.kind for f in found] == ["figure_conflict"]


def test_a_quantity_per_two_things_is_worked_only_for_figures_of_those_things():
    """Found in review: "per person per day" is worked out for a number of people and a
    number of days, not for the user's hours."""
    index = evidence_index(
        [("S1", "Summer hiking advice: plan for 3 litres of water per person per day.")]
    )
    claim = "You should plan for about 48 litres between you."
    found = evidence_findings(claim, index, ("There are 2 of us hiking for 8 hours.",))
    assert [f.kind for f in found] == ["figure_conflict"]


@pytest.mark.parametrize(
    ("evidence", "question", "worked_out", "wrong"),
    [
        (  # £719 a week for the user's 14 weeks
            "Statutory redundancy pay caps weekly pay at £719.",
            "I earn £850 a week and qualify for 14 weeks.",
            "The statutory payment is capped at £10,066 for you.",
            "The statutory payment is capped at £12,000 for you.",
        ),
        (  # £42 for every £1,000, for the user's £14,600, to the claim's precision
            "Every £1,000 overpaid on a mortgage charging 4.19% saves about £42 of interest.",
            "I could overpay £14,600 this year.",
            "Overpaying saves you roughly £613 of interest.",
            "Overpaying saves you roughly £700 of interest.",
        ),
        (  # 10 minutes per 50 GB, for the user's 100 GB
            "A restore takes roughly 10 minutes per 50 GB of data.",
            "My database is 100 GB.",
            "The restore should take about 20 minutes.",
            "The restore should take about 35 minutes.",
        ),
        (  # 3 litres per person per day, for the user's 2 people and 3 days
            "Summer hiking advice: plan for 3 litres of water per person per day.",
            "There are 2 of us doing a 3-day hike.",
            "You should plan for about 18 litres between you.",
            "You should plan for about 24 litres between you.",
        ),
        (  # 26 days plus the sentence's 8 bank holidays
            "Full-time staff get 26 days of annual leave after 3 years, plus 8 bank holidays.",
            "How much leave do I get?",
            "Full-time staff get 34 days in total.",
            "Full-time staff get 40 days in total.",
        ),
    ],
)
def test_a_figure_worked_out_for_the_users_own_is_marked_never_refuted(
    evidence, question, worked_out, wrong
):
    """An answer applies the sources to the user's case: a figure a computation of the
    case's and the user's figures gives is unverified (marked), not proven wrong; a figure
    no such computation gives is still a conflict."""
    index = evidence_index([("S1", evidence)])
    found = evidence_findings(worked_out, index, (question,))
    assert [f.kind for f in found] == ["figure_absent"]
    assert "figure_conflict" in [f.kind for f in evidence_findings(wrong, index, (question,))]


@pytest.mark.parametrize(
    ("evidence", "question", "wrong"),
    [
        # a limit, a threshold or a length is no rate a user's count scales
        ("The upload limit is 25 MB per file.", "I have 2 files.", "The limit is 50 MB per file."),
        ("After 20 years of service, staff get 30 days.", "I have 10 years.", "You get 15 days."),
        ("The course lasts 12 weeks and has 2 assessments.", "", "The course lasts 14 weeks."),
        ("The ticket costs £56.", "We are 2 adults.", "The ticket costs £112."),
        # a claim's own base is read against the evidence's
        ("Deaths run at 12 per 100,000 people.", "", "Deaths run at 12 per 10,000 people."),
        # no formula without × or ÷: "+ VAT", "and/or" and "2024/25" compute nothing
        ("Fee = £30 per year + VAT.", "", "The fee is £35 per year."),
        ("Limit = 70 mph on motorways and/or dual carriageways.", "", "The limit is 60 mph."),
        # "including" counts a part, not an addition; a count of another thing adds nothing
        (
            "Staff get 28 days of annual leave, including 8 bank holidays.",
            "",
            "Staff get 36 days of annual leave in total.",
        ),
        ("The course lasts 10 weeks and has 4 assessments.", "", "In total it lasts 14 weeks."),
        # the user's count multiplies a sentence's only quantity of the kind
        (
            "Child Benefit is £25.60 a week for the eldest child and £16.95 for each other child.",
            "I have 3 children.",
            "Your Child Benefit for the eldest child is £76.80 a week.",
        ),
    ],
)
def test_a_figure_no_computation_for_the_user_gives_is_still_a_conflict(evidence, question, wrong):
    index = evidence_index([("S1", evidence)])
    assert "figure_conflict" in [f.kind for f in evidence_findings(wrong, index, (question,))]


def test_a_number_inside_a_range_of_its_kind_is_no_conflict():
    index = evidence_index([("S1", "Boarding is at gates 10-14. Children aged 5-16 pay £8.")])
    assert "figure_conflict" not in [
        f.kind for f in evidence_findings("Boarding is at gate 12", index)
    ]
    assert [f.kind for f in evidence_findings("Boarding is at gate 20", index)] == [
        "figure_conflict"
    ]
    # a range of ages holds no price
    assert [f.kind for f in evidence_findings("Children pay £12.", index)] == ["figure_conflict"]


def test_a_year_the_claim_speaks_as_of_inside_a_span_the_evidence_opens_is_no_conflict():
    """ "From 2023 the fee is £28.50" holds the fee as of 2024, not as of 2019, and an
    event's year ("opened in 1941") is no time the claim speaks at."""
    fee = evidence_index([("S1", "From 2023 the fee is £28.50.")])
    assert [f.kind for f in evidence_findings("The fee is £28.50 as of 2024", fee)] == [
        "figure_absent"
    ]
    assert [f.kind for f in evidence_findings("As of 2019, the fee is £28.50.", fee)] == [
        "figure_conflict"
    ]
    bridge = evidence_index([("S1", "The bridge, in use since 1937, carries 20,000 cars a day.")])
    assert [f.kind for f in evidence_findings("The bridge opened in 1941.", bridge)] == [
        "figure_conflict"
    ]


def test_a_rates_base_and_a_formulas_operands_are_no_values_to_differ_from():
    """ "per 50 GB" and "÷ 113" state no value of anything; a spacing or a frequency
    ("every 5 km") does."""
    rate = evidence_index([("S1", "A restore takes roughly 10 minutes per 50 GB of data.")])
    found = evidence_findings("Your 100 GB database will need a restore.", rate)
    assert "figure_conflict" not in [f.kind for f in found]
    formula = evidence_index(
        [("S1", "Course Handicap = Handicap Index × (Slope Rating ÷ 113) + (Course Rating − Par).")]
    )
    found = evidence_findings("Your Course Handicap is about 20.53.", formula)
    assert "figure_conflict" not in [f.kind for f in found]
    spacing = evidence_index([("S1", "First-aid posts are placed every 5 km along the route.")])
    found = evidence_findings("First-aid posts are placed every 3 km along the route.", spacing)
    assert [f.kind for f in found] == ["figure_conflict"]


@pytest.mark.parametrize(
    "claim", ["The application fee is £27.50", "- The application fee is £27.50", "Fee: £27.50"]
)
def test_a_figure_that_ends_the_claim_is_checked(claim):
    """A bullet or a label often ends on its figure, with no full stop after it."""
    index = evidence_index([("S1", "The application fee is £28.50.")])
    assert [f.kind for f in evidence_findings(claim, index)] == ["figure_conflict"]
    assert evidence_findings("The application fee is £28.50", index) == []


def test_a_wrong_figure_ending_a_bullet_is_refuted_and_a_worked_out_one_is_kept():
    """End to end: the bullet's wrong fee is deleted by ``redact``; the payment worked out
    for the user's 14 weeks (14 × £719) stays: its arithmetic holds, so no span need state
    it (``derived_figures``), and the claim is read on its words."""
    from longtracer_core import check_case
    from longtracer_core.contracts import ClaimOutcome

    sources = [
        {"id": "S1", "text": "The application fee is £28.50."},
        {"id": "S2", "text": "Statutory redundancy pay caps weekly pay at £719."},
    ]
    answer = "Costs:\n- The application fee is £27.50\n- Your statutory payment is £10,066"
    result = check_case(answer, sources, question="I qualify for 14 weeks of pay.")
    fee, pay = result.claims
    assert fee.outcome is ClaimOutcome.REFUTED
    assert pay.outcome is not ClaimOutcome.REFUTED
    assert pay.details["band"] != "unsupported"  # not held down to the figure cap


def test_a_carets_number_is_no_figure():
    index = evidence_index([("S1", "He won the Candidates at the age of 17.")])
    assert evidence_findings("He won the Candidates at the age of 17 ^2", index) == []


def test_a_difference_the_sentence_about_it_gives_is_no_role_finding():
    index = evidence_index(
        [
            ("S1", "The speed limit is 30 mph in towns and 70 mph on motorways."),
            ("S2", "The battery lasts 30 to 40 hours per charge."),
        ]
    )
    assert evidence_findings("The speed limit is 40 mph higher on motorways.", index) == []


@pytest.mark.parametrize("claim", ["The trip takes 150 minutes.", "The trip takes 2.5 hours."])
def test_a_duration_in_two_units_is_one_duration(claim):
    index = evidence_index([("S1", "The trip takes 2 hours 30 minutes by train.")])
    assert evidence_findings(claim, index) == []
    assert [f.kind for f in evidence_findings("The trip takes 140 minutes.", index)] == [
        "figure_conflict"
    ]
    index = evidence_index([("S1", "The trip takes 150 minutes by train.")])
    assert evidence_findings("The trip takes 2 hours 30 minutes.", index) == []


@pytest.mark.parametrize(
    "claim",
    [
        "That is 1,500 mg a day.",
        "Construction began in 1931.",
        "It opened in 1941.",
    ],
)
def test_a_figure_no_computation_gives_is_still_a_conflict(claim):
    assert "figure_conflict" in [f.kind for f in evidence_findings(claim, evidence_index(DOSES))]


def test_a_year_of_another_event_of_the_same_thing_is_no_conflict():
    """The word before a year says which event it dates: the start of the work is not the
    opening, though both sentences speak of the bridge (1937 − four years = 1933)."""
    index = evidence_index([("S1", "The bridge opened in 1937 after four years of work.")])
    found = evidence_findings("Work on the bridge began in 1933.", index)
    assert [f.kind for f in found] == ["figure_absent"]
    found = evidence_findings("The bridge opened in 1941.", index)
    assert [f.kind for f in found] == ["figure_conflict"]


def test_money_is_set_against_money_only():
    """ "$10 billion" is no other reading of "Ariane 5": a conflict needs a figure of its kind."""
    index = evidence_index([("S1", "It lifted off on 25 December 2021 aboard an Ariane 5.")])
    found = evidence_findings("The mission, launched aboard an Ariane 5, cost $10 billion.", index)
    assert "figure_conflict" not in [f.kind for f in found]
    index = evidence_index([("S1", "The Railcard costs £35 for one year or £80 for three years.")])
    found = evidence_findings("The Railcard costs £40 for one year.", index)
    assert [f.kind for f in found] == ["figure_conflict"]


def test_figures_of_the_users_question_are_not_held_against_the_answer():
    index = evidence_index(CHARGING)
    claim = "At 3 miles per kWh, your 240 miles a week needs 80 kWh."
    assert "240" in " ".join(f.text for f in evidence_findings(claim, index))
    question = "I drive 240 miles a week; how much will charging cost?"
    found = evidence_findings(claim, index, (question,))
    assert "240" not in " ".join(f.text for f in found)


def test_ranges_examples_and_values_the_claim_restates_are_no_findings():
    index = evidence_index(CHARGING)
    for claim in (
        "At 3 miles per kWh, 200 miles needs roughly 50–67 kWh.",  # a worked-out range
        "For example, a 60 kWh battery at 7.5p per kWh costs £4.50 to fill.",  # illustration
        "The night rate is 7.5p per kWh, so 10 kWh cost 75p.",  # the claim restates 7.5
    ):
        found = {f.kind for f in evidence_findings(claim, index)}
        assert not {"figure_conflict", "figure_role"} & found, claim
    assert not evidence_findings("For example, 50–67 kWh a week.", index)


def test_sources_read_one_at_a_time_index_as_the_whole_evidence():
    """A verifier reads (and caches) each source alone: the case's index must hold every
    source's names and figures, so a name or figure of the second source is found."""
    from longtracer_core.scoring.names import name_index

    assert INDEX.names == name_index(text for _, text in PRIZE)
    assert [s.source_id for s in INDEX.sentences] == ["S1", "S1", "S2", "S2", "S2"]
    claim = "JAXA landed SLIM within 55 metres of its target, and the prize was founded in 1987."
    assert not evidence_findings(claim, INDEX)


RELEASE = evidence_index(
    [
        ("R1", "Kestrel 4.2 was released on 3 May 2024 with a faster parser."),
        (
            "R2",
            "Proposal 731 gives each worker process its own memory arena, so workers can run "
            "on separate cores. In 4.2 this is only available through the C interface.",
        ),
    ]
)


def test_a_number_in_a_name_or_code_is_no_figure_of_the_evidence():
    """'Proposal 731' names a document: no value the claim's version could be set against
    (as a claim's own 'Proposal 731' is no figure to check)."""
    claim = (
        "Support for a memory arena per worker process was added in 4.2, "
        "which gives each worker its own arena."
    )
    assert kinds_of(claim, RELEASE) == []
    # a figure the aligned sentence states for the same fact is still set against the claim's
    wrong = kinds_of("Kestrel 4.2 was released on 3 May 2023 with a faster parser.", RELEASE)
    assert {"figure_conflict", "figure_absent"} & set(wrong)


@pytest.mark.parametrize("acronym", ["HTTP", "JSON", "SQL", "DNS"])
def test_everyday_technical_acronyms_name_nothing(acronym):
    claim = f"Kestrel 4.2 was released on 3 May 2024 with a faster {acronym} parser."
    assert "name_absent" not in kinds_of(claim, RELEASE)
    assert "name_absent" in kinds_of(claim.replace(acronym, "Falcon"), RELEASE)


def kinds_of(claim: str, index) -> list[str]:
    return [f.kind for f in evidence_findings(claim, index)]


def test_a_source_title_is_name_evidence():
    """A name only the source's title holds is the document's own subject, no absent name;
    a title gives no figures."""
    sources = [("H1", "Employees receive 10 days of paid sick leave per calendar year.")]
    titled = evidence_index(sources, titles=["Norvale Systems – Sick Leave (2025)"])
    claim = "Norvale Systems gives employees 10 days of paid sick leave per calendar year."
    assert "name_absent" in kinds_of(claim, evidence_index(sources))
    assert "name_absent" not in kinds_of(claim, titled)
    assert "name_absent" in kinds_of(claim.replace("Norvale", "Harwick"), titled)
    assert "2025" not in titled.figures.values


MARGIN = evidence_index(
    [
        (
            "M1",
            "Operating margin widened to 18.5% in the third quarter. Shares fell 4% after "
            "the company cut its forecast because of weaker demand in Europe.",
        )
    ]
)


@pytest.mark.parametrize(
    "claim",
    [
        "Operating margin widened to 18.5% in the third quarter, reflecting improved "
        "efficiency and tighter cost control.",
        "Operating margin widened to 18.5%, which has important implications for investors "
        "and pension savers.",
        "Shares fell 4% due to supply constraints in the hardware unit.",
    ],
)
def test_an_elaborating_clause_no_source_holds_keeps_a_claim_uncertain(claim):
    """A clause the sentence adds ('..., reflecting improved efficiency') whose words the
    evidence hardly holds: the claim says more than the sources (never a decisive
    finding: it marks, it does not delete)."""
    (found,) = evidence_findings(claim, MARGIN)
    assert found.kind == "clause_absent" and found.text.startswith("no source states")


@pytest.mark.parametrize(
    "claim",
    [
        "Shares fell 4% because the company cut its forecast on weaker demand in Europe.",
        "Operating margin widened to 18.5%, which happened in the third quarter.",
        "Shares fell 4% after a forecast cut, due to weaker demand in Europe.",
    ],
)
def test_an_elaborating_clause_the_evidence_holds_is_no_finding(claim):
    assert "clause_absent" not in kinds_of(claim, MARGIN)


def test_a_clause_worded_from_the_question_is_the_users_own():
    claim = "Shares fell 4%, which worries long-term holders of the stock."
    assert kinds_of(claim, MARGIN) == ["clause_absent"]
    context = ("I am a long-term holder; is the stock drop something that worries me?",)
    assert [f.kind for f in evidence_findings(claim, MARGIN, context)] == []


ACQUISITION = evidence_index(
    [
        (
            "A1",
            "Brindle Systems agreed to acquire Halcyon Labs for $2.1 billion. Halcyon makes "
            "tools for cloud security. Its staff will join Brindle's cloud division.",
        ),
        ("A2", "A larger cloud provider reported record revenue after a winning quarter."),
    ]
)


def test_a_clause_tying_a_stated_fact_to_one_the_evidence_does_not_tie_is_marked():
    """The main clause is stated; the clause linked to it ("after …") reuses words the
    evidence holds elsewhere, not around that statement: marked, never deleted."""
    claim = (
        "Brindle Systems agreed to acquire Halcyon Labs after winning a bidding contest "
        "against a larger cloud provider."
    )
    (found,) = evidence_findings(claim, ACQUISITION)
    assert found.kind == "clause_unlinked" and found.evidence["source_id"] == "A1"
    assert "clause_unlinked" not in DECISIVE_KINDS and "clause_unlinked" in BLOCKING_KINDS


@pytest.mark.parametrize(
    "claim",
    [
        # the linked clause is stated beside the main one
        "Brindle Systems agreed to acquire Halcyon Labs, which makes tools for cloud security.",
        "Brindle Systems agreed to acquire Halcyon Labs, whose tools are for cloud security.",
        # no main clause the evidence states: nothing to tie to
        "Halcyon was sold after a bidding contest between two cloud providers.",
    ],
)
def test_a_linked_clause_the_evidence_states_beside_its_fact_is_no_finding(claim):
    assert "clause_unlinked" not in kinds_of(claim, ACQUISITION)


def test_a_figure_the_claims_own_count_derives_is_marked_not_refuted():
    """£6,000 a year over "a three-year course" is £18,000: a computation the claim shows,
    so no conflict (marked, never deleted); a product that is no such computation is one."""
    index = evidence_index(
        [("S1", "The scholarship pays £6,000 a year towards living costs for the course.")]
    )
    right = "Over a three-year course the scholarship pays £18,000 towards living costs."
    assert kinds_of(right, index) == ["figure_absent"]
    assert kinds_of(right.replace("18,000", "21,000"), index) == ["figure_conflict"]


def test_a_month_a_count_of_years_after_a_stated_month_is_marked_not_refuted():
    """'first available in October 2022 ... security updates for 5 years' gives October
    2027: marked (no source states it), not refuted as a conflict with October 2022."""
    index = evidence_index(
        [
            (
                "P1",
                "The Vela 7 phone, first available in October 2022, gets security updates "
                "for at least 5 years.",
            )
        ]
    )
    right = "The Vela 7 phone gets security updates until about October 2027."
    assert "figure_conflict" not in kinds_of(right, index)
    wrong = "The Vela 7 phone gets security updates until about October 2029."
    assert "figure_conflict" in kinds_of(wrong, index)


COURT = evidence_index(
    [
        (
            "C1",
            "The European Court of Human Rights ruled in April 2024 that Switzerland had "
            "violated the rights of the association. Japan became the fifth country to land "
            "softly on the Moon.",
        )
    ]
)


@pytest.mark.parametrize(
    ("claim", "absent"),
    [
        ("The European Court of Justice ruled in April 2024 against Switzerland.", "Justice"),
        ("China became the fifth country to land softly on the Moon.", "China"),
    ],
)
def test_a_title_word_ending_a_name_and_a_country_opening_a_sentence_are_names(claim, absent):
    """'Court of Justice' is a name, not a judge's title; 'China' at a sentence start is a
    country, not just a capitalised first word."""
    (found,) = evidence_findings(claim, COURT)
    assert found.kind == "name_absent" and absent in found.text
    assert (
        kinds_of(claim.replace(absent, "Human Rights" if absent == "Justice" else "Japan"), COURT)
        == []
    )


def test_a_first_word_an_apposition_sets_off_is_a_name_the_evidence_must_hold():
    """'Dabrixan, an oral anticoagulant …' names a drug; 'Usually, a …' names nothing."""
    index = evidence_index(
        [("S1", "Velmorant, an oral anticoagulant, was approved in March 2019.")]
    )
    (found,) = evidence_findings("Dabrixan, an oral anticoagulant, was approved in 2019.", index)
    assert found.kind == "name_absent" and "Dabrixan" in found.text
    assert kinds_of("Velmorant, an oral anticoagulant, was approved in 2019.", index) == []
    assert kinds_of("Usually, an oral anticoagulant was approved in 2019.", index) == []


def test_word_support_counts_absent_words_and_words_held_only_by_other_sentences():
    """What the calibration reads: words no source holds, and words stitched in from a
    sentence other than the one that says most of the claim."""
    said = claim_words("The Halberg Prize was awarded to Amara Okafor for coral work.", INDEX)
    assert said == {"absent": 0.0, "absent_share": 0.0, "best_share": 1.0, "spread": 0.0}
    stitched = claim_words("The Halberg Prize was founded by the wind farm's turbines.", INDEX)
    assert stitched["absent"] == 0.0 and stitched["spread"] > 0.0
    assert stitched["best_share"] + stitched["spread"] == pytest.approx(1.0, abs=1e-3)
    invented = claim_words("The Halberg Prize was founded by a wealthy shipping magnate.", INDEX)
    assert invented["absent"] == 3.0 and invented["absent_share"] == 0.5


def test_words_the_claim_took_from_its_context_are_not_counted_absent():
    claim = "The Halberg Prize was founded by a wealthy shipping magnate."
    context = ("a wealthy shipping magnate",)
    assert claim_words(claim, INDEX, context)["absent"] == 0.0


def test_every_assessed_claim_records_its_word_support_for_the_calibration():
    from longtracer_core import CitationVerifier
    from longtracer_core.scoring.calibration import FEATURES, claim_features

    case = CitationVerifier().verify_case(
        "The Halberg Prize was awarded to Amara Okafor. It was founded by a shipping magnate.",
        [text for _, text in PRIZE],
    )
    assessed = [c for c in case.claims if c.outcome is not None]
    assert assessed and all("words" in c.details for c in assessed)
    assert assessed[-1].details["words"]["absent"] >= 2.0
    values = claim_features(assessed[-1].details, assessed[-1].outcome, [])
    assert {"words_absent", "words_spread"} <= set(FEATURES)
    assert values["words_absent"] == assessed[-1].details["words"]["absent"]


def test_the_calibration_reads_whether_a_claim_speaks_to_the_user():
    from longtracer_core import CitationVerifier
    from longtracer_core.scoring.calibration import FEATURES, claim_features

    case = CitationVerifier().verify_case(
        "Okafor won the 2021 Halberg Prize. Your entry would be judged by the same panel.",
        [text for _, text in PRIZE],
    )
    words = [c.details["words"]["addressed"] for c in case.claims if c.outcome is not None]
    assert words == [0.0, 1.0]
    last = [c for c in case.claims if c.outcome is not None][-1]
    assert "words_addressed" in FEATURES
    assert claim_features(last.details, last.outcome, [])["words_addressed"] == 1.0


VOYAGERS = evidence_index(
    [
        ("S1", "In early 2025 Voyager 1 was about 166 AU from Earth."),
        ("S2", "Voyager 2 was about 139 AU away."),
    ]
)
OVERPAY = evidence_index(
    [("S1", "Each year you can overpay up to 10% of the balance, and at least £500.")]
)
BALANCE = ("My balance is £146,000.",)


@pytest.mark.parametrize(
    ("claim", "context"),
    [
        ("That puts Voyager 1 ahead of Voyager 2 by about 27 AU.", ()),  # across sources
        ("Voyager 1 and Voyager 2 are about 305 AU apart in all.", ()),  # a sum
        ("So each year you can overpay up to £14,600 of the balance.", BALANCE),  # 10 % of it
    ],
)
def test_a_figure_worked_out_across_sentences_or_from_the_users_is_no_conflict(claim, context):
    """Arithmetic an answer did on figures of two sentences, or on the user's own, is not
    proof of a wrong figure: never refuted, at most uncertain."""
    index = OVERPAY if context else VOYAGERS
    found = {f.kind for f in evidence_findings(claim, index, context)}
    assert "figure_conflict" not in found


def test_a_figure_stated_twice_derives_no_double_and_a_computed_one_stays_marked():
    index = evidence_index(
        [("S1", "The application fee is £100."), ("S2", "Probation lasts 4 weeks.")]
    )
    found = evidence_findings("The application fee is £200.", index, ("I paid £100.",))
    assert "figure_conflict" in [f.kind for f in found]
    # a difference of two figures of the case: not proof, but marked, never passed silently
    overlap = evidence_index(
        [("S1", "The warranty lasts 5 years."), ("S2", "Parts are guaranteed for 2 years.")]
    )
    assert kinds_of("The warranty lasts 3 years.", overlap) == ["figure_absent"]


def test_a_figure_no_computation_across_the_case_gives_is_still_a_conflict():
    found = {f.kind for f in evidence_findings("Voyager 2 was 141 AU away.", VOYAGERS)}
    assert "figure_conflict" in found
    # hedged it is still wrong: a hedge rounds, it does not turn 139 into 141
    hedged = [f.kind for f in evidence_findings("Voyager 2 was about 141 AU away.", VOYAGERS)]
    assert hedged == ["figure_conflict"]
    # a bound against the sentence's other bound ("at least £500") is marked, never refuted:
    # two bounds may both hold ("more than 300 miles" / "up to 341 miles")
    claim = "So each year you can overpay up to £15,600 of the balance."
    assert [f.kind for f in evidence_findings(claim, OVERPAY, BALANCE)] == ["figure_absent"]


def test_a_lines_first_word_is_no_name():
    """An answer's lines without full stops ("…1977\\nNotable flybys …") are read as one
    claim: the capitalised word that opens a line is English, not a name."""
    index = evidence_index(
        [("V1", "Voyager 1 was launched in 1977 and flew past Jupiter in 1979.")]
    )
    claim = "Voyager 1 was launched in 1977\nNotable flybys: Jupiter in 1979"
    assert "name_absent" not in kinds_of(claim, index)
    assert kinds_of("Voyager 1 was launched in 1977 by Orlen Biotech", index) == ["name_absent"]


FEES = evidence_index(
    [("S1", "Students repay 9% of their income above £25,000. Water costs £4.10 a cubic metre.")]
)


@pytest.mark.parametrize(
    "claim",
    [
        "On £5,000 above the threshold you repay 9% of it, which is £450 a year, or £37.50 a "
        "month.",
        "A household using 55 cubic metres pays 55 × £4.10 = £225.50.",
        # a figure with a percentage of it added: £450 plus 9% is £490.50
        "On £5,000 above the threshold you repay 9% of it, £450; plus 9% more it is £490.50.",
    ],
)
def test_a_figure_the_claim_works_out_from_its_own_earlier_ones_is_no_finding(claim):
    """A result the claim computes in front of the reader from figures it gave before is
    checked by its arithmetic; the operands stay figures to check ("£5,000", "55" are the
    user's own here)."""
    context = ("£5,000", "55 cubic metres")
    assert not [f for f in evidence_findings(claim, FEES, context) if f.kind.startswith("figure")]


@pytest.mark.parametrize(
    "claim",
    [
        # wrong arithmetic: nothing explains £540
        "On £5,000 above the threshold you repay 9% of it, which is £540 a year.",
        # two wrong figures explain each other, never themselves: £540 is still to check
        "On £5,000 above the threshold you repay £540 a year, or £45 a month.",
        # the result before its operands is no computation shown
        "You repay £450 a year: 9% of £5,000.",
    ],
)
def test_a_figure_no_earlier_figure_of_the_claim_works_out_stays_to_check(claim):
    found = evidence_findings(claim, FEES, ("£5,000",))
    assert [f.kind for f in found][:1] == ["figure_absent"], found


JURY = evidence_index(
    [
        ("S1", "Jurors receive an attendance fee of $40 per day."),
        ("S2", "The short-term right to reject lasts 30 days from delivery."),
    ]
)


@pytest.mark.parametrize(
    ("plain", "computed"),
    [
        # a hypothetical: the answer works a figure out for the user's case
        ("The attendance fee is $45 per day.", "For you the attendance fee would be $45 a day."),
        # a quantity restated in brackets in another unit
        (
            "The right to reject lasts 35 days.",
            "At five weeks (35 days) the right to reject is over.",
        ),
    ],
)
def test_a_figure_the_claim_computes_is_marked_and_a_plain_one_refuted(plain, computed):
    """Another value in the evidence proves a figure wrong only where the claim asserts it
    as the evidence's fact; hypothetical or restated it may be the answer's own
    computation from the user's situation: marked (absent), never refuted."""
    assert "figure_conflict" in kinds_of(plain, JURY)
    found = kinds_of(computed, JURY)
    assert "figure_conflict" not in found and "figure_absent" in found


GRANTS = evidence_index(
    [
        ("S1", "Care leavers receive an additional £1,200 a year."),
        ("S2", "The Hardship Fund offers grants of up to £1,500 a year."),
        ("S3", "Applications are assessed within 10 working days."),
        ("S4", "The pool's water is kept at 28 °C all year."),
    ]
)


def test_a_bound_is_met_by_its_own_value_or_a_value_within_it_said_of_the_same_thing():
    """ "Up to £2,500" is no restatement of "up to £1,500", and the case's other sums (£1,200
    for care leavers) or other kinds ("10 working days") do not meet it; a value within the
    bound in the sentence that speaks of it does ("below 30 °C" where it is kept at 28 °C)."""
    wrong = kinds_of("The Hardship Fund offers grants of up to £2,500 a year.", GRANTS)
    assert wrong == ["figure_conflict"]
    assert kinds_of("The Hardship Fund offers grants of up to £1,500 a year.", GRANTS) == []
    assert kinds_of("The pool's water is kept below 30 °C all year.", GRANTS) == []
    assert kinds_of("The pool's water is kept below 25 °C all year.", GRANTS) == ["figure_conflict"]


def test_a_figure_in_the_claims_own_sum_with_a_count_is_no_conflict():
    """ "26 days plus the 8 bank holidays, 34 days in total" works 26 out with a count: the
    answer may have added a day the user's service earns, so 26 against the evidence's 25
    is marked, not refuted; stated alone it is refuted. Money never adds a count: "£40 for
    2 adults and £42 for a family" works out no £42."""
    index = evidence_index([("S1", "Staff receive 25 days' paid leave plus the 8 bank holidays.")])
    summed = "You get 26 days plus the 8 bank holidays, 34 days in total."
    assert kinds_of(summed, index) == ["figure_absent"]
    assert "figure_conflict" in kinds_of("You get 26 days' paid leave.", index)
    fares = evidence_index([("S1", "A family ticket costs £45.")])
    priced = "A ticket costs £40 for 2 adults, and a family ticket costs £42."
    assert {"figure_conflict", "figure_absent"} & set(kinds_of(priced, fares))


UNITS = [
    (
        "S1",
        "A typical 4 kWp solar system in the south of England generates around 3,400 kWh a "
        "year. A full recharge takes around 6 hours. Jamaica set the 4x100 m relay record "
        "of 36.84 seconds at London 2012. Raise your weekly distance by no more than 10%.",
    ),
    ("S2", "The lake covers 735 km², and the park 12 hectares. The pass costs £12."),
]


@pytest.mark.parametrize(
    ("claim", "written"),
    [
        ("A typical solar system in the south of England generates 3,400 kW a year.", "3,400 kW"),
        ("Jamaica set the 4x100 m relay record of 36.84 minutes at London 2012.", "36.84 minutes"),
        ("A full recharge takes around 6 minutes.", "6 minutes"),
    ],
)
def test_a_number_the_sentence_about_it_gives_in_another_unit_is_a_unit_conflict(claim, written):
    """The number of one fact with the unit of another: decisive, and the finding says
    which unit the claim wrote and quotes the sentence that gives the other."""
    (found,) = [
        f for f in evidence_findings(claim, evidence_index(UNITS)) if f.kind.startswith("unit")
    ]
    assert found.kind == "unit_conflict" and found.kind in DECISIVE_KINDS
    assert found.evidence == {"claimed": written, "source_id": "S1"}


@pytest.mark.parametrize(
    "claim",
    [
        "A typical solar system in the south of England generates 3,400 kilowatt hours a year.",
        "A typical solar system in the south of England generates 3.4 MWh a year.",  # converted
        "A full recharge takes around 360 minutes.",  # converted
        "The lake covers 735 square kilometres.",  # "km²" is square kilometres
        "The park covers 0.12 km2.",  # a conversion of hectares
        "Jamaica set the 4x100 m relay record of 36.84 s at London 2012.",
    ],
)
def test_a_number_in_its_own_unit_or_converted_is_no_unit_finding(claim):
    found = [f.kind for f in evidence_findings(claim, evidence_index(UNITS))]
    assert "unit_conflict" not in found and "figure_absent" not in found


def test_a_number_in_another_unit_elsewhere_only_marks_and_durations_not_even_that():
    """Only the sentence that speaks of the claim proves a unit wrong: a number held by
    another sentence in another unit leaves the claim's figure absent as written (marked);
    a duration (too often worked out: "the pass pays for itself after 12 days") not even
    that."""
    index = evidence_index(UNITS)
    found = evidence_findings("Cut your weekly distance if you run 10 km.", index)
    assert [f.kind for f in found if f.kind.endswith(("absent", "conflict"))] == ["figure_absent"]
    assert "another unit" in found[-1].text
    assert evidence_findings("The pass pays for itself after 12 days of travel.", index) == []


def test_a_measure_in_the_unit_a_rate_is_per_is_marked_not_a_unit_conflict():
    """A figure of "3 hours" where the sentence about it gives "£3 per hour" may be
    the measure the rate is applied to ("Hiring a bike for 3 hours costs £9"), so it is
    marked absent as written, never deleted as the rate's number in another unit."""
    hire = evidence_index([("S1", "Bikes can be hired for £12 per day or £3 per hour.")])
    for claim in ("Hiring a bike for 3 hours costs £9.", "The bike ride takes 3 hours."):
        found = [f.kind for f in evidence_findings(claim, hire)]
        assert "unit_conflict" not in found and "figure_absent" in found
    # found in review: the number must be the rate's own, not another figure's
    course = evidence_index(
        [("S1", "The evening class runs for 10 weeks; each session costs £6 per hour.")]
    )
    found = [f.kind for f in evidence_findings("The evening class runs for 10 hours.", course)]
    assert "unit_conflict" in found


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        # met by rounding, a hedge or a bound once the coinciding number is set aside
        (
            "Prices rose by 12% over the year to March.",
            "Prices rose 12.2% in the 12 months to March.",
        ),
        ("Around 30% of adults are affected.", "Some 29.6% of adults are affected within 30 days."),
        ("The subscription costs about £12 a month.", "It costs £11.99 a month for 12 months."),
        ("The bag weighs 12 kg.", "The bag weighs 12.2 kg, up 12% on last year."),
        (
            "The journey takes less than 50 minutes.",
            "The journey takes 45 minutes, and railcard holders get 50% off.",
        ),
        # worked out from the sentence's other figures
        (
            "She lost 15 kg between January and June.",
            "She weighed 80 kg in January and 65 kg in June, and her risk fell by 15%.",
        ),
        (
            "The child ticket is £20 cheaper.",
            "The adult ticket is £45 and the child ticket £25, a saving of 20%.",
        ),
        # "pounds" may be money or weight
        ("The baby weighed 10 lb at birth.", "The baby weighed 10 pounds at birth."),
    ],
)
def test_a_number_met_otherwise_or_worked_out_is_no_unit_finding(claim, source):
    """Found in review: the unit check must not outrun the figure check it follows."""
    found = [f.kind for f in evidence_findings(claim, evidence_index([("S1", source)]))]
    assert "unit_conflict" not in found and "figure_absent" not in found


@pytest.mark.parametrize(
    ("claim", "source", "written"),
    [
        ("Output is 20 megawatt hours.", "Output is 20 MW.", "20 megawatt hours"),
        (
            "It generates 3,400 kilowatt hours a year.",
            "It generates 3,400 kW a year.",
            "3,400 kilowatt hours",
        ),
        (
            "The lake covers 735 square kilometres.",
            "The lake is 735 km long.",
            "735 square kilometres",
        ),
        ("Unemployment fell to 4 per cent.", "Unemployment fell for 4 months.", "4 per cent"),
    ],
)
def test_the_unit_finding_quotes_the_unit_the_claim_wrote(claim, source, written):
    (found,) = [f for f in evidence_findings(claim, evidence_index([("S1", source)])) if f.text]
    assert found.evidence["claimed"] == written


CALENDAR = evidence_index(
    [
        ("S1", "Spots usually crust over around 5 days after the first spots came out."),
        ("S2", "Training for the marathon on 12 October takes 16 to 18 weeks."),
        ("S3", "The consultation opened on 2 September 2024 and runs for 12 weeks."),
    ]
)


@pytest.mark.parametrize(
    ("claim", "question"),
    [
        # the user's date plus the source's 5 days
        (
            "If her spots came out on 3 March, expect them to crust over on 8 March.",
            "Her spots came out on 3 March.",
        ),
        ("Expect them to crust over on 8 March.", "Her spots came out on 3 March."),
        # the source's date less its 16 or 18 weeks
        ("For the marathon on 12 October, begin training by 22 June, or by 8 June.", ""),
        # a date of the sentence closest to the claim and its duration (found in review:
        # this correct sentence had been refuted)
        ("The consultation closes on 25 November 2024.", ""),
    ],
)
def test_a_stated_date_a_stated_duration_away_is_worked_out(claim, question):
    """A date no source states, that a date the evidence or the user states gives with a
    duration the evidence states, is checked by its arithmetic, never marked absent."""
    found = evidence_findings(claim, CALENDAR, (question,) if question else ())
    assert not [f for f in found if f.kind.startswith("figure")], found


@pytest.mark.parametrize(
    "claim",
    [
        "Her spots came out on 3 March, so expect them to crust over on 9 March.",
        "For the marathon on 12 October, begin training by 29 June.",
        # a date only the claim states is no date to count from
        "Her spots came out on 3 March, so expect them to crust over on 8 March.",
        # two dates no one states never explain each other: 19 October less 16 weeks
        "For the marathon on 19 October, begin training by 29 June.",
        # the sentence counts forwards ("after"): 5 days before the spots is no step
        "Her spots came out on 3 March, so they should crust over around 26 February.",
    ],
)
def test_a_date_no_stated_date_and_duration_give_stays_to_check(claim):
    assert {"figure_absent", "figure_conflict"} & set(kinds_of(claim, CALENDAR))


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        # found in review: a currency code or sign glued to its figure is money, no code
        (
            "The Pro plan costs €500 a month, while the Enterprise plan costs EUR900 a month.",
            "The Enterprise plan costs more than €800 a month.",
        ),
        (
            "The Pro plan costs USD500 a month, while the Enterprise plan costs $900 a month.",
            "The Pro plan costs less than $600 a month.",
        ),
    ],
)
def test_a_sum_of_money_glued_to_its_code_meets_a_bound(source, claim):
    assert not [f for f in evidence_findings(claim, evidence_index([("S1", source)]))]


def test_the_number_of_a_code_states_no_quantity_a_bound_could_meet():
    """ "/v2/" is a version, not two of anything: "up to 70 shipments" is not met by it
    where the sentence says up to 100."""
    index = evidence_index(
        [
            (
                "S1",
                "Use the batch endpoint POST /v2/shipments/batch, which accepts up to 100 "
                "shipments in a single call.",
            )
        ]
    )
    assert kinds_of("The batch endpoint accepts up to 70 shipments in a single call.", index) == [
        "figure_conflict"
    ]
    assert kinds_of("The batch endpoint accepts up to 100 shipments in a single call.", index) == []


def test_a_weekday_the_claims_own_count_bears_out_is_covered():
    """Monday 3 March, five days on, is a Saturday: the weekday of a worked date follows
    from the weekday the claim writes before the date counted from; another does not."""
    question = ("Her spots came out on Monday 3 March.",)
    right = "Her spots came out on Monday 3 March, so they crust over on Saturday 8 March."
    wrong = "Her spots came out on Monday 3 March, so they crust over on Sunday 8 March."
    assert not evidence_findings(right, CALENDAR, question)
    assert kinds_of_with(wrong, question) == ["figure_absent"]


def kinds_of_with(claim: str, context: tuple[str, ...]) -> list[str]:
    return [f.kind for f in evidence_findings(claim, CALENDAR, context)]


def test_a_date_at_the_end_of_the_calendar_counts_nothing_and_breaks_nothing():
    """Found in review: "31 December 9999" plus 30 days is beyond the calendar; the case
    must still end with its claims read, and the date worked out from 2 May is kept."""
    from longtracer_core import check_case

    result = check_case(
        "The 31 December 9999 end date just means your contract is open-ended. With 30 "
        "days' notice from 2 May 2025, your last day would be 1 June 2025.",
        [
            {
                "id": "S1",
                "text": "Staff must give 30 days' notice before leaving. An end date of 31 "
                "December 9999 in the HR system marks an open-ended contract.",
            }
        ],
        question="My contract ends on 31 December 9999. If I resign on 2 May 2025, when is "
        "my last day?",
    )
    assert result.claims and result.execution.value != "ERROR"
    (last_day,) = [c for c in result.claims if "1 June" in c.claim_text]
    assert not str((last_day.details.get("finding") or {}).get("kind", "")).startswith("figure")


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        # a bound another bound of the sentence lies beyond (found in review: deleted)
        (
            "The Model S has a range of up to 405 miles, and the Model 3 has a range of up "
            "to 341 miles.",
            "The Model 3 has a range of more than 300 miles.",
        ),
        # a number with its group separator is no model code ("R1" of "R1,000")
        (
            "A standard room at the lodge costs R500 per night, and a family room costs R900.",
            "A standard room at the lodge costs less than R1,000 per night.",
        ),
    ],
)
def test_a_correct_bound_is_never_refuted(source, claim):
    found = {f.kind for f in evidence_findings(claim, evidence_index([("S1", source)]))}
    assert not found & DECISIVE_KINDS


def test_a_price_no_source_states_beside_its_sibling_is_still_found():
    index = evidence_index(
        [("S1", "A standard room at the lodge costs R500 per night, and a family room costs R900.")]
    )
    assert kinds_of("A standard room at the lodge costs R700 per night.", index) == ["name_absent"]
