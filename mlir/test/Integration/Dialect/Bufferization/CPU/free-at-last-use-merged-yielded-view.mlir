// RUN: mlir-opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,OURS
// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,MERGE

// A public function whose `scf.if` arm computes a temporary and, in a
// `cf.switch` inside an `scf.execute_region`, either a second one from it
// or the first one itself; the arm yields the chosen buffer, which the front
// end copies out with `bufferization.clone` before it allocates the next
// result. merge-alloc plans the two temporaries into one 64-byte buffer and
// the arm yields a view of it. The deallocation threaded the identity of
// that buffer out of the regions for a runtime alias check it then decided
// without one; the unused identities kept the free of the merged buffer
// after the next allocation, and merge-alloc held 64 bytes more at the peak
// (fuzzer's seed 357340). Now the buffer is freed right after the clone, as
// without merge-alloc.
//
// @step(x) with x = -2 everywhere: t = x + x = -4, and (-4) & 3 = 0 selects
// u = t + t = -8; the copy sums to 8 * -8 = -64, the second result (16
// sevens) to 112. main runs it 10 times: -640 and 1120.
//
// Heap peak: the two temporaries (or the merged 64-byte buffer) and the
// copy, 96 bytes; the copy and the 64-byte second result come after the
// temporaries are freed, and the input sits in main's frame. Before, the
// unused identity also took the address of the input out of @step, so the
// input stayed on the heap too: 192 bytes with merge-alloc. merge-alloc
// saves a malloc per call (3 instead of 4).

// CHECK: -640
// CHECK-NEXT: 1120
// OURS-NEXT: alloc-tracker: mallocs=40 frees=40 peak_bytes=96 {{.*}} leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0
// MERGE-NEXT: alloc-tracker: mallocs=30 frees=30 peak_bytes=96 {{.*}} leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0

func.func @step(%x: memref<8xi32>) -> (memref<8xi32>, memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %three = arith.constant 3 : i32
  %seven = arith.constant 7.0 : f32
  %v = memref.load %x[%c0] : memref<8xi32>
  %positive = arith.cmpi sgt, %v, %zero : i32
  %r = scf.if %positive -> (memref<8xi32>) {
    scf.yield %x : memref<8xi32>
  } else {
    %t = memref.alloc() : memref<8xi32>
    linalg.map { arith.addi } ins(%x, %x : memref<8xi32>, memref<8xi32>) outs(%t : memref<8xi32>)
    %s = scf.execute_region -> (memref<8xi32>) {
      %t0 = memref.load %t[%c0] : memref<8xi32>
      %low = arith.andi %t0, %three : i32
      cf.switch %low : i32, [default: ^same, 0: ^double]
    ^double:
      %u = memref.alloc() : memref<8xi32>
      linalg.map { arith.addi } ins(%t, %t : memref<8xi32>, memref<8xi32>) outs(%u : memref<8xi32>)
      cf.br ^done(%u : memref<8xi32>)
    ^same:
      cf.br ^done(%t : memref<8xi32>)
    ^done(%m: memref<8xi32>):
      scf.yield %m : memref<8xi32>
    }
    scf.yield %s : memref<8xi32>
  }
  %copy = bufferization.clone %r : memref<8xi32> to memref<8xi32>
  %out = memref.alloc() : memref<16xf32>
  linalg.fill ins(%seven : f32) outs(%out : memref<16xf32>)
  return %copy, %out : memref<8xi32>, memref<16xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  %c16 = arith.constant 16 : index
  %m2 = arith.constant -2 : i32
  %zi = arith.constant 0 : i32
  %zf = arith.constant 0.0 : f32
  %x = memref.alloc() : memref<8xi32>
  linalg.fill ins(%m2 : i32) outs(%x : memref<8xi32>)
  %sums:2 = scf.for %k = %c0 to %c10 step %c1 iter_args(%si = %zi, %sf = %zf) -> (i32, f32) {
    %a, %b = func.call @step(%x) : (memref<8xi32>) -> (memref<8xi32>, memref<16xf32>)
    %si1 = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %si) -> i32 {
      %e = memref.load %a[%i] : memref<8xi32>
      %n = arith.addi %acc, %e : i32
      scf.yield %n : i32
    }
    %sf1 = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %sf) -> f32 {
      %e = memref.load %b[%i] : memref<16xf32>
      %n = arith.addf %acc, %e : f32
      scf.yield %n : f32
    }
    scf.yield %si1, %sf1 : i32, f32
  }
  vector.print %sums#0 : i32
  vector.print %sums#1 : f32
  return
}
