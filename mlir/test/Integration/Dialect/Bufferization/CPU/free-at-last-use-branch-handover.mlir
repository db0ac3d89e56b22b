// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked \
// RUN:   | FileCheck %s

// Hand-overs of a buffer from before an scf.if to its regions where a region
// may yield it (a nested scf.if picks it or a stack buffer) and where no
// region owns what it yields (stack buffers), run on every path. %x (64
// bytes) and %big (256 bytes): a path that frees %x in its region holds 256
// bytes at most, one that yields %x holds 320.

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
  // The nested scf.if yields %x: 1 + 2.
  %1 = func.call @may_keep(%t, %t) : (i1, i1) -> f32
  // CHECK: 3
  vector.print %1 : f32
  // The else region yields %x: 1 + 2.
  %2 = func.call @may_keep(%f, %f) : (i1, i1) -> f32
  // CHECK-NEXT: 3
  vector.print %2 : f32
  // Through the nested stack buffer: 2 + 2, with %x freed in the region,
  // before %big.
  %0 = func.call @may_keep(%t, %f) : (i1, i1) -> f32
  // CHECK-NEXT: 4
  vector.print %0 : f32
  // Two buffers per call, each call's freed before it returns: at most 320
  // bytes, on the paths that yield %x.
  // CHECK: alloc-tracker: mallocs=6 frees=6 peak_bytes=320 {{.*}} leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0
  return
}
