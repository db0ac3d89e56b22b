// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc" | %lower-and-run-tracked | FileCheck %s
// RUN: mlir-opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s
// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefix=HEAP
// RUN: mlir-opt %s -buffer-deallocation-pipeline="stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefix=HEAP

// A memref that upstream's alias analysis does not link to the buffers it is
// made of (`memref.distinct_objects`). merge-alloc's model therefore takes
// every buffer of such a function to live to the end of its block; before,
// it merged the 24-byte buffer of one branch with the 32-byte one allocated
// after the `scf.index_switch` into 32 bytes held across the switch, where
// the branch taken holds 32 more (the fuzzer's seed 6814). The deallocation
// knows that each result of the op is its operand: it tells the result of
// the switch (always %a) apart from %big and frees %big right after its
// last use, where it compared their addresses at the end of the block
// before (heap peak 128 bytes; the fuzzer's seed 69115, where the compared
// buffer stayed alive across a branch lifted to `scf.if`).

func.func @hidden_alias(%which: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %eight = arith.constant 8.0 : f64
  %nine = arith.constant 9.0 : f32
  %seven = arith.constant 7.0 : f32
  %sevens = arith.constant 7 : i32
  %zero = arith.constant 0.0 : f64
  %a = memref.alloc() : memref<4xf64>
  linalg.fill ins(%eight : f64) outs(%a : memref<4xf64>)
  %big = memref.alloc() : memref<16xf32>
  linalg.fill ins(%nine : f32) outs(%big : memref<16xf32>)
  %r = scf.index_switch %which -> memref<4xf64>
  case 0 {
    %t = memref.alloc() : memref<4xf64>
    linalg.map { arith.addf } ins(%a, %a : memref<4xf64>, memref<4xf64>)
        outs(%t : memref<4xf64>)
    %d:2 = memref.distinct_objects %t, %a : memref<4xf64>, memref<4xf64>
    scf.yield %d#1 : memref<4xf64>
  }
  case 1 {
    %u = memref.alloc() : memref<6xf32>
    linalg.fill ins(%seven : f32) outs(%u : memref<6xf32>)
    scf.yield %a : memref<4xf64>
  }
  default {
    scf.yield %a : memref<4xf64>
  }
  %v = memref.alloc() : memref<8xi32>
  linalg.fill ins(%sevens : i32) outs(%v : memref<8xi32>)
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f64 {
    %x = memref.load %r[%i] : memref<4xf64>
    %y = arith.addf %acc, %x : f64
    scf.yield %y : f64
  }
  return %sum : f64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %s = func.call @hidden_alias(%c0) : (index) -> f64
  // CHECK: 32
  vector.print %s : f64
  // The branch taken, on the heap: %a and %big (32 + 64 bytes), then %a
  // and %t, then %a and %v. With stack promotion, only %a stays on the
  // heap: %t dies in its case, at the distinct_objects, whose result for it
  // is never used (when the analysis linked each result to both operands,
  // %t lived as long as the switch's result, on the heap: 2 mallocs, 64
  // bytes).
  // CHECK: alloc-tracker: mallocs=1 frees=1 peak_bytes=32 total_bytes=32 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // HEAP: 32
  // HEAP: alloc-tracker: mallocs=4 frees=4 peak_bytes=96 total_bytes=160 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
