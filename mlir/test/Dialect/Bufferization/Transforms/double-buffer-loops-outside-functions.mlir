// RUN: mlir-opt %s --allow-unregistered-dialect --pass-pipeline="builtin.module(double-buffer-loops)" | FileCheck %s

// Run on a module, the pass also sees loops in ops that are no function. A
// loop there whose state starts as a call result and is freed under its
// ownership indicator recycles its states like one in a function: a call in
// the loop counts as allocating, but none runs while the spare waits.

// CHECK-LABEL: "test.wrapper"
//       CHECK:   scf.for
//       CHECK:     scf.if %{{.*}} -> (memref<4xf32>) {
//       CHECK:     } else {
//       CHECK:       memref.alloc() : memref<4xf32>
//       CHECK:     func.call @step
//   CHECK-NOT:     memref.dealloc
//       CHECK:     scf.yield
func.func private @step(memref<4xf32>, memref<4xf32>)
func.func private @make() -> memref<4xf32>
"test.wrapper"() ({
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 8 : index
  %false = arith.constant false
  %true = arith.constant true
  %a = func.call @make() : () -> memref<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a, %own = %false) -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    func.call @step(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    scf.if %own {
      memref.dealloc %m : memref<4xf32>
    }
    scf.yield %new, %true : memref<4xf32>, i1
  }
  "test.use"(%r#0, %r#1) : (memref<4xf32>, i1) -> ()
  "test.end"() : () -> ()
}) : () -> ()
