// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked \
// RUN:   | FileCheck %s --check-prefixes=CHECK,PIPELINE
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{stock-dealloc-simplification=true stack-promotion-max-bytes=0})" \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,PIPELINE
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{lift-unstructured-control-flow=false bound-dynamic-allocations=false no-alias-function-results=false simplify-loop-ownership=false lower-deallocations-to-scf=false double-buffer-loops=false hoist-alloc-dealloc-pairs=false free-at-last-use=false elide-copies=false reuse-dying-inputs=false reuse-freed-buffers=false stack-promotion-max-bytes=0})" \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,SIMPLIFY

// simplify-buffer-deallocations splits the deallocation at the end of @chain
// into one op per temporary that nothing else may be, and keeps the
// temporary an `scf.if` may yield together with the if's result. A wrong
// split frees that temporary twice; a wrong grouping leaks. The program runs
// with the whole pipeline, with upstream's simplification in its place (the
// same figures), and with the simplification as the only stage of the
// series.
// RUN: mlir-opt %s -pass-pipeline='builtin.module(buffer-deallocation-pipeline{stack-promotion-max-bytes=0})' \
// RUN:   -mlir-print-ir-after=simplify-buffer-deallocations -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SPLIT
// SPLIT-LABEL: func.func @chain
// SPLIT-COUNT-4: bufferization.dealloc (%{{[a-z_0-9]+}} : memref<8xf32>) if (%true)
// SPLIT-NEXT:    bufferization.dealloc (%{{[a-z_0-9]+}}, %base_buffer : memref<8xf32>, memref<f32>) if (%true, %{{.*}})
// SPLIT-NEXT:    return

func.func private @printMemrefF32(memref<*xf32>)

// Adds `c` to every element of `src` into `dst`.
func.func private @add(%src: memref<8xf32>, %dst: memref<8xf32>, %c: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %src[%i] : memref<8xf32>
    %w = arith.addf %v, %c : f32
    memref.store %w, %dst[%i] : memref<8xf32>
  }
  return
}

// Five temporaries in a chain, a view of one, and an `scf.if` that yields
// one of them or a fresh buffer. The deallocation frees them all with one op
// at the end of the function; the simplification gives each temporary the
// `scf.if` cannot yield its own op, and keeps the one it may yield together
// with its result, to be told apart at run time.
func.func @chain(%x: memref<8xf32>, %flag: i1) -> memref<8xf32> {
  %one = arith.constant 1.0 : f32
  %t0 = memref.alloc() : memref<8xf32>
  func.call @add(%x, %t0, %one) : (memref<8xf32>, memref<8xf32>, f32) -> ()
  %t1 = memref.alloc() : memref<8xf32>
  func.call @add(%t0, %t1, %one) : (memref<8xf32>, memref<8xf32>, f32) -> ()
  %t2 = memref.alloc() : memref<8xf32>
  func.call @add(%t1, %t2, %one) : (memref<8xf32>, memref<8xf32>, f32) -> ()
  %t3 = memref.alloc() : memref<8xf32>
  func.call @add(%t2, %t3, %one) : (memref<8xf32>, memref<8xf32>, f32) -> ()
  %t4 = memref.alloc() : memref<8xf32>
  func.call @add(%t3, %t4, %one) : (memref<8xf32>, memref<8xf32>, f32) -> ()
  %p = scf.if %flag -> memref<8xf32> {
    scf.yield %t3 : memref<8xf32>
  } else {
    %n = memref.alloc() : memref<8xf32>
    func.call @add(%t4, %n, %one) : (memref<8xf32>, memref<8xf32>, f32) -> ()
    scf.yield %n : memref<8xf32>
  }
  %v = memref.subview %t2[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  %c0 = arith.constant 0 : index
  %e = memref.load %v[%c0] : memref<4xf32, strided<[1], offset: 4>>
  %r = memref.alloc() : memref<8xf32>
  func.call @add(%p, %r, %e) : (memref<8xf32>, memref<8xf32>, f32) -> ()
  return %r : memref<8xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %true = arith.constant true
  %false = arith.constant false
  %x = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    memref.store %fi, %x[%i] : memref<8xf32>
  }
  %a = func.call @chain(%x, %true) : (memref<8xf32>, i1) -> memref<8xf32>
  %b = func.call @chain(%a, %false) : (memref<8xf32>, i1) -> memref<8xf32>
  %pa = memref.cast %a : memref<8xf32> to memref<*xf32>
  func.call @printMemrefF32(%pa) : (memref<*xf32>) -> ()
  %pb = memref.cast %b : memref<8xf32> to memref<*xf32>
  func.call @printMemrefF32(%pb) : (memref<*xf32>) -> ()
  // x = [0..7]. With the flag, the if yields t3 = x + 4 and the view reads
  // t2[4] = 7: x + 11. Without it, the if yields t4 + 1 = a + 6 and the view
  // reads a[4] + 3 = 18: a + 24 = x + 35.
  // CHECK:      data =
  // CHECK-NEXT: [11,  12,  13,  14,  15,  16,  17,  18]
  // CHECK:      data =
  // CHECK-NEXT: [35,  36,  37,  38,  39,  40,  41,  42]

  // x, then per call three buffers of 32 bytes for the five temporaries and
  // the result (the lifetime passes recycle them), and the if's fresh buffer
  // in the second call. The else branch takes over t3, which the then branch
  // yields, and frees it before it allocates: at the peak, four buffers, x
  // and three of the first call, or a and three of the second.
  // PIPELINE: alloc-tracker: mallocs=8 frees=8 peak_bytes=128 total_bytes=256 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // Without the lifetime passes: x; six buffers in the first call and seven
  // in the second; five metadata buffers of dealloc_helper for the op that
  // keeps t3 with the if's result in each call, and for @main's free of the
  // two call results, which may be the same buffer. At the peak, x, a and
  // the seven buffers of the second call are live; the helper's metadata
  // comes after the split-off temporaries are freed.
  // SIMPLIFY: alloc-tracker: mallocs=29 frees=29 peak_bytes=288 total_bytes=518 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
