// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(reuse-freed-buffers))" --split-input-file | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(reuse-freed-buffers{allow-peak-increase}))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=ALLOW
// RUN: mlir-opt %s --pass-pipeline="builtin.module(func.func(reuse-freed-buffers))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=NESTED

// A freed buffer taken over is held from its free to the allocation. Across
// a larger temporary that would hold both where the program held one at a
// time, so the allocation is left alone, unless the peak may rise.

// CHECK-LABEL: func @gap_holds_more
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<64xf32>
//       CHECK:   memref.dealloc %[[A]]
//       CHECK:   %[[BIG:.*]] = memref.alloc() : memref<1024xf32>
//       CHECK:   memref.dealloc %[[BIG]]
//       CHECK:   %[[B:.*]] = memref.alloc() : memref<64xf32>
//       CHECK:   memref.dealloc %[[B]]
// ALLOW-LABEL: func @gap_holds_more
//       ALLOW:   %[[A:.*]] = memref.alloc() : memref<64xf32>
//   ALLOW-NOT:   memref.dealloc %[[A]]
//       ALLOW:   %[[BIG:.*]] = memref.alloc() : memref<1024xf32>
//       ALLOW:   memref.dealloc %[[BIG]]
//   ALLOW-NOT:   memref.alloc
//       ALLOW:   linalg.fill {{.*}} outs(%[[A]]
//       ALLOW:   memref.dealloc %[[A]]
func.func @gap_holds_more(%x: f32) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  %big = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%x : f32) outs(%big : memref<1024xf32>)
  memref.dealloc %big : memref<1024xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%b : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  return
}

// -----

// The block held more before the free (%big and %a at once) than the gap
// holds with %a kept: taken over.

// CHECK-LABEL: func @earlier_peak
//       CHECK:   %[[BIG:.*]] = memref.alloc() : memref<1024xf32>
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<64xf32>
//       CHECK:   %[[C:.*]] = memref.alloc() : memref<512xf32>
//   CHECK-NOT:   memref.alloc
//       CHECK:   linalg.fill {{.*}} outs(%[[A]]
//       CHECK:   memref.dealloc %[[A]]
func.func @earlier_peak(%x: f32) {
  %big = memref.alloc() : memref<1024xf32>
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%big : memref<1024xf32>)
  linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
  memref.dealloc %big : memref<1024xf32>
  memref.dealloc %a : memref<64xf32>
  %c = memref.alloc() : memref<512xf32>
  linalg.fill ins(%x : f32) outs(%c : memref<512xf32>)
  memref.dealloc %c : memref<512xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%b : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  return
}

// -----

// The same, with a dynamic allocation between the earlier peak and the free:
// the block may hold more after it than it did before, so the earlier peak
// proves nothing and the allocation is left alone.

// CHECK-LABEL: func @dynamic_allocation_before_free
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<64xf32>
//       CHECK:   memref.dealloc %[[A]]
//       CHECK:   %[[B:.*]] = memref.alloc() : memref<64xf32>
//       CHECK:   memref.dealloc %[[B]]
// ALLOW-LABEL: func @dynamic_allocation_before_free
//   ALLOW-NOT:   memref.alloc() : memref<64xf32>
//       ALLOW:   memref.alloc() : memref<64xf32>
//   ALLOW-NOT:   memref.alloc() : memref<64xf32>
//       ALLOW:   return
func.func @dynamic_allocation_before_free(%x: f32, %n: index) {
  %big = memref.alloc() : memref<1024xf32>
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%big : memref<1024xf32>)
  linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
  memref.dealloc %big : memref<1024xf32>
  %h = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%x : f32) outs(%h : memref<?xf32>)
  memref.dealloc %a : memref<64xf32>
  %c = memref.alloc() : memref<512xf32>
  linalg.fill ins(%x : f32) outs(%c : memref<512xf32>)
  memref.dealloc %c : memref<512xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%b : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %h : memref<?xf32>
  return
}

// -----

// The gap holds %c and %a; the allocation of %b, where %c is still held,
// holds as much: taken over. With the argument freed in the gap, the block
// may hold less at the allocation than it seems (the argument is not among
// its buffers), so the allocation is left alone.

// CHECK-LABEL: func @peak_at_allocation
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<64xf32>
//       CHECK:   %[[C:.*]] = memref.alloc() : memref<512xf32>
//   CHECK-NOT:   memref.alloc
//       CHECK:   linalg.fill {{.*}} outs(%[[A]]
//       CHECK:   memref.dealloc %[[A]]
//       CHECK:   memref.dealloc %[[C]]
// CHECK-LABEL: func @argument_freed_in_gap
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<64xf32>
//       CHECK:   memref.dealloc %[[A]]
//       CHECK:   memref.alloc() : memref<512xf32>
//       CHECK:   memref.dealloc %arg1
//       CHECK:   memref.alloc() : memref<64xf32>
func.func @peak_at_allocation(%x: f32) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  %c = memref.alloc() : memref<512xf32>
  linalg.fill ins(%x : f32) outs(%c : memref<512xf32>)
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%b : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %c : memref<512xf32>
  return
}

func.func @argument_freed_in_gap(%x: f32, %arg: memref<2048xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  %c = memref.alloc() : memref<512xf32>
  linalg.fill ins(%x : f32) outs(%c : memref<512xf32>)
  memref.dealloc %arg : memref<2048xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%b : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %c : memref<512xf32>
  return
}

// -----

// Ops between the free and the allocation that may allocate what the block
// cannot count: a call to a function that allocates, a call to an external
// function, a loop with a temporary, an op with unknown effects. Each leaves
// the allocation alone. A call to a function that does not allocate, a loop
// without a temporary and an allocation in another memory space do not.

func.func private @allocates(%x: f32) {
  %t = memref.alloc() : memref<4096xf32>
  linalg.fill ins(%x : f32) outs(%t : memref<4096xf32>)
  memref.dealloc %t : memref<4096xf32>
  return
}

func.func private @does_not_allocate(%x: f32, %m: memref<8xf32>) {
  linalg.fill ins(%x : f32) outs(%m : memref<8xf32>)
  return
}

func.func private @external(f32)

// CHECK-LABEL: func @barriers
// CHECK-COUNT-5: memref.alloc() : memref<64xf32>
//     CHECK-NOT: memref.alloc() : memref<64xf32>
//         CHECK: return
// ALLOW-LABEL: func @barriers
//         ALLOW: memref.alloc() : memref<64xf32>
//     ALLOW-NOT: memref.alloc() : memref<64xf32>
//         ALLOW: return
func.func @barriers(%x: f32, %m: memref<8xf32>, %lb: index, %ub: index, %step: index) {
  %a0 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%a0 : memref<64xf32>)
  memref.dealloc %a0 : memref<64xf32>
  func.call @allocates(%x) : (f32) -> ()
  %a1 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%a1 : memref<64xf32>)
  memref.dealloc %a1 : memref<64xf32>
  func.call @external(%x) : (f32) -> ()
  %a2 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%a2 : memref<64xf32>)
  memref.dealloc %a2 : memref<64xf32>
  scf.for %i = %lb to %ub step %step {
    %t = memref.alloc() : memref<16xf32>
    linalg.fill ins(%x : f32) outs(%t : memref<16xf32>)
    memref.dealloc %t : memref<16xf32>
  }
  %a3 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%a3 : memref<64xf32>)
  memref.dealloc %a3 : memref<64xf32>
  "test.unknown"() : () -> ()
  %a4 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%a4 : memref<64xf32>)
  memref.dealloc %a4 : memref<64xf32>
  return
}

// CHECK-LABEL: func @no_barriers
//         CHECK: memref.alloc() : memref<64xf32>
//     CHECK-NOT: memref.alloc() : memref<64xf32>
//         CHECK: return
// Run per function, the pass may not look into other functions, which
// another thread may be rewriting: the call is a barrier then.
// NESTED-LABEL: func @no_barriers
// NESTED-COUNT-2: memref.alloc() : memref<64xf32>
//     NESTED-NOT: memref.alloc() : memref<64xf32>
//         NESTED: return
func.func @no_barriers(%x: f32, %m: memref<8xf32>, %lb: index, %ub: index, %step: index) {
  %a0 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%a0 : memref<64xf32>)
  memref.dealloc %a0 : memref<64xf32>
  func.call @does_not_allocate(%x, %m) : (f32, memref<8xf32>) -> ()
  %a1 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%a1 : memref<64xf32>)
  memref.dealloc %a1 : memref<64xf32>
  scf.for %i = %lb to %ub step %step {
    memref.store %x, %m[%i] : memref<8xf32>
  }
  %a2 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%a2 : memref<64xf32>)
  memref.dealloc %a2 : memref<64xf32>
  %other = memref.alloc() : memref<4096xf32, 1>
  linalg.fill ins(%x : f32) outs(%other : memref<4096xf32, 1>)
  memref.dealloc %other : memref<4096xf32, 1>
  %a3 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%a3 : memref<64xf32>)
  memref.dealloc %a3 : memref<64xf32>
  return
}
