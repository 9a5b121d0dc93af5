// Run the engine's tests (tests/engine/) inside Pyodide, under node, against the engine WHEEL the site ships.
//
//   node tests/pyodide/run_engine_tests.mjs [--claim-dir DIR] [pytest args…]
//
// --claim-dir DIR: run only the test files this process claims first (an empty file per test file, made in DIR with
// O_EXCL, so exactly one process gets each). Several processes given the same empty DIR run every test file once
// between them, each taking the next free file when it is done with one, so they finish together with no list of
// how long each file takes: scripts/test.sh runs two, one per core.
//
// Pyodide comes from node_modules (the same npm package the site serves). pytest, its dependencies and hypothesis
// are pure-Python wheels that scripts/setup.sh downloads into .cache/pyodide-wheels; they and the engine wheel are
// unpacked with unpackArchive (no micropip, no network). The repository is mounted read-write at its own path so
// the tests find their data files exactly as under CPython, but `changpai` is imported from the wheel: the runner
// checks that, so the code the browser runs is the code that was tested.
// Exit code: pytest's, except that "no tests collected" (5) is a failure with a message. Skipped tests are listed
// with their reasons (-rs), so the output says exactly what did not run in Pyodide.

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const PYODIDE_DIR = path.join(REPO, "node_modules", "pyodide");
const WHEEL_CACHE = path.join(REPO, ".cache", "pyodide-wheels");
const ENGINE_DIST = path.join(REPO, "engine", "dist");

function fail(message) {
  console.error(`[pyodide] ${message}`);
  process.exit(2);
}

function engineWheel() {
  const pyproject = readFileSync(path.join(REPO, "engine", "pyproject.toml"), "utf8");
  const version = /^version\s*=\s*"([^"]+)"/m.exec(pyproject)?.[1];
  if (!version) fail("cannot read the engine version from engine/pyproject.toml");
  const name = `changpai-${version}-py3-none-any.whl`;
  try {
    readFileSync(path.join(ENGINE_DIST, name), { flag: "r" });
  } catch {
    fail(`engine/dist/${name} is missing: run scripts/setup.sh (python -m build --wheel --no-isolation engine)`);
  }
  const wheel = path.join(ENGINE_DIST, name);
  const newer = newestSource(path.join(REPO, "engine", "changpai"));
  if (newer.mtime > statSync(wheel).mtimeMs) {
    fail(`${path.relative(REPO, newer.file)} is newer than engine/dist/${name}: run scripts/setup.sh to rebuild it`);
  }
  return wheel;
}

function newestSource(dir) {
  let newest = { file: dir, mtime: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "__pycache__") continue;
    const full = path.join(dir, entry.name);
    const found = entry.isDirectory() ? newestSource(full) : { file: full, mtime: statSync(full).mtimeMs };
    if (found.mtime > newest.mtime) newest = found;
  }
  return newest;
}

// sdists (tests/pyodide/requirements-sdist.txt) → the directory inside them that holds the pure-Python package.
const PURE_SDIST_DIRS = { pyyaml: "lib" };

function pureSdists() {
  let names;
  try {
    names = readdirSync(WHEEL_CACHE).filter((name) => name.endsWith(".tar.gz"));
  } catch {
    names = [];
  }
  return names.sort().map((name) => {
    const stem = name.slice(0, -".tar.gz".length);
    const project = stem.replace(/-[^-]+$/, "").toLowerCase();
    if (!(project in PURE_SDIST_DIRS)) fail(`${name}: no pure-Python directory known for it (PURE_SDIST_DIRS)`);
    return { file: path.join(WHEEL_CACHE, name), dir: `/sdists/${stem}/${PURE_SDIST_DIRS[project]}` };
  });
}

function testWheels() {
  let names;
  try {
    names = readdirSync(WHEEL_CACHE).filter((name) => name.endsWith(".whl"));
  } catch {
    names = [];
  }
  if (!names.some((name) => name.startsWith("pytest-"))) {
    fail(`no pytest wheel in ${WHEEL_CACHE}: run scripts/setup.sh`);
  }
  return names.sort().map((name) => path.join(WHEEL_CACHE, name));
}

const PYTHON_RUN = `
import sys, os, json, importlib.util
sys.dont_write_bytecode = True
os.chdir(REPO)
import changpai
origin = changpai.__file__
if "site-packages" not in origin:
    raise SystemExit(f"changpai was imported from {origin}, not from the installed wheel")

class Report:
    """pytest plugin: pytest's own tally (passed, skipped, failed, error…), for the one-line summary."""
    def __init__(self):
        self.outcomes = {}
    def pytest_terminal_summary(self, terminalreporter):
        for key, reports in terminalreporter.stats.items():
            if key and key not in ("warnings", "deselected"):
                self.outcomes[key] = len(reports)

class PyodideHypothesisProfile:
    """Pyodide is slower than CPython: no per-example deadline, no too_slow health check (a loaded machine, or the
    browser tests beside this run, make a slow draw slower still: a failure of the machine, not of the engine), and
    keep the example database in memory."""
    def pytest_configure(self, config):
        try:
            from hypothesis import HealthCheck, settings
        except ImportError:
            return
        settings.register_profile(
            "pyodide", deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
        )
        settings.load_profile("pyodide")

import pytest

class Claims:
    """pytest plugin (--claim-dir): run a test file only if this process is the first to claim it in CLAIM_DIR. The
    claim is made at the file's first test, so a file is set up and torn down whole in one process."""
    def __init__(self, folder):
        self.folder = folder
        self.mine = {}
    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(self, item, nextitem):
        path = item.nodeid.split("::", 1)[0]
        mine = self.mine.get(path)
        if mine is None:
            try:
                claim = os.path.join(self.folder, path.replace("/", "%"))
                os.close(os.open(claim, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
                mine = True
            except FileExistsError:
                mine = False
            self.mine[path] = mine
        return None if mine else True  # True: another process runs it (no report here)

report = Report()
plugins = [PyodideHypothesisProfile(), report] + ([Claims(CLAIM_DIR)] if CLAIM_DIR else [])
code = pytest.main(["-p", "no:cacheprovider", "-o", "addopts=", "-q", "-rs", *ARGS], plugins=plugins)
try:
    import hypothesis
    hyp = hypothesis.__version__
except Exception as exc:  # noqa: BLE001 - reported, not hidden
    hyp = f"unavailable: {exc}"
json.dumps({"code": int(code), "outcomes": report.outcomes, "changpai": origin,
            "python": sys.version.split()[0], "hypothesis": hyp})
`;

async function main() {
  const args = process.argv.slice(2);
  let claimDir = null;
  const at = args.indexOf("--claim-dir");
  if (at >= 0) {
    claimDir = args[at + 1] && path.resolve(args[at + 1]);
    if (!claimDir || !existsSync(claimDir) || !statSync(claimDir).isDirectory()) {
      fail(`--claim-dir takes a folder that exists, not ${JSON.stringify(args[at + 1])}`);
    }
    if (path.relative(REPO, claimDir).startsWith("..")) {
      fail(`--claim-dir ${claimDir} is outside ${REPO}, the only folder Pyodide sees`);
    }
    args.splice(at, 2);
  }
  const pytestArgs = args.length ? args : ["tests/engine"];
  const label = claimDir ? ` (the files claimed first in ${path.relative(REPO, claimDir)})` : "";
  const { loadPyodide } = await import(path.join(PYODIDE_DIR, "pyodide.mjs"));
  const started = Date.now();
  const pyodide = await loadPyodide({ indexURL: `${PYODIDE_DIR}/` });
  // Raw writes, so pytest's progress dots stay on one line.
  pyodide.setStdout({ write: (bytes) => process.stdout.write(bytes) && bytes.length });
  pyodide.setStderr({ write: (bytes) => process.stderr.write(bytes) && bytes.length });
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  for (const wheel of [...testWheels(), engineWheel()]) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
  }
  for (const sdist of pureSdists()) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(sdist.file)), "gztar", { extractDir: "/sdists" });
    pyodide.runPython(`import sys; sys.path.append(${JSON.stringify(sdist.dir)})`);
  }
  pyodide.FS.mkdirTree(REPO);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: REPO }, REPO);
  pyodide.globals.set("REPO", REPO);
  pyodide.globals.set("ARGS", pyodide.toPy(pytestArgs));
  pyodide.globals.set("CLAIM_DIR", claimDir);
  const result = JSON.parse(await pyodide.runPythonAsync(PYTHON_RUN));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `[pyodide] Python ${result.python} (Pyodide ${pyodide.version}), hypothesis ${result.hypothesis}, ` +
      `changpai from ${result.changpai}`,
  );
  console.log(`[pyodide] pytest ${pytestArgs.join(" ")}${label}: ${JSON.stringify(result.outcomes)} in ${seconds}s`);
  if (result.code === 5) {
    console.error("[pyodide] pytest collected no tests: that is a failure, not a pass");
    process.exit(5);
  }
  process.exit(result.code);
}

main().catch((err) => fail(err?.stack || String(err)));
