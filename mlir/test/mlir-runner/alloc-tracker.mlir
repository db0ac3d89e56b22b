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

// Every free must match a live allocation of the tracker. A free of memory
// it never handed out is a bad free, not a double one, and is classified:
// the descriptor of a `memref.get_global` and the data of a loaded image are
// global memory, a `memref.alloca` is stack memory, a pointer inside a live
// block is an interior pointer, and memory from another allocator is not
// the tracker's. None of them reaches `free`, so the program goes on and
// its live block is still freed once.
// RUN: %lower-to-llvm %t/global-free.mlir | %run-tracked 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GLOBAL
// GLOBAL: alloc-tracker: bad free of 0xdeadbeef (global memory: the allocated pointer of a memref.get_global descriptor)
// GLOBAL: alloc-tracker: bad free of 0x{{[0-9a-f]+}} (global memory of {{.*}}libc.so.6)
// GLOBAL: alloc-tracker: mallocs=0 frees=0 peak_bytes=0 total_bytes=0 leaks=0 leaked_bytes=0 bad_frees=2 double_frees=0 null_frees=0 stack_frees=0 global_frees=2 interior_frees=0
// RUN: %lower-to-llvm %t/stack-free.mlir | %run-tracked 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STACK
// STACK: alloc-tracker: bad free of 0x{{[0-9a-f]+}} (stack memory)
// STACK: alloc-tracker: mallocs=0 frees=0 {{.*}} bad_frees=1 double_frees=0 null_frees=0 stack_frees=1 global_frees=0 interior_frees=0
// RUN: %lower-to-llvm %t/interior-free.mlir | %run-tracked 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INTERIOR
// INTERIOR: alloc-tracker: bad free of 0x{{[0-9a-f]+}} (interior pointer: 8 bytes into the live allocation 0x{{[0-9a-f]+}} of 16 bytes)
// INTERIOR: alloc-tracker: mallocs=1 frees=1 peak_bytes=16 total_bytes=16 leaks=0 leaked_bytes=0 bad_frees=1 double_frees=0 null_frees=0 stack_frees=0 global_frees=0 interior_frees=1
// RUN: %lower-to-llvm %t/foreign-heap-free.mlir | %run-tracked 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FOREIGN
// FOREIGN: alloc-tracker: bad free of 0x{{[0-9a-f]+}} (not allocated by this tracker)
// FOREIGN: alloc-tracker: mallocs=0 frees=0 {{.*}} bad_frees=1 double_frees=0 null_frees=0 stack_frees=0 global_frees=0 interior_frees=0

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

//--- global-free.mlir
memref.global "private" constant @g : memref<4xf32> = dense<1.0>
llvm.mlir.global external @environ() : !llvm.ptr
llvm.func @_mlir_memref_to_llvm_free(!llvm.ptr)
func.func @main() {
  %g = memref.get_global @g : memref<4xf32>
  memref.dealloc %g : memref<4xf32>
  %environ = llvm.mlir.addressof @environ : !llvm.ptr
  llvm.call @_mlir_memref_to_llvm_free(%environ) : (!llvm.ptr) -> ()
  return
}

//--- stack-free.mlir
func.func @main() {
  %a = memref.alloca() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

//--- interior-free.mlir
llvm.func @_mlir_memref_to_llvm_free(!llvm.ptr)
func.func @main() {
  %a = memref.alloc() : memref<4xf32>
  %base = memref.extract_aligned_pointer_as_index %a : memref<4xf32> -> index
  %c8 = arith.constant 8 : index
  %inside = arith.addi %base, %c8 : index
  %int = arith.index_cast %inside : index to i64
  %ptr = llvm.inttoptr %int : i64 to !llvm.ptr
  llvm.call @_mlir_memref_to_llvm_free(%ptr) : (!llvm.ptr) -> ()
  memref.dealloc %a : memref<4xf32>
  return
}

//--- foreign-heap-free.mlir
llvm.func @malloc(i64) -> !llvm.ptr
llvm.func @free(!llvm.ptr)
llvm.func @_mlir_memref_to_llvm_free(!llvm.ptr)
func.func @main() {
  %size = llvm.mlir.constant(16 : i64) : i64
  %ptr = llvm.call @malloc(%size) : (i64) -> !llvm.ptr
  llvm.call @_mlir_memref_to_llvm_free(%ptr) : (!llvm.ptr) -> ()
  llvm.call @free(%ptr) : (!llvm.ptr) -> ()
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
