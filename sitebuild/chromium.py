"""The browser the tests and the benchmarks drive: Debian's Chromium (scripts/setup.sh installs it), with the
switches that keep it from reaching the network on its own (updates, sync, reporting) and from using a GPU the
machine does not have. ``--no-sandbox``: the tests run as root inside a network namespace (scripts/test.sh)."""

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-default-apps",
    "--disable-domain-reliability",
]
