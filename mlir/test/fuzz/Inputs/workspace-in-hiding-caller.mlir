// Finding: peak-increase under merge:default (seed 35907): peak 320 bytes, 256 without merge-alloc
// A callee's workspace in a function with memref.distinct_objects.
func.func @main() {
  %v1 = memref.alloc() : memref<8xindex>
  %c2 = arith.constant 1 : index
  linalg.fill ins(%c2 : index) outs(%v1 : memref<8xindex>)
  func.call @priv2() : () -> ()
  %v3 = memref.alloc() : memref<16xf32>
  %c4 = arith.constant 0.0 : f32
  linalg.fill ins(%c4 : f32) outs(%v3 : memref<16xf32>)
  %v5:2 = memref.distinct_objects %v1, %v3 : memref<8xindex>, memref<16xf32>
  %c8 = arith.constant 0 : index
  %c9 = arith.constant 1 : index
  %c10 = arith.constant 2 : index
  %r12 = scf.for %i6 = %c8 to %c10 step %c9 iter_args(%b11 = %v5#0) -> (memref<8xindex>) {
    %v13 = memref.alloc() : memref<8xindex>
    linalg.map { arith.addi } ins(%b11, %b11 : memref<8xindex>, memref<8xindex>) outs(%v13 : memref<8xindex>)
    scf.yield %v13 : memref<8xindex>
  }
  return
}

func.func private @priv2() {
  %v14 = memref.alloc() : memref<16xi32>
  %c15 = arith.constant 3 : i32
  linalg.fill ins(%c15 : i32) outs(%v14 : memref<16xi32>)
  return
}

