// RUN: mlir-opt %s -merge-alloc="callee-workspace" -split-input-file | FileCheck %s
// RUN: mlir-opt %s -merge-alloc="callee-workspace public-function-workspace" -split-input-file | FileCheck %s --check-prefix=PUBLIC
// RUN: mlir-opt %s -merge-alloc="callee-workspace wrap-public-functions=false" -split-input-file | FileCheck %s --check-prefix=NOWRAP
// RUN: mlir-opt %s -merge-alloc -split-input-file | FileCheck %s --check-prefix=OFF
// RUN: mlir-opt %s -merge-alloc="callee-workspace" -split-input-file --remarks-filter=merge-alloc --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: mlir-opt %s -merge-alloc="analysis-only" -split-input-file | FileCheck %s --check-prefix=ANALYSIS
// RUN: mlir-opt %s -merge-alloc="callee-workspace assume-hoisting" -split-input-file | FileCheck %s --check-prefix=HOIST

// A private kernel with three temporaries of 2 KiB, two of them alive at
// once, called from a loop. Its temporaries are planned into a workspace of
// 4096 bytes, a new last argument; the caller allocates it right before the
// call, marked, where the rest of the pipeline frees it after the call and
// hoists the pair out of the loop (but not out of a branch). Without the
// option, the kernel's temporaries become one merged buffer of its own.

// CHECK-LABEL: func private @kernel
//  CHECK-SAME: (%[[X:.*]]: memref<512xf32>, %[[OUT:.*]]: memref<512xf32>, %[[WS:.*]]: memref<4096xi8> {merge_alloc.workspace})
//   CHECK-NOT: memref.alloc
//   CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
//   CHECK-DAG: %[[C2048:.*]] = arith.constant 2048 : index
//       CHECK: %[[A:.*]] = memref.view %[[WS]][%[[C0]]][] : memref<4096xi8> to memref<512xf32>
//       CHECK: linalg.add ins(%[[X]], %[[X]] : {{.*}}) outs(%[[A]] : memref<512xf32>)
//       CHECK: %[[B:.*]] = memref.view %[[WS]][%[[C2048]]][] : memref<4096xi8> to memref<512xf32>
//       CHECK: linalg.mul ins(%[[A]], %[[X]] : {{.*}}) outs(%[[B]] : memref<512xf32>)
//       CHECK: %[[C:.*]] = memref.view %[[WS]][%[[C0]]][] : memref<4096xi8> to memref<512xf32>
//       CHECK: linalg.sub ins(%[[B]], %[[X]] : {{.*}}) outs(%[[C]] : memref<512xf32>)
//       CHECK: linalg.add ins(%[[C]], %[[X]] : {{.*}}) outs(%[[OUT]] : memref<512xf32>)
//   CHECK-NOT: memref.alloc
//       CHECK: return
// The call names the operand that is its callee's workspace, which no
// result of the call aliases.
// CHECK-LABEL: func @caller
//       CHECK: scf.for
//  CHECK-NEXT: %[[W:.*]] = memref.alloc() {merge_alloc.workspace} : memref<4096xi8>
//  CHECK-NEXT: call @kernel(%{{.*}}, %{{.*}}, %[[W]]) {merge_alloc.workspace_operand = 2 : i64} : (memref<512xf32>, memref<512xf32>, memref<4096xi8>) -> ()
// OFF-LABEL: func private @kernel
//  OFF-SAME: (%{{.*}}: memref<512xf32>, %{{.*}}: memref<512xf32>)
//       OFF: memref.alloc() : memref<4096xi8>
// OFF-LABEL: func @caller
//   OFF-NOT: memref.alloc
//       OFF: return
// REMARK: remark: [Passed] CalleeWorkspace | Category:merge-alloc | Remark="takes a workspace of 4096 bytes from its callers for 3 allocation(s) of 6144 bytes (cost-model)"
func.func private @kernel(%x: memref<512xf32>, %out: memref<512xf32>) {
  %a = memref.alloc() : memref<512xf32>
  linalg.add ins(%x, %x : memref<512xf32>, memref<512xf32>) outs(%a : memref<512xf32>)
  %b = memref.alloc() : memref<512xf32>
  linalg.mul ins(%a, %x : memref<512xf32>, memref<512xf32>) outs(%b : memref<512xf32>)
  %c = memref.alloc() : memref<512xf32>
  linalg.sub ins(%b, %x : memref<512xf32>, memref<512xf32>) outs(%c : memref<512xf32>)
  linalg.add ins(%c, %x : memref<512xf32>, memref<512xf32>) outs(%out : memref<512xf32>)
  return
}

func.func @caller(%x: memref<512xf32>, %out: memref<512xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    func.call @kernel(%x, %out) : (memref<512xf32>, memref<512xf32>) -> ()
  }
  return
}

// -----

// A call chain: @inner's workspace is allocated around its call in
// @middle, where it is a temporary like @middle's own, and both go into
// @middle's workspace, which @outer allocates. The 1 KiB temporary of
// @middle dies before the call, so the call's 512 bytes take its place.

// CHECK-LABEL: func private @inner
//  CHECK-SAME: %{{.*}}: memref<512xi8> {merge_alloc.workspace})
// CHECK-LABEL: func private @middle
//  CHECK-SAME: (%[[X:.*]]: memref<256xf32>, %[[WS:.*]]: memref<1024xi8> {merge_alloc.workspace})
//   CHECK-NOT: memref.alloc
//       CHECK: %[[T:.*]] = memref.view %[[WS]][%{{.*}}][] : memref<1024xi8> to memref<256xf32>
//       CHECK: %[[IW:.*]] = memref.view %[[WS]][%{{.*}}][] : memref<1024xi8> to memref<512xi8>
//       CHECK: call @inner(%[[X]], %[[IW]])
// CHECK-LABEL: func @outer
//       CHECK: %[[W:.*]] = memref.alloc() {merge_alloc.workspace} : memref<1024xi8>
//  CHECK-NEXT: call @middle(%{{.*}}, %[[W]])
// REMARK: remark: [Passed] CalleeWorkspace | Category:merge-alloc | Remark="takes a workspace of 512 bytes from its callers for 1 allocation(s) of 512 bytes (cost-model)"
// REMARK: remark: [Passed] CalleeWorkspace | Category:merge-alloc | Remark="takes a workspace of 1024 bytes from its callers for 2 allocation(s) of 1536 bytes (cost-model)"
func.func private @inner(%x: memref<256xf32>) {
  %t = memref.alloc() : memref<128xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<256xf32>
  memref.store %v, %t[%c0] : memref<128xf32>
  %w = memref.load %t[%c0] : memref<128xf32>
  memref.store %w, %x[%c0] : memref<256xf32>
  return
}

func.func private @middle(%x: memref<256xf32>) {
  %t = memref.alloc() : memref<256xf32>
  linalg.add ins(%x, %x : memref<256xf32>, memref<256xf32>) outs(%t : memref<256xf32>)
  linalg.add ins(%t, %t : memref<256xf32>, memref<256xf32>) outs(%x : memref<256xf32>)
  func.call @inner(%x) : (memref<256xf32>) -> ()
  return
}

func.func @outer(%x: memref<256xf32>) {
  func.call @middle(%x) : (memref<256xf32>) -> ()
  return
}

// -----

// A public function keeps its signature for callers outside the module. By
// default, a private function takes its body and the workspace, the module's
// calls call it, and the public function becomes a wrapper that allocates the
// workspace and keeps the attributes that only a public function needs.
// Under public-function-workspace, the public function takes the workspace
// itself; with wrap-public-functions=false, it keeps its temporaries.

// CHECK-LABEL: func @public_kernel
//  CHECK-SAME: (%[[X:[^:]*]]: memref<64xf32> {test.arg}) attributes {llvm.emit_c_interface} {
//  CHECK-NEXT:   %[[WS:.*]] = memref.alloc() {merge_alloc.workspace} : memref<256xi8>
//  CHECK-NEXT:   call @public_kernel_impl(%[[X]], %[[WS]]) {merge_alloc.workspace_operand = 1 : i64} : (memref<64xf32>, memref<256xi8>) -> ()
//  CHECK-NEXT:   return
//  CHECK-NEXT: }
//       CHECK: func private @public_kernel_impl
//  CHECK-SAME: (%[[IX:[^:]*]]: memref<64xf32> {test.arg}, %[[IWS:[^:]*]]: memref<256xi8> {merge_alloc.workspace}) {
//   CHECK-NOT:   memref.alloc
//       CHECK:   %[[T:.*]] = memref.view %[[IWS]]
//       CHECK:   linalg.add ins(%[[IX]], %[[IX]] : {{.*}}) outs(%[[T]] :
// CHECK-LABEL: func @public_caller
//       CHECK:   %[[W:.*]] = memref.alloc() {merge_alloc.workspace} : memref<256xi8>
//       CHECK:   call @public_kernel_impl(%{{.*}}, %[[W]])

// PUBLIC-LABEL: func @public_kernel
//  PUBLIC-SAME: (%{{.*}}: memref<64xf32> {test.arg}, %{{.*}}: memref<256xi8> {merge_alloc.workspace})
//   PUBLIC-NOT: memref.alloc
// PUBLIC-LABEL: func @public_caller
//       PUBLIC: memref.alloc() {merge_alloc.workspace} : memref<256xi8>
//       PUBLIC: call @public_kernel(

// NOWRAP-LABEL: func @public_kernel
//  NOWRAP-SAME: (%{{.*}}: memref<64xf32> {test.arg})
//       NOWRAP: memref.alloc() : memref<64xf32>
// NOWRAP-LABEL: func @public_caller
//   NOWRAP-NOT: memref.alloc
//       NOWRAP: call @public_kernel(

// REMARK: remark: [Passed] CalleeWorkspace | Category:merge-alloc | Remark="takes a workspace of 256 bytes from its callers for 1 allocation(s) of 256 bytes (cost-model); a private function takes its body and the workspace, and it keeps its signature as a wrapper that allocates the workspace"
func.func @public_kernel(%x: memref<64xf32> {test.arg}) attributes {llvm.emit_c_interface} {
  %t = memref.alloc() : memref<64xf32>
  linalg.add ins(%x, %x : memref<64xf32>, memref<64xf32>) outs(%t : memref<64xf32>)
  linalg.add ins(%t, %x : memref<64xf32>, memref<64xf32>) outs(%x : memref<64xf32>)
  return
}

func.func @public_caller(%x: memref<64xf32>) {
  func.call @public_kernel(%x) : (memref<64xf32>) -> ()
  return
}

// -----

// The private function's name is made unique. A public function that the
// module does not call, or whose address the module takes, is left alone.

// CHECK-LABEL: func @clash
//       CHECK:   call @clash_impl_0(
//       CHECK: func private @clash_impl_0
//  CHECK-SAME:   {merge_alloc.workspace}
// CHECK-LABEL: func @clash_impl()
// CHECK-LABEL: func @uncalled
//  CHECK-SAME: (%{{.*}}: memref<64xf32>)
//       CHECK:   memref.alloc() : memref<64xf32>
// CHECK-LABEL: func @address_taken
//  CHECK-SAME: (%{{.*}}: memref<64xf32>)
//       CHECK:   memref.alloc() : memref<64xf32>
// CHECK-LABEL: func @public_callers
//       CHECK:   call @clash_impl_0(
//       CHECK:   call @address_taken(
func.func @clash(%x: memref<64xf32>) {
  %t = memref.alloc() : memref<64xf32>
  linalg.add ins(%x, %x : memref<64xf32>, memref<64xf32>) outs(%t : memref<64xf32>)
  linalg.add ins(%t, %x : memref<64xf32>, memref<64xf32>) outs(%x : memref<64xf32>)
  return
}

func.func @clash_impl() {
  return
}

func.func @uncalled(%x: memref<64xf32>) {
  %t = memref.alloc() : memref<64xf32>
  linalg.add ins(%x, %x : memref<64xf32>, memref<64xf32>) outs(%t : memref<64xf32>)
  linalg.add ins(%t, %x : memref<64xf32>, memref<64xf32>) outs(%x : memref<64xf32>)
  return
}

func.func @address_taken(%x: memref<64xf32>) {
  %t = memref.alloc() : memref<64xf32>
  linalg.add ins(%x, %x : memref<64xf32>, memref<64xf32>) outs(%t : memref<64xf32>)
  linalg.add ins(%t, %x : memref<64xf32>, memref<64xf32>) outs(%x : memref<64xf32>)
  return
}

func.func @public_callers(%x: memref<64xf32>) -> ((memref<64xf32>) -> ()) {
  func.call @clash(%x) : (memref<64xf32>) -> ()
  func.call @address_taken(%x) : (memref<64xf32>) -> ()
  %f = func.constant @address_taken : (memref<64xf32>) -> ()
  return %f : (memref<64xf32>) -> ()
}

// -----

// Functions whose calls are not all visible and synchronous keep their
// temporaries: a recursive one, one whose address is taken, and one called
// in an async.execute region.

// CHECK-LABEL: func private @recursive
//  CHECK-SAME: (%{{.*}}: memref<64xf32>, %{{.*}}: i1)
//       CHECK: memref.alloc() : memref<64xf32>
// CHECK-LABEL: func private @address_taken
//  CHECK-SAME: (%{{.*}}: memref<64xf32>)
//       CHECK: memref.alloc() : memref<64xf32>
// CHECK-LABEL: func private @called_async
//  CHECK-SAME: (%{{.*}}: memref<64xf32>)
//       CHECK: memref.alloc() : memref<64xf32>
// CHECK-LABEL: func @callers
//   CHECK-NOT: memref.alloc
//       CHECK: return
func.func private @recursive(%x: memref<64xf32>, %c: i1) {
  %t = memref.alloc() : memref<64xf32>
  linalg.add ins(%x, %x : memref<64xf32>, memref<64xf32>) outs(%t : memref<64xf32>)
  linalg.add ins(%t, %x : memref<64xf32>, memref<64xf32>) outs(%x : memref<64xf32>)
  scf.if %c {
    %false = arith.constant false
    func.call @recursive(%x, %false) : (memref<64xf32>, i1) -> ()
  }
  return
}

func.func private @address_taken(%x: memref<64xf32>) {
  %t = memref.alloc() : memref<64xf32>
  linalg.add ins(%x, %x : memref<64xf32>, memref<64xf32>) outs(%t : memref<64xf32>)
  linalg.add ins(%t, %x : memref<64xf32>, memref<64xf32>) outs(%x : memref<64xf32>)
  return
}

func.func private @called_async(%x: memref<64xf32>) {
  %t = memref.alloc() : memref<64xf32>
  linalg.add ins(%x, %x : memref<64xf32>, memref<64xf32>) outs(%t : memref<64xf32>)
  linalg.add ins(%t, %x : memref<64xf32>, memref<64xf32>) outs(%x : memref<64xf32>)
  return
}

func.func @callers(%x: memref<64xf32>, %c: i1) -> ((memref<64xf32>) -> ()) {
  func.call @recursive(%x, %c) : (memref<64xf32>, i1) -> ()
  func.call @address_taken(%x) : (memref<64xf32>) -> ()
  %f = func.constant @address_taken : (memref<64xf32>) -> ()
  %token = async.execute {
    func.call @called_async(%x) : (memref<64xf32>) -> ()
    async.yield
  }
  async.await %token : !async.token
  return %f : (memref<64xf32>) -> ()
}

// -----

// A call in a block that branches to one of several blocks passes no
// workspace: the deallocation would free it at the branch, after what the
// block allocates after the call (the fuzzer's seed 31584: 128 bytes at once
// instead of 96). The function merges its two temporaries itself.

// CHECK-LABEL: func private @before_a_branch
//  CHECK-SAME: (%{{.*}}: memref<64xf32>) {
//       CHECK: memref.alloc() : memref<512xi8>
// CHECK-LABEL: func @branching_caller
//       CHECK: call @before_a_branch(%{{.*}}) : (memref<64xf32>) -> ()
//  CHECK-NEXT: memref.alloc() : memref<128xf32>
func.func private @before_a_branch(%x: memref<64xf32>) {
  %t = memref.alloc() : memref<64xf32>
  %u = memref.alloc() : memref<64xf32>
  linalg.add ins(%x, %x : memref<64xf32>, memref<64xf32>) outs(%t : memref<64xf32>)
  linalg.add ins(%t, %x : memref<64xf32>, memref<64xf32>) outs(%u : memref<64xf32>)
  linalg.add ins(%u, %t : memref<64xf32>, memref<64xf32>) outs(%x : memref<64xf32>)
  return
}

func.func @branching_caller(%x: memref<64xf32>, %c: i1) {
  func.call @before_a_branch(%x) : (memref<64xf32>) -> ()
  %big = memref.alloc() : memref<128xf32>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%big : memref<128xf32>)
  cf.cond_br %c, ^a, ^b
^a:
  return
^b:
  return
}

// -----

// Nor does a call in a function with a memref that hides which buffers it
// aliases (`memref.distinct_objects`): the deallocation frees every buffer
// of the block at its end then, after comparing addresses with that memref,
// the workspace among them, held over what the block allocates after the
// call (the fuzzer's seed 35907: 320 bytes at once instead of 256).

// CHECK-LABEL: func private @called_before_hidden_alias
//  CHECK-SAME: (%{{.*}}: memref<64xf32>) {
//       CHECK: memref.alloc() : memref<512xi8>
// CHECK-LABEL: func @hiding_caller
//       CHECK: call @called_before_hidden_alias(%{{.*}}) : (memref<64xf32>) -> ()
func.func private @called_before_hidden_alias(%x: memref<64xf32>) {
  %t = memref.alloc() : memref<64xf32>
  %u = memref.alloc() : memref<64xf32>
  linalg.add ins(%x, %x : memref<64xf32>, memref<64xf32>) outs(%t : memref<64xf32>)
  linalg.add ins(%t, %x : memref<64xf32>, memref<64xf32>) outs(%u : memref<64xf32>)
  linalg.add ins(%u, %t : memref<64xf32>, memref<64xf32>) outs(%x : memref<64xf32>)
  return
}

func.func @hiding_caller(%x: memref<64xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<64xf32>
  func.call @called_before_hidden_alias(%a) : (memref<64xf32>) -> ()
  %b = memref.alloc() : memref<64xf32>
  %d:2 = memref.distinct_objects %a, %b : memref<64xf32>, memref<64xf32>
  %big = memref.alloc() : memref<128xf32>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%big : memref<128xf32>)
  %v = memref.load %d#0[%c0] : memref<64xf32>
  return %v : f32
}

// -----

// Holding a workspace for the whole call would raise the peak: the
// temporary dies before the function allocates the larger buffer it
// returns, so the function never holds more than 4096 bytes, and with a
// workspace it would hold 4352. The temporary stays.

// CHECK-LABEL: func private @returns_later
//  CHECK-SAME: (%{{.*}}: memref<64xf32>) -> memref<1024xf32>
//       CHECK: memref.alloc() : memref<64xf32>
//       CHECK: memref.alloc() : memref<1024xf32>
func.func private @returns_later(%x: memref<64xf32>) -> memref<1024xf32> {
  %t = memref.alloc() : memref<64xf32>
  linalg.add ins(%x, %x : memref<64xf32>, memref<64xf32>) outs(%t : memref<64xf32>)
  linalg.add ins(%t, %x : memref<64xf32>, memref<64xf32>) outs(%x : memref<64xf32>)
  %r = memref.alloc() : memref<1024xf32>
  %f = arith.constant 1.0 : f32
  linalg.fill ins(%f : f32) outs(%r : memref<1024xf32>)
  return %r : memref<1024xf32>
}

func.func @returns_later_caller(%x: memref<64xf32>) -> memref<1024xf32> {
  %r = func.call @returns_later(%x) : (memref<64xf32>) -> memref<1024xf32>
  return %r : memref<1024xf32>
}

// -----

// A caller that frees buffers by hand would never free the workspace: the
// callee keeps its temporaries.

// CHECK-LABEL: func private @callee_of_manual
//  CHECK-SAME: (%{{.*}}: memref<64xf32>)
//       CHECK: memref.alloc() : memref<64xf32>
func.func private @callee_of_manual(%x: memref<64xf32>) {
  %t = memref.alloc() : memref<64xf32>
  linalg.add ins(%x, %x : memref<64xf32>, memref<64xf32>) outs(%t : memref<64xf32>)
  linalg.add ins(%t, %x : memref<64xf32>, memref<64xf32>) outs(%x : memref<64xf32>)
  return
}

func.func @manual(%x: memref<64xf32>) {
  %own = memref.alloc() : memref<64xf32>
  func.call @callee_of_manual(%own) : (memref<64xf32>) -> ()
  linalg.copy ins(%own : memref<64xf32>) outs(%x : memref<64xf32>)
  memref.dealloc %own : memref<64xf32>
  return
}

// -----

// A temporary that needs an aligned allocation: the workspace argument
// carries the alignment, and the caller allocates it with it.

// CHECK-LABEL: func private @aligned
//  CHECK-SAME: %{{.*}}: memref<256xi8> {merge_alloc.workspace = 64 : i64})
// CHECK-LABEL: func @aligned_caller
//       CHECK: memref.alloc() {alignment = 64 : i64, merge_alloc.workspace} : memref<256xi8>
func.func private @aligned(%x: memref<64xf32>) {
  %t = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  linalg.add ins(%x, %x : memref<64xf32>, memref<64xf32>) outs(%t : memref<64xf32>)
  linalg.add ins(%t, %x : memref<64xf32>, memref<64xf32>) outs(%x : memref<64xf32>)
  return
}

func.func @aligned_caller(%x: memref<64xf32>) {
  func.call @aligned(%x) : (memref<64xf32>) -> ()
  return
}

// -----

// A buffer passed to a call is accessed while the call runs when the
// callee only reads and writes it (through views, or passing it on to
// callees that do the same): such buffers merge like any other. One passed
// to a callee that keeps it (returns or stores it), or to a call with
// buffer results, which the alias analysis takes for aliases of the
// operands, is left alone.

// ANALYSIS-LABEL: func @passed_to_calls
//       ANALYSIS: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64, {{.*}}} : memref<64xf32>
//       ANALYSIS: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64, {{.*}}} : memref<64xf32>
//       ANALYSIS: memref.alloc() {merge_alloc.skipped = "passed to a call by 'func.call'"} : memref<64xf32>
//       ANALYSIS: memref.alloc() {merge_alloc.skipped = "passed to a call by 'func.call'"} : memref<64xf32>
//       ANALYSIS: memref.alloc() {merge_alloc.skipped = "passed to a call by 'func.call'"} : memref<64xf32>
func.func private @reads_and_writes(%x: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %sub = memref.subview %x[0] [8] [1] : memref<64xf32> to memref<8xf32, strided<[1]>>
  %v = memref.load %sub[%c0] : memref<8xf32, strided<[1]>>
  memref.store %v, %x[%c0] : memref<64xf32>
  return
}

func.func private @passes_on(%x: memref<64xf32>) {
  func.call @reads_and_writes(%x) : (memref<64xf32>) -> ()
  return
}

func.func private @stores(%x: memref<64xf32>, %box: memref<memref<64xf32>>) {
  memref.store %x, %box[] : memref<memref<64xf32>>
  return
}

func.func private @returns(%x: memref<64xf32>) -> memref<64xf32> {
  return %x : memref<64xf32>
}

func.func private @other_result(%x: memref<64xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<64xf32>
  %r = memref.alloc() : memref<4xf32>
  memref.store %v, %r[%c0] : memref<4xf32>
  return %r : memref<4xf32>
}

func.func @passed_to_calls(%box: memref<memref<64xf32>>) -> (memref<64xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<64xf32>
  func.call @reads_and_writes(%a) : (memref<64xf32>) -> ()
  %b = memref.alloc() : memref<64xf32>
  func.call @passes_on(%b) : (memref<64xf32>) -> ()
  %c = memref.alloc() : memref<64xf32>
  func.call @stores(%c, %box) : (memref<64xf32>, memref<memref<64xf32>>) -> ()
  %d = memref.alloc() : memref<64xf32>
  %e = func.call @returns(%d) : (memref<64xf32>) -> memref<64xf32>
  %f = memref.alloc() : memref<64xf32>
  %g = func.call @other_result(%f) : (memref<64xf32>) -> memref<4xf32>
  return %e, %g : memref<64xf32>, memref<4xf32>
}

// -----

// A descriptor stored into a stack slot that nothing reads keeps nothing
// alive: the canonicalizer erases the slot and its stores, and %a dies at
// its last load, before %b is allocated. A slot that is read keeps the
// stored buffer alive to the end: %c is left alone.

// ANALYSIS-LABEL: func @stored_into_dead_slot
//       ANALYSIS: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64, {{.*}}} : memref<16xf32>
//       ANALYSIS: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64, {{.*}}} : memref<16xf32>
//       ANALYSIS: memref.alloc() {merge_alloc.skipped = "stored to memory by 'memref.store'"} : memref<16xf32>
func.func @stored_into_dead_slot(%f: f32) -> (f32, f32, memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  memref.store %f, %a[%c0] : memref<16xf32>
  %slot = memref.alloca() : memref<memref<16xf32>>
  memref.store %a, %slot[] : memref<memref<16xf32>>
  %x = memref.load %a[%c0] : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.store %x, %b[%c0] : memref<16xf32>
  %y = memref.load %b[%c0] : memref<16xf32>
  %c = memref.alloc() : memref<16xf32>
  %read = memref.alloca() : memref<memref<16xf32>>
  memref.store %c, %read[] : memref<memref<16xf32>>
  %back = memref.load %read[] : memref<memref<16xf32>>
  return %x, %y, %back : f32, f32, memref<16xf32>
}

// -----

// Whether a caller's allocation of a workspace may leave its loop. Without
// merge-alloc, @small_kernel holds its 2 KiB only while a call runs; held
// over a loop, the workspace adds to whatever else the loop allocates.
// - @only_calls: the loop runs (constant bounds) and holds nothing else, and
//   every call holds at least the workspace: hoistable.
// - @calls_and_allocates: the loop also allocates a buffer of dynamic size
//   after the call, which merge-alloc cannot merge and the workspace held
//   over the loop would add to: it stays.
// - @maybe_never: a loop of dynamic bounds may never call the kernel, but
//   hoist-alloc-dealloc-pairs allocates the workspace out of such a loop
//   only if it runs; when it runs, the kernel holds 2 KiB: hoistable.
// - @while_before: the `before` region of an scf.while runs whenever the
//   loop starts: hoistable. @while_after: the `after` region may never run:
//   it stays.
// The decision needs assume-hoisting; without it, no workspace is marked.

// HOIST-LABEL: func @only_calls
//       HOIST: scf.for
//  HOIST-NEXT: memref.alloc() {merge_alloc.hoistable, merge_alloc.workspace} : memref<2048xi8>
// HOIST-LABEL: func @calls_and_allocates
//       HOIST: scf.for
//  HOIST-NEXT: memref.alloc() {merge_alloc.workspace} : memref<2048xi8>
// HOIST-LABEL: func @maybe_never
//       HOIST: scf.for
//  HOIST-NEXT: memref.alloc() {merge_alloc.hoistable, merge_alloc.workspace} : memref<2048xi8>
// HOIST-LABEL: func @while_before
//       HOIST: scf.while
//  HOIST-NEXT: memref.alloc() {merge_alloc.hoistable, merge_alloc.workspace} : memref<2048xi8>
// HOIST-LABEL: func @while_after
//       HOIST: } do {
//  HOIST-NEXT: memref.alloc() {merge_alloc.workspace} : memref<2048xi8>
// ANALYSIS-NOT: merge_alloc.hoistable
// CHECK-NOT: merge_alloc.hoistable
func.func private @small_kernel(%x: memref<512xf32>) {
  %a = memref.alloc() : memref<512xf32>
  linalg.add ins(%x, %x : memref<512xf32>, memref<512xf32>) outs(%a : memref<512xf32>)
  linalg.add ins(%a, %x : memref<512xf32>, memref<512xf32>) outs(%x : memref<512xf32>)
  return
}

func.func @only_calls(%x: memref<512xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    func.call @small_kernel(%x) : (memref<512xf32>) -> ()
  }
  return
}

func.func @calls_and_allocates(%x: memref<512xf32>, %y: memref<?xf32>, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    func.call @small_kernel(%x) : (memref<512xf32>) -> ()
    %t = memref.alloc(%m) : memref<?xf32>
    linalg.add ins(%y, %y : memref<?xf32>, memref<?xf32>) outs(%t : memref<?xf32>)
    linalg.add ins(%t, %y : memref<?xf32>, memref<?xf32>) outs(%y : memref<?xf32>)
  }
  return
}

func.func @maybe_never(%x: memref<512xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    func.call @small_kernel(%x) : (memref<512xf32>) -> ()
  }
  return
}

func.func @while_before(%x: memref<512xf32>, %flag: memref<i1>) {
  scf.while : () -> () {
    func.call @small_kernel(%x) : (memref<512xf32>) -> ()
    %go = memref.load %flag[] : memref<i1>
    scf.condition(%go)
  } do {
    scf.yield
  }
  return
}

func.func @while_after(%x: memref<512xf32>, %flag: memref<i1>) {
  scf.while : () -> () {
    %go = memref.load %flag[] : memref<i1>
    scf.condition(%go)
  } do {
    func.call @small_kernel(%x) : (memref<512xf32>) -> ()
    scf.yield
  }
  return
}
