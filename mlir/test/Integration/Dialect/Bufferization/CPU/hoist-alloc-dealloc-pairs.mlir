// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,HOIST
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{hoist-alloc-dealloc-pairs=false stack-promotion-max-bytes=0})" \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,NOHOIST

// Temporaries allocated and freed in every iteration of sequential loops
// (hoisted: one buffer each) and of a parallel loop (not hoisted). Every
// iteration fills its temporary from scratch and reads it back, so a buffer
// shared by mistake between concurrent iterations, or one freed too early,
// changes the sums.

func.func private @printMemrefF32(memref<*xf32>)

// out[0] = sum over 1000 iterations i of sum_j (i + j), j < 4.
func.func @for_loop(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c1000 = arith.constant 1000 : index
  scf.for %i = %c0 to %c1000 step %c1 {
    %t = memref.alloc() : memref<4xf32>
    scf.for %j = %c0 to %c4 step %c1 {
      %ij = arith.addi %i, %j : index
      %v = arith.index_cast %ij : index to i32
      %f = arith.sitofp %v : i32 to f32
      memref.store %f, %t[%j] : memref<4xf32>
    }
    scf.for %j = %c0 to %c4 step %c1 {
      %f = memref.load %t[%j] : memref<4xf32>
      %acc = memref.load %out[%c0] : memref<4xf32>
      %s = arith.addf %acc, %f : f32
      memref.store %s, %out[%c0] : memref<4xf32>
    }
  }
  return
}

// out[1] = 10 * 10 iterations of a nested loop, each adding 1 through a
// temporary; out[2] = 7 iterations of a while loop whose both regions use a
// temporary.
func.func @nested_and_while(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c10 step %c1 {
    scf.for %j = %c0 to %c10 step %c1 {
      %t = memref.alloc() : memref<1xf32>
      memref.store %one, %t[%c0] : memref<1xf32>
      %f = memref.load %t[%c0] : memref<1xf32>
      %acc = memref.load %out[%c1] : memref<4xf32>
      %s = arith.addf %acc, %f : f32
      memref.store %s, %out[%c1] : memref<4xf32>
    }
  }
  %r = scf.while (%i = %c0) : (index) -> index {
    %t = memref.alloc() : memref<2xindex>
    memref.store %i, %t[%c0] : memref<2xindex>
    %k = memref.load %t[%c0] : memref<2xindex>
    %go = arith.cmpi slt, %k, %c7 : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %t = memref.alloc() : memref<1xf32>
    memref.store %one, %t[%c0] : memref<1xf32>
    %f = memref.load %t[%c0] : memref<1xf32>
    %acc = memref.load %out[%c2] : memref<4xf32>
    %s = arith.addf %acc, %f : f32
    memref.store %s, %out[%c2] : memref<4xf32>
    %next = arith.addi %i, %c1 : index
    scf.yield %next : index
  }
  return
}

// out[3] = sum over 8 parallel iterations i of 2 * i, each through its own
// temporary.
func.func @parallel_loop(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %partial = memref.alloc() : memref<8xf32>
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %t = memref.alloc() : memref<2xf32>
    %v = arith.index_cast %i : index to i32
    %f = arith.sitofp %v : i32 to f32
    memref.store %f, %t[%c0] : memref<2xf32>
    memref.store %f, %t[%c1] : memref<2xf32>
    %a = memref.load %t[%c0] : memref<2xf32>
    %b = memref.load %t[%c1] : memref<2xf32>
    %s = arith.addf %a, %b : f32
    memref.store %s, %partial[%i] : memref<8xf32>
    scf.reduce
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %p = memref.load %partial[%i] : memref<8xf32>
    %acc = memref.load %out[%c3] : memref<4xf32>
    %s = arith.addf %acc, %p : f32
    memref.store %s, %out[%c3] : memref<4xf32>
  }
  return
}

func.func @main() {
  %zero = arith.constant 0.0 : f32
  %out = memref.alloc() : memref<4xf32>
  linalg.fill ins(%zero : f32) outs(%out : memref<4xf32>)
  func.call @for_loop(%out) : (memref<4xf32>) -> ()
  func.call @nested_and_while(%out) : (memref<4xf32>) -> ()
  func.call @parallel_loop(%out) : (memref<4xf32>) -> ()
  %p = memref.cast %out : memref<4xf32> to memref<*xf32>
  func.call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  // sum_{i<1000} (4i + 6) = 4 * 499500 + 6000 = 2004000; 100; 7; 2 * 28 = 56.
  // CHECK: data =
  // CHECK-NEXT: [2.004e+06, 100, 7, 56]

  // Hoisted: %out, 1 buffer for @for_loop, 1 for the nested loops, 2 for the
  // while loop, plus @parallel_loop's %partial and its 8 per-iteration
  // temporaries, which stay: 14 buffers. The buffer of the nested loops is
  // freed right after them, and the hoisted buffer of the while loop's
  // "after" region, of the same type, takes it over (reuse-freed-buffers):
  // 13 mallocs.
  // HOIST: alloc-tracker: mallocs=13 frees=13
  // HOIST-SAME: leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // Not hoisted: 1 + 1000 + 100 + (8 + 7) + 1 + 8 = 1125 mallocs.
  // NOHOIST: alloc-tracker: mallocs=1125 frees=1125
  // NOHOIST-SAME: leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
