// RUN: split-file %s %t
// RUN: mlir-opt %t/transpose.mlir -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %t/transpose.mlir --check-prefixes=CHECK,OURS
// RUN: %stock_mlir_opt %t/transpose.mlir -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %t/transpose.mlir
// RUN: mlir-opt %t/stored.mlir -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %t/stored.mlir --check-prefixes=CHECK,OURS
// RUN: %stock_mlir_opt %t/stored.mlir -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %t/stored.mlir
// RUN: mlir-opt %t/copy.mlir -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %t/copy.mlir --check-prefixes=CHECK,OURS
// RUN: %stock_mlir_opt %t/copy.mlir -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %t/copy.mlir
// RUN: mlir-opt %t/loop.mlir -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %t/loop.mlir --check-prefixes=CHECK,OURS
// RUN: %stock_mlir_opt %t/loop.mlir -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %t/loop.mlir

// Programs whose buffers have aliases that `BufferViewFlowAnalysis` does not
// see (a `memref.transpose`) or escape through a stored descriptor. The
// lifetime passes must neither free such a buffer early nor hand its memory
// to another buffer while it can still be read. Stock frees late and
// computes the same values.

//--- transpose.mlir
// `a` is read through its transpose after `b` is allocated and filled.
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %nine = arith.constant 9.0 : f32
  %a = memref.alloc() : memref<2x2xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<2x2xf32>)
  memref.store %two, %a[%c0, %c1] : memref<2x2xf32>
  %t = memref.transpose %a (i, j) -> (j, i) : memref<2x2xf32> to memref<2x2xf32, strided<[1, 2]>>
  %b = memref.alloc() : memref<2x2xf32>
  linalg.fill ins(%nine : f32) outs(%b : memref<2x2xf32>)
  %v = memref.load %t[%c1, %c0] : memref<2x2xf32, strided<[1, 2]>>
  %w = memref.load %b[%c0, %c0] : memref<2x2xf32>
  %s = arith.addf %v, %w : f32
  %o = memref.alloc() : memref<1xf32>
  memref.store %s, %o[%c0] : memref<1xf32>
  %p = memref.cast %o : memref<1xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  return
}
// t[1][0] = a[0][1] = 2, b[0][0] = 9.
// CHECK: data =
// CHECK-NEXT: [11]
// OURS: alloc-tracker: mallocs=3 frees=3 peak_bytes=32 total_bytes=36 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0

//--- stored.mlir
// The descriptor of `a` is stored into a box and loaded back after `b` is
// allocated and filled.
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %nine = arith.constant 9.0 : f32
  %box = memref.alloca() : memref<memref<4xf32>>
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  memref.store %a, %box[] : memref<memref<4xf32>>
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%nine : f32) outs(%b : memref<4xf32>)
  %l = memref.load %box[] : memref<memref<4xf32>>
  %v = memref.load %l[%c0] : memref<4xf32>
  %w = memref.load %b[%c0] : memref<4xf32>
  %s = arith.addf %v, %w : f32
  %o = memref.alloc() : memref<1xf32>
  memref.store %s, %o[%c0] : memref<1xf32>
  %p = memref.cast %o : memref<1xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  return
}
// a[0] = 1, b[0] = 9.
// CHECK: data =
// CHECK-NEXT: [10]
// OURS: alloc-tracker: mallocs=3 frees=3 peak_bytes=32 total_bytes=36 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0

//--- copy.mlir
// `s` is copied to `t`, `t` is overwritten, and `s` is read through its
// transpose afterwards: `t` cannot take over the buffer of `s`.
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %five = arith.constant 5.0 : f32
  %s = memref.alloc() : memref<2x2xf32>
  linalg.fill ins(%one : f32) outs(%s : memref<2x2xf32>)
  memref.store %two, %s[%c0, %c1] : memref<2x2xf32>
  %st = memref.transpose %s (i, j) -> (j, i) : memref<2x2xf32> to memref<2x2xf32, strided<[1, 2]>>
  %t = memref.alloc() : memref<2x2xf32>
  memref.copy %s, %t : memref<2x2xf32> to memref<2x2xf32>
  linalg.fill ins(%five : f32) outs(%t : memref<2x2xf32>)
  %v = memref.load %st[%c1, %c0] : memref<2x2xf32, strided<[1, 2]>>
  %w = memref.load %t[%c0, %c0] : memref<2x2xf32>
  %sum = arith.addf %v, %w : f32
  %o = memref.alloc() : memref<1xf32>
  memref.store %sum, %o[%c0] : memref<1xf32>
  %p = memref.cast %o : memref<1xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  return
}
// st[1][0] = s[0][1] = 2, t[0][0] = 5.
// CHECK: data =
// CHECK-NEXT: [7]
// OURS: alloc-tracker: mallocs=3 frees=3 peak_bytes=32 total_bytes=36 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0

//--- loop.mlir
// A loop that yields a fresh buffer per iteration and reads its init through
// a transpose in every iteration: the init must stay alive (and unrecycled)
// until the loop is done.
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<2x2xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %k = arith.muli %i, %c2 : index
      %l = arith.addi %k, %j : index
      %li = arith.index_cast %l : index to i32
      %lf = arith.sitofp %li : i32 to f32
      memref.store %lf, %a[%i, %j] : memref<2x2xf32>
    }
  }
  %t = memref.transpose %a (i, j) -> (j, i) : memref<2x2xf32> to memref<2x2xf32, strided<[1, 2]>>
  %r = scf.for %it = %c0 to %c3 step %c1 iter_args(%m = %a) -> memref<2x2xf32> {
    %new = memref.alloc() : memref<2x2xf32>
    %d = memref.load %t[%c0, %c1] : memref<2x2xf32, strided<[1, 2]>>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c2 step %c1 {
        %x = memref.load %m[%i, %j] : memref<2x2xf32>
        %y = arith.addf %x, %d : f32
        memref.store %y, %new[%i, %j] : memref<2x2xf32>
      }
    }
    scf.yield %new : memref<2x2xf32>
  }
  %p = memref.cast %r : memref<2x2xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  return
}
// a = [[0, 1], [2, 3]]; t[0][1] = a[1][0] = 2, added three times.
// CHECK: data =
// CHECK-NEXT: [6,   7]
// CHECK-NEXT: [8,   9]
// The init stays with the function; the loop frees the buffers of its own
// iterations from the second on, and the third iteration recycles the one
// freed in the second: the init and two buffers of 16 bytes.
// OURS: alloc-tracker: mallocs=3 frees=3 peak_bytes=48 total_bytes=48 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
