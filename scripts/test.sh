#!/usr/bin/env bash
# Run every check: set up (scripts/setup.sh --for test: .venv with the build and test tools,
# npm ci, a headless Chromium where none starts), build site/, then ruff, mypy, unit tests
# (pytest tests), actionlint on the workflows, the browser tests (pytest e2e) against the
# built site, and the paths from a push to a player, each from a fresh clone (tools/fresh:
# the README's serve command, the deploy workflow's build, its smoke tests). Every step runs
# even if an earlier one failed; the exit status is non-zero if any step failed.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 1

PY=.venv/bin/python
failed=()
passed=()

step() {
  # step NAME COMMAND... : run a step, record its outcome.
  local name="$1"; shift
  printf '\n\033[1m==> %s\033[0m\n' "$name"
  if "$@"; then
    passed+=("$name")
  else
    echo "FAILED: $name (exit $?)"
    failed+=("$name")
  fi
}

existing() {
  # Print those of the given paths that exist (others may not have been written yet).
  local path
  for path in "$@"; do [ -e "$path" ] && printf '%s\n' "$path"; done
}

unit_tests() {
  # Any non-zero exit fails, including 5 (no tests collected): a run that checked nothing
  # must not pass.
  "$PY" -m pytest tests
}

e2e_tests() {
  # Any non-zero exit fails, including 5 (no tests collected). -rfER: the summary also names
  # each test that passed only on its automatic rerun (e2e/conftest.py), not only failures.
  "$PY" -m pytest -rfER e2e
}

if ! bash scripts/setup.sh --for test; then
  echo "FAILED: setup"
  exit 1
fi

step "build site" "$PY" tools/build_site.py
mapfile -t lint_paths < <(existing src tests web e2e tools bench)
step "ruff" "$PY" -m ruff check "${lint_paths[@]}"
step "mypy (src, as configured)" "$PY" -m mypy
mapfile -t typed_paths < <(existing tools e2e bench web/*.py)
# MYPYPATH=src: read `park` from source (the editable install has no py.typed marker).
step "mypy (tools, e2e, bench, web)" env MYPYPATH=src "$PY" -m mypy --strict \
  --exclude '^bench/results/' "${typed_paths[@]}"
step "unit tests" unit_tests
step "actionlint" .venv/bin/actionlint .github/workflows/*.yml
if [[ " ${failed[*]} " == *" build site "* ]]; then
  echo "FAILED: e2e tests (skipped: the site did not build)"
  failed+=("e2e tests")
else
  step "e2e tests" e2e_tests
fi

# The paths from a push to a player, each from a fresh clone of HEAD (tools/fresh): the
# README's serve command, the workflow's deploy job, and its smoke job against that deploy.
fresh_work="$(mktemp -d "${TMPDIR:-/tmp}/park-fresh.XXXXXX")"
step "from nothing: serve" "$PY" -m tools.fresh serve --work "$fresh_work"
step "from nothing: deploy" "$PY" -m tools.fresh deploy --work "$fresh_work"
step "from nothing: smoke" "$PY" -m tools.fresh smoke --work "$fresh_work"
rm -rf "$fresh_work"

printf '\n\033[1m==> summary\033[0m\n'
for name in "${passed[@]}"; do echo "  ok      $name"; done
for name in "${failed[@]}"; do echo "  FAILED  $name"; done
[ "${#failed[@]}" -eq 0 ]
