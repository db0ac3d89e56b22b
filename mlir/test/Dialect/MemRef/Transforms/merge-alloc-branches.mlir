// RUN: mlir-opt %s -merge-alloc="analysis-only" -split-input-file | FileCheck %s
// RUN: mlir-opt %s -merge-alloc -split-input-file | FileCheck %s --check-prefix=MERGED

// Buffers that the branches of scf.if and scf.index_switch ops yield live
// on in the block of the op. Allocations yielded as the same result from
// different branches are never alive at once and take one offset.

// COM: The temporary dies before the scf.if; both branch results take its
// COM: offset, so one buffer of 1024 bytes serves all three.
// CHECK-LABEL: func @if_results
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 7, 12>}
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 14, 29>}
//       CHECK: } else {
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 14, 29>}
// MERGED-LABEL: func @if_results
//       MERGED: %[[BUF:.*]] = memref.alloc() : memref<1024xi8>
//       MERGED: %[[C0:.*]] = arith.constant 0 : index
//       MERGED: %[[T:.*]] = memref.view %[[BUF]][%[[C0]]][] : memref<1024xi8> to memref<256xf32>
//       MERGED: scf.if
//       MERGED:   %[[A:.*]] = memref.view %[[BUF]][%[[C0]]][] : memref<1024xi8> to memref<256xf32>
//       MERGED:   scf.yield %[[A]]
//       MERGED: } else {
//       MERGED:   %[[B:.*]] = memref.view %[[BUF]][%[[C0]]][] : memref<1024xi8> to memref<256xf32>
//       MERGED:   scf.yield %[[B]]
//   MERGED-NOT: memref.alloc
func.func @if_results(%x: memref<256xf32>, %c: i1, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 256 : index
  %two = arith.constant 2.0 : f32
  %t = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<256xf32>
    %w = arith.mulf %v, %v : f32
    memref.store %w, %t[%i] : memref<256xf32>
  }
  %s0 = memref.load %t[%c0] : memref<256xf32>
  memref.store %s0, %out[] : memref<f32>
  %r = scf.if %c -> memref<256xf32> {
    %a = memref.alloc() : memref<256xf32>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %x[%i] : memref<256xf32>
      %w = arith.mulf %v, %two : f32
      memref.store %w, %a[%i] : memref<256xf32>
    }
    scf.yield %a : memref<256xf32>
  } else {
    %b = memref.alloc() : memref<256xf32>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %x[%i] : memref<256xf32>
      %w = arith.addf %v, %two : f32
      memref.store %w, %b[%i] : memref<256xf32>
    }
    scf.yield %b : memref<256xf32>
  }
  %s = memref.load %r[%c1] : memref<256xf32>
  memref.store %s, %out[] : memref<f32>
  return
}

// -----

// COM: The temporary %t is read in case 0 only, and the default region and
// COM: case 1 allocate: the pipeline frees %t at the start of those regions
// COM: (free-buffers-at-last-use), and the default region comes first among
// COM: the regions, so %t's life has a gap that one interval cannot follow:
// COM: it stays apart. The case results and %u, allocated after the switch,
// COM: share offset 0.
// CHECK-LABEL: func @switch_results
//       CHECK: memref.alloc() {merge_alloc.skipped = "freed in the regions of 'scf.index_switch', at the start of one before a region that uses it"}
//       CHECK: case 0 {
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 5, 17>}
//       CHECK: case 1 {
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 5, 17>}
//       CHECK: default {
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 5, 17>}
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 18, 19>}
// MERGED-LABEL: func @switch_results
//       MERGED: memref.alloc() : memref<64xf32>
//       MERGED: %[[BUF:.*]] = memref.alloc() : memref<256xi8>
//  MERGED-NEXT: %[[C0:.*]] = arith.constant 0 : index
//       MERGED: case 0 {
//       MERGED:   memref.view %[[BUF]][%[[C0]]][]
//       MERGED: case 1 {
//       MERGED:   memref.view %[[BUF]][%[[C0]]][]
//       MERGED: default {
//       MERGED:   memref.view %[[BUF]][%[[C0]]][]
//       MERGED: memref.view %[[BUF]][%[[C0]]][]
//   MERGED-NOT: memref.alloc
func.func @switch_results(%k: index, %f: f32, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<64xf32>
  memref.store %f, %t[%c0] : memref<64xf32>
  %r = scf.index_switch %k -> memref<64xf32>
  case 0 {
    %a = memref.alloc() : memref<64xf32>
    %v = memref.load %t[%c0] : memref<64xf32>
    memref.store %v, %a[%c0] : memref<64xf32>
    scf.yield %a : memref<64xf32>
  }
  case 1 {
    %b = memref.alloc() : memref<64xf32>
    memref.store %f, %b[%c0] : memref<64xf32>
    scf.yield %b : memref<64xf32>
  }
  default {
    %d = memref.alloc() : memref<64xf32>
    memref.store %f, %d[%c0] : memref<64xf32>
    scf.yield %d : memref<64xf32>
  }
  %u = memref.alloc() : memref<64xf32>
  %w = memref.load %r[%c0] : memref<64xf32>
  memref.store %w, %u[%c0] : memref<64xf32>
  %y = memref.load %u[%c0] : memref<64xf32>
  memref.store %y, %out[] : memref<f32>
  return
}

// -----

// COM: A result yielded on by an outer scf.if: the three allocations of the
// COM: two levels take one offset.
// CHECK-LABEL: func @nested_ifs
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 4, 5>}
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 7, 19>}
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 7, 19>}
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 7, 19>}
// MERGED-LABEL: func @nested_ifs
//       MERGED: memref.alloc() : memref<128xi8>
//   MERGED-NOT: memref.alloc
func.func @nested_ifs(%c: i1, %d: i1, %f: f32, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<32xf32>
  memref.store %f, %t[%c0] : memref<32xf32>
  %v0 = memref.load %t[%c0] : memref<32xf32>
  memref.store %v0, %out[] : memref<f32>
  %r = scf.if %c -> memref<32xf32> {
    %inner = scf.if %d -> memref<32xf32> {
      %a = memref.alloc() : memref<32xf32>
      memref.store %f, %a[%c0] : memref<32xf32>
      scf.yield %a : memref<32xf32>
    } else {
      %b = memref.alloc() : memref<32xf32>
      memref.store %f, %b[%c0] : memref<32xf32>
      scf.yield %b : memref<32xf32>
    }
    scf.yield %inner : memref<32xf32>
  } else {
    %e = memref.alloc() : memref<32xf32>
    memref.store %f, %e[%c0] : memref<32xf32>
    scf.yield %e : memref<32xf32>
  }
  %v = memref.load %r[%c0] : memref<32xf32>
  memref.store %v, %out[] : memref<f32>
  return
}

// -----

// COM: Two allocations of one branch, both yielded through a select, are
// COM: alive at once; only %a and %e may share. The then-branch holds 256
// COM: bytes apart, the else-branch 128: any merged buffer of more than one
// COM: allocation would hold more on one of the paths, so none is made.
// CHECK-LABEL: func @same_branch
//       CHECK: memref.alloc() {merge_alloc.skipped = "merging it would raise the most bytes its scope holds"}
//       CHECK: memref.alloc() {merge_alloc.skipped = "merging it would raise the most bytes its scope holds"}
//       CHECK: memref.alloc() {merge_alloc.skipped = "merging it would raise the most bytes its scope holds"}
//       CHECK: memref.alloc() {merge_alloc.skipped = "merging it would raise the most bytes its scope holds"}
// MERGED-LABEL: func @same_branch
//   MERGED-NOT: memref.view
func.func @same_branch(%c: i1, %s: i1, %f: f32, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<32xf32>
  memref.store %f, %t[%c0] : memref<32xf32>
  %v0 = memref.load %t[%c0] : memref<32xf32>
  memref.store %v0, %out[] : memref<f32>
  %r = scf.if %c -> memref<32xf32> {
    %a = memref.alloc() : memref<32xf32>
    memref.store %f, %a[%c0] : memref<32xf32>
    %b = memref.alloc() : memref<32xf32>
    memref.store %f, %b[%c0] : memref<32xf32>
    %p = arith.select %s, %a, %b : memref<32xf32>
    scf.yield %p : memref<32xf32>
  } else {
    %e = memref.alloc() : memref<32xf32>
    memref.store %f, %e[%c0] : memref<32xf32>
    scf.yield %e : memref<32xf32>
  }
  %v = memref.load %r[%c0] : memref<32xf32>
  memref.store %v, %out[] : memref<f32>
  return
}

// -----

// COM: Only one branch allocates; the other yields an argument. The three
// COM: allocations are alive one after the other: one offset.
// CHECK-LABEL: func @one_branch
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 4, 5>}
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 7, 13>}
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 14, 15>}
// MERGED-LABEL: func @one_branch
//       MERGED: memref.alloc() : memref<128xi8>
//   MERGED-NOT: memref.alloc
func.func @one_branch(%c: i1, %arg: memref<32xf32>, %f: f32, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<32xf32>
  memref.store %f, %t[%c0] : memref<32xf32>
  %v0 = memref.load %t[%c0] : memref<32xf32>
  memref.store %v0, %out[] : memref<f32>
  %r = scf.if %c -> memref<32xf32> {
    %a = memref.alloc() : memref<32xf32>
    memref.store %f, %a[%c0] : memref<32xf32>
    scf.yield %a : memref<32xf32>
  } else {
    scf.yield %arg : memref<32xf32>
  }
  %u = memref.alloc() : memref<32xf32>
  %v = memref.load %r[%c0] : memref<32xf32>
  memref.store %v, %u[%c0] : memref<32xf32>
  %w = memref.load %u[%c0] : memref<32xf32>
  memref.store %w, %out[] : memref<f32>
  return
}

// -----

// COM: Each result's allocations share: %a with %g (result 0), %b with %e
// COM: (result 1), whatever their order in the branches.
// CHECK-LABEL: func @two_results
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 3, 14>}
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 128 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 3, 15>}
//       CHECK: } else {
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 128 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 3, 15>}
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 3, 14>}
// MERGED-LABEL: func @two_results
//       MERGED: memref.alloc() : memref<256xi8>
//   MERGED-NOT: memref.alloc
func.func @two_results(%c: i1, %f: f32, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %r:2 = scf.if %c -> (memref<32xf32>, memref<32xf32>) {
    %a = memref.alloc() : memref<32xf32>
    memref.store %f, %a[%c0] : memref<32xf32>
    %b = memref.alloc() : memref<32xf32>
    memref.store %f, %b[%c0] : memref<32xf32>
    scf.yield %a, %b : memref<32xf32>, memref<32xf32>
  } else {
    %e = memref.alloc() : memref<32xf32>
    memref.store %f, %e[%c0] : memref<32xf32>
    %g = memref.alloc() : memref<32xf32>
    memref.store %f, %g[%c0] : memref<32xf32>
    scf.yield %g, %e : memref<32xf32>, memref<32xf32>
  }
  %v = memref.load %r#0[%c0] : memref<32xf32>
  %w = memref.load %r#1[%c0] : memref<32xf32>
  %s = arith.addf %v, %w : f32
  memref.store %s, %out[] : memref<f32>
  return
}

// -----

// A memref that the alias analysis does not link to its operands
// (`memref.distinct_objects`) hides how long they live, and the deallocation
// frees the buffers of such a function only at the end of the block, after
// comparing their addresses with it: every buffer is taken to live to the
// end of its block, and the branch's buffer and the one after the switch are
// not merged across the switch (the fuzzer's seed 6814; merged, they held 32
// bytes next to the 32 of the branch taken, 160 bytes against 128).
// CHECK-LABEL: func @hidden_alias
//   CHECK-NOT: merge_alloc.buffer
//       CHECK: memref.alloc() {merge_alloc.skipped = "merging it would raise the most bytes its scope holds"} : memref<6xf32>
//       CHECK: memref.alloc() {merge_alloc.skipped = "merging it would raise the most bytes its scope holds"} : memref<8xi32>
// MERGED-LABEL: func @hidden_alias
//   MERGED-NOT: memref.view
func.func @hidden_alias(%which: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %eight = arith.constant 8.0 : f64
  %nine = arith.constant 9.0 : f32
  %seven = arith.constant 7.0 : f32
  %sevens = arith.constant 7 : i32
  %zero = arith.constant 0.0 : f64
  %a = memref.alloc() : memref<4xf64>
  linalg.fill ins(%eight : f64) outs(%a : memref<4xf64>)
  %big = memref.alloc() : memref<16xf32>
  linalg.fill ins(%nine : f32) outs(%big : memref<16xf32>)
  %r = scf.index_switch %which -> memref<4xf64>
  case 0 {
    %t = memref.alloc() : memref<4xf64>
    linalg.map { arith.addf } ins(%a, %a : memref<4xf64>, memref<4xf64>)
        outs(%t : memref<4xf64>)
    %d:2 = memref.distinct_objects %t, %a : memref<4xf64>, memref<4xf64>
    scf.yield %d#1 : memref<4xf64>
  }
  case 1 {
    %u = memref.alloc() : memref<6xf32>
    linalg.fill ins(%seven : f32) outs(%u : memref<6xf32>)
    scf.yield %a : memref<4xf64>
  }
  default {
    scf.yield %a : memref<4xf64>
  }
  %v = memref.alloc() : memref<8xi32>
  linalg.fill ins(%sevens : i32) outs(%v : memref<8xi32>)
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f64 {
    %x = memref.load %r[%i] : memref<4xf64>
    %y = arith.addf %acc, %x : f64
    scf.yield %y : f64
  }
  return %sum : f64
}


// -----

// The same function with the branch yielding %a itself: the buffers merge.
// CHECK-LABEL: func @known_alias
//  CHECK-SAME: merge_alloc.total = {default = 96 : i64}
// MERGED-LABEL: func @known_alias
//       MERGED: memref.view
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 32 : i64, {{.*}}} : memref<6xf32>
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 32 : i64, {{.*}}} : memref<8xi32>
func.func @known_alias(%which: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %eight = arith.constant 8.0 : f64
  %nine = arith.constant 9.0 : f32
  %seven = arith.constant 7.0 : f32
  %sevens = arith.constant 7 : i32
  %zero = arith.constant 0.0 : f64
  %a = memref.alloc() : memref<4xf64>
  linalg.fill ins(%eight : f64) outs(%a : memref<4xf64>)
  %big = memref.alloc() : memref<16xf32>
  linalg.fill ins(%nine : f32) outs(%big : memref<16xf32>)
  %r = scf.index_switch %which -> memref<4xf64>
  case 0 {
    %t = memref.alloc() : memref<4xf64>
    linalg.map { arith.addf } ins(%a, %a : memref<4xf64>, memref<4xf64>)
        outs(%t : memref<4xf64>)
    scf.yield %a : memref<4xf64>
  }
  case 1 {
    %u = memref.alloc() : memref<6xf32>
    linalg.fill ins(%seven : f32) outs(%u : memref<6xf32>)
    scf.yield %a : memref<4xf64>
  }
  default {
    scf.yield %a : memref<4xf64>
  }
  %v = memref.alloc() : memref<8xi32>
  linalg.fill ins(%sevens : i32) outs(%v : memref<8xi32>)
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f64 {
    %x = memref.load %r[%i] : memref<4xf64>
    %y = arith.addf %acc, %x : f64
    scf.yield %y : f64
  }
  return %sum : f64
}


// -----

// `x = c ? f(x) : x`: the else branch yields %x, from before the scf.if,
// with a temporary %e, the then branch %a, computed through a temporary %t.
// The pipeline hands %x over to the branches (simplify-loop-ownership), and
// the then branch frees it at its start: runs through it hold %t and %a, 64
// bytes, never %x with them. Planned as held after the scf.if, %x would
// merge with %t and %e (which share an offset) into 64 bytes, next to %a:
// 96 bytes on those runs. It is surely held only up to the scf.if, so it
// stays apart, and so do the temporaries, which every run would hold merged.
// CHECK-LABEL: func @handed_over(
//       CHECK: memref.alloc() {merge_alloc.skipped = "merging it would raise the most bytes its scope holds"} : memref<8xf32>
//   CHECK-NOT: merge_alloc.buffer
//       CHECK: return
func.func @handed_over(%c: i1, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%x : memref<8xf32>)
  %r = scf.if %c -> memref<8xf32> {
    %t = memref.alloc() : memref<8xf32>
    linalg.fill ins(%one : f32) outs(%t : memref<8xf32>)
    %a = memref.alloc() : memref<8xf32>
    linalg.map { arith.addf } ins(%t, %t : memref<8xf32>, memref<8xf32>)
        outs(%a : memref<8xf32>)
    scf.yield %a : memref<8xf32>
  } else {
    %e = memref.alloc() : memref<8xf32>
    linalg.map { arith.addf } ins(%x, %x : memref<8xf32>, memref<8xf32>)
        outs(%e : memref<8xf32>)
    %w = memref.load %e[%c0] : memref<8xf32>
    memref.store %w, %x[%c0] : memref<8xf32>
    scf.yield %x : memref<8xf32>
  }
  %v = memref.load %r[%c0] : memref<8xf32>
  memref.store %v, %out[] : memref<f32>
  return
}

// -----

// COM: %a is read at the start of the then region, which allocates %b
// COM: after that, and in the else region after it allocates %d: the
// COM: pipeline frees %a right after its read in the then region
// COM: (free-buffers-at-last-use), so a run through it holds %a and %b one
// COM: after the other. %a and %d are live together, so they would need two
// COM: offsets, and a merged buffer of 128 bytes would be held by the runs
// COM: through the then region too, which hold 64 bytes at a time: nothing
// COM: is merged (the fuzzer's seed 66123, after the lifting of a cf
// COM: diamond: 192 bytes at once instead of 144). merge-alloc took %a for
// COM: surely held over the whole scf.if.
// CHECK-LABEL: func @freed_in_regions_read_late
//       CHECK: memref.alloc() {merge_alloc.skipped = "merging it would raise the most bytes its scope holds"} : memref<4x4xf32>
//       CHECK: memref.alloc() {merge_alloc.skipped = "merging it would raise the most bytes its scope holds"} : memref<16xi32>
//       CHECK: memref.alloc() {merge_alloc.skipped = "merging it would raise the most bytes its scope holds"} : memref<4x4xf32>
func.func @freed_in_regions_read_late(%c: i1, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %f = arith.constant 4.0 : f32
  %i = arith.constant 5 : i32
  %a = memref.alloc() : memref<4x4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4x4xf32>)
  scf.if %c {
    %v = memref.load %a[%c0, %c0] : memref<4x4xf32>
    memref.store %v, %out[] : memref<f32>
    %b = memref.alloc() : memref<16xi32>
    linalg.fill ins(%i : i32) outs(%b : memref<16xi32>)
    %w = memref.load %b[%c3] : memref<16xi32>
    %wf = arith.sitofp %w : i32 to f32
    memref.store %wf, %out[] : memref<f32>
  } else {
    %d = memref.alloc() : memref<4x4xf32>
    linalg.add ins(%a, %a : memref<4x4xf32>, memref<4x4xf32>) outs(%d : memref<4x4xf32>)
    %x = memref.load %d[%c3, %c0] : memref<4x4xf32>
    memref.store %x, %out[] : memref<f32>
  }
  return
}

// -----

// COM: %a's last use in the scf.if is a nested scf.if, whose then region
// COM: reads %a and allocates %b after that, while its else region
// COM: allocates %e: the pipeline frees %a in the nested regions, right
// COM: after the read and at the start of the else (free-buffers-at-last-use
// COM: goes on into the regions of a last use that frees it in its regions
// COM: in turn). So %a dies at the read, and %b and %e take its offset: one
// COM: buffer of 64 bytes. merge-alloc took %a for held over the whole
// COM: nested scf.if before, and merged nothing (the fuzzer's seed 349983,
// COM: with an scf.index_switch: 160 bytes at once instead of 128).
// CHECK-LABEL: func @freed_in_nested_regions
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 7, 11>} : memref<4x4xf32>
//       CHECK: memref.load
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 14, 16>} : memref<16xi32>
//       CHECK: } else {
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 21, 23>} : memref<4x4xf32>
// MERGED-LABEL: func @freed_in_nested_regions
//       MERGED: memref.alloc() : memref<64xi8>
//   MERGED-NOT: memref.alloc
func.func @freed_in_nested_regions(%c: i1, %d: i1, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %f = arith.constant 4.0 : f32
  %n = arith.constant 5 : i32
  %a = memref.alloc() : memref<4x4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4x4xf32>)
  scf.if %c {
    scf.if %d {
      %v = memref.load %a[%c0, %c0] : memref<4x4xf32>
      memref.store %v, %out[] : memref<f32>
      %b = memref.alloc() : memref<16xi32>
      linalg.fill ins(%n : i32) outs(%b : memref<16xi32>)
      %w = memref.load %b[%c3] : memref<16xi32>
      %wf = arith.sitofp %w : i32 to f32
      memref.store %wf, %out[] : memref<f32>
    } else {
      %e = memref.alloc() : memref<4x4xf32>
      linalg.fill ins(%f : f32) outs(%e : memref<4x4xf32>)
      %x = memref.load %e[%c3, %c0] : memref<4x4xf32>
      memref.store %x, %out[] : memref<f32>
    }
  }
  return
}
