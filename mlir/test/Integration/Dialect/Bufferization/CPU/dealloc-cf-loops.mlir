// RUN: mlir-opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s

// Loops of blocks and a `cf.switch`, which ownership-based deallocation
// rejects, are lifted to `scf` by the pipeline and then freed: every buffer
// allocated in a loop iteration or on one arm of the switch is freed exactly
// once, and the argument buffer never.

func.func private @printMemrefF32(memref<*xf32>)

// Writes `base + i` into element `i`.
func.func @fill(%buf: memref<4xf32>, %base: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %base : f32
    memref.store %v, %buf[%i] : memref<4xf32>
  }
  return
}

// out = 2^n * in, through a fresh buffer per iteration of a loop of blocks.
func.func @double_n_times(%n: index, %in: memref<4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %two = arith.constant 2.0 : f32
  cf.br ^head(%c0, %in : index, memref<4xf32>)
^head(%i: index, %cur: memref<4xf32>):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %next = memref.alloc() : memref<4xf32>
  scf.for %j = %c0 to %c4 step %c1 {
    %v = memref.load %cur[%j] : memref<4xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %next[%j] : memref<4xf32>
  }
  %i1 = arith.addi %i, %c1 : index
  cf.br ^head(%i1, %next : index, memref<4xf32>)
^exit:
  memref.copy %cur, %out : memref<4xf32> to memref<4xf32>
  return
}

// A loop of blocks that replaces its buffer only on odd iterations: the
// buffer it carries is the argument or a fresh one, decided at run time.
// out = in + 10 * (number of odd i < n).
func.func @add_on_odd(%n: index, %in: memref<4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %ten = arith.constant 10.0 : f32
  cf.br ^head(%c0, %in : index, memref<4xf32>)
^head(%i: index, %cur: memref<4xf32>):
  %more = arith.cmpi slt, %i, %n : index
  %i1 = arith.addi %i, %c1 : index
  cf.cond_br %more, ^body, ^exit
^body:
  %rem = arith.remui %i, %c2 : index
  %odd = arith.cmpi eq, %rem, %c1 : index
  cf.cond_br %odd, ^replace, ^head(%i1, %cur : index, memref<4xf32>)
^replace:
  %next = memref.alloc() : memref<4xf32>
  scf.for %j = %c0 to %c4 step %c1 {
    %v = memref.load %cur[%j] : memref<4xf32>
    %w = arith.addf %v, %ten : f32
    memref.store %w, %next[%j] : memref<4xf32>
  }
  cf.br ^head(%i1, %next : index, memref<4xf32>)
^exit:
  memref.copy %cur, %out : memref<4xf32> to memref<4xf32>
  return
}

// A cf.switch whose arms pass the argument or one of two fresh buffers.
func.func @pick(%s: i32, %arg: memref<4xf32>, %out: memref<4xf32>) {
  cf.switch %s : i32, [
    default: ^other,
    0: ^keep,
    1: ^hundred
  ]
^keep:
  cf.br ^join(%arg : memref<4xf32>)
^hundred:
  %a = memref.alloc() : memref<4xf32>
  %c100 = arith.constant 100.0 : f32
  func.call @fill(%a, %c100) : (memref<4xf32>, f32) -> ()
  cf.br ^join(%a : memref<4xf32>)
^other:
  %b = memref.alloc() : memref<4xf32>
  %c200 = arith.constant 200.0 : f32
  func.call @fill(%b, %c200) : (memref<4xf32>, f32) -> ()
  cf.br ^join(%b : memref<4xf32>)
^join(%m: memref<4xf32>):
  memref.copy %m, %out : memref<4xf32> to memref<4xf32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %one = arith.constant 1.0 : f32
  %in = memref.alloc() : memref<4xf32>
  func.call @fill(%in, %one) : (memref<4xf32>, f32) -> ()
  %out = memref.alloc() : memref<4xf32>
  %print = memref.cast %out : memref<4xf32> to memref<*xf32>

  // [1, 2, 3, 4] doubled three times.
  func.call @double_n_times(%c3, %in, %out) : (index, memref<4xf32>, memref<4xf32>) -> ()
  func.call @printMemrefF32(%print) : (memref<*xf32>) -> ()
  // CHECK: data =
  // CHECK-NEXT: [8, 16, 24, 32]

  // No iteration: the argument itself is copied out and not freed.
  func.call @double_n_times(%c0, %in, %out) : (index, memref<4xf32>, memref<4xf32>) -> ()
  func.call @printMemrefF32(%print) : (memref<*xf32>) -> ()
  // CHECK: data =
  // CHECK-NEXT: [1, 2, 3, 4]

  // i = 1 and i = 3 are odd: +20.
  func.call @add_on_odd(%c5, %in, %out) : (index, memref<4xf32>, memref<4xf32>) -> ()
  func.call @printMemrefF32(%print) : (memref<*xf32>) -> ()
  // CHECK: data =
  // CHECK-NEXT: [21, 22, 23, 24]

  %s0 = arith.constant 0 : i32
  %s1 = arith.constant 1 : i32
  %s7 = arith.constant 7 : i32
  func.call @pick(%s0, %in, %out) : (i32, memref<4xf32>, memref<4xf32>) -> ()
  func.call @printMemrefF32(%print) : (memref<*xf32>) -> ()
  // CHECK: data =
  // CHECK-NEXT: [1, 2, 3, 4]
  func.call @pick(%s1, %in, %out) : (i32, memref<4xf32>, memref<4xf32>) -> ()
  func.call @printMemrefF32(%print) : (memref<*xf32>) -> ()
  // CHECK: data =
  // CHECK-NEXT: [100, 101, 102, 103]
  func.call @pick(%s7, %in, %out) : (i32, memref<4xf32>, memref<4xf32>) -> ()
  func.call @printMemrefF32(%print) : (memref<*xf32>) -> ()
  // CHECK: data =
  // CHECK-NEXT: [200, 201, 202, 203]

  // %in and %out, two buffers in the first call (its loop frees its state
  // under an ownership indicator that is false for the argument, and
  // double-buffer-loops keeps the state that the second iteration frees for
  // the third), two in @add_on_odd and one in each allocating @pick: 8
  // buffers of 16 bytes. At most two loop buffers are live next to %in and
  // %out: the fresh one and the one it was computed from, freed right after.
  // CHECK: alloc-tracker: mallocs=8 frees=8 peak_bytes=64 total_bytes=128 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
