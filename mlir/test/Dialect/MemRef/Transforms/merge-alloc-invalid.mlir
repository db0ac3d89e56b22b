// RUN: not mlir-opt %s -merge-alloc="alignment=-64" 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not mlir-opt %s -merge-alloc="alignment=48" 2>&1 | FileCheck %s --check-prefix=NOT-POW2
// RUN: not mlir-opt %s -merge-alloc="planner=best" 2>&1 | FileCheck %s --check-prefix=PLANNER
// RUN: not mlir-opt %s -merge-alloc="plan-file=%t.missing/plan.json" 2>&1 | FileCheck %s --check-prefix=PLAN-FILE

// Bad options stop the pass with one diagnostic, before the IR changes.

// NEGATIVE: error: merge-alloc: option 'alignment' must be zero or a power of two, got -64
// NOT-POW2: error: merge-alloc: option 'alignment' must be zero or a power of two, got 48
// PLANNER: for the --planner option: Cannot find option named 'best'!
// COM: The note under the error prints the IR at the failure: still the
// COM: original allocation, not a view of a merged buffer.
// PLAN-FILE: error: merge-alloc: cannot write the plan file: cannot open output file
// PLAN-FILE: memref.alloc
// PLAN-FILE-NOT: memref.view

func.func @f() {
  %a = memref.alloc() : memref<4xf32>
  return
}
