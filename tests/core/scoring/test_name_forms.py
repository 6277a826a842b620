"""A name in another form people write it is held; a name the evidence lacks still refutes.

Each correct sentence below once ended ``name_absent`` (a deletion): an acronym the
evidence spells out, a demonym made from its place, a place of several words the evidence
writes short, a feast day for its date, a weekday cut short, a word in capitals for
emphasis, a letter NFKD leaves whole. Beside each, a wrong name still ends ``name_absent``.
"""

from __future__ import annotations

import pytest

from longtracer_core.scoring.evidence import evidence_findings, evidence_index
from longtracer_core.scoring.spelled_out import phrase_tokens, spelled_by


def kinds(source: str, claim: str) -> list[str]:
    index = evidence_index([("S1", source)])
    return [f.kind for f in evidence_findings(claim, index, ())]


def name_kinds(source: str, claim: str) -> list[str]:
    return [k for k in kinds(source, claim) if k in ("name_absent", "acronym_absent")]


@pytest.mark.parametrize(
    ("acronym", "text", "reading"),
    [
        ("GCHQ", "The Government Communications Headquarters is based in Cheltenham.", "capitals"),
        # a later letter only of a word whose initial the acronym took, and a run of
        # capitals spelled to its end
        ("JAXA", "The Japan Aerospace Exploration Agency landed its probe.", None),
        (
            "MHRA",
            "The Medicines and Healthcare products Regulatory Agency approved it.",
            "capitals",
        ),
        ("RSPCA", "The Royal Society for the Prevention of Cruelty to Animals said.", "capitals"),
        ("WIC", "The Program for Women, Infants, and Children serves 6.7 million.", "capitals"),
        ("SOX", "The Sarbanes-Oxley Act of 2002 requires it.", None),
        ("NIH", "The National Health Service funded it.", None),
        ("FDA", "The Food Standards Agency approved it.", None),
        ("WTO", "The World Health Organization issued guidance.", None),
        ("IMF", "the industry around million in the first year", None),
        ("IVF", "The NHS may fund three cycles of in vitro fertilisation.", "lowercase"),
        ("NSAID", "Ibuprofen is a non-steroidal anti-inflammatory drug.", "lowercase"),
        ("ROI", "The campaign delivered a return on investment of 320%.", "lowercase"),
        # never by a function word that links no name, a later letter among lowercase words,
        # a lowercase run for two letters, or across a verb in a capitalised run
        ("RAC", "The rates are calculated each year.", None),
        ("RAC", "Most rapid chargers add 100 miles.", None),
        ("UK", "We used knives to cut it.", None),
        ("NASA", "The National Snow and Ice Data Center, based in Boulder.", None),
        ("RMC", "Royal Mail delivers all Christmas cards.", None),
        ("FDA", "The European Medicines Agency approved the drug.", None),
    ],
)
def test_an_acronym_spelled_out(acronym, text, reading):
    assert spelled_by(acronym, phrase_tokens(text)) == reading


@pytest.mark.parametrize(
    ("source", "right", "wrong"),
    [
        (
            "The Government Communications Headquarters is based in Cheltenham.",
            "GCHQ is based in Cheltenham.",
            "MI5 and the NCA are based in Cheltenham.",
        ),
        (
            "UNESCO added the Old Town of Tallinn to its World Heritage List in 1997.",
            "The United Nations Educational, Scientific and Cultural Organization listed "
            "Tallinn's Old Town in 1997.",
            "The Smithsonian Institution listed Tallinn's Old Town in 1997.",
        ),
        (
            "The UK's state pension age is currently 66 for both men and women.",
            "The state pension age in the United Kingdom is 66.",
            "The state pension age in the United States is 66.",
        ),
        (
            "Uruguay legalised recreational cannabis in 2013.",
            "The Uruguayan government legalised recreational cannabis in 2013.",
            "The Paraguayan government legalised recreational cannabis in 2013.",
        ),
        (
            "About 55% of households in New York City do not own a car.",
            "About 55% of New Yorkers' households don't own a car.",
            "About 55% of Bostonians' households don't own a car.",
        ),
        (
            "The office closes at noon on 24 December.",
            "The office closes at noon on Christmas Eve.",
            "The office closes at noon on Christmas Eve in Harrogate.",
        ),
        (
            "The farmers' market runs on Saturday and Sunday mornings.",
            "The farmers' market is on Sat and Sun mornings.",
            "The farmers' market is on Sat mornings at Borough Yard.",
        ),
        (
            "The Øresund Bridge links Copenhagen and Malmö.",
            "The Oresund Bridge connects Copenhagen and Malmo.",
            "The Oresund Bridge connects Copenhagen and Gdansk.",
        ),
        (
            "The Habsburg dynasty ruled Austria for over six centuries.",
            "The Hapsburgs ruled Austria for more than six centuries.",
            "The Romanovs ruled Austria for more than six centuries.",
        ),
        (
            "Pyotr Ilyich Tchaikovsky composed the ballet The Nutcracker.",
            "Chaikovsky composed the ballet The Nutcracker.",
            "The ballet The Nutcracker was composed by Prokofiev.",
        ),
        # a US state and the code the post writes for it in capitals, either way round
        (
            "The steel plant in Gary, IN, opened in 1908.",
            "The steel plant in Gary, Indiana, opened in 1908.",
            "The steel plant in Gary, Ohio, opened in 1908.",
        ),
        (
            "The steel plant in Gary, Indiana, opened in 1908.",
            "The steel plant in Gary, IN, opened in 1908.",
            "The steel plant in Gary, OH, opened in 1908.",
        ),
    ],
)
def test_a_name_in_another_form_is_held_and_another_name_is_not(source, right, wrong):
    assert name_kinds(source, right) == []
    assert name_kinds(source, wrong) == ["name_absent"]


def test_an_acronym_only_lowercase_words_spell_out_marks_and_never_deletes():
    source = "The NHS may fund up to three cycles of in vitro fertilisation for women under 40."
    assert name_kinds(source, "Women under 40 may get up to three NHS-funded IVF cycles.") == [
        "acronym_absent"
    ]
    assert name_kinds(source, "Women under 40 may get up to three NHS-funded ICSI cycles.") == [
        "name_absent"
    ]


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        ("Do not mix bleach with ammonia-based cleaners.", "NEVER mix bleach with ammonia."),
        ("Unplug the iron before filling the tank.", "ALWAYS unplug the iron first."),
    ],
)
def test_an_everyday_word_in_capitals_is_no_name(source, claim):
    assert name_kinds(source, claim) == []


def test_two_spellings_a_short_stem_apart_are_no_spelling():
    source = "The watch competes with the Garmin Venu 3. Its app store is small."
    assert name_kinds(source, "The watch competes with the Apple Watch.") == ["name_absent"]


@pytest.mark.parametrize(
    ("source", "right", "wrong"),
    [
        (
            "The Quran is divided into 114 chapters called surahs.",
            "The Koran has 114 chapters, or surahs.",
            "The Talmud has 114 chapters, or surahs.",
        ),
        (
            "The Second World War ended in Europe on 8 May 1945.",
            "World War II ended in Europe on 8 May 1945.",
            "The Treaty of Versailles ended the war in Europe on 8 May 1945.",
        ),
        (
            "The Academy Awards ceremony gave the film seven awards in 2024.",
            "The film won seven Oscars in 2024.",
            "The film won seven Baftas and the Palme d'Or in 2024.",
        ),
        (
            "Direct trains run from Wien Hauptbahnhof to Budapest every two hours.",
            "There are direct trains from Vienna's main station to Budapest every two hours.",
            "There are direct trains from Graz's main station to Budapest every two hours.",
        ),
    ],
)
def test_an_alias_people_write_is_held_and_another_name_is_not(source, right, wrong):
    assert name_kinds(source, right) == []
    assert name_kinds(source, wrong) == ["name_absent"]


@pytest.mark.parametrize(
    ("source", "right", "wrong"),
    [
        # a name inside a hyphenated word, read in every form; the rest of the word is no
        # name evidence ("made" holds no "Korean")
        (
            "Octopus Energy supplies more than 6 million households in the United Kingdom.",
            "Octopus is a UK-based supplier serving more than 6 million households.",
            "Octopus is a US-based supplier serving more than 6 million households.",
        ),
        (
            "The phones are made in China and sold worldwide.",
            "The phones are Chinese-made and sold worldwide.",
            "The phones are Korean-made and sold worldwide.",
        ),
        # a country's adjective before a currency the evidence writes by its code
        (
            "A day pass for Zurich's zone 110 costs CHF 8.80 for adults.",
            "A day pass for Zurich's zone 110 costs 8.80 Swiss francs.",
            "A day pass for Zurich's zone 110 costs 8.80 Danish kroner.",
        ),
        # "+" written out, a code's letters apart from its number, a plural weekday
        (
            "The Samsung Galaxy S24+ has a 4,900 mAh battery.",
            "The Galaxy S24 Plus has a 4,900 mAh battery.",
            "The Galaxy S24 Ultra has a 4,900 mAh battery.",
        ),
        (
            "The shop opens on Saturdays from 11am to 4pm.",
            "Opening hours: Sat 11am–4pm.",
            "Opening hours: Sat 11am–4pm at the Leeds branch.",
        ),
        # a place whose adjective the evidence writes
        (
            "Amazonian tribes have lived in the forest for thousands of years.",
            "Tribes in the Amazon have lived in the forest for thousands of years.",
            "Tribes in the Congo have lived in the forest for thousands of years.",
        ),
    ],
)
def test_a_name_in_a_compound_or_beside_its_currency_is_held(source, right, wrong):
    assert name_kinds(source, right) == []
    assert name_kinds(source, wrong) == ["name_absent"]


def test_the_place_whose_clock_a_time_is_told_by_only_marks():
    source = "The match kicks off at 21:00 CET in Madrid."
    assert name_kinds(source, "That's 8pm UK time.") == ["acronym_absent"]
    assert name_kinds(source, "The match kicks off in Lisbon.") == ["name_absent"]
    assert name_kinds(source, "At 8pm the Brazil Time festival opens.") == ["name_absent"]


@pytest.mark.parametrize(
    ("source", "wrong"),
    [
        # found in review: each was held by a first version of a rule above
        ("The minister, Jeremy Hunt, announced the budget.", "The minister, Jeremy Hunter, spoke."),
        ("The army of Niger took control of the capital.", "The Nigerian army took control."),
        ("A day pass costs CHF 8.80 for adults.", "A day pass costs 8.80 French francs."),
        ("A day pass costs NOK 80 for adults.", "A day pass costs 80 Danish kroner."),
        ("The story was reported by the Times on Sunday.", "The story was reported by The Sun."),
        ("The Galaxy S24 costs £999, with 50+ new features.", "The Galaxy S24 Plus costs £999."),
        ("The parade is on 4 July, after 1 day of rehearsals.", "The parade is on Canada Day."),
        ("World War II began on 1 September 1939.", "World War One began on 1 September 1939."),
        ("The Paris to London route opens in May.", "The Paris-Berlin route opens in May."),
    ],
)
def test_a_wrong_name_in_another_form_is_still_absent(source, wrong):
    assert name_kinds(source, wrong) == ["name_absent"]


@pytest.mark.parametrize(
    ("source", "right", "wrong"),
    [
        # found in a second review: each right one was deleted by a first fix
        (
            "The fireworks start at midnight on 31 December.",
            "The fireworks start at midnight on New Year's Eve.",
            "The fireworks start at midnight on Diwali in Leeds.",
        ),
        (
            "The Roland-Garros final was played on Sunday.",
            "The French Open final was played on Sunday.",
            "The Italian Open final was played on Sunday.",
        ),
        (
            "Voters in New York voted early.",
            "New Yorkers voted early.",
            "Early voters were mostly Bostonians.",
        ),
        (
            "Fiji plays rugby sevens.",
            "Fijian rugby sevens is strong.",
            "The Samoan rugby sevens side is strong.",
        ),
        ("The shop opens on Saturdays.", "The shop opens on Sat.", "The shop opens at Selfridges."),
        (
            "The UK and France signed a deal.",
            "The Anglo-French deal was signed.",
            "The Sino-French deal was signed.",
        ),
    ],
)
def test_a_name_the_first_fixes_missed_is_held(source, right, wrong):
    assert name_kinds(source, right) == []
    assert name_kinds(source, wrong) == ["name_absent"]


@pytest.mark.parametrize(
    ("source", "wrong"),
    [
        (
            "Japan will launch the probe at 8pm Japan time.",
            "China will launch it at 8pm China time.",
        ),
        ("The International Court of Justice ruled on the case.", "The IOC ruled on the case."),
    ],
)
def test_a_wrong_name_the_first_fixes_let_through_is_absent(source, wrong):
    assert name_kinds(source, wrong) == ["name_absent"]


def test_an_adjective_of_two_words_names_its_currency():
    assert name_kinds("In Zurich, CHF is used.", "In Zurich Swiss francs are used.") == []
    assert name_kinds("The ticket costs HKD 50.", "The ticket costs 50 Hong Kong dollars.") == []
    assert name_kinds("The ticket costs ZAR 50.", "The ticket costs 50 South African rand.") == []
    assert name_kinds("The ticket costs HKD 50.", "The ticket costs 50 South African rand.") == [
        "name_absent"
    ]
