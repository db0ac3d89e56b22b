// Our mlir-opt registers every dialect, pass and pipeline of the stock
// mlir-opt of the installed MLIR, so that upstream's lit tests run against it,
// plus the passes of the series and nothing else.

// RUN: %stock_mlir_opt --help > %t.stock.help
// RUN: mlir-opt --help > %t.ours.help

// Passes and pipelines are the entries indented by six spaces.
// RUN: grep -oE '^      --[^ =]+' %t.stock.help | sort > %t.stock.passes
// RUN: grep -oE '^      --[^ =]+' %t.ours.help | sort > %t.ours.passes
// RUN: grep -c -- '--test-' %t.stock.passes | FileCheck %s --check-prefix=TESTPASSES

// Every stock pass is there ...
// RUN: comm -23 %t.stock.passes %t.ours.passes | count 0
// ... and the extra ones are the series'.
// RUN: comm -13 %t.stock.passes %t.ours.passes | FileCheck %s --check-prefix=EXTRA

// The same dialects, including the test dialects.
// RUN: grep '^Available Dialects:' %t.stock.help > %t.stock.dialects
// RUN: grep '^Available Dialects:' %t.ours.help > %t.ours.dialects
// RUN: diff %t.stock.dialects %t.ours.dialects
// RUN: FileCheck %s --check-prefix=DIALECTS < %t.ours.dialects

// The installed test libraries provide a couple of hundred --test-* passes.
// TESTPASSES: {{[1-9][0-9][0-9]}}

// EXTRA:      --check-buffer-deallocation-input
// EXTRA-NEXT: --double-buffer-loops
// EXTRA-NEXT: --elide-buffer-copies
// EXTRA-NEXT: --expand-reallocs-for-deallocation
// EXTRA-NEXT: --expand-strided-clones
// EXTRA-NEXT: --free-buffers-at-last-use
// EXTRA-NEXT: --fresh-buffer-results-to-out-params
// EXTRA-NEXT: --hoist-alloc-dealloc-pairs
// EXTRA-NEXT: --lift-unstructured-control-flow
// EXTRA-NEXT: --linalg-reuse-dying-inputs
// EXTRA-NEXT: --lower-deallocations-to-scf
// EXTRA-NEXT: --manual-aware-ownership-based-deallocation
// EXTRA-NEXT: --mark-manual-deallocations
// EXTRA-NEXT: --merge-alloc
// EXTRA-NEXT: --optimized-buffer-deallocation-pipeline
// EXTRA-NEXT: --prepare-buffer-deallocation
// EXTRA-NEXT: --promote-temporaries-to-stack
// EXTRA-NEXT: --reuse-freed-buffers
// EXTRA-NEXT: --simplify-buffer-deallocations
// EXTRA-NEXT: --simplify-loop-ownership
// EXTRA-NEXT: --split-alloc-tensors
// EXTRA-NEXT: --summarize-callee-buffers
// EXTRA-NEXT: --test-instrument-buffer-uses
// EXTRA-NEXT: --unalias-function-results
// EXTRA-NOT:  --

// DIALECTS: {{ test, test_dyn, test_irdl_to_cpp,}}
