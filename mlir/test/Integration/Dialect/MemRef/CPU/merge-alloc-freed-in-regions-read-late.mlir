// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s
// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s
// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc lift-allocating-branches stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s

// %scores is read at the start of the first branch, which then allocates a
// buffer of its own, and by the second branch after it allocates. The
// pipeline frees %scores right after its read in the first branch
// (free-buffers-at-last-use), so a run through it holds one 64-byte buffer
// at a time. merge-alloc took %scores for held over the whole choice, and
// planned the branches' buffers next to it in one 128-byte buffer, which
// the runs through the first branch then held (the fuzzer's seed 66123).
// @choose writes the choice as an scf.if, @choose_cf as a cf diamond, which
// the third RUN line lifts into one. The first branch runs.

// Returns 2 * s[3] + 1 if %first, else (s + s)[1] + 1, with s = %x + 1.
func.func @choose(%x: memref<16xf32>, %first: i1) -> f32 {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %scores = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%scores : memref<16xf32>)
  linalg.add ins(%x, %scores : memref<16xf32>, memref<16xf32>) outs(%scores : memref<16xf32>)
  %r = scf.if %first -> f32 {
    %s = memref.load %scores[%c3] : memref<16xf32>
    %t = memref.alloc() : memref<16xf32>
    linalg.fill ins(%s : f32) outs(%t : memref<16xf32>)
    linalg.add ins(%t, %t : memref<16xf32>, memref<16xf32>) outs(%t : memref<16xf32>)
    %v = memref.load %t[%c1] : memref<16xf32>
    %w = arith.addf %v, %one : f32
    scf.yield %w : f32
  } else {
    %u = memref.alloc() : memref<16xf32>
    linalg.add ins(%scores, %scores : memref<16xf32>, memref<16xf32>) outs(%u : memref<16xf32>)
    %v = memref.load %u[%c1] : memref<16xf32>
    %w = arith.addf %v, %one : f32
    scf.yield %w : f32
  }
  return %r : f32
}

// The same as a cf diamond.
func.func @choose_cf(%x: memref<16xf32>, %first: i1) -> f32 {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %scores = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%scores : memref<16xf32>)
  linalg.add ins(%x, %scores : memref<16xf32>, memref<16xf32>) outs(%scores : memref<16xf32>)
  cf.cond_br %first, ^first, ^second
^first:
  %s = memref.load %scores[%c3] : memref<16xf32>
  %t = memref.alloc() : memref<16xf32>
  linalg.fill ins(%s : f32) outs(%t : memref<16xf32>)
  linalg.add ins(%t, %t : memref<16xf32>, memref<16xf32>) outs(%t : memref<16xf32>)
  %v = memref.load %t[%c1] : memref<16xf32>
  %w = arith.addf %v, %one : f32
  cf.br ^done(%w : f32)
^second:
  %u = memref.alloc() : memref<16xf32>
  linalg.add ins(%scores, %scores : memref<16xf32>, memref<16xf32>) outs(%u : memref<16xf32>)
  %v2 = memref.load %u[%c1] : memref<16xf32>
  %w2 = arith.addf %v2, %one : f32
  cf.br ^done(%w2 : f32)
^done(%r: f32):
  return %r : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %x = memref.alloc() : memref<16xf32>
  linalg.fill ins(%two : f32) outs(%x : memref<16xf32>)
  %x0 = memref.load %x[%c0] : memref<16xf32>
  %first = arith.cmpf ogt, %x0, %zero : f32
  %r = func.call @choose(%x, %first) : (memref<16xf32>, i1) -> f32
  %q = func.call @choose_cf(%x, %first) : (memref<16xf32>, i1) -> f32
  %out = memref.alloc() : memref<2xf32>
  memref.store %r, %out[%c0] : memref<2xf32>
  memref.store %q, %out[%c1] : memref<2xf32>
  %p = memref.cast %out : memref<2xf32> to memref<*xf32>
  func.call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  // s = 3 everywhere; the first branch: 2 * 3 + 1 = 7.
  // CHECK: data =
  // CHECK-NEXT: [7, 7]
  // %x and one buffer of a call at a time.
  // CHECK: alloc-tracker: {{.*}}peak_bytes=128 {{.*}}leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}

func.func private @printMemrefF32(memref<*xf32>)
