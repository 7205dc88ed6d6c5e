#!/usr/bin/env bash
# Run the game locally: set up what building needs (scripts/setup.sh --for build: .venv with
# requirements-build.txt, npm ci), build site/, and serve it the way GitHub Pages does, under
# a sub-path: http://127.0.0.1:${PORT:-8000}/park/  (Ctrl+C to stop).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

bash scripts/setup.sh --for build
# The start-up snapshot needs a headless Chromium; without one the page is built without it
# (it works, and starts about twice as slowly), and the build says so.
.venv/bin/python tools/build_site.py --snapshot if-possible
exec .venv/bin/python -m tools.serve --port "${PORT:-8000}" --path park
