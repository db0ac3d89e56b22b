// RUN: mlir-opt %s --allow-unregistered-dialect -lift-unstructured-control-flow="lift-allocating-branches" -split-input-file | FileCheck %s
// RUN: mlir-opt %s --allow-unregistered-dialect -lift-unstructured-control-flow -split-input-file | FileCheck %s --check-prefix=DEFAULT

// With lift-allocating-branches, a diamond whose arm allocates becomes an
// scf.if that yields the buffer of the arm or the argument; without it, the
// diamond, which the deallocation supports, stays.

// CHECK-LABEL: func @allocating_diamond
//  CHECK-SAME: (%[[C:.*]]: i1, %[[X:.*]]: memref<4xf32>)
//       CHECK: %[[R:.*]] = scf.if %[[C]] -> (memref<4xf32>) {
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   "test.fill"(%[[A]])
//       CHECK:   scf.yield %[[A]] : memref<4xf32>
//       CHECK: } else {
//       CHECK:   scf.yield %[[X]] : memref<4xf32>
//       CHECK: }
//       CHECK: "test.use"(%[[R]])
//   CHECK-NOT: cf.{{(cond_)?}}br
//   CHECK-NOT: ^bb
// DEFAULT-LABEL: func @allocating_diamond
//  DEFAULT-NEXT: cf.cond_br
func.func @allocating_diamond(%c: i1, %x: memref<4xf32>) {
  cf.cond_br %c, ^a, ^b
^a:
  %a = memref.alloc() : memref<4xf32>
  "test.fill"(%a) : (memref<4xf32>) -> ()
  cf.br ^exit(%a : memref<4xf32>)
^b:
  cf.br ^exit(%x : memref<4xf32>)
^exit(%m: memref<4xf32>):
  "test.use"(%m) : (memref<4xf32>) -> ()
  return
}

// -----

// An allocation anywhere in the region counts, here in the entry block,
// nested in an scf.for.

// CHECK-LABEL: func @allocation_before_the_branch
//       CHECK: scf.for
//       CHECK:   memref.alloc()
//       CHECK: scf.if
//   CHECK-NOT: cf.{{(cond_)?}}br
func.func @allocation_before_the_branch(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<4xf32>
    "test.use"(%t) : (memref<4xf32>) -> ()
  }
  cf.cond_br %c, ^a, ^exit
^a:
  "test.op"() : () -> ()
  cf.br ^exit
^exit:
  return
}

// -----

// Branches that allocate nothing stay.

// CHECK-LABEL: func @no_allocation
//  CHECK-NEXT: cf.cond_br
//   CHECK-NOT: scf.if
func.func @no_allocation(%c: i1, %x: memref<4xf32>) {
  cf.cond_br %c, ^a, ^exit(%x : memref<4xf32>)
^a:
  %v = memref.subview %x[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  "test.use"(%v) : (memref<2xf32, strided<[1], offset: 1>>) -> ()
  cf.br ^exit(%x : memref<4xf32>)
^exit(%m: memref<4xf32>):
  "test.use"(%m) : (memref<4xf32>) -> ()
  return
}

// -----

// A region in which an op other than the cf ones branches stays as it is,
// without an error: the deallocation supports it as it is.

// CHECK-LABEL: func @other_branch
//  CHECK-NEXT: cf.cond_br
//       CHECK: memref.alloc
//       CHECK: "test.br"
//   CHECK-NOT: scf.if
func.func @other_branch(%c: i1) {
  cf.cond_br %c, ^a, ^exit
^a:
  %a = memref.alloc() : memref<4xf32>
  "test.use"(%a) : (memref<4xf32>) -> ()
  "test.br"()[^exit] : () -> ()
^exit:
  return
}

// -----

// Each region with several blocks is lifted on its own: the diamond in the
// scf.execute_region allocates, the function's region around it has one
// block.

// CHECK-LABEL: func @nested_region
//       CHECK: scf.execute_region
//       CHECK:   scf.if
//       CHECK:     memref.alloc
//   CHECK-NOT: cf.{{(cond_)?}}br
func.func @nested_region(%c: i1) {
  scf.execute_region {
    cf.cond_br %c, ^a, ^exit
  ^a:
    %a = memref.alloc() : memref<4xf32>
    "test.use"(%a) : (memref<4xf32>) -> ()
    cf.br ^exit
  ^exit:
    scf.yield
  }
  return
}

// -----

// A region inside a loop stays: hoisted out of the loop, the buffers of its
// arms would be held in iterations that take neither arm.

// CHECK-LABEL: func @in_a_loop
//       CHECK: scf.for
//       CHECK:   scf.execute_region
//       CHECK:     cf.cond_br
//   CHECK-NOT: scf.if
func.func @in_a_loop(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.execute_region {
      cf.cond_br %c, ^a, ^exit
    ^a:
      %a = memref.alloc() : memref<4xf32>
      "test.use"(%a) : (memref<4xf32>) -> ()
      cf.br ^exit
    ^exit:
      scf.yield
    }
  }
  return
}

// -----

// So does one inside a loop of blocks, which becomes an scf.while (the
// fuzzer's seed 30493: 64 bytes at once instead of 32).

// CHECK-LABEL: func @in_a_loop_of_blocks
//       CHECK: scf.while
//       CHECK:   scf.execute_region
//       CHECK:     cf.cond_br
//       CHECK:     memref.alloc
func.func @in_a_loop_of_blocks(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^head(%c0 : index)
^head(%i: index):
  %lt = arith.cmpi slt, %i, %n : index
  cf.cond_br %lt, ^body, ^exit
^body:
  scf.execute_region {
    cf.cond_br %c, ^a, ^done
  ^a:
    %a = memref.alloc() : memref<4xf32>
    "test.use"(%a) : (memref<4xf32>) -> ()
    cf.br ^done
  ^done:
    scf.yield
  }
  %next = arith.addi %i, %c1 : index
  cf.br ^head(%next : index)
^exit:
  return
}

// -----

// A diamond whose arm stores a descriptor into a stack slot stays: lifted,
// the store would sit in a region of the scf.if, where
// prepare-buffer-deallocation can no longer make the slot an SSA value.

// CHECK-LABEL: func @stores_descriptor
//   CHECK-NOT: scf.if
//       CHECK: cf.cond_br
func.func @stores_descriptor(%c: i1, %x: memref<4xf32>) {
  %slot = memref.alloca() : memref<memref<4xf32>>
  memref.store %x, %slot[] : memref<memref<4xf32>>
  cf.cond_br %c, ^a, ^join
^a:
  %a = memref.alloc() : memref<4xf32>
  "test.fill"(%a) : (memref<4xf32>) -> ()
  memref.store %a, %slot[] : memref<memref<4xf32>>
  cf.br ^join
^join:
  %y = memref.load %slot[] : memref<memref<4xf32>>
  "test.use"(%y) : (memref<4xf32>) -> ()
  return
}
