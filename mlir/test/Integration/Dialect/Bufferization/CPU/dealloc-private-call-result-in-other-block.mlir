// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 \
// RUN:   | %lower-and-run-tracked | FileCheck %s
// RUN: mlir-opt %s -buffer-deallocation-pipeline="private-function-dynamic-ownership stack-promotion-max-bytes=0" \
// RUN:   | %lower-and-run-tracked | FileCheck %s
// RUN: mlir-opt %s -buffer-deallocation-pipeline="private-function-dynamic-ownership stack-promotion-max-bytes=0" \
// RUN:   | FileCheck %s --check-prefix=IR

// Results of a call to a private function used in the blocks after a
// branch, as a front end emits `y, s = scaled(x, k); if s > 100: ... y ...
// else: ... s ...`. Under private-function-dynamic-ownership the upstream
// deallocation replaces the call to add an ownership result for `y`, and
// crashed on both uses (prepare-buffer-deallocation now gives them a cast in
// the call's block). `y` must live until its last use in ^large and be freed
// on both paths.

// The call returns the ownership of `y`, which @step frees before the
// branch when ^small is taken, and in ^large after its last use.
// IR-LABEL: func.func @step
//       IR:   %[[R:.*]]:3 = call @scaled
//       IR:   %[[BIG:.*]] = arith.cmpf ogt, %[[R]]#1
//       IR:   %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#0
//       IR:   %[[LARGE:.*]] = arith.andi %[[R]]#2, %[[BIG]]
//       IR:   %[[NOT:.*]] = arith.xori %[[BIG]]
//       IR:   %[[SMALL:.*]] = arith.andi %[[R]]#2, %[[NOT]]
//       IR:   scf.if %[[SMALL]]
//  IR-NEXT:     memref.dealloc %[[BASE]]
//       IR:   cf.cond_br %[[BIG]], ^bb1, ^bb2
//       IR: ^bb1:
//  IR-NEXT:   call @total(%[[R]]#0)
//  IR-NEXT:   memref.load %[[R]]#0
//  IR-NEXT:   arith.addf
//  IR-NEXT:   scf.if %[[LARGE]]
//  IR-NEXT:     memref.dealloc %[[BASE]]
//       IR: ^bb2:
//  IR-NEXT:   arith.mulf %[[R]]#1

func.func private @printMemrefF32(memref<*xf32>)

// Returns k * x in a new buffer, and its sum.
func.func private @scaled(%x: memref<16xf32>, %k: f32) -> (memref<16xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %out = memref.alloc() : memref<16xf32>
  %s = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %x[%i] : memref<16xf32>
    %w = arith.mulf %v, %k : f32
    memref.store %w, %out[%i] : memref<16xf32>
    %a = arith.addf %acc, %w : f32
    scf.yield %a : f32
  }
  return %out, %s : memref<16xf32>, f32
}

// Returns the sum of x.
func.func private @total(%x: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %x[%i] : memref<16xf32>
    %a = arith.addf %acc, %v : f32
    scf.yield %a : f32
  }
  return %s : f32
}

// sum(k x) + k x[15] when sum(k x) > 100, else 2 sum(k x).
func.func @step(%x: memref<16xf32>, %k: f32) -> f32 {
  %c15 = arith.constant 15 : index
  %limit = arith.constant 100.0 : f32
  %two = arith.constant 2.0 : f32
  %y, %s = func.call @scaled(%x, %k) : (memref<16xf32>, f32) -> (memref<16xf32>, f32)
  %big = arith.cmpf ogt, %s, %limit : f32
  cf.cond_br %big, ^large, ^small
^large:
  %t = func.call @total(%y) : (memref<16xf32>) -> f32
  %v = memref.load %y[%c15] : memref<16xf32>
  %r = arith.addf %t, %v : f32
  cf.br ^done(%r : f32)
^small:
  %d = arith.mulf %s, %two : f32
  cf.br ^done(%d : f32)
^done(%res: f32):
  return %res : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %x = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    memref.store %fi, %x[%i] : memref<16xf32>
  }
  %out = memref.alloc() : memref<3xf32>
  %k0 = arith.constant 0.25 : f32
  %k1 = arith.constant 1.0 : f32
  %k2 = arith.constant 2.0 : f32
  %r0 = func.call @step(%x, %k0) : (memref<16xf32>, f32) -> f32
  %r1 = func.call @step(%x, %k1) : (memref<16xf32>, f32) -> f32
  %r2 = func.call @step(%x, %k2) : (memref<16xf32>, f32) -> f32
  memref.store %r0, %out[%c0] : memref<3xf32>
  memref.store %r1, %out[%c1] : memref<3xf32>
  memref.store %r2, %out[%c2] : memref<3xf32>
  %u = memref.cast %out : memref<3xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  // sum(x) = 120. k = 0.25: 30, small, 60. k = 1: 120 + 15 = 135.
  // k = 2: 240 + 30 = 270.
  // CHECK: data =
  // CHECK-NEXT: [60, 135, 270]

  // x (64 B), the printed buffer (12 B) and one 64-byte buffer per call of
  // @scaled, each freed before the next call: 5 mallocs, at most x, the
  // printed buffer and one result live at once.
  // CHECK: alloc-tracker: mallocs=5 frees=5 peak_bytes=140 total_bytes=268 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
