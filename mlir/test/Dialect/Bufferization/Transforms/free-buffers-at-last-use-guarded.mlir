// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(free-buffers-at-last-use))" --split-input-file | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(free-buffers-at-last-use))" --split-input-file \
// RUN:   --remarks-filter=free-buffers-at-last-use --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | grep -o 'Remark=.*' | sort | FileCheck %s --check-prefix=REMARK

// Frees under runtime alias checks, as the lowering of bufferization.dealloc
// emits them at the end of a block: an scf.if that only frees, and the ops
// that only compute its condition from the addresses of buffers. Such a
// guarded free moves as a whole to right after the last use of the buffers
// it may free; the comparisons of addresses are no use of a buffer for its
// own free, but every other free waits for them.

// One guarded free moves in @guarded_free, one in @constant_condition, one
// in @nested_guarded_free, one in @guarded_free_in_arm; one plain free moves
// in @guarded_free and one in @comparisons_hold_other_frees; one goes into
// the regions in @guarded_free_in_arm.
// REMARK: Remark="buffer freed in each region of 'scf.if', its last use"
// REMARK-COUNT-2: Remark="buffer freed right after its last use"
// REMARK-COUNT-5: Remark="buffers freed under runtime alias checks right after their last use"
// REMARK-NOT: Remark=

// %r is %a or a fresh buffer; its free and that of %a waited for the
// comparisons at the end of the block, after the loop that allocates %t.
// Both now come before %t.

// CHECK-LABEL: func @guarded_free
//  CHECK-SAME: (%[[C:.*]]: i1, %[[N:.*]]: index)
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[R:.*]] = scf.if %[[C]]
//       CHECK:   linalg.fill {{.*}} outs(%[[R]]
//  CHECK-NEXT:   %[[TRUE:.*]] = arith.constant true
//  CHECK-NEXT:   %[[NOT:.*]] = arith.xori %[[C]], %[[TRUE]]
//  CHECK-NEXT:   %[[BASE:[^,]*]], {{.*}} = memref.extract_strided_metadata %[[R]]
//  CHECK-NEXT:   %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[BASE]]
//  CHECK-NEXT:   %[[Q:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
//  CHECK-NEXT:   %[[NE:.*]] = arith.cmpi ne, %[[P]], %[[Q]]
//  CHECK-NEXT:   %[[G:.*]] = arith.andi %[[NOT]], %[[NE]]
//  CHECK-NEXT:   scf.if %[[G]] {
//  CHECK-NEXT:     memref.dealloc %[[BASE]]
//  CHECK-NEXT:   }
//  CHECK-NEXT:   memref.dealloc %[[A]]
//  CHECK-NEXT:   scf.for
//       CHECK:     %[[T:.*]] = memref.alloc()
//       CHECK:     memref.dealloc %[[T]]
//       CHECK:   }
//  CHECK-NEXT:   return
func.func @guarded_free(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f32
  %true = arith.constant true
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<64xf32>)
  %r = scf.if %c -> memref<64xf32> {
    scf.yield %a : memref<64xf32>
  } else {
    %b = memref.alloc() : memref<64xf32>
    linalg.fill ins(%cst : f32) outs(%b : memref<64xf32>)
    scf.yield %b : memref<64xf32>
  }
  %not = arith.xori %c, %true : i1
  linalg.fill ins(%cst : f32) outs(%r : memref<64xf32>)
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<64xf32>
    linalg.fill ins(%cst : f32) outs(%t : memref<64xf32>)
    memref.dealloc %t : memref<64xf32>
  }
  %base, %off, %size, %stride = memref.extract_strided_metadata %r : memref<64xf32> -> memref<f32>, index, index, index
  memref.dealloc %a : memref<64xf32>
  %p = memref.extract_aligned_pointer_as_index %base : memref<f32> -> index
  %q = memref.extract_aligned_pointer_as_index %a : memref<64xf32> -> index
  %ne = arith.cmpi ne, %p, %q : index
  %g = arith.andi %not, %ne : i1
  scf.if %g {
    memref.dealloc %base : memref<f32>
  }
  return
}

// -----

// The condition's constant moves along; the guarded free stays after the
// last use of %r inside the loop.

// CHECK-LABEL: func @constant_condition
//       CHECK:   scf.for
//       CHECK:     memref.load %[[R:.*]][
//       CHECK:   }
//  CHECK-NEXT:   %[[BASE:[^,]*]], {{.*}} = memref.extract_strided_metadata %[[R]]
//  CHECK-NEXT:   %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[BASE]]
//  CHECK-NEXT:   %[[Q:.*]] = memref.extract_aligned_pointer_as_index
//  CHECK-NEXT:   %[[EQ:.*]] = arith.cmpi eq, %[[P]], %[[Q]]
//  CHECK-NEXT:   %[[TRUE:.*]] = arith.constant true
//  CHECK-NEXT:   %[[G:.*]] = arith.xori %[[EQ]], %[[TRUE]]
//  CHECK-NEXT:   scf.if %[[G]] {
//  CHECK-NEXT:     memref.dealloc %[[BASE]]
//       CHECK:   %[[X:.*]] = memref.alloc()
func.func @constant_condition(%c: i1, %a: memref<64xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f32
  %r = scf.if %c -> memref<64xf32> {
    scf.yield %a : memref<64xf32>
  } else {
    %b = memref.alloc() : memref<64xf32>
    linalg.fill ins(%cst : f32) outs(%b : memref<64xf32>)
    scf.yield %b : memref<64xf32>
  }
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %cst) -> f32 {
    %v = memref.load %r[%i] : memref<64xf32>
    %w = arith.addf %acc, %v : f32
    scf.yield %w : f32
  }
  %x = memref.alloc() : memref<64xf32>
  linalg.fill ins(%s : f32) outs(%x : memref<64xf32>)
  %y = memref.load %x[%c0] : memref<64xf32>
  memref.dealloc %x : memref<64xf32>
  %base, %off, %size, %stride = memref.extract_strided_metadata %r : memref<64xf32> -> memref<f32>, index, index, index
  %p = memref.extract_aligned_pointer_as_index %base : memref<f32> -> index
  %q = memref.extract_aligned_pointer_as_index %a : memref<64xf32> -> index
  %eq = arith.cmpi eq, %p, %q : index
  %true = arith.constant true
  %g = arith.xori %eq, %true : i1
  scf.if %g {
    memref.dealloc %base : memref<f32>
  }
  return %y : f32
}

// -----

// A guarded free of a buffer whose address another guarded free compares
// stays after that comparison: once freed, its memory could come back from
// a later allocation and compare equal to it. Here %w would otherwise be
// freed before %z is allocated. %v, whose address nothing compares, is
// freed right after its last use.

// CHECK-LABEL: func @comparisons_hold_other_frees
//       CHECK:   %[[W:.*]] = memref.alloc()
//       CHECK:   %[[V:.*]] = memref.alloc()
//  CHECK-NEXT:   linalg.fill {{.*}} outs(%[[V]]
//  CHECK-NEXT:   memref.dealloc %[[V]]
//  CHECK-NEXT:   %[[Z:.*]] = memref.alloc()
//       CHECK:   %[[PW:.*]] = memref.extract_aligned_pointer_as_index %[[W]]
//  CHECK-NEXT:   %[[PZ:.*]] = memref.extract_aligned_pointer_as_index %[[Z]]
//  CHECK-NEXT:   %[[NE:.*]] = arith.cmpi ne, %[[PZ]], %[[PW]]
//  CHECK-NEXT:   %[[G:.*]] = arith.andi
//  CHECK-NEXT:   scf.if %[[G]] {
//  CHECK-NEXT:     memref.dealloc %[[Z]]
//  CHECK-NEXT:   }
//  CHECK-NEXT:   scf.if %{{.*}} {
//  CHECK-NEXT:     memref.dealloc %[[W]]
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return
func.func @comparisons_hold_other_frees(%cw: i1, %cz: i1) {
  %cst = arith.constant 0.0 : f32
  %w = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst : f32) outs(%w : memref<64xf32>)
  %v = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst : f32) outs(%v : memref<64xf32>)
  %z = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst : f32) outs(%z : memref<64xf32>)
  %pw = memref.extract_aligned_pointer_as_index %w : memref<64xf32> -> index
  %pz = memref.extract_aligned_pointer_as_index %z : memref<64xf32> -> index
  %ne = arith.cmpi ne, %pz, %pw : index
  %g = arith.andi %cz, %ne : i1
  scf.if %g {
    memref.dealloc %z : memref<64xf32>
  }
  scf.if %cw {
    memref.dealloc %w : memref<64xf32>
  }
  memref.dealloc %v : memref<64xf32>
  return
}

// -----

// The guarded free of a loop's result moves past the ops of the guarded
// free in the loop's body, which reads the address of the same buffers
// (the iteration argument) but moves only within the body: up to the load,
// before the larger buffer is allocated.

// CHECK-LABEL: func @nested_guarded_free
//       CHECK:   %[[R:.*]]:2 = scf.for
//       CHECK:     scf.if
//  CHECK-NEXT:       memref.dealloc
//  CHECK-NEXT:     }
//  CHECK-NEXT:     scf.yield
//  CHECK-NEXT:   }
//  CHECK-NEXT:   %[[V:.*]] = memref.load %[[R]]#0
//  CHECK-NEXT:   %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#0
//  CHECK-NEXT:   scf.if %[[R]]#1 {
//  CHECK-NEXT:     memref.dealloc %[[BASE]]
//  CHECK-NEXT:   }
//  CHECK-NEXT:   memref.alloc() : memref<64xf32>
func.func @nested_guarded_free(%n: index, %f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %init = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%init : memref<4xf32>)
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init, %own = %true) -> (memref<4xf32>, i1) {
    %y = memref.alloc() : memref<4xf32>
    memref.copy %x, %y : memref<4xf32> to memref<4xf32>
    %base, %offset, %size, %stride = memref.extract_strided_metadata %x : memref<4xf32> -> memref<f32>, index, index, index
    scf.if %own {
      memref.dealloc %base : memref<f32>
    }
    scf.yield %y, %true : memref<4xf32>, i1
  }
  %v = memref.load %r#0[%c0] : memref<4xf32>
  %big = memref.alloc() : memref<64xf32>
  linalg.fill ins(%v : f32) outs(%big : memref<64xf32>)
  %w = memref.load %big[%c1] : memref<64xf32>
  memref.dealloc %big : memref<64xf32>
  %base, %offset, %size, %stride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  scf.if %r#1 {
    memref.dealloc %base : memref<f32>
  }
  return %w : f32
}

// -----

// A guarded free in a region of an scf.if: the loop's result may be %a,
// which the function uses before the scf.if and frees after it. Those uses
// run before the region or after it, when the region no longer holds the
// loop's result, so the guarded free moves up to the last use of the result,
// before the region allocates %big. %a, now dead in both regions before they
// allocate, is freed at their start and after the guarded free.

// CHECK-LABEL: func @guarded_free_in_arm
//       CHECK:   scf.if
//  CHECK-NEXT:     memref.dealloc %[[A:.*]] :
//  CHECK-NEXT:     scf.yield
//  CHECK-NEXT:   } else {
//       CHECK:     %[[R:.*]]:2 = scf.for
//       CHECK:       scf.yield %{{.*}}, %{{.*}} : memref<4xf32>, i1
//  CHECK-NEXT:     }
//  CHECK-NEXT:     %[[W:.*]] = memref.load %[[R]]#0
//  CHECK-NEXT:     %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#0
//  CHECK-NEXT:     scf.if %[[R]]#1 {
//  CHECK-NEXT:       memref.dealloc %[[BASE]]
//  CHECK-NEXT:     }
//  CHECK-NEXT:     memref.dealloc %[[A]]
//  CHECK-NEXT:     memref.alloc() : memref<64xf32>
//       CHECK:   }
//  CHECK-NEXT:   return
func.func @guarded_free_in_arm(%c: i1, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  %false = arith.constant false
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<4xf32>)
  %v = scf.if %c -> f32 {
    scf.yield %cst : f32
  } else {
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %own = %false) -> (memref<4xf32>, i1) {
      %y = memref.alloc() : memref<4xf32>
      memref.copy %x, %y : memref<4xf32> to memref<4xf32>
      %base, %offset, %size, %stride = memref.extract_strided_metadata %x : memref<4xf32> -> memref<f32>, index, index, index
      scf.if %own {
        memref.dealloc %base : memref<f32>
      }
      scf.yield %y, %true : memref<4xf32>, i1
    }
    %w = memref.load %r#0[%c0] : memref<4xf32>
    %big = memref.alloc() : memref<64xf32>
    linalg.fill ins(%w : f32) outs(%big : memref<64xf32>)
    %u = memref.load %big[%c1] : memref<64xf32>
    memref.dealloc %big : memref<64xf32>
    %base, %offset, %size, %stride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
    scf.if %r#1 {
      memref.dealloc %base : memref<f32>
    }
    scf.yield %u : f32
  }
  memref.dealloc %a : memref<4xf32>
  return %v : f32
}

// -----

// The same, with %a read after the scf.if: the guarded free may free %a for
// all the pass knows, so it stays after that read would be, at the end of
// the region.

// CHECK-LABEL: func @guarded_free_in_arm_read_after
//       CHECK:   } else {
//       CHECK:     memref.dealloc %{{.*}} : memref<64xf32>
//  CHECK-NEXT:     %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata
//  CHECK-NEXT:     scf.if %{{.*}}#1 {
//  CHECK-NEXT:       memref.dealloc %[[BASE]]
//  CHECK-NEXT:     }
//  CHECK-NEXT:     scf.yield
func.func @guarded_free_in_arm_read_after(%c: i1, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  %false = arith.constant false
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<4xf32>)
  %v = scf.if %c -> f32 {
    scf.yield %cst : f32
  } else {
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %own = %false) -> (memref<4xf32>, i1) {
      %y = memref.alloc() : memref<4xf32>
      memref.copy %x, %y : memref<4xf32> to memref<4xf32>
      %base, %offset, %size, %stride = memref.extract_strided_metadata %x : memref<4xf32> -> memref<f32>, index, index, index
      scf.if %own {
        memref.dealloc %base : memref<f32>
      }
      scf.yield %y, %true : memref<4xf32>, i1
    }
    %w = memref.load %r#0[%c0] : memref<4xf32>
    %big = memref.alloc() : memref<64xf32>
    linalg.fill ins(%w : f32) outs(%big : memref<64xf32>)
    %u = memref.load %big[%c1] : memref<64xf32>
    memref.dealloc %big : memref<64xf32>
    %base, %offset, %size, %stride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
    scf.if %r#1 {
      memref.dealloc %base : memref<f32>
    }
    scf.yield %u : f32
  }
  %t = memref.load %a[%c1] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  %s = arith.addf %v, %t : f32
  return %s : f32
}

// -----

// An allocation identity, as the lowering of the deallocation threads it for
// a view at a byte shift: the inner `scf.if` yields the address of the
// allocation of the buffer it yields as an `index` result, which is only
// compared. Those comparisons are the last use of the addresses, and they
// come before the clone: the guarded free of the yielded buffer moves up to
// right after the clone, before the next allocation.

// CHECK-LABEL: func @identity_yielded_and_compared
//       CHECK:   %[[R:.*]]:2 = scf.if
//       CHECK:   bufferization.clone %[[R]]#0
//  CHECK-NEXT:   %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#0
//  CHECK-NEXT:   scf.if %[[R]]#1 {
//  CHECK-NEXT:     memref.dealloc %[[BASE]]
//  CHECK-NEXT:   }
//  CHECK-NEXT:   memref.alloc() : memref<16xf32>
func.func @identity_yielded_and_compared(%c: i1, %d: i1, %arg: memref<8xi32>) -> (memref<8xi32>, memref<16xf32>) {
  %c32 = arith.constant 32 : index
  %false = arith.constant false
  %cst = arith.constant 7.0 : f32
  %a = memref.alloc() : memref<64xi8>
  %r:2 = scf.if %c -> (memref<8xi32>, i1) {
    %s:2 = scf.if %d -> (memref<8xi32>, index) {
      %p = memref.extract_aligned_pointer_as_index %arg : memref<8xi32> -> index
      scf.yield %arg, %p : memref<8xi32>, index
    } else {
      %v = memref.view %a[%c32][] : memref<64xi8> to memref<8xi32>
      %p = memref.extract_aligned_pointer_as_index %a : memref<64xi8> -> index
      scf.yield %v, %p : memref<8xi32>, index
    }
    %pa = memref.extract_aligned_pointer_as_index %a : memref<64xi8> -> index
    %same = arith.cmpi eq, %pa, %s#1 : index
    %other = arith.cmpi ne, %pa, %s#1 : index
    scf.if %other {
      memref.dealloc %a : memref<64xi8>
    }
    scf.yield %s#0, %same : memref<8xi32>, i1
  } else {
    memref.dealloc %a : memref<64xi8>
    scf.yield %arg, %false : memref<8xi32>, i1
  }
  %copy = bufferization.clone %r#0 : memref<8xi32> to memref<8xi32>
  %out = memref.alloc() : memref<16xf32>
  linalg.fill ins(%cst : f32) outs(%out : memref<16xf32>)
  %base, %offset, %size, %stride = memref.extract_strided_metadata %r#0 : memref<8xi32> -> memref<i32>, index, index, index
  scf.if %r#1 {
    memref.dealloc %base : memref<i32>
  }
  return %copy, %out : memref<8xi32>, memref<16xf32>
}

// -----

// The same, but the identity also leaves the function: the address may be
// compared with that of a later allocation, so the free stays after it.

// CHECK-LABEL: func @identity_yielded_and_returned
//       CHECK:   %[[R:.*]]:3 = scf.if
//       CHECK:   bufferization.clone %[[R]]#0
//  CHECK-NEXT:   memref.alloc() : memref<16xf32>
//  CHECK-NEXT:   linalg.fill
//  CHECK-NEXT:   %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#0
//  CHECK-NEXT:   scf.if %[[R]]#1 {
//  CHECK-NEXT:     memref.dealloc %[[BASE]]
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return
func.func @identity_yielded_and_returned(%c: i1, %d: i1, %arg: memref<8xi32>) -> (memref<8xi32>, memref<16xf32>, index) {
  %c32 = arith.constant 32 : index
  %false = arith.constant false
  %cst = arith.constant 7.0 : f32
  %a = memref.alloc() : memref<64xi8>
  %r:3 = scf.if %c -> (memref<8xi32>, i1, index) {
    %s:2 = scf.if %d -> (memref<8xi32>, index) {
      %p = memref.extract_aligned_pointer_as_index %arg : memref<8xi32> -> index
      scf.yield %arg, %p : memref<8xi32>, index
    } else {
      %v = memref.view %a[%c32][] : memref<64xi8> to memref<8xi32>
      %p = memref.extract_aligned_pointer_as_index %a : memref<64xi8> -> index
      scf.yield %v, %p : memref<8xi32>, index
    }
    %pa = memref.extract_aligned_pointer_as_index %a : memref<64xi8> -> index
    %same = arith.cmpi eq, %pa, %s#1 : index
    %other = arith.cmpi ne, %pa, %s#1 : index
    scf.if %other {
      memref.dealloc %a : memref<64xi8>
    }
    scf.yield %s#0, %same, %s#1 : memref<8xi32>, i1, index
  } else {
    memref.dealloc %a : memref<64xi8>
    %p = memref.extract_aligned_pointer_as_index %arg : memref<8xi32> -> index
    scf.yield %arg, %false, %p : memref<8xi32>, i1, index
  }
  %copy = bufferization.clone %r#0 : memref<8xi32> to memref<8xi32>
  %out = memref.alloc() : memref<16xf32>
  linalg.fill ins(%cst : f32) outs(%out : memref<16xf32>)
  %base, %offset, %size, %stride = memref.extract_strided_metadata %r#0 : memref<8xi32> -> memref<i32>, index, index, index
  scf.if %r#1 {
    memref.dealloc %base : memref<i32>
  }
  return %copy, %out, %r#2 : memref<8xi32>, memref<16xf32>, index
}
