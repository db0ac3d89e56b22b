// Finding: peak-increase under merge-lift (seed 68748): peak 192 bytes, 128 without merge-alloc
// A cf diamond whose first arm runs a loop from a buffer allocated before
// the branch, which the second arm does not use. double-buffer-loops gives
// the loop a spare buffer that takes the state only where the loop owns it;
// the buffer from before the branch enters with a `false` indicator and
// never becomes the spare one. Once the diamond was lifted to an scf.if, the
// lifetime analysis linked that buffer to the spare slot all the same: it
// was freed after the scf.if, and held through the arm that allocates.
func.func @main() {
  %v1 = memref.alloc() : memref<4x4xf32>
  %c2 = arith.constant 6.0 : f32
  linalg.fill ins(%c2 : f32) outs(%v1 : memref<4x4xf32>)
  %c20 = arith.constant 0 : index
  %c21 = arith.constant 0 : index
  %v22 = memref.load %v1[%c20, %c21] : memref<4x4xf32>
  %c23 = arith.constant 6.0 : f32
  %v24 = arith.cmpf ogt, %v22, %c23 : f32
  cf.cond_br %v24, ^bb17, ^bb18
^bb17:
  %c27 = arith.constant 1 : index
  %c28 = arith.constant 0 : index
  %r31:2 = scf.while (%i29 = %c28, %b30 = %v1) : (index, memref<4x4xf32>) -> (index, memref<4x4xf32>) {
    %v32 = memref.alloc() : memref<4x4xf32>
    linalg.map { arith.addf } ins(%b30, %b30 : memref<4x4xf32>, memref<4x4xf32>) outs(%v32 : memref<4x4xf32>)
    %v33 = arith.cmpi slt, %i29, %c27 : index
    scf.condition(%v33) %i29, %v32 : index, memref<4x4xf32>
  } do {
^bb0(%j25: index, %d34: memref<4x4xf32>):
    %c35 = arith.constant 1 : index
    %v36 = arith.addi %j25, %c35 : index
    scf.yield %v36, %d34 : index, memref<4x4xf32>
  }
  cf.br ^bb19(%r31#1 : memref<4x4xf32>)
^bb18:
  %v37 = memref.alloc() : memref<4x4xf32>
  %c38 = arith.constant 1.0 : f32
  linalg.fill ins(%c38 : f32) outs(%v37 : memref<4x4xf32>)
  cf.br ^bb19(%v37 : memref<4x4xf32>)
^bb19(%m39: memref<4x4xf32>):
  %v40 = memref.alloc() : memref<4x4xf32>
  linalg.map { arith.addf } ins(%m39, %m39 : memref<4x4xf32>, memref<4x4xf32>) outs(%v40 : memref<4x4xf32>)
  return
}

