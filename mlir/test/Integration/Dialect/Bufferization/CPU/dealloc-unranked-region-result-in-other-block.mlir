// RUN: mlir-opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s

// An unranked buffer yielded by an scf.if and read after a cf.cond_br. The
// stock pipeline crashes on it (llvm-project issue #119863's family);
// prepare-buffer-deallocation keeps it alive across the branch with an
// identity cast. The buffer allocated in the scf.if must be freed exactly
// once on both paths of the branch, after its read on the path that reads
// it, and the argument buffer never.

// Returns 2 * m[1] if `read`, else -1; `fresh` picks a new buffer of 3s or m.
func.func @pick(%fresh: i1, %read: i1, %m: memref<*xf32>) -> f32 {
  %c1 = arith.constant 1 : index
  %r = scf.if %fresh -> memref<*xf32> {
    %a = memref.alloc() : memref<4xf32>
    %three = arith.constant 3.0 : f32
    linalg.fill ins(%three : f32) outs(%a : memref<4xf32>)
    %u = memref.cast %a : memref<4xf32> to memref<*xf32>
    scf.yield %u : memref<*xf32>
  } else {
    scf.yield %m : memref<*xf32>
  }
  cf.cond_br %read, ^use, ^skip
^use:
  %x = memref.cast %r : memref<*xf32> to memref<4xf32>
  %v = memref.load %x[%c1] : memref<4xf32>
  %w = arith.addf %v, %v : f32
  return %w : f32
^skip:
  %none = arith.constant -1.0 : f32
  return %none : f32
}

func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %five = arith.constant 5.0 : f32
  %m = memref.alloc() : memref<4xf32>
  linalg.fill ins(%five : f32) outs(%m : memref<4xf32>)
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>

  %0 = func.call @pick(%true, %true, %u) : (i1, i1, memref<*xf32>) -> f32
  func.call @printF32(%0) : (f32) -> ()
  func.call @printNewline() : () -> ()
  // CHECK: 6
  %1 = func.call @pick(%true, %false, %u) : (i1, i1, memref<*xf32>) -> f32
  func.call @printF32(%1) : (f32) -> ()
  func.call @printNewline() : () -> ()
  // CHECK-NEXT: -1
  %2 = func.call @pick(%false, %true, %u) : (i1, i1, memref<*xf32>) -> f32
  func.call @printF32(%2) : (f32) -> ()
  func.call @printNewline() : () -> ()
  // CHECK-NEXT: 10
  %3 = func.call @pick(%false, %false, %u) : (i1, i1, memref<*xf32>) -> f32
  func.call @printF32(%3) : (f32) -> ()
  func.call @printNewline() : () -> ()
  // CHECK-NEXT: -1

  // %m, and one buffer in each of the first two calls: 3 x 16 bytes, at
  // most two live at once.
  // CHECK: alloc-tracker: mallocs=3 frees=3 peak_bytes=32 total_bytes=48 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
