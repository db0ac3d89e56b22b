// RUN: mlir-opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked \
// RUN:   | FileCheck %s --check-prefixes=CHECK,OURS
// RUN: %stock_mlir_opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked \
// RUN:   | FileCheck %s --check-prefixes=CHECK,STOCK

// A loop over buffers of a size known only at run time, computed before the
// loop: the init and the buffer of every iteration are allocated with the
// same size operand, so the buffer that an iteration frees can serve the
// allocation of the next one. The function returns the loop's result. A
// second loop allocates a buffer one element larger than its init in every
// iteration: there the freed buffer could be too small, and the loop keeps
// allocating.

func.func private @printMemrefF32(memref<*xf32>)

// next[j] = prev[j] * 2 over the first `size` elements.
func.func private @double(%prev: memref<?xf32>, %next: memref<?xf32>, %size: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  scf.for %j = %c0 to %size step %c1 {
    %v = memref.load %prev[%j] : memref<?xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %next[%j] : memref<?xf32>
  }
  return
}

func.func @ones(%size: index) -> memref<?xf32> {
  %one = arith.constant 1.0 : f32
  %m = memref.alloc(%size) : memref<?xf32>
  linalg.fill ins(%one : f32) outs(%m : memref<?xf32>)
  return %m : memref<?xf32>
}

func.func @same_size(%size: index, %steps: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %init = memref.alloc(%size) : memref<?xf32>
  linalg.fill ins(%one : f32) outs(%init : memref<?xf32>)
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%prev = %init) -> memref<?xf32> {
    %next = memref.alloc(%size) : memref<?xf32>
    func.call @double(%prev, %next, %size) : (memref<?xf32>, memref<?xf32>, index) -> ()
    scf.yield %next : memref<?xf32>
  }
  return %r : memref<?xf32>
}

func.func @growing(%size: index, %steps: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %init = memref.alloc(%size) : memref<?xf32>
  linalg.fill ins(%one : f32) outs(%init : memref<?xf32>)
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%prev = %init) -> memref<?xf32> {
    %cur = arith.addi %size, %i : index
    %more = arith.addi %cur, %c1 : index
    %next = memref.alloc(%more) : memref<?xf32>
    func.call @double(%prev, %next, %cur) : (memref<?xf32>, memref<?xf32>, index) -> ()
    memref.store %one, %next[%cur] : memref<?xf32>
    scf.yield %next : memref<?xf32>
  }
  return %r : memref<?xf32>
}

func.func @main() {
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %c100 = arith.constant 100 : index
  %a = func.call @same_size(%c4, %c10) : (index, index) -> memref<?xf32>
  %pa = memref.cast %a : memref<?xf32> to memref<*xf32>
  func.call @printMemrefF32(%pa) : (memref<*xf32>) -> ()
  // CHECK: data =
  // CHECK-NEXT: [1024, 1024, 1024, 1024]
  %b = func.call @same_size(%c4, %c100) : (index, index) -> memref<?xf32>
  %b0 = memref.subview %b[0] [2] [1] : memref<?xf32> to memref<2xf32, strided<[1]>>
  %pb = memref.cast %b0 : memref<2xf32, strided<[1]>> to memref<*xf32>
  func.call @printMemrefF32(%pb) : (memref<*xf32>) -> ()
  // 2^100.
  // CHECK: data =
  // CHECK-NEXT: [1.26765e+30, 1.26765e+30]
  %c = func.call @growing(%c4, %c4) : (index, index) -> memref<?xf32>
  %pc = memref.cast %c : memref<?xf32> to memref<*xf32>
  func.call @printMemrefF32(%pc) : (memref<*xf32>) -> ()
  // CHECK: data =
  // CHECK-NEXT: [16, 16, 16, 16, 8, 4, 2, 1]
  // Ours: same_size allocates its init and one spare per call (2 x 2),
  // growing its init and one buffer per iteration (1 + 4). Peak while
  // growing frees its fourth buffer (7 floats) after filling the fifth
  // (8 floats), with the results of the same_size calls (2 x 4 floats)
  // live: (4 + 4 + 7 + 8) x 4 bytes. In all 2 x 2 x 4 + (4 + 5 + 6 + 7 + 8)
  // floats.
  // OURS: alloc-tracker: mallocs=9 frees=9 peak_bytes=92 total_bytes=184 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // Stock: one buffer per iteration and a clone of each returned result,
  // which the callee's loop does not own (1 + 10 + 1, 1 + 100 + 1 and
  // 1 + 4 + 1), plus the metadata arrays that the lowering of its
  // deallocs through `dealloc_helper` allocates at run time.
  // STOCK: alloc-tracker: mallocs=137 frees=137 {{.*}} leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
