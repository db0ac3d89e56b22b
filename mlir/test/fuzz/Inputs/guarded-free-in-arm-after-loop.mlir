// Finding: peak-increase under merge-lift (seed 347093): peak 148 bytes, 84 without merge-alloc
// A cf diamond whose second arm runs an scf.while from a buffer allocated
// before the branch, then allocates and calls. The loop's result is the
// initial buffer where it runs no iteration, so its free is guarded by its
// ownership. Once the diamond was lifted to an scf.if, that guarded free
// stayed at the end of the arm, after what the arm allocates: the initial
// buffer, an alias of the result, is used before the scf.if and freed after
// it, and free-buffers-at-last-use took those uses for uses it must wait
// for.
func.func @main() {
  %v1 = memref.alloc() : memref<8xf32>
  %c2 = arith.constant 0.0 : f32
  linalg.fill ins(%c2 : f32) outs(%v1 : memref<8xf32>)
  %c34 = arith.constant 0 : index
  %v35 = memref.load %v1[%c34] : memref<8xf32>
  %c36 = arith.constant 3.0 : f32
  %v37 = arith.cmpf ogt, %v35, %c36 : f32
  cf.cond_br %v37, ^bb31, ^bb32
^bb31:
  cf.br ^bb33(%v1 : memref<8xf32>)
^bb32:
  %c46 = arith.constant 1 : index
  %c47 = arith.constant 0 : index
  %r50:2 = scf.while (%i48 = %c47, %b49 = %v1) : (index, memref<8xf32>) -> (index, memref<8xf32>) {
    %v51 = arith.cmpi slt, %i48, %c46 : index
    scf.condition(%v51) %i48, %b49 : index, memref<8xf32>
  } do {
^bb0(%j38: index, %d52: memref<8xf32>):
    %v53 = memref.alloc() : memref<8xf32>
    %c54 = arith.constant 1.0 : f32
    linalg.fill ins(%c54 : f32) outs(%v53 : memref<8xf32>)
    %c55 = arith.constant 3 : index
    %v56 = memref.load %d52[%c55] : memref<8xf32>
    %c57 = arith.constant 1.0 : f32
    %v58 = arith.addf %v56, %c57 : f32
    %c59 = arith.constant 2 : index
    memref.store %v58, %v53[%c59] : memref<8xf32>
    %c60 = arith.constant 1 : index
    %v61 = arith.addi %j38, %c60 : index
    scf.yield %v61, %v53 : index, memref<8xf32>
  }
  %c62 = arith.constant 7 : index
  %v63 = memref.alloc(%c62) : memref<?xf32>
  %c64 = arith.constant 3.0 : f32
  linalg.fill ins(%c64 : f32) outs(%v63 : memref<?xf32>)
  %r65:2 = func.call @pub1(%v63) : (memref<?xf32>) -> (memref<?xf32>, memref<?xf32>)
  cf.br ^bb33(%r50#1 : memref<8xf32>)
^bb33(%m66: memref<8xf32>):
  return
}

func.func @pub1(%arg0: memref<?xf32>) -> (memref<?xf32>, memref<?xf32>) {
  %v67 = bufferization.clone %arg0 : memref<?xf32> to memref<?xf32>
  %v68 = bufferization.clone %arg0 : memref<?xf32> to memref<?xf32>
  return %v67, %v68 : memref<?xf32>, memref<?xf32>
}

