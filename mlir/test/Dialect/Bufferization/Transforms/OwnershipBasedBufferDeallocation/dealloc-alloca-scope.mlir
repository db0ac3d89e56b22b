// RUN: mlir-opt -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 %s | FileCheck %s

// `memref.alloca_scope` needs no model: the generic handling of region ops
// returns the ownership of its memref result next to it. Inside a loop the
// scope is not inlined; the buffer it returns is freed after its last use in
// the iteration, and the one that dies in the scope inside the scope.

// CHECK-LABEL: func @scope_in_loop
//       CHECK:   scf.for
//       CHECK:     %[[R:.*]]:2 = memref.alloca_scope -> (memref<2xf32>, i1) {
//       CHECK:       %[[C:.*]] = memref.alloc()
//       CHECK:       %[[D:.*]] = memref.alloc()
//       CHECK:       memref.dealloc %[[D]]
//       CHECK:       memref.alloca_scope.return %[[C]], %{{.*}} : memref<2xf32>, i1
//       CHECK:     }
//       CHECK:     memref.load %[[R]]#0
//       CHECK:     %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#0
//       CHECK:     scf.if %[[R]]#1 {
//  CHECK-NEXT:       memref.dealloc %[[BASE]]
func.func @scope_in_loop(%n: index, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %r = memref.alloca_scope -> memref<2xf32> {
      %t = memref.alloca(%n) : memref<?xf32>
      %c = memref.alloc() : memref<2xf32>
      %d = memref.alloc() : memref<2xf32>
      %v = memref.load %t[%c0] : memref<?xf32>
      memref.store %v, %d[%c0] : memref<2xf32>
      %w = memref.load %d[%c0] : memref<2xf32>
      memref.store %w, %c[%c1] : memref<2xf32>
      memref.alloca_scope.return %c : memref<2xf32>
    }
    %x = memref.load %r[%c1] : memref<2xf32>
    memref.store %x, %out[%i] : memref<8xf32>
  }
  return
}
