// RUN: mlir-opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s

// The deallocation fuzzer's seed 3946: the result of an scf.index_switch is
// read after a cf.cond_br. Upstream's deallocation frees the buffers it
// aliases before those reads (the stock pipeline prints a poisoned value);
// ours keeps them alive to their last use.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %seven = arith.constant 7.0 : f64
  %zero = arith.constant 0.0 : f64
  %five = arith.constant 5.0 : f64
  %a = memref.alloc() : memref<4xf64>
  linalg.fill ins(%seven : f64) outs(%a : memref<4xf64>)
  %b = memref.alloc() : memref<4xf64>
  linalg.fill ins(%zero : f64) outs(%b : memref<4xf64>)
  // a[0] = 7, so the switch takes the default case: %r is %a.
  %v = memref.load %a[%c0] : memref<4xf64>
  %vi = arith.fptosi %v : f64 to i32
  %three = arith.constant 3 : i32
  %k = arith.andi %vi, %three : i32
  %ki = arith.index_cast %k : i32 to index
  %r = scf.index_switch %ki -> memref<4xf64>
  case 0 {
    scf.yield %b : memref<4xf64>
  } case 1 {
    scf.yield %b : memref<4xf64>
  } default {
    scf.yield %a : memref<4xf64>
  }
  %x = memref.load %r[%c0] : memref<4xf64>
  %big = arith.cmpf ogt, %x, %five : f64
  cf.cond_br %big, ^bb1, ^bb2
^bb1:
  // r[0] = 7 > 5: r[2] = r[3] + 2 = 9.
  %y = memref.load %r[%c3] : memref<4xf64>
  %two = arith.constant 2.0 : f64
  %z = arith.addf %y, %two : f64
  memref.store %z, %r[%c2] : memref<4xf64>
  cf.br ^bb2
^bb2:
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f64 {
    %e = memref.load %r[%i] : memref<4xf64>
    %next = arith.addf %acc, %e : f64
    scf.yield %next : f64
  }
  // 7 + 7 + 9 + 7 = 30.
  // CHECK: 30
  vector.print %sum : f64
  // CHECK: alloc-tracker: mallocs=2 frees=2 peak_bytes=64 total_bytes=64 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
