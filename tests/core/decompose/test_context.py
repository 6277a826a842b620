"""Decontextualised claims: each class of miss that chat-style answers showed, as a test."""

from __future__ import annotations

import pytest

from longtracer_core import CitationVerifier, check_case
from longtracer_core.contracts import ClaimAssessment, QualityGate, ReasonCode
from longtracer_core.decompose import RuleBasedDecomposer, enforce_coverage
from longtracer_core.text.citations import strip_markers

DEC = RuleBasedDecomposer()


def claims(draft: str) -> list[tuple[str, str]]:
    """(claim text, draft text) of every claim after the coverage check."""
    d = enforce_coverage(draft, DEC.decompose(draft))
    return [(c.claim_text, draft[c.char_start : c.char_end]) for c in d.claims]


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        (
            "The Danube flows to the Black Sea. It passes through ten countries.",
            "The Danube passes through ten countries.",
        ),
        (
            "The Danube flows to the Black Sea. Its delta is in Romania.",
            "The Danube’s delta is in Romania.",
        ),
        (
            "Lake Baikal is in Siberia. It's the deepest lake on Earth.",
            "Lake Baikal is the deepest lake on Earth.",
        ),
        (
            "The Reserve Bank of Kestria held rates. The bank expects inflation to ease.",
            "The Reserve Bank of Kestria expects inflation to ease.",
        ),
        (
            "Usain Bolt won in Berlin. He set two records there.",
            "Usain Bolt set two records there.",
        ),
        (  # "best taken": the "it" stands for the drug; "it's best to ..." would not
            "Ibuprofen is an NSAID. It's best taken with food.",
            "Ibuprofen is best taken with food.",
        ),
        (  # "isn't" is the verb that ends the nearest subject, not the skeleton before it
            "The white skeleton shows; the coral isn't dead yet, but it is starving.",
            "The coral is starving.",
        ),
        (  # a noun in -ly is no adverb ("family", "supply", "assembly")
            "The royal family moved to Windsor in 1940. It stayed there for the war.",
            "The royal family stayed there for the war.",
        ),
        (  # a modal before a name is a first name, not an imperative
            "Will Smith won the award in 2022. He accepted it in person.",
            "Will Smith accepted it in person.",
        ),
        (  # a particle inside a name
            "Leonardo da Vinci painted the Mona Lisa. He also designed machines.",
            "Leonardo da Vinci also designed machines.",
        ),
        (  # a focus adverb before the verb is not the subject's word
            "The option to halve compensation only applies to flights over 3,500 km, "
            "so it doesn't affect you.",
            "The option to halve compensation doesn't affect you.",
        ),
    ],
)
def test_pronouns_and_definite_references_name_their_antecedent(draft, expected):
    """A claim opening with a pronoun or "the <noun>" is read with the subject it stands for."""
    assert claims(draft)[-1][0] == expected


@pytest.mark.parametrize(
    "draft",
    [
        "Shares in the two companies moved. It is an all-cash deal.",  # "it" is not plural shares
        "The bank raised rates. He said more was to come.",  # "he" needs a name, not "the bank"
        "A 2007 expedition measured the river. It discharges much water.",  # indefinite: new, not topic
        "For 2024 you can save $7,000. It is one shared limit.",  # a prepositional opener is no subject
        # an instruction opens with its verb: "Do not" is no subject for "It"
        "- **Do not take this medicine with other products that contain paracetamol**.\n"
        "- **Ibuprofen**: adults take 200 to 400 mg. It should be taken with food.",
        # the verb was missed: a relative pronoun or an adverb inside the would-be subject
        "Melting exposes water that is darker. It absorbs more heat.",
        "Samsung previously promised four years. It was unveiled in January.",
        # a claim with no subject of its own ends the one before it: "it" is not the owner
        "The original owner must take RMDs. For 2024 you can save $7,000. It's one limit.",
        # "The baby's" is a possessive, not "The" + "is": a determiner alone is no subject
        "The baby's ceiling is a quarter of yours. It's a small dose.",
        # an "it" that announces the clause after it stands for nothing
        "Lake Baikal is in Siberia. It is worth noting that the lake freezes.",
        # a question word opens no subject ("Where the Amazon really stands out’s …")
        "Where the Amazon really stands out is volume. Its discharge is 209,000 m³/s.",
        # "his" stands for a name, not for a name's possessive phrase; "Bolt's" is no "is"
        "Usain Bolt's world records are 9.58 s and 19.19 s. His top speed was 37.4 m/s.",
    ],
)
def test_pronouns_without_a_fitting_antecedent_stay(draft):
    """No antecedent that agrees: the claim keeps its pronoun rather than a wrong subject."""
    text, original = claims(draft)[-1]
    assert text == original


@pytest.mark.parametrize(
    "draft",
    [
        # the subject names an aspect, not the drug: "it" cannot stand for "the main downside"
        "Metformin is the usual first medicine. The main downside is that it can upset the "
        "stomach. It is contraindicated when eGFR falls below 30.",
        # a pronoun in the sentence before may stand for something else: ambiguous
        "The clinic replaced the scanner after it failed twice. It now opens at 8 am.",
    ],
)
def test_an_ambiguous_antecedent_is_not_invented(draft):
    """A pronoun is resolved only when its antecedent is unambiguous; otherwise the claim
    keeps the pronoun and carries the sentence before as its context."""
    d = enforce_coverage(draft, DEC.decompose(draft))
    last = d.claims[-1]
    assert last.claim_text == draft[last.char_start : last.char_end].rstrip()
    assert last.claim_text.startswith("It ")
    assert any("it" in phrase.split() for phrase in last.context)


@pytest.mark.parametrize(
    ("draft", "before"),
    [
        (  # "it" is never the user: the claim keeps "it" ("You gets one go" was invented)
            "You can require Tecmart to repair or replace the laptop, and it gets one go "
            "at fixing the problem.",
            "You can require Tecmart to repair or replace the laptop",
        ),
        (  # a time's possessive is no "is" ("Last has cost you …" was invented)
            "Last year's dip came from a cable fault. It has cost you about £40 of interest.",
            "Last year's dip came from a cable fault.",
        ),
        (  # the opener is stripped, and names no subject ("the documents you")
            "Based on the documents you shared, last year's dip came from a cable fault, "
            "and it has cost you about £40 of interest.",
            "Last year's dip came from a cable fault",
        ),
        (  # "You'd" is the user too ("You'd is free" was invented)
            "You'd need written consent first; it's free and takes 10 working days.",
            "You'd need written consent first",
        ),
        (  # "he" is no person's possessive phrase ("Elon Musk's SpaceX founded …")
            "Elon Musk's SpaceX launched in 2008. He founded the company in 2002.",
            "Elon Musk's SpaceX launched in 2008.",
        ),
        (  # a subject ends on no possessive ("Thurgood Marshall's later became …")
            "Thurgood Marshall's arguments in Brown won the case. He later became a justice.",
            "Thurgood Marshall's arguments in Brown won the case.",
        ),
        (  # an owner and what it owns: "it" may stand for either
            "The Dead Sea's surface is 430 m below sea level. It has no outlet.",
            "The Dead Sea's surface is 430 m below sea level.",
        ),
    ],
)
def test_a_pronoun_without_a_sure_antecedent_keeps_the_claim_before_as_context(draft, before):
    """No subject it can only stand for: the claim keeps its pronoun and is read with
    the claim before it as its context."""
    first, last = DEC.decompose(draft).claims[-2:]
    assert first.claim_text == before
    assert last.claim_text.split()[0] in ("It", "It's", "He")
    assert last.context == (before,)


def test_draft_span_stays_the_original_text():
    """Decontextualisation changes the claim text, never the span the policy acts on."""
    draft = "The Danube flows to the Black Sea. It passes through ten countries [S1]."
    d = DEC.decompose(draft)
    second = d.claims[1]
    assert draft[second.char_start : second.char_end] == "It passes through ten countries [S1]."
    assert second.context == ("The Danube",)


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        (
            "## First dose\n- Between 12 and 15 months of age.",
            "First dose: Between 12 and 15 months of age.",
        ),
        ("The schedule:\n\n- two doses\n- a booster", "The schedule: Two doses"),
        (
            "- **First dose:** between 12 and 15 months of age",
            "First dose: between 12 and 15 months of age",
        ),
        (
            "- **Landfall:** Marisol crossed the coast near Port Hedley on 14 March.",
            "Marisol crossed the coast near Port Hedley on 14 March.",
        ),
        ("**Battery life**\n\nThe *robot* runs for `3 hours`.", "The robot runs for 3 hours."),
        ("- **Cost** – €4.99 a month", "Cost: €4.99 a month"),
        ("- **Cost**—about €4.99 a month", "Cost: about €4.99 a month"),
        ("**U.S.** exports rose by 4% in 2023.", "U.S. exports rose by 4% in 2023."),
        (
            "**How much?** The fixed amount depends on the distance flown.",
            "The fixed amount depends on the distance flown.",
        ),
        (
            "See [the WHO fact sheet](https://example.org/who) for the full list [2].",
            "See the WHO fact sheet for the full list.",
        ),
        ("The <em>robot</em> runs for <b>3 hours</b> [1].", "The robot runs for 3 hours."),
        ("The ratio a <b and c> d holds.", "The ratio a <b and c> d holds."),
        (
            "The park covers 500 km<sup>2</sup> of forest<sup>1</sup>.",
            "The park covers 500 km2 of forest.",
        ),
        # a leading bold phrase with nothing setting it off is the sentence's own subject
        ("**Voyager 1** launched on 5 September 1977.", "Voyager 1 launched on 5 September 1977."),
        (
            "**Heat exhaustion** is caused by losing too much water and salt.",
            "Heat exhaustion is caused by losing too much water and salt.",
        ),
    ],
)
def test_markdown_labels_and_headings_give_context(draft, expected):
    """Bullets that are fragments carry their heading or lead-in; labels and markup are read."""
    assert claims(draft)[0][0] == expected


def test_table_cells_are_claims_with_row_and_column():
    """Each cell of a table row is a claim read with its row label and column header."""
    draft = (
        "| | Voyager 1 | Voyager 2 |\n|---|---|---|\n| Launch | 5 September 1977 | 20 August 1977 |"
    )
    assert claims(draft) == [
        ("Voyager 1: Launch: 5 September 1977", "5 September 1977"),
        ("Voyager 2: Launch: 20 August 1977", "20 August 1977"),
    ]


def test_a_row_its_header_does_not_fit_is_one_claim_of_separate_cells():
    """A row with more cells than its header is read whole, cell by cell: a cell's first
    word opens it, so the row names no "Loss" (no source holds it) and is not deleted."""
    draft = (
        "| Illness | Detail |\n|---|---|\n"
        "| Heat exhaustion | Cause | Loss of too much water and salt |"
    )
    assert claims(draft) == [
        (
            "Heat exhaustion; Cause; Loss of too much water and salt",
            "Heat exhaustion | Cause | Loss of too much water and salt",
        )
    ]
    sources = ["Heat exhaustion is caused by the loss of too much water and salt."]
    assert check_case(draft, sources).claims[0].outcome.value != "REFUTED"


def test_a_link_that_cites_stays_a_citation_in_a_table_cell():
    """A cell's citation written as a link is lifted as a marker, not read as a word."""
    draft = "| Site | Height |\n|---|---|\n| Dover | 30 m [1](https://example.org/a) |"
    d = enforce_coverage(draft, DEC.decompose(draft))
    assert [(c.claim_text, c.cited_markers) for c in d.claims] == [("Height: Dover: 30 m", ("1",))]


def test_an_empty_or_dashed_table_cell_states_nothing():
    """A dash alone in a cell marks it empty ("| 8 | – | – |"): the row's claims are its
    other cells, and no coverage repair brings the dashes back as a claim."""
    draft = (
        "| Games | Gold | Silver | Bronze |\n|---|---|---|---|\n"
        "| Beijing 2008 | 8 | – | — |\n| Athens 2004 | - | | 2 |"
    )
    assert claims(draft) == [
        ("Gold: Beijing 2008: 8", "8"),
        ("Bronze: Athens 2004: 2", "2"),
    ]


@pytest.mark.parametrize(
    "draft",
    [
        "Based on the provided documents, the Danube passes through ten countries.",
        "According to Source 2, the Danube passes through ten countries.",
        "In short, the Danube passes through ten countries.",
        "Short answer: the Danube passes through ten countries.",
    ],
)
def test_lead_ins_are_stripped_and_not_re_added(draft):
    """A lead-in is no claim of its own: one claim, without it, and no coverage repair."""
    d = enforce_coverage(draft, DEC.decompose(draft))
    assert [c.claim_text for c in d.claims] == ["The Danube passes through ten countries."]
    assert not d.coverage_repairs


@pytest.mark.parametrize(
    "marker", ["[1]", "[S1]", "(Source 1)", "(Doc 1)", "[Source 1]", "^1", "[^1]", "【1】", "¹"]
)
def test_citation_markers_leave_the_claim_and_point_at_the_source(marker):
    """Every citation style is lifted out of the claim text and resolves to source 1."""
    gap = "" if marker[0] in "^¹" else " "  # carets and superscripts attach to the word
    draft = f"The Danube passes through ten countries{gap}{marker}."
    d = DEC.decompose(draft)
    assert d.claims[0].claim_text == "The Danube passes through ten countries."
    assert d.claims[0].cited_markers in (("1",), ("S1",), ("^1",))


@pytest.mark.model
def test_lines_ending_in_a_citation_are_claims_of_their_own():
    """An answer's lines with a citation and no full stop are one claim each (a line's
    first word is never read as a name inside the line before), and the marker leaves a
    line break where it stood; nothing the sources state is refuted."""
    draft = "Primary mirror: 6.5 m [1]\nNumber of hexagonal segments: 18 [1]"
    case = check_case(draft, ["The primary mirror is 6.5 m across and has 18 hexagonal segments."])
    assert [c.claim_text for c in case.claims] == [
        "Primary mirror: 6.5 m",
        "Number of hexagonal segments: 18",
    ]
    assert all(c.outcome is not None and c.outcome.value != "REFUTED" for c in case.claims)
    assert strip_markers("6.5 m [1]\nNumber of segments: 18")[0] == "6.5 m\nNumber of segments: 18"


@pytest.mark.model
def test_danube_pronoun_sentence_is_kept():
    """The e2e miss: "It passes through ten countries." is supported and survives redaction."""
    draft = (
        "The Danube flows about 2,850 kilometres to the Black Sea. It passes through ten countries."
    )
    sources = ["The Danube passes through ten countries, more than any other river."]
    guarded = CitationVerifier().guard(draft, sources, policy="redact")
    assert "It passes through ten countries." in guarded.text
    assert "2,850" not in guarded.text  # the first sentence has no evidence here
    assert guarded.case.claims[1].assessment is ClaimAssessment.SUPPORTED


@pytest.mark.model
def test_semicolon_refusal_is_honest_uncertainty():
    """A refusal joined to another refusal by ';' is an honest refusal, not a failed claim."""
    case = check_case(
        "I'm not sure; the sources don't say who designed it.",
        ["The Danube passes through ten countries."],
    )
    assert case.reason is ReasonCode.HONEST_UNCERTAINTY_ONLY
    assert case.quality_gate is QualityGate.PASS


@pytest.mark.model
@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The contract runs for one year.", "The contract is a 1-year agreement."),
        ("The festival opened on July 11, 2021.", "the festival opened on july 11 2021 downtown."),
        ("Analysts expect a salary of $146k.", "Analysts expect a salary of $146,000."),
        ("The store opens at 4 a.m. on weekdays.", "On weekdays the store opens at 04:00."),
        (
            "Ice is shrinking by about 12 percent per decade.",
            "Ice is shrinking by 12.2% per decade.",
        ),
        (
            "The two fighters met in the final bout in Tokyo.",
            "Both fighters met in the final bout in Tokyo.",
        ),
        ("The river passes ten countries (Source 2).", "The river passes ten countries."),
    ],
)
def test_numbers_written_differently_are_supported(claim, source):
    """Same value, other form (words, case, k-suffix, clock, rounding, determiners, citations)."""
    case = check_case(claim, [source])
    assert case.claims[0].details["numeric_ok"] is True, case.claims[0].details
    assert case.quality_gate is QualityGate.PASS


def test_here_and_there_are_never_a_subject():
    """A lead-in that is a claim ("Here are the records …:") gives no subject, so a
    following "His …" is not rewritten as "Here's …"."""
    from longtracer_core.decompose.rules import RuleBasedDecomposer

    draft = (
        "Here are the world records the documents credit to Usain Bolt:\n\n"
        "His Beijing 200 m run erased Michael Johnson's 19.32 s from 1996 [2]."
    )
    texts = [c.claim_text for c in RuleBasedDecomposer().decompose(draft).claims]
    assert not any(t.startswith(("Here", "There")) and "Beijing" in t for t in texts)


def test_a_framing_lead_in_is_no_context_for_the_list_under_it():
    """ "Here's how it works:" frames a list and says nothing: its items are not read with it
    (a lead-in with content, "Key risks:", still is)."""
    draft = (
        "Here's how it works and what it has meant for the reef:\n\n"
        "- **The result:** the tissue turns transparent.\n"
    )
    ((text, _),) = claims(draft)
    assert "how it works" not in text and text.endswith("the tissue turns transparent.")


def test_a_cell_of_citations_alone_states_nothing_and_cites_its_row():
    """A "Source" column ("| Standard delivery | 5-7 business days | [1] |") makes no
    claim of its own (an empty claim would be marked on every row of a correct table);
    its markers cite the row's other cells, and no coverage repair brings it back."""
    draft = (
        "| Service | Time frame | Source |\n|---|---|---|\n"
        "| Standard delivery | 5-7 business days | [1] |\n"
        "| Large furniture | 2-3 weeks | [2][3] |"
    )
    d = enforce_coverage(draft, DEC.decompose(draft))
    assert [(c.claim_text, c.cited_markers) for c in d.claims] == [
        ("Time frame: Standard delivery: 5-7 business days", ("1",)),
        ("Time frame: Large furniture: 2-3 weeks", ("2", "3")),
    ]


def test_a_row_opening_with_its_citation_reads_every_other_cell():
    """ "| [1] | Eliud Kipchoge | 2:00:35 |": the citation is no label, and every cell that
    states something is a claim of its own (a name in a label would go unchecked)."""
    draft = "| Source | Record holder | Time |\n|---|---|---|\n| [1] | Eliud Kipchoge | 2:00:35 |"
    d = enforce_coverage(draft, DEC.decompose(draft))
    assert [(c.claim_text, c.cited_markers) for c in d.claims] == [
        ("Record holder: Eliud Kipchoge", ("1",)),
        ("Time: 2:00:35", ("1",)),
    ]


def test_a_source_column_states_nothing_and_cites_its_row():
    """Every cell of a column headed "Source" says where the row comes from ("see [2]",
    "Sources 1, 3", "NOAA [2]"): no claim of its own (a source's name is no claim the
    sources must hold), its sources cite the row, and no coverage repair brings it back."""
    draft = (
        "| Service | Time frame | Source |\n|---|---|---|\n"
        "| Large furniture | 2-3 weeks | see [2] |\n"
        "| Express | next day | Sources 1, 3 |\n"
        "| Courier | same day | 4 |\n"
        "| Returns | 30 days | Kestrel Retail [2] |"
    )
    d = enforce_coverage(draft, DEC.decompose(draft))
    assert [(c.claim_text, c.cited_markers) for c in d.claims] == [
        ("Time frame: Large furniture: 2-3 weeks", ("2",)),
        ("Time frame: Express: next day", ("1", "3")),
        ("Time frame: Courier: same day", ("4",)),
        ("Time frame: Returns: 30 days", ("2",)),
    ]


def test_a_marker_alone_under_a_column_of_its_own_cites_no_other_cell():
    """ "| Weight | 171 g [1] | [2] |" under "Phone X | Phone Y": the [2] is Phone Y's
    empty cell, not a citation of Phone X's weight."""
    draft = "| Spec | Phone X | Phone Y |\n|---|---|---|\n| Weight | 171 g [1] | [2] |"
    d = enforce_coverage(draft, DEC.decompose(draft))
    assert [(c.claim_text, c.cited_markers) for c in d.claims] == [
        ("Phone X: Weight: 171 g", ("1",))
    ]


def test_a_column_headed_source_with_no_other_data_column_is_the_data():
    """Under "| Parameter | Source |" the model wrote its values in the "Source" cells
    ("6.5 m [1]"): with no other column of data, they are the row's claims."""
    draft = "| Parameter | Source |\n|---|---|\n| Primary mirror diameter | 6.5 m [1] |"
    d = enforce_coverage(draft, DEC.decompose(draft))
    assert [(c.claim_text, c.cited_markers) for c in d.claims] == [
        ("Source: Primary mirror diameter: 6.5 m", ("1",))
    ]


@pytest.mark.parametrize(
    ("header", "cell", "claim"),
    [
        # a lab table's "Reference" column holds ranges, not sources
        ("Reference", "3.5-5.0 mmol/L", "Reference: Potassium: 3.5-5.0 mmol/L"),
        # a quantity under "Source" is data, whatever the column is headed
        ("Source", "3.5 mmol/L", "Source: Potassium: 3.5 mmol/L"),
    ],
)
def test_a_measure_is_checked_whatever_its_column_is_headed(header, cell, claim):
    draft = f"| Test | Result | {header} |\n|---|---|---|\n| Potassium | 4.1 mmol/L | {cell} |"
    assert claims(draft)[-1][0] == claim


def test_a_name_in_a_row_label_the_sources_do_not_hold_marks_its_cells():
    """The row's label is context for its cells' words, but the row says it: a name there
    that no source holds ("Eliud Kipchoge" for Kelvin Kiptum's record) keeps the row from
    passing (a mark: a Title Case label may be the answer's own words)."""
    sources = [
        "The men's marathon record of 2:00:35 was set by Kelvin Kiptum in Chicago in 2023. "
        "The women's record of 2:09:56 belongs to Ruth Chepngetich."
    ]
    draft = (
        "Here are the two records.\n\n| Record holder | Time |\n|---|---|\n"
        "| {} | 2:00:35 |\n| Ruth Chepngetich | 2:09:56 |"
    )
    swapped = check_case(draft.format("Eliud Kipchoge"), sources).claims
    right = check_case(draft.format("Kelvin Kiptum"), sources).claims
    (cell,) = [c for c in swapped if "2:00:35" in c.claim_text]
    assert cell.outcome.value == "UNCERTAIN"
    assert cell.details["finding"]["kind"] == "label_name_absent"
    assert [c.outcome.value for c in right if "Time:" in c.claim_text] == ["SUPPORTED"] * 2


def test_a_title_case_label_of_words_the_sources_use_is_no_name():
    """ "Battery Life", "Screen Size": labels whose words the sources use (in any case)
    name nothing; the row is read as before."""
    sources = ["The Orbit X phone has a battery that lasts 30 hours and a 6.1-inch screen."]
    draft = (
        "| Spec | Orbit X |\n|---|---|\n| Battery Life | 30 hours |\n| Screen Size | 6.1 inches |"
    )
    cells = check_case(draft, sources).claims
    assert [c.details.get("finding", {}).get("kind") for c in cells] == [None, None]


def test_a_source_column_cell_that_cites_nothing_is_data():
    """Under a food's "Source" ("Oily fish") or a case's "Citation" ("347 U.S. 483") the
    cells cite no source of the answer: they are checked like any cell."""
    draft = (
        "| Nutrient | Daily amount | Source |\n|---|---|---|\n"
        "| Vitamin D | 10 micrograms | Oily fish, eggs |"
    )
    assert [c for c, _ in claims(draft)] == [
        "Daily amount: Vitamin D: 10 micrograms",
        "Source: Vitamin D: Oily fish, eggs",
    ]


def test_a_count_under_a_citations_column_is_data():
    """ "| Jones et al. | 2021 | 38 |" under "Citations": a number alone is a count there,
    checked like any cell, never read as source 38."""
    draft = "| Paper | Year | Citations |\n|---|---|---|\n| Jones et al. | 2021 | 38 |"
    d = enforce_coverage(draft, DEC.decompose(draft))
    assert [(c.claim_text, c.cited_markers) for c in d.claims] == [
        ("Year: Jones et al.: 2021", ()),
        ("Citations: Jones et al.: 38", ()),
    ]


def test_a_list_between_rows_keeps_the_table_for_the_coverage_check_too():
    """A list item between two rows of a table with a Source column: the second row is
    read under the header by the decomposer and the coverage check alike, so its source
    cell is not brought back as a claim."""
    draft = (
        "| Fruit | Price | Source |\n|---|---|---|\n| Apples | 3p | Kestrel Retail [1] |\n"
        "- Prices checked weekly [1]\n| Pears | 4p | Kestrel Retail [1] |"
    )
    assert [c for c, _ in claims(draft)] == [
        "Price: Apples: 3p",
        "Prices checked weekly",
        "Price: Pears: 4p",
    ]
