"""Long-running processes do not grow without bound: verifiers per config, split sources."""

from __future__ import annotations

import pytest

from longtracer_core import VerifyConfig, check_case
from longtracer_core.contracts import QualityGate
from longtracer_core.pipeline import check as check_module
from longtracer_core.pipeline import verifier as verifier_module
from tests.helpers import SOURCES, SUPPORTED, verifier


@pytest.mark.model
def test_check_case_keeps_a_bounded_number_of_verifiers():
    """Twelve distinct configs: at most _MAX_VERIFIERS verifiers are kept, all sharing one
    loaded embedder, and every call still verifies."""
    for k in range(12):
        config = VerifyConfig(redaction_notice=f"[removed {k}]")
        assert check_case(SUPPORTED, SOURCES, config=config).quality_gate is QualityGate.PASS
    assert len(check_module._VERIFIERS) <= check_module._MAX_VERIFIERS
    embedders = {id(v.embedder) for v in check_module._VERIFIERS.values()}
    assert len(embedders) == 1 and len(check_module._EMBEDDERS) == 1


def test_split_source_cache_is_bounded_by_characters(monkeypatch):
    """Eight distinct 10,000-character sources through a 25,000-character budget: the
    split-source and source-evidence caches never hold more than their budget, and cases still verify."""
    monkeypatch.setattr(verifier_module, "_SPLIT_CACHE_CHARS", 25_000)
    v = verifier()
    for k in range(8):
        filler = " ".join(f"Filler sentence {k} number {i} about nothing." for i in range(300))
        case = v.verify_case(SUPPORTED, [*SOURCES, filler[:10_000]])
        assert case.quality_gate is QualityGate.PASS
        assert v._splits.chars <= 25_000
        assert v._engine.sources_read.chars <= 25_000
    assert v._splits.chars > 0
