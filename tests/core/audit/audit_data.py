"""Synthetic RAG logs for the audit tests and the audit benchmark (deterministic by seed).

A corpus of ``docs`` documents (three factual sentences each, id ``doc-NNNN``,
the same text every time an id is retrieved); each case retrieves four of them
and answers with three sentences that cite them: most are copied facts, some
change a figure, some are fabricated.
"""

from __future__ import annotations

import random
from typing import Any

_NAMES = (
    "Arden Brennick Calloway Dunmore Esterhall Farrow Glenmoor Halvard Ingleby Jessamy "
    "Kestrel Lowther Marchbank Norland Oakhurst Pellow Quarrington Rathmore Selwick "
    "Thornbury Ullswater Vantry Westermain Yardley Zennor"
).split()
_KINDS = ("bridge", "library", "observatory", "dam", "museum", "stadium", "tower", "canal")
_PEOPLE = ("Ada Marsh", "Tomas Ridley", "Ines Okafor", "Paul Devereux", "Mei Tanaka")


def document(k: int) -> tuple[dict[str, str], list[str]]:
    """Document ``k``: ``{"source_id", "text"}`` and its sentences."""
    rng = random.Random(k)
    name, kind = rng.choice(_NAMES), rng.choice(_KINDS)
    sentences = [
        f"The {name} {kind} opened in {1850 + rng.randrange(170)}.",
        f"The {name} {kind} is {rng.randrange(100, 3000)} metres long.",
        f"About {rng.randrange(1, 90) * 10_000:,} people visit the {name} {kind} each year.",
    ]
    return {"source_id": f"doc-{k:04d}", "text": " ".join(sentences)}, sentences


def _changed_figure(sentence: str, rng: random.Random) -> str:
    words = sentence.split()
    for i, word in enumerate(words):
        digits = word.rstrip(".").replace(",", "")
        if digits.isdigit():
            words[i] = str(int(digits) + rng.randrange(3, 40)) + ("." if word.endswith(".") else "")
            return " ".join(words)
    return sentence


def synthetic_cases(n: int, *, seed: int = 7, docs: int = 500) -> list[dict[str, Any]]:
    """``n`` log records ``{"id", "answer", "sources"}``."""
    rng = random.Random(seed)
    corpus = [document(k) for k in range(docs)]
    out = []
    for i in range(n):
        picked = rng.sample(range(docs), 4)
        sentences = []
        for _ in range(3):
            j = rng.randrange(4)
            _, facts = corpus[picked[j]]
            fact = rng.choice(facts)
            roll = rng.random()
            if roll < 0.7:
                text = fact
            elif roll < 0.85:
                text = _changed_figure(fact, rng)
            else:
                subject = " ".join(fact.split()[:3])
                text = f"{subject} was designed by {rng.choice(_PEOPLE)}."
            sentences.append(f"{text[:-1]} [{j + 1}].")
        out.append(
            {
                "id": f"case-{i:06d}",
                "answer": " ".join(sentences),
                "sources": [corpus[k][0] for k in picked],
            }
        )
    return out
