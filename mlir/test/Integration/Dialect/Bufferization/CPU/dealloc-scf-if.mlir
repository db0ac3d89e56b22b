// RUN: mlir-opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,STACK
// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,HEAP

// An `scf.if` that yields either a buffer defined outside of it or one it
// allocates (seed 000, "Loops and if"). The ownership indicator yielded next
// to the buffer decides whether it is freed after the `scf.if`.

func.func private @printMemrefF32(memref<*xf32>)

// Writes `base + i` into element `i`.
func.func @fill(%buf: memref<4xf32>, %base: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %base : f32
    memref.store %v, %buf[%i] : memref<4xf32>
  }
  return
}

func.func @outer_or_new(%cond: i1, %outer: memref<4xf32>, %out: memref<4xf32>) {
  %r = scf.if %cond -> memref<4xf32> {
    scf.yield %outer : memref<4xf32>
  } else {
    %new = memref.alloc() : memref<4xf32>
    %c100 = arith.constant 100.0 : f32
    func.call @fill(%new, %c100) : (memref<4xf32>, f32) -> ()
    scf.yield %new : memref<4xf32>
  }
  memref.copy %r, %out : memref<4xf32> to memref<4xf32>
  return
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %c1 = arith.constant 1.0 : f32
  %outer = memref.alloc() : memref<4xf32>
  func.call @fill(%outer, %c1) : (memref<4xf32>, f32) -> ()
  %out = memref.alloc() : memref<4xf32>
  %print = memref.cast %out : memref<4xf32> to memref<*xf32>

  func.call @outer_or_new(%true, %outer, %out) : (i1, memref<4xf32>, memref<4xf32>) -> ()
  func.call @printMemrefF32(%print) : (memref<*xf32>) -> ()
  // CHECK: data =
  // CHECK-NEXT: [1, 2, 3, 4]

  func.call @outer_or_new(%false, %outer, %out) : (i1, memref<4xf32>, memref<4xf32>) -> ()
  func.call @printMemrefF32(%print) : (memref<*xf32>) -> ()
  // CHECK: data =
  // CHECK-NEXT: [100, 101, 102, 103]

  // Freeing the yielded buffer is guarded by the ownership indicator alone,
  // no runtime alias check is needed: 2 buffers in @main, 1 in the second
  // call. That guarded free never runs while the yielded buffer is %outer,
  // so the calls release %outer, which dies in its block and goes on the
  // stack where promotion is on.
  // STACK: alloc-tracker: mallocs=2 frees=2 peak_bytes=32 total_bytes=32 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0 stack_frees=0
  // HEAP: alloc-tracker: mallocs=3 frees=3 peak_bytes=48 total_bytes=48 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0 stack_frees=0
  return
}
