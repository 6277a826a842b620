# The two commands of the README: `make demo` and `make test`.
# Both set up .venv on first use: CPU torch first (never a CUDA build), then the
# project with every extra, editable.

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell sha256sum pyproject.toml | cut -c1-12)

.PHONY: setup demo demo-langchain demo-llamaindex test test-browser lint typecheck bench eval clean

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

test: setup
	$(PY) -m pytest

# The HTML report in headless Chromium: Debian's chromium and chromedriver, installed if missing.
# Screenshots are kept in out/browser/.
test-browser: setup
	command -v chromium >/dev/null && command -v chromedriver >/dev/null || \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	   apt-get install -y -qq --no-install-recommends chromium chromium-driver)
	$(PY) -m pytest -m browser -rA tests/test_browser.py

lint: setup
	$(PY) -m ruff check . && $(PY) -m ruff format --check . && $(PY) -m mypy --strict core/

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
