"""Shared fixtures for the browser tests (tests/site/).

* ``site_dir``  — the built site: $CHANGPAI_SITE_DIR if set (scripts/test.sh builds it once with --strict),
                  else built once per session into a temp dir.
* ``site_url``  — that site served on 127.0.0.1 at an ephemeral port (ends with "/").
* ``page``      — a Playwright page on Debian's /usr/bin/chromium whose context has ``base_url=site_url``,
                  so ``page.goto("en/")`` works. Every request is recorded (``browser_log.requests``); a request
                  to any host but 127.0.0.1 fails to load (a proxy that goes nowhere) and fails the test, and so
                  does a console error or an uncaught page error. A test that provokes an error on purpose says so
                  first: ``browser_log.allow_console_error(r"404")``. Service workers are blocked in every context
                  made from ``browser_context_args`` (why: see there; tests/site/test_offline.py allows them).
* ``warm_context`` — a browser context shared by the whole session (one per set of ``browser_context_args``), so
                  Pyodide, the engine's snapshot and the pages come from its HTTP cache instead of the server. A
                  foreign host is refused there by a proxy that goes nowhere (a route would turn the cache off), and
                  still recorded and failed. Service workers are blocked in it, so no test's worker serves the next.
* ``warm_page`` — a new page in ``warm_context``, with the same checks as ``page``; the site's storage
                  (localStorage, sessionStorage, IndexedDB, cache storage, the origin private file system) and
                  cookies are cleared before each test, except the engine's kept snapshot (worker.js keeps it in the
                  origin private file system after a start): like the HTTP cache, it is what a returning visitor's
                  browser holds, and it spares each test's engine the download's decompression, hash and write.
                  A module opts in with ``pytestmark = pytest.mark.warm_engine``: its ``page`` is then a
                  ``warm_page``, except for a test that also asks for ``context`` or is marked ``fresh_context``
                  (tests about loading, offline, recovery and kiosk resets keep a fresh context).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from sitebuild.chromium import CHROMIUM, CHROMIUM_ARGS
from sitebuild.serve import LOCAL_HOST, SiteServer

REPO_ROOT = Path(__file__).resolve().parents[2]


def build_site(dest: Path) -> Path:
    """Build the whole site with --strict into ``dest``; a failed build fails the tests with its log."""
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(dest)]
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    proc = subprocess.run(cmd, cwd=REPO_ROOT, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        pytest.fail(f"mkdocs build --strict failed:\n{proc.stdout[-4000:]}\n{proc.stderr[-6000:]}", pytrace=False)
    return dest


def build_pages(
    dest: Path, pages: list[str], env: dict[str, str] | None = None, *, strict: bool = True
) -> subprocess.CompletedProcess[str]:
    """``mkdocs build`` (``--strict`` unless told) of a small site with the real hooks (sitebuild/hooks.py, so every
    ext module) and just ``pages`` (paths under docs/, copied to the same paths) plus a home page: for tests that
    expect a build to stop on one page, without building the whole site around it. Returns the finished process
    (stdout, stderr)."""
    docs = dest / "docs"
    for rel in pages:
        (docs / rel).parent.mkdir(parents=True, exist_ok=True)
        (docs / rel).write_text((REPO_ROOT / "docs" / rel).read_text(encoding="utf-8"), encoding="utf-8")
    if not (docs / "index.md").exists():
        (docs / "index.md").write_text("# Home\n", encoding="utf-8")
    config = dest / "mkdocs.yml"
    config.write_text(
        f"site_name: t\ndocs_dir: {docs}\ntheme:\n  name: material\n  font: false\n"
        f"hooks:\n  - {REPO_ROOT / 'sitebuild' / 'hooks.py'}\n",
        encoding="utf-8",
    )
    cmd = [sys.executable, "-m", "mkdocs", "build", *(["--strict"] if strict else []), "--quiet", "-f", str(config)]
    cmd += ["-d", str(dest / "site")]
    env = {**os.environ, **(env or {}), "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run(cmd, cwd=REPO_ROOT, capture_output=True, text=True, env=env, timeout=600)


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("CHANGPAI_SITE_DIR")
    if given:
        path = Path(given)
        if not (path / "index.html").is_file():
            pytest.fail(f"CHANGPAI_SITE_DIR={given} has no index.html: build the site first", pytrace=False)
        return path
    dest = tmp_path_factory.mktemp("site") / "site"
    return build_site(dest)


@pytest.fixture(scope="session")
def site_url(site_dir: Path):
    with SiteServer(site_dir) as server:
        yield server.url


# The tests' Chromium compiles WebAssembly with V8's baseline compiler only (Liftoff). By default V8 also recompiles
# the hot functions of Pyodide's runtime with its optimizing compiler on background threads. A reader's browser keeps
# that code in its code cache (a profile on disk: measured, the next page's engine start took 0.08 CPU-s of those
# threads instead of 0.35, its start and a hand 0.47 instead of 1.44), but Playwright's contexts live in memory and
# keep none, so every test page that started the engine paid about a second of CPU again. Measured on 2 cores: one
# Leshan hand played on learn/play.html, 2.6 → 1.6 CPU-s; test_reader_play.py on 2 workers, 139 → 109 CPU-s; the
# parallel browser group, 660 → 592 s. The engine's answers do not depend on the compiler; readers' browsers and the
# benchmarks (sitebuild.chromium) keep V8's defaults. (So does Pyodide under node, tests/pyodide: its long runs were
# slower without: 111 → 149 CPU-s.)
TEST_ONLY_CHROMIUM_ARGS = ["--js-flags=--liftoff-only"]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    if not Path(CHROMIUM).is_file():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium (scripts/setup.sh does)", pytrace=False)
    args = [*CHROMIUM_ARGS, *TEST_ONLY_CHROMIUM_ARGS]
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": args}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict, site_url: str) -> dict:
    # The site's Content-Security-Policy refuses eval, which Playwright uses for string predicates
    # (wait_for_function("expr")); tests/site/test_csp.py checks the policy in contexts of its own, without bypass.
    # Every context refuses other hosts through NOWHERE_PROXY (the page fixtures record such requests and fail).
    # Service workers are blocked (tests/site/test_offline.py allows them in contexts of its own): the site registers
    # its worker 2.5 s after a page loads and it claims the page and the engine's worker, whose requests then no
    # longer pass page.route. A test that answers the wheel with a 404 got the real wheel whenever the engine's
    # start, slowed by the machine's load, fetched it after the claim (reproduced by holding the snapshot's 404 6 s).
    return {
        **browser_context_args,
        "base_url": site_url,
        "bypass_csp": True,
        "proxy": NOWHERE_PROXY,
        "service_workers": "block",
    }


@dataclass
class BrowserLog:
    """What a page did: every request URL, and the problems that fail the test."""

    requests: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    allowed_errors: list[re.Pattern[str]] = field(default_factory=list)

    def allow_console_error(self, pattern: str) -> None:
        """Let console errors matching ``pattern`` (a regex) pass: for tests that provoke a failure on purpose."""
        self.allowed_errors.append(re.compile(pattern))

    def record_request(self, request) -> None:
        """A page's or context's "request" listener: a request to another host is recorded (and fails the test)."""
        if not is_local(request.url):
            self.foreign_requests.append(request.url)

    def problems(self) -> list[str]:
        found = [f"request to a non-local host: {url}" for url in self.foreign_requests]
        for text in self.console_errors:
            if not any(p.search(text) for p in self.allowed_errors):
                found.append(f"console error: {text}")
        found += [f"uncaught page error: {text}" for text in self.page_errors]
        return found

    def forget_problems(self) -> None:
        """For a page kept from test to test: what it did wrong is told once, in the test it happened in."""
        self.foreign_requests.clear()
        self.console_errors.clear()
        self.page_errors.clear()


def fail_on(problems: list[str]) -> None:
    if problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about", "file"):
        return True
    return parts.hostname == LOCAL_HOST


@pytest.fixture
def browser_log() -> BrowserLog:
    return BrowserLog()


def watch_page(page, browser_log: BrowserLog) -> None:
    """Record the page's requests, console errors and uncaught errors in ``browser_log``."""

    def on_console(message):
        if message.type == "error":
            location = message.location or {}
            browser_log.console_errors.append(f"{message.text} ({location.get('url', '?')})")

    page.on("request", lambda request: browser_log.requests.append(request.url))
    page.on("console", on_console)
    page.on("pageerror", lambda error: browser_log.page_errors.append(str(error)))


def close_and_check(page, browser_log: BrowserLog) -> None:
    problems = browser_log.problems()
    page.close()
    fail_on(problems)


def wants_warm(request: pytest.FixtureRequest) -> bool:
    node = request.node
    return (
        node.get_closest_marker("warm_engine") is not None
        and node.get_closest_marker("fresh_context") is None
        and "context" not in request.fixturenames
    )


@pytest.fixture
def page(request: pytest.FixtureRequest, browser_log: BrowserLog):
    if wants_warm(request):
        yield request.getfixturevalue("warm_page")
        return
    context = request.getfixturevalue("context")  # made with NOWHERE_PROXY (browser_context_args)
    # Another host fails to load through the proxy, and the request is recorded and fails the test. (A context.route
    # on every request did the same, but sent each of the page's requests through this process, and turned the HTTP
    # cache off.)
    context.on("request", browser_log.record_request)
    page = context.new_page()
    watch_page(page, browser_log)
    yield page
    close_and_check(page, browser_log)


# A proxy on a port nothing listens on: every host but loopback fails to load (Chromium never proxies loopback, and
# 127.0.0.1 is on the bypass list too). Unlike context.route, it leaves the HTTP cache on.
NOWHERE_PROXY = {"server": "http://127.0.0.1:9", "bypass": f"{LOCAL_HOST},localhost"}

# The folder of the origin private file system where the engine's worker keeps its snapshot (one home: worker.js).
_WORKER_JS = REPO_ROOT / "docs/assets/engine/worker.js"
_SNAPSHOT_DIR_LINE = re.search(r'const SNAPSHOT_DIR = "([^"]+)"', _WORKER_JS.read_text(encoding="utf-8"))
assert _SNAPSHOT_DIR_LINE is not None, f"{_WORKER_JS} no longer names SNAPSHOT_DIR"
ENGINE_SNAPSHOT_DIR = _SNAPSHOT_DIR_LINE.group(1)

# Clears the site's storage but the entries of the origin private file system named in ``keep``.
CLEAR_STORAGE_JS = """async (keep) => {
  localStorage.clear();
  sessionStorage.clear();
  if (indexedDB.databases) {
    for (const db of await indexedDB.databases()) {
      await new Promise((done) => {
        const r = indexedDB.deleteDatabase(db.name);
        r.onsuccess = r.onerror = r.onblocked = done;
      });
    }
  }
  if (self.caches) for (const key of await caches.keys()) await caches.delete(key);
  if (navigator.storage && navigator.storage.getDirectory) {  // (files of the site's own: none but the engine's)
    // A closed page's worker may still hold a file's sync access handle for a moment: wait for it (5 s at most).
    const root = await navigator.storage.getDirectory();
    for (const name of await Array.fromAsync(root.keys())) {
      if (keep.includes(name)) continue;
      for (let tries = 0; ; tries++) {
        try {
          await root.removeEntry(name, { recursive: true });
          break;
        } catch (error) {
          if (error.name !== "NoModificationAllowedError" || tries >= 50) throw error;
          await new Promise((done) => setTimeout(done, 100));
        }
      }
    }
  }
}"""


@pytest.fixture(scope="session")
def warm_contexts(browser, browser_context_args: dict):
    """Shared contexts by their extra ``browser_context_args`` (the marker's), made on first use."""
    made: dict[str, object] = {}

    def get(extra: dict):
        key = repr(sorted(extra.items()))
        if key not in made:
            args = {**browser_context_args, **extra}
            made[key] = browser.new_context(**args)
        return made[key]

    yield get
    for context in made.values():
        context.close()


@pytest.fixture
def warm_context(request: pytest.FixtureRequest, warm_contexts):
    marker = request.node.get_closest_marker("browser_context_args")
    return warm_contexts(dict(marker.kwargs) if marker else {})


@pytest.fixture(scope="session")
def warm_cleaners(site_url: str):
    """One page per warm context, left open on a small file of the site (no scripts, no storage of its own), that
    clears the site's storage before each test: opening and loading a page for that every time cost more."""
    made: dict[int, object] = {}

    def get(context):
        cleaner = made.get(id(context))
        if cleaner is None or cleaner.is_closed():
            cleaner = context.new_page()
            cleaner.goto(site_url + "assets/engine/manifest.json")
            made[id(context)] = cleaner
        return cleaner

    return get


@pytest.fixture
def warm_page(warm_context, warm_cleaners, browser_log: BrowserLog):
    warm_context.clear_cookies()
    warm_context.clear_permissions()
    # Storage is per origin: clear it from a small file of the site, in a page of its own (the test's page starts
    # on about:blank with no history, as in a fresh context).
    warm_cleaners(warm_context).evaluate(CLEAR_STORAGE_JS, [ENGINE_SNAPSHOT_DIR])
    page = warm_context.new_page()
    on_request = browser_log.record_request  # (one object, to remove the same listener after the test)
    warm_context.on("request", on_request)
    watch_page(page, browser_log)
    try:
        yield page
    finally:
        warm_context.remove_listener("request", on_request)
    close_and_check(page, browser_log)
