// Finding: peak-increase under merge-lift (seed 51800): peak 176 bytes, 128 without merge-alloc
// A buffer that one arm of a lifted cf diamond passes to a while loop,
// whose alias check compares its address, was freed after the scf.if, over
// what a call in the other arm allocates.
func.func @main() {
  %c1 = arith.constant 6 : index
  %v2 = memref.alloc(%c1) : memref<?xi64>
  %c3 = arith.constant 7 : i64
  linalg.fill ins(%c3 : i64) outs(%v2 : memref<?xi64>)
  %c50 = arith.constant 0 : index
  %v51 = memref.load %v2[%c50] : memref<?xi64>
  %c52 = arith.constant 6 : i64
  %v53 = arith.cmpi sgt, %v51, %c52 : i64
  cf.cond_br %v53, ^bb47, ^bb48
^bb47:
  %r54:2 = func.call @priv2() : () -> (memref<8xi32>, memref<8xf32>)
  cf.br ^bb49(%v2 : memref<?xi64>)
^bb48:
  %c72 = arith.constant 1 : index
  %c73 = arith.constant 0 : index
  %r76:2 = scf.while (%i74 = %c73, %b75 = %v2) : (index, memref<?xi64>) -> (index, memref<?xi64>) {
    %c81 = arith.constant 1 : index
    %c82 = arith.constant 0 : index
    %r85:2 = scf.while (%i83 = %c82, %b84 = %b75) : (index, memref<?xi64>) -> (index, memref<?xi64>) {
      %v86 = arith.cmpi slt, %i83, %c81 : index
      scf.condition(%v86) %i83, %b84 : index, memref<?xi64>
    } do {
  ^bb0(%j77: index, %d87: memref<?xi64>):
      %c88 = arith.constant 4 : index
      %v89 = memref.alloc(%c88) : memref<?xi64>
      %c90 = arith.constant 5 : i64
      linalg.fill ins(%c90 : i64) outs(%v89 : memref<?xi64>)
      %c91 = arith.constant 1 : index
      %v92 = arith.addi %j77, %c91 : index
      scf.yield %v92, %v89 : index, memref<?xi64>
    }
    %v93 = arith.cmpi slt, %i74, %c72 : index
    scf.condition(%v93) %i74, %r85#1 : index, memref<?xi64>
  } do {
^bb0(%j55: index, %d94: memref<?xi64>):
    %c95 = arith.constant 1 : index
    %v96 = arith.addi %j55, %c95 : index
    scf.yield %v96, %d94 : index, memref<?xi64>
  }
  cf.br ^bb49(%r76#1 : memref<?xi64>)
^bb49(%m97: memref<?xi64>):
  return
}

func.func private @priv2() -> (memref<8xi32>, memref<8xf32>) {
  %v98 = memref.alloc() : memref<8xi32>
  %c99 = arith.constant 7 : i32
  linalg.fill ins(%c99 : i32) outs(%v98 : memref<8xi32>)
  %v100 = memref.alloc() : memref<8xf32>
  %c101 = arith.constant 7.0 : f32
  linalg.fill ins(%c101 : f32) outs(%v100 : memref<8xf32>)
  return %v98, %v100 : memref<8xi32>, memref<8xf32>
}

