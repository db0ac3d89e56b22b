// RUN: mlir-opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s
// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s
// RUN: mlir-opt %s -buffer-deallocation-pipeline=private-function-dynamic-ownership=true | %lower-and-run-tracked | FileCheck %s
// RUN: mlir-opt %s -buffer-deallocation-pipeline=merge-alloc=true | %lower-and-run-tracked | FileCheck %s

// Buffers from before a branch op that its regions may yield through values
// of their own, in the shapes the hand-over to the regions has to get right
// on every path: an scf.index_switch whose cases yield a cast of a loop
// that may give the buffer back, a cast of the buffer, or a fresh buffer;
// the buffer read after the op (no hand-over); a nested scf.if that picks
// the loop or the buffer; a view of a larger buffer carried by the loop.
// Each function runs on every path, with loops of 0, 1 and 2 iterations
// that double the buffer.

func.func @sw(%k: index, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%x : memref<16xf32>)
  %r = scf.index_switch %k -> memref<?xf32>
  case 0 {
    %w = scf.for %i = %c0 to %n step %c1 iter_args(%b = %x) -> memref<16xf32> {
      %nx = memref.alloc() : memref<16xf32>
      linalg.map { arith.addf } ins(%b, %b : memref<16xf32>, memref<16xf32>) outs(%nx : memref<16xf32>)
      scf.yield %nx : memref<16xf32>
    }
    %cw = memref.cast %w : memref<16xf32> to memref<?xf32>
    scf.yield %cw : memref<?xf32>
  }
  case 1 {
    %cx = memref.cast %x : memref<16xf32> to memref<?xf32>
    scf.yield %cx : memref<?xf32>
  }
  default {
    %f = memref.alloc() : memref<32xf32>
    linalg.fill ins(%one : f32) outs(%f : memref<32xf32>)
    %cf = memref.cast %f : memref<32xf32> to memref<?xf32>
    scf.yield %cf : memref<?xf32>
  }
  %v = memref.load %r[%c0] : memref<?xf32>
  return %v : f32
}

func.func @used_after(%c: i1, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%x : memref<16xf32>)
  %r = scf.if %c -> memref<16xf32> {
    %w = scf.for %i = %c0 to %n step %c1 iter_args(%b = %x) -> memref<16xf32> {
      %nx = memref.alloc() : memref<16xf32>
      linalg.map { arith.addf } ins(%b, %b : memref<16xf32>, memref<16xf32>) outs(%nx : memref<16xf32>)
      scf.yield %nx : memref<16xf32>
    }
    scf.yield %w : memref<16xf32>
  } else {
    %f = memref.alloc() : memref<16xf32>
    linalg.fill ins(%one : f32) outs(%f : memref<16xf32>)
    scf.yield %f : memref<16xf32>
  }
  %v = memref.load %r[%c0] : memref<16xf32>
  %u = memref.load %x[%c1] : memref<16xf32>
  %s = arith.addf %v, %u : f32
  return %s : f32
}

func.func @nested(%c: i1, %d: i1, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%x : memref<16xf32>)
  %r = scf.if %c -> memref<16xf32> {
    %in = scf.if %d -> memref<16xf32> {
      %w = scf.for %i = %c0 to %n step %c1 iter_args(%b = %x) -> memref<16xf32> {
        %nx = memref.alloc() : memref<16xf32>
        linalg.map { arith.addf } ins(%b, %b : memref<16xf32>, memref<16xf32>) outs(%nx : memref<16xf32>)
        scf.yield %nx : memref<16xf32>
      }
      scf.yield %w : memref<16xf32>
    } else {
      scf.yield %x : memref<16xf32>
    }
    scf.yield %in : memref<16xf32>
  } else {
    %f = memref.alloc() : memref<16xf32>
    linalg.fill ins(%one : f32) outs(%f : memref<16xf32>)
    scf.yield %f : memref<16xf32>
  }
  %v = memref.load %r[%c0] : memref<16xf32>
  return %v : f32
}

func.func @view(%c: i1, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %big = memref.alloc() : memref<64xf32>
  linalg.fill ins(%one : f32) outs(%big : memref<64xf32>)
  %x = memref.subview %big[16] [16] [1] : memref<64xf32> to memref<16xf32, strided<[1], offset: 16>>
  %r = scf.if %c -> memref<16xf32, strided<[1], offset: 16>> {
    %w = scf.for %i = %c0 to %n step %c1 iter_args(%b = %x) -> memref<16xf32, strided<[1], offset: 16>> {
      %nx = memref.alloc() : memref<64xf32>
      %nv = memref.subview %nx[16] [16] [1] : memref<64xf32> to memref<16xf32, strided<[1], offset: 16>>
      linalg.map { arith.addf } ins(%b, %b : memref<16xf32, strided<[1], offset: 16>>, memref<16xf32, strided<[1], offset: 16>>) outs(%nv : memref<16xf32, strided<[1], offset: 16>>)
      scf.yield %nv : memref<16xf32, strided<[1], offset: 16>>
    }
    scf.yield %w : memref<16xf32, strided<[1], offset: 16>>
  } else {
    %f = memref.alloc() : memref<64xf32>
    linalg.fill ins(%one : f32) outs(%f : memref<64xf32>)
    %fv = memref.subview %f[16] [16] [1] : memref<64xf32> to memref<16xf32, strided<[1], offset: 16>>
    scf.yield %fv : memref<16xf32, strided<[1], offset: 16>>
  }
  %v = memref.load %r[%c0] : memref<16xf32, strided<[1], offset: 16>>
  return %v : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %t = arith.constant true
  %f = arith.constant false
  scf.for %k = %c0 to %c3 step %c1 {
    scf.for %n = %c0 to %c3 step %c1 {
      %a = func.call @sw(%k, %n) : (index, index) -> f32
      vector.print %a : f32
    }
  }
  // @sw: the loop's 1, 2, 4, then the cast of the buffer and the fresh one.
  // CHECK:      1
  // CHECK-NEXT: 2
  // CHECK-NEXT: 4
  // CHECK-NEXT: 1
  // CHECK-NEXT: 1
  // CHECK-NEXT: 1
  // CHECK-NEXT: 1
  // CHECK-NEXT: 1
  // CHECK-NEXT: 1
  scf.for %n = %c0 to %c3 step %c1 {
    %b1 = func.call @used_after(%t, %n) : (i1, index) -> f32
    %b2 = func.call @used_after(%f, %n) : (i1, index) -> f32
    %c11 = func.call @nested(%t, %t, %n) : (i1, i1, index) -> f32
    %c12 = func.call @nested(%t, %f, %n) : (i1, i1, index) -> f32
    %c13 = func.call @nested(%f, %t, %n) : (i1, i1, index) -> f32
    %d1 = func.call @view(%t, %n) : (i1, index) -> f32
    %d2 = func.call @view(%f, %n) : (i1, index) -> f32
    vector.print %b1 : f32
    vector.print %b2 : f32
    vector.print %c11 : f32
    vector.print %c12 : f32
    vector.print %c13 : f32
    vector.print %d1 : f32
    vector.print %d2 : f32
  }
  // Per loop length n: @used_after 2^n + 1 and 2, @nested 2^n, 1 and 1,
  // @view 2^n and 1.
  // CHECK-NEXT: 2
  // CHECK-NEXT: 2
  // CHECK-NEXT: 1
  // CHECK-NEXT: 1
  // CHECK-NEXT: 1
  // CHECK-NEXT: 1
  // CHECK-NEXT: 1
  // CHECK-NEXT: 3
  // CHECK-NEXT: 2
  // CHECK-NEXT: 2
  // CHECK-NEXT: 1
  // CHECK-NEXT: 1
  // CHECK-NEXT: 2
  // CHECK-NEXT: 1
  // CHECK-NEXT: 5
  // CHECK-NEXT: 2
  // CHECK-NEXT: 4
  // CHECK-NEXT: 1
  // CHECK-NEXT: 1
  // CHECK-NEXT: 4
  // CHECK-NEXT: 1
  // 54 allocations: 15 in @sw (each loop allocates once per iteration), 12
  // in @used_after, 15 in @nested, 12 in @view; the peak is the two
  // iterations of @view's loop next to its first 256-byte buffer.
  // CHECK-NEXT: alloc-tracker: mallocs=54 frees=54 peak_bytes=768 total_bytes=5952 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
