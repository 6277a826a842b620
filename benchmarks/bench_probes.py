"""Correct sentences the default engine deletes: the probe battery of tests/probes.

    .venv/bin/python -m benchmarks.bench_probes             # print
    .venv/bin/python -m benchmarks.bench_probes --write     # + docs/benchmarks/probes.json

``tests/probes/correct_sentences.jsonl``: one answer sentence and its sources per line,
each labelled by hand ``correct`` (true of its sources: a figure worked out, rounded or
reworded; a name in another form people write it), ``borderline`` or ``invalid`` (the
probe itself was wrong). Two batteries: ``figures`` (rounding, bounds, conversions,
arithmetic for the user, dates and times) and ``names`` (surnames, titles, acronyms and
expansions, demonyms, aliases, transliterations). A REFUTED correct sentence is one
``redact`` deletes: the worst outcome there is. The batteries were written to find such
deletions and the rules that answer them were built against them, so they are a dev
measurement, never a held-out one.

``tests/probes/fresh_sentences.jsonl``: five later batteries (``figures-fresh``: figures
worked out for the user; ``names-fresh``: names in the forms chat answers write them;
``toggles-fresh``: negations and directions said rightly beside a clause that says the
opposite of another subject or period, or with the subject named a sentence earlier;
``directions-fresh``: a word of change said rightly of a subject the passage also moves
the other way for another group, place, time or owner; ``worked-fresh``: answers that
compute across sources, with the user's figures, rates and dates), each sentence written
as true of its sources by a second writer who had not seen the rules; the ones the engine
deleted were checked by hand, the rest are labelled as written. Rules were built against
them too (the first two in the twenty-third sitting, the third in the twenty-fourth, the
last two in the twenty-fifth): a dev measurement as well. Three more (``worked-review``,
``names-review``, ``directions-review``, the twenty-sixth sitting) are the probes of three
read-only reviews of that sitting's rules, each labelled ``correct`` or ``wrong`` by its
reviewer: a wrong sentence of the same shape as a correct one, whose deletion is the right
outcome and whose support is the worst, so that a rule which spares correct sentences is
seen to spare no wrong ones. The rules were narrowed against them: a dev measurement too.
Two more of the same kind (``stretch-review``: a figure in a long fused sentence, read
against the sentence that speaks of its own stretch; ``derived-review``: figures worked out
from the case's figures, right and wrong) are the probes of the twenty-seventh sitting's
two reviews, fitted to as well. And two of the twenty-eighth sitting's reviews
(``loose-review``: figures put loosely, "in the region of 4,000", "60-odd", "200-plus",
right and wrong; ``tables-review``: answers with tables whose Source columns and marker
cells cite their rows, each with one wrong cell or none), fitted to as well. And the two
reviews of the twenty-ninth sitting as one (``rates-review``: a source's rate or ratio
applied to the user's or the answer's own measure, per kg, per 100 g, per night, per kg of
body weight, and lists headed "Per 100 g:", right and wrong; ``ratios-review``: figures
an answer derives from the sources' totals, densities, prices per unit, sums and means of
a list, differences, right and wrong), fitted to as well. And the thirtieth sitting's
review (``consequence-review``: one sentence that states what a source says, then after
"so", "but", a semicolon or "which means" a consequence, limit or companion fact, right or
wrong: over-reach, a modal or quantifier flipped, an invented detail, a figure of another
part), against which a premise reading was built and withdrawn and two rules were built:
a dev measurement as well. Two more, written after that sitting's rules by a third writer
and not fitted to (``values-fresh``: a value of one thing in a source that gives two or
three side by side, said of its own thing or of another; ``modals-fresh``: a source's
"may", "can", "must" said at the same strength or strengthened into a certainty): the one
unfitted reading of the sitting's two rules. The thirty-first sitting's four: two read
while its rules were built, fitted to (``measures-review``: rates and prices per a measure
or period, pence and pounds, totals worked from them, right and wrong; ``subjects-review``:
a last sentence opening with a pronoun after a sentence that names one of two things, its
fact the right one's or the other's), and two written after the rules by writers who had
not seen them, not fitted to (``measures-fresh``, ``subjects-fresh``: a fact of one of two
or three related named things, said of its own or of a sibling). The thirty-second
sitting's two, on tiers and bands (a source sentence that gives two or more tiers, each
with its figures: fees by date, fines by lateness, rates by band, doses by weight), right
answers and answers with a figure of another tier: ``crossed-review``, read while its rule
was built, fitted to; ``tiers-fresh``, written by a second writer after the rule's first
version, whose misses the band reading was then built on, so fitted to as well; and
``bands-fresh`` (a band the user's own figure falls in, its figure or another band's),
written by a third writer after the rules, whose misses were then read, so fitted to as
well; and ``grades-fresh`` (graded schedules in prose, a grade's figure or another
grade's), written by a fourth writer after that, not fitted to. The thirty-third
sitting's two, on families of numbered names ("Voyager 1" / "Voyager 2", "Windows 10 and
11", "Section 21", "Type 2 diabetes"), a fact of one member said of its own or of
another, often through a source sentence that opens with "It" or "They":
``pronouns-fresh``, written for a pronoun reading that was then withdrawn, and
``numbered-review``, a read-only review's probes, on which the list reading of the kept
rule was built: both fitted to; ``numbered-fresh``, a second review's probes, written
and frozen before it ran them on the kept rule, whose misses inside one sentence the
reading of a sentence that names two members was then built on; and ``within-fresh``, a
third review's probes for that reading, frozen before they ran, one guard of which (a
claim that names the sibling too) was built on two of its right answers. The
thirty-fourth sitting's one, ``wordpiece-fresh``: a source sentence that gives two or three
members of a family each a piece of its own, told apart by words rather than figures
("Terminal 2 serves Star Alliance airlines, and Terminal 3 serves oneworld carriers"),
written and frozen by a writer who had not seen the rule before it ran; two fixes to
other readers (a true denial and a reply word that were deleted) came from its right
answers, nothing of the sibling rule was changed after it ran; and ``review-34``, a
read-only review's probes of that sitting's changes, frozen before they ran, on which four
fixes were then built (fitted to); and ``letters-fresh``, families whose members are named
by a letter ("Gate A" / "Gate B"), a writer's, frozen before it ran on the letter reading,
two guards of which were then built on two of its right answers. The thirty-fifth
sitting's three, each a writer's, frozen before it ran: ``coordination-fresh`` (a source
sentence joining two verb phrases of one subject, "is open Tuesday to Sunday and is closed
on Mondays", a half said rightly or turned), not fitted to; ``pointed-fresh`` (a fact of
one member of a family given in a sentence that opens with "It" or "They"), written for an
evidence-pronoun reading that was then withdrawn, not fitted to; and ``bounds-fresh``
(limits written "do not … more than", and negations inside a relative clause, said
rightly or broken), one guard of which was built on one of its wrong answers; and
``review-35``, a read-only review's probes of those rules, frozen before they ran, on
which four fixes were then built (fitted to). The thirty-sixth sitting's six, on multiples
a claim states between its own figures ("twice the £20", "doubled from 8,400 to 11,900"),
each frozen before it ran: ``multiples-fresh`` (a writer's; the check's first shapes were
read off four of its wrong answers) with ``contrast-fresh`` ("X, not Y", nothing built on
it), ``multiples-second`` (a second writer's; bounds and verbs of change fixed on four of
its wrong answers), ``review-36`` and ``review-36b`` (two read-only reviews, on which a
ratio reading was withdrawn and the check narrowed twice), all fitted to; and
``multiples-natural`` (a third writer's, multiples as answers write them, first run after
the check's two narrowings): the sitting's closest to an unfitted reading of it, fitted to
for one guard ("by half" is not read: one of its right answers goes up by half) and for a
slashed price ("£10/month", fixed on one of its right answers that was deleted). The
thirty-seventh sitting's one, ``topics-fresh`` (a passage that names its topic in its
first sentence and speaks of it unnamed after; an answer that names the topic and
restates a later sentence rightly or turns it around), written by a writer who had not
seen the rules and frozen before it ran, after the topic reading of the toggles was
built: not fitted to; and ``review-37``, a read-only review's probes of that sitting's
three toggle readings (correct answers built to be turned by them, and wrong ones of the
same shapes), frozen before they ran, which found 21 of its correct answers deleted and on
which the readings were narrowed (the topic's turn made a mark): fitted to. The
thirty-eighth sitting's two: ``review-38``, a read-only review's probes of that sitting's
readings of the toggles (stance words, a closing "without" phrase, a topic's phrase in
another order, a name's number), frozen before they ran, on which the stance words were
narrowed to sentence adverbs of the evidence, the "without" phrase kept from claims that
say it their own way, a name's number kept where a sibling has another, the topic of a
sentence opening with a pronoun narrowed to the sentence before, and suppositions
("would", "could", "might") kept from turns: fitted to; and ``stance-fresh``, a writer's
who had not seen the rules (the same shapes as passages and answers chat assistants
write), frozen before it ran, one rule of which (a clause's stance words leave its share)
was then built on one of its wrong answers; and ``review-38b``, a second read-only
review's probes of the readings as they then stood, frozen before they ran, on which the
figure sides, a denial past "against" and stance words kept from denials were then built:
fitted to. The thirty-ninth sitting's ``review-39``: a read-only review's probes of that
sitting's three readings (a side-taking "for" after a clause's verb, a function word
spelled in capitals read as initials, a bound met by its own value only as written),
frozen before they ran and written after the readings were built; nothing was narrowed on
it. And ``review-39b``: a second review's probes of a reading that was then dropped (a
quantity the sentence on the same thing gives in another unit of the measure, converted to
the claim's, refuting the claim's), frozen before they ran. The fortieth sitting's ``review-40``: a read-only
review's probes of three readings (quantities in words read as figures on both sides, a
number in words no unit of another reading, "before" and "after" read only where they name
different things in the direction gate), frozen before they ran; the claim-side words and
the gate's reading were dropped on them (12 correct answers deleted, 4 wrong ones let
through), and two readings built after them (periods written without a number, "before" /
"after" turning a clause only where they name one thing) were fitted to them. The
forty-first sitting's two, each written by a writer who had not seen the rules, before
the reading it probes was built, then fitted to: ``review-41`` (a rate against a plain
quantity with the same number: "100 km per second" where the source gives "100 km above
the ground", and rates written loosely, "30 km in each second", "300 metres of cable every
minute") and ``review-41b`` (a statement the source limits to part of a group, "around
80 % of", "most", "some", said with its limit in other words or of the whole group).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PROBES = (
    ROOT / "tests" / "probes" / "correct_sentences.jsonl",
    ROOT / "tests" / "probes" / "fresh_sentences.jsonl",
)
OUT = ROOT / "docs" / "benchmarks" / "probes.json"
_RANK = {"SUPPORTED": 0, "UNCERTAIN": 1, "REFUTED": 2}
_OUTCOMES = ("SUPPORTED", "UNCERTAIN", "REFUTED", "ERROR")


def _worst(case: Any) -> tuple[str, str | None]:
    """The worst outcome of a case's claims and the finding kind that decided it; a case
    that was not evaluated is an ERROR (never counted as supported), a claim without an
    outcome (not assessed) counts as supported."""
    if case.execution.value != "SUCCESS":
        return "ERROR", case.error_message
    worst, kind = "SUPPORTED", None
    for claim in case.claims:
        outcome = claim.outcome.value if claim.outcome is not None else "SUPPORTED"
        if _RANK.get(outcome, 0) > _RANK[worst]:
            finding = claim.details.get("finding")
            worst, kind = outcome, finding.get("kind") if isinstance(finding, dict) else None
    return worst, kind


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()

    from longtracer_core import CitationVerifier

    probes = [json.loads(line) for path in PROBES for line in path.read_text("utf-8").splitlines()]
    cases = [
        {
            "response": p["answer"],
            "sources": p["sources"],
            "case_id": p["id"],
            **({"question": p["question"]} if p.get("question") else {}),
        }
        for p in probes
    ]
    results = CitationVerifier().verify_batch(cases)
    counts: Counter[tuple[str, str, str]] = Counter()
    deleted: dict[str, list[dict[str, str | None]]] = {}
    for probe, case in zip(probes, results, strict=True):
        worst, kind = _worst(case)
        counts[(probe["battery"], probe["label"], worst)] += 1
        if worst == "REFUTED" and probe["label"] == "correct":
            deleted.setdefault(probe["battery"], []).append(
                {"id": probe["id"], "finding": kind, "answer": probe["answer"]}
            )
    batteries = sorted({p["battery"] for p in probes})
    summary = {
        b: {
            "correct": sum(n for (x, lab, _), n in counts.items() if x == b and lab == "correct"),
            **{o.lower(): counts[(b, "correct", o)] for o in _OUTCOMES},
        }
        | _wrong(counts, b)
        for b in batteries
    }
    for b in batteries:
        s = summary[b]
        print(f"{b}: {s['correct']} correct sentences; deleted {s['refuted']}, marked "
              f"{s['uncertain']}, supported {s['supported']}, not evaluated {s['error']}")  # fmt: skip
        if "wrong" in s:
            print(f"{b}: {s['wrong']} wrong sentences; deleted {s['wrong_refuted']}, marked "
                  f"{s['wrong_uncertain']}, supported {s['wrong_supported']}")  # fmt: skip
        for row in deleted.get(b, []):
            print(f"  deleted [{row['finding']}] {row['answer']}")
    if args.write:
        result = {
            "date": datetime.now(UTC).isoformat(timespec="seconds"),
            "command": ".venv/bin/python -m benchmarks.bench_probes --write",
            "summary": summary,
            "deleted": deleted,
        }
        OUT.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {OUT.relative_to(ROOT)}")


def _wrong(counts: Counter[tuple[str, str, str]], battery: str) -> dict[str, int]:
    """The outcomes of a battery's wrong sentences, where it has any."""
    n = sum(v for (x, lab, _), v in counts.items() if x == battery and lab == "wrong")
    if not n:
        return {}
    return {"wrong": n} | {f"wrong_{o.lower()}": counts[(battery, "wrong", o)] for o in _OUTCOMES}


if __name__ == "__main__":
    main()
