// Finding: peak-increase under merge-lift (seed 80634): peak 192 bytes, 128 without merge-alloc
// One arm of a lifted cf diamond does not use %v2 and allocates a buffer
// of the type of one the other arm allocates; hoisted over the scf.if, the
// shared buffer was held next to %v2, which that arm frees at its start.
func.func @main() {
  %r1:2 = func.call @priv2() : () -> (memref<16xf32>, memref<16xf32>)
  return
}

func.func private @priv2() -> (memref<16xf32>, memref<16xf32>) {
  %v2 = memref.alloc() : memref<8xindex>
  %c3 = arith.constant 6 : index
  linalg.fill ins(%c3 : index) outs(%v2 : memref<8xindex>)
  %v4 = memref.alloc() : memref<64xi8>
  %c5 = arith.constant 9 : i8
  linalg.fill ins(%c5 : i8) outs(%v4 : memref<64xi8>)
  %c12 = arith.constant 0 : index
  %v13 = memref.load %v2[%c12] : memref<8xindex>
  %c14 = arith.constant 4 : index
  %v15 = arith.cmpi sgt, %v13, %c14 : index
  cf.cond_br %v15, ^bb9, ^bb10
^bb9:
  %v16 = memref.alloc() : memref<64xi8>
  linalg.map { arith.addi } ins(%v4, %v4 : memref<64xi8>, memref<64xi8>) outs(%v16 : memref<64xi8>)
  cf.br ^bb11(%v16 : memref<64xi8>)
^bb10:
  %v17 = memref.alloc() : memref<64xi8>
  linalg.map { arith.addi } ins(%v4, %v4 : memref<64xi8>, memref<64xi8>) outs(%v17 : memref<64xi8>)
  %v18 = memref.alloc() : memref<8xindex>
  linalg.map { arith.addi } ins(%v2, %v2 : memref<8xindex>, memref<8xindex>) outs(%v18 : memref<8xindex>)
  cf.br ^bb11(%v17 : memref<64xi8>)
^bb11(%m19: memref<64xi8>):
  %v20 = memref.alloc() : memref<16xf32>
  %c21 = arith.constant 7.0 : f32
  linalg.fill ins(%c21 : f32) outs(%v20 : memref<16xf32>)
  %v22 = memref.alloc() : memref<16xf32>
  %c23 = arith.constant 7.0 : f32
  linalg.fill ins(%c23 : f32) outs(%v22 : memref<16xf32>)
  return %v20, %v22 : memref<16xf32>, memref<16xf32>
}

