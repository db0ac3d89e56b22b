// Finding: peak-increase under merge-lift (seed 86652): peak 128 bytes, 96 without merge-alloc
// %v1 is never passed to a call, so it is none of the results of @two,
// which keeps upstream's function boundary ABI (it returns one buffer
// twice, and @main writes through a result). Once the diamond was lifted,
// %v1 was freed after the scf.if under an address comparison with those
// results, where the blocks free it in the arm that does not read it.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %v1 = memref.alloc() : memref<16xf32>
  %five = arith.constant 5.0 : f32
  linalg.fill ins(%five : f32) outs(%v1 : memref<16xf32>)
  %r:2 = func.call @two() : () -> (memref<8xf32>, memref<8xf32>)
  %x = memref.load %v1[%c0] : memref<16xf32>
  %six = arith.constant 6.0 : f32
  %c = arith.cmpf ogt, %x, %six : f32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %t = memref.alloc() : memref<8xf32>
  %three = arith.constant 3.0 : f32
  linalg.fill ins(%three : f32) outs(%t : memref<8xf32>)
  %y = memref.load %t[%c3] : memref<8xf32>
  memref.store %y, %r#1[%c0] : memref<8xf32>
  %w = func.call @one() : () -> memref<16xf32>
  %wy = memref.load %w[%c2] : memref<16xf32>
  vector.print %wy : f32
  cf.br ^bb3
^bb2:
  %z = memref.load %r#1[%c1] : memref<8xf32>
  vector.print %z : f32
  %v = memref.load %v1[%c3] : memref<16xf32>
  %vv = arith.addf %v, %five : f32
  memref.store %vv, %v1[%c2] : memref<16xf32>
  cf.br ^bb3
^bb3:
  %u = memref.alloc(%c8) : memref<?xf32>
  %four = arith.constant 4.0 : f32
  linalg.fill ins(%four : f32) outs(%u : memref<?xf32>)
  %q = memref.load %r#1[%c2] : memref<8xf32>
  %p = memref.load %u[%c2] : memref<?xf32>
  %s = arith.addf %q, %p : f32
  vector.print %s : f32
  return
}

func.func private @two() -> (memref<8xf32>, memref<8xf32>) {
  %a = memref.alloc() : memref<8xf32>
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%a : memref<8xf32>)
  return %a, %a : memref<8xf32>, memref<8xf32>
}

func.func private @one() -> memref<16xf32> {
  %a = memref.alloc() : memref<16xf32>
  %one = arith.constant 2.0 : f32
  linalg.fill ins(%one : f32) outs(%a : memref<16xf32>)
  return %a : memref<16xf32>
}
