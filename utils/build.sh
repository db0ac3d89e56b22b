#!/usr/bin/env bash
#===- build.sh - Configure and build the project --------------------------===#
#
# Usage: utils/build.sh [--sanitize] [ninja targets...]
#
# Configures build/ (or $BUILD_DIR) with Ninja against the installed MLIR 22
# on first use, then builds the given targets (everything by default).
# Extra CMake arguments can be passed in $CMAKE_ARGS, e.g.
# CMAKE_ARGS=-DCMAKE_BUILD_TYPE=Debug.
#
# --sanitize configures the checking build instead (build-sanitize/ unless
# $BUILD_DIR is set): the series' code with AddressSanitizer, UBSan, LLVM
# assertions and libstdc++ assertions (BUFFER_OPT_ENABLE_SANITIZERS, see
# mlir/docs/SanitizerBuild.md).
#
#===----------------------------------------------------------------------===#

set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sanitize=false
if [[ "${1:-}" == "--sanitize" ]]; then
  sanitize=true
  shift
fi
if $sanitize; then
  build=${BUILD_DIR:-$root/build-sanitize}
  mode_args=(-DBUFFER_OPT_ENABLE_SANITIZERS=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo)
else
  build=${BUILD_DIR:-$root/build}
  mode_args=(-DBUFFER_OPT_ENABLE_SANITIZERS=OFF)
fi
llvm_prefix=${LLVM_PREFIX:-/usr/lib/llvm-22}

# A build directory keeps the mode it was configured in.
if [[ -f "$build/CMakeCache.txt" ]]; then
  configured=$(sed -n 's/^BUFFER_OPT_ENABLE_SANITIZERS:BOOL=//p' "$build/CMakeCache.txt")
  if [[ "${configured:-OFF}" != "$($sanitize && echo ON || echo OFF)" ]]; then
    echo "build: error: $build was configured $($sanitize && echo without || echo with)" \
      "--sanitize; use another BUILD_DIR" >&2
    exit 1
  fi
fi

if [[ ! -f "$build/build.ninja" ]]; then
  mkdir -p "$build"
  # shellcheck disable=SC2086
  cmake -G Ninja -S "$root" -B "$build" \
    -DLLVM_PREFIX="$llvm_prefix" \
    -DLLVM_EXTERNAL_LIT="$llvm_prefix/bin/lit" \
    "${mode_args[@]}" \
    ${CMAKE_ARGS:-} >"$build/configure.log" 2>&1 || {
    cat "$build/configure.log" >&2
    echo "build: error: CMake configuration failed" >&2
    exit 1
  }
fi
cmake --build "$build" -- "$@"
