// Finding: peak-increase under merge-lift (seed 52040): peak 128 bytes, 96 without merge-alloc
// The same seed reduced otherwise: one arm of a lifted cf diamond passes on
// the result of an scf.if that may be a buffer from before the diamond.
func.func @main() {
  %v1 = memref.alloc() : memref<8xf32>
  %c2 = arith.constant 4.0 : f32
  linalg.fill ins(%c2 : f32) outs(%v1 : memref<8xf32>)
  %c15 = arith.constant 0 : index
  %v16 = memref.load %v1[%c15] : memref<8xf32>
  %c17 = arith.constant 1.0 : f32
  %v18 = arith.cmpf ogt, %v16, %c17 : f32
  cf.cond_br %v18, ^bb12, ^bb13
^bb12:
  %c19 = arith.constant 0 : index
  %v20 = memref.load %v1[%c19] : memref<8xf32>
  %c21 = arith.constant 6.0 : f32
  %v22 = arith.cmpf ogt, %v20, %c21 : f32
  %r25 = scf.if %v22 -> (memref<8xf32>) {
    scf.yield %v1 : memref<8xf32>
  } else {
    %v26 = memref.alloca() : memref<8xf32>
    %c27 = arith.constant 3.0 : f32
    linalg.fill ins(%c27 : f32) outs(%v26 : memref<8xf32>)
    scf.yield %v26 : memref<8xf32>
  }
  cf.br ^bb14(%r25 : memref<8xf32>)
^bb13:
  cf.br ^bb14(%v1 : memref<8xf32>)
^bb14(%m28: memref<8xf32>):
  %v29 = memref.alloc() : memref<16xi32>
  %c30 = arith.constant 5 : i32
  linalg.fill ins(%c30 : i32) outs(%v29 : memref<16xi32>)
  %c31 = arith.constant 0.0 : f32
  %c32 = arith.constant 0 : index
  %c33 = arith.constant 1 : index
  %c34 = arith.constant 8 : index
  %s36 = scf.for %i35 = %c32 to %c34 step %c33 iter_args(%a37 = %c31) -> (f32) {
    %v38 = memref.load %m28[%i35] : memref<8xf32>
    %v39 = arith.addf %a37, %v38 : f32
    scf.yield %v39 : f32
  }
  vector.print %s36 : f32
  return
}

