#!/usr/bin/env bash
# Set up everything the site and its tests need, on a fresh Debian machine or an existing checkout.
# Idempotent and quick when already done: each step checks before it acts.
#   Debian packages: chromium, CJK fonts (Noto CJK, AR PL UKai), node/npm, python3-venv
#   Python: .venv with the pinned requirements.txt, the engine (engine/) installed editable
#   npm: `npm ci` (Pyodide and iframe-worker; axe-core for the accessibility tests; pinned in package-lock.json)
#   the engine wheel (python -m build), and the pure-Python wheels the in-Pyodide test run needs
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

# --- Debian packages -------------------------------------------------------------------------------
APT_PACKAGES=(chromium fonts-noto-cjk fonts-arphic-ukai nodejs npm python3 python3-venv iproute2 util-linux)
missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done
# node and npm may come from elsewhere (nodesource, nvm): accept working binaries.
if command -v node >/dev/null && command -v npm >/dev/null; then
  missing=("${missing[@]/nodejs}"); missing=("${missing[@]/npm}")
fi
missing=($(printf '%s\n' "${missing[@]}" | grep -v '^$' || true))
if ((${#missing[@]})); then
  SUDO=""
  [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  say "apt-get install ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi

# --- Python venv with pinned requirements ------------------------------------------------------------
PYTHON="${PYTHON:-python3}"
if [[ ! -x .venv/bin/python ]]; then
  say "creating .venv"
  "$PYTHON" -m venv .venv
fi
stamp() { sha256sum "$@" | sha256sum | cut -c1-16; }
req_stamp="$(stamp requirements.txt engine/pyproject.toml)"
if [[ "$(cat .venv/.changpai-requirements 2>/dev/null)" != "$req_stamp" ]]; then
  say "pip install -r requirements.txt, engine editable"
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -r requirements.txt
  .venv/bin/python -m pip install -q --no-deps --no-build-isolation -e engine
  echo "$req_stamp" > .venv/.changpai-requirements
fi

# --- npm: Pyodide, iframe-worker, axe-core -------------------------------------------------------
npm_stamp="$(stamp package-lock.json)"
if [[ "$(cat node_modules/.changpai-npm 2>/dev/null)" != "$npm_stamp" || ! -f node_modules/pyodide/pyodide.asm.wasm ]]; then
  say "npm ci"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$npm_stamp" > node_modules/.changpai-npm
fi

# --- the engine wheel (what the browser installs) ------------------------------------------------
version="$(.venv/bin/python -c 'import tomllib;print(tomllib.load(open("engine/pyproject.toml","rb"))["project"]["version"])')"
wheel="engine/dist/changpai-${version}-py3-none-any.whl"
if [[ ! -f "$wheel" ]] || [[ -n "$(find engine/changpai engine/pyproject.toml -newer "$wheel" -type f -not -path '*/__pycache__/*' -print -quit)" ]]; then
  say "python -m build --wheel --no-isolation engine"
  rm -rf engine/build  # setuptools reuses build/lib: a moved or deleted module would ship in the wheel
  if ! build_log="$(.venv/bin/python -m build --wheel --no-isolation engine -o engine/dist 2>&1)"; then
    echo "$build_log" >&2
    exit 1
  fi
  touch "$wheel"
fi

# --- wheels for running the engine's tests inside Pyodide --------------------------------------------
wheel_cache=".cache/pyodide-wheels"
pyo_stamp="$(stamp tests/pyodide/requirements.txt tests/pyodide/requirements-sdist.txt)"
if [[ "$(cat "$wheel_cache/.stamp" 2>/dev/null)" != "$pyo_stamp" ]]; then
  say "pip download the in-Pyodide test wheels"
  rm -rf "$wheel_cache"
  mkdir -p "$wheel_cache"
  .venv/bin/python -m pip download -q --only-binary :all: --no-deps --python-version 3.13 \
    --platform any --implementation py -d "$wheel_cache" -r tests/pyodide/requirements.txt
  .venv/bin/python -m pip download -q --no-binary :all: --no-deps --no-build-isolation \
    -d "$wheel_cache" -r tests/pyodide/requirements-sdist.txt
  echo "$pyo_stamp" > "$wheel_cache/.stamp"
fi

say "ready ($ROOT)"
