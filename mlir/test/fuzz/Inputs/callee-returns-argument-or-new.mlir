// Finding: peak-increase under merge-lift (seed 349103): peak 128 bytes, 96 without merge-alloc
// A buffer passed to a private function that returns it or a new buffer,
// writing another argument after the choice, so that the deallocation
// returns a clone of the argument from a second scf.if. The callee's facts
// did not follow the argument through the first scf.if: the call might keep
// the buffer, and its free stayed at the end of the block, after the lifted
// scf.if, where the blocks free it before the branch.
func.func @main() {
  %v1 = memref.alloc() : memref<8xf32>
  %c2 = arith.constant 3.0 : f32
  linalg.fill ins(%c2 : f32) outs(%v1 : memref<8xf32>)
  %v3 = memref.alloc() : memref<8xi32>
  %c4 = arith.constant 3 : i32
  linalg.fill ins(%c4 : i32) outs(%v3 : memref<8xi32>)
  %r5 = func.call @priv1(%v1, %v3) : (memref<8xf32>, memref<8xi32>) -> (memref<8xf32>)
  %c14 = arith.constant 0 : index
  %v15 = memref.load %r5[%c14] : memref<8xf32>
  %c16 = arith.constant 5.0 : f32
  %v17 = arith.cmpf ogt, %v15, %c16 : f32
  cf.cond_br %v17, ^bb11, ^bb12
^bb11:
  cf.br ^bb13
^bb12:
  %v18 = memref.alloc() : memref<8xf32>
  linalg.map { arith.addf } ins(%r5, %r5 : memref<8xf32>, memref<8xf32>) outs(%v18 : memref<8xf32>)
  %v19 = memref.alloc() : memref<8xf32>
  memref.copy %v18, %v19 : memref<8xf32> to memref<8xf32>
  %v20 = memref.alloc() : memref<8xi32>
  %c21 = arith.constant 3 : i32
  linalg.fill ins(%c21 : i32) outs(%v20 : memref<8xi32>)
  %r22 = func.call @priv1(%v19, %v20) : (memref<8xf32>, memref<8xi32>) -> (memref<8xf32>)
  cf.br ^bb13
^bb13:
  return
}

func.func private @priv1(%arg0: memref<8xf32>, %arg1: memref<8xi32>) -> (memref<8xf32>) {
  %c23 = arith.constant 0 : index
  %v24 = memref.load %arg0[%c23] : memref<8xf32>
  %c25 = arith.constant 2.0 : f32
  %v26 = arith.cmpf ogt, %v24, %c25 : f32
  %r29 = scf.if %v26 -> (memref<8xf32>) {
    scf.yield %arg0 : memref<8xf32>
  } else {
    %v30 = memref.alloc() : memref<8xf32>
    %c31 = arith.constant 1.0 : f32
    linalg.fill ins(%c31 : f32) outs(%v30 : memref<8xf32>)
    scf.yield %v30 : memref<8xf32>
  }
  %c32 = arith.constant 2 : index
  %v33 = memref.load %arg1[%c32] : memref<8xi32>
  %c34 = arith.constant 2 : i32
  %v35 = arith.addi %v33, %c34 : i32
  %c36 = arith.constant 1 : index
  memref.store %v35, %arg1[%c36] : memref<8xi32>
  return %r29 : memref<8xf32>
}

