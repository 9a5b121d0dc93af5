#!/usr/bin/env bash
# Set everything up (scripts/setup.sh), then run every check:
#   1. ruff (lint + format check; the engine has stricter rules in engine/pyproject.toml)
#   2. mypy --strict on the engine
#   3. mkdocs build --strict (into .cache/test-site; the browser tests use this build)
#   4. the pytest suite (engine, tutorials, build) and the engine's doctests: it needs no built site, so it runs beside
#      steps 1-3 (which use one core each), its output kept in .cache/test-pytest.log and printed after the build;
#      but its long simulations (marked `simulation`) run beside every step up to the end of the browser tests, at the
#      lowest CPU priority (LOWEST_PRIORITY below), on the CPU those leave idle; their output
#      (.cache/test-simulations.log) is printed after the browser tests
#   5. the browser tests on /usr/bin/chromium, as root inside a network namespace with only loopback (unshare -n),
#      in two pytest calls: first every test not marked `serial`, on 2 workers (pytest-xdist, --dist worksteal);
#      then the `serial` ones (service workers and offline in test_offline.py, the engine's real-time recovery in
#      test_engine_recovery.py, the folds' layout in test_first_screen.py) alone in one process, so no other browser
#      test competes with their timers
#   6. the engine's tests inside Pyodide (node), against the wheel the site ships: in two processes (which share the
#      test files out as they go), beside the serial browser group (whose tests mostly wait on timers, leaving most of
#      both cores idle) at the lowest CPU priority, so the serial tests' timers come first; their output is
#      kept in .cache/test-pyodide-1.log and -2.log and printed after the group; CHANGPAI_PYODIDE_APART=1 runs them
#      after the browser tests instead
# Every step runs even when an earlier one failed (so one run shows everything); the exit code is non-zero
# if any step failed. pytest's "no tests collected" (exit 5) counts as a failure. Each step's heading says how many
# seconds the run has taken so far (set-up included).
# The non-browser pytest step runs on every core (pytest-xdist, -n auto, --dist worksteal: a worker that runs out of
# tests takes some of another's, so no long test is left for one worker at the end); CHANGPAI_TEST_WORKERS=1 runs
# it in one process, another number sets how many. CHANGPAI_BROWSER_WORKERS sets the workers of the parallel browser group
# (default 2; 1 runs it in one process); the serial group always runs in one process, after it.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1
export NO_MKDOCS_2_WARNING=1
failed=()
WORKERS="${CHANGPAI_TEST_WORKERS:-auto}"
PARALLEL=()
[[ "$WORKERS" != 1 && "$WORKERS" != 0 ]] && PARALLEL=(-n "$WORKERS" --dist worksteal)
BROWSER_WORKERS="${CHANGPAI_BROWSER_WORKERS:-2}"
BROWSER_PARALLEL=()
[[ "$BROWSER_WORKERS" != 1 && "$BROWSER_WORKERS" != 0 ]] && BROWSER_PARALLEL=(-n "$BROWSER_WORKERS" --dist worksteal)
# A browser test that hangs (a page promise that never settles) fails by name after 10 minutes (pytest-timeout; the
# slowest takes under a minute) instead of holding the run until CI stops it.
BROWSER_TIMEOUT=(--timeout=600 --timeout-method=thread)
step() { printf '\n\033[1m== %s ==\033[0m (%d s in)\n' "$*" "$SECONDS"; }
check() {  # check "name" command...: run it, remember a failure
  local name="$1"; shift
  local code=0
  "$@" || code=$?
  if [[ $code -eq 5 ]]; then
    echo "pytest collected no tests in step '$name' — that is a failure, not a pass" >&2
  fi
  if [[ $code -ne 0 ]]; then failed+=("$name (exit $code)"); fi
  return 0
}

# A step run beside others: in the background, its output kept in a log and printed when it is collected. One left
# running when the script stops (an error, ^C) is stopped with it.
BESIDE=()  # the pids still running
trap 'for pid in "${BESIDE[@]}"; do kill "$pid" 2>/dev/null; done' EXIT
BESIDE_PID=""
start_beside() {  # start_beside LOG command...: sets BESIDE_PID
  local log="$1"; shift
  mkdir -p "$(dirname "$log")"
  "$@" >"$log" 2>&1 &
  BESIDE_PID=$!
  BESIDE+=("$BESIDE_PID")
}
collect_beside() {  # collect_beside PID LOG: wait for it, print its output, return its exit code
  local code=0
  wait "$1" || code=$?
  local pid still=()
  for pid in "${BESIDE[@]}"; do [[ "$pid" != "$1" ]] && still+=("$pid"); done
  BESIDE=("${still[@]}")
  cat "$2"
  return $code
}

# The lowest CPU priority, for the steps run beside others (the simulations, the Pyodide tests), as a command prefix
# (an array, not a function, so the step's pid is the step's own and the script's exit stops it). A plain nice ranks a
# process only against those of its own session: the kernel shares the CPU between sessions' autogroups first, and
# Playwright starts each Chromium in a session of its own, so a nice-19 step still took as much CPU as a browser. In a
# session of its own (setsid -w: waited for, its exit code passed on) whose autogroup is set to nice 19 as well, it
# gets only what the browsers leave idle. (On a kernel without autogroups, nice 19 alone.)
LOWEST_PRIORITY=(setsid -w bash -c 'echo 19 2>/dev/null >/proc/self/autogroup; exec nice -n 19 "$@"' lowest-priority)

# The long simulations (tests marked `simulation`: whole deals and matches played by the computer players, CPU only,
# no clock, no subprocess) run beside every other step up to the end of the browser tests, at the lowest CPU priority:
# they use the CPU the other steps leave idle (the browser tests wait on pages and timers), and the rest of
# the non-browser tests are done sooner, so the browser tests start sooner. Their output is printed after the browser
# tests.
SIMULATIONS_LOG="$PWD/.cache/test-simulations.log"
start_beside "$SIMULATIONS_LOG" "${LOWEST_PRIORITY[@]}" .venv/bin/python -m pytest -q -p no:cacheprovider \
  "${PARALLEL[@]}" --durations=5 -m simulation tests --ignore=tests/site
SIMULATIONS_PID=$BESIDE_PID

PYTEST_LOG="$PWD/.cache/test-pytest.log"
step "pytest (engine, tutorials, build, doctests; not the simulations), beside ruff, mypy and the build"
echo "(its output follows the build; the simulations run beside everything at the lowest priority, their output"
echo " after the browser tests)"
start_beside "$PYTEST_LOG" .venv/bin/python -m pytest -q "${PARALLEL[@]}" --durations=12 -m "not simulation" tests \
  engine/changpai --doctest-modules --ignore=tests/site
PYTEST_PID=$BESIDE_PID

step "ruff"
check "ruff check" .venv/bin/ruff check .
check "ruff format" .venv/bin/ruff format --check .

step "mypy --strict (the engine)"
check "mypy --strict" .venv/bin/mypy --strict engine/changpai

step "mkdocs build --strict"
SITE_DIR="$PWD/.cache/test-site"
rm -rf "$SITE_DIR"
check "mkdocs build --strict" .venv/bin/mkdocs build --strict --quiet -d "$SITE_DIR"
export CHANGPAI_SITE_DIR="$SITE_DIR"

step "pytest (engine, tutorials, build, doctests): its output"
check "pytest" collect_beside "$PYTEST_PID" "$PYTEST_LOG"

# The engine's tests inside Pyodide, in two processes (one per core) that share the test files out between them as they
# go (run_engine_tests.mjs --claim-dir: each takes the next file nobody has claimed), so they finish together.
PYODIDE_CMD=(node tests/pyodide/run_engine_tests.mjs)
PYODIDE_PROCESSES=2
PYODIDE_CLAIMS="$PWD/.cache/pyodide-claims"
PYODIDE_LOG="$PWD/.cache/test-pyodide"  # process K's output: $PYODIDE_LOG-K.log
PYODIDE_PIDS=()
# start_pyodide [priority…]: every process in the background, its output in .cache/test-pyodide-K.log
start_pyodide() {
  local k
  PYODIDE_PIDS=()
  rm -rf "$PYODIDE_CLAIMS" && mkdir -p "$PYODIDE_CLAIMS"
  for ((k = 1; k <= PYODIDE_PROCESSES; k++)); do
    start_beside "$PYODIDE_LOG-$k.log" "$@" "${PYODIDE_CMD[@]}" --claim-dir "$PYODIDE_CLAIMS" tests/engine
    PYODIDE_PIDS+=("$BESIDE_PID")
  done
}
collect_pyodide() {  # each process's output in turn; a failed one fails the step
  local k code=0
  for ((k = 1; k <= PYODIDE_PROCESSES; k++)); do
    collect_beside "${PYODIDE_PIDS[k - 1]}" "$PYODIDE_LOG-$k.log" || code=$?
  done
  return $code
}
# the Pyodide step beside the serial group, at the lowest priority (unless CHANGPAI_PYODIDE_APART=1)
start_pyodide_beside() {
  [[ "${CHANGPAI_PYODIDE_APART:-0}" == 1 ]] && return 0
  start_pyodide "${LOWEST_PRIORITY[@]}"
  echo "(the engine tests inside Pyodide run beside this step, at the lowest CPU priority; their output follows it)"
}

if [[ -f "$SITE_DIR/index.html" ]]; then
  if [[ $(id -u) -eq 0 ]] && command -v unshare >/dev/null; then
    # The browser tests run once, inside a network namespace with only loopback: a page that reaches for
    # another host fails there, and the page fixture also records any such request.
    step "browser tests with the network removed (unshare -n, loopback only)"
    OFFLINE='ip link set lo up || exit 3; CHANGPAI_EXPECT_OFFLINE=1 exec .venv/bin/python -m pytest -q "$@" tests/site'
    check "pytest tests/site offline, parallel group" unshare -n bash -c "$OFFLINE" _ \
      "${BROWSER_PARALLEL[@]}" "${BROWSER_TIMEOUT[@]}" -m "not serial" --durations=12
    step "browser tests marked serial, alone (unshare -n, loopback only)"
    start_pyodide_beside
    check "pytest tests/site offline, serial group" unshare -n bash -c "$OFFLINE" _ "${BROWSER_TIMEOUT[@]}" -m serial \
      --durations=5
  else
    step "browser tests (not root, so no unshare -n run)"
    check "pytest tests/site, parallel group" .venv/bin/python -m pytest -q "${BROWSER_PARALLEL[@]}" "${BROWSER_TIMEOUT[@]}" \
      -m "not serial" --durations=12 tests/site
    step "browser tests marked serial, alone"
    start_pyodide_beside
    check "pytest tests/site, serial group" .venv/bin/python -m pytest -q "${BROWSER_TIMEOUT[@]}" -m serial --durations=5 \
      tests/site
  fi
else
  failed+=("pytest tests/site (not run: no site was built)")
fi

step "pytest, the simulations (ran beside the steps above, at the lowest priority): their output"
check "pytest simulations" collect_beside "$SIMULATIONS_PID" "$SIMULATIONS_LOG"

if ((${#PYODIDE_PIDS[@]})); then
  step "engine tests inside Pyodide (ran beside the serial browser group): their output"
  check "pyodide" collect_pyodide
else
  step "engine tests inside Pyodide"
  start_pyodide
  check "pyodide" collect_pyodide
fi

if ((${#failed[@]})); then
  printf '\n\033[1;31mFAILED:\033[0m %s\n' "${failed[@]}"
  exit 1
fi
step "all checks passed"
