#!/usr/bin/env bash
# Set everything up (scripts/setup.sh), then run every check:
#   1. ruff (lint + format check)
#   2. mkdocs build --strict (into .cache/test-site; the browser tests use this build)
#   3. the whole pytest suite (engine, tutorials, site incl. browser tests on /usr/bin/chromium)
#   4. as root: the browser tests again inside a network namespace with only loopback (unshare -n)
#   5. the engine's tests inside Pyodide (node), against the wheel the site ships
# Exits non-zero on the first failure. pytest's "no tests collected" (exit 5) is a failure too.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export NO_MKDOCS_2_WARNING=1
step() { printf '\n\033[1m== %s ==\033[0m\n' "$*"; }
run_pytest() {
  local code=0
  .venv/bin/python -m pytest "$@" || code=$?
  if [[ $code -eq 5 ]]; then
    echo "pytest collected no tests for: $* — failing (exit 5 must not pass silently)" >&2
  fi
  return $code
}

step "ruff"
.venv/bin/ruff check .
.venv/bin/ruff format --check .

step "mkdocs build --strict"
SITE_DIR="$PWD/.cache/test-site"
rm -rf "$SITE_DIR"
.venv/bin/mkdocs build --strict --quiet -d "$SITE_DIR"
export CHANGPAI_SITE_DIR="$SITE_DIR"

step "pytest (whole suite, browser tests included)"
run_pytest -q tests

if [[ $(id -u) -eq 0 ]] && command -v unshare >/dev/null; then
  step "browser tests again with the network removed (unshare -n, loopback only)"
  unshare -n bash -c '
    set -euo pipefail
    ip link set lo up
    export CHANGPAI_EXPECT_OFFLINE=1
    code=0
    .venv/bin/python -m pytest -q tests/site || code=$?
    [[ $code -eq 5 ]] && echo "pytest collected no browser tests — failing" >&2
    exit $code'
else
  step "skipping the unshare -n run (needs root)"
fi

step "engine tests inside Pyodide"
node tests/pyodide/run_engine_tests.mjs tests/engine

step "all checks passed"
