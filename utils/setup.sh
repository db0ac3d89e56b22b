#!/usr/bin/env bash
#===- setup.sh - Install what the project needs from Debian ---------------===#
#
# Installs, by package name from Debian's archive, everything the build, the
# tests and the example need. Idempotent: prints nothing and changes nothing
# when every package is already there. Needs root (or sudo) only when it has
# to install something.
#
# Usage: utils/setup.sh [--with-bazel]
#
#===----------------------------------------------------------------------===#

set -euo pipefail

packages=(
  # LLVM/MLIR 22: libMLIR.so, headers, CMake config, test libraries,
  # runner utils; mlir-opt, mlir-runner; FileCheck, lit, not, count.
  llvm-22-dev
  libmlir-22-dev
  mlir-22-tools
  llvm-22-tools
  # The build.
  cmake
  ninja-build
  ccache
  g++
  # The checking build's AddressSanitizer and UBSan runtimes (g++ brings
  # them too; named so that the sanitizer stage never depends on that).
  libasan8
  libubsan1
  # The unit tests.
  libgtest-dev
  # lit, the example's table and the project's scripts.
  python3
  # The format check of the test command: C++ and Python.
  clang-format
  black
)
if [[ "${1:-}" == "--with-bazel" ]]; then
  # Bazel 4 and the Java rules its toolchains load (WORKSPACE); the C++
  # rules and coverage tools come from utils/bazel/offline.
  packages+=(bazel-bootstrap bazel-rules-java)
fi

is_installed() {
  [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" == "install ok installed" ]]
}

missing=()
for pkg in "${packages[@]}"; do
  is_installed "$pkg" || missing+=("$pkg")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "setup: installing ${missing[*]}"
sudo=()
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo=(sudo)
  else
    echo "setup: error: need root or sudo to install: ${missing[*]}" >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive
if ! "${sudo[@]}" apt-get update -qq >/dev/null; then
  echo "setup: error: 'apt-get update' failed; is Debian's package archive reachable?" >&2
  exit 1
fi
if ! "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
  failed=()
  for pkg in "${missing[@]}"; do
    is_installed "$pkg" || failed+=("$pkg")
  done
  echo "setup: error: could not install: ${failed[*]}" >&2
  echo "setup: check that Debian's archive (and its bookworm suites) is in the apt sources" >&2
  exit 1
fi

for pkg in "${missing[@]}"; do
  if ! is_installed "$pkg"; then
    echo "setup: error: $pkg is still not installed" >&2
    exit 1
  fi
done
echo "setup: done"
