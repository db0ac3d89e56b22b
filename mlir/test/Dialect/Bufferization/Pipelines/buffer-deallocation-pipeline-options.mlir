// The series' buffer-deallocation-pipeline replaces upstream's in our
// mlir-opt: both pipelines list the options of the series next to
// upstream's, and an unknown option is rejected.

// RUN: mlir-opt --help | FileCheck %s --check-prefix=HELP
// HELP: --buffer-deallocation-pipeline {{.*}}- Inserts buffer deallocations after One-Shot Bufferize with the ownership-based deallocation
// HELP-NEXT: --allow-observable-result-copies
// HELP-NEXT: --bound-dynamic-allocations
// HELP-NEXT: --callee-workspace
// HELP-NEXT: --double-buffer-loops
// HELP-NEXT: --dynamic-allocation-max-bytes
// HELP-NEXT: --elide-copies
// HELP-NEXT: --expand-strided-clones
// HELP-NEXT: --free-at-last-use
// HELP-NEXT: --fresh-results-to-out-params
// HELP-NEXT: --hoist-alloc-dealloc-pairs
// HELP-NEXT: --lift-allocating-branches
// HELP-NEXT: --lift-unstructured-control-flow
// HELP-NEXT: --lower-deallocations-to-scf
// HELP-NEXT: --manual-deallocation
// HELP-NEXT: --merge-alloc
// HELP-NEXT: --merge-alloc-worst-run
// HELP-NEXT: --no-alias-function-results
// HELP-NEXT: --private-function-dynamic-ownership
// HELP-NEXT: --public-function-workspace
// HELP-NEXT: --reuse-before-loop-stages
// HELP-NEXT: --reuse-dying-inputs
// HELP-NEXT: --reuse-freed-buffers
// HELP-NEXT: --simplify-loop-ownership
// HELP-NEXT: --stack-promotion-max-bytes
// HELP-NEXT: --stock-dealloc-simplification
// HELP: --optimized-buffer-deallocation-pipeline {{.*}}- Inserts buffer deallocations after One-Shot Bufferize with the ownership-based deallocation
// HELP-NEXT: --allow-observable-result-copies
// HELP-NEXT: --bound-dynamic-allocations
// HELP-NEXT: --callee-workspace
// HELP-NEXT: --double-buffer-loops
// HELP-NEXT: --dynamic-allocation-max-bytes
// HELP-NEXT: --elide-copies
// HELP-NEXT: --expand-strided-clones
// HELP-NEXT: --free-at-last-use
// HELP-NEXT: --fresh-results-to-out-params
// HELP-NEXT: --hoist-alloc-dealloc-pairs
// HELP-NEXT: --lift-allocating-branches
// HELP-NEXT: --lift-unstructured-control-flow
// HELP-NEXT: --lower-deallocations-to-scf
// HELP-NEXT: --manual-deallocation
// HELP-NEXT: --merge-alloc
// HELP-NEXT: --merge-alloc-worst-run
// HELP-NEXT: --no-alias-function-results
// HELP-NEXT: --private-function-dynamic-ownership
// HELP-NEXT: --public-function-workspace
// HELP-NEXT: --reuse-before-loop-stages
// HELP-NEXT: --reuse-dying-inputs
// HELP-NEXT: --reuse-freed-buffers
// HELP-NEXT: --simplify-loop-ownership
// HELP-NEXT: --stack-promotion-max-bytes
// HELP-NEXT: --stock-dealloc-simplification

// An unknown option is an error.
// RUN: not mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{no-such-option=1})" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADOPT
// BADOPT: no such option no-such-option
// BADOPT: error: failed to add `buffer-deallocation-pipeline` with options `no-such-option=1`
