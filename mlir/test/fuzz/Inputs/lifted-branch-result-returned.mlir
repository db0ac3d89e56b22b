// Finding: peak-increase under merge-lift (seed 57210): peak 64 bytes, 32 without merge-alloc
// `x = c ? f(x) : x` in cf blocks, whose result the function returns. Once
// the diamond was lifted, the dealloc after the scf.if retained the result,
// the regions did not take x over, and the deallocation returned a clone of
// x on the runs that keep it.
func.func @main() {
  %r = func.call @step() : () -> (memref<8xf32>)
  %c0 = arith.constant 0 : index
  %v = memref.load %r[%c0] : memref<8xf32>
  vector.print %v : f32
  return
}

func.func private @step() -> (memref<8xf32>) {
  %x = memref.alloc() : memref<8xf32>
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%x : memref<8xf32>)
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<8xf32>
  %four = arith.constant 4.0 : f32
  %c = arith.cmpf ogt, %v, %four : f32
  cf.cond_br %c, ^f, ^join(%x : memref<8xf32>)
^f:
  %y = memref.alloc() : memref<8xf32>
  linalg.map { arith.addf } ins(%x, %x : memref<8xf32>, memref<8xf32>) outs(%y : memref<8xf32>)
  cf.br ^join(%y : memref<8xf32>)
^join(%r: memref<8xf32>):
  return %r : memref<8xf32>
}
