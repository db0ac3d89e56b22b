#!/usr/bin/env bash
#===- run-tests.sh - Set up, build and run every test ---------------------===#
#
# The project's test command (README, .ci/run): installs what is missing,
# builds everything, runs the lit suite (check-buffer-opt), the format check
# and the README's example, and ends with one summary line "N passed, N
# failed". Exits non-zero on any failure.
#
# Usage: utils/run-tests.sh [--with-bazel]
#
# --with-bazel also installs Bazel from Debian, builds the project with it
# and runs every `bazel test` target (utils/bazel-test.sh); each target
# counts as one test.
#
#===----------------------------------------------------------------------===#

set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${BUILD_DIR:-$root/build}
with_bazel=false
case "${1:-}" in
"") ;;
--with-bazel) with_bazel=true ;;
*)
  echo "usage: utils/run-tests.sh [--with-bazel]" >&2
  exit 2
  ;;
esac

bash "$root/utils/setup.sh" || exit 1
bash "$root/utils/build.sh" || { echo "0 passed, 1 failed"; exit 1; }

log=$(mktemp)
trap 'rm -f "$log"' EXIT
LIT_OPTS="${LIT_OPTS:--sv}" cmake --build "$build" --target check-buffer-opt 2>&1 | tee "$log"
lit_status=${PIPESTATUS[0]}

# lit's summary: "  Passed: N (..%)", "  Failed: N (..%)", and so on.
count() { sed -nE "s/^ *$1: *([0-9]+).*/\1/p" "$log" | tail -n 1; }
passed=$(count Passed)
failed=$(count Failed)
passed=${passed:-0}
failed=${failed:-0}
for kind in "Unexpectedly Passed" "Unresolved" "Timed Out"; do
  n=$(count "$kind")
  failed=$((failed + ${n:-0}))
done
if [[ $lit_status -ne 0 && $failed -eq 0 ]]; then
  failed=1
fi
if [[ $passed -eq 0 && $failed -eq 0 ]]; then
  echo "run-tests: error: lit ran no test" >&2
  failed=1
fi

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

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
