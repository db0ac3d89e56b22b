// RUN: split-file %s %t
// RUN: mlir-opt %t/returned.mlir -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %t/returned.mlir
// RUN: mlir-opt %t/local.mlir -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %t/local.mlir
// RUN: %stock_mlir_opt %t/local.mlir -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %t/local.mlir --check-prefix=CHECK-OUT
// RUN: mlir-opt %t/loop.mlir -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %t/loop.mlir
// RUN: mlir-opt %t/loop.mlir -buffer-deallocation-pipeline -o /dev/null 2>&1 | count 0
// RUN: %stock_mlir_opt %t/loop.mlir -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %t/loop.mlir --check-prefix=CHECK-OUT
// RUN: mlir-opt %t/while.mlir -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %t/while.mlir
// RUN: mlir-opt %t/while.mlir -buffer-deallocation-pipeline -o /dev/null 2>&1 | count 0
// RUN: mlir-opt %t/returned-from-loop.mlir -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %t/returned-from-loop.mlir
// RUN: mlir-opt %t/returned-from-loop.mlir -buffer-deallocation-pipeline=private-function-dynamic-ownership=true \
// RUN:   | %lower-and-run-tracked | FileCheck %t/returned-from-loop.mlir
// RUN: %stock_mlir_opt %t/while.mlir -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %t/while.mlir --check-prefix=CHECK-OUT
// RUN: mlir-opt %t/diamond.mlir -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %t/diamond.mlir

// With lower-deallocations-to-scf=false, upstream's helper lowers the other
// deallocations; those with a view at a byte shift are still lowered by the
// pass (the helper freed returned-from-loop.mlir's allocations twice, 508
// times, and diamond.mlir's once).
// RUN: mlir-opt %t/returned.mlir -buffer-deallocation-pipeline=lower-deallocations-to-scf=false | %lower-and-run-tracked | FileCheck %t/returned.mlir
// RUN: mlir-opt %t/local.mlir -buffer-deallocation-pipeline=lower-deallocations-to-scf=false | %lower-and-run-tracked | FileCheck %t/local.mlir
// RUN: mlir-opt %t/loop.mlir -buffer-deallocation-pipeline=lower-deallocations-to-scf=false | %lower-and-run-tracked | FileCheck %t/loop.mlir
// RUN: mlir-opt %t/while.mlir -buffer-deallocation-pipeline=lower-deallocations-to-scf=false | %lower-and-run-tracked | FileCheck %t/while.mlir
// RUN: mlir-opt %t/returned-from-loop.mlir -buffer-deallocation-pipeline=lower-deallocations-to-scf=false | %lower-and-run-tracked | FileCheck %t/returned-from-loop.mlir
// RUN: mlir-opt %t/diamond.mlir -buffer-deallocation-pipeline=lower-deallocations-to-scf=false | %lower-and-run-tracked | FileCheck %t/diamond.mlir
// RUN: mlir-opt %t/diamond.mlir --pass-pipeline="builtin.module(buffer-deallocation-pipeline{lower-deallocations-to-scf=false simplify-loop-ownership=false free-at-last-use=false stack-promotion-max-bytes=0 reuse-freed-buffers=false})" \
// RUN:   | %lower-and-run-tracked | FileCheck %t/diamond.mlir

// Buffers and `memref.view`s of them at a byte shift, which have different
// aligned pointers, owned together. Runtime alias checks that compare
// aligned pointers take them for different buffers and free the allocation
// twice (stock does on returned.mlir). The pipeline compares what
// identifies the allocation instead. Each program is freed exactly once.

//--- returned.mlir
func.func private @printMemrefF32(memref<*xf32>)
func.func @pick(%c: i1) -> (memref<64xi8>, memref<4xf32>) {
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %r:2 = scf.if %c -> (memref<64xi8>, memref<4xf32>) {
    %a = memref.alloc() : memref<64xi8>
    %v = memref.view %a[%c16][] : memref<64xi8> to memref<4xf32>
    scf.yield %a, %v : memref<64xi8>, memref<4xf32>
  } else {
    %a = memref.alloc() : memref<64xi8>
    %b = memref.alloc() : memref<4xf32>
    scf.yield %a, %b : memref<64xi8>, memref<4xf32>
  }
  linalg.fill ins(%one : f32) outs(%r#1 : memref<4xf32>)
  return %r#0, %r#1 : memref<64xi8>, memref<4xf32>
}
func.func @show(%c: i1) {
  %c0 = arith.constant 0 : index
  %five = arith.constant 5.0 : f32
  %x, %y = call @pick(%c) : (i1) -> (memref<64xi8>, memref<4xf32>)
  memref.store %five, %y[%c0] : memref<4xf32>
  %p = memref.cast %y : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  return
}
func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  call @show(%true) : (i1) -> ()
  call @show(%false) : (i1) -> ()
  return
}
// CHECK: data =
// CHECK-NEXT: [5,  1,  1,  1]
// CHECK: data =
// CHECK-NEXT: [5,  1,  1,  1]
// First call: the 64-byte base, and a 16-byte copy of the view, which shares
// the base's allocation; second call: the base and a 16-byte buffer. Each
// call's buffers are freed before the next call.
// CHECK: alloc-tracker: mallocs=4 frees=4 peak_bytes=80 total_bytes=160 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0

//--- local.mlir
// The same choice inside one function, freed at its end.
func.func private @printMemrefF32(memref<*xf32>)
func.func private @use(%c: i1) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %five = arith.constant 5.0 : f32
  %one = arith.constant 1.0 : f32
  %r:2 = scf.if %c -> (memref<64xi8>, memref<4xf32>) {
    %a = memref.alloc() : memref<64xi8>
    %v = memref.view %a[%c16][] : memref<64xi8> to memref<4xf32>
    scf.yield %a, %v : memref<64xi8>, memref<4xf32>
  } else {
    %a = memref.alloc() : memref<64xi8>
    %b = memref.alloc() : memref<4xf32>
    scf.yield %a, %b : memref<64xi8>, memref<4xf32>
  }
  linalg.fill ins(%one : f32) outs(%r#1 : memref<4xf32>)
  memref.store %five, %r#1[%c0] : memref<4xf32>
  %p = memref.cast %r#1 : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  return
}
func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  call @use(%true) : (i1) -> ()
  call @use(%false) : (i1) -> ()
  return
}
// CHECK-OUT: data =
// CHECK-OUT-NEXT: [5,  1,  1,  1]
// CHECK-OUT: data =
// CHECK-OUT-NEXT: [5,  1,  1,  1]
// CHECK-OUT: leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
// CHECK: data =
// CHECK-NEXT: [5,  1,  1,  1]
// CHECK: data =
// CHECK-NEXT: [5,  1,  1,  1]
// CHECK: alloc-tracker: mallocs=2 frees=2 peak_bytes=64 total_bytes=80 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0

//--- loop.mlir
// A loop carries a buffer and a view of it at a byte shift, both owned, and
// replaces them in every iteration: v = v + v, three times.
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %a0 = memref.alloc() : memref<64xi8>
  %v0 = memref.view %a0[%c16][] : memref<64xi8> to memref<4xf32>
  linalg.fill ins(%one : f32) outs(%v0 : memref<4xf32>)
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %a0, %v = %v0) -> (memref<64xi8>, memref<4xf32>) {
    %n = memref.alloc() : memref<64xi8>
    %w = memref.view %n[%c16][] : memref<64xi8> to memref<4xf32>
    linalg.map { arith.addf } ins(%v, %v : memref<4xf32>, memref<4xf32>) outs(%w : memref<4xf32>)
    scf.yield %n, %w : memref<64xi8>, memref<4xf32>
  }
  %p = memref.cast %r#1 : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  return
}
// CHECK-OUT: data =
// CHECK-OUT-NEXT: [8,  8,  8,  8]
// CHECK-OUT: leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
// CHECK: data =
// CHECK-NEXT: [8,  8,  8,  8]
// CHECK: alloc-tracker: mallocs=4 frees=4 peak_bytes=192 total_bytes=256 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0

//--- while.mlir
// The same loop as an scf.while.
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %a0 = memref.alloc() : memref<64xi8>
  %v0 = memref.view %a0[%c16][] : memref<64xi8> to memref<4xf32>
  linalg.fill ins(%one : f32) outs(%v0 : memref<4xf32>)
  %r:3 = scf.while (%i = %c0, %a = %a0, %v = %v0) : (index, memref<64xi8>, memref<4xf32>) -> (index, memref<64xi8>, memref<4xf32>) {
    %cond = arith.cmpi slt, %i, %c3 : index
    scf.condition(%cond) %i, %a, %v : index, memref<64xi8>, memref<4xf32>
  } do {
  ^bb0(%j: index, %b: memref<64xi8>, %w: memref<4xf32>):
    %n = memref.alloc() : memref<64xi8>
    %x = memref.view %n[%c16][] : memref<64xi8> to memref<4xf32>
    linalg.map { arith.addf } ins(%w, %w : memref<4xf32>, memref<4xf32>) outs(%x : memref<4xf32>)
    %k = arith.addi %j, %c1 : index
    scf.yield %k, %n, %x : index, memref<64xi8>, memref<4xf32>
  }
  %p = memref.cast %r#2 : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  return
}
// CHECK-OUT: data =
// CHECK-OUT-NEXT: [8,  8,  8,  8]
// CHECK-OUT: leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
// CHECK: data =
// CHECK-NEXT: [8,  8,  8,  8]
// CHECK: alloc-tracker: mallocs=4 frees=4 peak_bytes=192 total_bytes=256 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0

//--- returned-from-loop.mlir
// A private function carries a buffer and a view of it through a loop whose
// iterations replace the pair in an scf.if, and returns the pair. Under
// private-function-dynamic-ownership it returns ownership indicators as
// well, and the view is cloned only if both results are owned.
func.func private @loop(%n: index) -> (memref<64xi8>, memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %a0 = memref.alloc() : memref<64xi8>
  %v0 = memref.view %a0[%c16][] : memref<64xi8> to memref<4xf32>
  linalg.fill ins(%one : f32) outs(%v0 : memref<4xf32>)
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %v = %v0) -> (memref<64xi8>, memref<4xf32>) {
    %m = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %m, %c0 : index
    %p:2 = scf.if %even -> (memref<64xi8>, memref<4xf32>) {
      %n2 = memref.alloc() : memref<64xi8>
      %w = memref.view %n2[%c16][] : memref<64xi8> to memref<4xf32>
      linalg.map { arith.addf } ins(%v, %v : memref<4xf32>, memref<4xf32>) outs(%w : memref<4xf32>)
      scf.yield %n2, %w : memref<64xi8>, memref<4xf32>
    } else {
      scf.yield %a, %v : memref<64xi8>, memref<4xf32>
    }
    scf.yield %p#0, %p#1 : memref<64xi8>, memref<4xf32>
  }
  return %r#0, %r#1 : memref<64xi8>, memref<4xf32>
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c20 = arith.constant 20 : index
  %c1000 = arith.constant 1000 : index
  %x:2 = call @loop(%c20) : (index) -> (memref<64xi8>, memref<4xf32>)
  %y:2 = call @loop(%c1000) : (index) -> (memref<64xi8>, memref<4xf32>)
  %u = memref.load %x#1[%c0] : memref<4xf32>
  %w = memref.load %y#1[%c0] : memref<4xf32>
  vector.print %u : f32
  vector.print %w : f32
  return
}
// 20 iterations replace the pair 10 times: 2^10; 1000 iterations: 2^500
// overflows to inf.
// CHECK: 1024
// CHECK-NEXT: inf
// CHECK: leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0

//--- diamond.mlir
// A view at a byte shift of a buffer, read in the block after a diamond of
// blocks, one arm of which allocates, and then in an scf.index_switch (fuzz
// seed 330309): the deallocation frees the buffer and the view's base buffer
// in one op at the end.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %three = arith.constant 3 : i32
  %byte = arith.constant 5 : i8
  %zero = arith.constant 0 : i8
  %f = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %two = arith.constant 2.0 : f64
  %a = memref.alloc() : memref<64xi8>
  linalg.fill ins(%byte : i8) outs(%a : memref<64xi8>)
  %v = memref.view %a[%c8][] : memref<64xi8> to memref<14xf32>
  %x = memref.load %v[%c0] : memref<14xf32>
  %c = arith.cmpf ogt, %x, %f : f32
  cf.cond_br %c, ^skip, ^small
^skip:
  cf.br ^join
^small:
  %t = memref.alloc() : memref<4xf64>
  linalg.fill ins(%two : f64) outs(%t : memref<4xf64>)
  cf.br ^join
^join:
  %y = memref.load %v[%c0] : memref<14xf32>
  %yi = arith.fptosi %y : f32 to i32
  %k = arith.andi %yi, %three : i32
  %ki = arith.index_cast %k : i32 to index
  scf.index_switch %ki
  case 1 {
    %u = memref.alloc() : memref<8xf32>
    linalg.fill ins(%six : f32) outs(%u : memref<8xf32>)
    scf.yield
  }
  default {
    scf.yield
  }
  %s = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (i8) {
    %b = memref.load %a[%i] : memref<64xi8>
    %n = arith.addi %acc, %b : i8
    scf.yield %n : i8
  }
  // 64 bytes of 5, summed in i8: 320 mod 256.
  // CHECK: 64
  vector.print %s : i8
  // CHECK: alloc-tracker: {{.*}} leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
