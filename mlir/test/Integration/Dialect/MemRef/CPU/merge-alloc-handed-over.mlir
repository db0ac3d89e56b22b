// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked \
// RUN:   | FileCheck %s --check-prefixes=CHECK,DEFAULT
// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc stack-promotion-max-bytes=0" | %lower-and-run-tracked \
// RUN:   | FileCheck %s --check-prefixes=CHECK,MERGED

// `x = c ? f(x) : x`, as an scf.if (@step) and as a cf diamond, which
// merge-alloc lifts to one (@step_cf, the fuzzer's seed 43554). The branch
// that computes f(x) frees x first: the deallocation of the diamond does,
// and simplify-loop-ownership hands x over to the regions of the scf.if,
// where free-buffers-at-last-use moves the free to the region's start.
// Before, the scf.if freed x only after the op, over what the branch
// allocates, and merge-alloc planned x next to the branch's buffers.

func.func @step(%c: i1, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%x : memref<8xf32>)
  %r = scf.if %c -> memref<8xf32> {
    %t = memref.alloc() : memref<8xf32>
    linalg.fill ins(%one : f32) outs(%t : memref<8xf32>)
    %a = memref.alloc() : memref<8xf32>
    linalg.map { arith.addf } ins(%t, %t : memref<8xf32>, memref<8xf32>)
        outs(%a : memref<8xf32>)
    %q = memref.load %t[%c0] : memref<8xf32>
    %u = memref.load %a[%c0] : memref<8xf32>
    %s = arith.addf %q, %u : f32
    memref.store %s, %a[%c0] : memref<8xf32>
    scf.yield %a : memref<8xf32>
  } else {
    %e = memref.alloc() : memref<8xf32>
    linalg.map { arith.addf } ins(%x, %x : memref<8xf32>, memref<8xf32>)
        outs(%e : memref<8xf32>)
    %w = memref.load %e[%c0] : memref<8xf32>
    %w3 = arith.addf %w, %one : f32
    memref.store %w3, %x[%c0] : memref<8xf32>
    scf.yield %x : memref<8xf32>
  }
  %v = memref.load %r[%c0] : memref<8xf32>
  memref.store %v, %out[] : memref<f32>
  return
}

func.func @step_cf(%out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %eight = arith.constant 8.0 : f32
  %five = arith.constant 5.0 : f32
  %zero = arith.constant 0.0 : f32
  %x = memref.alloc() : memref<8xf32>
  linalg.fill ins(%eight : f32) outs(%x : memref<8xf32>)
  %v = memref.load %x[%c0] : memref<8xf32>
  %c = arith.cmpf ogt, %v, %zero : f32
  cf.cond_br %c, ^compute, ^keep
^compute:
  %y = memref.alloc() : memref<8xf32>
  linalg.fill ins(%five : f32) outs(%y : memref<8xf32>)
  cf.br ^join(%y : memref<8xf32>)
^keep:
  cf.br ^join(%x : memref<8xf32>)
^join(%m: memref<8xf32>):
  %s = memref.load %m[%c0] : memref<8xf32>
  memref.store %s, %out[] : memref<f32>
  return
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %out = memref.alloc() : memref<f32>
  func.call @step(%true, %out) : (i1, memref<f32>) -> ()
  %a = memref.load %out[] : memref<f32>
  // 1 + 1 from %t, plus 1 from %t.
  // CHECK: 3
  vector.print %a : f32
  func.call @step(%false, %out) : (i1, memref<f32>) -> ()
  %b = memref.load %out[] : memref<f32>
  // 1 + 1, plus 1, stored into %x.
  // CHECK-NEXT: 3
  vector.print %b : f32
  func.call @step_cf(%out) : (memref<f32>) -> ()
  %d = memref.load %out[] : memref<f32>
  // 8 > 0: the branch that allocates.
  // CHECK-NEXT: 5
  vector.print %d : f32

  // %out (4 bytes) and buffers of 32 bytes. @step through the then branch
  // holds %t and %a (%x is freed at the branch's start), through the else
  // branch %x and %e; @step_cf holds %x, then %y: 4 + 64 bytes at most,
  // under merge-alloc too, which plans none of these buffers together
  // (merged, %x and %t would be held next to %a, 4 + 96 bytes, as the
  // branch holding %x over %t and %a did before). Mallocs: %out, three for
  // the first call of @step, two for the second, two for @step_cf.
  // DEFAULT: alloc-tracker: mallocs=8 frees=8 peak_bytes=68 {{.*}} leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0
  // MERGED: alloc-tracker: mallocs=8 frees=8 peak_bytes=68 {{.*}} leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0
  return
}
