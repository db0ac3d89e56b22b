// RUN: mlir-opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(check-buffer-deallocation-input{private-function-dynamic-ownership=true})" \
// RUN:   | FileCheck %s

// Without the option the pass checks nothing: the first case passes too.
// RUN: mlir-opt %s --split-input-file --check-buffer-deallocation-input \
// RUN:   | FileCheck %s --check-prefix=OFF
// OFF-LABEL: func.func @result_in_other_block

// Through the pipeline: the same diagnostic and nothing else, instead of the
// crash of ownership-based-buffer-deallocation; without dynamic ownership
// the pipeline deallocates the call's result.
// RUN: mlir-opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(buffer-deallocation-pipeline{private-function-dynamic-ownership=true})" \
// RUN:   -o /dev/null
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
  // expected-error @below {{'func.call' op result #0 of a call to private function @make is used in another block, which ownership-based deallocation with private-function-dynamic-ownership=true does not support; set private-function-dynamic-ownership=false}}
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

// Accepted: uses in the call's block, in regions of ops of that block and
// as branch operands; calls to public functions and to declarations; results
// that are not memrefs.

// CHECK-LABEL: func.func @accepted
func.func @accepted(%c: i1, %out: memref<8xf32>) {
  %r = func.call @make() : () -> memref<8xf32>
  memref.copy %r, %out : memref<8xf32> to memref<8xf32>
  scf.if %c {
    memref.copy %r, %out : memref<8xf32> to memref<8xf32>
  }
  %p = func.call @make_public() : () -> memref<8xf32>
  %d = func.call @declared() : () -> memref<8xf32>
  %n = func.call @number() : () -> index
  cf.cond_br %c, ^bb1(%r : memref<8xf32>), ^bb2
^bb1(%arg: memref<8xf32>):
  memref.copy %arg, %out : memref<8xf32> to memref<8xf32>
  memref.copy %p, %out : memref<8xf32> to memref<8xf32>
  memref.copy %d, %out : memref<8xf32> to memref<8xf32>
  %i = arith.addi %n, %n : index
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

func.func private @number() -> index {
  %c = arith.constant 1 : index
  return %c : index
}
