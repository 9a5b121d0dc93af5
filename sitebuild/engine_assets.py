"""The browser runtime, added to the site's files: Pyodide from node_modules, the engine wheel, the
iframe-worker polyfill, and a small manifest the worker reads to find the wheel.

Site layout (all relative to the site root, shared by every language):

    assets/engine/pyodide/{pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm, python_stdlib.zip, pyodide-lock.json}
    assets/engine/changpai-<version>-py3-none-any.whl
    assets/engine/manifest.json       {"wheel": ..., "sha256": ..., "pyodide": ..., "engine": ...}
    assets/vendor/iframe-worker/shim.js

The wheel is built with ``python -m build --wheel --no-isolation engine`` when it is missing or older than
any engine source, so the browser always runs the code the tests ran.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
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


def manifest(wheel: Path) -> dict:
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    return {"wheel": wheel.name, "sha256": digest, "engine": engine_version(), "pyodide": pyodide_version()}


def _static(src: Path, dest_uri: str, config) -> File:
    return File.generated(config, dest_uri, abs_src_path=str(src))


def add_runtime_files(files: Files, config) -> Files:
    """on_files: put the runtime into the site (once, at the root; the English build shares it)."""
    if any(f.dest_uri == f"{SITE_ENGINE_DIR}/manifest.json" for f in files):
        return files
    source = pyodide_dir()
    for name in PYODIDE_FILES:
        files.append(_static(source / name, f"{SITE_PYODIDE_DIR}/{name}", config))
    wheel = ensure_wheel()
    files.append(_static(wheel, f"{SITE_ENGINE_DIR}/{wheel.name}", config))
    content = json.dumps(manifest(wheel), indent=2)
    files.append(File.generated(config, f"{SITE_ENGINE_DIR}/manifest.json", content=content))
    shim = NODE_MODULES / "iframe-worker" / "shim" / "index.js"
    if not shim.is_file():
        raise PluginError("node_modules/iframe-worker/shim/index.js is missing: run `npm ci` (scripts/setup.sh)")
    files.append(_static(shim, IFRAME_WORKER_SHIM, config))
    return files
