// Finding: peak-increase under merge-lift (seed 349699): peak 252 bytes, 224 without merge-alloc
// The full program of the seed. A public function runs an scf.while whose
// state starts as its argument and is replaced by a new buffer in each
// iteration. The deallocation frees the state under the loop-carried
// ownership indicator, which is false whenever the state is the argument.
// summarize-callee-buffers took that free for a free of the argument after
// the deallocation, and not before it, where merge-alloc planned the
// caller's buffer to die at the call.
func.func @main() {
  %c1 = arith.constant 7 : index
  %v2 = memref.alloc(%c1) : memref<?xf32>
  %c3 = arith.constant 3.0 : f32
  linalg.fill ins(%c3 : f32) outs(%v2 : memref<?xf32>)
  %v4 = memref.alloc() : memref<8xf32>
  %c5 = arith.constant 3.0 : f32
  linalg.fill ins(%c5 : f32) outs(%v4 : memref<8xf32>)
  func.call @pub1(%v2, %v4) : (memref<?xf32>, memref<8xf32>) -> ()
  %v6 = memref.alloc() : memref<8xf32>
  %c7 = arith.constant 4.0 : f32
  linalg.fill ins(%c7 : f32) outs(%v6 : memref<8xf32>)
  %r8 = func.call @pub2(%v6) : (memref<8xf32>) -> (memref<8xf32>)
  return
}

func.func @pub1(%arg0: memref<?xf32>, %arg1: memref<8xf32>) {
  %r9 = func.call @pub2(%arg1) : (memref<8xf32>) -> (memref<8xf32>)
  return
}

func.func @pub2(%arg0: memref<8xf32>) -> (memref<8xf32>) {
  %c13 = arith.constant 1 : index
  %c14 = arith.constant 0 : index
  %r17:2 = scf.while (%i15 = %c14, %b16 = %arg0) : (index, memref<8xf32>) -> (index, memref<8xf32>) {
    %v18 = arith.cmpi slt, %i15, %c13 : index
    scf.condition(%v18) %i15, %b16 : index, memref<8xf32>
  } do {
^bb0(%j10: index, %d19: memref<8xf32>):
    %v20 = memref.alloc() : memref<8xf32>
    %c21 = arith.constant 0.0 : f32
    linalg.fill ins(%c21 : f32) outs(%v20 : memref<8xf32>)
    %c22 = arith.constant 1 : index
    %v23 = arith.addi %j10, %c22 : index
    scf.yield %v23, %v20 : index, memref<8xf32>
  }
  %v24 = bufferization.clone %r17#1 : memref<8xf32> to memref<8xf32>
  return %v24 : memref<8xf32>
}

