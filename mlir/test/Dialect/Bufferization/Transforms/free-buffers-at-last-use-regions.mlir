// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(free-buffers-at-last-use))" --split-input-file | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(free-buffers-at-last-use))" --split-input-file \
// RUN:   --remarks-filter=free-buffers-at-last-use --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | grep -o 'Remark=.*' | sort | FileCheck %s --check-prefix=REMARK

// A buffer whose last use is an op that runs exactly one of its regions is
// freed in each region instead, when a region that does not use it may
// allocate: right at the start of such a region, after its last use in a
// region that uses it.

// @sink_into_if and @sink_into_switch sink one free each; no other free
// moves.
// REMARK: Remark="buffer freed in each region of 'scf.if', its last use"
// REMARK-NEXT: Remark="buffer freed in each region of 'scf.index_switch', its last use"
// REMARK-NOT: Remark=

// CHECK-LABEL: func @sink_into_if
//  CHECK-SAME: (%[[C:.*]]: i1)
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<16xf32>
//       CHECK:   scf.if %[[C]] {
//  CHECK-NEXT:     memref.dealloc %[[A]]
//  CHECK-NEXT:     %[[B:.*]] = memref.alloc()
//       CHECK:   } else {
//  CHECK-NEXT:     memref.load %[[A]]
//  CHECK-NEXT:     memref.dealloc %[[A]]
//  CHECK-NEXT:     vector.print
//  CHECK-NEXT:   }
//   CHECK-NOT:   memref.dealloc
//       CHECK:   return
func.func @sink_into_if(%c: i1) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<16xf32>)
  scf.if %c {
    %b = memref.alloc() : memref<16xf32>
    linalg.fill ins(%cst : f32) outs(%b : memref<16xf32>)
    memref.dealloc %b : memref<16xf32>
  } else {
    %v = memref.load %a[%c0] : memref<16xf32>
    vector.print %v : f32
  }
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// CHECK-LABEL: func @sink_into_switch
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<16xf32>
//       CHECK:   scf.index_switch
//       CHECK:   case 0 {
//  CHECK-NEXT:     linalg.fill {{.*}} outs(%[[A]]
//  CHECK-NEXT:     memref.dealloc %[[A]]
//       CHECK:   case 1 {
//  CHECK-NEXT:     memref.dealloc %[[A]]
//  CHECK-NEXT:     memref.alloc()
//       CHECK:   default {
//  CHECK-NEXT:     memref.dealloc %[[A]]
//  CHECK-NEXT:   }
func.func @sink_into_switch(%i: index) {
  %cst = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<16xf32>
  scf.index_switch %i
  case 0 {
    linalg.fill ins(%cst : f32) outs(%a : memref<16xf32>)
    vector.print %cst : f32
    scf.yield
  }
  case 1 {
    %b = memref.alloc() : memref<16xf32>
    linalg.fill ins(%cst : f32) outs(%b : memref<16xf32>)
    memref.dealloc %b : memref<16xf32>
    scf.yield
  }
  default {
    scf.yield
  }
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// No region that does not use the buffer allocates: the free stays after
// the scf.if, where a later allocation may take the buffer over.

// CHECK-LABEL: func @nothing_to_gain
//       CHECK:   } else {
//  CHECK-NEXT:     linalg.fill
//  CHECK-NEXT:   }
//  CHECK-NEXT:   memref.dealloc
func.func @nothing_to_gain(%c: i1) {
  %cst = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<16xf32>
  scf.if %c {
    vector.print %cst : f32
  } else {
    linalg.fill ins(%cst : f32) outs(%a : memref<16xf32>)
  }
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// A result of the scf.if may be the buffer: the free stays after it.

// CHECK-LABEL: func @result_may_be_buffer
//       CHECK:   scf.if
//   CHECK-NOT:     memref.dealloc
//       CHECK:   } else {
//  CHECK-NEXT:     scf.yield
//  CHECK-NEXT:   }
//  CHECK-NEXT:   memref.dealloc
func.func @result_may_be_buffer(%c: i1) -> memref<16xf32> {
  %cst = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<16xf32>)
  %r = scf.if %c -> memref<16xf32> {
    %b = memref.alloc() : memref<16xf32>
    linalg.fill ins(%cst : f32) outs(%b : memref<16xf32>)
    scf.yield %b : memref<16xf32>
  } else {
    scf.yield %a : memref<16xf32>
  }
  memref.dealloc %a : memref<16xf32>
  %t = memref.alloc() : memref<16xf32>
  return %t : memref<16xf32>
}
