"""Quickstart: verify a short RAG answer offline, then flag and redact what is not supported.

    python examples/quickstart.py

The answer below has one swapped number (1.5 → 3.5 million km) and one
fabricated sentence (the servicing mission). No API key, no network: the
embedding model (all-MiniLM-L6-v2, float16) ships inside the package.
"""

from __future__ import annotations

from longtracer_core import CitationVerifier, check_case

SOURCES = [
    {
        "source_id": "overview",
        "text": "The James Webb Space Telescope is an infrared observatory built by NASA with "
        "the European and Canadian space agencies. It launched on 25 December 2021 aboard "
        "an Ariane 5 rocket from Kourou, French Guiana.",
    },
    {
        "source_id": "orbit",
        "text": "Webb does not orbit the Earth. It circles the second Sun-Earth Lagrange point, "
        "known as L2, which lies about 1.5 million kilometres from Earth. At that distance "
        "Webb was never designed to be serviced by astronauts.",
    },
    {
        "source_id": "mirror",
        "text": "Webb's primary mirror is 6.5 metres across. It is made of 18 hexagonal "
        "segments of gold-coated beryllium.",
    },
]

ANSWER = (
    "The James Webb Space Telescope launched on 25 December 2021 aboard an Ariane 5 rocket [1]. "
    "Its primary mirror is 6.5 metres across and is made of 18 gold-coated beryllium segments. "
    "It circles the L2 point, about 3.5 million kilometres from Earth [2]. "
    "In 2023 astronauts visited the telescope to replace a damaged mirror segment."
)


def main() -> None:
    case = check_case(ANSWER, SOURCES, case_id="quickstart")
    print(f"{'claim':<6}{'outcome':<11}{'assessment':<23}{'reason':<24}{'score':>6}  text")
    for claim in case.claims:
        outcome = claim.outcome.value if claim.outcome else "-"
        print(
            f"{claim.claim_id:<6}{outcome:<11}{claim.assessment.value:<23}"
            f"{claim.reason.value if claim.reason else '-':<24}"
            f"{(claim.confidence or 0.0):>6.2f}  {claim.claim_text}\n"
            f"{'':<17}{claim.outcome_text}"
        )
    print(f"\ngate: {case.quality_gate.value} ({case.summary})\n")

    verifier = CitationVerifier()
    for policy in ("flag", "redact"):
        guarded = verifier.guard(ANSWER, SOURCES, policy=policy, case_id="quickstart")
        print(f"{policy}ged:" if policy == "flag" else "redacted:")
        print(f"  {guarded.text}\n")
    trace = verifier.guard(ANSWER, SOURCES, case_id="quickstart").trace
    print(
        f"trace: plan {trace.plan_hash}, {len(trace.claims)} claims; "
        f"c1 resolves to: {trace.resolve('c1')!r}"
    )


if __name__ == "__main__":
    main()
