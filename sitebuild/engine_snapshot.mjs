// Build-time half of the engine's fast start (called by sitebuild/engine_assets.py, not by hand):
//
//   node sitebuild/engine_snapshot.mjs WHEEL OUT_DIR
//
// Runs the pinned Pyodide from node_modules (the same files the site serves) twice:
// 1. compiles the engine wheel inside Pyodide (its own Python, so the bytecode matches the browser's) and writes
//    OUT_DIR/engine.whl: the same wheel plus __pycache__/*.pyc in unchecked-hash mode, so the browser never
//    compiles the engine's sources and never compares them with file times (unpacking does not keep them);
// 2. starts a fresh Pyodide in snapshot mode, unpacks that wheel, imports every changpai module, answers one
//    request, and writes OUT_DIR/snapshot.bin: the interpreter's memory with the engine imported. Restoring it
//    (loadPyodide({_loadSnapshot})) skips the interpreter's start and the engine's import.
// Everything the worker needs must be imported before the snapshot: files unpacked into site-packages are not in
// it (the file system is rebuilt at restore), only the modules already in memory.

import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PYODIDE_DIR = path.join(REPO, "node_modules", "pyodide") + path.sep;

const [wheelPath, outDir] = process.argv.slice(2);
if (!wheelPath || !outDir) {
  console.error("usage: node sitebuild/engine_snapshot.mjs WHEEL OUT_DIR");
  process.exit(2);
}

const { loadPyodide } = await import(path.join(PYODIDE_DIR, "pyodide.mjs"));
const quiet = { stdout: () => {}, stderr: (line) => console.error("[pyodide]", line) };

const COMPILE = `
import compileall, io, os, py_compile, sysconfig, zipfile
root = "/tmp/engine-wheel"
with zipfile.ZipFile(io.BytesIO(bytes(wheel_bytes))) as zf:
    names = zf.namelist()
    zf.extractall(root)
ok = compileall.compile_dir(root, quiet=1, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
if not ok:
    raise SystemExit("compiling the engine failed")
out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
    for name in names:
        zf.write(os.path.join(root, name), name)
    for folder, _dirs, files in os.walk(root):
        for file in sorted(files):
            if file.endswith(".pyc"):
                full = os.path.join(folder, file)
                zf.write(full, os.path.relpath(full, root))
out.getvalue()
`;

// changpai.api first (the worker's entry point), then every other engine module, so a lazy import inside the
// engine still finds its module in memory. A module that needs a package Pyodide lacks (build-time helpers such
// as the YAML loader) is skipped: the browser could not import it either.
const IMPORT_ALL = `
import importlib, json, pkgutil
import changpai, changpai.api
modules, skipped = [], []
for info in pkgutil.walk_packages(changpai.__path__, "changpai."):
    try:
        importlib.import_module(info.name)
        modules.append(info.name)
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] == "changpai":
            raise
        skipped.append(f"{info.name} (needs {exc.name})")
answer = json.loads(changpai.api.handle_json(json.dumps({"command": "version"})))
if "error" in answer:
    raise SystemExit(f"the engine refused its first request: {answer}")
json.dumps({"modules": modules, "skipped": skipped})
`;

const compiler = await loadPyodide({ indexURL: PYODIDE_DIR, ...quiet });
compiler.globals.set("wheel_bytes", new Uint8Array(readFileSync(wheelPath)));
const compiledWheel = compiler.runPython(COMPILE).toJs();
writeFileSync(path.join(outDir, "engine.whl"), compiledWheel);

const snap = await loadPyodide({ indexURL: PYODIDE_DIR, _makeSnapshot: true, ...quiet });
const sitePackages = snap.runPython("import sysconfig; sysconfig.get_path('purelib')");
snap.unpackArchive(compiledWheel, "wheel", { extractDir: sitePackages });
const report = JSON.parse(snap.runPython(IMPORT_ALL));
const snapshot = snap.makeMemorySnapshot();
writeFileSync(path.join(outDir, "snapshot.bin"), snapshot);
writeFileSync(
  path.join(outDir, "snapshot.json"),
  JSON.stringify({ pyodide: snap.version, modules: report.modules, skipped: report.skipped, bytes: snapshot.length }, null, 2),
);
console.log(JSON.stringify({ pyodide: snap.version, modules: report.modules.length, skipped: report.skipped, bytes: snapshot.length }));
