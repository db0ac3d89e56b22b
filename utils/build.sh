#!/usr/bin/env bash
#===- build.sh - Configure and build the project --------------------------===#
#
# Usage: utils/build.sh [ninja targets...]
#
# Configures build/ (or $BUILD_DIR) with Ninja against the installed MLIR 22
# on first use, then builds the given targets (everything by default).
# Extra CMake arguments can be passed in $CMAKE_ARGS, e.g.
# CMAKE_ARGS=-DCMAKE_BUILD_TYPE=Debug.
#
#===----------------------------------------------------------------------===#

set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${BUILD_DIR:-$root/build}
llvm_prefix=${LLVM_PREFIX:-/usr/lib/llvm-22}

if [[ ! -f "$build/build.ninja" ]]; then
  mkdir -p "$build"
  # shellcheck disable=SC2086
  cmake -G Ninja -S "$root" -B "$build" \
    -DLLVM_PREFIX="$llvm_prefix" \
    -DLLVM_EXTERNAL_LIT="$llvm_prefix/bin/lit" \
    ${CMAKE_ARGS:-} >"$build/configure.log" 2>&1 || {
    cat "$build/configure.log" >&2
    echo "build: error: CMake configuration failed" >&2
    exit 1
  }
fi
cmake --build "$build" -- "$@"
