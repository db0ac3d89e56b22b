// RUN: mlir-opt %s -buffer-deallocation-pipeline | FileCheck %s
// RUN: mlir-opt %s -buffer-deallocation-pipeline -canonicalize \
// RUN:   | FileCheck %s --check-prefix=PROPAGATED

// The canonicalizations of the pipeline leave the uses of an `scf.if`
// condition inside its regions alone: upstream's pattern that replaces them
// with constants looks at every use of the condition for every `scf.if`,
// which is quadratic in the `scf.if` ops on one condition (llvm-project
// issue #166039). A `-canonicalize` after the pipeline still does it.

// CHECK-LABEL: func @condition_use_in_region
//  CHECK-SAME: (%[[C:.*]]: i1, %[[OUT:.*]]: memref<2xi1>)
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   scf.if %[[C]] {
//  CHECK-NEXT:     memref.store %[[C]], %[[A]]
//       CHECK:   memref.dealloc %[[A]]

// PROPAGATED-LABEL: func @condition_use_in_region
//       PROPAGATED:   %[[TRUE:.*]] = arith.constant true
//       PROPAGATED:   scf.if
//  PROPAGATED-NEXT:     memref.store %[[TRUE]]
func.func private @use(memref<2xi1>)
func.func @condition_use_in_region(%c: i1, %out: memref<2xi1>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi1>
  memref.copy %out, %a : memref<2xi1> to memref<2xi1>
  scf.if %c {
    memref.store %c, %a[%c0] : memref<2xi1>
  }
  func.call @use(%a) : (memref<2xi1>) -> ()
  return
}
