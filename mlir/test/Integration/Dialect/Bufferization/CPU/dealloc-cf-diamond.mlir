// RUN: mlir-opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s

// A `cf.cond_br` diamond whose join block receives either a function argument
// or a buffer allocated on one path (seed 002, "condBranch"). The join block
// must free the buffer exactly when it came from the allocating path.

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

func.func @diamond(%cond: i1, %arg: memref<4xf32>, %out: memref<4xf32>) {
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg : memref<4xf32>)
^bb2:
  %alloc = memref.alloc() : memref<4xf32>
  %c10 = arith.constant 10.0 : f32
  func.call @fill(%alloc, %c10) : (memref<4xf32>, f32) -> ()
  cf.br ^bb3(%alloc : memref<4xf32>)
^bb3(%joined: memref<4xf32>):
  memref.copy %joined, %out : memref<4xf32> to memref<4xf32>
  return
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %c1 = arith.constant 1.0 : f32
  %arg = memref.alloc() : memref<4xf32>
  func.call @fill(%arg, %c1) : (memref<4xf32>, f32) -> ()
  %out = memref.alloc() : memref<4xf32>
  %print = memref.cast %out : memref<4xf32> to memref<*xf32>

  // The argument path: nothing to free in @diamond.
  func.call @diamond(%true, %arg, %out) : (i1, memref<4xf32>, memref<4xf32>) -> ()
  func.call @printMemrefF32(%print) : (memref<*xf32>) -> ()
  // CHECK: data =
  // CHECK-NEXT: [1, 2, 3, 4]

  // The allocating path: @diamond frees its buffer.
  func.call @diamond(%false, %arg, %out) : (i1, memref<4xf32>, memref<4xf32>) -> ()
  func.call @printMemrefF32(%print) : (memref<*xf32>) -> ()
  // CHECK: data =
  // CHECK-NEXT: [10, 11, 12, 13]

  // %arg and %out in @main plus one buffer in the second call, all live at
  // once: 3 x 16 bytes.
  // CHECK: alloc-tracker: mallocs=3 frees=3 peak_bytes=48 total_bytes=48 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
