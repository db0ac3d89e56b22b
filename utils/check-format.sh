#!/usr/bin/env bash
#===- check-format.sh - Format check of the C++ and Python code -----------===#
#
# Usage: utils/check-format.sh [--fix]
#
# Exits non-zero and lists the files whose formatting differs from
# `clang-format --style=LLVM` (C++) or from `black` (Python, the formatter
# llvm-project's Python follows); with --fix, reformats them instead.
#
#===----------------------------------------------------------------------===#

set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

# The files matching the patterns: those git knows, or all outside a clone.
list() {
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files --cached --others --exclude-standard -- "$@"
  else
    local args=() pattern
    for pattern in "$@"; do
      args+=(-o -name "$pattern")
    done
    find mlir utils -type f \( "${args[@]:1}" \)
  fi
}
mapfile -t files < <(list '*.cpp' '*.h')
mapfile -t pyfiles < <(list '*.py')
if [[ "${1:-}" == "--fix" ]]; then
  clang-format --style=LLVM -i "${files[@]}"
  black --quiet "${pyfiles[@]}"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  clang-format --style=LLVM --dry-run -Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
for f in "${pyfiles[@]}"; do
  black --check --quiet "$f" 2>/dev/null || bad+=("$f")
done
if [[ ${#bad[@]} -ne 0 ]]; then
  echo "format: not clang-format (LLVM style) or black clean; run utils/check-format.sh --fix:" >&2
  printf '  %s\n' "${bad[@]}" >&2
  exit 1
fi
echo "format: $((${#files[@]} + ${#pyfiles[@]})) files clean"
