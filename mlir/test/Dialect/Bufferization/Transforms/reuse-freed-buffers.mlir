// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(reuse-freed-buffers))" --split-input-file | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(reuse-freed-buffers))" --split-input-file \
// RUN:   --remarks-filter=reuse-freed-buffers --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK

// A later allocation of the same type takes over the freed buffer, with
// other ops, allocations and deallocations in between.

// CHECK-LABEL: func @same_type
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<64xf32>
//       CHECK:   %[[X:.*]] = memref.alloc() : memref<16xi32>
//       CHECK:   linalg.fill {{.*}} outs(%[[A]]
//       CHECK:   linalg.fill {{.*}} outs(%[[X]]
//   CHECK-NOT:   memref.dealloc %[[A]]
//       CHECK:   linalg.fill {{.*}} outs(%[[X]]
//       CHECK:   memref.dealloc %[[X]]
//       CHECK:   linalg.fill {{.*}} outs(%[[A]]
//  CHECK-NEXT:   memref.dealloc %[[A]]
// REMARK: remark: [Passed] BufferReused | Category:reuse-freed-buffers | Remark="allocation of 64 element(s) takes over a buffer freed before it"
func.func @same_type() {
  %cst = arith.constant 0.0 : f32
  %i = arith.constant 0 : i32
  %a = memref.alloc() : memref<64xf32>
  %x = memref.alloc() : memref<16xi32>
  linalg.fill ins(%cst : f32) outs(%a : memref<64xf32>)
  linalg.fill ins(%i : i32) outs(%x : memref<16xi32>)
  memref.dealloc %a : memref<64xf32>
  linalg.fill ins(%i : i32) outs(%x : memref<16xi32>)
  memref.dealloc %x : memref<16xi32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst : f32) outs(%b : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  return
}

// -----

// Another shape with as many elements: reinterpreted.

// CHECK-LABEL: func @other_shape
//       CHECK:   %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
//  CHECK-NEXT:   linalg.fill {{.*}} outs(%[[A]]
//  CHECK-NEXT:   %[[B:.*]] = memref.reinterpret_cast %[[A]] to offset: [0], sizes: [8, 8], strides: [8, 1] : memref<64xf32> to memref<8x8xf32>
//  CHECK-NEXT:   linalg.fill {{.*}} outs(%[[B]]
//  CHECK-NEXT:   memref.dealloc %[[B]]
// REMARK: remark: [Passed] BufferReused | Category:reuse-freed-buffers | Remark="allocation of 64 element(s) takes over a buffer freed before it"
func.func @other_shape() {
  %cst = arith.constant 0.0 : f32
  %a = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<64xf32>)
  %ab, %off, %size, %stride = memref.extract_strided_metadata %a : memref<64xf32> -> memref<f32>, index, index, index
  memref.dealloc %ab : memref<f32>
  %b = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  linalg.fill ins(%cst : f32) outs(%b : memref<8x8xf32>)
  memref.dealloc %b : memref<8x8xf32>
  return
}

// -----

// Buffers of `index`, whose size comes from the data layout (found by the
// fuzzer: the byte count of the statistic asked `index` for a bit width).

// CHECK-LABEL: func @index_elements
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<8xindex>
//  CHECK-NEXT:   linalg.fill {{.*}} outs(%[[A]]
//  CHECK-NEXT:   linalg.fill {{.*}} outs(%[[A]]
//  CHECK-NEXT:   memref.dealloc %[[A]]
//  CHECK-NEXT:   return
// REMARK: remark: [Passed] BufferReused | Category:reuse-freed-buffers | Remark="allocation of 8 element(s) takes over a buffer freed before it"
func.func @index_elements() {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xindex>
  linalg.fill ins(%c0 : index) outs(%a : memref<8xindex>)
  memref.dealloc %a : memref<8xindex>
  %b = memref.alloc() : memref<8xindex>
  linalg.fill ins(%c0 : index) outs(%b : memref<8xindex>)
  memref.dealloc %b : memref<8xindex>
  return
}

// -----

// Not reused: the freed buffer is used after its deallocation, sizes and
// element types differ, the new allocation asks for more alignment, the
// sizes are dynamic, or the buffer was freed in another block.

// CHECK-LABEL: func @not_reused
// CHECK-COUNT-8: memref.alloc
//     CHECK-NOT: memref.reinterpret_cast
//         CHECK: return
// REMARK-NOT: BufferReused
func.func @not_reused(%n: index, %c: i1, %out: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  %c0 = memref.alloc() : memref<32xf32>
  memref.dealloc %c0 : memref<32xf32>
  %d = memref.alloc() : memref<32xi32>
  %e = memref.alloc() : memref<16xf64>
  memref.dealloc %e : memref<16xf64>
  %f = memref.alloc() {alignment = 64 : i64} : memref<16xf64>
  scf.if %c {
    %g = memref.alloc() : memref<8xf32>
    memref.dealloc %g : memref<8xf32>
  }
  %h = memref.alloc(%n) : memref<?xf32>
  "test.use"(%b, %d, %f, %h) : (memref<64xf32>, memref<32xi32>, memref<16xf64>, memref<?xf32>) -> ()
  return
}

// -----

// Not reused, and no crash: a memref of memrefs has no data-layout size, so
// the bytes it holds are unknown.

// CHECK-LABEL: func @memref_of_memrefs
// CHECK-COUNT-2: memref.alloc() : memref<1xmemref<1xf32>>
//         CHECK: return
func.func @memref_of_memrefs(%m: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<1xmemref<1xf32>>
  memref.store %m, %a[%c0] : memref<1xmemref<1xf32>>
  memref.dealloc %a : memref<1xmemref<1xf32>>
  %b = memref.alloc() : memref<1xmemref<1xf32>>
  memref.store %m, %b[%c0] : memref<1xmemref<1xf32>>
  "test.use"(%b) : (memref<1xmemref<1xf32>>) -> ()
  return
}
