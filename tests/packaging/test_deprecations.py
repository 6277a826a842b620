"""Every public import path the house redesign moved still works, warns, and names its new home."""

from __future__ import annotations

import importlib
import sys

import pytest

MOVED_MODULES = [
    ("longtracer_core.pipeline.nli", "longtracer_core.pipeline.contradiction"),
    ("longtracer_core.judge.nli", "longtracer_core.judge.nli_judge"),
    ("longtracer_core.providers.nli", "longtracer_core.providers.nli_scorer"),
    ("longtracer_core.pipeline.judge", "longtracer_core.pipeline.escalation"),
    ("longtracer_core.pipeline.outcomes", "longtracer_core.pipeline.guarded"),
    ("longtracer_core.evaluation.realistic", "longtracer_core.evaluation.realistic_corpus"),
]


@pytest.mark.parametrize(("old", "new"), MOVED_MODULES)
def test_a_moved_module_warns_and_gives_the_same_names(old, new):
    """Importing the old module warns with the new name and exposes the same objects."""
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match=new.replace(".", r"\.")):
        shim = importlib.import_module(old)
    target = importlib.import_module(new)
    assert list(shim.__all__) == list(target.__all__)
    for name in target.__all__:
        assert getattr(shim, name) is getattr(target, name), name


def test_the_library_never_imports_a_moved_module():
    """A fresh interpreter importing every package of the library gets no DeprecationWarning."""
    import subprocess

    code = (
        "import longtracer_core, longtracer_core.pipeline, longtracer_core.judge, "
        "longtracer_core.providers, longtracer_core.evaluation, longtracer_core.audit, "
        "longtracer_core.cli"
    )
    out = subprocess.run(
        [sys.executable, "-W", "error::DeprecationWarning", "-c", code],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
