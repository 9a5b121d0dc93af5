"""The conditions every benchmark prints beside its figures: the machine's load, read and written one way.

Imported as ``conditions`` by the benchmarks (run as scripts, their folder is first on ``sys.path``), and as
``benchmarks.conditions`` where a benchmark is also imported by the tests (``bench_pages``).
"""

from __future__ import annotations

import os
import sys


def load_average() -> str:
    """The machine's load average over 1, 5 and 15 minutes, as ``"1.23/4.56/7.89"``; ``"n/a"`` where the platform has
    none (inside Pyodide, emscripten answers a made-up 0.10)."""
    if sys.platform == "emscripten":
        return "n/a"
    try:
        return "/".join(f"{x:.2f}" for x in os.getloadavg())
    except (AttributeError, OSError):
        return "n/a"


def load_line() -> str:
    """``load_average()`` with what it means, for a benchmark's header: ``"load 1.23/4.56/7.89 (1/5/15 min) on 2
    cores"``."""
    return f"load {load_average()} (1/5/15 min) on {os.cpu_count()} cores"
