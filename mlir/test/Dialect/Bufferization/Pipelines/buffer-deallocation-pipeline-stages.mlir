// The stages of buffer-deallocation-pipeline and how each option of the
// pipeline changes them. The input is empty: only the pass pipeline is
// printed.

// The stages, in order.
// RUN: mlir-opt %s --buffer-deallocation-pipeline --dump-pass-pipeline -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STAGES
// STAGES:      builtin.module(
// STAGES-NEXT:   lift-unstructured-control-flow{lift-allocating-branches=false},
// STAGES-NEXT:   linalg-reuse-dying-inputs,
// STAGES-NEXT:   expand-reallocs-for-deallocation{emit-deallocs=false},
// STAGES-NEXT:   canonicalize{disable-patterns={{.*}}::ConditionPropagation{{.*}} region-simplify=normal {{.*}}top-down=true},
// STAGES-NEXT:   bound-dynamic-allocations{max-bytes=65536},
// STAGES-NEXT:   prepare-buffer-deallocation,
// STAGES-NEXT:   check-buffer-deallocation-input{private-function-dynamic-ownership=false},
// STAGES-NEXT:   ownership-based-buffer-deallocation{private-function-dynamic-ownership=false},
// STAGES-NEXT:   canonicalize{
// STAGES-NEXT:   simplify-buffer-deallocations{confined-allocations=true max-origin-walk=256},
// STAGES-NEXT:   summarize-callee-buffers{frees-follow-ownership=true},
// STAGES-NEXT:   any(
// STAGES-NEXT:     simplify-loop-ownership{canonicalize=true}
// STAGES-NEXT:   ),
// STAGES-NEXT:   unalias-function-results{allow-observable-copies=false private-function-dynamic-ownership=false},
// STAGES-NEXT:   lower-deallocations-to-scf{lower-rest-with-helper=true max-alias-checks=32 only-shifted-views=false},
// STAGES-NEXT:   summarize-callee-buffers{frees-follow-ownership=true},
// STAGES-NEXT:   any(
// STAGES-NEXT:     double-buffer-loops,
// STAGES-NEXT:     hoist-alloc-dealloc-pairs,
// STAGES-NEXT:     free-buffers-at-last-use{into-regions=true},
// STAGES-NEXT:     elide-buffer-copies,
// STAGES-NEXT:     reuse-freed-buffers{allow-peak-increase=false skip-branch-last-uses=false}
// STAGES-NEXT:   ),
// STAGES-NEXT:   promote-temporaries-to-stack{max-buffer-bytes=1024 max-frame-bytes=16384},
// STAGES-NEXT:   expand-strided-clones,
// STAGES-NEXT:   cse,
// STAGES-NEXT:   canonicalize{disable-patterns={{.*}}::ConditionPropagation{{.*}}}{{$}}
// STAGES-NEXT: )

// Under manual-deallocation, the buffers freed in the input are marked
// first, and the deallocation leaves the functions managed by hand alone.
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{manual-deallocation=true})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=MANUALSTAGES
// MANUALSTAGES:      builtin.module(
// MANUALSTAGES-NEXT:   mark-manual-deallocations{private-function-dynamic-ownership=false},
// MANUALSTAGES-NEXT:   lift-unstructured-control-flow{lift-allocating-branches=false},
// MANUALSTAGES:        prepare-buffer-deallocation,
// MANUALSTAGES-NEXT:   check-buffer-deallocation-input{private-function-dynamic-ownership=false},
// MANUALSTAGES-NEXT:   manual-aware-ownership-based-deallocation{private-function-dynamic-ownership=false},
// MANUALSTAGES-NEXT:   canonicalize{
// A function may free an argument by hand: the summaries do not trust that
// every free follows the ownership.
// MANUALSTAGES:        summarize-callee-buffers{frees-follow-ownership=false},
// MANUALSTAGES:        summarize-callee-buffers{frees-follow-ownership=false},

// Under private-function-dynamic-ownership, a private function may own and
// free an argument: the same.
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{private-function-dynamic-ownership=true})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DYNAMICSTAGES
// DYNAMICSTAGES:     ownership-based-buffer-deallocation{private-function-dynamic-ownership=true},
// DYNAMICSTAGES:     summarize-callee-buffers{frees-follow-ownership=false},
// DYNAMICSTAGES:     summarize-callee-buffers{frees-follow-ownership=false},
// DYNAMICSTAGES-NOT: frees-follow-ownership=true

// Upstream's quadratic simplification, for comparison.
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{stock-dealloc-simplification=true})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=STOCKSIMPLIFY
// STOCKSIMPLIFY:      ownership-based-buffer-deallocation
// STOCKSIMPLIFY-NEXT: canonicalize{
// STOCKSIMPLIFY-NEXT: buffer-deallocation-simplification,
// STOCKSIMPLIFY-NOT:  simplify-buffer-deallocations

// Each stage of the series can be switched off.
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{no-alias-function-results=false})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOUNALIAS
// NOUNALIAS:     simplify-loop-ownership{canonicalize=true}
// NOUNALIAS-NOT: unalias-function-results
// NOUNALIAS:     lower-deallocations-to-scf
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{lower-deallocations-to-scf=false})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOSCF
// Without it, the pass lowers only the deallocations with an operand that
// may be a view at a byte shift, and upstream's helper-based pattern the
// rest.
// NOSCF:     simplify-buffer-deallocations{confined-allocations=true max-origin-walk=256},
// NOSCF-NOT: bufferization-lower-deallocations
// NOSCF:     lower-deallocations-to-scf{lower-rest-with-helper=true max-alias-checks=32 only-shifted-views=true},
// NOSCF-NEXT: summarize-callee-buffers{frees-follow-ownership=true},
// NOSCF-NEXT: any(
// NOSCF-NEXT: double-buffer-loops,
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{hoist-alloc-dealloc-pairs=false})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOHOIST
// NOHOIST:     lower-deallocations-to-scf{lower-rest-with-helper=true
// NOHOIST-NOT: hoist-alloc-dealloc-pairs
// NOHOIST:     cse
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{simplify-loop-ownership=false})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOLOOPOWN
// NOLOOPOWN:     simplify-buffer-deallocations{confined-allocations=true max-origin-walk=256},
// NOLOOPOWN-NOT: simplify-loop-ownership
// NOLOOPOWN:     lower-deallocations-to-scf
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{double-buffer-loops=false})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NODOUBLE
// NODOUBLE:     lower-deallocations-to-scf{lower-rest-with-helper=true
// NODOUBLE-NOT: double-buffer-loops
// NODOUBLE:     hoist-alloc-dealloc-pairs
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{free-at-last-use=false})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOLASTUSE
// NOLASTUSE:     hoist-alloc-dealloc-pairs,
// NOLASTUSE-NOT: free-buffers-at-last-use
// NOLASTUSE:     reuse-freed-buffers
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{reuse-freed-buffers=false})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOREUSE
// NOREUSE:     free-buffers-at-last-use{into-regions=true},
// NOREUSE-NOT: reuse-freed-buffers
// NOREUSE:     cse
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{elide-copies=false})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOCOPY
// NOCOPY:     free-buffers-at-last-use{into-regions=true},
// NOCOPY-NOT: elide-buffer-copies
// NOCOPY:     reuse-freed-buffers
// Under reuse-before-loop-stages, buffers are freed in their block and
// reused before the loop stages, and again after them; it needs both
// free-at-last-use and reuse-freed-buffers. The early reuse leaves the
// buffers that the later free-at-last-use frees in the regions of a branch.
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{reuse-before-loop-stages=true})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=EARLYREUSE
// EARLYREUSE:      lower-deallocations-to-scf
// EARLYREUSE-NEXT:   summarize-callee-buffers{frees-follow-ownership=true},
// EARLYREUSE-NEXT:   any(
// EARLYREUSE-NEXT:   free-buffers-at-last-use{into-regions=false},
// EARLYREUSE-NEXT:   reuse-freed-buffers{allow-peak-increase=false skip-branch-last-uses=true},
// EARLYREUSE-NEXT:   double-buffer-loops,
// EARLYREUSE-NEXT:   hoist-alloc-dealloc-pairs,
// EARLYREUSE-NEXT:   free-buffers-at-last-use{into-regions=true},
// EARLYREUSE-NEXT:   elide-buffer-copies,
// EARLYREUSE-NEXT:   reuse-freed-buffers{allow-peak-increase=false skip-branch-last-uses=false}
// EARLYREUSE-NEXT: ),
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{reuse-before-loop-stages=true reuse-freed-buffers=false})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=EARLYNOREUSE
// EARLYNOREUSE:      lower-deallocations-to-scf
// EARLYNOREUSE-NEXT:   summarize-callee-buffers{frees-follow-ownership=true},
// EARLYNOREUSE-NEXT:   any(
// EARLYNOREUSE-NEXT:   double-buffer-loops,
// EARLYNOREUSE-NOT:    reuse-freed-buffers

// With every stage that runs per function after the lowering off, neither
// the summary of the callees nor an empty nest is left.
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{simplify-loop-ownership=false double-buffer-loops=false hoist-alloc-dealloc-pairs=false free-at-last-use=false elide-copies=false reuse-freed-buffers=false})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOFUNCTION
// NOFUNCTION:     lower-deallocations-to-scf{lower-rest-with-helper=true
// NOFUNCTION-NOT: summarize-callee-buffers
// NOFUNCTION-NOT: any(
// NOFUNCTION:     promote-temporaries-to-stack
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{reuse-dying-inputs=false})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NODYING
// NODYING:      builtin.module(
// NODYING-NEXT:   lift-unstructured-control-flow{lift-allocating-branches=false},
// NODYING-NEXT:   expand-reallocs-for-deallocation
// NODYING-NOT:    linalg-reuse-dying-inputs

// Stack promotion runs after the other optimizations, with the pipeline's
// byte limit (1 KiB by default, STAGES above); 0 turns it off.
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{stack-promotion-max-bytes=256})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=STACK
// STACK:      reuse-freed-buffers{allow-peak-increase=false skip-branch-last-uses=false}
// STACK-NEXT: ),
// STACK-NEXT: promote-temporaries-to-stack{max-buffer-bytes=256 max-frame-bytes=16384},
// STACK-NEXT: expand-strided-clones,
// STACK-NEXT: cse,
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{stack-promotion-max-bytes=0})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOSTACK
// NOSTACK:      reuse-freed-buffers{allow-peak-increase=false skip-branch-last-uses=false}
// NOSTACK-NEXT: ),
// NOSTACK-NEXT: expand-strided-clones,

// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{lift-unstructured-control-flow=false})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOLIFT
// NOLIFT:      builtin.module(
// NOLIFT-NEXT:   linalg-reuse-dying-inputs,
// NOLIFT-NEXT:   expand-reallocs-for-deallocation

// merge-alloc is off by default; switched on, it runs while the
// temporaries are still plain allocations, after the elementwise ops have
// taken over their dying inputs, which merge-alloc would hold together, and
// after the first canonicalization, so that it plans the program the later
// stages see (no loop that never runs, no branch on a constant).
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{merge-alloc=true})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=MERGESTAGES
// MERGESTAGES:      builtin.module(
// MERGESTAGES-NEXT:   lift-unstructured-control-flow{lift-allocating-branches=false},
// MERGESTAGES-NEXT:   linalg-reuse-dying-inputs,
// MERGESTAGES-NEXT:   expand-reallocs-for-deallocation{emit-deallocs=false},
// MERGESTAGES-NEXT:   canonicalize{
// MERGESTAGES-NEXT:   merge-alloc{alignment=0 allow-peak-increase=false analysis-only=false assume-hoisting=true callee-workspace=true keep-peak=every-run plan-file= planner=cost-model public-function-workspace=false stack-promotion-max-bytes=1024 wrap-public-functions=true},
// MERGESTAGES-NEXT:   bound-dynamic-allocations{max-bytes=65536},

// merge-alloc leaves the buffers that the stack promotion is expected to
// take apart: merged, they would be on the heap.
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{merge-alloc=true stack-promotion-max-bytes=256})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=MERGESMALL
// MERGESMALL: merge-alloc{{.*}} stack-promotion-max-bytes=256 {{.*}}},
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{merge-alloc=true stack-promotion-max-bytes=0})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=MERGEHEAP
// MERGEHEAP: merge-alloc{{.*}} stack-promotion-max-bytes=0 {{.*}}},

// Under fresh-results-to-out-params, the callers allocate the fresh results
// of functions right before merge-alloc, after the canonicalization.
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{fresh-results-to-out-params=true merge-alloc=true})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=FRESHSTAGES
// FRESHSTAGES:      expand-reallocs-for-deallocation{emit-deallocs=false},
// FRESHSTAGES-NEXT:   canonicalize{
// FRESHSTAGES-NEXT:   fresh-buffer-results-to-out-params{private-function-dynamic-ownership=false},
// FRESHSTAGES-NEXT:   merge-alloc{
// The dynamic ownership of private functions reaches it.
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{fresh-results-to-out-params=true private-function-dynamic-ownership=true})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=FRESHDYNAMIC
// FRESHDYNAMIC: fresh-buffer-results-to-out-params{private-function-dynamic-ownership=true},

// The workspace options reach merge-alloc.
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{merge-alloc=true callee-workspace=false})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOWORKSPACE
// NOWORKSPACE: merge-alloc{{.*}} callee-workspace=false {{.*}} public-function-workspace=false {{.*}}wrap-public-functions=true},
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{merge-alloc=true public-function-workspace=true})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PUBLICWORKSPACE
// PUBLICWORKSPACE: merge-alloc{{.*}} callee-workspace=true {{.*}} public-function-workspace=true {{.*}}wrap-public-functions=true},
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{merge-alloc=true wrap-public-functions=false})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOWRAP
// NOWRAP: merge-alloc{{.*}} callee-workspace=true {{.*}} public-function-workspace=false {{.*}}wrap-public-functions=false},
// lift-allocating-branches reaches the lifting.
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{merge-alloc=true lift-allocating-branches=true})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIFTBRANCHES
// LIFTBRANCHES: lift-unstructured-control-flow{lift-allocating-branches=true},
// It has no effect without merge-alloc.
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{lift-allocating-branches=true})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIFTNOMERGE
// LIFTNOMERGE: lift-unstructured-control-flow{lift-allocating-branches=false},
// merge-alloc-worst-run reaches merge-alloc as keep-peak.
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{merge-alloc=true merge-alloc-worst-run=true})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=WORSTPEAK
// WORSTPEAK: merge-alloc{{.*}} keep-peak=worst-run {{.*}}},
// merge-alloc plans with the hoisting only when the pipeline hoists.
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{merge-alloc=true hoist-alloc-dealloc-pairs=false})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=MERGENOHOIST
// MERGENOHOIST: merge-alloc{{.*}} assume-hoisting=false {{.*}}},

// private-function-dynamic-ownership reaches the input check, which then
// also guards that option's upstream limitation.
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{private-function-dynamic-ownership=true})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DYNSTAGES
// DYNSTAGES:      prepare-buffer-deallocation,
// DYNSTAGES-NEXT: check-buffer-deallocation-input{private-function-dynamic-ownership=true},
// DYNSTAGES-NEXT: ownership-based-buffer-deallocation{private-function-dynamic-ownership=true},

// allow-observable-result-copies reaches unalias-function-results, off by
// default.
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{allow-observable-result-copies=true})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=OBSERVABLE
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline)" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOTOBSERVABLE
// OBSERVABLE: unalias-function-results{allow-observable-copies=true private-function-dynamic-ownership=false}
// NOTOBSERVABLE: unalias-function-results{allow-observable-copies=false private-function-dynamic-ownership=false}


// expand-strided-clones=false leaves the clones of strided views to the
// conversion, as the stock pipeline does.
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{expand-strided-clones=false})" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOEXPAND
// NOEXPAND:      promote-temporaries-to-stack{
// NOEXPAND-NEXT: cse,
