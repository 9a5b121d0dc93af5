#!/usr/bin/env bash
# Set everything up (scripts/setup.sh), build the site with --strict and serve it on http://127.0.0.1:8000.
# PORT=8101 bash scripts/serve.sh  picks another port. Nothing is fetched from the network at run time.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
PORT="${PORT:-8000}"
# Before rebuilding site/ (which a running server is serving): is the port free? Says how to pick another if not.
.venv/bin/python -m sitebuild.serve --check-port --port "$PORT" || exit 1
export NO_MKDOCS_2_WARNING=1
.venv/bin/mkdocs build --strict --quiet -d site
exec .venv/bin/python -m sitebuild.serve site --port "$PORT"
