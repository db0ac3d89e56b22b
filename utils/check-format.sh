#!/usr/bin/env bash
#===- check-format.sh - clang-format (LLVM style) check of the C++ code ---===#
#
# Usage: utils/check-format.sh [--fix]
#
# Exits non-zero and lists the files whose formatting differs from
# `clang-format --style=LLVM`; with --fix, reformats them instead.
#
#===----------------------------------------------------------------------===#

set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

mapfile -t files < <(git ls-files --cached --others --exclude-standard -- '*.cpp' '*.h' 2>/dev/null ||
  find mlir -name '*.cpp' -o -name '*.h')
if [[ "${1:-}" == "--fix" ]]; then
  clang-format --style=LLVM -i "${files[@]}"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  clang-format --style=LLVM --dry-run -Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [[ ${#bad[@]} -ne 0 ]]; then
  echo "format: not clang-format (LLVM style) clean; run utils/check-format.sh --fix:" >&2
  printf '  %s\n' "${bad[@]}" >&2
  exit 1
fi
echo "format: ${#files[@]} files clean"
