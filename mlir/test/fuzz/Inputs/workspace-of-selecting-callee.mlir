// Finding: peak-increase under merge-lift (seed 54471): peak 192 bytes, 128 without merge-alloc
// A private function takes a workspace once its cf diamond is lifted and
// selects between two of its temporaries.
func.func @main() {
  func.call @priv1() : () -> ()
  %v1 = memref.alloca() : memref<8xf32>
  %c2 = arith.constant 2.0 : f32
  linalg.fill ins(%c2 : f32) outs(%v1 : memref<8xf32>)
  %v3 = memref.alloc() : memref<8xf32>
  %c4 = arith.constant 2.0 : f32
  linalg.fill ins(%c4 : f32) outs(%v3 : memref<8xf32>)
  memref.copy %v1, %v3 : memref<8xf32> to memref<8xf32>
  return
}

func.func private @priv1() {
  %v5 = memref.alloc() : memref<4x4xf32>
  %c6 = arith.constant 0.0 : f32
  linalg.fill ins(%c6 : f32) outs(%v5 : memref<4x4xf32>)
  %v7 = memref.alloc() : memref<4x4xf32>
  linalg.map { arith.addf } ins(%v5, %v5 : memref<4x4xf32>, memref<4x4xf32>) outs(%v7 : memref<4x4xf32>)
  %c8 = arith.constant 0 : index
  %c9 = arith.constant 0 : index
  %v10 = memref.load %v5[%c8, %c9] : memref<4x4xf32>
  %c11 = arith.constant 6.0 : f32
  %v12 = arith.cmpf ogt, %v10, %c11 : f32
  %v13 = arith.select %v12, %v7, %v5 : memref<4x4xf32>
  %c14 = arith.constant 0 : index
  %c15 = arith.constant 0 : index
  %v16 = memref.load %v13[%c14, %c15] : memref<4x4xf32>
  %c17 = arith.constant 0.0 : f32
  %v18 = arith.cmpf ogt, %v16, %c17 : f32
  %v19 = arith.select %v18, %v7, %v7 : memref<4x4xf32>
  %c30 = arith.constant 0 : index
  %c31 = arith.constant 0 : index
  %v32 = memref.load %v13[%c30, %c31] : memref<4x4xf32>
  %c33 = arith.constant 2.0 : f32
  %v34 = arith.cmpf ogt, %v32, %c33 : f32
  cf.cond_br %v34, ^bb27, ^bb28
^bb27:
  %c35 = arith.constant 0 : index
  %c36 = arith.constant 0 : index
  %v37 = memref.load %v7[%c35, %c36] : memref<4x4xf32>
  %c38 = arith.constant 3.0 : f32
  %v39 = arith.addf %v37, %c38 : f32
  %c40 = arith.constant 3 : index
  %c41 = arith.constant 0 : index
  memref.store %v39, %v19[%c40, %c41] : memref<4x4xf32>
  cf.br ^bb29
^bb28:
  cf.br ^bb29
^bb29:
  return
}

