// RUN: mlir-opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s
// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc" | %lower-and-run-tracked | FileCheck %s

// A variable kept in a stack slot, as a front end emits a mutable local that
// holds an array: the slot holds one buffer, a branch stores another one into
// it, and the join block loads whichever it holds. The deallocation follows
// SSA values only, so it freed the first buffer at the end of the entry block,
// before the join block read it (a use after free found by the deallocation
// fuzzer, seed 35072; the freed memory reads as the tracker's poison). The
// pipeline now turns the slot into an SSA value that the join block receives.

// Returns the sum of the buffer the slot holds at the join: 4 ones, or their
// doubles when `%double` is set.
func.func @pick(%double: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  %slot = memref.alloca() : memref<memref<4xf32>>
  memref.store %a, %slot[] : memref<memref<4xf32>>
  cf.cond_br %double, ^bb1, ^bb2
^bb1:
  %b = memref.alloc() : memref<4xf32>
  linalg.map { arith.addf } ins(%a, %a : memref<4xf32>, memref<4xf32>)
      outs(%b : memref<4xf32>)
  memref.store %b, %slot[] : memref<memref<4xf32>>
  cf.br ^bb2
^bb2:
  %x = memref.load %slot[] : memref<memref<4xf32>>
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %x[%i] : memref<4xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  return %sum : f32
}

// The slot is set only on one path, and read only when it was set. The
// other path carries an empty stack buffer, never `ub.poison`, into the
// join, where the deallocation compares addresses.
func.func @maybe(%set: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %three = arith.constant 3.0 : f32
  %slot = memref.alloca() : memref<memref<4xf32>>
  cf.cond_br %set, ^bb1, ^bb2
^bb1:
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%three : f32) outs(%b : memref<4xf32>)
  memref.store %b, %slot[] : memref<memref<4xf32>>
  cf.br ^bb2
^bb2:
  %x = memref.load %slot[] : memref<memref<4xf32>>
  %r = scf.if %set -> f32 {
    %v = memref.load %x[%c0] : memref<4xf32>
    scf.yield %v : f32
  } else {
    scf.yield %zero : f32
  }
  return %r : f32
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %d = func.call @pick(%true) : (i1) -> f32
  %s = func.call @pick(%false) : (i1) -> f32
  // CHECK: 8
  vector.print %d : f32
  // CHECK-NEXT: 4
  vector.print %s : f32
  %m = func.call @maybe(%true) : (i1) -> f32
  %n = func.call @maybe(%false) : (i1) -> f32
  // CHECK-NEXT: 3
  vector.print %m : f32
  // CHECK-NEXT: 0
  vector.print %n : f32
  // Two buffers of 16 bytes in the first call of @pick, one in the second,
  // one in the first call of @maybe.
  // CHECK: alloc-tracker: mallocs=4 frees=4 peak_bytes=32 total_bytes=64 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
