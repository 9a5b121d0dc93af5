"""The browser runtime, added to the site's files: Pyodide from node_modules, the engine wheel, the
iframe-worker polyfill, and a small manifest the worker reads to find the wheel.

Site layout (all relative to the site root, shared by every language):

    assets/engine/pyodide/{pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm, python_stdlib.zip, pyodide-lock.json}
    assets/engine/changpai-<version>-py3-none-any.whl   the wheel with its bytecode (compiled by Pyodide)
    assets/engine/engine-<hash>.snapshot.gz             Pyodide's memory with the engine imported (gzip)
    assets/engine/manifest.json       {"wheel": ..., "sha256": ..., "snapshot": {...}, "pyodide": ..., "engine": ...}
                                      snapshot: {file, sha256, bytes, raw_bytes (decompressed), encoding}
    assets/vendor/iframe-worker/shim.js

The wheel is built with ``python -m build --wheel --no-isolation engine`` when it is missing or older than
any engine source, so the browser always runs the code the tests ran. ``sitebuild/engine_snapshot.mjs`` (node,
the pinned Pyodide) then adds the bytecode to it and takes the memory snapshot the worker boots from; both are
kept in ``.cache/engine-snapshot/<key>`` (key: the wheel, Pyodide and the script), so a rebuild without engine
changes costs nothing.
"""

from __future__ import annotations

import fcntl
import gzip
import hashlib
import json
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

REPO_ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = REPO_ROOT / "node_modules"
ENGINE_DIR = REPO_ROOT / "engine"
WHEEL_DIR = ENGINE_DIR / "dist"
LOCK_PATH = REPO_ROOT / ".cache" / "engine-wheel.lock"
SNAPSHOT_CACHE = REPO_ROOT / ".cache" / "engine-snapshot"
SNAPSHOT_SCRIPT = Path(__file__).resolve().parent / "engine_snapshot.mjs"

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
SITE_ENGINE_DIR = "assets/engine"
SITE_PYODIDE_DIR = f"{SITE_ENGINE_DIR}/pyodide"
IFRAME_WORKER_SHIM = "assets/vendor/iframe-worker/shim.js"


def pyodide_dir() -> Path:
    path = NODE_MODULES / "pyodide"
    missing = [name for name in PYODIDE_FILES if not (path / name).is_file()]
    if missing:
        raise PluginError(f"node_modules/pyodide is missing {', '.join(missing)}: run `npm ci` (scripts/setup.sh)")
    return path


def pyodide_version() -> str:
    return json.loads((pyodide_dir() / "package.json").read_text(encoding="utf-8"))["version"]


def engine_version() -> str:
    data = tomllib.loads((ENGINE_DIR / "pyproject.toml").read_text(encoding="utf-8"))
    return data["project"]["version"]


def engine_sources() -> list[Path]:
    return sorted(p for p in (ENGINE_DIR / "changpai").rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def wheel_path() -> Path:
    return WHEEL_DIR / f"changpai-{engine_version()}-py3-none-any.whl"


def _wheel_is_fresh(wheel: Path) -> bool:
    if not wheel.is_file():
        return False
    newest = max(p.stat().st_mtime for p in [*engine_sources(), ENGINE_DIR / "pyproject.toml"])
    return wheel.stat().st_mtime >= newest


def ensure_wheel() -> Path:
    """The engine wheel, rebuilt if any engine file is newer. A lock keeps parallel builds apart."""
    wheel = wheel_path()
    if _wheel_is_fresh(wheel):
        return wheel
    LOCK_PATH.parent.mkdir(parents=True, exist_ok=True)
    with open(LOCK_PATH, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not _wheel_is_fresh(wheel):
            # setuptools reuses engine/build/lib: a module moved or deleted since would ship in the wheel
            shutil.rmtree(ENGINE_DIR / "build", ignore_errors=True)
            cmd = [sys.executable, "-m", "build", "--wheel", "--no-isolation", str(ENGINE_DIR), "-o", str(WHEEL_DIR)]
            proc = subprocess.run(cmd, cwd=REPO_ROOT, capture_output=True, text=True)
            if proc.returncode != 0 or not wheel.is_file():
                raise PluginError(f"building the engine wheel failed ({' '.join(cmd)}):\n{proc.stdout}\n{proc.stderr}")
            wheel.touch()
    check_wheel_contents(wheel)
    return wheel


def check_wheel_contents(wheel: Path) -> None:
    """Every engine .py file must be in the wheel (a forgotten sub-package would only fail in the browser)."""
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    expected = {p.relative_to(ENGINE_DIR).as_posix() for p in engine_sources() if p.suffix == ".py"}
    missing = sorted(expected - names)
    if missing:
        raise PluginError(
            f"{wheel.name} lacks {', '.join(missing)}: list the sub-packages in engine/pyproject.toml "
            "[tool.setuptools] packages"
        )


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def ensure_boot_files(wheel: Path) -> tuple[Path, Path]:
    """(the wheel with bytecode, the gzipped memory snapshot), made by Pyodide under node and cached by key."""
    runtime = pyodide_dir() / "pyodide.asm.wasm"
    parts = [wheel.read_bytes(), pyodide_version().encode(), SNAPSHOT_SCRIPT.read_bytes(), runtime.read_bytes()]
    key_source = b"".join(parts)
    folder = SNAPSHOT_CACHE / hashlib.sha256(key_source).hexdigest()[:16]
    compiled, snapshot = folder / wheel.name, folder / "snapshot.gz"
    if compiled.is_file() and snapshot.is_file():
        return compiled, snapshot
    SNAPSHOT_CACHE.mkdir(parents=True, exist_ok=True)
    with open(SNAPSHOT_CACHE / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if compiled.is_file() and snapshot.is_file():
            return compiled, snapshot
        work = folder.with_name(folder.name + ".tmp")
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
        cmd = ["node", str(SNAPSHOT_SCRIPT), str(wheel), str(work)]
        proc = subprocess.run(cmd, cwd=REPO_ROOT, capture_output=True, text=True)
        if proc.returncode != 0:
            # node prints the minified Pyodide line before the Python traceback: keep the readable lines.
            readable = [line for line in proc.stderr.splitlines() if len(line) < 300][-40:]
            raise PluginError(f"making the engine snapshot failed ({' '.join(cmd)}):\n" + "\n".join(readable))
        raw = work / "snapshot.bin"
        # mtime=0: the same snapshot gives the same bytes (and hash) on every build.
        with raw.open("rb") as src, gzip.GzipFile(work / "snapshot.gz", "wb", compresslevel=6, mtime=0) as dst:
            shutil.copyfileobj(src, dst, 1 << 20)
        raw.unlink()
        (work / "engine.whl").rename(work / wheel.name)
        shutil.rmtree(folder, ignore_errors=True)
        work.rename(folder)
        _prune_snapshot_cache(keep=folder)
    return compiled, snapshot


def _prune_snapshot_cache(keep: Path, newest: int = 8, min_age_s: float = 3600) -> None:
    """Each engine edit makes a new 7 MB entry: keep the newest few, and never one a parallel build may still copy."""
    import time

    entries = sorted((p for p in SNAPSHOT_CACHE.iterdir() if p.is_dir() and p != keep), key=lambda p: p.stat().st_mtime)
    for old in entries[: max(0, len(entries) - newest)]:
        if time.time() - old.stat().st_mtime > min_age_s:
            shutil.rmtree(old, ignore_errors=True)


def _gzip_size(path: Path) -> int:
    """The uncompressed size a gzip file records in its last four bytes (the worker checks a kept copy by it)."""
    with path.open("rb") as f:
        f.seek(-4, 2)
        return int.from_bytes(f.read(4), "little")


def manifest(wheel: Path, snapshot: Path | None = None) -> dict:
    """What the worker reads first: file names, hashes (checked before use) and versions."""
    data: dict = {"wheel": wheel.name, "sha256": _sha256(wheel), "engine": engine_version()}
    data["pyodide"] = pyodide_version()
    if snapshot is not None:
        digest = _sha256(snapshot)
        data["snapshot"] = {
            "file": f"engine-{digest[:12]}.snapshot.gz",
            "sha256": digest,
            "bytes": snapshot.stat().st_size,
            "raw_bytes": _gzip_size(snapshot),
            "encoding": "gzip",
        }
    return data


def _static(src: Path, dest_uri: str, config) -> File:
    return File.generated(config, dest_uri, abs_src_path=str(src))


def add_runtime_files(files: Files, config) -> Files:
    """on_files: put the runtime into the site (once, at the root; the English build shares it)."""
    if any(f.dest_uri == f"{SITE_ENGINE_DIR}/manifest.json" for f in files):
        return files
    source = pyodide_dir()
    for name in PYODIDE_FILES:
        files.append(_static(source / name, f"{SITE_PYODIDE_DIR}/{name}", config))
    compiled, snapshot = ensure_boot_files(ensure_wheel())
    files.append(_static(compiled, f"{SITE_ENGINE_DIR}/{compiled.name}", config))
    data = manifest(compiled, snapshot)
    files.append(_static(snapshot, f"{SITE_ENGINE_DIR}/{data['snapshot']['file']}", config))
    content = json.dumps(data, indent=2)
    files.append(File.generated(config, f"{SITE_ENGINE_DIR}/manifest.json", content=content))
    shim = NODE_MODULES / "iframe-worker" / "shim" / "index.js"
    if not shim.is_file():
        raise PluginError("node_modules/iframe-worker/shim/index.js is missing: run `npm ci` (scripts/setup.sh)")
    files.append(_static(shim, IFRAME_WORKER_SHIM, config))
    return files
