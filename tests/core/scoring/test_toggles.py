"""A claim that says an evidence clause with its negation toggled, or with one word swapped
for its opposite, is refuted; the ways people word a negation anew, bound a figure, give
advice or turn a comparison around are not read as toggles."""

from __future__ import annotations

import pytest

from longtracer_core import CitationVerifier, check_case
from longtracer_core.contracts import ClaimOutcome
from longtracer_core.scoring.evidence import evidence_findings, evidence_index
from longtracer_core.testing import HashEmbedder

SOURCES = [
    (
        "S1",
        "The Moravia shingles vaccine is given as two doses. The Moravia vaccine cannot "
        "cause shingles because it does not contain live virus. Pharmacists can give the first dose, "
        "but the second dose must not be given earlier than two months after the first.",
    ),
    (
        "S2",
        "The Tessel Bridge was never completed. Residents in the valley do not need a permit "
        "to fish in the lower lake, even if they fish from a boat. Not only trout but also "
        "pike live in the lake. No lake in the county holds more pike than Lake Tessel. "
        "Never swim in the upper lake without a lifeguard.",
    ),
    (
        "S3",
        "Exports of wool from Marlow declined after the plague. The Corran Bridge was "
        "completed three years before the Harbour Tower. Ozone levels near the ground are "
        "higher in summer than in winter. The canal is longer than the railway.",
    ),
]
INDEX = evidence_index(SOURCES)


def kinds(claim: str) -> list[str]:
    return [f.kind for f in evidence_findings(claim, INDEX)]


@pytest.mark.parametrize(
    "claim",
    [
        "The Moravia vaccine contains live virus.",  # the subject from the main clause
        "The Tessel Bridge was completed.",  # "never" dropped
        "Residents in the valley need a permit to fish in the lower lake.",
    ],
)
def test_a_claim_that_drops_the_evidence_negation_is_found(claim):
    assert "negation_conflict" in kinds(claim)


def test_a_claim_that_adds_a_negation_the_evidence_lacks_is_found():
    assert "negation_conflict" in kinds("Pharmacists cannot give the first dose.")


def test_the_finding_quotes_the_clause_it_contradicts():
    (found,) = [f for f in evidence_findings("The Tessel Bridge was completed.", INDEX)]
    assert found.kind == "negation_conflict"
    assert found.evidence["source_id"] == "S2"
    assert "never completed" in found.text


@pytest.mark.parametrize(
    "claim",
    [
        "The Moravia vaccine does not contain live virus.",  # the same polarity
        "The Moravia vaccine has no live virus in it.",  # reworded, still negated
        "Residents of the valley can fish in the lower lake without a permit.",  # "without"
        "The vaccine is free of live virus.",  # a negation worded as a word of its own
        "Pike live in the lake as well as trout.",  # "not only ... but also"
        "Lake Tessel holds more pike than any other lake in the county.",  # a comparison
        "Don't swim in the upper lake unless a lifeguard is there.",  # advice
        "It was completed.",  # too short a clause to be a toggle
        "The bridge over the valley was completed in 1990.",  # words the sentence lacks
    ],
)
def test_rewordings_bounds_and_advice_are_not_toggles(claim):
    assert "negation_conflict" not in kinds(claim)


def test_a_verb_that_carries_its_own_negation_is_no_toggle():
    # "can avoid repairing" says "does not have to repair"; the evidence's own "avoided"
    # (in another clause) lets every word of the claim be found in the sentence
    index = evidence_index(
        [
            (
                "S1",
                "A landlord does not have to repair the fence if the damage was caused by a "
                "storm that could not have been avoided.",
            )
        ]
    )

    def found(claim: str) -> list[str]:
        return [f.kind for f in evidence_findings(claim, index)]

    assert "negation_conflict" not in found(
        "A landlord can avoid repairing the fence when the damage was caused by a storm."
    )
    assert "negation_conflict" in found(
        "A landlord repairs the fence when the damage was caused by a storm."
    )


@pytest.mark.parametrize(
    ("evidence", "claim"),
    [
        (
            "Charities are not exempt from VAT on these supplies.",
            "Charities are exempt from VAT on these supplies.",
        ),
        (
            "The council can waive the fee for carers.",
            "The council cannot waive the fee for carers.",
        ),
        (
            "The bridge did not fail its safety inspection in 2019.",
            "The bridge failed its safety inspection in 2019.",
        ),
    ],
)
def test_a_negation_verb_both_clauses_hold_still_toggles(evidence, claim):
    index = evidence_index([("S1", evidence)])
    assert "negation_conflict" in [f.kind for f in evidence_findings(claim, index)]


def test_a_claim_the_evidence_also_states_its_own_way_is_not_refuted():
    index = evidence_index(
        [
            ("S1", "Dogs are not allowed on the beach in summer."),
            ("S2", "Dogs are allowed on the beach."),
        ]
    )
    found = [f.kind for f in evidence_findings("Dogs are allowed on the beach.", index)]
    assert "negation_conflict" not in found


def test_a_negated_claim_is_refuted_end_to_end_and_its_sentence_redacted():
    verifier = CitationVerifier(embedder=HashEmbedder())
    answer = "The Tessel Bridge was completed. Pike live in Lake Tessel."
    sources = [{"source_id": sid, "text": text} for sid, text in SOURCES]
    guarded = verifier.guard(answer, sources, policy="redact")
    outcomes = {c.claim_text: c.outcome for c in guarded.case.claims}
    assert outcomes["The Tessel Bridge was completed."] is ClaimOutcome.REFUTED
    assert "Tessel Bridge was completed" not in guarded.text
    assert "Pike live in Lake Tessel" in guarded.text


@pytest.mark.parametrize(
    "claim",
    [
        "Exports of wool from Marlow increased after the plague.",
        "The Corran Bridge was completed three years after the Harbour Tower.",
        "Ozone levels near the ground are lower in summer than in winter.",
        # found in review: "longer" is a word of direction, not a part of "no longer"
        "The canal is shorter than the railway.",
    ],
)
def test_a_claim_that_swaps_a_word_for_its_opposite_is_found(claim):
    assert "direction_conflict" in kinds(claim)


@pytest.mark.parametrize(
    "claim",
    [
        "The Harbour Tower was completed three years after the Corran Bridge.",  # turned round
        "Ozone levels near the ground are lower in winter than in summer.",
        "The railway is shorter than the canal.",
        "Exports of wool from Marlow fell after the plague.",  # the same way, another word
    ],
)
def test_a_comparison_said_the_other_way_round_is_no_toggle(claim):
    assert "direction_conflict" not in kinds(claim)


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        # another clause of the sentence says it the claim's way, its subject lent by the first
        (
            "The company reported a profit.",
            "The company did not report a loss; it reported a profit.",
        ),
        (
            "The drug is approved in Europe.",
            "The drug is not approved in the US, although it is approved in Europe.",
        ),
        (
            "Exports of wool declined in 2021.",
            "Exports of wool increased in 2020 but declined in 2021.",
        ),
        # a word before the turn that the claim lacks changes what the clause is about
        ("Smoking increases the risk of cancer.", "Quitting smoking decreases the risk of cancer."),
        ("The drug lowers blood pressure.", "Stopping the drug raises blood pressure."),
        (
            "Smoking increases the risk of cancer.",
            "Quitting smoking does not increase the risk of cancer.",
        ),
    ],
)
def test_a_clause_about_something_else_is_no_toggle(claim, evidence):
    """Correct sentences a clause-by-clause reading must not refute (they would be deleted)."""
    found = [f.kind for f in evidence_findings(claim, evidence_index([("S1", evidence)]))]
    assert "negation_conflict" not in found and "direction_conflict" not in found


RELATIONS = (
    "Female Arvid finches are larger than males, an unusual pattern among songbirds. "
    "Tessin Motors sold more electric vehicles than petrol cars for the first time in the "
    "third quarter. For the sponge, add the eggs before the flour. At the Battle of Hessel "
    "the northern army outnumbered the southern army. Fan ovens cook more quickly than "
    "conventional ones. The Amazon carries more water than any other river on Earth."
)


@pytest.mark.parametrize(
    "claim",
    [
        "Male Arvid finches are larger than females.",
        "Tessin Motors sold more petrol cars than electric vehicles in the third quarter.",
        "For the sponge, add the flour before the eggs.",
        "At the Battle of Hessel the southern army outnumbered the northern army.",
    ],
)
def test_a_relation_with_its_two_sides_swapped_is_found(claim):
    found = evidence_findings(claim, evidence_index([("S1", RELATIONS)]))
    assert "direction_conflict" in [f.kind for f in found]


@pytest.mark.parametrize(
    "claim",
    [
        "Female Arvid finches are larger than males.",  # the evidence's own order
        "Conventional ovens cook more slowly than fan ovens.",  # the other word, the other way
        "For the sponge, the flour goes in after the eggs.",
        "Before the flour, add the eggs.",  # a clause put first
        "No river carries more water than the Amazon.",  # negated: says the same
    ],
)
def test_a_relation_said_its_own_way_or_turned_with_its_word_is_no_swap(claim):
    found = evidence_findings(claim, evidence_index([("S1", RELATIONS)]))
    assert "direction_conflict" not in [f.kind for f in found]


NEGATIONS_ANEW = (
    "A throat swab is no longer recommended as a first step in primary care. Kessler "
    "Holdings did not make the coupon payment due on its bonds. Selling any knife to a "
    "person under 18 is illegal. The supply contract was not unlawful. Each dose should "
    "last no longer than two hours."
)


@pytest.mark.parametrize(
    ("claim", "kind"),
    [
        # "no longer" denies what follows it; "still" adds nothing
        (
            "A throat swab is still recommended as a first step in primary care.",
            "negation_conflict",
        ),
        # an irregular past is its verb ("made" / "did not make")
        ("Kessler Holdings made the coupon payment due on its bonds.", "negation_conflict"),
        # a word and its negative-prefixed form ("legal" / "illegal")
        ("Selling any knife to a person under 18 is legal.", "direction_conflict"),
    ],
)
def test_a_negation_worded_with_its_own_words_is_found(claim, kind):
    found = evidence_findings(claim, evidence_index([("S1", NEGATIONS_ANEW)]))
    assert kind in [f.kind for f in found]


@pytest.mark.parametrize(
    "claim",
    [
        "A throat swab is no longer recommended as a first step.",
        "Kessler Holdings missed the coupon payment due on its bonds.",
        "The supply contract was lawful.",  # "not unlawful" says the same
        "Each dose should last two hours.",  # a bound, no negation
    ],
)
def test_the_same_said_with_the_new_readings_is_no_toggle(claim):
    found = evidence_findings(claim, evidence_index([("S1", NEGATIONS_ANEW)]))
    assert not {"negation_conflict", "direction_conflict"} & {f.kind for f in found}


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        # found in review: a later clause with its own subject lends the main clause
        # nothing; these say what the sentence says, in another order
        (
            "Between electric and petrol cars, electric cars cost less to run.",
            "Electric cars cost more to buy, while petrol cars cost more to run.",
        ),
        (
            "Between younger and older voters, older voters were more likely to vote.",
            "Turnout was higher among older voters, while younger voters were less likely to vote.",
        ),
        (
            "Of the Paperwhite and the Oasis, the Oasis is heavier.",
            "The Kindle Oasis weighs 188 grams, while the Paperwhite is lighter.",
        ),
        (
            "Among UK and EU students, applications from UK students rose last year.",
            "Applications from UK students rose last year, whereas those from EU students fell.",
        ),
    ],
)
def test_a_comparison_set_named_first_is_never_a_turned_clause(claim, evidence):
    """Correct sentences a lending rule once deleted: nothing may refute them."""
    found = [f.kind for f in evidence_findings(claim, evidence_index([("S1", evidence)]))]
    assert "direction_conflict" not in found and "negation_conflict" not in found


ROOM = (
    "The room rate includes breakfast, while parking is charged at 15 euros a night. The "
    "ticket covers entry to the house, but the gardens are closed in winter."
)


@pytest.mark.parametrize(
    ("claim", "refuted"),
    [
        # found in review: a word the negated clause lacks is no subject a main clause lends
        ("Parking is not included in the room rate.", False),
        ("Entry to the gardens is not covered by the ticket.", False),
        # the clause's own words, negated, still turn it
        ("Breakfast is not included in the room rate.", True),
        ("The ticket does not cover entry to the house.", True),
    ],
)
def test_a_negation_turns_only_the_clause_that_holds_the_claims_words(claim, refuted):
    found = [f.kind for f in evidence_findings(claim, evidence_index([("S1", ROOM)]))]
    assert ("negation_conflict" in found) is refuted


ROOMS = "Rooms 101 and 102 face the garden, while Room 103 faces the street."


@pytest.mark.parametrize(
    "claim",
    [
        # a clause with a subject of its own borrows no word of the main clause
        "Room 103 does not face the garden.",
        # an answer word set off before the sentence denies nothing of it
        "No. Room 103 faces the street.",
    ],
)
def test_a_true_denial_or_a_reply_word_is_never_a_turned_clause(claim):
    """Correct answers a review's probes found deleted."""
    result = check_case(claim, [{"id": "S1", "text": ROOMS}])
    assert all(c.outcome is not ClaimOutcome.REFUTED for c in result.claims)


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        ("Both Venus and Mercury have moons.", "Venus has no moons, and neither does Mercury."),
        # found in review: "neither" says the verb again of another subject, a list or not
        (
            "Lions can taste sweetness.",
            "Cats cannot taste sweetness, and neither can lions or tigers.",
        ),
    ],
)
def test_a_clause_that_leaves_its_rest_to_the_main_clause_is_still_turned(claim, evidence):
    """The guard above reads only a clause with words of its own after the negated one."""
    found = evidence_findings(claim, evidence_index([("S1", evidence)]))
    assert "negation_conflict" in [f.kind for f in found]


@pytest.mark.parametrize(
    ("claim", "evidence", "kind"),
    [
        # a verb phrase joined by a bare "and" with its own auxiliary is a clause of the
        # subject before it
        (
            "The museum is open on Mondays.",
            "The museum is open Tuesday through Sunday and is closed on Mondays.",
            "direction_conflict",
        ),
        (
            "The nasal vaccine contains live virus.",
            "The nasal vaccine is given as a spray and does not contain live virus.",
            "negation_conflict",
        ),
        (  # the auxiliary with its negation written in
            "The nasal vaccine contains live virus.",
            "The nasal vaccine is given as a spray and doesn't contain live virus.",
            "negation_conflict",
        ),
    ],
)
def test_a_verb_phrase_joined_by_and_is_turned_with_its_subject(claim, evidence, kind):
    found = evidence_findings(claim, evidence_index([("S1", evidence)]))
    assert kind in [f.kind for f in found]


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        # each half said its own way
        (
            "The museum is closed on Mondays.",
            "The museum is open Tuesday through Sunday and is closed on Mondays.",
        ),
        # a time bounds an opening: "open to 8pm" is "closes at 8pm"
        (
            "The library closes at 8pm on weekdays.",
            "The library is open from 9am to 8pm on weekdays.",
        ),
        # the claim speaks of the exception the clause carves out
        (
            "The museum does open on Mondays that are public holidays.",
            "The museum is closed on Mondays, except on public holidays.",
        ),
        # a condition qualifies an opening: the claim's, or the evidence's exception (a
        # review's probes)
        (
            "The museum is open on Mondays when they are public holidays.",
            "The museum is closed on Mondays unless it is a public holiday.",
        ),
        (
            "The Regal cinema was open until the fire.",
            "The Regal cinema was opened in the 1930s and was closed after a fire.",
        ),
        # the verb phrase "and" joins borrows its subject only, not the other's place
        (
            "In the garden, dogs are allowed.",
            "Dogs are welcome in the garden and are not allowed inside the house.",
        ),
        # another time than the clause's: a recovery since 2014, not the fall of the 1990s
        (
            "The salmon population has grown since the dam was removed in 2014.",
            "The salmon population fell sharply in the 1990s and has recovered since the dam "
            "was removed in 2014.",
        ),
    ],
)
def test_a_half_said_its_way_a_bound_an_exception_or_another_time_is_no_toggle(claim, evidence):
    """Correct answers the coordinated reading first refuted (probes found them)."""
    result = check_case(claim, [{"id": "S1", "text": evidence}])
    assert all(c.outcome is not ClaimOutcome.REFUTED for c in result.claims)
