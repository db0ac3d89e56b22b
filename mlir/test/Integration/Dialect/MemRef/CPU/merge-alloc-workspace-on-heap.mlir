// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,MERGED
// RUN: mlir-opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,UNMERGED
// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc" | FileCheck %s --check-prefix=IR

// A callee's workspace stays on the heap (the fuzzer's seed 355920).
// @step, public and called by @main, keeps its signature and calls a
// private copy of its body that takes its temporaries from a workspace,
// which merge-alloc gives it where holding it during the call keeps the
// peak. The workspace is 32 bytes, below the stack promotion's limit: on
// the stack, @main's frame held it from its start, also while @init's two
// results were alive, 96 bytes at once against 64 without merge-alloc.

func.func private @init() -> (memref<8xi32>, memref<8xf32>) {
  %a = memref.alloc() : memref<8xi32>
  %seven = arith.constant 7 : i32
  linalg.fill ins(%seven : i32) outs(%a : memref<8xi32>)
  %b = memref.alloc() : memref<8xf32>
  %sevenf = arith.constant 7.0 : f32
  linalg.fill ins(%sevenf : f32) outs(%b : memref<8xf32>)
  return %a, %b : memref<8xi32>, memref<8xf32>
}

// Prints x[1] + x[1] + 5 if x[0] > 4, x[1] * 3 + 5 otherwise.
func.func @step(%x: memref<8xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %four = arith.constant 4 : i32
  %five = arith.constant 5 : i32
  %v = memref.load %x[%c0] : memref<8xi32>
  %big = arith.cmpi sgt, %v, %four : i32
  %r = scf.if %big -> (memref<8xi32>) {
    %s = memref.alloc() : memref<8xi32>
    linalg.map { arith.addi } ins(%x, %x : memref<8xi32>, memref<8xi32>) outs(%s : memref<8xi32>)
    scf.yield %s : memref<8xi32>
  } else {
    %t = memref.alloc() : memref<8xi32>
    %three = arith.constant 3 : i32
    linalg.fill ins(%three : i32) outs(%t : memref<8xi32>)
    linalg.map { arith.muli } ins(%x, %t : memref<8xi32>, memref<8xi32>) outs(%t : memref<8xi32>)
    scf.yield %t : memref<8xi32>
  }
  %w = memref.load %r[%c1] : memref<8xi32>
  %y = arith.addi %w, %five : i32
  vector.print %y : i32
  return
}

// IR-LABEL: func.func @main
//   IR-NOT:   memref.alloca
//       IR:   memref.alloc() {merge_alloc.workspace} : memref<32xi8>
//       IR:   call @step_impl
func.func @main() {
  %r:2 = func.call @init() : () -> (memref<8xi32>, memref<8xf32>)
  // 7 + 7 + 5
  // CHECK: 19
  func.call @step(%r#0) : (memref<8xi32>) -> ()
  return
  // The two results of @init, 32 bytes each, and the 32 bytes @step needs
  // while it runs, after the unused result is freed: at most 64 bytes at
  // once either way. Under merge-alloc the workspace is allocated around
  // the call.
  // MERGED: alloc-tracker: mallocs=3 frees=3 peak_bytes=64 total_bytes=96 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // UNMERGED: alloc-tracker: mallocs=3 frees=3 peak_bytes=64 total_bytes=96 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
}
