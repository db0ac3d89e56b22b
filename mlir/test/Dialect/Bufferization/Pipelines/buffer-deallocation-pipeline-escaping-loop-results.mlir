// RUN: mlir-opt %s -buffer-deallocation-pipeline --split-input-file | FileCheck %s

// Loops whose init the function allocates and whose result leaves the
// function. The loop takes its init over, so a loop that does not iterate
// returns the init itself: no clone and no pointer comparison after the
// loop, and the loop runs on two buffers.

#id = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func @for_result_returned
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<64xf32>
//       CHECK:   %[[SPARE:.*]] = memref.alloc() : memref<64xf32>
//       CHECK:   %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[CUR:.*]] = %[[A]], %[[NEXT:.*]] = %[[SPARE]])
//   CHECK-NOT:     memref.alloc
//       CHECK:     scf.yield %[[NEXT]], %[[CUR]]
//       CHECK:   }
//  CHECK-NEXT:   memref.dealloc %[[R]]#1
//  CHECK-NEXT:   return %[[R]]#0
func.func @for_result_returned(%n: index) -> memref<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<64xf32>
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%init : memref<64xf32>)
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> (memref<64xf32>) {
    %next = memref.alloc() : memref<64xf32>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%cur : memref<64xf32>) outs(%next : memref<64xf32>) {
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %x : f32
      linalg.yield %s : f32
    }
    scf.yield %next : memref<64xf32>
  }
  return %r : memref<64xf32>
}

// -----

// The same loop written with blocks, lifted to an `scf.while`.

#id = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func @blocks_result_returned
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<64xf32>
//       CHECK:   %[[SPARE:.*]] = memref.alloc() : memref<64xf32>
//       CHECK:   %[[R:.*]]:3 = scf.while ({{.*}}, %{{.*}} = %[[A]], %{{.*}} = %[[SPARE]])
//   CHECK-NOT:   memref.alloc
//   CHECK-NOT:   bufferization.clone
//   CHECK-NOT:   arith.cmpi ne
//       CHECK:   memref.dealloc %[[R]]#2
//  CHECK-NEXT:   return %[[R]]#1
func.func @blocks_result_returned(%n: index) -> memref<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<64xf32>
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%init : memref<64xf32>)
  cf.br ^header(%c0, %init : index, memref<64xf32>)
^header(%i: index, %cur: memref<64xf32>):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %next = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%cur : memref<64xf32>) outs(%next : memref<64xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  }
  %i1 = arith.addi %i, %c1 : index
  cf.br ^header(%i1, %next : index, memref<64xf32>)
^exit:
  return %cur : memref<64xf32>
}

// -----

// The result is passed to a call and freed after it.

#id = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func @for_result_passed_on
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<64xf32>
//       CHECK:   %[[SPARE:.*]] = memref.alloc() : memref<64xf32>
//       CHECK:   %[[R:.*]]:2 = scf.for {{.*}} iter_args(%{{.*}} = %[[A]], %{{.*}} = %[[SPARE]])
//       CHECK:   memref.dealloc %[[R]]#1
//       CHECK:   call @consume(%[[R]]#0)
//   CHECK-NOT:   arith.cmpi
//       CHECK:   memref.dealloc
//  CHECK-NEXT:   return
func.func private @consume(memref<64xf32>)
func.func @for_result_passed_on(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<64xf32>
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%init : memref<64xf32>)
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> (memref<64xf32>) {
    %next = memref.alloc() : memref<64xf32>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%cur : memref<64xf32>) outs(%next : memref<64xf32>) {
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %x : f32
      linalg.yield %s : f32
    }
    scf.yield %next : memref<64xf32>
  }
  func.call @consume(%r) : (memref<64xf32>) -> ()
  return
}

// -----

// The init is the caller's buffer, which the function does not own: a loop
// that does not iterate must return a copy of it, and the last buffer of a
// loop that does is freed in the loop only from the second iteration on.

#id = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func @for_init_not_owned
//       CHECK:   scf.for
//       CHECK:     memref.alloc
//       CHECK:   }
//       CHECK:   bufferization.clone
func.func @for_init_not_owned(%init: memref<64xf32>, %n: index) -> memref<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> (memref<64xf32>) {
    %next = memref.alloc() : memref<64xf32>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%cur : memref<64xf32>) outs(%next : memref<64xf32>) {
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %x : f32
      linalg.yield %s : f32
    }
    scf.yield %next : memref<64xf32>
  }
  return %r : memref<64xf32>
}
