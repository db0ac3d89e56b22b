// RUN: mlir-opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,STACK
// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,HEAP
// RUN: mlir-opt %s -buffer-deallocation-pipeline=merge-alloc=true | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,STACK

// @normalize returns its argument or a new buffer (`x if ok(x) else f(x)`),
// and writes a statistic after the choice. The deallocation makes it return
// a clone where it returned the argument, in an scf.if after the write, and
// unalias-function-results marks it as returning no argument. Its argument
// reached the choice's result, which summarize-callee-buffers did not
// follow: it took the call for one that may keep the buffer, and the
// caller's input stayed alive over the 8 KiB temporary after the call. It
// now follows the argument along the scf.if's edges, to the clone and the
// return of a function that returns no argument: the input dies at the
// call, and the peak is 12 KiB (the result and the temporary, or the input
// and the result) instead of 16 KiB.

// %x if its first element is above 2, else a new buffer of ones.
func.func private @normalize(%x: memref<1024xf32>, %stats: memref<4xi32>) -> memref<1024xf32> {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  %v = memref.load %x[%c0] : memref<1024xf32>
  %ok = arith.cmpf ogt, %v, %two : f32
  %r = scf.if %ok -> memref<1024xf32> {
    scf.yield %x : memref<1024xf32>
  } else {
    %n = memref.alloc() : memref<1024xf32>
    linalg.fill ins(%one : f32) outs(%n : memref<1024xf32>)
    scf.yield %n : memref<1024xf32>
  }
  %c1 = arith.constant 1 : index
  %k = memref.load %stats[%c0] : memref<4xi32>
  %c1i = arith.constant 1 : i32
  %k1 = arith.addi %k, %c1i : i32
  memref.store %k1, %stats[%c1] : memref<4xi32>
  return %r : memref<1024xf32>
}
func.func private @step(%seed: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %in = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%seed : f32) outs(%in : memref<1024xf32>)
  %stats = memref.alloc() : memref<4xi32>
  %zi = arith.constant 0 : i32
  linalg.fill ins(%zi : i32) outs(%stats : memref<4xi32>)
  %n = func.call @normalize(%in, %stats) : (memref<1024xf32>, memref<4xi32>) -> memref<1024xf32>
  %big = memref.alloc() : memref<2048xf32>
  %v = memref.load %n[%c1] : memref<1024xf32>
  linalg.fill ins(%v : f32) outs(%big : memref<2048xf32>)
  %sum = memref.alloc() : memref<f32>
  linalg.fill ins(%zero : f32) outs(%sum : memref<f32>)
  linalg.reduce ins(%big : memref<2048xf32>) outs(%sum : memref<f32>) dimensions = [0]
    (%a: f32, %acc: f32) {
      %s = arith.addf %a, %acc : f32
      linalg.yield %s : f32
    }
  %r = memref.load %sum[] : memref<f32>
  return %r : f32
}
func.func @main() {
  %one = arith.constant 1.0 : f32
  %five = arith.constant 5.0 : f32
  // 2048 ones.
  // CHECK: 2048
  %a = call @step(%one) : (f32) -> f32
  vector.print %a : f32
  // 2048 fives.
  // CHECK-NEXT: 10240
  %b = call @step(%five) : (f32) -> f32
  vector.print %b : f32
  // Per call: the input, the result (a new buffer or a clone), the
  // temporary; and the statistics and the sum where they are not on the
  // stack.
  // STACK: alloc-tracker: mallocs=6 frees=6 peak_bytes=12288 total_bytes=32768 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // HEAP: alloc-tracker: mallocs=10 frees=10 peak_bytes=12288 total_bytes=32808 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
