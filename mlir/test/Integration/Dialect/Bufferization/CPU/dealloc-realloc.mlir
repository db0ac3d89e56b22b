// RUN: mlir-opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s
// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefix=HEAP

// Reallocations as a front end emits a growable array: a callee grows the
// buffer it is passed to twice its size, in a loop whose iteration argument
// is the array; and a statically sized buffer shrinks, which upstream's
// expansion (`expand-realloc`) turns into IR that fails to verify.

// Writes `i` into `buf[i]` for `from <= i < to`.
func.func private @fill(%buf: memref<?xf64>, %from: index, %to: index) {
  %c1 = arith.constant 1 : index
  scf.for %i = %from to %to step %c1 {
    %ii = arith.index_cast %i : index to i64
    %v = arith.sitofp %ii : i64 to f64
    memref.store %v, %buf[%i] : memref<?xf64>
  }
  return
}

func.func private @grow(%buf: memref<?xf64>, %size: index) -> memref<?xf64> {
  %new = memref.realloc %buf(%size) : memref<?xf64> to memref<?xf64>
  return %new : memref<?xf64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f64
  %init = memref.alloc(%c2) : memref<?xf64>
  func.call @fill(%init, %c0, %c2) : (memref<?xf64>, index, index) -> ()
  // 2 -> 4 -> 8 -> 16 elements; the contents move with the buffer.
  %array = scf.for %k = %c0 to %c3 step %c1 iter_args(%buf = %init)
      -> memref<?xf64> {
    %size = memref.dim %buf, %c0 : memref<?xf64>
    %twice = arith.muli %size, %c2 : index
    %grown = func.call @grow(%buf, %twice)
        : (memref<?xf64>, index) -> memref<?xf64>
    func.call @fill(%grown, %size, %twice) : (memref<?xf64>, index, index) -> ()
    scf.yield %grown : memref<?xf64>
  }
  %n = memref.dim %array, %c0 : memref<?xf64>
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f64 {
    %v = memref.load %array[%i] : memref<?xf64>
    %next = arith.addf %acc, %v : f64
    scf.yield %next : f64
  }
  // 0 + 1 + ... + 15 = 120 over 16 elements.
  // CHECK: 16
  // CHECK-NEXT: 120
  vector.print %n : index
  vector.print %sum : f64

  // A static buffer of 8 elements shrinks to its first 4.
  %wide = memref.alloc() : memref<8xf64>
  %wideDyn = memref.cast %wide : memref<8xf64> to memref<?xf64>
  func.call @fill(%wideDyn, %c0, %c8) : (memref<?xf64>, index, index) -> ()
  %narrow = memref.realloc %wide : memref<8xf64> to memref<4xf64>
  %head = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f64 {
    %v = memref.load %narrow[%i] : memref<4xf64>
    %next = arith.addf %acc, %v : f64
    scf.yield %next : f64
  }
  // 0 + 1 + 2 + 3 = 6.
  // CHECK-NEXT: 6
  vector.print %head : f64
  return
}

// The array takes 16, 32, 64 and 128 bytes; each grown buffer is allocated
// while the one it grows from is alive. @grow copies its argument and never
// keeps it (its expanded `realloc` copies where it would return a view of
// the argument), so the loop takes the first buffer over and frees each old
// buffer right after @grow returns: the peak is 64 + 128. The 64-byte static
// buffer goes to the stack under the default pipeline; on the heap, it is
// allocated while only the last (128) array buffer is alive, which is 192
// bytes again.
// CHECK: alloc-tracker: mallocs=4 frees=4 peak_bytes=192 total_bytes=240 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
// HEAP: alloc-tracker: mallocs=5 frees=5 peak_bytes=192 total_bytes=304 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
