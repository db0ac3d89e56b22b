// RUN: mlir-opt %s -merge-alloc -split-input-file | FileCheck %s
// RUN: mlir-opt %s -merge-alloc -split-input-file --remarks-filter=merge-alloc --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: mlir-opt %s -merge-alloc="alignment=16" -split-input-file | FileCheck %s --check-prefix=ALIGN16

// The seed's matmul chain after bufferization: the temporaries become views
// of one buffer, the third in the place of the first; the returned buffer
// is left alone.

// CHECK-LABEL: func @matmul_chain
//  CHECK-SAME: (%[[X:.*]]: memref<128x128xf32>, %[[Y:.*]]: memref<128x128xf32>)
//   CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
//   CHECK-DAG: %[[C65536:.*]] = arith.constant 65536 : index
//   CHECK-DAG: %[[BUF:.*]] = memref.alloc() {alignment = 64 : i64} : memref<131072xi8>
//       CHECK: %[[A:.*]] = memref.view %[[BUF]][%[[C0]]][] : memref<131072xi8> to memref<128x128xf32>
//       CHECK: linalg.matmul ins(%[[X]], %[[Y]] : {{.*}}) outs(%[[A]] : memref<128x128xf32>)
//       CHECK: %[[B:.*]] = memref.view %[[BUF]][%[[C65536]]][] : memref<131072xi8> to memref<128x128xf32>
//       CHECK: linalg.matmul ins(%[[A]], %[[Y]] : {{.*}}) outs(%[[B]] : memref<128x128xf32>)
//       CHECK: %[[C:.*]] = memref.view %[[BUF]][%[[C0]]][] : memref<131072xi8> to memref<128x128xf32>
//       CHECK: linalg.matmul ins(%[[B]], %[[Y]] : {{.*}}) outs(%[[C]] : memref<128x128xf32>)
//       CHECK: %[[D:.*]] = memref.alloc() : memref<128x128xf32>
//       CHECK: linalg.matmul ins(%[[C]], %[[Y]] : {{.*}}) outs(%[[D]] : memref<128x128xf32>)
//       CHECK: return %[[D]]
// REMARK: remark: [Passed] AllocsMerged | Category:merge-alloc | Remark="merged 3 allocation(s) of 196608 bytes into one buffer of 131072 bytes (cost-model)"
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

// COM: Temporaries of a loop body move out of the loop: one allocation for
// COM: all iterations, both temporaries at offset 0 as they never live at
// COM: the same time.

// CHECK-LABEL: func @loop_temporaries
//       CHECK: %[[BUF:.*]] = memref.alloc() {alignment = 64 : i64} : memref<256xi8>
//       CHECK: scf.for
//   CHECK-NOT: memref.alloc
//       CHECK: memref.view %[[BUF]][%{{.*}}][] : memref<256xi8> to memref<8x8xf32>
//       CHECK: memref.view %[[BUF]][%{{.*}}][] : memref<256xi8> to memref<64xf32>
// REMARK: remark: [Passed] AllocsMerged | Category:merge-alloc | Remark="merged 2 allocation(s) of 512 bytes into one buffer of 256 bytes (cost-model)"
func.func @loop_temporaries(%n: index, %f: f32, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<8x8xf32>
    linalg.fill ins(%f : f32) outs(%t : memref<8x8xf32>)
    %flat = memref.collapse_shape %t [[0, 1]] : memref<8x8xf32> into memref<64xf32>
    memref.copy %flat, %out : memref<64xf32> to memref<64xf32>
    %u = memref.alloc() : memref<64xf32>
    memref.copy %out, %u : memref<64xf32> to memref<64xf32>
    memref.copy %u, %out : memref<64xf32> to memref<64xf32>
  }
  return
}

// -----

// COM: Buffers used in sibling inner loops of one outer loop live as long as
// COM: the outer loop and do not share memory.

// CHECK-LABEL: func @sibling_inner_loops
//   CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
//   CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
//   CHECK-DAG: %[[BUF:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
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

// COM: An scf.forall body gets a merged buffer of its own; memory spaces get
// COM: one each.

// CHECK-LABEL: func @forall_and_memory_spaces
//       CHECK: memref.alloc() {alignment = 64 : i64} : memref<64xi8, 1>
//       CHECK: memref.alloc() {alignment = 64 : i64} : memref<64xi8>
//       CHECK: scf.forall
//       CHECK:   %[[INNER:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
//       CHECK:   memref.view %[[INNER]]
//       CHECK:   memref.view %[[INNER]]
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
