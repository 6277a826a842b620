"""Examples that moved from the README into the docs still run as written (offline)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e  # each snippet runs in its own interpreter

ROOT = Path(__file__).resolve().parents[2]


def _block(doc: str, marker: str) -> str:
    """The one Python block of ``doc`` that contains ``marker``."""
    text = (ROOT / doc).read_text(encoding="utf-8")
    (code,) = [b for b in re.findall(r"```python\n(.*?)```", text, flags=re.S) if marker in b]
    return code


def _run(code: str, tmp_path: Path) -> str:
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        env={"PATH": "/usr/bin:/bin", "HF_HUB_OFFLINE": "1", "HOME": str(tmp_path)},
    )
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout


def test_legacy_adapter_example_prints_what_it_says(tmp_path):
    """contract.md: an empty legacy result converts as the comment under it says."""
    code = _block("docs/reference/contract.md", "LegacyVerificationAdapter.from_legacy(")
    expected = next(line[2:] for line in code.splitlines() if line.startswith("# "))
    assert _run(code, tmp_path).strip() == expected


@pytest.mark.model
def test_opentelemetry_example_prints_the_grounding_span(tmp_path):
    """observability.md: the example exports a grounding.verify span carrying the gate."""
    out = _run(_block("docs/guides/observability.md", "OpenTelemetrySink("), tmp_path)
    assert '"name": "grounding.verify"' in out and '"grounding.quality_gate": "PASS"' in out
