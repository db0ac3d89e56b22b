// Finding: peak-increase under merge-lift (seed 52726): peak 104 bytes, 84 without merge-alloc
// One arm of a lifted cf diamond passes on a cast of a buffer from before
// it, which the block frees as the buffer itself.
func.func @main() {
  %c1 = arith.constant 5 : index
  %v2 = memref.alloc(%c1) : memref<?xf32>
  %c3 = arith.constant 6.0 : f32
  linalg.fill ins(%c3 : f32) outs(%v2 : memref<?xf32>)
  %c10 = arith.constant 0 : index
  %v11 = memref.load %v2[%c10] : memref<?xf32>
  %c12 = arith.constant 0.0 : f32
  %v13 = arith.cmpf ogt, %v11, %c12 : f32
  cf.cond_br %v13, ^bb7, ^bb8
^bb7:
  %c14 = arith.constant 5 : index
  %v15 = memref.alloc(%c14) : memref<?xf32>
  %c16 = arith.constant 1.0 : f32
  linalg.fill ins(%c16 : f32) outs(%v15 : memref<?xf32>)
  cf.br ^bb9(%v15 : memref<?xf32>)
^bb8:
  cf.br ^bb9(%v2 : memref<?xf32>)
^bb9(%m17: memref<?xf32>):
  %c18 = arith.constant 0.0 : f32
  %c19 = arith.constant 0 : index
  %c20 = arith.constant 1 : index
  %c22 = arith.constant 0 : index
  %v21 = memref.dim %m17, %c22 : memref<?xf32>
  %s24 = scf.for %i23 = %c19 to %v21 step %c20 iter_args(%a25 = %c18) -> (f32) {
    %v26 = memref.load %m17[%i23] : memref<?xf32>
    %v27 = arith.addf %a25, %v26 : f32
    scf.yield %v27 : f32
  }
  vector.print %s24 : f32
  return
}

