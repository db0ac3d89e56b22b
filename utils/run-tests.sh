#!/usr/bin/env bash
#===- run-tests.sh - Set up, build and run every test ---------------------===#
#
# The project's test command (README, .ci/run): installs what is missing,
# builds everything, runs the lit suite (check-buffer-opt), the format check
# and the README's example, then the sanitizer stage: the checking build
# (utils/build.sh --sanitize: ASan, UBSan and assertions in the series' code)
# and the lit suite again on it. It ends with one summary line "N passed, N
# failed", and exits non-zero on any failure.
#
# Usage: utils/run-tests.sh [--with-bazel] [--no-sanitizers]
#
# --with-bazel also installs Bazel from Debian, builds the project with it
# and runs every `bazel test` target (utils/bazel-test.sh); each target
# counts as one test.
# --no-sanitizers skips the sanitizer stage (for a quick local run; CI keeps
# it).
#
#===----------------------------------------------------------------------===#

set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${BUILD_DIR:-$root/build}
with_bazel=false
with_sanitizers=true
for arg in "$@"; do
  case "$arg" in
  --with-bazel) with_bazel=true ;;
  --no-sanitizers) with_sanitizers=false ;;
  *)
    echo "usage: utils/run-tests.sh [--with-bazel] [--no-sanitizers]" >&2
    exit 2
    ;;
  esac
done

bash "$root/utils/setup.sh" || exit 1
bash "$root/utils/build.sh" || { echo "0 passed, 1 failed"; exit 1; }

log=$(mktemp)
trap 'rm -f "$log"' EXIT
passed=0
failed=0

# lit's summary: "  Passed: N (..%)", or "  Passed     : N (..%)" when other
# kinds are listed, and so on.
count() { sed -nE "s/^ *$1 *: *([0-9]+).*/\1/p" "$log" | tail -n 1; }

# Runs check-buffer-opt in build directory $1 and adds its lit results to
# the totals.
run_lit() {
  LIT_OPTS="${LIT_OPTS:--sv}" cmake --build "$1" --target check-buffer-opt 2>&1 | tee "$log"
  local status=${PIPESTATUS[0]}
  local lit_passed lit_failed n kind
  lit_passed=$(count Passed)
  lit_failed=$(count Failed)
  lit_passed=${lit_passed:-0}
  lit_failed=${lit_failed:-0}
  for kind in "Unexpectedly Passed" "Unresolved" "Timed Out"; do
    n=$(count "$kind")
    lit_failed=$((lit_failed + ${n:-0}))
  done
  if [[ $status -ne 0 && $lit_failed -eq 0 ]]; then
    lit_failed=1
  fi
  if [[ $lit_passed -eq 0 && $lit_failed -eq 0 ]]; then
    echo "run-tests: error: lit ran no test in $1" >&2
    lit_failed=1
  fi
  passed=$((passed + lit_passed))
  failed=$((failed + lit_failed))
}

run_lit "$build"

if bash "$root/utils/check-format.sh"; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
fi

# The README's main job must keep working: it fails on a leak, a bad free or
# a result that differs from the stock pipeline's.
if bash "$root/utils/run-example.sh" >"$log" 2>&1; then
  echo "example: utils/run-example.sh passed"
  passed=$((passed + 1))
else
  cat "$log"
  echo "example: utils/run-example.sh failed" >&2
  failed=$((failed + 1))
fi

if $with_bazel; then
  bazel_log=$(mktemp)
  bash "$root/utils/bazel-test.sh" 2>&1 | tee "$bazel_log"
  bazel_status=${PIPESTATUS[0]}
  # One line per test target: "//:<name>  PASSED in 0.4s", "(cached) PASSED",
  # "FAILED in ...", "TIMEOUT in ...", "NO STATUS".
  bazel_passed=$(grep -cE '^//[^ ]+ +(\(cached\) )?PASSED' "$bazel_log")
  bazel_failed=$(grep -cE '^//[^ ]+ +(\(cached\) )?(FAILED|TIMEOUT|FLAKY|INCOMPLETE|NO STATUS)' "$bazel_log")
  rm -f "$bazel_log"
  if [[ $bazel_status -ne 0 && $bazel_failed -eq 0 ]]; then
    bazel_failed=1
  fi
  echo "bazel: $bazel_passed passed, $bazel_failed failed"
  passed=$((passed + bazel_passed))
  failed=$((failed + bazel_failed))
fi

# The sanitizer stage: the same lit suite on the checking build, where a
# sanitizer report or a failed assertion in the series' code aborts the tool
# and fails the test.
if $with_sanitizers; then
  sanitize_build=${SANITIZE_BUILD_DIR:-$root/build-sanitize}
  if BUILD_DIR="$sanitize_build" bash "$root/utils/build.sh" --sanitize; then
    before_passed=$passed
    before_failed=$failed
    run_lit "$sanitize_build"
    echo "sanitizers: $((passed - before_passed)) passed, $((failed - before_failed)) failed"
  else
    echo "sanitizers: the checking build failed" >&2
    failed=$((failed + 1))
  fi
fi

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
