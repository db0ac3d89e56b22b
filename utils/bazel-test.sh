#!/usr/bin/env bash
#===- bazel-test.sh - Build and test the project with Bazel ---------------===#
#
# Usage: utils/bazel-test.sh [bazel test arguments]
#
# Installs Bazel from Debian if it is missing (utils/setup.sh --with-bazel),
# then builds every target and runs every test target of BUILD.bazel against
# the installed LLVM/MLIR 22, offline. Extra arguments go to `bazel test`
# (default: //...). Results are cached across checkouts in
# ~/.cache/mlir-buffer-opt-bazel. Stops the Bazel server at the end.
#
#===----------------------------------------------------------------------===#

set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

bash "$root/utils/setup.sh" --with-bazel || exit 1

cd "$root"
targets=("$@")
[[ ${#targets[@]} -eq 0 ]] && targets=(//...)
bazel test \
  --disk_cache="$HOME/.cache/mlir-buffer-opt-bazel" \
  --curses=no --show_progress_rate_limit=60 \
  --local_test_jobs=2 \
  "${targets[@]}"
status=$?
bazel shutdown >/dev/null 2>&1 || true
exit $status
