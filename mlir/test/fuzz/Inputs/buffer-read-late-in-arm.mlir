// Finding: peak-increase under merge-lift (seed 66123): peak 192 bytes, 144 without merge-alloc
// %v1 is read at the start of one arm of a lifted cf diamond, which then
// allocates, and in the other arm after it allocates; merge-alloc took it
// for surely held over the whole scf.if and merged the arms' buffers.
func.func @main() {
  func.call @pub1() : () -> ()
  return
}

func.func @pub1() {
  %v1 = memref.alloc() : memref<4x4xf32>
  %c2 = arith.constant 4.0 : f32
  linalg.fill ins(%c2 : f32) outs(%v1 : memref<4x4xf32>)
  %c16 = arith.constant 0 : index
  %c17 = arith.constant 0 : index
  %v18 = memref.load %v1[%c16, %c17] : memref<4x4xf32>
  %c19 = arith.constant 1.0 : f32
  %v20 = arith.cmpf ogt, %v18, %c19 : f32
  cf.cond_br %v20, ^bb13, ^bb14
^bb13:
  %c21 = arith.constant 0 : index
  %c22 = arith.constant 0 : index
  %v23 = memref.load %v1[%c21, %c22] : memref<4x4xf32>
  %c24 = arith.constant 3.0 : f32
  %v25 = arith.addf %v23, %c24 : f32
  %c26 = arith.constant 3 : index
  %c27 = arith.constant 0 : index
  memref.store %v25, %v1[%c26, %c27] : memref<4x4xf32>
  %v28 = memref.alloc() : memref<16xi32>
  %c29 = arith.constant 5 : i32
  linalg.fill ins(%c29 : i32) outs(%v28 : memref<16xi32>)
  cf.br ^bb15
^bb14:
  %v30 = memref.alloc() : memref<4x4xf32>
  linalg.map { arith.addf } ins(%v1, %v1 : memref<4x4xf32>, memref<4x4xf32>) outs(%v30 : memref<4x4xf32>)
  cf.br ^bb15
^bb15:
  return
}

