// A finding of the deallocation fuzzer (seed 315, reduced by hand): under
// private-function-dynamic-ownership, upstream ownership-based deallocation
// mishandles %r#0, a result of a private call used in another block. It was
// first rejected by check-buffer-deallocation-input; now
// prepare-buffer-deallocation gives that use a cast in the call's block.

func.func @main() {
  %r:2 = func.call @callee() : () -> (memref<8xi32>, memref<8xf32>)
  %c0 = arith.constant 0 : index
  %v = memref.load %r#1[%c0] : memref<8xf32>
  %c3 = arith.constant 3.0 : f32
  %cond = arith.cmpf ogt, %v, %c3 : f32
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  %c2 = arith.constant 2 : i32
  linalg.fill ins(%c2 : i32) outs(%r#0 : memref<8xi32>)
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  return
}

func.func private @callee() -> (memref<8xi32>, memref<8xf32>) {
  %a = memref.alloc() : memref<8xi32>
  %b = memref.alloc() : memref<8xf32>
  %c7 = arith.constant 7 : i32
  %f7 = arith.constant 7.0 : f32
  linalg.fill ins(%c7 : i32) outs(%a : memref<8xi32>)
  linalg.fill ins(%f7 : f32) outs(%b : memref<8xf32>)
  return %a, %b : memref<8xi32>, memref<8xf32>
}
