#!/usr/bin/env bash
#===- run-example.sh - The main job on a bundled tensor program -----------===#
#
# Usage: utils/run-example.sh [program.mlir]
#
# Sets up and builds the project, then takes a tensor program (by default
# utils/example/mlp.mlir) through One-Shot Bufferize and the buffer
# deallocation pipeline twice: with the stock mlir-opt of the installed MLIR
# and with ours (which also runs split-alloc-tensors before bufferization).
# It prints our IR, runs both results with the allocation tracker and prints
# a table of what each allocated. Exits non-zero if a run fails, leaks,
# frees badly, or the two print different results.
#
#===----------------------------------------------------------------------===#

set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${BUILD_DIR:-$root/build}
llvm_prefix=${LLVM_PREFIX:-/usr/lib/llvm-22}
input=${1:-$root/utils/example/mlp.mlir}

bash "$root/utils/setup.sh"
bash "$root/utils/build.sh" buffer-opt-mlir-opt mlir_alloc_tracker >/dev/null

ours="$build/bin/mlir-opt"
stock="$llvm_prefix/bin/mlir-opt"
runner="$llvm_prefix/bin/mlir-runner"
libs="$llvm_prefix/lib/libmlir_runner_utils.so,$llvm_prefix/lib/libmlir_c_runner_utils.so,$build/lib/libmlir_alloc_tracker.so"
lowering=$(cat "$root/utils/lower-to-llvm.pipeline")
bufferize='one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map}'

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Compiles with `tool` and `pipeline`, runs, and leaves the IR, the program's
# output and the tracker's report in $work/<name>.*.
compile_and_run() {
  local name=$1 tool=$2 pipeline=$3
  "$tool" "$input" --pass-pipeline="builtin.module($pipeline)" >"$work/$name.mlir"
  "$tool" "$work/$name.mlir" --pass-pipeline="$lowering" >"$work/$name.llvm.mlir"
  MLIR_ALLOC_TRACKER_REPORT="$work/$name.report" \
    "$runner" -e main -entry-point-result=void -shared-libs="$libs" \
    <"$work/$name.llvm.mlir" >"$work/$name.out"
}

compile_and_run stock "$stock" "$bufferize,buffer-deallocation-pipeline"
compile_and_run ours "$ours" "split-alloc-tensors,$bufferize,buffer-deallocation-pipeline"

echo "=== IR after our buffer-deallocation-pipeline: $(basename "$input")"
cat "$work/ours.mlir"
echo
echo "=== Program output"
echo "stock: $(tr '\n' ' ' <"$work/stock.out")"
echo "ours:  $(tr '\n' ' ' <"$work/ours.out")"
echo

field() { sed -nE "s/.*[ :]$2=([0-9]+).*/\1/p" "$work/$1.report"; }
printf '| %-12s | %17s | %17s |\n' "" "stock mlir-opt 22" "ours"
printf '|%s|%s|%s|\n' "--------------" "-------------------" "-------------------"
for key in mallocs frees peak_bytes leaks bad_frees; do
  printf '| %-12s | %17s | %17s |\n' "$key" "$(field stock $key)" "$(field ours $key)"
done

status=0
for name in stock ours; do
  if [[ "$(field $name leaks)" != 0 || "$(field $name bad_frees)" != 0 ]]; then
    echo "run-example: error: the $name build leaks or frees badly" >&2
    status=1
  fi
done
if ! cmp -s "$work/stock.out" "$work/ours.out"; then
  echo "run-example: error: the two builds print different results" >&2
  status=1
fi
exit $status
