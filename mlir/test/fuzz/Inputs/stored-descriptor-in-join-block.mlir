// Finding: wrong-result under default (seed 35072): output differs from the run without deallocation
// A memref descriptor stored into a stack slot before a cf diamond and loaded
// back in the join block.
func.func @main() {
  %v1 = memref.alloc() : memref<4xf64>
  %c2 = arith.constant 0.0 : f64
  linalg.fill ins(%c2 : f64) outs(%v1 : memref<4xf64>)
  %box3 = memref.alloca() : memref<memref<4xf64>>
  memref.store %v1, %box3[] : memref<memref<4xf64>>
  %c9 = arith.constant 0 : index
  %v10 = memref.load %v1[%c9] : memref<4xf64>
  %c11 = arith.constant 6.0 : f64
  %v12 = arith.cmpf ogt, %v10, %c11 : f64
  cf.cond_br %v12, ^bb6, ^bb7
^bb6:
  cf.br ^bb8
^bb7:
  %v13 = memref.alloca() : memref<16xi32>
  %c14 = arith.constant 6 : i32
  linalg.fill ins(%c14 : i32) outs(%v13 : memref<16xi32>)
  cf.br ^bb8
^bb8:
  %v15 = memref.load %box3[] : memref<memref<4xf64>>
  %c16 = arith.constant 0.0 : f64
  %c17 = arith.constant 0 : index
  %c18 = arith.constant 1 : index
  %c19 = arith.constant 4 : index
  %s21 = scf.for %i20 = %c17 to %c19 step %c18 iter_args(%a22 = %c16) -> (f64) {
    %v23 = memref.load %v15[%i20] : memref<4xf64>
    %v24 = arith.addf %a22, %v23 : f64
    scf.yield %v24 : f64
  }
  vector.print %s21 : f64
  return
}

