"""Without an extra installed, importing its module raises ImportError naming the extra."""

from __future__ import annotations

import pytest

from .fresh_env import make_core_only_env, run_in


@pytest.fixture(scope="module")
def core_only_python(tmp_path_factory):
    return make_core_only_env(tmp_path_factory.mktemp("core-only"))


def test_core_imports_without_any_extra(core_only_python):
    """longtracer_core and the observability sinks import with only the core dependencies."""
    out = run_in(
        core_only_python,
        "import longtracer_core, longtracer_integrations.observability; print('ok')",
    )
    assert out.returncode == 0, out.stderr
    missing = run_in(core_only_python, "import langchain_core")
    assert missing.returncode != 0  # the environment really lacks langchain


def test_langchain_module_names_its_extra(core_only_python):
    """import longtracer_integrations.langchain → ImportError naming longtracer-integrations[langchain]."""
    out = run_in(core_only_python, "import longtracer_integrations.langchain")
    assert out.returncode != 0
    assert "ImportError" in out.stderr
    assert 'pip install "longtracer-integrations[langchain]"' in out.stderr


def test_otel_sink_names_its_extra(core_only_python):
    """OpenTelemetrySink without OpenTelemetry → ImportError naming longtracer-integrations[otel]."""
    out = run_in(
        core_only_python, "from longtracer_integrations.observability import OpenTelemetrySink"
    )
    assert out.returncode != 0
    assert 'pip install "longtracer-integrations[otel]"' in out.stderr
