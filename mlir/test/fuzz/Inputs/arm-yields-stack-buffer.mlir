// Finding: peak-increase under merge-lift (seed 52040): peak 128 bytes, 96 without merge-alloc
// One arm of a lifted cf diamond yields a stack buffer, the other passes on
// a heap buffer from before it: the scf.if owned nothing it yields.
func.func @main() {
  %v1 = memref.alloc() : memref<8xf32>
  %c2 = arith.constant 4.0 : f32
  linalg.fill ins(%c2 : f32) outs(%v1 : memref<8xf32>)
  %c8 = arith.constant 0 : index
  %v9 = memref.load %v1[%c8] : memref<8xf32>
  %c10 = arith.constant 1.0 : f32
  %v11 = arith.cmpf ogt, %v9, %c10 : f32
  cf.cond_br %v11, ^bb5, ^bb6
^bb5:
  %v12 = memref.alloca() : memref<8xf32>
  %c13 = arith.constant 3.0 : f32
  linalg.fill ins(%c13 : f32) outs(%v12 : memref<8xf32>)
  cf.br ^bb7(%v12 : memref<8xf32>)
^bb6:
  cf.br ^bb7(%v1 : memref<8xf32>)
^bb7(%m14: memref<8xf32>):
  %v15 = memref.alloc() : memref<16xi32>
  %c16 = arith.constant 5 : i32
  linalg.fill ins(%c16 : i32) outs(%v15 : memref<16xi32>)
  %c17 = arith.constant 0.0 : f32
  %c18 = arith.constant 0 : index
  %c19 = arith.constant 1 : index
  %c20 = arith.constant 8 : index
  %s22 = scf.for %i21 = %c18 to %c20 step %c19 iter_args(%a23 = %c17) -> (f32) {
    %v24 = memref.load %m14[%i21] : memref<8xf32>
    %v25 = arith.addf %a23, %v24 : f32
    scf.yield %v25 : f32
  }
  vector.print %s22 : f32
  return
}

