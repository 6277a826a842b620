# The two commands of the README: `make demo` and `make test`.
# Both set up .venv on first use: CPU torch first (never a CUDA build), then the
# project with every extra, editable.

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell sha256sum pyproject.toml | cut -c1-12)

# The llm_server suite: a real OpenAI-compatible server (llama-cpp-python) on 127.0.0.1,
# in its own venv; the built wheel and the model are cached outside the clone.
CI_CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/longtracer-ci
LLM_VENV ?= .venv-llm
LLM_MODEL := $(CI_CACHE)/models/gemma-3-270m-q4_k_m.gguf

.PHONY: setup demo test test-fast test-browser browser-setup test-ray llm-server-setup \
	test-llm-server test-phoenix lint clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet "torch==2.13.0"
	$(PY) -m pip install --quiet -e ".[all,dev]"
	rm -f $(VENV)/.installed-* && touch $(STAMP)

setup: $(STAMP)

demo: setup
	$(PY) examples/quickstart.py
	$(PY) examples/langchain_rag.py
	$(PY) examples/llamaindex_query.py

# every core (pytest-xdist); PYTEST_WORKERS=0 runs the suite in one process
PYTEST_WORKERS ?= auto

test: setup
	$(PY) -m pytest -n $(PYTEST_WORKERS)

# The inner loop: no slow, model-loading, fuzz or end-to-end tests (and no service suites).
test-fast: setup
	$(PY) -m pytest -q -n $(PYTEST_WORKERS) -m 'not slow and not model and not fuzz and not e2e and not llm_server and not phoenix and not ray and not browser'

# The HTML report in headless Chromium: Debian's chromium and chromedriver, installed if missing.
# Screenshots are kept in out/browser/.
browser-setup:
	command -v chromium >/dev/null && command -v chromedriver >/dev/null || \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	   apt-get install -y -qq --no-install-recommends chromium chromium-driver)

test-browser: setup browser-setup
	$(PY) -m pytest -m browser -rA tests/core/report/test_browser.py
# Audit on Ray Data: the tests start a local Ray (2 CPUs, 127.0.0.1 only, no usage
# statistics), and a local multi-node Ray that loses a node, and stop them; Ray comes
# with the project's [ray] extra.
test-ray: setup
	RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0 RAY_USAGE_STATS_ENABLED=0 \
		$(PY) -m pytest -m ray tests/integrations/ray/

llm-server-setup:
	PYTHON=$(PYTHON) bash .ci/setup_llm_server.sh $(LLM_VENV) $(CI_CACHE)

test-llm-server: setup llm-server-setup
	LONGTRACER_LLM_PYTHON=$(abspath $(LLM_VENV))/bin/python LONGTRACER_LLM_MODEL=$(LLM_MODEL) \
		$(PY) -m pytest -m llm_server tests/core/judge/test_llm_server.py

# Phoenix on 127.0.0.1 (arize-phoenix in its own venv, cached under $(CI_CACHE)/venvs): a
# LangChain chain and a LlamaIndex engine traced with OpenInference, verdicts read back.
test-phoenix: setup
	LONGTRACER_PHOENIX_PYTHON=$$(PYTHON=$(PYTHON) bash .ci/setup_phoenix.sh $(CI_CACHE)) \
		$(PY) -m pytest -m phoenix -rA -s tests/integrations/observability/test_phoenix.py

# ruff (lint and format) over the repository; mypy --strict over both packages and tools/
# (the few untyped third-party modules are listed in pyproject.toml, [tool.mypy.overrides]).
lint: setup
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy --strict src/longtracer_core/ src/longtracer_integrations/ tools/

clean:
	rm -rf $(VENV) $(LLM_VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
