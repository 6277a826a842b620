"""Without an extra installed, importing its module raises ImportError naming the extra."""

from __future__ import annotations

import pytest

from tests.fresh_env import make_core_only_env, run_in


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


def test_agents_module_names_its_extra(core_only_python):
    """import longtracer_integrations.agents without langchain → ImportError naming [agents]."""
    out = run_in(core_only_python, "import longtracer_integrations.agents")
    assert out.returncode != 0
    assert 'pip install "longtracer-integrations[agents]"' in out.stderr


def test_ray_module_names_its_extra(core_only_python):
    """import longtracer_integrations.ray without Ray → ImportError naming [ray]."""
    out = run_in(core_only_python, "import longtracer_integrations.ray")
    assert out.returncode != 0
    assert 'pip install "longtracer-integrations[ray]"' in out.stderr
    missing = run_in(core_only_python, "import ray")
    assert missing.returncode != 0  # the environment really lacks Ray


def test_otel_sink_names_its_extra(core_only_python):
    """OpenTelemetrySink without OpenTelemetry → ImportError naming longtracer-integrations[otel]."""
    out = run_in(
        core_only_python, "from longtracer_integrations.observability import OpenTelemetrySink"
    )
    assert out.returncode != 0
    assert 'pip install "longtracer-integrations[otel]"' in out.stderr


def test_langgraph_and_phoenix_modules_name_their_extras(core_only_python):
    """grounding_node needs [langgraph]; PhoenixAnnotationSink needs [otel]."""
    out = run_in(core_only_python, "import longtracer_integrations.langgraph")
    assert out.returncode != 0
    assert 'pip install "longtracer-integrations[langgraph]"' in out.stderr
    out = run_in(
        core_only_python, "from longtracer_integrations.observability import PhoenixAnnotationSink"
    )
    assert out.returncode != 0
    assert 'pip install "longtracer-integrations[otel]"' in out.stderr


def test_default_engine_works_with_only_the_core_dependencies(core_only_python):
    """check_case gives PASS/FAIL with only the core's dependencies: no torch, no extra."""
    out = run_in(
        core_only_python,
        "import sys\n"
        "from longtracer_core import check_case\n"
        "src = ['Webb launched on 25 December 2021 aboard an Ariane 5.']\n"
        "ok = check_case('Webb launched on 25 December 2021.', src)\n"
        "bad = check_case('Webb was repaired by astronauts in 2023.', src)\n"
        "print(ok.quality_gate, bad.quality_gate, 'torch' in sys.modules)\n",
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["PASS", "FAIL", "False"]
    missing = run_in(core_only_python, "import torch")
    assert missing.returncode != 0  # the environment really lacks torch
