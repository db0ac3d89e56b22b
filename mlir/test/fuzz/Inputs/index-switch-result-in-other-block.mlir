// A finding of the deallocation fuzzer (seed 3946, reduced): upstream
// ownership-based-buffer-deallocation does not retain %r11, a memref result
// of scf.index_switch that is used after the cf.cond_br, and frees the
// buffers it may alias before the use (scf.if alike). Fixed in our pipeline
// by prepare-buffer-deallocation; the stock pipeline still reads freed
// memory.

func.func @main() {
  %v1 = memref.alloc() : memref<4xf64>
  %c2 = arith.constant 7.0 : f64
  linalg.fill ins(%c2 : f64) outs(%v1 : memref<4xf64>)
  %v3 = memref.alloc() : memref<4xf64>
  %c4 = arith.constant 0.0 : f64
  linalg.fill ins(%c4 : f64) outs(%v3 : memref<4xf64>)
  %c5 = arith.constant 0 : index
  %v6 = memref.load %v1[%c5] : memref<4xf64>
  %v7 = arith.fptosi %v6 : f64 to i32
  %c8 = arith.constant 3 : i32
  %v9 = arith.andi %v7, %c8 : i32
  %v10 = arith.index_cast %v9 : i32 to index
  %r11 = scf.index_switch %v10 -> memref<4xf64>
  case 0 {
    scf.yield %v3 : memref<4xf64>
  } case 1 {
    scf.yield %v3 : memref<4xf64>
  } default {
    scf.yield %v1 : memref<4xf64>
  }
  %c31 = arith.constant 0 : index
  %v32 = memref.load %r11[%c31] : memref<4xf64>
  %c33 = arith.constant 5.0 : f64
  %v34 = arith.cmpf ogt, %v32, %c33 : f64
  cf.cond_br %v34, ^bb28, ^bb29
^bb28:
  %c35 = arith.constant 0 : index
  %v36 = memref.load %r11[%c35] : memref<4xf64>
  %v37 = arith.fptosi %v36 : f64 to i32
  %c38 = arith.constant 3 : i32
  %v39 = arith.andi %v37, %c38 : i32
  %v40 = arith.index_cast %v39 : i32 to index
  scf.index_switch %v40
  case 0 {
    %c46 = arith.constant 3 : index
    %v47 = memref.load %v1[%c46] : memref<4xf64>
    %c48 = arith.constant 2.0 : f64
    %v49 = arith.addf %v47, %c48 : f64
    %c50 = arith.constant 2 : index
    memref.store %v49, %v1[%c50] : memref<4xf64>
    scf.yield
  } default {
    scf.yield
  }
  cf.br ^bb30
^bb29:
  cf.br ^bb30
^bb30:
  %c51 = arith.constant 0.0 : f64
  %c52 = arith.constant 0 : index
  %c53 = arith.constant 1 : index
  %c54 = arith.constant 4 : index
  %s56 = scf.for %i55 = %c52 to %c54 step %c53 iter_args(%a57 = %c51) -> (f64) {
    %v58 = memref.load %r11[%i55] : memref<4xf64>
    %v59 = arith.addf %a57, %v58 : f64
    scf.yield %v59 : f64
  }
  vector.print %s56 : f64
  return
}

