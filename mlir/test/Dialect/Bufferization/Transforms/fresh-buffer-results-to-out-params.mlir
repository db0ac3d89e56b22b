// RUN: mlir-opt %s -fresh-buffer-results-to-out-params -split-input-file | FileCheck %s
// RUN: mlir-opt %s -fresh-buffer-results-to-out-params="private-function-dynamic-ownership" -split-input-file | FileCheck %s --check-prefix=DYNAMIC
// RUN: mlir-opt %s -fresh-buffer-results-to-out-params -split-input-file --remarks-filter=fresh-buffer-results-to-out-params --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// A private function that returns a buffer it allocates before anything
// else: the buffer becomes a new last argument, which each call allocates
// right before it, with the allocation's alignment; the call keeps its
// attributes.

// CHECK-LABEL: func private @scaled
//  CHECK-SAME: (%[[X:[^:]*]]: memref<64xf32>, %[[K:[^:]*]]: f32, %[[OUT:[^:]*]]: memref<64xf32>) {
//   CHECK-NOT:   memref.alloc
//       CHECK:   memref.store %{{.*}}, %[[OUT]]
//       CHECK:   return{{$}}
// CHECK-LABEL: func @caller
//       CHECK:   scf.for
//  CHECK-NEXT:     %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
//  CHECK-NEXT:     call @scaled(%{{.*}}, %{{.*}}, %[[A]]) {test.mark} : (memref<64xf32>, f32, memref<64xf32>) -> ()
//  CHECK-NEXT:     memref.load %[[A]]
// REMARK: remark: [Passed] ResultsToOutParams | Category:fresh-buffer-results-to-out-params | Remark="@scaled: 1 fresh result(s) allocated by the caller"
func.func private @scaled(%x: memref<64xf32>, %k: f32) -> memref<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %out = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %w = arith.mulf %v, %k : f32
    memref.store %w, %out[%i] : memref<64xf32>
  }
  return %out : memref<64xf32>
}

func.func @caller(%x: memref<64xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = arith.constant 2.0 : f32
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %a = func.call @scaled(%x, %k) {test.mark} : (memref<64xf32>, f32) -> memref<64xf32>
    %v = memref.load %a[%c0] : memref<64xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  return %r : f32
}

// -----

// A public function keeps its name, signature and attributes as a wrapper
// that allocates the buffer and calls a private function with its body,
// which the module's calls call. Results that are not fresh stay results,
// and two fresh results become arguments in the order of their positions.

// CHECK-LABEL: func @pair
//  CHECK-SAME: (%[[X:[^:]*]]: memref<8xf32>) -> (memref<8xf32>, f32, memref<4xi32>) attributes {llvm.emit_c_interface} {
//  CHECK-NEXT:   %[[A:.*]] = memref.alloc() : memref<8xf32>
//  CHECK-NEXT:   %[[B:.*]] = memref.alloc() : memref<4xi32>
//  CHECK-NEXT:   %[[S:.*]] = call @pair_impl(%[[X]], %[[A]], %[[B]]) : (memref<8xf32>, memref<8xf32>, memref<4xi32>) -> f32
//  CHECK-NEXT:   return %[[A]], %[[S]], %[[B]] : memref<8xf32>, f32, memref<4xi32>
//       CHECK: func private @pair_impl
//  CHECK-SAME: (%{{[^:]*}}: memref<8xf32>, %[[IA:[^:]*]]: memref<8xf32>, %[[IB:[^:]*]]: memref<4xi32>) -> f32 {
//   CHECK-NOT:   memref.alloc
//       CHECK:   return %{{.*}} : f32
// CHECK-LABEL: func @pair_caller
//       CHECK:   %[[CA:.*]] = memref.alloc() : memref<8xf32>
//       CHECK:   %[[CB:.*]] = memref.alloc() : memref<4xi32>
//       CHECK:   %[[CS:.*]] = call @pair_impl(%{{.*}}, %[[CA]], %[[CB]])
//       CHECK:   return %[[CB]], %[[CS]], %[[CA]]
// REMARK: remark: [Passed] ResultsToOutParams | Category:fresh-buffer-results-to-out-params | Remark="@pair: 2 fresh result(s) allocated by the caller, through a private function with its body"
func.func @pair(%x: memref<8xf32>) -> (memref<8xf32>, f32, memref<4xi32>) attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %i = arith.constant 7 : i32
  %b = memref.alloc() : memref<4xi32>
  %a = memref.alloc() : memref<8xf32>
  memref.copy %x, %a : memref<8xf32> to memref<8xf32>
  memref.store %i, %b[%c0] : memref<4xi32>
  %s = memref.load %a[%c0] : memref<8xf32>
  return %a, %s, %b : memref<8xf32>, f32, memref<4xi32>
}

func.func @pair_caller(%x: memref<8xf32>) -> (memref<4xi32>, f32, memref<8xf32>) {
  %a, %s, %b = func.call @pair(%x) : (memref<8xf32>) -> (memref<8xf32>, f32, memref<4xi32>)
  return %b, %s, %a : memref<4xi32>, f32, memref<8xf32>
}

// -----

// The allocation of the result may not move to the start of the call: the
// function allocates a temporary first (which it may free before the
// result), or calls a function that may allocate (an external one). A call
// of a function that allocates nothing, and a stack buffer, do not count.

// CHECK-LABEL: func private @after_temporary
//  CHECK-SAME: -> memref<64xf32>
// CHECK-LABEL: func private @after_call
//  CHECK-SAME: -> memref<64xf32>
// CHECK-LABEL: func private @after_quiet_call
//  CHECK-SAME: (%{{[^:]*}}: memref<64xf32>, %{{[^:]*}}: memref<64xf32>) {
// CHECK-LABEL: func @callers
//       CHECK:   call @after_temporary(%{{.*}}) : (memref<64xf32>) -> memref<64xf32>
//       CHECK:   call @after_call(%{{.*}}) : (memref<64xf32>) -> memref<64xf32>
//       CHECK:   %[[Q:.*]] = memref.alloc() : memref<64xf32>
//       CHECK:   call @after_quiet_call(%{{.*}}, %[[Q]]) : (memref<64xf32>, memref<64xf32>) -> ()
func.func private @after_temporary(%x: memref<64xf32>) -> memref<64xf32> {
  %t = memref.alloc() : memref<64xf32>
  memref.copy %x, %t : memref<64xf32> to memref<64xf32>
  %out = memref.alloc() : memref<64xf32>
  memref.copy %t, %out : memref<64xf32> to memref<64xf32>
  return %out : memref<64xf32>
}

func.func private @opaque(memref<64xf32>)

func.func private @after_call(%x: memref<64xf32>) -> memref<64xf32> {
  func.call @opaque(%x) : (memref<64xf32>) -> ()
  %out = memref.alloc() : memref<64xf32>
  memref.copy %x, %out : memref<64xf32> to memref<64xf32>
  return %out : memref<64xf32>
}

func.func private @quiet(%x: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %x[%c0] : memref<64xf32>
  return
}

func.func private @after_quiet_call(%x: memref<64xf32>) -> memref<64xf32> {
  %s = memref.alloca() : memref<64xf32>
  memref.copy %x, %s : memref<64xf32> to memref<64xf32>
  func.call @quiet(%s) : (memref<64xf32>) -> ()
  %out = memref.alloc() : memref<64xf32>
  memref.copy %s, %out : memref<64xf32> to memref<64xf32>
  return %out : memref<64xf32>
}

func.func @callers(%x: memref<64xf32>) -> (memref<64xf32>, memref<64xf32>, memref<64xf32>) {
  %a = func.call @after_temporary(%x) : (memref<64xf32>) -> memref<64xf32>
  %b = func.call @after_call(%x) : (memref<64xf32>) -> memref<64xf32>
  %c = func.call @after_quiet_call(%x) : (memref<64xf32>) -> memref<64xf32>
  return %a, %b, %c : memref<64xf32>, memref<64xf32>, memref<64xf32>
}

// -----

// Results that are not one fresh buffer of their own stay results: of a
// dynamic size, returned twice, returned with a view of it, chosen by a
// branch, or of another type than the result.

// CHECK-LABEL: func private @dynamic
//  CHECK-SAME: -> memref<?xf32>
// CHECK-LABEL: func private @twice
//  CHECK-SAME: -> (memref<4xf32>, memref<4xf32>)
// CHECK-LABEL: func private @with_view
//  CHECK-SAME: -> (memref<4xf32>, memref<2xf32, strided<[1]>>)
// CHECK-LABEL: func private @branch
//  CHECK-SAME: -> memref<4xf32>
// CHECK-LABEL: func private @cast
//  CHECK-SAME: -> memref<?xf32>
// CHECK-LABEL: func @more_callers
//   CHECK-NOT:   memref.alloc
//       CHECK:   return
func.func private @dynamic(%n: index) -> memref<?xf32> {
  %out = memref.alloc(%n) : memref<?xf32>
  return %out : memref<?xf32>
}

func.func private @twice() -> (memref<4xf32>, memref<4xf32>) {
  %out = memref.alloc() : memref<4xf32>
  return %out, %out : memref<4xf32>, memref<4xf32>
}

func.func private @with_view() -> (memref<4xf32>, memref<2xf32, strided<[1]>>) {
  %out = memref.alloc() : memref<4xf32>
  %view = memref.subview %out[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  return %out, %view : memref<4xf32>, memref<2xf32, strided<[1]>>
}

func.func private @branch(%c: i1, %x: memref<4xf32>) -> memref<4xf32> {
  %out = memref.alloc() : memref<4xf32>
  %r = arith.select %c, %out, %x : memref<4xf32>
  return %r : memref<4xf32>
}

func.func private @cast() -> memref<?xf32> {
  %out = memref.alloc() : memref<4xf32>
  %r = memref.cast %out : memref<4xf32> to memref<?xf32>
  return %r : memref<?xf32>
}

func.func @more_callers(%n: index, %c: i1, %x: memref<4xf32>) {
  %0 = func.call @dynamic(%n) : (index) -> memref<?xf32>
  %1:2 = func.call @twice() : () -> (memref<4xf32>, memref<4xf32>)
  %2:2 = func.call @with_view() : () -> (memref<4xf32>, memref<2xf32, strided<[1]>>)
  %3 = func.call @branch(%c, %x) : (i1, memref<4xf32>) -> memref<4xf32>
  %4 = func.call @cast() : () -> memref<?xf32>
  return
}

// -----

// Functions whose calls are not all visible and direct, or that manage
// buffers by hand, keep their results: one whose address is taken, one
// called in an async.execute region, one that frees a buffer, one called
// from a function that frees a buffer, and one that nobody calls.

// CHECK-LABEL: func private @address_taken
//  CHECK-SAME: -> memref<4xf32>
// CHECK-LABEL: func private @called_async
//  CHECK-SAME: -> memref<4xf32>
// CHECK-LABEL: func private @frees
//  CHECK-SAME: -> memref<4xf32>
// CHECK-LABEL: func private @called_by_hand
//  CHECK-SAME: -> memref<4xf32>
// CHECK-LABEL: func private @uncalled
//  CHECK-SAME: -> memref<4xf32>
func.func private @address_taken() -> memref<4xf32> {
  %out = memref.alloc() : memref<4xf32>
  return %out : memref<4xf32>
}

func.func private @called_async() -> memref<4xf32> {
  %out = memref.alloc() : memref<4xf32>
  return %out : memref<4xf32>
}

func.func private @frees() -> memref<4xf32> {
  %t = memref.alloc() : memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  %out = memref.alloc() : memref<4xf32>
  return %out : memref<4xf32>
}

func.func private @called_by_hand() -> memref<4xf32> {
  %out = memref.alloc() : memref<4xf32>
  return %out : memref<4xf32>
}

func.func private @uncalled() -> memref<4xf32> {
  %out = memref.alloc() : memref<4xf32>
  return %out : memref<4xf32>
}

func.func @visible_callers() -> (() -> memref<4xf32>) {
  %0 = func.call @address_taken() : () -> memref<4xf32>
  %f = func.constant @address_taken : () -> memref<4xf32>
  %token = async.execute {
    %1 = func.call @called_async() : () -> memref<4xf32>
    async.yield
  }
  async.await %token : !async.token
  %2 = func.call @frees() : () -> memref<4xf32>
  return %f : () -> memref<4xf32>
}

func.func @by_hand() {
  %0 = func.call @called_by_hand() : () -> memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}

// -----

// A result that is an argument on some paths and a fresh buffer of the
// function on the others: the new argument replaces the buffer, and the
// paths that return an argument copy it into the new argument where they
// choose it, as the deallocation would clone it for the caller. Through
// nested `scf.if`s and `scf.index_switch`, with one copy per path. One
// buffer per path, allocated or cloned: each path writes the new argument,
// a clone by a copy where the clone was (which copies what it clones where
// it is made, under either ownership of private functions).

// CHECK-LABEL: func private @clamped
//  CHECK-SAME: (%[[X:[^:]*]]: memref<4xf32>, %[[C:[^:]*]]: i1, %[[OUT:[^:]*]]: memref<4xf32>) {
//       CHECK:   scf.if %[[C]]
//  CHECK-NEXT:     memref.copy %[[X]], %[[OUT]]
//  CHECK-NEXT:     scf.yield %[[OUT]]
//  CHECK-NEXT:   } else {
//   CHECK-NOT:     memref.alloc
//       CHECK:     memref.store %{{.*}}, %[[OUT]]
//  CHECK-NEXT:     scf.yield %[[OUT]]
//       CHECK:   return{{$}}
// CHECK-LABEL: func private @nested
//  CHECK-SAME: (%[[X:[^:]*]]: memref<4xf32>, %[[Y:[^:]*]]: memref<4xf32>, %{{[^:]*}}: i1, %{{[^:]*}}: index, %[[OUT:[^:]*]]: memref<4xf32>) {
//       CHECK:   scf.if
//  CHECK-NEXT:     memref.copy %[[Y]], %[[OUT]]
//       CHECK:   scf.index_switch
//       CHECK:   case 0 {
//  CHECK-NEXT:     memref.copy %[[X]], %[[OUT]]
//  CHECK-NEXT:     scf.yield %[[OUT]]
//       CHECK:   case 1 {
//   CHECK-NOT:     memref.copy
//       CHECK:     scf.yield %[[OUT]]
//       CHECK:   default {
//  CHECK-NEXT:     memref.copy %[[Y]], %[[OUT]]
//       CHECK:   return{{$}}
// CHECK-LABEL: func private @two_buffers
//  CHECK-SAME: (%{{[^:]*}}: i1, %[[OUT:[^:]*]]: memref<4xf32>) {
//   CHECK-NOT:   memref.alloc
//       CHECK:   linalg.fill ins(%{{.*}} : f32) outs(%[[OUT]] : memref<4xf32>)
//       CHECK:   } else {
//  CHECK-NEXT:     linalg.fill ins(%{{.*}} : f32) outs(%[[OUT]] : memref<4xf32>)
// CHECK-LABEL: func private @cloned
//  CHECK-SAME: (%[[X:[^:]*]]: memref<4xf32>, %{{[^:]*}}: i1, %[[OUT:[^:]*]]: memref<4xf32>) {
//       CHECK:   memref.copy %[[X]], %[[OUT]]
//   CHECK-NOT:   bufferization.clone
//   CHECK-NOT:   memref.alloc
//       CHECK:   return{{$}}
// CHECK-LABEL: func @callers
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//  CHECK-NEXT:   call @clamped(%{{.*}}, %{{.*}}, %[[A]])
//       CHECK:   %[[B:.*]] = memref.alloc() : memref<4xf32>
//  CHECK-NEXT:   call @nested(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[B]])
//       CHECK:   memref.load %[[A]]
//       CHECK:   memref.load %[[B]]
// REMARK: remark: [Passed] ResultsToOutParams | Category:fresh-buffer-results-to-out-params | Remark="@clamped: 1 fresh result(s) allocated by the caller, 1 returned argument(s) copied into them"
// REMARK: remark: [Passed] ResultsToOutParams | Category:fresh-buffer-results-to-out-params | Remark="@nested: 1 fresh result(s) allocated by the caller, 3 returned argument(s) copied into them"
// Under private-function-dynamic-ownership the deallocation returns the
// argument of a private function without a clone, so the copy would change
// what a caller sees: private functions keep such results, and the others
// still convert.

// DYNAMIC-LABEL: func private @clamped
//  DYNAMIC-SAME: -> memref<4xf32>
// DYNAMIC-LABEL: func private @nested
//  DYNAMIC-SAME: -> memref<4xf32>
// DYNAMIC-LABEL: func private @two_buffers
//  DYNAMIC-SAME: memref<4xf32>) {
// DYNAMIC-LABEL: func private @cloned
//  DYNAMIC-SAME: (%[[X:[^:]*]]: memref<4xf32>, %{{[^:]*}}: i1, %[[OUT:[^:]*]]: memref<4xf32>) {
//  DYNAMIC-NEXT:   scf.if
//  DYNAMIC-NEXT:     memref.copy %[[X]], %[[OUT]]
//  DYNAMIC-NEXT:     scf.yield %[[OUT]]
// DYNAMIC-LABEL: func @public_clamped
//  DYNAMIC-SAME: -> memref<4xf32>
//       DYNAMIC:   memref.alloc
//       DYNAMIC:   call @public_clamped_impl
// DYNAMIC-LABEL: func private @public_clamped_impl
//  DYNAMIC-SAME: %{{[^:]*}}: memref<4xf32>) {
//       DYNAMIC:   memref.copy
func.func private @clamped(%x: memref<4xf32>, %c: i1) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> memref<4xf32> {
    scf.yield %x : memref<4xf32>
  } else {
    %out = memref.alloc() : memref<4xf32>
    %v = memref.load %x[%c0] : memref<4xf32>
    memref.store %v, %out[%c0] : memref<4xf32>
    scf.yield %out : memref<4xf32>
  }
  return %r : memref<4xf32>
}

func.func private @nested(%x: memref<4xf32>, %y: memref<4xf32>, %c: i1,
                          %k: index) -> memref<4xf32> {
  %r = scf.if %c -> memref<4xf32> {
    scf.yield %y : memref<4xf32>
  } else {
    %s = scf.index_switch %k -> memref<4xf32>
    case 0 {
      scf.yield %x : memref<4xf32>
    }
    case 1 {
      %out = memref.alloc() : memref<4xf32>
      scf.yield %out : memref<4xf32>
    }
    default {
      scf.yield %y : memref<4xf32>
    }
    scf.yield %s : memref<4xf32>
  }
  return %r : memref<4xf32>
}

func.func private @two_buffers(%c: i1) -> memref<4xf32> {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %r = scf.if %c -> memref<4xf32> {
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
    scf.yield %a : memref<4xf32>
  } else {
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%two : f32) outs(%b : memref<4xf32>)
    scf.yield %b : memref<4xf32>
  }
  return %r : memref<4xf32>
}

func.func private @cloned(%x: memref<4xf32>, %c: i1) -> memref<4xf32> {
  %r = scf.if %c -> memref<4xf32> {
    %copy = bufferization.clone %x : memref<4xf32> to memref<4xf32>
    scf.yield %copy : memref<4xf32>
  } else {
    %out = memref.alloc() : memref<4xf32>
    scf.yield %out : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// A public function keeps its signature and clones for callers outside
// the module whatever the ownership of private functions; its body moves to
// a private function that the module's calls call.
func.func @public_clamped(%x: memref<4xf32>, %c: i1) -> memref<4xf32> {
  %r = scf.if %c -> memref<4xf32> {
    scf.yield %x : memref<4xf32>
  } else {
    %out = memref.alloc() : memref<4xf32>
    scf.yield %out : memref<4xf32>
  }
  return %r : memref<4xf32>
}

func.func @callers(%x: memref<4xf32>, %y: memref<4xf32>, %c: i1, %k: index)
    -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %0 = func.call @clamped(%x, %c) : (memref<4xf32>, i1) -> memref<4xf32>
  %1 = func.call @nested(%x, %y, %c, %k)
      : (memref<4xf32>, memref<4xf32>, i1, index) -> memref<4xf32>
  %p = func.call @public_clamped(%x, %c) : (memref<4xf32>, i1) -> memref<4xf32>
  %t = func.call @two_buffers(%c) : (i1) -> memref<4xf32>
  %u = func.call @cloned(%x, %c) : (memref<4xf32>, i1) -> memref<4xf32>
  %2 = memref.load %0[%c0] : memref<4xf32>
  %3 = memref.load %1[%c0] : memref<4xf32>
  return %2, %3 : f32, f32
}

// -----

// Results that may be an argument stay results where the copy could change
// what the program computes or the peak: the function writes to the
// argument after choosing it, the buffer is live on the path that copies
// (the copy would overwrite it), the result comes out of a loop, the
// function allocates another buffer before the copy, a buffer is yielded on
// a path that it does not belong to (a path that allocates another one
// after it holds it too), or an op of unknown effects follows.

// CHECK-LABEL: func private @written_after
//  CHECK-SAME: -> memref<4xf32>
// CHECK-LABEL: func private @live_on_copy_path
//  CHECK-SAME: -> (memref<4xf32>, f32)
// CHECK-LABEL: func private @in_loop
//  CHECK-SAME: -> memref<4xf32>
// CHECK-LABEL: func private @after_temporary
//  CHECK-SAME: -> memref<4xf32>
// CHECK-LABEL: func private @temporary_in_branch
//  CHECK-SAME: -> memref<4xf32>
// CHECK-LABEL: func private @outer_buffer
//  CHECK-SAME: -> memref<4xf32>
// CHECK-LABEL: func private @unknown_after
//  CHECK-SAME: -> memref<4xf32>
// CHECK-LABEL: func @more_callers
//   CHECK-NOT:   memref.alloc
//       CHECK:   return
func.func private @written_after(%x: memref<4xf32>, %c: i1) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %r = scf.if %c -> memref<4xf32> {
    scf.yield %x : memref<4xf32>
  } else {
    %out = memref.alloc() : memref<4xf32>
    scf.yield %out : memref<4xf32>
  }
  memref.store %f, %r[%c0] : memref<4xf32>
  return %r : memref<4xf32>
}

func.func private @live_on_copy_path(%x: memref<4xf32>, %c: i1)
    -> (memref<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %out = memref.alloc() : memref<4xf32>
  %r = scf.if %c -> memref<4xf32> {
    scf.yield %x : memref<4xf32>
  } else {
    scf.yield %out : memref<4xf32>
  }
  %v = memref.load %out[%c0] : memref<4xf32>
  return %r, %v : memref<4xf32>, f32
}

func.func private @in_loop(%x: memref<4xf32>, %c: i1, %n: index)
    -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.if %c -> memref<4xf32> {
    scf.yield %x : memref<4xf32>
  } else {
    %l = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> memref<4xf32> {
      %out = memref.alloc() : memref<4xf32>
      scf.yield %out : memref<4xf32>
    }
    scf.yield %l : memref<4xf32>
  }
  return %r : memref<4xf32>
}

func.func private @after_temporary(%x: memref<4xf32>, %c: i1)
    -> memref<4xf32> {
  %t = memref.alloc() : memref<4xf32>
  memref.copy %x, %t : memref<4xf32> to memref<4xf32>
  %r = scf.if %c -> memref<4xf32> {
    scf.yield %x : memref<4xf32>
  } else {
    %out = memref.alloc() : memref<4xf32>
    scf.yield %out : memref<4xf32>
  }
  return %r : memref<4xf32>
}

func.func private @temporary_in_branch(%x: memref<4xf32>, %c: i1)
    -> memref<4xf32> {
  %r = scf.if %c -> memref<4xf32> {
    %t = memref.alloc() : memref<4xf32>
    memref.copy %x, %t : memref<4xf32> to memref<4xf32>
    scf.yield %x : memref<4xf32>
  } else {
    %out = memref.alloc() : memref<4xf32>
    scf.yield %out : memref<4xf32>
  }
  return %r : memref<4xf32>
}

func.func private @outer_buffer(%x: memref<4xf32>, %c: i1, %d: i1)
    -> memref<4xf32> {
  %r = scf.if %c -> memref<4xf32> {
    %outer = memref.alloc() : memref<4xf32>
    %s = scf.if %d -> memref<4xf32> {
      scf.yield %outer : memref<4xf32>
    } else {
      %inner = memref.alloc() : memref<4xf32>
      memref.copy %outer, %inner : memref<4xf32> to memref<4xf32>
      scf.yield %inner : memref<4xf32>
    }
    scf.yield %s : memref<4xf32>
  } else {
    scf.yield %x : memref<4xf32>
  }
  return %r : memref<4xf32>
}

func.func private @unknown_after(%x: memref<4xf32>, %c: i1) -> memref<4xf32> {
  %r = scf.if %c -> memref<4xf32> {
    scf.yield %x : memref<4xf32>
  } else {
    %out = memref.alloc() : memref<4xf32>
    scf.yield %out : memref<4xf32>
  }
  "test.unknown"() : () -> ()
  return %r : memref<4xf32>
}

func.func @more_callers(%x: memref<4xf32>, %c: i1, %n: index) {
  %0 = func.call @written_after(%x, %c) : (memref<4xf32>, i1) -> memref<4xf32>
  %1:2 = func.call @live_on_copy_path(%x, %c)
      : (memref<4xf32>, i1) -> (memref<4xf32>, f32)
  %2 = func.call @in_loop(%x, %c, %n)
      : (memref<4xf32>, i1, index) -> memref<4xf32>
  %3 = func.call @after_temporary(%x, %c) : (memref<4xf32>, i1) -> memref<4xf32>
  %4 = func.call @temporary_in_branch(%x, %c)
      : (memref<4xf32>, i1) -> memref<4xf32>
  %5 = func.call @outer_buffer(%x, %c, %c)
      : (memref<4xf32>, i1, i1) -> memref<4xf32>
  %6 = func.call @unknown_after(%x, %c) : (memref<4xf32>, i1) -> memref<4xf32>
  return
}
