// RUN: mlir-opt %s -buffer-deallocation-pipeline=manual-deallocation \
// RUN:   | %lower-and-run-tracked | FileCheck %s

// Input that frees two loop buffers of bounded dynamic size by hand, each
// through a select of both, which mark-manual-deallocations follows but
// bound-dynamic-allocations does not. The buffers are managed by hand:
// allocated at their sizes and freed once, by the input's frees.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c10 = arith.constant 10 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  scf.for %i = %c0 to %c10 step %c1 {
    %r = arith.remui %i, %c64 : index
    %size = arith.addi %r, %c8 : index
    %m = memref.alloc(%size) : memref<?xf32>
    %n = memref.alloc(%size) : memref<?xf32>
    memref.store %one, %m[%c0] : memref<?xf32>
    memref.store %two, %n[%c0] : memref<?xf32>
    %p = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %p, %c0 : index
    %s = arith.select %even, %m, %n : memref<?xf32>
    %o = arith.select %even, %n, %m : memref<?xf32>
    %x = memref.load %s[%c0] : memref<?xf32>
    vector.print %x : f32
    memref.dealloc %s : memref<?xf32>
    memref.dealloc %o : memref<?xf32>
  }
  // CHECK-COUNT-5: {{^}}1{{$}}
  // CHECK-NOT: {{^}}1{{$}}
  // Two buffers of 8 + i floats per iteration i, i = 0 .. 9: 2 x 125 x 4
  // bytes in all, the last two live together at the peak.
  // CHECK: alloc-tracker: mallocs=20 frees=20 peak_bytes=136 total_bytes=1000 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
