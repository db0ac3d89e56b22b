// RUN: mlir-opt %s -merge-alloc -split-input-file | FileCheck %s
// RUN: mlir-opt %s -merge-alloc -split-input-file --remarks-filter=merge-alloc --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: mlir-opt %s -merge-alloc="alignment=16 allow-peak-increase" -split-input-file | FileCheck %s --check-prefix=ALIGN16
// RUN: mlir-opt %s -merge-alloc="allow-peak-increase" -split-input-file | FileCheck %s --check-prefix=ALLOW
// RUN: mlir-opt %s -merge-alloc="assume-hoisting" -split-input-file | FileCheck %s --check-prefix=HOIST

// The seed's matmul chain after bufferization. Merged, the three
// temporaries would take 131072 bytes from the first matmul to the last,
// while the returned buffer is alive too: 196608 bytes at the last matmul,
// where the buffers apart never hold more than 131072. So they are left
// alone; with allow-peak-increase they become views of one buffer, the
// third in the place of the first.

// CHECK-LABEL: func @matmul_chain
//   CHECK-NOT: memref.view
// ALLOW-LABEL: func @matmul_chain
//  ALLOW-SAME: (%[[X:.*]]: memref<128x128xf32>, %[[Y:.*]]: memref<128x128xf32>)
//   ALLOW-DAG: %[[C0:.*]] = arith.constant 0 : index
//   ALLOW-DAG: %[[C65536:.*]] = arith.constant 65536 : index
//   ALLOW-DAG: %[[BUF:.*]] = memref.alloc() : memref<131072xi8>
//       ALLOW: %[[A:.*]] = memref.view %[[BUF]][%[[C0]]][] : memref<131072xi8> to memref<128x128xf32>
//       ALLOW: linalg.matmul ins(%[[X]], %[[Y]] : {{.*}}) outs(%[[A]] : memref<128x128xf32>)
//       ALLOW: %[[B:.*]] = memref.view %[[BUF]][%[[C65536]]][] : memref<131072xi8> to memref<128x128xf32>
//       ALLOW: linalg.matmul ins(%[[A]], %[[Y]] : {{.*}}) outs(%[[B]] : memref<128x128xf32>)
//       ALLOW: %[[C:.*]] = memref.view %[[BUF]][%[[C0]]][] : memref<131072xi8> to memref<128x128xf32>
//       ALLOW: linalg.matmul ins(%[[B]], %[[Y]] : {{.*}}) outs(%[[C]] : memref<128x128xf32>)
//       ALLOW: %[[D:.*]] = memref.alloc() : memref<128x128xf32>
//       ALLOW: linalg.matmul ins(%[[C]], %[[Y]] : {{.*}}) outs(%[[D]] : memref<128x128xf32>)
//       ALLOW: return %[[D]]
// COM: An explicit alignment: the merged allocation carries it.
// ALIGN16-LABEL: func @matmul_chain
//       ALIGN16: memref.alloc() {alignment = 16 : i64} : memref<131072xi8>
func.func @matmul_chain(%x: memref<128x128xf32>, %y: memref<128x128xf32>) -> memref<128x128xf32> {
  %a = memref.alloc() : memref<128x128xf32>
  linalg.matmul ins(%x, %y : memref<128x128xf32>, memref<128x128xf32>) outs(%a : memref<128x128xf32>)
  %b = memref.alloc() : memref<128x128xf32>
  linalg.matmul ins(%a, %y : memref<128x128xf32>, memref<128x128xf32>) outs(%b : memref<128x128xf32>)
  %c = memref.alloc() : memref<128x128xf32>
  linalg.matmul ins(%b, %y : memref<128x128xf32>, memref<128x128xf32>) outs(%c : memref<128x128xf32>)
  %d = memref.alloc() : memref<128x128xf32>
  linalg.matmul ins(%c, %y : memref<128x128xf32>, memref<128x128xf32>) outs(%d : memref<128x128xf32>)
  return %d : memref<128x128xf32>
}

// -----

// COM: The same chain writing its result into an argument: nothing else is
// COM: alive, so the merged buffer never holds more than the temporaries at
// COM: their peak. It is allocated where the first of them was, with no
// COM: alignment attribute: f32 needs no more than malloc gives.

// CHECK-LABEL: func @chain_into_argument
//  CHECK-SAME: (%[[X:.*]]: memref<128x128xf32>, %[[Y:.*]]: memref<128x128xf32>, %[[OUT:.*]]: memref<128x128xf32>)
//  CHECK-NEXT: %[[BUF:.*]] = memref.alloc() : memref<131072xi8>
//   CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
//   CHECK-DAG: %[[C65536:.*]] = arith.constant 65536 : index
//       CHECK: %[[A:.*]] = memref.view %[[BUF]][%[[C0]]][] : memref<131072xi8> to memref<128x128xf32>
//  CHECK-NEXT: linalg.matmul ins(%[[X]], %[[Y]] : {{.*}}) outs(%[[A]] : memref<128x128xf32>)
//  CHECK-NEXT: %[[B:.*]] = memref.view %[[BUF]][%[[C65536]]][] : memref<131072xi8> to memref<128x128xf32>
//  CHECK-NEXT: linalg.matmul ins(%[[A]], %[[Y]] : {{.*}}) outs(%[[B]] : memref<128x128xf32>)
//  CHECK-NEXT: %[[C:.*]] = memref.view %[[BUF]][%[[C0]]][] : memref<131072xi8> to memref<128x128xf32>
//  CHECK-NEXT: linalg.matmul ins(%[[B]], %[[Y]] : {{.*}}) outs(%[[C]] : memref<128x128xf32>)
//  CHECK-NEXT: linalg.matmul ins(%[[C]], %[[Y]] : {{.*}}) outs(%[[OUT]] : memref<128x128xf32>)
//  CHECK-NEXT: return
// REMARK: remark: [Passed] AllocsMerged | Category:merge-alloc | Remark="merged 3 allocation(s) of 196608 bytes into one buffer of 131072 bytes (cost-model)"
func.func @chain_into_argument(%x: memref<128x128xf32>, %y: memref<128x128xf32>, %out: memref<128x128xf32>) {
  %a = memref.alloc() : memref<128x128xf32>
  linalg.matmul ins(%x, %y : memref<128x128xf32>, memref<128x128xf32>) outs(%a : memref<128x128xf32>)
  %b = memref.alloc() : memref<128x128xf32>
  linalg.matmul ins(%a, %y : memref<128x128xf32>, memref<128x128xf32>) outs(%b : memref<128x128xf32>)
  %c = memref.alloc() : memref<128x128xf32>
  linalg.matmul ins(%b, %y : memref<128x128xf32>, memref<128x128xf32>) outs(%c : memref<128x128xf32>)
  linalg.matmul ins(%c, %y : memref<128x128xf32>, memref<128x128xf32>) outs(%out : memref<128x128xf32>)
  return
}

// -----

// COM: Temporaries of a loop body would move out of the loop: one
// COM: allocation for all iterations, both temporaries at offset 0 as they
// COM: never live at the same time. But the loop may run no iteration, and
// COM: then the merged buffer takes 256 bytes where nothing else of the
// COM: scope surely takes any: left alone by default.

// CHECK-LABEL: func @loop_temporaries
//   CHECK-NOT: memref.view
// ALLOW-LABEL: func @loop_temporaries
//       ALLOW: %[[BUF:.*]] = memref.alloc() : memref<256xi8>
//       ALLOW: scf.for
//   ALLOW-NOT: memref.alloc
//       ALLOW: memref.view %[[BUF]][%{{.*}}][] : memref<256xi8> to memref<8x8xf32>
//       ALLOW: memref.view %[[BUF]][%{{.*}}][] : memref<256xi8> to memref<64xf32>
// COM: With assume-hoisting, both are taken to be allocated before the loop
// COM: apart, whether or not it runs (hoist-alloc-dealloc-pairs): merged,
// COM: they hold 256 bytes there instead of 512.
// HOIST-LABEL: func @loop_temporaries
//       HOIST: %[[BUF:.*]] = memref.alloc() : memref<256xi8>
//       HOIST: scf.for
//   HOIST-NOT: memref.alloc
//       HOIST: memref.view %[[BUF]][%{{.*}}][] : memref<256xi8> to memref<8x8xf32>
//       HOIST: memref.view %[[BUF]][%{{.*}}][] : memref<256xi8> to memref<64xf32>
func.func @loop_temporaries(%n: index, %f: f32, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<8x8xf32>
    linalg.fill ins(%f : f32) outs(%t : memref<8x8xf32>)
    %flat = memref.collapse_shape %t [[0, 1]] : memref<8x8xf32> into memref<64xf32>
    linalg.copy ins(%flat : memref<64xf32>) outs(%out : memref<64xf32>)
    %u = memref.alloc() : memref<64xf32>
    linalg.copy ins(%out : memref<64xf32>) outs(%u : memref<64xf32>)
    linalg.copy ins(%u : memref<64xf32>) outs(%out : memref<64xf32>)
  }
  return
}

// -----

// COM: A loop of one iteration is folded away by the canonicalizer before
// COM: anything hoists, and its body's buffers then live only from their
// COM: allocation to their last use: even with assume-hoisting they are not
// COM: taken to live over the loop, and are left alone.

// HOIST-LABEL: func @single_iteration_loop
//   HOIST-NOT: memref.view
//       HOIST: return
func.func @single_iteration_loop(%f: f32, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c1 step %c1 {
    %t = memref.alloc() : memref<64xf32>
    linalg.fill ins(%f : f32) outs(%t : memref<64xf32>)
    linalg.copy ins(%t : memref<64xf32>) outs(%out : memref<64xf32>)
    %u = memref.alloc() : memref<64xf32>
    linalg.copy ins(%out : memref<64xf32>) outs(%u : memref<64xf32>)
    linalg.copy ins(%u : memref<64xf32>) outs(%out : memref<64xf32>)
  }
  return
}

// -----

// COM: hoist-alloc-dealloc-pairs gives %t1 and %t2, of one type and used one
// COM: after the other, one hoisted buffer of 32 bytes: with %big, which is
// COM: returned, the second loop holds 96 bytes apart. Merged with %t0 into
// COM: 64 bytes, it would hold 128 (fuzz seed 3145). Neither counts as a
// COM: buffer the loop surely holds, as either may share the other's, so
// COM: nothing is merged.

// CHECK-LABEL: func @hoisted_same_shape
// HOIST-LABEL: func @hoisted_same_shape
//   HOIST-NOT: memref.view
//       HOIST: return
func.func @hoisted_same_shape(%n: index, %f: f32, %i: i32, %b: i8, %out: memref<f32>) -> memref<64xi8> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %n step %c1 {
    %t0 = memref.alloc() : memref<16xi32>
    linalg.fill ins(%i : i32) outs(%t0 : memref<16xi32>)
  }
  %big = memref.alloc() : memref<64xi8>
  linalg.fill ins(%b : i8) outs(%big : memref<64xi8>)
  scf.for %k = %c0 to %n step %c1 {
    %t1 = memref.alloc() : memref<8xf32>
    linalg.fill ins(%f : f32) outs(%t1 : memref<8xf32>)
    %v = memref.load %t1[%c0] : memref<8xf32>
    memref.store %v, %out[] : memref<f32>
    %t2 = memref.alloc() : memref<8xf32>
    linalg.fill ins(%f : f32) outs(%t2 : memref<8xf32>)
    %w = memref.load %t2[%c0] : memref<8xf32>
    memref.store %w, %out[] : memref<f32>
  }
  return %big : memref<64xi8>
}

// -----

// COM: %a and %b, of one type, are used one after the other in each
// COM: iteration, and the rest of the pipeline would give them one hoisted
// COM: buffer: they take one offset, next to %c, which is alive across both.

// CHECK-LABEL: func @hoisted_one_after_the_other
// HOIST-LABEL: func @hoisted_one_after_the_other
//       HOIST: %[[BUF:.*]] = memref.alloc() : memref<96xi8>
//       HOIST: scf.for
//   HOIST-NOT: memref.alloc
//       HOIST: memref.view %[[BUF]][%[[C0:.*]]][] : memref<96xi8> to memref<16xf32>
//       HOIST: memref.view %[[BUF]][%[[C64:.*]]][] : memref<96xi8> to memref<8xf32>
//       HOIST: memref.view %[[BUF]][%[[C64]]][] : memref<96xi8> to memref<8xf32>
func.func @hoisted_one_after_the_other(%n: index, %f: f32, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %n step %c1 {
    %c = memref.alloc() : memref<16xf32>
    linalg.fill ins(%f : f32) outs(%c : memref<16xf32>)
    %a = memref.alloc() : memref<8xf32>
    linalg.fill ins(%f : f32) outs(%a : memref<8xf32>)
    %v = memref.load %a[%c0] : memref<8xf32>
    memref.store %v, %out[] : memref<f32>
    %b = memref.alloc() : memref<8xf32>
    linalg.fill ins(%f : f32) outs(%b : memref<8xf32>)
    %w = memref.load %b[%c0] : memref<8xf32>
    %x = memref.load %c[%c1] : memref<16xf32>
    %y = arith.addf %w, %x : f32
    memref.store %y, %out[] : memref<f32>
  }
  return
}

// -----

// COM: A block that branches: the deallocation frees its buffers right
// COM: before the branch, under the successor's condition, which
// COM: free-buffers-at-last-use does not move. Apart, %t and %u are hoisted
// COM: and freed right after the loop (96 bytes); merged, their 64 bytes
// COM: would be held to the branch, next to %big (128 bytes, fuzz seed 3620).

// CHECK-LABEL: func @branching_block
// HOIST-LABEL: func @branching_block
//   HOIST-NOT: memref.view
//       HOIST: return
func.func @branching_block(%c: i1, %f: f32, %i: index, %out: memref<index>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %k = %c0 to %c2 step %c1 {
    %t = memref.alloc() : memref<8xindex>
    linalg.fill ins(%i : index) outs(%t : memref<8xindex>)
    %u = memref.alloc() : memref<8xf32>
    linalg.fill ins(%f : f32) outs(%u : memref<8xf32>)
  }
  %big = memref.alloc() : memref<8xindex>
  linalg.fill ins(%i : index) outs(%big : memref<8xindex>)
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb2
^bb2:
  %v = memref.load %big[%c0] : memref<8xindex>
  memref.store %v, %out[] : memref<index>
  return
}

// -----

// COM: Buffers used in sibling inner loops of one outer loop live as long as
// COM: the outer loop and do not share memory.

// CHECK-LABEL: func @sibling_inner_loops
//       CHECK: %[[BUF:.*]] = memref.alloc() : memref<128xi8>
//   CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
//   CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
//   CHECK-DAG: %[[A:.*]] = memref.view %[[BUF]][%[[C0]]][] : memref<128xi8> to memref<16xf32>
//   CHECK-DAG: %[[B:.*]] = memref.view %[[BUF]][%[[C64]]][] : memref<128xi8> to memref<16xf32>
//       CHECK: memref.store %{{.*}}, %[[A]]
//       CHECK: memref.store %{{.*}}, %[[B]]
func.func @sibling_inner_loops(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      memref.store %f, %a[%j] : memref<16xf32>
    }
    scf.for %j = %c0 to %n step %c1 {
      memref.store %f, %b[%j] : memref<16xf32>
    }
  }
  return
}

// -----

// COM: An scf.forall body gets a merged buffer of its own, and memory
// COM: spaces get one each; the function's own buffers are alone in their
// COM: memory spaces, and a merged buffer of one would save nothing. In the
// COM: body, the i64 buffer goes at 64, which is a multiple of 8.

// CHECK-LABEL: func @forall_and_memory_spaces
//       CHECK: memref.alloc() : memref<16xf32>
//       CHECK: memref.alloc() : memref<4xf32, 1>
//       CHECK: scf.forall
//       CHECK:   %[[INNER:.*]] = memref.alloc() : memref<96xi8>
//       CHECK:   memref.view %[[INNER]][%{{.*}}][] : memref<96xi8> to memref<16xf32>
//       CHECK:   memref.view %[[INNER]][%{{.*}}][] : memref<96xi8> to memref<4xi64>
func.func @forall_and_memory_spaces(%f: f32) {
  %c0 = arith.constant 0 : index
  %x = memref.alloc() : memref<16xf32>
  %s = memref.alloc() : memref<4xf32, 1>
  memref.store %f, %s[%c0] : memref<4xf32, 1>
  scf.forall (%i) in (4) {
    %y = memref.alloc() : memref<16xf32>
    %z = memref.alloc() : memref<4xi64>
    %i64 = arith.index_cast %i : index to i64
    memref.store %f, %y[%c0] : memref<16xf32>
    memref.store %i64, %z[%c0] : memref<4xi64>
    %v = memref.load %y[%c0] : memref<16xf32>
    memref.store %v, %x[%i] : memref<16xf32>
  }
  return
}

// -----

// COM: Nothing mergeable: the function is left exactly as it was.

// CHECK-LABEL: func @nothing_mergeable
//  CHECK-NEXT: memref.alloc(%{{.*}}) : memref<?xf32>
//  CHECK-NEXT: memref.alloc() : memref<4xf32>
//  CHECK-NEXT: return
func.func @nothing_mergeable(%n: index) -> (memref<?xf32>, memref<4xf32>) {
  %dyn = memref.alloc(%n) : memref<?xf32>
  %ret = memref.alloc() : memref<4xf32>
  return %dyn, %ret : memref<?xf32>, memref<4xf32>
}

// -----

// COM: A call to a function whose body is not known may allocate: no merged
// COM: buffer spans it, so the temporaries before and after it get one
// COM: merged buffer each.

func.func private @external()

// CHECK-LABEL: func @call_between
//       CHECK: %[[FIRST:.*]] = memref.alloc() : memref<128xi8>
//   CHECK-NOT: memref.alloc
//       CHECK: call @external()
//  CHECK-NEXT: %[[SECOND:.*]] = memref.alloc() : memref<128xi8>
//   CHECK-NOT: memref.alloc
//       CHECK: return
func.func @call_between(%in: memref<16xf32>, %out: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%in : memref<16xf32>) outs(%a : memref<16xf32>)
  %b = memref.alloc() : memref<16xf32>
  linalg.copy ins(%a : memref<16xf32>) outs(%b : memref<16xf32>)
  linalg.copy ins(%b : memref<16xf32>) outs(%out : memref<16xf32>)
  func.call @external() : () -> ()
  %c = memref.alloc() : memref<16xf32>
  linalg.copy ins(%out : memref<16xf32>) outs(%c : memref<16xf32>)
  %d = memref.alloc() : memref<16xf32>
  linalg.copy ins(%c : memref<16xf32>) outs(%d : memref<16xf32>)
  linalg.copy ins(%d : memref<16xf32>) outs(%out : memref<16xf32>)
  return
}

// -----

// COM: The scope holds at most 2048 bytes: %a and %b, then %b and the
// COM: returned %r. Merged with %b, %a would make that 3072 when %r is
// COM: allocated, so it is left alone; %b and the two small temporaries that
// COM: live after it share one 1024-byte buffer.

// CHECK-LABEL: func @phases
//       CHECK: %[[A:.*]] = memref.alloc() : memref<256xf32>
//       CHECK: %[[BUF:.*]] = memref.alloc() : memref<1024xi8>
//       CHECK: %[[B:.*]] = memref.view %[[BUF]][%[[C0:.*]]][] : memref<1024xi8> to memref<256xf32>
//       CHECK: linalg.copy ins(%[[A]] : {{.*}}) outs(%[[B]] :
//       CHECK: %[[R:.*]] = memref.alloc() : memref<256xf32>
//       CHECK: memref.view %[[BUF]][%[[C0]]][] : memref<1024xi8> to memref<16xf32>
//       CHECK: memref.view %[[BUF]][%{{.*}}][] : memref<1024xi8> to memref<16xf32>
//       CHECK: return %[[R]]
// REMARK: remark: [Passed] AllocsMerged | Category:merge-alloc | Remark="merged 3 allocation(s) of 1152 bytes into one buffer of 1024 bytes (cost-model)"
func.func @phases(%in: memref<256xf32>, %small: memref<16xf32>) -> memref<256xf32> {
  %a = memref.alloc() : memref<256xf32>
  linalg.copy ins(%in : memref<256xf32>) outs(%a : memref<256xf32>)
  %b = memref.alloc() : memref<256xf32>
  linalg.copy ins(%a : memref<256xf32>) outs(%b : memref<256xf32>)
  %r = memref.alloc() : memref<256xf32>
  linalg.copy ins(%b : memref<256xf32>) outs(%r : memref<256xf32>)
  %c = memref.alloc() : memref<16xf32>
  linalg.copy ins(%small : memref<16xf32>) outs(%c : memref<16xf32>)
  %d = memref.alloc() : memref<16xf32>
  linalg.copy ins(%c : memref<16xf32>) outs(%d : memref<16xf32>)
  linalg.copy ins(%d : memref<16xf32>) outs(%small : memref<16xf32>)
  return %r : memref<256xf32>
}

// -----

// COM: Offsets are aligned as the buffers' types need: the second i8 buffer
// COM: goes at 8 because an f64 buffer shares the merged buffer.

// CHECK-LABEL: func @element_alignment
//       CHECK: %[[BUF:.*]] = memref.alloc() : memref<16xi8>
//   CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
//   CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
//       CHECK: memref.view %[[BUF]][%[[C0]]][] : memref<16xi8> to memref<3xi8>
//       CHECK: memref.view %[[BUF]][%[[C8]]][] : memref<16xi8> to memref<3xi8>
//       CHECK: memref.view %[[BUF]][%[[C0]]][] : memref<16xi8> to memref<2xf64>
func.func @element_alignment(%f: f64, %i: i8) -> (i8, f64) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<3xi8>
  %b = memref.alloc() : memref<3xi8>
  memref.store %i, %a[%c0] : memref<3xi8>
  linalg.copy ins(%a : memref<3xi8>) outs(%b : memref<3xi8>)
  %x = memref.load %b[%c0] : memref<3xi8>
  %c = memref.alloc() : memref<2xf64>
  memref.store %f, %c[%c0] : memref<2xf64>
  %y = memref.load %c[%c0] : memref<2xf64>
  return %x, %y : i8, f64
}

// -----

// COM: A buffer with an alignment attribute makes the merged allocation
// COM: carry it, and every offset is a multiple of it. The two tiny buffers
// COM: take 32-byte slots where the first two were, so the merged buffer
// COM: holds no more than the 544 bytes (with the attribute's slack) that the
// COM: first two take apart.

// CHECK-LABEL: func @alignment_attribute
//       CHECK: %[[BUF:.*]] = memref.alloc() {alignment = 32 : i64} : memref<512xi8>
//   CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
//   CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
//   CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
//       CHECK: memref.view %[[BUF]][%[[C0]]][] : memref<512xi8> to memref<64xf32>
//       CHECK: memref.view %[[BUF]][%[[C256]]][] : memref<512xi8> to memref<64xf32>
//       CHECK: memref.view %[[BUF]][%{{.*}}][] : memref<512xi8> to memref<3xi8>
//       CHECK: memref.view %[[BUF]][%{{.*}}][] : memref<512xi8> to memref<3xi8>
//   CHECK-NOT: memref.alloc
func.func @alignment_attribute(%f: f32, %i: i8, %out: memref<64xf32>) -> i8 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() {alignment = 32 : i64} : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  %b = memref.alloc() : memref<64xf32>
  linalg.copy ins(%a : memref<64xf32>) outs(%b : memref<64xf32>)
  linalg.copy ins(%b : memref<64xf32>) outs(%out : memref<64xf32>)
  %c = memref.alloc() : memref<3xi8>
  %d = memref.alloc() : memref<3xi8>
  memref.store %i, %c[%c0] : memref<3xi8>
  linalg.copy ins(%c : memref<3xi8>) outs(%d : memref<3xi8>)
  %x = memref.load %d[%c0] : memref<3xi8>
  return %x : i8
}

// -----

// COM: One temporary alone in its scope is left as it is.

// CHECK-LABEL: func @single
//  CHECK-NEXT: arith.constant
//  CHECK-NEXT: memref.alloc() : memref<4xf32>
func.func @single(%f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %f, %a[%c0] : memref<4xf32>
  %v = memref.load %a[%c0] : memref<4xf32>
  return %v : f32
}

// -----

// COM: A buffer copied with memref.copy may be removed by the pipeline's
// COM: elide-buffer-copies, so it does not surely take memory apart; merged,
// COM: it would. Such buffers are left alone.

// CHECK-LABEL: func @copied
//   CHECK-NOT: memref.view
// ALLOW-LABEL: func @copied
//       ALLOW: memref.view
func.func @copied(%in: memref<16xf32>, %out: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  memref.copy %in, %a : memref<16xf32> to memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.copy %a, %b : memref<16xf32> to memref<16xf32>
  memref.copy %b, %out : memref<16xf32> to memref<16xf32>
  return
}

// -----

// COM: Temporaries in a branch may never be allocated: the lower bound of
// COM: the peak counts only %s, which leaves no room for a merged buffer
// COM: held over the whole scf.if, also when the branch is not taken.

// CHECK-LABEL: func @branch_temporaries
//   CHECK-NOT: memref.view
// ALLOW-LABEL: func @branch_temporaries
//       ALLOW: memref.view
func.func @branch_temporaries(%c: i1, %f: f32, %out: memref<64xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %s = memref.alloc() : memref<16xf32>
  memref.store %f, %s[%c0] : memref<16xf32>
  scf.if %c {
    %t = memref.alloc() : memref<64xf32>
    memref.store %f, %t[%c0] : memref<64xf32>
    %u = memref.alloc() : memref<64xf32>
    %v = memref.load %t[%c0] : memref<64xf32>
    memref.store %v, %u[%c0] : memref<64xf32>
    %w = memref.load %u[%c0] : memref<64xf32>
    memref.store %w, %out[%c0] : memref<64xf32>
  }
  %r = memref.load %s[%c0] : memref<16xf32>
  return %r : f32
}

// -----

// COM: In a function with several blocks, the temporaries nested in an op of
// COM: ^bb1 get a merged buffer in ^bb1, right before that op: %big and %big2
// COM: surely take 512 bytes there, which leaves room for it.

// CHECK-LABEL: func @multi_block_scope
//       CHECK: cf.cond_br
//   CHECK-NOT: memref.alloc
//       CHECK: ^bb1:
//  CHECK-NEXT: %[[BIG:.*]] = memref.alloc() : memref<64xf32>
//  CHECK-NEXT: memref.store %{{.*}}, %[[BIG]]
//  CHECK-NEXT: %[[BUF:.*]] = memref.alloc() : memref<64xi8>
//       CHECK: scf.if
//  CHECK-NEXT: memref.view %[[BUF]][%{{.*}}][] : memref<64xi8> to memref<16xf32>
//       CHECK: memref.view %[[BUF]][%{{.*}}][] : memref<64xi8> to memref<16xf32>
//       CHECK: memref.alloc() : memref<64xf32>
func.func @multi_block_scope(%c: i1, %f: f32, %out: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  cf.cond_br %c, ^bb1, ^bb2(%f : f32)
^bb1:
  %big = memref.alloc() : memref<64xf32>
  memref.store %f, %big[%c0] : memref<64xf32>
  scf.if %c {
    %t = memref.alloc() : memref<16xf32>
    memref.store %f, %t[%c0] : memref<16xf32>
    %u = memref.alloc() : memref<16xf32>
    %v = memref.load %t[%c0] : memref<16xf32>
    memref.store %v, %u[%c0] : memref<16xf32>
    %w = memref.load %u[%c0] : memref<16xf32>
    memref.store %w, %out[%c0] : memref<16xf32>
  }
  %big2 = memref.alloc() : memref<64xf32>
  memref.store %f, %big2[%c0] : memref<64xf32>
  %x = memref.load %big[%c0] : memref<64xf32>
  %y = memref.load %big2[%c0] : memref<64xf32>
  %s = arith.addf %x, %y : f32
  cf.br ^bb2(%s : f32)
^bb2(%r: f32):
  return %r : f32
}

// -----

// COM: The source of a memref.realloc is freed there, though the alias
// COM: analysis takes the result for its alias: it does not count in the
// COM: lower bound after the realloc. The loop's temporary (the loop may run
// COM: no iteration) is then left alone, and the two after the realloc share
// COM: one buffer.

// CHECK-LABEL: func @realloc_source
//       CHECK: scf.for
//  CHECK-NEXT: memref.alloc() : memref<16xf32>
//       CHECK: memref.realloc
//  CHECK-NEXT: %[[BUF:.*]] = memref.alloc() : memref<64xi8>
//       CHECK: memref.view %[[BUF]]
//       CHECK: memref.view %[[BUF]]
func.func @realloc_source(%n: index, %f: f32, %i: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %n step %c1 {
    %t0 = memref.alloc() : memref<16xf32>
    memref.store %f, %t0[%c0] : memref<16xf32>
  }
  %a = memref.alloc() : memref<8xindex>
  memref.store %i, %a[%c0] : memref<8xindex>
  %g = memref.realloc %a : memref<8xindex> to memref<12xindex>
  %t1 = memref.alloc() : memref<16xf32>
  memref.store %f, %t1[%c0] : memref<16xf32>
  %t2 = memref.alloc() : memref<16xf32>
  memref.store %f, %t2[%c0] : memref<16xf32>
  %x = memref.load %g[%c0] : memref<12xindex>
  return %x : index
}

// -----

// COM: A load whose result is unused, and the ops that only use it, are
// COM: removed by the canonicalizer: they do not keep %a alive. %a is dead
// COM: before %b is allocated, and both share offset 0 of a 64-byte buffer;
// COM: counted as uses, they would make the two overlap, and the merged
// COM: buffer of 128 bytes would double the peak.

// CHECK-LABEL: func @dead_load
//       CHECK: %[[BUF:.*]] = memref.alloc() : memref<64xi8>
//       CHECK: memref.view %[[BUF]][%[[C0:.*]]][] : memref<64xi8> to memref<64xi8>
//       CHECK: memref.view %[[BUF]][%[[C0]]][] : memref<64xi8> to memref<16xi32>
func.func @dead_load() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c6 = arith.constant 6 : i8
  %c9 = arith.constant 9 : i32
  %c4 = arith.constant 4 : i8
  %zero = arith.constant 0 : i32
  %a = memref.alloc() : memref<64xi8>
  linalg.fill ins(%c6 : i8) outs(%a : memref<64xi8>)
  %b = memref.alloc() : memref<16xi32>
  linalg.fill ins(%c9 : i32) outs(%b : memref<16xi32>)
  %v = memref.load %a[%c0] : memref<64xi8>
  %p = arith.cmpi sgt, %v, %c4 : i8
  %s = arith.select %p, %a, %a : memref<64xi8>
  %sum = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (i32) {
    %x = memref.load %b[%i] : memref<16xi32>
    %y = arith.addi %acc, %x : i32
    scf.yield %y : i32
  }
  return %sum : i32
}
