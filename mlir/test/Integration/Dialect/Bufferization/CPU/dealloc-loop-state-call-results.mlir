// RUN: mlir-opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s
// RUN: mlir-opt %s -buffer-deallocation-pipeline | FileCheck %s --check-prefix=IR

// A loop whose state a front end replaces with the results of calls in
// every iteration: `x = bump(double(x))`, where `@double` may return its
// argument. The calls follow the no-alias function boundary ABI (`@double`
// returns a copy where it would return its argument), so each result is a
// buffer created while the state, an argument of the loop's block, is
// alive: the loop frees the state without comparing its address with the
// new state's.

func.func private @printMemrefF32(memref<*xf32>)

// Returns 2 * x, or `x` itself when x[0] is at least 1000.
func.func private @double(%x: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %two = arith.constant 2.0 : f32
  %limit = arith.constant 1000.0 : f32
  %first = memref.load %x[%c0] : memref<4xf32>
  %big = arith.cmpf oge, %first, %limit : f32
  %r = scf.if %big -> memref<4xf32> {
    scf.yield %x : memref<4xf32>
  } else {
    %out = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %v = memref.load %x[%i] : memref<4xf32>
      %w = arith.mulf %v, %two : f32
      memref.store %w, %out[%i] : memref<4xf32>
    }
    scf.yield %out : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// Returns x + 1.
func.func private @bump(%x: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %out = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %x[%i] : memref<4xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %out[%i] : memref<4xf32>
  }
  return %out : memref<4xf32>
}

// IR-LABEL: func.func @main
//       IR:   scf.for {{.*}} iter_args(
//       IR:     func.call @double
//       IR:     func.call @bump
//   IR-NOT:     memref.extract_aligned_pointer_as_index
//       IR:     scf.yield
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  %x = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    memref.store %fi, %x[%i] : memref<4xf32>
  }
  %y = scf.for %t = %c0 to %c12 step %c1 iter_args(%cur = %x) -> memref<4xf32> {
    %d = func.call @double(%cur) : (memref<4xf32>) -> memref<4xf32>
    %b = func.call @bump(%d) : (memref<4xf32>) -> memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  %p = memref.cast %y : memref<4xf32> to memref<*xf32>
  func.call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  // x[i] starts at i; x = 2x + 1 while x[0] < 1000 (x[0] = 2^k - 1 after k
  // steps, 1023 after 10), then x = x + 1 for the last 2 steps.
  // CHECK: data =
  // CHECK-NEXT: [1025, 2049, 3073, 4097]

  // 1 buffer for x, and 2 per step: @double's result (from the 11th step a
  // copy of its argument) and @bump's. @double never keeps its argument
  // (where it would return it, it returns a copy), so the loop takes x over
  // and frees each state right after @double returns, and @double's result
  // right after @bump returns: at most two buffers are live at once.
  // CHECK: alloc-tracker: mallocs=25 frees=25 peak_bytes=32 total_bytes=400 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
