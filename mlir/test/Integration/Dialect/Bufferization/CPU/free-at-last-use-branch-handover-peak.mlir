// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked \
// RUN:   | FileCheck %s

// The function of free-at-last-use-branch-handover.mlir, run only on the
// path through the nested stack buffer, on which the then region frees %x
// (64 bytes) unless the nested scf.if yields it: %big (256 bytes) is then
// the only buffer alive. Held over the scf.if, as before the hand-over, %x
// would be alive with %big: 320 bytes.

func.func @may_keep(%c: i1, %d: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %x = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%x : memref<16xf32>)
  %r = scf.if %c -> memref<16xf32> {
    %in = scf.if %d -> memref<16xf32> {
      scf.yield %x : memref<16xf32>
    } else {
      %s = memref.alloca() : memref<16xf32>
      linalg.fill ins(%two : f32) outs(%s : memref<16xf32>)
      scf.yield %s : memref<16xf32>
    }
    scf.yield %in : memref<16xf32>
  } else {
    scf.yield %x : memref<16xf32>
  }
  %big = memref.alloc() : memref<64xf32>
  linalg.fill ins(%two : f32) outs(%big : memref<64xf32>)
  %a = memref.load %r[%c0] : memref<16xf32>
  %b = memref.load %big[%c0] : memref<64xf32>
  %s = arith.addf %a, %b : f32
  return %s : f32
}

func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  // 2 + 2.
  %0 = func.call @may_keep(%t, %f) : (i1, i1) -> f32
  // CHECK: 4
  vector.print %0 : f32
  // CHECK: alloc-tracker: mallocs=2 frees=2 peak_bytes=256 {{.*}} leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0
  return
}
