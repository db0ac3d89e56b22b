// Tests of the allocation tracker itself: it must see the bugs that the
// execution tests of the series rely on it to see.

// RUN: split-file %s %t

// A double free and a leak are counted, and the bad free is described.
// RUN: %lower-to-llvm %t/double-free-and-leak.mlir | %run-tracked 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DOUBLE
// DOUBLE: alloc-tracker: bad free of 0x{{[0-9a-f]+}} (double free)
// DOUBLE: alloc-tracker: mallocs=2 frees=1 peak_bytes=48 total_bytes=48 leaks=1 leaked_bytes=32 bad_frees=1 double_frees=1 null_frees=0

// On request, the first bad free aborts the program.
// RUN: %lower-to-llvm %t/double-free-and-leak.mlir > %t/double-free.ll.mlir
// RUN: not --crash env MLIR_ALLOC_TRACKER_ABORT_ON_BAD_FREE=1 %run-tracked \
// RUN:   < %t/double-free.ll.mlir 2>&1 | FileCheck %s --check-prefix=ABORT
// ABORT: alloc-tracker: bad free of 0x{{[0-9a-f]+}} (double free)
// ABORT-NOT: alloc-tracker: mallocs=

// A free of memory the tracker never handed out is a bad free, not a double
// one.
// RUN: %lower-to-llvm %t/foreign-free.mlir | %run-tracked 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FOREIGN
// FOREIGN: alloc-tracker: bad free of 0x{{[0-9a-f]+}} (not allocated here)
// FOREIGN: alloc-tracker: mallocs=0 frees=0 peak_bytes=0 total_bytes=0 leaks=0 leaked_bytes=0 bad_frees=1 double_frees=0 null_frees=0

// Freed memory is poisoned with 0xFE bytes and fresh memory is filled with
// 0xCD bytes, so a use after free or a read of uninitialized memory prints a
// value of its own: 0xFEFEFEFE = -16843010 and 0xCDCDCDCD = -842150451.
// RUN: %lower-to-llvm %t/use-after-free.mlir | %run-tracked 2>&1 \
// RUN:   | FileCheck %s --check-prefix=POISON
// POISON: 42
// POISON-NEXT: -16843010
// POISON-NEXT: -842150451
// POISON-NEXT: alloc-tracker: mallocs=2 frees=2 peak_bytes=4 total_bytes=8 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0

// The report can go to a file instead of stdout.
// RUN: rm -f %t/report.txt
// RUN: env MLIR_ALLOC_TRACKER_REPORT=%t/report.txt %run-tracked \
// RUN:   < %t/double-free.ll.mlir 2>&1 | FileCheck %s --check-prefix=NOSTDOUT
// RUN: FileCheck %s --check-prefix=FILE < %t/report.txt
// NOSTDOUT-NOT: alloc-tracker: mallocs=
// FILE: alloc-tracker: mallocs=2 frees=1 {{.*}} leaks=1 leaked_bytes=32 bad_frees=1 double_frees=1

//--- double-free-and-leak.mlir
func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  // Used, so that no pass erases it as dead; never freed.
  %b = memref.alloc() : memref<8xf32>
  memref.store %one, %b[%c0] : memref<8xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

//--- foreign-free.mlir
memref.global "private" constant @g : memref<4xf32> = dense<1.0>
func.func @main() {
  %g = memref.get_global @g : memref<4xf32>
  memref.dealloc %g : memref<4xf32>
  return
}

//--- use-after-free.mlir
func.func @main() {
  %c0 = arith.constant 0 : index
  %c42 = arith.constant 42 : i32
  %a = memref.alloc() : memref<1xi32>
  memref.store %c42, %a[%c0] : memref<1xi32>
  %before = memref.load %a[%c0] : memref<1xi32>
  vector.print %before : i32
  memref.dealloc %a : memref<1xi32>
  %after = memref.load %a[%c0] : memref<1xi32>
  vector.print %after : i32
  %b = memref.alloc() : memref<1xi32>
  %fresh = memref.load %b[%c0] : memref<1xi32>
  vector.print %fresh : i32
  memref.dealloc %b : memref<1xi32>
  return
}
