"""No input makes the engine's work grow faster than its size.

Work is counted in Python bytecode instructions executed (``sys.settrace`` with
opcode events), never in seconds: doubling an input must not more than 2.5×
the count. Each family below is a shape of input that once took quadratic time
or worse (a long run of punctuation, a refusal chain, a sentence of many
coordinated clauses, a claim citing a long source …). The count cannot see
inside one regular-expression call; ``benchmarks/bench_sentences.py``
measures those families by CPU time, with a generous ratio, and writes the
figures to docs/benchmarks.md.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import pytest

from longtracer_core import CitationVerifier, Limits, VerifyConfig
from longtracer_core.decompose.coverage import enforce_coverage
from longtracer_core.decompose.rules import RuleBasedDecomposer
from longtracer_core.scoring.gates import check_gates
from longtracer_core.scoring.spans import split_source
from longtracer_core.testing import HashEmbedder
from longtracer_core.text import memo
from longtracer_core.text.sentences import split_sentences

MAX_RATIO = 2.5
SIZE = 2_000  # characters; the family is measured at SIZE and 2 × SIZE


@pytest.fixture(autouse=True)
def _no_text_cache(monkeypatch):
    """The count measures the algorithm: no short-text cache (``text/memo.py``), whose hits
    would depend on what ran before and on which texts fall under its size limit."""
    monkeypatch.setattr(memo, "MAX_CHARS", -1)


def count_ops(fn: Callable[..., Any], *args: Any) -> int:
    """Bytecode instructions executed while ``fn(*args)`` runs in this thread."""
    count = 0

    def local(frame: Any, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "opcode":
            count += 1
        return local

    def on_call(frame: Any, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        return local

    previous = sys.gettrace()
    sys.settrace(on_call)
    try:
        fn(*args)
    finally:
        sys.settrace(previous)
    return count


def _prose(n: int) -> str:
    words = "the tower was built in 1889 by Gustave Eiffel and it stands in Paris".split()
    out, i = [], 0
    while sum(map(len, out)) < n:
        sentence = " ".join(words[(i + k) % len(words)] for k in range(11))
        out.append(sentence.capitalize() + ". ")
        i += 3
    return "".join(out)


def _decompose(draft: str) -> None:
    enforce_coverage(draft, RuleBasedDecomposer().decompose(draft))


def _verify(response: str, sources: list[str]) -> None:
    limits = Limits(max_claims=100_000)
    verifier = CitationVerifier(embedder=HashEmbedder(), config=VerifyConfig(limits=limits))
    verifier.verify_case(response, sources)


# family -> (function, input of about n characters)
FAMILIES: dict[str, tuple[Callable[..., None], Callable[[int], tuple[Any, ...]]]] = {
    "split: prose": (split_sentences, lambda n: (_prose(n),)),
    "split: 'ab. ' repeated": (split_sentences, lambda n: ("ab. " * (n // 4),)),
    "split: a run of dots": (split_sentences, lambda n: ("." * n + "a",)),
    "split: inline list items": (
        split_sentences,
        lambda n: ("1) " + " ".join(f"{i}) x y" for i in range(2, n // 8)),),
    ),
    "split: an unclosed fence": (split_sentences, lambda n: ("```\n" + "x\n" * (n // 2),)),
    "split source: windows": (
        lambda t: split_source("s", t, granularity="window", window=3),
        lambda n: (_prose(n),),
    ),
    "decompose: prose": (_decompose, lambda n: (_prose(n),)),
    "decompose: clauses joined by ', and' without verbs": (
        _decompose,
        lambda n: ("The tower rose high" + ", and the red big" * (n // 18) + ".",),
    ),
    "decompose: clauses joined by ', and'": (
        _decompose,
        lambda n: ("The tower rose high" + ", and the river flows fast" * (n // 26) + ".",),
    ),
    "decompose: clauses joined by ';'": (
        _decompose,
        lambda n: ("The tower rose high" + "; the river flows fast" * (n // 22) + ".",),
    ),
    "decompose: a refusal followed by empty clauses": (
        _decompose,
        lambda n: ("I don't know" + ", ." * (n // 3),),
    ),
    "decompose: a chain of refusals": (
        _decompose,
        lambda n: ("I don't know, but " * (n // 18) + "x.",),
    ),
    "decompose: refusals and statements alternating": (
        _decompose,
        lambda n: ("I don't know, but the tower is red in 1999 and " * (n // 50) + "x.",),
    ),
    "decompose: a lead-in followed by empty clauses": (
        _decompose,
        lambda n: ("Great question" + ", ." * (n // 3),),
    ),
    "decompose: unclosed emphasis": (_decompose, lambda n: ("The *tower " * (n // 11) + ".",)),
    "decompose: a run of spaces": (_decompose, lambda n: ("The value is" + " " * n + "x.",)),
    "decompose: a long list": (_decompose, lambda n: ("- It was red\n" * (n // 13),)),
    "gates: a span full of names": (
        lambda span: check_gates("The Tower is in Paris", span),
        lambda n: ("x " + "Paris " * (n // 6),),
    ),
    "verify: claims citing one long source": (
        _verify,
        lambda n: (" ".join(["The tower stands in Paris [1]."] * (n // 300)), [_prose(5 * n)]),
    ),
    "verify: a long source": (_verify, lambda n: ("The tower was built in 1889.", [_prose(5 * n)])),
}


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_doubling_the_input_at_most_doubles_the_work(family):
    """Work at twice the size stays within 2.5× the work at the size (linear growth)."""
    fn, make = FAMILIES[family]
    small = count_ops(fn, *make(SIZE))
    large = count_ops(fn, *make(2 * SIZE))
    assert small > 0
    assert large / small <= MAX_RATIO, f"{family}: {small} → {large} ({large / small:.2f}×)"
