// Finding: peak-increase under merge-lift (seed 349699): peak 252 bytes, 224 without merge-alloc
// A public function picks its argument or a new buffer and frees the pick
// under its ownership (an scf.if on the pick's condition). Before the
// deallocation, summarize-callee-buffers took the call for one that
// releases the caller's buffer, and merge-alloc planned that buffer to die
// at the call; after it, the guarded free counted as one that may free the
// argument, and free-buffers-at-last-use kept the caller's free at the end
// of the block. The guarded free never runs while the pick is the argument.
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
  %v10 = memref.alloc() : memref<4xf64>
  %c11 = arith.constant 0.0 : f64
  linalg.fill ins(%c11 : f64) outs(%v10 : memref<4xf64>)
  %c12 = arith.constant 0 : index
  %v13 = memref.load %v10[%c12] : memref<4xf64>
  %c14 = arith.constant 4.0 : f64
  %v15 = arith.cmpf ogt, %v13, %c14 : f64
  %r18 = scf.if %v15 -> (memref<8xf32>) {
    %v19 = memref.alloc() : memref<8xf32>
    %c20 = arith.constant 0.0 : f32
    linalg.fill ins(%c20 : f32) outs(%v19 : memref<8xf32>)
    scf.yield %v19 : memref<8xf32>
  } else {
    scf.yield %arg0 : memref<8xf32>
  }
  %v21 = bufferization.clone %r18 : memref<8xf32> to memref<8xf32>
  return %v21 : memref<8xf32>
}

