// RUN: mlir-opt %s --lower-deallocations-to-scf --bufferization-lower-deallocations \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefix=INLINE
// RUN: mlir-opt %s --bufferization-lower-deallocations \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefix=HELPER
// With every check over the limit, lower-rest-with-helper takes the helper
// path itself: the same figures as upstream's pass.
// RUN: mlir-opt %s --lower-deallocations-to-scf="max-alias-checks=0 lower-rest-with-helper=true" \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefix=HELPER

// `bufferization.dealloc` of two memrefs whose aliasing and ownership are
// only known at run time, lowered with the inline alias checks of
// lower-deallocations-to-scf and with upstream's `dealloc_helper`.

func.func @free_both(%a: memref<4xf32>, %b: memref<4xf32>, %ca: i1, %cb: i1) {
  bufferization.dealloc (%a, %b : memref<4xf32>, memref<4xf32>) if (%ca, %cb)
  return
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  // Two buffers, both owned: both freed.
  %x = memref.alloc() : memref<4xf32>
  %y = memref.alloc() : memref<4xf32>
  func.call @free_both(%x, %y, %true, %true) : (memref<4xf32>, memref<4xf32>, i1, i1) -> ()
  // One buffer under two owned names: freed once.
  %z = memref.alloc() : memref<4xf32>
  func.call @free_both(%z, %z, %true, %true) : (memref<4xf32>, memref<4xf32>, i1, i1) -> ()
  // One buffer, only the first name owned: freed once.
  %v = memref.alloc() : memref<4xf32>
  func.call @free_both(%v, %v, %true, %false) : (memref<4xf32>, memref<4xf32>, i1, i1) -> ()
  // One buffer, only the second name owned: the inline lowering frees it
  // through the owned name; the helper skips every memref that aliases an
  // earlier one, owned or not, and leaks it.
  %w = memref.alloc() : memref<4xf32>
  func.call @free_both(%w, %w, %false, %true) : (memref<4xf32>, memref<4xf32>, i1, i1) -> ()
  return
}

// INLINE: alloc-tracker: mallocs=5 frees=5 peak_bytes=32 total_bytes=80 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
// HELPER: alloc-tracker: mallocs=25 frees=24 {{.*}} leaks=1 leaked_bytes=16 bad_frees=0 double_frees=0 null_frees=0
