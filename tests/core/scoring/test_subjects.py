"""A claim's subject the evidence sentence saying the rest of it does not have: a sibling of
the name the claim opens with ("Thermra 9" for "Thermra 5"), or a pronoun read after a
claim that names the other thing (``scoring.subjects``). Both only mark."""

from __future__ import annotations

import pytest

from longtracer_core import check_case
from longtracer_core.contracts import ClaimOutcome
from longtracer_core.scoring.evidence_index import evidence_index
from longtracer_core.scoring.subjects import antecedent_finding, claims_before, sibling_finding

PUMPS = (
    "The Thermra 5 heat pump has a sound level of 42 dB at 3 metres. The larger Thermra 9 is "
    "rated at 48 dB and can heat homes of up to 200 square metres."
)
BIKES = (
    "The Corsa Trail e-bike weighs 24 kg and has a range of 90 km. The Corsa City folds in half "
    "and weighs 17 kg."
)
SAVERS = (
    "The Easy Access Saver pays 3.9% and allows unlimited withdrawals. The Limited Access Saver "
    "pays 4.4% but allows only three withdrawals a year."
)
CHARGERS = (
    "The Voltaro Home 7 is a wall-mounted charger. The Home 7 costs £899 including a standard "
    "installation, while the Home 22 costs £1,249 installed."
)

TERMINALS = (
    "Terminal 2 serves Star Alliance airlines, and Terminal 3 serves oneworld and other "
    "carriers. Terminal 3 is reached by the Piccadilly line."
)
LANDINGS = "Apollo 11 landed in the Sea of Tranquility and Apollo 12 in the Ocean of Storms."


def _index(text: str):
    return evidence_index([("S1", text)])


@pytest.mark.parametrize(
    ("claim", "source", "stated"),
    [
        ("The Thermra 9 has a sound level of 42 dB at 3 metres.", PUMPS, "Thermra 5"),
        ("The Corsa City weighs 24 kg.", BIKES, "Corsa Trail"),
        ("The Limited Access Saver allows unlimited withdrawals.", SAVERS, "Easy Access Saver"),
        # a later part with no subject of its own has its sentence's
        ("The Corsa City has a range of 90 km.", BIKES, "Corsa Trail"),
        # the sentence names both: the piece that gives the claim's figure is the other's
        ("The Home 22 costs £899 including a standard installation.", CHARGERS, "Home 7"),
        (
            "Node 22 will be supported until April 2026.",
            "Node 20 will be supported until April 2026, and Node 22 until April 2027.",
            "Node 20",
        ),
        # no figure of its own: the words only the other piece holds tell it
        ("Terminal 3 serves Star Alliance airlines.", TERMINALS, "Terminal 2"),
        ("Apollo 12 landed in the Sea of Tranquility.", LANDINGS, "Apollo 11"),
        # a member written again in lower case opens its own piece
        (
            "Type 1 diabetes is linked to insulin resistance.",
            "Type 1 diabetes is an autoimmune condition, whereas type 2 diabetes is linked to "
            "insulin resistance.",
            "type 2",
        ),
        # a range opening a piece speaks of each of its members
        (
            "Stage 4 has a five-year survival rate above 70 percent.",
            "Stages 1 to 3 have a five-year survival rate above 70 percent, while stage 4 has "
            "a rate of 13 percent.",
            "Stages 1 to 3",
        ),
        # a member named by a letter ("Gate A", "Class B")
        (
            "Gate B is on the ground floor.",
            "Gate A is on the ground floor. Gate B is on the first floor, past security.",
            "Gate A",
        ),
        (
            "Class B shares carry 10 votes each.",
            "Class A shares carry 10 votes each, while Class B shares carry 1 vote.",
            "Class A",
        ),
    ],
)
def test_a_sibling_given_what_the_evidence_gives_another_is_found(claim, source, stated):
    found = sibling_finding(claim, _index(source))
    assert found is not None and found.evidence["stated"] == stated


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        # the right one
        ("The Thermra 5 has a sound level of 42 dB at 3 metres.", PUMPS),
        ("The Corsa Trail weighs 24 kg.", BIKES),
        # the name written short: an alias, no sibling
        ("The Home 7 is wall-mounted.", CHARGERS),
        # the sentence names the claim's subject too, and says this of it
        ("The Corsa City weighs 17 kg.", BIKES),
        ("The Home 22 costs £1,249 installed.", CHARGERS),
        # … or the claim names the sibling too, and gives it the figure
        (
            "Node 22 outlives Node 20, whose support ends in April 2026.",
            "Node 20 will be supported until April 2026, and Node 22 until April 2027.",
        ),
        # … or gives the claim no figure to tell its piece by: a verb the sentence writes
        # once for two names is the first piece's word
        (
            "Di María scored in the final.",
            "Messi scored twice in the final and Di María once.",
        ),
        # the same body written another way: no sentence writes the claim's name whole
        (
            "Switzerland's Federal Council said it would study the ruling.",
            "The court ruled that Switzerland had violated their rights. The Swiss Federal "
            "Council said it would study the ruling.",
        ),
        # a part that opens with a noun of its own has no subject of its sentence's
        (
            "The Thermra 9 is rated at 48 dB.",
            "The Thermra 5 is rated at 42 dB, and the larger model is rated at 48 dB. The "
            "Thermra 9 is the larger model.",
        ),
        # names with nothing in common are no family (an entity swap of another kind)
        ("Melzapine is taken once a day.", "Dorvex is taken once a day with food."),
    ],
)
def test_the_right_subject_an_alias_or_an_unrelated_name_is_left_alone(claim, source):
    assert sibling_finding(claim, _index(source)) is None


PROBES = (
    "Voyager 1 was launched sixteen days after its twin, Voyager 2. Voyager 2 reached Uranus "
    "in 1986 and Neptune in 1989. It remains the only spacecraft to have visited both."
)


def test_a_claim_opening_with_a_numbered_name_is_read():
    # "names_of" reads no capitalised first word of plain English as a name
    found = sibling_finding("Voyager 1 reached Uranus in 1986.", _index(PROBES))
    assert found is not None and found.evidence["stated"] == "Voyager 2"


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Voyager 2 reached Uranus in 1986.", PROBES),
        # a sentence opening with a pronoun is not read as its sentence before's subject
        # (a review's probes: "They both", "He" for the other of two people, an event)
        ("Voyager 1 is the only spacecraft to have visited both.", PROBES),
        # the subject's number is the name's, the claim's figure is its own ("FibreOne 500
        # … 500 Mbps" is said by the sentence that names it)
        (
            "FibreOne 500 offers download speeds of up to 500 Mbps.",
            "FibreOne 100 offers download speeds of up to 100 Mbps for £25 a month. "
            "FibreOne 500 offers up to 500 Mbps for £38 a month.",
        ),
        # a list or a range names each of its members
        (
            "Windows 11 receives monthly security updates.",
            "Windows 11 needs a TPM chip. Windows 10 and 11 both receive monthly security updates.",
        ),
        (
            "Stage 2 bowel cancer is usually treated with surgery.",
            "Stage 2 tumours have grown into the bowel wall. Stages 1 to 3 are usually "
            "treated with surgery.",
        ),
        (
            "Type 2 diabetes raises the risk of heart disease.",
            "Type 2 diabetes is the more common. Type 1 diabetes and type 2 diabetes both "
            "raise the risk of heart disease.",
        ),
        # a month, a word that opens sentences: no name
        ("In 2024 the fee rose to £30.", "In 2023 the fee rose to £30."),
        ("June 12 is the deadline for the form.", "June 5 is the deadline for the form."),
        ("Terminal 3 serves oneworld carriers.", TERMINALS),
        # words both pieces hold, or the other sentence's, tell nothing
        ("Terminal 3 serves airlines.", TERMINALS),
        ("Terminal 3 is on the Piccadilly line.", TERMINALS),
        # a denial or a contrast takes the other piece's words rightly
        ("Terminal 3 does not serve Star Alliance airlines.", TERMINALS),
        ("Unlike Terminal 2, Terminal 3 serves oneworld.", TERMINALS),
        # the verb the sentence writes once for both names is no word of the first piece
        ("Apollo 12 landed in the Ocean of Storms.", LANDINGS),
        ("Apollo 12 landed on the Moon.", LANDINGS),
        # found in review: the subject's piece takes the other's predicate
        (
            "Apollo 12 landed on the lunar surface.",
            "Apollo 11 landed on the lunar surface in the Sea of Tranquility, and Apollo 12 did "
            "too, near the old Surveyor 3 probe.",
        ),
        # a piece that opens with a verb speaks of the piece before's member
        (
            "Buying 5 or more gets you 15% off.",
            "Buy 2 to 4 items and get 10% off; buy 5 or more and get 15% off.",
        ),
        # a member of the range is given the range's fact
        (
            "Stage 2 has a five-year survival rate above 70 percent.",
            "Stages 1 to 3 have a five-year survival rate above 70 percent, while stage 4 has "
            "a rate of 13 percent.",
        ),
        # a letter's list names each member; "I" is no member
        (
            "Gate B is on the ground floor.",
            "Gate C is on the first floor. Gates A and B are on the ground floor.",
        ),
        (
            "Block B is closed for repairs.",
            "Block D is open. Blocks A to C are closed for repairs.",
        ),
        ("Elizabeth I never married.", "Elizabeth II married Philip. Elizabeth I never married."),
        # a denial gives its subject nothing of the sibling's
        (
            "Stairwell D does not reach the roof.",
            "Stairwell C gives access to the roof. Stairwell D stops at the fourth floor.",
        ),
    ],
)
def test_the_right_member_or_no_name_at_all_is_left_alone(claim, source):
    assert sibling_finding(claim, _index(source)) is None


def test_a_sibling_marks_the_claim_and_never_deletes_it():
    (only,) = check_case("The Corsa City weighs 24 kg.", [{"id": "S1", "text": BIKES}]).claims
    assert only.outcome is ClaimOutcome.UNCERTAIN
    assert only.details["finding"]["kind"] == "name_sibling"


ANSWER = [
    "The Home 7 charges at up to 7.4 kW.",
    "Voltaro also sells a Home 22 model rated at 22 kW",
    "That one needs a three-phase supply.",
    "It costs £899 including standard installation.",
]


def test_the_claims_a_pronoun_points_back_to_run_to_the_one_that_names():
    assert claims_before(ANSWER, 3) == tuple(ANSWER[1:3])
    assert claims_before(ANSWER, 1) == (ANSWER[0],)


def test_a_pronoun_after_a_claim_naming_the_other_thing_is_marked():
    found = antecedent_finding(ANSWER[3], claims_before(ANSWER, 3), _index(CHARGERS))
    assert found is not None
    assert (found.evidence["claimed"], found.evidence["stated"]) == ("Home 22", "Home 7")


@pytest.mark.parametrize(
    "claims",
    [
        # the claim before names the thing the evidence says it of
        ["The Home 7 charges at up to 7.4 kW.", "It costs £899 including standard installation."],
        # its own price, after the claim that names it
        [*ANSWER[1:3], "It costs £1,249 installed."],
    ],
)
def test_a_pronoun_that_stands_for_the_right_thing_is_left_alone(claims):
    k = len(claims) - 1
    assert antecedent_finding(claims[k], claims_before(claims, k), _index(CHARGERS)) is None


def test_a_pronoun_in_a_whole_answer_is_read_after_the_claims_before_it():
    answer = " ".join(
        [ANSWER[0], "Voltaro also sells a Home 22 model rated at 22 kW, but that one needs a "
         "three-phase supply.", ANSWER[3]]
    )  # fmt: skip
    claims = check_case(answer, [{"id": "S1", "text": CHARGERS}]).claims
    assert claims[-1].outcome is ClaimOutcome.UNCERTAIN
    assert claims[-1].details["finding"]["kind"] == "antecedent_named"
