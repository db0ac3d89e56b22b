// RUN: mlir-opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(check-buffer-deallocation-input{private-function-dynamic-ownership=true})" \
// RUN:   | FileCheck %s

// Without the option the pass checks nothing: the first case passes too.
// RUN: mlir-opt %s --split-input-file --check-buffer-deallocation-input \
// RUN:   | FileCheck %s --check-prefix=OFF
// OFF-LABEL: func.func @result_in_other_block

// After prepare-buffer-deallocation, which gives the uses in other blocks a
// cast in the call's block, the check passes.
// RUN: mlir-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(prepare-buffer-deallocation,check-buffer-deallocation-input{private-function-dynamic-ownership=true})" \
// RUN:   | FileCheck %s --check-prefix=PREPARED
// PREPARED-LABEL: func.func @result_in_other_block
// PREPARED-LABEL: func.func @scalar_result_in_other_block
// PREPARED-LABEL: func.func @accepted

// So the pipeline deallocates the call's result, with dynamic ownership
// (under the ownership result the call gets) and without.
// RUN: mlir-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(buffer-deallocation-pipeline{private-function-dynamic-ownership=true})" \
// RUN:   | FileCheck %s --check-prefix=DYNAMIC
// DYNAMIC-LABEL: func.func @result_in_other_block
//  DYNAMIC-SAME:   (%[[C:.*]]: i1)
//       DYNAMIC:   %[[R:.*]]:2 = call @make() : () -> (memref<8xf32>, i1)
//       DYNAMIC:   %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#0
//       DYNAMIC:   %[[TAKEN:.*]] = arith.andi %[[R]]#1, %[[C]]
//       DYNAMIC:   %[[NOT:.*]] = arith.xori %[[C]]
//       DYNAMIC:   %[[SKIPPED:.*]] = arith.andi %[[R]]#1, %[[NOT]]
//       DYNAMIC:   scf.if %[[SKIPPED]]
//  DYNAMIC-NEXT:     memref.dealloc %[[BASE]]
//       DYNAMIC:   cf.cond_br %[[C]], ^bb1, ^bb2
//       DYNAMIC: ^bb1:
//  DYNAMIC-NEXT:   linalg.fill {{.*}} outs(%[[R]]#0
//  DYNAMIC-NEXT:   scf.if %[[TAKEN]]
//  DYNAMIC-NEXT:     memref.dealloc %[[BASE]]
// DYNAMIC-LABEL: func.func @scalar_result_in_other_block
//       DYNAMIC:   %[[V:.*]] = call @first(
//       DYNAMIC: ^bb1:
//  DYNAMIC-NEXT:   arith.addf %[[V]], %[[V]]
// RUN: mlir-opt %s --split-input-file --buffer-deallocation-pipeline 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=DEFAULT
// DEFAULT-LABEL: func.func @result_in_other_block
//       DEFAULT:   %[[R:.*]] = call @make()
//       DEFAULT:   %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]
//       DEFAULT:   memref.dealloc %[[BASE]]
//       DEFAULT:   cf.cond_br
//       DEFAULT:   linalg.fill {{.*}} outs(%[[R]]
//  DEFAULT-NEXT:   memref.dealloc %[[BASE]]

// A result of a call to a private function used in a successor block (a
// finding of the deallocation fuzzer).

func.func @result_in_other_block(%c: i1) {
  // expected-error @below {{'func.call' op result #0 of a call to private function @make is used in another block, which ownership-based deallocation with private-function-dynamic-ownership=true does not support; run prepare-buffer-deallocation first or set private-function-dynamic-ownership=false}}
  %r = func.call @make() : () -> memref<8xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %f = arith.constant 2.0 : f32
  // expected-note @below {{used here}}
  linalg.fill ins(%f : f32) outs(%r : memref<8xf32>)
  cf.br ^bb2
^bb2:
  return
}

func.func private @make() -> memref<8xf32> {
  %a = memref.alloc() : memref<8xf32>
  return %a : memref<8xf32>
}

// -----

// A result of any other type: the upstream pass crashes on it.

func.func @scalar_result_in_other_block(%c: i1, %a: memref<8xf32>) -> f32 {
  // expected-error @below {{'func.call' op result #0 of a call to private function @first is used in another block}}
  %v = func.call @first(%a) : (memref<8xf32>) -> f32
  cf.cond_br %c, ^bb1, ^bb2(%v : f32)
^bb1:
  // expected-note @below {{used here}}
  %w = arith.addf %v, %v : f32
  cf.br ^bb2(%w : f32)
^bb2(%r: f32):
  return %r : f32
}

func.func private @first(%a: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<8xf32>
  return %v : f32
}

// -----

// Accepted: uses in the call's block, in regions of ops of that block and
// as branch operands; calls to public functions and to declarations.

// CHECK-LABEL: func.func @accepted
func.func @accepted(%c: i1, %out: memref<8xf32>) {
  %r = func.call @make() : () -> memref<8xf32>
  memref.copy %r, %out : memref<8xf32> to memref<8xf32>
  scf.if %c {
    memref.copy %r, %out : memref<8xf32> to memref<8xf32>
  }
  %p = func.call @make_public() : () -> memref<8xf32>
  %d = func.call @declared() : () -> memref<8xf32>
  cf.cond_br %c, ^bb1(%r : memref<8xf32>), ^bb2
^bb1(%arg: memref<8xf32>):
  memref.copy %arg, %out : memref<8xf32> to memref<8xf32>
  memref.copy %p, %out : memref<8xf32> to memref<8xf32>
  memref.copy %d, %out : memref<8xf32> to memref<8xf32>
  cf.br ^bb2
^bb2:
  return
}

func.func private @make() -> memref<8xf32> {
  %a = memref.alloc() : memref<8xf32>
  return %a : memref<8xf32>
}

func.func @make_public() -> memref<8xf32> {
  %a = memref.alloc() : memref<8xf32>
  return %a : memref<8xf32>
}

func.func private @declared() -> memref<8xf32>

