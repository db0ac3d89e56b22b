// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(free-buffers-at-last-use))" --split-input-file | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(free-buffers-at-last-use))" --split-input-file \
// RUN:   --remarks-filter=free-buffers-at-last-use --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | grep -o 'Remark=.*' | sort | FileCheck %s --check-prefix=REMARK
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(free-buffers-at-last-use{into-regions=false}))" --split-input-file \
// RUN:   --remarks-filter=free-buffers-at-last-use --remark-format=emitRemark 2>&1 | FileCheck %s --check-prefix=NOREGIONS

// A buffer whose last use is an op that runs exactly one of its regions is
// freed in each region instead, when a region may allocate after the buffer
// is dead in it (anywhere in a region that does not use it, after its last
// use in one that does): right at the start of a region that does not use
// it, after its last use in a region that uses it.

// @sink_into_if, @sink_into_switch, @sink_after_last_use_in_region and
// @sink_into_if_without_else sink one free each, @sink_into_nested_switch
// one into the scf.if and on into the scf.index_switch in it, and
// @sink_no_deeper one into the scf.if only; no other free moves.
// REMARK: Remark="buffer freed in each region of 'scf.if', its last use"
// REMARK-NEXT: Remark="buffer freed in each region of 'scf.if', its last use"
// REMARK-NEXT: Remark="buffer freed in each region of 'scf.if', its last use"
// REMARK-NEXT: Remark="buffer freed in each region of 'scf.if', its last use"
// REMARK-NEXT: Remark="buffer freed in each region of 'scf.if', its last use"
// REMARK-NEXT: Remark="buffer freed in each region of 'scf.index_switch', its last use"
// REMARK-NEXT: Remark="buffer freed in each region of 'scf.index_switch', its last use"
// REMARK-NOT: Remark=

// With into-regions=false, no free goes into a region: the free of a buffer
// whose last use is the scf.if stays after it.
// NOREGIONS-NOT: in each region

// NOREGIONS-LABEL: func @sink_into_if
//       NOREGIONS:   %[[A:.*]] = memref.alloc() : memref<16xf32>
//       NOREGIONS:   scf.if
//       NOREGIONS:   } else {
//   NOREGIONS-NOT:     memref.dealloc
//       NOREGIONS:   }
//  NOREGIONS-NEXT:   memref.dealloc %[[A]]
//  NOREGIONS-NEXT:   return

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

// -----

// Every region uses the buffer, and the `then` region allocates after its
// last use there: the buffer dies there before the allocation.

// CHECK-LABEL: func @sink_after_last_use_in_region
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<16xf32>
//       CHECK:   scf.if
//  CHECK-NEXT:     memref.load %[[A]]
//  CHECK-NEXT:     memref.dealloc %[[A]]
//  CHECK-NEXT:     %[[B:.*]] = memref.alloc()
//       CHECK:   } else {
//  CHECK-NEXT:     linalg.fill {{.*}} outs(%[[A]]
//  CHECK-NEXT:     memref.dealloc %[[A]]
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return
func.func @sink_after_last_use_in_region(%c: i1) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<16xf32>)
  scf.if %c {
    %v = memref.load %a[%c0] : memref<16xf32>
    %b = memref.alloc() : memref<16xf32>
    linalg.fill ins(%v : f32) outs(%b : memref<16xf32>)
    memref.dealloc %b : memref<16xf32>
  } else {
    linalg.fill ins(%cst : f32) outs(%a : memref<16xf32>)
  }
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// An scf.if without results and without an `else`, whose `then` region
// allocates after its last use of the buffer, gets an `else` that frees it.

// CHECK-LABEL: func @sink_into_if_without_else
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<16xf32>
//       CHECK:   scf.if
//  CHECK-NEXT:     memref.load %[[A]]
//  CHECK-NEXT:     memref.dealloc %[[A]]
//  CHECK-NEXT:     %[[B:.*]] = memref.alloc()
//       CHECK:   } else {
//  CHECK-NEXT:     memref.dealloc %[[A]]
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return
func.func @sink_into_if_without_else(%c: i1) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<16xf32>)
  scf.if %c {
    %v = memref.load %a[%c0] : memref<16xf32>
    %b = memref.alloc() : memref<16xf32>
    linalg.fill ins(%v : f32) outs(%b : memref<16xf32>)
    memref.dealloc %b : memref<16xf32>
  }
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// The regions allocate only before their last use of the buffer: freeing
// it in them would not lower the peak, and the free stays after the scf.if
// (without an `else` added to it).

// CHECK-LABEL: func @allocates_before_last_use
//       CHECK:   scf.if
//   CHECK-NOT:     memref.dealloc %{{.*}} : memref<16xf32>
//       CHECK:     memref.dealloc %{{.*}} : memref<8xf32>
//  CHECK-NEXT:   }
//  CHECK-NEXT:   memref.dealloc %{{.*}} : memref<16xf32>
//  CHECK-NEXT:   return
func.func @allocates_before_last_use(%c: i1) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<16xf32>)
  scf.if %c {
    %b = memref.alloc() : memref<8xf32>
    linalg.fill ins(%cst : f32) outs(%b : memref<8xf32>)
    %v = memref.load %a[%c0] : memref<16xf32>
    memref.store %v, %b[%c0] : memref<8xf32>
    memref.dealloc %b : memref<8xf32>
  }
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// The last use in the scf.if's region is an scf.index_switch that
// allocates after the buffer is dead in its one case that uses it: the
// free goes into the scf.if's regions (the added `else` included) and on
// into each case, where the case allocates after it.

// CHECK-LABEL: func @sink_into_nested_switch
//  CHECK-SAME: (%[[C:.*]]: i1, %[[I:.*]]: index)
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<16xf32>
//       CHECK:   scf.if %[[C]] {
//  CHECK-NEXT:     scf.index_switch %[[I]]
//  CHECK-NEXT:     case 0 {
//  CHECK-NEXT:       linalg.fill {{.*}} outs(%[[A]] :
//  CHECK-NEXT:       memref.dealloc %[[A]]
//  CHECK-NEXT:       memref.alloc() : memref<8xf32>
//       CHECK:     default {
//  CHECK-NEXT:       memref.dealloc %[[A]]
//  CHECK-NEXT:     }
//  CHECK-NEXT:   } else {
//  CHECK-NEXT:     memref.dealloc %[[A]]
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return
func.func @sink_into_nested_switch(%c: i1, %i: index) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<16xf32>)
  scf.if %c {
    scf.index_switch %i
    case 0 {
      linalg.fill ins(%cst : f32) outs(%a : memref<16xf32>)
      %b = memref.alloc() : memref<8xf32>
      linalg.fill ins(%cst : f32) outs(%b : memref<8xf32>)
      memref.dealloc %b : memref<8xf32>
      scf.yield
    }
    default {
    }
  }
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// The scf.if's region allocates after its last use, an scf.index_switch
// that does not allocate: the free goes into the scf.if's regions, after
// the scf.index_switch, and no deeper.

// CHECK-LABEL: func @sink_no_deeper
//  CHECK-SAME: (%[[C:.*]]: i1, %[[I:.*]]: index)
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<16xf32>
//       CHECK:   scf.if %[[C]] {
//  CHECK-NEXT:     scf.index_switch %[[I]]
//   CHECK-NOT:       memref.dealloc
//       CHECK:       vector.print
//  CHECK-NEXT:     }
//  CHECK-NEXT:     memref.dealloc %[[A]]
//  CHECK-NEXT:     memref.alloc() : memref<8xf32>
//       CHECK:   } else {
//  CHECK-NEXT:     memref.dealloc %[[A]]
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return
func.func @sink_no_deeper(%c: i1, %i: index) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<16xf32>)
  scf.if %c {
    scf.index_switch %i
    case 0 {
      linalg.fill ins(%cst : f32) outs(%a : memref<16xf32>)
      scf.yield
    }
    default {
      %v = memref.load %a[%c0] : memref<16xf32>
      vector.print %v : f32
    }
    %b = memref.alloc() : memref<8xf32>
    linalg.fill ins(%cst : f32) outs(%b : memref<8xf32>)
    memref.dealloc %b : memref<8xf32>
  }
  memref.dealloc %a : memref<16xf32>
  return
}
