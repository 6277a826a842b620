#!/usr/bin/env bash
# Installs Arize Phoenix for the phoenix suite in its own venv (never the project's): the
# venv lives in the CI cache, keyed by the version, so a second run reuses it as it is.
#   usage: .ci/setup_phoenix.sh CACHE_DIR   (prints the venv's python)
set -euo pipefail
CACHE=${1:-${XDG_CACHE_HOME:-$HOME/.cache}/longtracer-ci}
PYTHON=${PYTHON:-python3}
VERSION=20.26.1
VENV="$CACHE/venvs/phoenix-$VERSION"
STAMP="$VENV/.installed"
if [ ! -f "$STAMP" ]; then
  rm -rf "$VENV"
  mkdir -p "$CACHE/venvs" "$CACHE/pip"
  "$PYTHON" -m venv "$VENV"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    --cache-dir "$CACHE/pip" "arize-phoenix==$VERSION" >&2
  touch "$STAMP"
fi
echo "$VENV/bin/python"
