// Finding: peak-increase under merge-lift (seed 48956): peak 120 bytes, 96 without merge-alloc
// The arms of a lifted cf diamond each allocate a buffer of one type after
// a temporary that dies first; hoisted over the scf.if, the shared buffer
// was held next to the temporary.
func.func @main() {
  %v1 = memref.alloc() : memref<8xf32>
  %c2 = arith.constant 7.0 : f32
  linalg.fill ins(%c2 : f32) outs(%v1 : memref<8xf32>)
  %c15 = arith.constant 0 : index
  %v16 = memref.load %v1[%c15] : memref<8xf32>
  %c17 = arith.constant 0.0 : f32
  %v18 = arith.cmpf ogt, %v16, %c17 : f32
  cf.cond_br %v18, ^bb12, ^bb13
^bb12:
  %c19 = arith.constant 6 : index
  %v20 = memref.alloc(%c19) : memref<?xf32>
  %c21 = arith.constant 7.0 : f32
  linalg.fill ins(%c21 : f32) outs(%v20 : memref<?xf32>)
  %v22 = memref.alloc() : memref<8xf32>
  %c23 = arith.constant 6.0 : f32
  linalg.fill ins(%c23 : f32) outs(%v22 : memref<8xf32>)
  cf.br ^bb14
^bb13:
  %v24 = memref.alloc() : memref<8xindex>
  %c25 = arith.constant 9 : index
  linalg.fill ins(%c25 : index) outs(%v24 : memref<8xindex>)
  %v26 = memref.alloc() : memref<8xf32>
  %c27 = arith.constant 5.0 : f32
  linalg.fill ins(%c27 : f32) outs(%v26 : memref<8xf32>)
  cf.br ^bb14
^bb14:
  return
}

