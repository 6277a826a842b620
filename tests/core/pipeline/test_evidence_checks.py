"""Which finding a claim reports when several apply (``pipeline.evidence_checks``)."""

from __future__ import annotations

from longtracer_core.pipeline.evidence_checks import PRIORITY
from longtracer_core.scoring.findings import BLOCKING_KINDS, DECISIVE_KINDS


def test_every_finding_that_marks_or_refutes_outranks_every_gate_hint():
    """A finding that keeps a claim from SUPPORTED (or refutes it) is the one reported, and
    acted on, over a gate's hint found on the same claim: a hint ranked above it would
    hide it and let the claim pass."""
    acting = (DECISIVE_KINDS | BLOCKING_KINDS) - {"judge_quote"}
    assert acting <= set(PRIORITY)
    hints = [k for k in PRIORITY if k.startswith("gate_")]
    assert hints
    assert max(PRIORITY.index(k) for k in acting) < min(PRIORITY.index(k) for k in hints)
