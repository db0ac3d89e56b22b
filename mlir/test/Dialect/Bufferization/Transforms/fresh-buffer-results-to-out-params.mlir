// RUN: mlir-opt %s -fresh-buffer-results-to-out-params -split-input-file | FileCheck %s
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
