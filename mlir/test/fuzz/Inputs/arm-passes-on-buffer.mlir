// Finding: peak-increase under merge-lift (seed 43554): peak 120 bytes, 96 without merge-alloc
// One arm of a cf diamond passes on a buffer from before it, the other
// allocates; lifted, the scf.if freed the buffer only after the op.
func.func @main() {
  %v1 = memref.alloc() : memref<8xf32>
  %c2 = arith.constant 8.0 : f32
  linalg.fill ins(%c2 : f32) outs(%v1 : memref<8xf32>)
  %c8 = arith.constant 0 : index
  %v9 = memref.load %v1[%c8] : memref<8xf32>
  %c10 = arith.constant 0.0 : f32
  %v11 = arith.cmpf ogt, %v9, %c10 : f32
  cf.cond_br %v11, ^bb5, ^bb6
^bb5:
  %v12 = memref.alloc() : memref<8xf32>
  %c13 = arith.constant 5.0 : f32
  linalg.fill ins(%c13 : f32) outs(%v12 : memref<8xf32>)
  cf.br ^bb7(%v12 : memref<8xf32>)
^bb6:
  cf.br ^bb7(%v1 : memref<8xf32>)
^bb7(%m14: memref<8xf32>):
  %c15 = arith.constant 9.0 : f32
  %c16 = arith.constant 0 : index
  memref.store %c15, %m14[%c16] : memref<8xf32>
  return
}

