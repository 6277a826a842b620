"""A claim that copies an evidence sentence with another name of the case in it
(``scoring.name_swap``): marked uncertain, never deleted; a name written another way, a
capitalised opener and a sentence the claim's own name also says are left alone."""

from __future__ import annotations

import pytest

from longtracer_core import check_case
from longtracer_core.contracts import ClaimOutcome
from longtracer_core.scoring.evidence import evidence_findings, evidence_index

DEAL = [
    (
        "S1",
        "Brindle's chief executive, Marcus Lee, said the acquisition would add about 400 "
        "engineers to the company's security division. Halcyon was founded in 2018 by Priya "
        "Raman and Jonah Feld.",
    ),
    (
        "S2",
        "Multipoint is switched off by default on the WH-50 and must be enabled in the "
        "Sonora app. The WF-20 earbuds have no multipoint at all.",
    ),
    (
        "S3",
        "Infringements of the obligations under Arts. 33 and 34 can attract fines of up to "
        "10 million euros. U.S. surveillance programmes were not limited to what is strictly "
        "necessary.",
    ),
    (
        "S4",
        "PEP 684 gives each sub-interpreter its own Global Interpreter Lock. A Python-level "
        "API was proposed separately in PEP 554.",
    ),
]
INDEX = evidence_index(DEAL)


def found(claim: str) -> list[dict[str, str]]:
    return [f.as_dict() for f in evidence_findings(claim, INDEX) if f.kind == "name_binding"]


@pytest.mark.parametrize(
    ("claim", "claimed", "stated"),
    [
        (
            "Brindle's chief executive, Jonah Feld, said the acquisition would add about 400 "
            "engineers to the company's security division.",
            "Jonah Feld",
            "Marcus Lee",
        ),
        (
            "Multipoint is switched off by default on the WF-20 and has to be enabled in the "
            "Sonora app.",
            "WF-20",
            "WH-50",
        ),
        # a name's number put for another: no figure the figure checks read
        (
            "In 3.12, PEP 554 gives every sub-interpreter its own Global Interpreter Lock.",
            "PEP 554",
            "PEP 684",
        ),
    ],
)
def test_a_copied_sentence_with_another_name_of_the_case_is_found(claim, claimed, stated):
    (finding,) = found(claim)
    assert (finding["claimed"], finding["stated"]) == (claimed, stated)


@pytest.mark.parametrize(
    "claim",
    [
        # the sentence's own name
        "Brindle's chief executive, Marcus Lee, said the deal would add about 400 engineers "
        "to the company's security division.",
        # the same name written another way: an abbreviation, an acronym
        "Infringements of the obligations under Articles 33 and 34 can attract fines of up "
        "to 10 million euros.",
        "American surveillance programmes were not limited to what is strictly necessary.",
        # the right number of a name
        "In 3.12, PEP 684 gives every sub-interpreter its own Global Interpreter Lock.",
        # a capitalised opener is no name put for another (the sentence opens with its own)
        "Jonah Feld, Brindle's chief executive, said the acquisition would add about 400 "
        "engineers to the company's security division.",
    ],
)
def test_the_sentences_own_name_or_another_form_of_it_is_no_swap(claim):
    assert found(claim) == []


@pytest.mark.parametrize(
    ("evidence", "claim"),
    [
        # found in review: a title and a surname, an alias or a part the evidence writes
        # with the name, a given name cut short
        (
            "Dr Amira Haddad leads the trial. The trial's lead investigator, Amira Haddad, "
            "said the early results were encouraging.",
            "The trial's lead investigator, Dr Haddad, said the early results were encouraging.",
        ),
        (
            "Myanmar was called Burma until 1989. Under military rule, Myanmar's economy "
            "stagnated for decades while its neighbours grew quickly.",
            "Under military rule, Burma's economy stagnated for decades while its neighbours "
            "grew quickly.",
        ),
        (
            "Meta Platforms owns Facebook and Instagram. In January, Meta said it would spend "
            "up to $65 billion on data centres this year.",
            "In January, Facebook's parent company said it would spend up to $65 billion on "
            "data centres this year.",
        ),
        (
            "Brindle's chief executive, Marcus Lee, said the deal would add about 400 "
            "engineers. Lee, known to colleagues as Marc, joined Brindle in 2015.",
            "Brindle's chief executive, Marc Lee, said the deal would add about 400 engineers.",
        ),
        # a description stands in for the name
        (
            "On Friday, the Kremlin said the talks would resume in May. Russia and Ukraine "
            "last met in March.",
            "On Friday, Russia said the talks would resume in May.",
        ),
    ],
)
def test_a_name_the_evidence_gives_the_same_thing_is_no_swap(evidence, claim):
    index = evidence_index([("S1", evidence)])
    assert not [f for f in evidence_findings(claim, index) if f.kind == "name_binding"]


def test_a_sentence_that_names_the_claims_name_and_says_it_too_clears_the_claim():
    index = evidence_index(
        [
            *DEAL,
            ("S4", "Multipoint is switched off by default on the WF-20 too and must be enabled "
             "in the Sonora app."),
        ]
    )  # fmt: skip
    claim = "Multipoint is switched off by default on the WF-20 and must be enabled in the app."
    assert not [f for f in evidence_findings(claim, index) if f.kind == "name_binding"]


def test_a_swapped_name_marks_the_sentence_uncertain_and_never_deletes_it():
    answer = (
        "Brindle is buying Halcyon. Brindle's chief executive, Jonah Feld, said the "
        "acquisition would add about 400 engineers to the company's security division."
    )
    result = check_case(answer, [{"id": s, "text": t} for s, t in DEAL])
    swapped = [c for c in result.claims if "Jonah Feld" in c.claim_text]
    assert swapped and all(c.outcome is ClaimOutcome.UNCERTAIN for c in swapped)
    assert any("Marcus Lee" in (c.finding or "") for c in swapped)
    assert not any(c.outcome is ClaimOutcome.REFUTED for c in result.claims)


RACE = evidence_index(
    [
        (
            "S1",
            "Timing is provided by ChipLine, and your chip is built into your bib. Medical cover "
            "along the route is provided by Harbourside Ambulance Trust, with first-aid posts at "
            "every 5 km marker and at the finish.",
        )
    ]
)


def race(claim: str) -> list[dict[str, str]]:
    return [f.as_dict() for f in evidence_findings(claim, RACE) if f.kind == "name_binding"]


@pytest.mark.parametrize(
    "claim",
    [
        # the sentence's own name, worded anew around it
        "Medical cover comes from Harbourside Ambulance Trust, with first-aid posts every 5 km "
        "and at the finish.",
        "Medical cover comes from the ambulance trust, with first-aid posts every 5 km and at "
        "the finish.",
    ],
)
def test_a_longer_wording_around_the_same_name_is_no_swap(claim):
    assert race(claim) == []


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        # found in review: the long stretch's names are those of a description before them
        (
            "The ceasefire was brokered by Norway after talks that lasted three days.",
            "Norway has acted as a mediator in the conflict since 2019. The ceasefire was brokered "
            "by a small team led by the country's veteran special envoy, Ingrid Solberg, after "
            "talks that lasted three days.",
        ),
        (
            "The warning was issued by the Met Office for the whole of northern Scotland on Sunday.",
            "The Met Office is the UK's national weather service. The warning was issued by the "
            "weather service's senior duty forecaster, Callum Reid, for the whole of northern "
            "Scotland on Sunday.",
        ),
        (
            "The bridge over the river links Tarnby with the ferry port and carries 30,000 "
            "vehicles a day.",
            "The town of Tarnby sits on the east bank of the river Ouse. The bridge over the river "
            "links the old market quarter on the east bank known as Fishergate with the ferry port "
            "and carries 30,000 vehicles a day.",
        ),
    ],
)
def test_names_a_long_stretch_describes_are_no_swap(claim, evidence):
    """Correct sentences the first version of the long-stretch reading marked."""
    index = evidence_index([("S1", evidence)])
    assert [f for f in evidence_findings(claim, index) if f.kind == "name_binding"] == []
